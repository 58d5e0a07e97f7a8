import type { RowData } from '@tanstack/react-table';
import type { Virtualizer } from '@tanstack/react-virtual';
import { type RefObject, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { type ListPosition, listPosition, rememberListPosition } from './list-memory';
import { HEADER_HEIGHT, type TableModelRow } from './table-model';
import type { ListQueryParams } from './types';

// The table's active row and where the user left it (README, "The data table"). Each list remembers, per address
// and per tab, the active row and the scroll offset (list-memory.ts): coming back to it shows the same row active,
// scrolled as it was, with the grid focused. A page the user has not been on starts with no active row.

type ScrollBox = RefObject<HTMLDivElement | null>;

export interface ActiveRowState {
  activeRowId: string | null;
  /** The id as last set, for handlers that run before the next render (focus given by the restore). */
  activeRowIdNow: RefObject<string | null>;
  setActiveRowId: (id: string | null) => void;
  position: ListPositionMemory;
  /** Where the active row was last seen on this page (useRestoredActiveRow). */
  activePlace: RefObject<number>;
}

/**
 * The active row of the list at its address. A new list query (another page, sort or filter) clears the selection
 * and starts from what was remembered for it; the rows it names come later (useRestoredActiveRow).
 */
export function useActiveRow(
  listQuery: ListQueryParams,
  scrollRef: ScrollBox,
  clearSelection: () => void,
): ActiveRowState {
  const [activeRowId, setActiveRowIdState] = useState<string | null>(null);
  const activeRowIdNow = useRef<string | null>(null);
  const activePlace = useRef(-1);
  const setActiveRowId = useCallback((id: string | null) => {
    activeRowIdNow.current = id;
    setActiveRowIdState(id);
  }, []);
  const address = useListAddress();
  const position = useListPosition(address, scrollRef);
  // A layout effect, before the restore: rows already cached show at once, and must show in place.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new list query is what resets them
  useLayoutEffect(() => {
    clearSelection();
    const saved = position.beginRestore();
    setActiveRowId(saved?.rowId ?? null);
    activePlace.current = -1;
    // The scroll offset waits for the rows (useRestoredActiveRow): the box is empty until they come.
    if (scrollRef.current) scrollRef.current.scrollTop = 0;
  }, [listQuery]);
  return { activeRowId, activeRowIdNow, setActiveRowId, position, activePlace };
}

export interface RestoredActiveRowOptions<T extends RowData> {
  active: ActiveRowState;
  /** The rows of the page on screen; `ready` once they are the page's own (not a previous page's placeholder). */
  tableRows: readonly TableModelRow<T>[];
  ready: boolean;
  activeIndex: number;
  scrollRef: ScrollBox;
  virtualizer: Virtualizer<HTMLDivElement, Element>;
  rowHeight: number;
}

/**
 * Puts the remembered row back once the page's rows are there, keeps the place of a row a refresh took away, and
 * gives the ways to make a row active (`activate` remembers it; `setActiveIndex` also scrolls it into view).
 */
export function useRestoredActiveRow<T extends RowData>({
  active,
  tableRows,
  ready,
  activeIndex,
  scrollRef,
  virtualizer,
  rowHeight,
}: RestoredActiveRowOptions<T>) {
  const { activeRowIdNow, setActiveRowId, position, activePlace } = active;
  const { remember } = position;
  const activate = useCallback(
    (id: string | null, index: number) => {
      setActiveRowId(id);
      remember({ rowId: id, index });
    },
    [remember, setActiveRowId],
  );

  const setActiveIndex = useCallback(
    (index: number) => {
      const row = tableRows[index];
      if (!row) return;
      activate(row.id, index);
      virtualizer.scrollToIndex(index, { align: 'auto' });
    },
    [tableRows, virtualizer, activate],
  );

  // Back on a page the user left: the same row active, scrolled as it was (and the row in view whatever the window).
  useLayoutEffect(() => {
    if (!ready) return;
    const saved = position.takeRestore();
    if (!saved) return;
    let index = saved.rowId === null ? -1 : tableRows.findIndex((row) => row.id === saved.rowId);
    // The row has left this page (a status change under a filter): its place, so the agent carries on from there.
    if (index < 0 && saved.rowId !== null && tableRows.length > 0) index = Math.min(saved.index, tableRows.length - 1);
    const row = index >= 0 ? tableRows[index] : undefined;
    if (row && row.id !== saved.rowId) setActiveRowId(row.id);
    const box = scrollRef.current;
    if (!box) return;
    let top = saved.scrollTop;
    if (row) {
      const rowTop = HEADER_HEIGHT + index * rowHeight;
      if (rowTop < top + HEADER_HEIGHT) top = rowTop - HEADER_HEIGHT;
      else if (box.clientHeight > 0 && rowTop + rowHeight > top + box.clientHeight)
        top = rowTop + rowHeight - box.clientHeight;
    }
    if (top > 0) virtualizer.scrollToOffset(Math.max(0, top));
    // A keyboard user who came back lands on the grid, so the active row is announced and `j` goes on from it.
    if (row && (document.activeElement === null || document.activeElement === document.body)) {
      box.focus({ preventScroll: true });
    }
  }, [ready, tableRows, position, rowHeight, virtualizer, setActiveRowId, scrollRef]);

  // Where the active row was last seen on this page: when a refresh takes it away (another agent closed the case), the
  // row now in its place becomes active, so `j` still goes on from where the user was.
  useLayoutEffect(() => {
    if (activeIndex >= 0) {
      activePlace.current = activeIndex;
      return;
    }
    const lost = activeRowIdNow.current;
    if (lost === null || !ready || tableRows.length === 0 || activePlace.current < 0) return;
    const index = Math.min(activePlace.current, tableRows.length - 1);
    const row = tableRows[index];
    if (row) activate(row.id, index);
  }, [activeIndex, ready, tableRows, activate, activePlace, activeRowIdNow]);

  return { activate, setActiveIndex };
}

/** The list's address: its path and query, the key of its remembered position (one per page, sort and filter). */
function useListAddress(): string {
  const [location] = useLocation();
  const search = useSearch();
  return search ? `${location}?${search}` : location;
}

/** Scrolling writes the position this long after it stops. */
const SCROLL_SAVE_DELAY_MS = 150;

export interface ListPositionMemory {
  /** A new page or list: what to restore when its rows come (read before anything overwrites it). */
  beginRestore: () => ListPosition | undefined;
  /** The restore once the rows are there; undefined when there is none or it was done. */
  takeRestore: () => ListPosition | undefined;
  remember: (active: { rowId: string | null; index: number }) => void;
  rememberScroll: (scrollTop: number) => void;
}

/** The active row and scroll offset of the list at this address, in the list memory of the tab. */
function useListPosition(address: string, scrollRef: ScrollBox): ListPositionMemory {
  const addressRef = useRef(address);
  addressRef.current = address;
  const state = useRef({
    active: { rowId: null as string | null, index: -1 },
    scrollTop: 0,
    restore: undefined as ListPosition | undefined,
    scrollTimer: undefined as ReturnType<typeof setTimeout> | undefined,
  });

  const save = useCallback(() => {
    const { active, scrollTop } = state.current;
    rememberListPosition(addressRef.current, { ...active, scrollTop });
  }, []);
  const cancelScrollSave = useCallback(() => {
    if (state.current.scrollTimer !== undefined) clearTimeout(state.current.scrollTimer);
    state.current.scrollTimer = undefined;
  }, []);

  const memory = useMemo<ListPositionMemory>(
    () => ({
      beginRestore: () => {
        cancelScrollSave();
        const saved = listPosition(addressRef.current);
        state.current.active = { rowId: saved?.rowId ?? null, index: saved?.index ?? -1 };
        state.current.scrollTop = saved?.scrollTop ?? 0;
        state.current.restore = saved;
        return saved;
      },
      takeRestore: () => {
        const saved = state.current.restore;
        state.current.restore = undefined;
        return saved;
      },
      remember: (active) => {
        state.current.active = active;
        // A row chosen before the page's saved position was applied replaces it.
        state.current.restore = undefined;
        state.current.scrollTop = scrollRef.current?.scrollTop ?? state.current.scrollTop;
        save();
      },
      rememberScroll: (scrollTop) => {
        // Until the saved offset is applied, the box scrolls only because it is being emptied or refilled.
        if (state.current.restore) return;
        state.current.scrollTop = scrollTop;
        cancelScrollSave();
        state.current.scrollTimer = setTimeout(() => {
          state.current.scrollTimer = undefined;
          save();
        }, SCROLL_SAVE_DELAY_MS);
      },
    }),
    [scrollRef, save, cancelScrollSave],
  );

  // Leaving for a detail right after scrolling still keeps the offset.
  useEffect(
    () => () => {
      if (state.current.scrollTimer === undefined) return;
      cancelScrollSave();
      save();
    },
    [save, cancelScrollSave],
  );
  return memory;
}
