import { type FocusEvent, useCallback, useRef } from 'react';
import type { BoxHandle } from './limits-tree';

// The boxes of the tab (the global limit, each MID) tell it how to save and cancel them, so the palette's Save and
// Cancel act on the box being edited: the one holding the focus, else the one used last.

const BOX_SELECTOR = '[data-limit-box]';

export interface BoxRegistry {
  register: (boxId: string, handle: { current: BoxHandle }) => () => void;
  /** The box being edited, if any. */
  current: () => BoxHandle | undefined;
  /** Notes the box the focus went into. */
  onFocus: (event: FocusEvent<HTMLElement>) => void;
}

export function useBoxRegistry(): BoxRegistry {
  const boxes = useRef(new Map<string, { current: BoxHandle }>());
  const lastBox = useRef<string | undefined>(undefined);
  const register = useCallback((boxId: string, handle: { current: BoxHandle }) => {
    boxes.current.set(boxId, handle);
    return () => {
      if (boxes.current.get(boxId) === handle) boxes.current.delete(boxId);
    };
  }, []);
  const current = useCallback(() => {
    const focused = document.activeElement?.closest<HTMLElement>(BOX_SELECTOR)?.dataset.limitBox;
    const boxId = focused ?? lastBox.current;
    return boxId === undefined ? undefined : boxes.current.get(boxId)?.current;
  }, []);
  const onFocus = useCallback((event: FocusEvent<HTMLElement>) => {
    if (!(event.target instanceof Element)) return;
    const box = event.target.closest<HTMLElement>(BOX_SELECTOR)?.dataset.limitBox;
    if (box) lastBox.current = box;
  }, []);
  return { register, current, onFocus };
}
