// biome-ignore-all lint/a11y/useSemanticElements: virtualised rows are absolutely placed divs; native table elements lose their semantics under that layout, so the ARIA grid roles carry them instead
// biome-ignore-all lint/a11y/useFocusableInteractive: the grid holds focus and points at the active row with aria-activedescendant (the ARIA grid pattern), so rows and cells are not tab stops
// biome-ignore-all lint/a11y/useKeyWithClickEvents: rows open with Enter through the table's registered command; cell clicks only stop the row from opening
import { useFocusScope } from '@console/commands/focus-scope';
import { useHoldKeys } from '@console/commands/key-queue';
import { useExportFlow } from '@console/export/use-export-flow';
import { useSession } from '@console/session/session-provider';
import { VideoLearningCenterButton } from '@console/shell/help-centre';
import { Button, IconButton } from '@console/ui/button';
import { EmptyState } from '@console/ui/empty-state';
import { ChevronLeftIcon, ChevronRightIcon, InfoIcon, ListIcon, MoreIcon, RefreshIcon } from '@console/ui/icons';
import { Menu, type MenuHandle } from '@console/ui/menu';
import { Select } from '@console/ui/select';
import { Spinner } from '@console/ui/spinner';
import { Tooltip } from '@console/ui/tooltip';
import { PAGE_SIZES } from '@domain/enums';
import { CATALOGUE } from '@domain/errors';
import { formatDateTime, formatInteger, timeZoneLabel } from '@domain/format';
import { can } from '@domain/permissions';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  createColumnHelper,
  type RowData,
  type RowSelectionState,
  rowSelectionFeature,
  tableFeatures,
  useTable,
} from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import {
  type ReactNode,
  type Ref,
  useCallback,
  useEffect,
  useId,
  useImperativeHandle,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useLocation, useSearch } from 'wouter';
import { isDateRangeFilter, withDateRanges } from './date-range';
import { type ListPosition, listPosition, rememberListPosition } from './list-memory';
import { isRangeFilter, withRanges } from './range';
import { EXPORT_KEYS, type TableCommandHandlers, useTableCommands } from './table-commands';
import { TableFilters } from './table-filters';
import { TableSearch, type TableSearchTypes } from './table-search';
import {
  appliedFilterCount,
  countText,
  isNarrowed,
  isOverCap,
  lastReachablePage,
  nextSort,
  type PageSize,
  serialiseTableState,
  sortDirectionOf,
  TABLE_PARAMS,
  toListQuery,
  withFilter,
  withoutFilters,
  withPage,
  withPageSize,
  withSearch,
  withSort,
} from './table-state';
import {
  CHECKED_VALUE,
  type DataColumn,
  type DataTableHandle,
  type FetchPage,
  type FilterDefinition,
  type ListQueryParams,
  type RowMenuItem,
  type TableExport,
  type TableSearchFlag,
  type ToolbarContext,
} from './types';
import { useTableUrlState } from './use-table-url-state';
import './table.css';

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

const features = tableFeatures({ rowSelectionFeature });
const NO_FILTERS: readonly FilterDefinition[] = [];
const NO_FLAGS: readonly TableSearchFlag[] = [];
const HEADER_HEIGHT = 36;

/** Several values at once: multi-selects, and ranges (a pair travels as an array too). */
function isMultiValued(filter: FilterDefinition): boolean {
  if (filter.kind === 'range') return true;
  return (filter.kind === undefined || filter.kind === 'select') && filter.multiple === true;
}

/** What the list query depends on in a filter: its id and how its values travel. */
function filterShapeOf(filter: FilterDefinition): string {
  if (isDateRangeFilter(filter)) return `${filter.id}:date:${filter.fromParam}:${filter.toParam}`;
  if (filter.kind === 'range' || filter.kind === 'checkbox') return `${filter.id}:${filter.kind}`;
  return `${filter.id}:${isMultiValued(filter) ? 'multi' : 'single'}`;
}

const NARROWED_EMPTY_HINTS = ['Check the spelling', 'Try a different search', 'Remove any filters'];

