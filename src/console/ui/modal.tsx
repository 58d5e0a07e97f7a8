import { useFocusScope } from '@console/commands/focus-scope';
import {
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  type RefObject,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { createPortal } from 'react-dom';
import { IconButton } from './button';
import { CloseIcon } from './icons';
import { keepClear } from './keep-clear';

export interface ModalProps {
  open: boolean;
  /** Without it the modal has no close button and only its own footer can close it. */
  onClose?: () => void;
  title: ReactNode;
  /** Pixel width of the dialog (it never grows past the viewport). */
  width?: number;
  closeOnEscape?: boolean;
  closeOnOutsideClick?: boolean;
  footer?: ReactNode;
  children?: ReactNode;
  /** Element to focus first; defaults to the first focusable element in the body, then the dialog itself. */
  initialFocus?: RefObject<HTMLElement | null>;
  /** Extra class on the dialog element. */
  className?: string;
  /** Height of the body, when the content should not decide it (the help centre's 500 px). */
  bodyHeight?: number;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function focusables(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => !el.hasAttribute('inert'));
}

/**
 * Whether the body scrolls with nothing focusable inside (a long read-only text such as the shortcuts sheet): then
 * the body itself takes the focus, so a keyboard user can scroll it with the arrow keys (WCAG 2.1.1).
 */
function useScrollsWithoutFocusables(body: RefObject<HTMLDivElement | null>, open: boolean): boolean {
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const element = body.current;
    if (!open || !element || typeof ResizeObserver === 'undefined') return;
    const measure = () =>
      setScrolls(element.scrollHeight > element.clientHeight + 1 && focusables(element).length === 0);
    // The body's own size and its content's: either changes whether it overflows.
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    for (const child of Array.from(element.children)) observer.observe(child);
    measure();
    return () => observer.disconnect();
  }, [body, open]);
  return scrolls;
}

/**
 * A dialog on top of everything. Escape goes through the focus-scope stack, so only the top-most layer closes and
 * the table or page underneath never sees the key. Focus stays inside while open and returns to where it was.
 */
export function Modal({
  open,
  onClose,
  title,
  width = 480,
  closeOnEscape = true,
  closeOnOutsideClick = true,
  footer,
  children,
  initialFocus,
  className,
  bodyHeight,
}: ModalProps) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const bodyScrolls = useScrollsWithoutFocusables(bodyRef, open);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useFocusScope('dialog', {
    active: open,
    onEscape: closeOnEscape && onClose ? () => onCloseRef.current?.() : undefined,
  });

  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const dialog = dialogRef.current;
    if (dialog) {
      const target =
        initialFocus?.current ??
        dialog.querySelector<HTMLElement>('[data-autofocus]') ??
        focusables(dialog.querySelector('.modal__body') ?? dialog)[0] ??
        dialog;
      target.focus();
    }
    return () => {
      // The trigger may have gone (a deleted row); focusing a detached node would lose focus to <body> anyway.
      if (previous?.isConnected) previous.focus();
    };
  }, [open, initialFocus]);

  if (!open) return null;

  const trapTab = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Tab' || !dialogRef.current) return;
    const items = focusables(dialogRef.current);
    if (items.length === 0) {
      event.preventDefault();
      return;
    }
    const first = items[0]!;
    const last = items[items.length - 1]!;
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === dialogRef.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  };

  const onOverlayMouseDown = (event: MouseEvent<HTMLDivElement>) => {
    if (event.target === event.currentTarget && closeOnOutsideClick) onClose?.();
  };

  return createPortal(
    // biome-ignore lint/a11y/noStaticElementInteractions: the overlay only catches clicks outside the dialog
    <div className="modal-overlay" onMouseDown={onOverlayMouseDown} data-testid="modal-overlay">
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={className ? `modal ${className}` : 'modal'}
        style={{ maxWidth: width }}
        onKeyDown={trapTab}
      >
        <div className="modal__header">
          <h2 id={titleId} className="modal__title">
            {title}
          </h2>
          {onClose ? <IconButton aria-label="Close" size="sm" icon={<CloseIcon />} onClick={() => onClose()} /> : null}
        </div>
        <div
          ref={bodyRef}
          className="modal__body"
          style={bodyHeight ? { height: bodyHeight } : undefined}
          {...(bodyScrolls ? { tabIndex: 0, role: 'region', 'aria-labelledby': titleId } : {})}
        >
          {children}
        </div>
        {footer ? (
          <div className="modal__footer" {...keepClear}>
            {footer}
          </div>
        ) : null}
      </div>
    </div>,
    document.body,
  );
}
