import type { ReactNode } from 'react';
import { ConfirmProvider } from './confirm';
import { ToastProvider } from './toast';

/** Toasts and the confirm modal; the app mounts it once, and component tests wrap what they render in it. */
export function UiProvider({ children }: { children: ReactNode }) {
  return (
    <ToastProvider>
      <ConfirmProvider>{children}</ConfirmProvider>
    </ToastProvider>
  );
}
