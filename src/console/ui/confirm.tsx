import { createContext, type ReactNode, useCallback, useContext, useRef, useState } from 'react';
import { Button } from './button';
import { InfoIcon, WarningIcon } from './icons';
import { Modal } from './modal';

export type ConfirmTone = 'danger' | 'warning' | 'info';

export interface ConfirmOptions {
  title: ReactNode;
  content?: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  tone?: ConfirmTone;
}

export interface ConfirmModalProps extends ConfirmOptions {
  open: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  busy?: boolean;
}

/** The confirm modal of spec 1 (shell): a question, a confirm button and a cancel button. */
export function ConfirmModal({
  open,
  title,
  content,
  confirmLabel,
  cancelLabel = 'Cancel',
  tone = 'info',
  onConfirm,
  onCancel,
  busy = false,
}: ConfirmModalProps) {
  const Icon = tone === 'info' ? InfoIcon : WarningIcon;
  return (
    <Modal
      open={open}
      onClose={onCancel}
      title={title}
      width={440}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            {cancelLabel}
          </Button>
          <Button variant={tone === 'danger' ? 'danger' : 'primary'} onClick={onConfirm} loading={busy} data-autofocus>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {content ? (
        <div className="confirm__tone">
          <Icon className={`confirm__icon confirm__icon--${tone}`} />
          <div className="confirm__content">{content}</div>
        </div>
      ) : null}
    </Modal>
  );
}

type ConfirmFn = (options: ConfirmOptions) => Promise<boolean>;

const ConfirmContext = createContext<ConfirmFn | null>(null);

interface Pending extends ConfirmOptions {
  resolve: (value: boolean) => void;
}

/** Hosts the one confirm modal that `useConfirm()` opens. Mounted once, in the app providers. */
export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [pending, setPending] = useState<Pending | null>(null);
  const pendingRef = useRef<Pending | null>(null);

  const confirm = useCallback<ConfirmFn>(
    (options) =>
      new Promise<boolean>((resolve) => {
        // A second question replaces the first, which counts as cancelled.
        pendingRef.current?.resolve(false);
        const next = { ...options, resolve };
        pendingRef.current = next;
        setPending(next);
      }),
    [],
  );

  const settle = (value: boolean) => {
    pendingRef.current?.resolve(value);
    pendingRef.current = null;
    setPending(null);
  };

  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
      {pending ? (
        <ConfirmModal
          open
          title={pending.title}
          content={pending.content}
          confirmLabel={pending.confirmLabel}
          cancelLabel={pending.cancelLabel}
          tone={pending.tone}
          onConfirm={() => settle(true)}
          onCancel={() => settle(false)}
        />
      ) : null}
    </ConfirmContext.Provider>
  );
}

/** `await confirm({ title, confirmLabel })` resolves true when confirmed, false when cancelled or dismissed. */
export function useConfirm(): ConfirmFn {
  const confirm = useContext(ConfirmContext);
  if (!confirm) throw new Error('useConfirm() needs a <ConfirmProvider> (or <UiProvider>) above it');
  return confirm;
}
