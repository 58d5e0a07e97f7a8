import { useFocusScope } from '@console/commands/focus-scope';
import { useEffect, useId, useRef, useState } from 'react';

/**
 * The open/closed state every filter's drop-down panel shares: focus or a click leaving the filter closes it, as a
 * native select's list closes; while open it is a dialog-level layer (Escape closes it and gives focus back to the
 * trigger, table keys stay quiet).
 */
export function useFilterPanel() {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const triggerRef = useRef<HTMLButtonElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);

  const close = () => {
    setOpen(false);
    triggerRef.current?.focus();
  };

  useEffect(() => {
    const root = rootRef.current;
    if (!open || !root) return;
    const onFocusOut = (event: FocusEvent) => {
      if (!root.contains(event.relatedTarget as Node | null)) setOpen(false);
    };
    const onPointerDown = (event: PointerEvent) => {
      if (!root.contains(event.target as Node)) setOpen(false);
    };
    root.addEventListener('focusout', onFocusOut);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      root.removeEventListener('focusout', onFocusOut);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [open]);
  useFocusScope('dialog', { active: open, onEscape: close });

  return { open, setOpen, close, panelId, triggerRef, rootRef };
}
