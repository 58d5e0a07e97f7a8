import type { Placement } from '@floating-ui/react';
import {
  cloneElement,
  type FocusEvent,
  isValidElement,
  lazy,
  type ReactElement,
  type ReactNode,
  type Ref,
  type RefCallback,
  Suspense,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { Kbd } from './kbd';

// The bubble (and floating-ui with it) loads the first time a tooltip opens: see tooltip-bubble.tsx.
const TooltipBubble = lazy(() => import('./tooltip-bubble'));

export interface TooltipProps {
  content: ReactNode;
  /** A key binding shown beside the text (react-hotkeys-hook notation), e.g. the command's first key. */
  keys?: string;
  placement?: Placement;
  /** One element that accepts a ref and DOM props (a button, a link). */
  children: ReactElement;
  delay?: number;
}

type Handler<E> = ((event: E) => void) | undefined;

/** Calls the trigger's own handler, then the tooltip's. */
const both =
  <E,>(own: Handler<E>, ours: (event: E) => void) =>
  (event: E) => {
    own?.(event);
    ours(event);
  };

/** Keyboard focus shows the tooltip; a click's focus does not (as :focus-visible draws no ring for it). */
function focusVisible(element: Element): boolean {
  try {
    return element.matches(':focus-visible');
  } catch {
    return true;
  }
}

/**
 * Shows on hover (after a short delay) and on keyboard focus, so keyboard users see the same hints as mouse users;
 * Escape hides it. The tooltip describes its trigger (aria-describedby while shown); the trigger keeps its own name.
 */
export function Tooltip({ content, keys, placement = 'bottom', children, delay = 350 }: TooltipProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [reference, setReference] = useState<Element | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const show = useCallback((wait: number) => {
    clearTimeout(timer.current);
    if (wait === 0) setOpen(true);
    else timer.current = setTimeout(() => setOpen(true), wait);
  }, []);
  const hide = useCallback(() => {
    clearTimeout(timer.current);
    setOpen(false);
  }, []);
  useEffect(() => () => clearTimeout(timer.current), []);
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') hide();
    };
    document.addEventListener('keydown', onKeyDown, true);
    return () => document.removeEventListener('keydown', onKeyDown, true);
  }, [open, hide]);

  const childRef = isValidElement(children) ? (children.props as { ref?: Ref<Element> }).ref : undefined;
  const ref: RefCallback<Element> = useCallback(
    (element) => {
      setReference(element);
      if (typeof childRef === 'function') childRef(element);
      else if (childRef) (childRef as { current: Element | null }).current = element;
    },
    [childRef],
  );

  if (!isValidElement(children)) return <>{children}</>;
  const props = children.props as Record<string, unknown> & { 'aria-describedby'?: string };
  const shown = open && (content || keys) && reference;
  return (
    <>
      {cloneElement(children, {
        ref,
        onMouseEnter: both(props.onMouseEnter as Handler<unknown>, () => show(delay)),
        onMouseLeave: both(props.onMouseLeave as Handler<unknown>, hide),
        onFocus: both(props.onFocus as Handler<FocusEvent>, (event) => {
          if (focusVisible(event.currentTarget)) show(0);
        }),
        onBlur: both(props.onBlur as Handler<unknown>, hide),
        'aria-describedby': shown
          ? [props['aria-describedby'], id].filter(Boolean).join(' ')
          : props['aria-describedby'],
      } as Record<string, unknown>)}
      {shown ? (
        <Suspense fallback={null}>
          <TooltipBubble id={id} reference={reference} placement={placement}>
            {content ? <span>{content}</span> : null}
            {keys ? <Kbd keys={keys} /> : null}
          </TooltipBubble>
        </Suspense>
      ) : null}
    </>
  );
}
