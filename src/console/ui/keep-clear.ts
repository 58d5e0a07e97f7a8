// Where the toasts may sit. They live at the bottom right, which is also where a long form ends with Cancel and Save:
// a toast there hid Save until the user dismissed it (issue 23). Elements marked with KEEP_CLEAR (a form's actions, a
// page's header buttons, a dialog's footer) are never covered: the toasts climb above the ones in their way.

/** The attribute that marks an element toasts must never cover. */
export const KEEP_CLEAR = 'data-keep-clear';
/** Spread on an element: `<div {...keepClear}>`. */
export const keepClear = { [KEEP_CLEAR]: '' } as const;

export interface Box {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

export interface Placement {
  /** The size of the toast stack. */
  width: number;
  height: number;
  /** The viewport's size. */
  viewportWidth: number;
  viewportHeight: number;
  /** The distance kept from the viewport's right and bottom edges, and from anything climbed over. */
  margin: number;
  /** What must stay visible, in viewport coordinates. */
  keepClear: readonly Box[];
}

const overlaps = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/**
 * The stack's distance from the viewport's bottom edge: its usual place (the margin) when nothing there must stay
 * visible, else just above what is in the way, climbing past each box it meets. When no place between the top of the
 * viewport and its usual place is clear, the usual place (covering something beats leaving the screen).
 */
export function clearBottomOffset({ width, height, viewportWidth, viewportHeight, margin, keepClear }: Placement) {
  const left = viewportWidth - margin - width;
  const right = viewportWidth - margin;
  let bottom = margin;
  // Each round climbs above at least one box, so there are at most as many rounds as boxes.
  for (let round = 0; round <= keepClear.length; round += 1) {
    const stack = { left, right, bottom: viewportHeight - bottom, top: viewportHeight - bottom - height };
    if (stack.top < margin) return margin;
    const inTheWay = keepClear.filter((box) => overlaps(stack, box));
    if (inTheWay.length === 0) return bottom;
    bottom = viewportHeight - Math.min(...inTheWay.map((box) => box.top)) + margin;
  }
  return margin;
}

/** The boxes of the marked elements on screen now (hidden ones have no size and are left out). */
export function keepClearBoxes(root: ParentNode = document): Box[] {
  const boxes: Box[] = [];
  for (const element of root.querySelectorAll(`[${KEEP_CLEAR}]`)) {
    const { top, bottom, left, right, width, height } = element.getBoundingClientRect();
    if (width > 0 && height > 0) boxes.push({ top, bottom, left, right });
  }
  return boxes;
}