function useTimeZoneLabel(at: number): string {
  return useMemo(() => timeZoneLabel(at || Date.now()), [at]);
}

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
  // Screens may build their filters on each render (options that load later); only what the query depends on counts.
  const filterShape = filters.map(filterShapeOf).join('|');
  // biome-ignore lint/correctness/useExhaustiveDependencies: filterShape stands for the filters' ids and kinds
  const { filterIds, multiFilterIds, dateFilters, rangeFilters } = useMemo(
    () => ({
      filterIds: filters.map((filter) => filter.id),
      multiFilterIds: filters.filter(isMultiValued).map((filter) => filter.id),
      dateFilters: filters.filter(isDateRangeFilter),
      rangeFilters: filters.filter(isRangeFilter),
    }),
    [filterShape],
  );
  const { state, setState, resetToDefaults } = useTableUrlState({ filterIds, defaultOrder });
  const searchType = useSearchType(searchTypes, state.search !== '');
  const flags = useSearchFlags(searchFlags, state.search !== '');
  const listQuery = useMemo(() => {
    const query = withRanges(withDateRanges(toListQuery(state, multiFilterIds), dateFilters), rangeFilters);
    if (searchTypes && state.search) query[searchTypes.param] = searchType.value;
    if (state.search) for (const param of flags.checked) query[param] = CHECKED_VALUE;
    return baseQuery ? { ...query, ...baseQuery } : query;
  }, [state, multiFilterIds, dateFilters, rangeFilters, searchTypes, searchType.value, flags.checked, baseQuery]);

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
  const [activeRowId, setActiveRowIdState] = useState<string | null>(null);
  // The id as last set, for handlers that run before the next render (focus given by the restore below).
  const activeRowIdNow = useRef<string | null>(null);
  /** Where the active row was last seen on this page (see the effect after the restore). */
  const activePlace = useRef(-1);
  const setActiveRowId = useCallback((id: string | null) => {
    activeRowIdNow.current = id;
    setActiveRowIdState(id);
  }, []);
  const address = useListAddress();
  const position = useListPosition(address, scrollRef);
  // A layout effect, before the restore below: rows already cached show at once, and must show in place.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new list query is what resets them
  useLayoutEffect(() => {
    setRowSelection({});
    const saved = position.beginRestore();
    setActiveRowId(saved?.rowId ?? null);
    activePlace.current = -1;
    // The scroll offset waits for the rows (restoreWhenReady below): the box is empty until they come.
    if (scrollRef.current) scrollRef.current.scrollTop = 0;
  }, [listQuery]);

  const tableColumns = useMemo(() => {
    const helper = createColumnHelper<typeof features, T>();
    return helper.columns(
      columns.map((column) =>
        helper.display({ id: column.id, header: column.header, cell: (context) => column.cell(context.row.original) }),
      ),
    );
  }, [columns]);
  const columnById = useMemo(() => new Map(columns.map((column) => [column.id, column])), [columns]);

  const table = useTable({
    features,
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
  const menuItemsOf = useCallback((row: T) => (rowMenu ? rowMenu(row) : []), [rowMenu]);

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
    if (!page || query.isPlaceholderData) return;
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
  }, [page, query.isPlaceholderData, tableRows, position, rowHeight, virtualizer, setActiveRowId]);

  // Where the active row was last seen on this page: when a refresh takes it away (another agent closed the case), the
  // row now in its place becomes active, so `j` still goes on from where the user was.
  useLayoutEffect(() => {
    if (activeIndex >= 0) {
      activePlace.current = activeIndex;
      return;
    }
    const lost = activeRowIdNow.current;
    if (lost === null || !page || query.isPlaceholderData || tableRows.length === 0 || activePlace.current < 0) return;
    const index = Math.min(activePlace.current, tableRows.length - 1);
    const row = tableRows[index];
    if (row) activate(row.id, index);
  }, [activeIndex, page, query.isPlaceholderData, tableRows, activate]);

  const narrowed = isNarrowed(state);
  const filtersApplied = appliedFilterCount(state);
  const [filtersOpen, setFiltersOpen] = useState(filtersApplied > 0);

  const refresh = useCallback(() => {
    void query.refetch();
  }, [query]);

  /** The error state's link: back to the list as a fresh visit shows it, and load it again. */
  const refreshToDefaults = useCallback(() => {
    const current = serialiseTableState(state, { filterIds, defaultOrder }).toString();
    if (current === '') void query.refetch();
    else resetToDefaults();
  }, [state, filterIds, defaultOrder, query, resetToDefaults]);

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
    exportTable: runExport,
    status: () => ({
      hasRows: tableRows.length > 0,
      hasActiveRow: liveActiveRow() !== undefined,
      activeRowHasMenu: activeRow !== undefined && menuItemsOf(activeRow.original).length > 0,
      selectable,
      narrowed,
      hasNextPage: state.page < lastPage,
      hasPreviousPage: state.page > 1,
      exporting: exportFlow.exporting || exportWaits,
    }),
  };
  useTableCommands(handlers, { exportable: canExport });
  // `j` or Enter typed while the first page loads waits for the rows instead of finding none.
  useHoldKeys(initialLoading);

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
    [tableId],
  );
  useFocusScope('table', {
    onEscape: () => {
      const search = scrollRef.current?.closest('.data-table')?.querySelector<HTMLInputElement>('[data-table-search]');
      if (search && document.activeElement === search) scrollRef.current?.focus();
      else activate(null, -1);
    },
  });

  const hasMenuColumn = rowMenu !== undefined;
  const gridTemplate = [
    selectable ? '40px' : null,
    ...columns.map((column) => column.width ?? 'minmax(120px, 1fr)'),
    hasMenuColumn ? '48px' : null,
  ]
    .filter(Boolean)
    .join(' ');
  const columnCount = columns.length + (selectable ? 1 : 0) + (hasMenuColumn ? 1 : 0);
  const firstRecordIndex = (state.page - 1) * state.limit;
  // The grid holds the rows of this page (the count text and the pager tell the list's total): screen readers hear
  // the page's rows plus the header row, and each row's aria-rowindex counts within the page, header first.
  const ariaRowCount = page ? tableRows.length + 1 : undefined;
  const lastUpdate = query.dataUpdatedAt;
  const zoneLabel = useTimeZoneLabel(lastUpdate);

  const toolbarContext: ToolbarContext<T> = { state, query: listQuery, selectedRows, total };
  const filterTooltip = filtersOpen
    ? 'Hide filters'
    : filtersApplied > 0
      ? `${filtersApplied} ${filtersApplied === 1 ? 'filter' : 'filters'} applied`
      : 'Show filters';

  const showError = query.isError;
  const showEmpty = !showError && page !== undefined && rows.length === 0 && !query.isFetching;

  return (
    <section className={compact ? 'data-table data-table--compact' : 'data-table'} aria-labelledby={`${tableId}-label`}>
      <h2 id={`${tableId}-label`} className="visually-hidden">
        {label}
      </h2>
      <div className="data-table__toolbar">
        <div className="data-table__summary">
          <span className="data-table__count" aria-live="polite">
            {page ? countText(state.page, state.limit, page.count, total, formatInteger) : ''}
          </span>
          {lastUpdate > 0 ? (
            <span className="data-table__stamp">
              Last update: {formatDateTime(lastUpdate, { seconds: true })} ({zoneLabel})
            </span>
          ) : null}
          <IconButton
            aria-label="Refresh"
            tooltip="Refresh table"
            keys="shift+r"
            size="sm"
            icon={query.isFetching ? <Spinner label="" size={12} /> : <RefreshIcon />}
            onClick={refresh}
          />
        </div>
        <div className="data-table__controls">
          {searchPlaceholder !== undefined ? (
            <TableSearch
              searchTypes={searchTypes}
              searchType={searchType.value}
              onSearchTypeChange={searchType.set}
              flags={searchFlags}
              checkedFlags={flags.checked}
              onFlagChange={flags.set}
              value={state.search}
              onSearch={(search) => setState((current) => withSearch(current, search))}
              placeholder={searchPlaceholder}
              minLength={searchMinLength}
              debounceMs={searchDebounceMs}
              tableLabel={label}
            />
          ) : null}
          {filters.length > 0 ? (
            <IconButton
              aria-label={filterTooltip}
              aria-expanded={filtersOpen}
              size="sm"
              variant={filtersApplied > 0 ? 'secondary' : 'ghost'}
              icon={<ListIcon />}
              onClick={() => setFiltersOpen((open) => !open)}
            />
          ) : null}
          <VideoLearningCenterButton />
          {toolbarActions ? toolbarActions(toolbarContext) : null}
          {canExport ? (
            <Tooltip content="Export the filtered list" keys={EXPORT_KEYS[0]}>
              <Button
                size="sm"
                variant="secondary"
                loading={exportFlow.exporting}
                disabled={exportWaits}
                onClick={runExport}
              >
                Export
              </Button>
            </Tooltip>
          ) : null}
        </div>
      </div>
      {filters.length > 0 && filtersOpen ? (
        <TableFilters
          filters={filters}
          applied={state.filters}
          onChange={(id, values) => setState((current) => withFilter(current, id, values))}
          onClearAll={() => setState((current) => ({ ...withoutFilters(current), search: current.search }))}
        />
      ) : null}
      {page && isOverCap(total) ? (
        <p className="data-table__cap" role="note">
          The table only shows up to 10k records, but there are more. You can see the rest if you do a data export.
        </p>
      ) : null}

      {showError ? (
        <EmptyState
          role="alert"
          title={CATALOGUE['page-not-found'].header}
          description="This list could not be loaded."
          action={
            <a
              href="."
              onClick={(event) => {
                event.preventDefault();
                refreshToDefaults();
              }}
            >
              Refresh page
            </a>
          }
        />
      ) : (
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
          onScroll={(event) => position.rememberScroll(event.currentTarget.scrollTop)}
          onFocus={(event) => {
            // Arriving by Tab makes the first row active, so the arrows have a starting point.
            if (event.target === event.currentTarget && activeRowIdNow.current === null && tableRows.length > 0) {
              setActiveIndex(0);
            }
          }}
        >
          <div className="data-table__inner" style={{ height: Math.max(virtualizer.getTotalSize(), HEADER_HEIGHT) }}>
            <div className="data-table__head" role="rowgroup">
              <div className="data-table__row data-table__row--head" role="row" aria-rowindex={1}>
                {selectable ? (
                  <div role="columnheader" className="data-table__cell data-table__cell--select">
                    <input
                      type="checkbox"
                      aria-label="Select all rows on this page"
                      checked={table.getIsAllPageRowsSelected()}
                      ref={(node) => {
                        if (node) node.indeterminate = table.getIsSomePageRowsSelected();
                      }}
                      onChange={(event) => table.toggleAllPageRowsSelected(event.target.checked)}
                      disabled={tableRows.length === 0}
                    />
                  </div>
                ) : null}
                {table.getHeaderGroups()[0]?.headers.map((header) => {
                  const column = columnById.get(header.column.id);
                  const sortField = column?.sortField;
                  const hint = column?.headerHint ? (
                    <Tooltip content={column.headerHint}>
                      <button type="button" className="data-table__hint" aria-label={`About ${column.header}`}>
                        <InfoIcon />
                      </button>
                    </Tooltip>
                  ) : null;
                  const direction = sortField ? sortDirectionOf(state, sortField) : null;
                  return (
                    <div
                      key={header.id}
                      role="columnheader"
                      className={`data-table__cell${column?.align === 'end' ? ' data-table__cell--end' : ''}`}
                      aria-sort={
                        sortField
                          ? direction === 'asc'
                            ? 'ascending'
                            : direction === 'desc'
                              ? 'descending'
                              : 'none'
                          : undefined
                      }
                    >
                      {sortField ? (
                        <button
                          type="button"
                          className="data-table__sort"
                          onClick={() => setState((current) => withSort(current, nextSort(current.sort, sortField)))}
                        >
                          <table.FlexRender header={header} />
                          <span className="data-table__sort-mark" aria-hidden="true">
                            {direction === 'asc' ? '▲' : direction === 'desc' ? '▼' : '↕'}
                          </span>
                        </button>
                      ) : (
                        <table.FlexRender header={header} />
                      )}
                      {hint}
                    </div>
                  );
                })}
                {hasMenuColumn ? (
                  <div role="columnheader" className="data-table__cell data-table__cell--menu">
                    <span className="visually-hidden">Actions</span>
                  </div>
                ) : null}
              </div>
            </div>
            <div role="rowgroup">
              {virtualizer.getVirtualItems().map((item) => {
                const row = tableRows[item.index];
                if (!row) return null;
                const active = row.id === activeRowId;
                const selected = row.getIsSelected();
                const name = rowLabel ? rowLabel(row.original) : `row ${firstRecordIndex + item.index + 1}`;
                const menuItems = hasMenuColumn ? menuItemsOf(row.original) : [];
                return (
                  <div
                    key={row.id}
                    id={`${tableId}-row-${row.id}`}
                    role="row"
                    aria-rowindex={item.index + 2}
                    aria-selected={selectable ? selected : undefined}
                    aria-current={active ? 'true' : undefined}
                    data-active={active || undefined}
                    className={`data-table__row${onOpenRow ? ' data-table__row--link' : ''}`}
                    style={{ transform: `translateY(${item.start}px)`, height: rowHeight }}
                    onClick={() => {
                      activate(row.id, item.index);
                      onOpenRow?.(row.original);
                    }}
                  >
                    {selectable ? (
                      <div
                        role="gridcell"
                        className="data-table__cell data-table__cell--select"
                        onClick={(event) => event.stopPropagation()}
                      >
                        <input
                          type="checkbox"
                          aria-label={`Select ${name}`}
                          checked={selected}
                          onChange={(event) => row.toggleSelected(event.target.checked)}
                        />
                      </div>
                    ) : null}
                    {row.getAllCells().map((cell) => (
                      <div
                        key={cell.id}
                        role="gridcell"
                        className={`data-table__cell${columnById.get(cell.column.id)?.align === 'end' ? ' data-table__cell--end' : ''}`}
                      >
                        <table.FlexRender cell={cell} />
                      </div>
                    ))}
                    {hasMenuColumn ? (
                      <div
                        role="gridcell"
                        className="data-table__cell data-table__cell--menu"
                        onClick={(event) => event.stopPropagation()}
                      >
                        {menuItems.length > 0 ? (
                          <Menu
                            ref={active ? activeMenuRef : undefined}
                            label={`Actions for ${name}`}
                            items={menuItems}
                            trigger={
                              <IconButton
                                aria-label={`Actions for ${name}`}
                                keys="period"
                                size="sm"
                                icon={<MoreIcon />}
                              />
                            }
                          />
                        ) : null}
                      </div>
                    ) : null}
                  </div>
                );
              })}
            </div>
          </div>
        </div>
      )}

      {initialLoading ? (
        <div className="data-table__feedback">
          <Spinner label={`Loading ${label}`} />
        </div>
      ) : null}
      {showEmpty ? (
        <div className="data-table__feedback">
          {narrowed ? (
            <EmptyState
              role="status"
              title="No results found"
              description={
                <ul className="data-table__hints">
                  {NARROWED_EMPTY_HINTS.map((hint) => (
                    <li key={hint}>{hint}</li>
                  ))}
                </ul>
              }
            />
          ) : (
            <EmptyState role="status" title={emptyText} />
          )}
        </div>
      ) : null}

      {page && rows.length > 0 ? (
        <div className="data-table__footer">
          <Select
            className="data-table__page-size"
            label="Show"
            value={String(state.limit)}
            options={PAGE_SIZES.map((size) => ({ value: String(size), label: String(size) }))}
            onChange={(event) => setState((current) => withPageSize(current, Number(event.target.value) as PageSize))}
          />
          <nav className="data-table__pager" aria-label={`${label} pages`}>
            <IconButton
              aria-label="Previous page"
              keys="bracketleft"
              size="sm"
              icon={<ChevronLeftIcon />}
              disabled={state.page <= 1}
              onClick={() => setState((current) => withPage(current, current.page - 1))}
            />
            <span className="data-table__page" aria-current="page">
              Page {formatInteger(state.page)} of {formatInteger(lastPage)}
            </span>
            <IconButton
              aria-label="Next page"
              keys="bracketright"
              size="sm"
              icon={<ChevronRightIcon />}
              disabled={state.page >= lastPage}
              onClick={() => setState((current) => withPage(current, Math.min(lastPage, current.page + 1)))}
            />
          </nav>
        </div>
      ) : null}
      {exportFlow.dialog}
    </section>
  );
}

