import { scopeOfPath } from '@console/app/current-scope';
import { useExportFlow } from '@console/export/use-export-flow';
import { useSession } from '@console/session/session-provider';
import type { MenuHandle } from '@console/ui/menu';
import type { SavedView } from '@domain/contract/saved-views';
import { can } from '@domain/permissions';
import type { QueryKeyRegistry } from '@domain/search-query';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { createColumnHelper, type RowData, type RowSelectionState, useTable } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { type ReactNode, type Ref, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { ColumnsMenu, shownColumns } from './columns-menu';
import {
  savedViewListOf,
  showsView,
  tableStateOfView,
  unavailableFilters,
  unavailableText,
  useSavedViews,
  viewContentOf,
} from './saved-views';
import { SavedViewsMenu } from './saved-views-menu';
import { TableFilters } from './table-filters';
import { TableEmpty, TableFooter, TableLoadError, TableLoading } from './table-footer';
import { TableHeadRow, VirtualRows } from './table-grid';
import { useTableKeyboard } from './table-keyboard';
import { HEADER_HEIGHT, tableModelFeatures } from './table-model';
import type { TableSearchTypes } from './table-search';
import {
  appliedFilterCount,
  isNarrowed,
  isOverCap,
  lastReachablePage,
  serialiseTableState,
  withColumns,
  withFilter,
  withoutFilters,
  withPage,
  withSearch,
} from './table-state';
import { TableToolbar } from './table-toolbar';
import { applyTypedQuery, type QueryOptions, queryScopeOf, useRegisterShownQueryKeys } from './typed-query';
import type {
  DataColumn,
  DataTableHandle,
  FetchPage,
  FilterDefinition,
  ListQueryParams,
  RowMenuItem,
  TableExport,
  TableSearchFlag,
  ToolbarContext,
} from './types';
import { useListQuery } from './use-list-query';
import { useActiveRow, useRestoredActiveRow } from './use-row-memory';
import './table.css';

// The one data table (README, "The data table"): a server-driven list whose whole state lives in the address
// (use-list-query.ts), virtualised rows (table-grid.tsx), the keyboard and the screen's handle (table-keyboard.ts),
// the active row remembered per address (use-row-memory.ts), the toolbar (table-toolbar.tsx), the filters
// (table-filters.tsx), the pager and the loading, empty and failed states (table-footer.tsx). This module puts them
// together around the page the API answers.

export interface DataTableProps<T> {
  /** The table's accessible name ('Accounts'); also used in the search box's name. */
  label: string;
  /** The react-query key prefix of this list; the list query is appended. */
  queryKey: readonly unknown[];
  /** Loads one page through the API client; receives the server's list query (page, limit, order, search, filters). */
  fetchPage: FetchPage<T>;
  columns: readonly DataColumn<T>[];
  getRowId: (row: T) => string;
  /** Enter, or a click on the row. */
  onOpenRow?: (row: T) => void;
  /** The row's menu, permissions already applied; no entries, no menu. */
  rowMenu?: (row: T) => readonly RowMenuItem[];
  /** Names a row for its menu and checkbox ('Actions for Acme'). */
  rowLabel?: (row: T) => string;
  filters?: readonly FilterDefinition[];
  /** The order a fresh visit starts with ('-createdAt'). */
  defaultOrder?: string;
  /** Without a placeholder there is no search box. */
  searchPlaceholder?: string;
  /** 3 by default; 2 for the tables the spec names. */
  searchMinLength?: number;
  /**
   * A 'search by' choice beside the search box (ID or Text): kept in the address under its param and sent with the
   * search (searchType=ID). The first option is the default.
   */
  searchTypes?: TableSearchTypes;
  /** Checkboxes beside the search box that change how it matches ('Exact matches'); sent only with a search. */
  searchFlags?: readonly TableSearchFlag[];
  /**
   * The list's query-language keys (src/domain/search-query): the search box then takes 'status:declined blue' on
   * Enter, setting the filters the screen shows and leaving the free text as the search.
   */
  queryKeys?: QueryKeyRegistry;
  /**
   * Parameters every call of this list carries, the export included (the merchant of a merchant-level list). Keep it
   * stable (module scope or useMemo): a new object is a new query.
   */
  baseQuery?: ListQueryParams;
  searchDebounceMs?: number;
  /** The empty text when nothing narrows the list ('There are no transactions to show.'). */
  emptyText?: string;
  /** Checkbox per row and the `x` key. */
  selectable?: boolean;
  /** Buttons at the right of the first row (bulk actions); exports use `exportTable`. */
  toolbarActions?: (context: ToolbarContext<T>) => ReactNode;
  /** The Export button and command: the current filters, search and order through the one export flow. */
  exportTable?: TableExport;
  rowHeight?: number;
  /**
   * Narrower cell padding (8 px a side instead of 12), for a table with many columns that must fit a small window
   * (the chargebacks queue); its columns' minimum widths count on it.
   */
  compact?: boolean;
  /** Rows mounted beyond the visible ones, each side (kept small: the budget is visible + 20). */
  overscan?: number;
  /** The active row, the selection and row movement for the screen's own commands (keyboard triage, bulk actions). */
  ref?: Ref<DataTableHandle<T>>;
}

const NO_FILTERS: readonly FilterDefinition[] = [];
const NO_FLAGS: readonly TableSearchFlag[] = [];

export function DataTable<T extends RowData>(props: DataTableProps<T>) {
  const {
    label,
    queryKey,
    fetchPage,
    columns,
    getRowId,
    onOpenRow,
    rowMenu,
    rowLabel,
    filters = NO_FILTERS,
    defaultOrder,
    searchPlaceholder,
    searchMinLength = 3,
    searchTypes,
    searchFlags = NO_FLAGS,
    queryKeys,
    baseQuery,
    searchDebounceMs = 350,
    emptyText = 'There are no items on this list',
    selectable = false,
    toolbarActions,
    exportTable,
    rowHeight = 40,
    compact = false,
    overscan = 8,
    ref,
  } = props;
  const tableId = useId();
  const { state, setState, resetToDefaults, filterIds, listQuery, searchType, flags } = useListQuery({
    filters,
    defaultOrder,
    searchTypes,
    searchFlags,
    baseQuery,
  });

  useRegisterShownQueryKeys(queryKeys, filters);

  // Applies a typed query to the state on screen now (the box calls it on Enter); its errors apply nothing.
  const onTypedQuery = useCallback(
    (text: string, learnt: QueryOptions) => {
      if (!queryKeys) return { errors: [], search: text };
      const result = applyTypedQuery(state, text, queryKeys, filters, new Date(), learnt);
      if (!('state' in result)) return { errors: result.errors, search: text };
      setState(result.state);
      return { errors: [], search: result.state.search };
    },
    [queryKeys, state, filters, setState],
  );

  // The completion under the box: the keys and names of the filters shown; the server's names of the page's account,
  // narrowed to its merchant (a merchant's page, or the one merchant the Merchant filter chose).
  const [path] = useLocation();
  const pathScope = scopeOfPath(path);
  const chosenMerchants = state.filters.merchantId;
  const namesMerchant = pathScope.merchantId ?? (chosenMerchants?.length === 1 ? chosenMerchants[0] : undefined);
  const completion = useMemo(() => {
    if (!queryKeys) return undefined;
    const { registry, options } = queryScopeOf(queryKeys, filters);
    // A list with no keys (merchants, accounts) has nothing to complete: its box stays a plain search box.
    if (registry.keys.length === 0) return undefined;
    return { registry, options, scope: { accountId: pathScope.accountId, merchantId: namesMerchant } };
  }, [queryKeys, filters, pathScope.accountId, namesMerchant]);

  const { grants } = useSession();
  const canExport = exportTable !== undefined && (!exportTable.permission || can(grants, exportTable.permission));
  const exportFlow = useExportFlow();
  const runExport = useCallback(() => {
    if (!exportTable || !canExport) return;
    // The export takes the whole filtered list, not the page on screen.
    const { page: _page, limit: _limit, ...filtered }: ListQueryParams = listQuery;
    exportFlow.start({ path: exportTable.path, base: exportTable.base, fileLabel: exportTable.fileLabel }, filtered);
  }, [exportTable, canExport, listQuery, exportFlow.start]);

  const query = useQuery({
    queryKey: [...queryKey, listQuery],
    queryFn: ({ signal }) => fetchPage(listQuery, signal),
    placeholderData: keepPreviousData,
    // A failed list shows its own error state with a refresh link; silent retries would only delay it.
    retry: false,
  });
  const page = query.data;
  const initialLoading = page === undefined && query.isPending;
  const rows = useMemo(() => page?.items ?? [], [page]);
  const total = page?.total ?? 0;
  // A list whose export waits for rows: nothing to export yet while it loads, nor when it has none.
  const exportWaits =
    exportTable?.needsRows === true && (page === undefined || query.isPlaceholderData || rows.length === 0);
  const lastPage = lastReachablePage(total, state.limit);

  // A shared link can point past the end once the data shrank: go to the last page that has rows.
  useEffect(() => {
    if (page && !query.isPlaceholderData && page.items.length === 0 && page.total > 0 && state.page > lastPage) {
      setState((current) => withPage(current, lastPage));
    }
  }, [page, query.isPlaceholderData, state.page, lastPage, setState]);

  const scrollRef = useRef<HTMLDivElement>(null);
  // Selection and the active row belong to the rows on screen. A page the user has not been on starts at its first
  // row; a page they come back to (from a detail, by Back, `u` or the back link) has the row and scroll they left.
  const [rowSelection, setRowSelection] = useState<RowSelectionState>({});
  const active = useActiveRow(listQuery, scrollRef, () => setRowSelection({}));
  const { activeRowId, activeRowIdNow } = active;

  // The columns the user chose to see (the address's `columns`), in the list's order.
  const chosenColumns = state.columns;
  const shown = useMemo(() => shownColumns(columns, chosenColumns), [columns, chosenColumns]);
  const tableColumns = useMemo(() => {
    const helper = createColumnHelper<typeof tableModelFeatures, T>();
    return helper.columns(
      shown.map((column) =>
        helper.display({ id: column.id, header: column.header, cell: (context) => column.cell(context.row.original) }),
      ),
    );
  }, [shown]);
  const columnById = useMemo(() => new Map(shown.map((column) => [column.id, column])), [shown]);

  const table = useTable({
    features: tableModelFeatures,
    columns: tableColumns,
    data: rows,
    getRowId: (row: T) => getRowId(row),
    state: { rowSelection },
    onRowSelectionChange: setRowSelection,
    enableRowSelection: selectable,
  });
  const tableRows = table.getRowModel().rows;
  const activeIndex = activeRowId === null ? -1 : tableRows.findIndex((row) => row.id === activeRowId);
  const activeRow = activeIndex >= 0 ? tableRows[activeIndex] : undefined;
  const selectedRows = useMemo(() => rows.filter((row) => rowSelection[getRowId(row)]), [rows, rowSelection, getRowId]);

  const virtualizer = useVirtualizer({
    count: tableRows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    getItemKey: (index) => tableRows[index]?.id ?? index,
    overscan,
    paddingStart: HEADER_HEIGHT,
    scrollPaddingStart: HEADER_HEIGHT,
  });

  const activeMenuRef = useRef<MenuHandle>(null);
  const menuItemsOf = useCallback((row: T): readonly RowMenuItem[] => (rowMenu ? rowMenu(row) : []), [rowMenu]);

  const { activate, setActiveIndex } = useRestoredActiveRow({
    active,
    tableRows,
    ready: page !== undefined && !query.isPlaceholderData,
    activeIndex,
    scrollRef,
    virtualizer,
    rowHeight,
  });

  const narrowed = isNarrowed(state);
  const filtersApplied = appliedFilterCount(state);
  const [filtersOpen, setFiltersOpen] = useState(filtersApplied > 0);

  // Saved views (issue 26): every list with query keys takes them, at the level of its address.
  const [location] = useLocation();
  const scope = scopeOfPath(location);
  const viewList = savedViewListOf(queryKeys, scope);
  const savedViews = useSavedViews(scope.accountId, viewList);
  const [appliedViewId, setAppliedViewId] = useState<string | null>(null);
  const currentView =
    savedViews.views.find((view) => view.id === appliedViewId) ??
    (narrowed ? savedViews.views.find((view) => showsView(state, view)) : undefined);
  const applyView = useCallback(
    (view: SavedView) => {
      setAppliedViewId(view.id);
      setState(tableStateOfView(view));
      // The filters it sets are shown, a deleted record's among them.
      if (Object.keys(view.filters).length > 0) setFiltersOpen(true);
    },
    [setState],
  );
  // The default view applies when the list opens with nothing narrowing it in its address, once the views are in
  // (a link with filters, or filters chosen meanwhile, win).
  // A chosen set of columns is a choice in the address too.
  const openedPlain = useRef(!narrowed && !state.columns);
  const defaultDecided = useRef(false);
  const stillPlain = !narrowed && !state.columns;
  useEffect(() => {
    if (defaultDecided.current || !savedViews.loaded) return;
    defaultDecided.current = true;
    if (openedPlain.current && stillPlain && savedViews.defaultView) applyView(savedViews.defaultView);
  }, [savedViews.loaded, savedViews.defaultView, stillPlain, applyView]);
  const unavailable = useMemo(() => unavailableFilters(state, queryKeys, filters), [state, queryKeys, filters]);

  const refresh = useCallback(() => {
    void query.refetch();
  }, [query]);

  /** The error state's link: back to the list as a fresh visit shows it, and load it again. */
  const refreshToDefaults = useCallback(() => {
    const current = serialiseTableState(state, { filterIds, defaultOrder }).toString();
    if (current === '') void query.refetch();
    else resetToDefaults();
  }, [state, filterIds, defaultOrder, query, resetToDefaults]);

  useTableKeyboard({
    ref,
    tableId,
    scrollRef,
    rows,
    tableRows,
    selectedRows,
    activeRowIdNow,
    activeRow,
    activate,
    setActiveIndex,
    setRowSelection,
    activeMenuRef,
    menuItemsOf,
    onOpenRow,
    refresh,
    runExport,
    canExport,
    exporting: exportFlow.exporting || exportWaits,
    state,
    setState,
    lastPage,
    selectable,
    narrowed,
    initialLoading,
  });

  const hasMenuColumn = rowMenu !== undefined;
  const gridTemplate = [
    selectable ? '40px' : null,
    ...shown.map((column) => column.width ?? 'minmax(120px, 1fr)'),
    hasMenuColumn ? '48px' : null,
  ]
    .filter(Boolean)
    .join(' ');
  const columnCount = shown.length + (selectable ? 1 : 0) + (hasMenuColumn ? 1 : 0);
  // The grid holds the rows of this page (the count text and the pager tell the list's total): screen readers hear
  // the page's rows plus the header row, and each row's aria-rowindex counts within the page, header first.
  const ariaRowCount = page ? tableRows.length + 1 : undefined;

  const toolbarContext: ToolbarContext<T> = { state, query: listQuery, selectedRows, total };
  const showError = query.isError;
  const showEmpty = !showError && page !== undefined && rows.length === 0 && !query.isFetching;

  return (
    <section className={compact ? 'data-table data-table--compact' : 'data-table'} aria-labelledby={`${tableId}-label`}>
      <h2 id={`${tableId}-label`} className="visually-hidden">
        {label}
      </h2>
      <TableToolbar
        state={state}
        counts={page ? { count: page.count, total } : undefined}
        lastUpdate={query.dataUpdatedAt}
        fetching={query.isFetching}
        onRefresh={refresh}
        search={
          searchPlaceholder !== undefined
            ? {
                searchTypes,
                searchType: searchType.value,
                onSearchTypeChange: searchType.set,
                flags: searchFlags,
                checkedFlags: flags.checked,
                onFlagChange: flags.set,
                value: state.search,
                onSearch: (search) => setState((current) => withSearch(current, search)),
                onTypedQuery: queryKeys ? onTypedQuery : undefined,
                completion,
                placeholder: searchPlaceholder,
                minLength: searchMinLength,
                debounceMs: searchDebounceMs,
                tableLabel: label,
              }
            : undefined
        }
        filters={
          filters.length > 0
            ? { open: filtersOpen, applied: filtersApplied, onToggle: () => setFiltersOpen((open) => !open) }
            : undefined
        }
        actions={toolbarActions ? toolbarActions(toolbarContext) : null}
        columns={
          columns.length > 1 ? (
            <ColumnsMenu
              tableLabel={label}
              columns={columns}
              shown={shown}
              onChange={(chosen) => setState((current) => withColumns(current, chosen))}
            />
          ) : null
        }
        views={
          viewList && savedViews.loaded ? (
            <SavedViewsMenu
              tableLabel={label}
              views={savedViews}
              state={state}
              current={currentView}
              onApply={applyView}
              content={() => viewContentOf(state, viewList, filters)}
              onSaved={(view) => setAppliedViewId(view.id)}
            />
          ) : null
        }
        exportButton={
          canExport ? { exporting: exportFlow.exporting, waits: exportWaits, onExport: runExport } : undefined
        }
      />
      {filters.length > 0 && filtersOpen ? (
        <TableFilters
          filters={filters}
          applied={state.filters}
          onChange={(id, values) => setState((current) => withFilter(current, id, values))}
          onClearAll={() => setState((current) => ({ ...withoutFilters(current), search: current.search }))}
        />
      ) : null}
      {unavailable.length > 0 ? (
        <p className="data-table__unavailable" role="status">
          {unavailable.map(unavailableText).join(' · ')}
        </p>
      ) : null}
      {page && isOverCap(total) ? (
        <p className="data-table__cap" role="note">
          The table only shows up to 10k records, but there are more. You can see the rest if you do a data export.
        </p>
      ) : null}

      {showError ? (
        <TableLoadError onRefresh={refreshToDefaults} />
      ) : (
        // biome-ignore lint/a11y/useSemanticElements: virtualised rows are absolutely placed divs, so the ARIA grid roles carry the table's semantics
        <div
          ref={scrollRef}
          className="data-table__scroll"
          role="grid"
          aria-label={label}
          aria-rowcount={ariaRowCount}
          aria-colcount={columnCount}
          aria-busy={query.isFetching || undefined}
          aria-activedescendant={activeRow ? `${tableId}-row-${activeRow.id}` : undefined}
          tabIndex={0}
          style={{ ['--data-table-columns' as string]: gridTemplate }}
          onScroll={(event) => active.position.rememberScroll(event.currentTarget.scrollTop)}
          onFocus={(event) => {
            // Arriving by Tab makes the first row active, so the arrows have a starting point.
            if (event.target === event.currentTarget && activeRowIdNow.current === null && tableRows.length > 0) {
              setActiveIndex(0);
            }
          }}
        >
          <div className="data-table__inner" style={{ height: Math.max(virtualizer.getTotalSize(), HEADER_HEIGHT) }}>
            <TableHeadRow
              table={table}
              columnById={columnById}
              state={state}
              setState={setState}
              selectable={selectable}
              hasMenuColumn={hasMenuColumn}
              hasRows={tableRows.length > 0}
            />
            <VirtualRows
              table={table}
              tableRows={tableRows}
              virtualizer={virtualizer}
              columnById={columnById}
              tableId={tableId}
              activeRowId={activeRowId}
              activeMenuRef={activeMenuRef}
              rowHeight={rowHeight}
              firstRecordIndex={(state.page - 1) * state.limit}
              selectable={selectable}
              hasMenuColumn={hasMenuColumn}
              rowLabel={rowLabel}
              menuItemsOf={menuItemsOf}
              activate={activate}
              onOpenRow={onOpenRow}
            />
          </div>
        </div>
      )}

      {initialLoading ? <TableLoading label={label} /> : null}
      {showEmpty ? <TableEmpty narrowed={narrowed} emptyText={emptyText} /> : null}
      {page && rows.length > 0 ? (
        <TableFooter label={label} state={state} setState={setState} lastPage={lastPage} />
      ) : null}
      {exportFlow.dialog}
    </section>
  );
}
