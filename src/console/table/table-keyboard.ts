import { useFocusScope } from '@console/commands/focus-scope';
import { useHoldKeys } from '@console/commands/key-queue';
import type { MenuHandle } from '@console/ui/menu';
import type { RowData, RowSelectionState } from '@tanstack/react-table';
import { type Dispatch, type Ref, type RefObject, type SetStateAction, useImperativeHandle, useRef } from 'react';
import { type TableCommandHandlers, useTableCommands } from './table-commands';
import type { TableModelRow } from './table-model';
import { type TableState, withoutFilters, withPage } from './table-state';
import type { DataTableHandle } from './types';

// The table's keys (table-commands.ts: j/k, Enter, `.`, `x`, Shift R, [ and ], Shift E, Escape) and the handle a
// screen drives it with (keyboard triage, bulk actions). Both read the table as it is when a key arrives: keys replayed
// one after another act before the next render.

export interface TableKeyboardOptions<T extends RowData> {
  ref: Ref<DataTableHandle<T>> | undefined;
  tableId: string;
  scrollRef: RefObject<HTMLDivElement | null>;
  rows: readonly T[];
  tableRows: readonly TableModelRow<T>[];
  selectedRows: readonly T[];
  /** The active row as last set (before the next render), and as rendered. */
  activeRowIdNow: RefObject<string | null>;
  activeRow: TableModelRow<T> | undefined;
  activate: (id: string | null, index: number) => void;
  setActiveIndex: (index: number) => void;
  setRowSelection: Dispatch<SetStateAction<RowSelectionState>>;
  activeMenuRef: RefObject<MenuHandle | null>;
  menuItemsOf: (row: T) => readonly unknown[];
  onOpenRow: ((row: T) => void) | undefined;
  refresh: () => void;
  runExport: () => void;
  canExport: boolean;
  exporting: boolean;
  state: TableState;
  setState: (update: (current: TableState) => TableState) => void;
  lastPage: number;
  selectable: boolean;
  narrowed: boolean;
  /** The first page is loading: keys wait for its rows instead of finding none. */
  initialLoading: boolean;
}

export function useTableKeyboard<T extends RowData>(options: TableKeyboardOptions<T>): void {
  const { ref, tableId, scrollRef, rows, tableRows, selectedRows, activeRowIdNow, activeRow } = options;
  const { activate, setActiveIndex, setRowSelection, activeMenuRef, menuItemsOf, onOpenRow, refresh } = options;
  const { state, setState, lastPage, selectable, narrowed } = options;

  /** The active row as last set (keys replayed one after another act before the next render). */
  const liveActiveRow = () => tableRows.find((row) => row.id === activeRowIdNow.current);
  const handlers = useRef<TableCommandHandlers>(null as unknown as TableCommandHandlers);
  handlers.current = {
    moveActive: (step) => {
      if (tableRows.length === 0) return;
      // From the row as last set, not as last rendered: keys replayed one after another come before a render.
      const current = tableRows.findIndex((row) => row.id === activeRowIdNow.current);
      const from = current < 0 ? (step > 0 ? -1 : tableRows.length) : current;
      setActiveIndex(Math.min(tableRows.length - 1, Math.max(0, from + step)));
      // Keyboard users need the grid focused so its active row is announced.
      if (!scrollRef.current?.contains(document.activeElement)) scrollRef.current?.focus({ preventScroll: true });
    },
    openActive: () => {
      const active = liveActiveRow();
      if (active && onOpenRow) onOpenRow(active.original);
    },
    openActiveMenu: () => activeMenuRef.current?.open(),
    toggleActiveSelection: () => liveActiveRow()?.toggleSelected(),
    refresh,
    clearFilters: () => setState((current) => withoutFilters(current)),
    nextPage: () => setState((current) => withPage(current, Math.min(lastPage, current.page + 1))),
    previousPage: () => setState((current) => withPage(current, current.page - 1)),
    exportTable: options.runExport,
    status: () => ({
      hasRows: tableRows.length > 0,
      hasActiveRow: liveActiveRow() !== undefined,
      activeRowHasMenu: activeRow !== undefined && menuItemsOf(activeRow.original).length > 0,
      selectable,
      narrowed,
      hasNextPage: state.page < lastPage,
      hasPreviousPage: state.page > 1,
      exporting: options.exporting,
    }),
  };
  useTableCommands(handlers, { exportable: options.canExport });
  // `j` or Enter typed while the first page loads waits for the rows instead of finding none.
  useHoldKeys(options.initialLoading);

  // The screen reads the rows as they are when it asks, so a command never acts on a page that has gone.
  const latest = useRef({ rows, tableRows, selectedRows, setActiveIndex });
  latest.current = { rows, tableRows, selectedRows, setActiveIndex };
  useImperativeHandle(
    ref,
    (): DataTableHandle<T> => ({
      rows: () => latest.current.rows,
      activeRow: () => latest.current.tableRows.find((row) => row.id === activeRowIdNow.current)?.original,
      activeRowElement: () => {
        const active = latest.current.tableRows.find((row) => row.id === activeRowIdNow.current);
        return active ? document.getElementById(`${tableId}-row-${active.id}`) : null;
      },
      selectedRows: () => latest.current.selectedRows,
      setActiveRow: (id) => {
        const index = latest.current.tableRows.findIndex((row) => row.id === id);
        if (index < 0) return false;
        latest.current.setActiveIndex(index);
        return true;
      },
      moveActive: (step) => handlers.current.moveActive(step),
      toggleActiveSelection: () => handlers.current.toggleActiveSelection(),
      clearSelection: () => setRowSelection({}),
      focus: () => scrollRef.current?.focus({ preventScroll: true }),
      refresh: () => handlers.current.refresh(),
    }),
    // Refs and a state setter: stable, so the handle is made once per table.
    [tableId, activeRowIdNow, scrollRef, setRowSelection],
  );
  useFocusScope('table', {
    onEscape: () => {
      const search = scrollRef.current?.closest('.data-table')?.querySelector<HTMLInputElement>('[data-table-search]');
      if (search && document.activeElement === search) scrollRef.current?.focus();
      else activate(null, -1);
    },
  });
}
