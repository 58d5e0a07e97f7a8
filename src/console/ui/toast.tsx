import { type ErrorKey, messageFor } from '@domain/errors';
import {
  createContext,
  type ReactNode,
  type RefObject,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { IconButton } from './button';
import { CheckCircleIcon, CloseIcon, ErrorIcon, InfoIcon, WarningIcon } from './icons';
import { clearBottomOffset, keepClearBoxes } from './keep-clear';

export type ToastType = 'success' | 'warning' | 'error' | 'info';

export interface ToastOptions {
  type: ToastType;
  header: ReactNode;
  content?: ReactNode;
  /** true closes after the default delay; a number is milliseconds; false stays until dismissed. */
  autoClose?: boolean | number;
}

export interface ToastApi {
  show: (toast: ToastOptions) => string;
  /** Shows a catalogue message (spec 1, section 8); unknown keys show 'unexpected-error'. */
  showMessage: (key: ErrorKey | string, overrides?: Partial<ToastOptions>) => string;
  dismiss: (id: string) => void;
}

interface ActiveToast extends ToastOptions {
  id: string;
}

export const DEFAULT_AUTO_CLOSE_MS = 5000;

/** Successes and notes go away by themselves; warnings and errors stay until read. */
function closeDelay(toast: ToastOptions): number | null {
  const auto = toast.autoClose ?? (toast.type === 'success' || toast.type === 'info');
  if (auto === false) return null;
  return auto === true ? DEFAULT_AUTO_CLOSE_MS : auto;
}

const ToastContext = createContext<ToastApi | null>(null);

const ICONS = { success: CheckCircleIcon, info: InfoIcon, warning: WarningIcon, error: ErrorIcon } as const;

let nextId = 0;

function ToastItem({ toast, onDismiss }: { toast: ActiveToast; onDismiss: (id: string) => void }) {
  const delay = closeDelay(toast);
  useEffect(() => {
    if (delay === null) return;
    const timer = setTimeout(() => onDismiss(toast.id), delay);
    return () => clearTimeout(timer);
  }, [delay, onDismiss, toast.id]);
  const Icon = ICONS[toast.type];
  return (
    <div className={`toast toast--${toast.type}`} role={toast.type === 'error' ? 'alert' : 'status'}>
      <Icon className="toast__icon" />
      <div className="toast__text">
        <div className="toast__header">{toast.header}</div>
        {toast.content ? <div className="toast__content">{toast.content}</div> : null}
      </div>
      <IconButton
        aria-label="Dismiss"
        size="sm"
        className="toast__close"
        icon={<CloseIcon />}
        onClick={() => onDismiss(toast.id)}
      />
    </div>
  );
}

/** The stack's distance from the viewport's bottom edge and from its right edge (ui.css `.toast-region`). */
const TOAST_MARGIN = 16;

/**
 * Keeps the stack off what must stay visible (keep-clear.ts) while it shows anything. Scrolling, resizing and any
 * change of the page (a field's message appearing moves Save) can bring a marked element under it, so each of them
 * places it again, once a frame at most.
 */
function useKeepClearPlacement(region: RefObject<HTMLElement | null>, active: boolean): number {
  const [bottom, setBottom] = useState(TOAST_MARGIN);
  const frame = useRef(0);
  const place = useCallback(() => {
    frame.current = 0;
    const element = region.current;
    if (!element) return;
    const { width, height } = element.getBoundingClientRect();
    const viewport = document.documentElement;
    setBottom(
      clearBottomOffset({
        width,
        height,
        viewportWidth: viewport.clientWidth,
        viewportHeight: viewport.clientHeight,
        margin: TOAST_MARGIN,
        keepClear: keepClearBoxes(),
      }),
    );
  }, [region]);

  useLayoutEffect(() => {
    if (active) place();
  });

  useEffect(() => {
    if (!active) return;
    const schedule = () => {
      if (frame.current === 0) frame.current = requestAnimationFrame(place);
    };
    const changes = new MutationObserver((records) => {
      // The stack's own changes (its position, a toast's timer) move nothing it must keep clear of.
      if (records.some((record) => !region.current?.contains(record.target))) schedule();
    });
    changes.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
    window.addEventListener('resize', schedule);
    // Capture: the console scrolls inside its main area, and scroll events do not bubble.
    document.addEventListener('scroll', schedule, { capture: true, passive: true });
    return () => {
      changes.disconnect();
      window.removeEventListener('resize', schedule);
      document.removeEventListener('scroll', schedule, { capture: true });
      cancelAnimationFrame(frame.current);
      frame.current = 0;
    };
  }, [active, place, region]);

  return bottom;
}

/**
 * The global message of spec 1 (shell): toasts in a live region at the bottom right, climbing above a form's actions
 * or any other element marked keep-clear that is in their way.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ActiveToast[]>([]);
  const toastsRef = useRef(toasts);
  toastsRef.current = toasts;

  const dismiss = useCallback((id: string) => setToasts((list) => list.filter((toast) => toast.id !== id)), []);

  const show = useCallback((toast: ToastOptions) => {
    nextId += 1;
    const id = `toast-${nextId}`;
    setToasts((list) => {
      // The same message twice in a row (a retried call) shows once.
      const withoutDuplicate = list.filter(
        (existing) => !(existing.header === toast.header && existing.content === toast.content),
      );
      return [...withoutDuplicate, { ...toast, id }].slice(-5);
    });
    return id;
  }, []);

  const showMessage = useCallback(
    (key: string, overrides?: Partial<ToastOptions>) => {
      const message = messageFor(key);
      return show({ type: message.type, header: message.header, content: message.content, ...overrides });
    },
    [show],
  );

  const api = useMemo<ToastApi>(() => ({ show, showMessage, dismiss }), [show, showMessage, dismiss]);
  const region = useRef<HTMLElement>(null);
  const bottom = useKeepClearPlacement(region, toasts.length > 0);

  return (
    <ToastContext.Provider value={api}>
      {children}
      <section ref={region} className="toast-region" style={{ bottom }} aria-live="polite" aria-label="Notifications">
        {toasts.map((toast) => (
          <ToastItem key={toast.id} toast={toast} onDismiss={dismiss} />
        ))}
      </section>
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast() needs a <ToastProvider> (or <UiProvider>) above it');
  return api;
}
