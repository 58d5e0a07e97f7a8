import { autoUpdate, flip, offset, shift, size, useFloating } from '@floating-ui/react';

// One placement for what floats under a control (the quick picker, a search box's completion): below its start,
// flipped or shifted to stay on screen, as tall as the room allows between the given bounds.

export interface AnchoredPopoverOptions {
  /** The least height kept even where the room is smaller (then it flips or scrolls the page). */
  minHeight: number;
  /** The most it grows to; unbounded when absent. */
  maxHeight?: number;
  /** At least as wide as the anchor (a box's suggestions line up with the box). */
  matchWidth?: boolean;
}

export function useAnchoredPopover(
  anchor: HTMLElement | null,
  { minHeight, maxHeight, matchWidth }: AnchoredPopoverOptions,
) {
  return useFloating({
    open: true,
    placement: 'bottom-start',
    elements: { reference: anchor },
    whileElementsMounted: autoUpdate,
    middleware: [
      offset(4),
      flip({ padding: 8 }),
      shift({ padding: 8 }),
      size({
        padding: 8,
        apply: ({ availableHeight, rects, elements }) => {
          const room = maxHeight === undefined ? availableHeight : Math.min(maxHeight, availableHeight);
          elements.floating.style.maxHeight = `${Math.max(minHeight, room)}px`;
          if (matchWidth) elements.floating.style.minWidth = `${rects.reference.width}px`;
        },
      }),
    ],
  });
}