/**
 * The search flags in the address, beside the table's own parameters. Changing one while a search is applied is a
 * new search, so it goes back to page 1; without a search it changes nothing the list shows.
 */
function useSearchFlags(flags: readonly TableSearchFlag[], searching: boolean) {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const params = new URLSearchParams(search);
  const checkedKey = flags
    .filter((flag) => params.get(flag.param) === CHECKED_VALUE)
    .map((flag) => flag.param)
    .join('\u0000');
  const checked = useMemo<readonly string[]>(() => (checkedKey ? checkedKey.split('\u0000') : []), [checkedKey]);
  const set = useCallback(
    (param: string, on: boolean) => {
      const next = new URLSearchParams(search);
      if (on) next.set(param, CHECKED_VALUE);
      else next.delete(param);
      if (searching) next.delete(TABLE_PARAMS.page);
      const query = next.toString();
      navigate(query ? `${location}?${query}` : location, { replace: true });
    },
    [search, searching, location, navigate],
  );
  return { checked, set };
}

/**
 * The search type in the address, beside the table's own parameters (which leave it alone): the chosen option, or the
 * first. Choosing another one while a search is applied is a new search, so it goes back to page 1.
 */
function useSearchType(searchTypes: TableSearchTypes | undefined, searching: boolean) {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const param = searchTypes?.param ?? '';
  const raw = searchTypes ? new URLSearchParams(search).get(param) : null;
  const value = searchTypes
    ? (searchTypes.options.find((option) => option.value === raw) ?? searchTypes.options[0])?.value
    : undefined;
  const set = useCallback(
    (next: string) => {
      if (!searchTypes) return;
      const params = new URLSearchParams(search);
      if (next === searchTypes.options[0]?.value) params.delete(param);
      else params.set(param, next);
      if (searching) params.delete(TABLE_PARAMS.page);
      const query = params.toString();
      navigate(query ? `${location}?${query}` : location, { replace: true });
    },
    [searchTypes, search, param, searching, location, navigate],
  );
  return { value: value ?? '', set };
}

/** The list's address: its path and query, the key of its remembered position (one per page, sort and filter). */
function useListAddress(): string {
  const [location] = useLocation();
  const search = useSearch();
  return search ? `${location}?${search}` : location;
}

/** Scrolling writes the position this long after it stops. */
const SCROLL_SAVE_DELAY_MS = 150;

interface ListPositionMemory {
  /** A new page or list: what to restore when its rows come (read before anything overwrites it). */
  beginRestore: () => ListPosition | undefined;
  /** The restore once the rows are there; undefined when there is none or it was done. */
  takeRestore: () => ListPosition | undefined;
  remember: (active: { rowId: string | null; index: number }) => void;
  rememberScroll: (scrollTop: number) => void;
}

/** The active row and scroll offset of the list at this address, in the list memory of the tab. */
function useListPosition(address: string, scrollRef: { current: HTMLDivElement | null }): ListPositionMemory {
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
