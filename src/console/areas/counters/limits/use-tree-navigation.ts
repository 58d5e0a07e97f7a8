import { type FocusEvent, type RefObject, useCallback, useMemo, useRef, useState } from 'react';
import type { LimitsTreeHandlers } from './limits-commands';
import {
  firstChildRowOf,
  focusedRow,
  GLOBAL_BOX_ID,
  isBelow,
  parentRowOf,
  ROW_SELECTOR,
  rowById,
  rowsOf,
} from './limits-tree';

// Moving through the limits tree (the WAI-ARIA tree pattern over treegrid rows): the row in the tab order (roving
// tabindex), the rows open, and what the arrow keys, Home, End and Enter do on a focused row.

export type TreeKeys = Omit<LimitsTreeHandlers, 'hasChanges' | 'save' | 'cancel'>;

export interface TreeNavigation {
  /** The row in the tab order: the one focused last. */
  activeRow: string;
  expanded: ReadonlySet<string>;
  toggle: (rowId: string) => void;
  /** Notes which row took the focus. */
  onFocus: (event: FocusEvent<HTMLElement>) => void;
  keys: TreeKeys;
}

/** `openFirst` starts open (the first MID, so its card brands show at once) until the user opens or closes a row. */
export function useTreeNavigation(
  treeRef: RefObject<HTMLElement | null>,
  openFirst: string | undefined,
): TreeNavigation {
  const [activeRow, setActiveRow] = useState(GLOBAL_BOX_ID);
  const [chosenExpanded, setChosenExpanded] = useState<ReadonlySet<string> | null>(null);
  const expanded = useMemo(
    () => chosenExpanded ?? new Set(openFirst === undefined ? [] : [openFirst]),
    [chosenExpanded, openFirst],
  );
  const expandedRef = useRef(expanded);
  expandedRef.current = expanded;

  const toggle = useCallback(
    (rowId: string) => {
      const closing = expandedRef.current.has(rowId);
      const next = new Set(expandedRef.current);
      if (closing) next.delete(rowId);
      else next.add(rowId);
      setChosenExpanded(next);
      if (!closing) return;
      // Closing a row hides the rows below it: the row takes over their place in the tab order, and the focus.
      setActiveRow((current) => (isBelow(current, rowId) ? rowId : current));
      const focusedIn = document.activeElement?.closest<HTMLElement>(ROW_SELECTOR)?.dataset.rowId;
      const row = treeRef.current && rowById(treeRef.current, rowId);
      if (row && focusedIn !== undefined && isBelow(focusedIn, rowId)) row.focus();
    },
    [treeRef],
  );

  const onFocus = useCallback((event: FocusEvent<HTMLElement>) => {
    if (!(event.target instanceof Element)) return;
    const rowId = event.target.closest<HTMLElement>(ROW_SELECTOR)?.dataset.rowId;
    if (rowId) setActiveRow(rowId);
  }, []);

  const withRow = (act: (tree: HTMLElement, row: HTMLElement) => void) => () => {
    const tree = treeRef.current;
    const row = focusedRow(tree);
    if (tree && row) act(tree, row);
  };
  const keys: TreeKeys = {
    rowFocused: () => focusedRow(treeRef.current) !== null,
    move: (step) =>
      withRow((tree, row) => {
        const rows = rowsOf(tree);
        rows[rows.indexOf(row) + step]?.focus();
      })(),
    jump: (to) => {
      const tree = treeRef.current;
      if (!tree) return;
      const rows = rowsOf(tree);
      (to === 'first' ? rows[0] : rows.at(-1))?.focus();
    },
    expand: withRow((tree, row) => {
      if (!row.dataset.rowId) return;
      const state = row.getAttribute('aria-expanded');
      if (state === 'false') toggle(row.dataset.rowId);
      else if (state === 'true') firstChildRowOf(rowsOf(tree), row)?.focus();
    }),
    collapse: withRow((tree, row) => {
      if (!row.dataset.rowId) return;
      if (row.getAttribute('aria-expanded') === 'true') toggle(row.dataset.rowId);
      else parentRowOf(rowsOf(tree), row)?.focus();
    }),
    edit: withRow((_tree, row) => {
      if (!row.dataset.rowId) return;
      const input = row.querySelector<HTMLInputElement>('input');
      if (input) {
        input.focus();
        input.select();
      } else if (row.hasAttribute('aria-expanded')) toggle(row.dataset.rowId);
    }),
  };
  return { activeRow, expanded, toggle, onFocus, keys };
}
