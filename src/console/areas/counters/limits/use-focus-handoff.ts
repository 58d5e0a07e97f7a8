import { useCallback, useMemo, useRef } from 'react';

// A box starts afresh after a save or a reload, and the button that was pressed goes with its old rows: the row named
// here takes the focus once it is rendered again.

export interface FocusHandoff {
  /** The row to focus when it renders next; null forgets it. */
  focusWhenRendered: (rowId: string | null) => void;
  /** Whether this row, just rendered, should take the focus (asked once). */
  claimFocus: (rowId: string) => boolean;
}

export function useFocusHandoff(): FocusHandoff {
  const pending = useRef<string | null>(null);
  const focusWhenRendered = useCallback((rowId: string | null) => {
    pending.current = rowId;
  }, []);
  const claimFocus = useCallback((rowId: string) => {
    if (pending.current !== rowId) return false;
    pending.current = null;
    return true;
  }, []);
  return useMemo(() => ({ focusWhenRendered, claimFocus }), [focusWhenRendered, claimFocus]);
}
