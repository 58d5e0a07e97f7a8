// The table's whole view state (page, page size, sort, search, filters) lives in the URL query string, so every view
// is a shareable link and Back returns to the same list position. This module is the pure mapping between the two.
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, TABLE_RECORD_CAP } from '@domain/enums';

export type PageSize = (typeof PAGE_SIZES)[number];
export type SortDirection = 'asc' | 'desc';

export interface TableSort {
  field: string;
  direction: SortDirection;
}

export interface TableState {
  /** 1-based. */
  page: number;
  limit: PageSize;
  /** null: no sort (the server's natural order). */
  sort: TableSort | null;
  search: string;
  /** Filter id -> selected values; a filter with no value is absent. */
  filters: Record<string, string[]>;
  /** The columns the user chose to see (ids, in the list's order); absent: the list's own columns. */
  columns?: readonly string[];
}

export interface TableStateOptions {
  /** Filter ids the table knows; other query parameters belong to the screen and are left alone. */
  filterIds: readonly string[];
  /** The order a fresh view starts with, in the server's notation ('createdAt' or '-createdAt'). */
  defaultOrder?: string;
}

/** The query parameter names the table owns, beside its filter ids. */
export const TABLE_PARAMS = {
  page: 'page',
  limit: 'limit',
  order: 'order',
  search: 'search',
  columns: 'columns',
} as const;

/** Column ids a state keeps (a saved view keeps as many: src/domain/saved-views.ts). */
const MAX_CHOSEN_COLUMNS = 50;
/** 'a,b' -> ['a', 'b']; nothing chosen -> undefined (the list's own columns). */
export function parseColumns(text: string | null | undefined): readonly string[] | undefined {
  const ids = (text ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter((id, index, all) => id !== '' && all.indexOf(id) === index)
    .slice(0, MAX_CHOSEN_COLUMNS);
  return ids.length > 0 ? ids : undefined;
}

/** 'createdAt' -> ascending, '-createdAt' -> descending, '' or undefined -> none. */
export function parseOrder(order: string | null | undefined): TableSort | null {
  if (!order) return null;
  const descending = order.startsWith('-');
  const field = descending ? order.slice(1) : order;
  if (!/^[A-Za-z][A-Za-z0-9.]*$/.test(field)) return null;
  return { field, direction: descending ? 'desc' : 'asc' };
}

export function serialiseOrder(sort: TableSort | null): string {
  if (!sort) return '';
  return sort.direction === 'desc' ? `-${sort.field}` : sort.field;
}

export function defaultTableState(options: TableStateOptions): TableState {
  return { page: 1, limit: DEFAULT_PAGE_SIZE, sort: parseOrder(options.defaultOrder), search: '', filters: {} };
}

function parsePositiveInteger(text: string | null): number | null {
  if (!text || !/^\d+$/.test(text)) return null;
  const value = Number(text);
  return value >= 1 ? value : null;
}

/** Reads the table state from a query string; anything missing or malformed falls back to the defaults. */
export function parseTableState(params: URLSearchParams, options: TableStateOptions): TableState {
  const state = defaultTableState(options);
  const page = parsePositiveInteger(params.get(TABLE_PARAMS.page));
  const limit = parsePositiveInteger(params.get(TABLE_PARAMS.limit));
  if (limit !== null && (PAGE_SIZES as readonly number[]).includes(limit)) state.limit = limit as PageSize;
  if (page !== null) state.page = Math.min(page, lastReachablePage(TABLE_RECORD_CAP + 1, state.limit));
  // An empty 'order=' is meaningful: the user cycled the default sort off.
  if (params.has(TABLE_PARAMS.order)) state.sort = parseOrder(params.get(TABLE_PARAMS.order));
  state.search = params.get(TABLE_PARAMS.search)?.trim() ?? '';
  const columns = parseColumns(params.get(TABLE_PARAMS.columns));
  if (columns) state.columns = columns;
  for (const id of options.filterIds) {
    const values = params.getAll(id).filter((value) => value !== '');
    if (values.length > 0) state.filters[id] = values;
  }
  return state;
}

/**
 * Writes the table state over a query string, keeping the parameters that are not the table's. Defaults are left out
 * so the plain list has a plain address, and parameters come in a fixed order so equal states give equal links.
 */
export function serialiseTableState(
  state: TableState,
  options: TableStateOptions,
  base: URLSearchParams = new URLSearchParams(),
): URLSearchParams {
  const owned = new Set<string>([...Object.values(TABLE_PARAMS), ...options.filterIds]);
  const next = new URLSearchParams();
  for (const [key, value] of base) if (!owned.has(key)) next.append(key, value);

  for (const id of options.filterIds)
    for (const value of state.filters[id] ?? []) if (value !== '') next.append(id, value);
  if (state.search.trim()) next.set(TABLE_PARAMS.search, state.search.trim());
  const order = serialiseOrder(state.sort);
  if (order !== (options.defaultOrder ?? '')) next.set(TABLE_PARAMS.order, order);
  if (state.limit !== DEFAULT_PAGE_SIZE) next.set(TABLE_PARAMS.limit, String(state.limit));
  if (state.page > 1) next.set(TABLE_PARAMS.page, String(state.page));
  if (state.columns && state.columns.length > 0) next.set(TABLE_PARAMS.columns, state.columns.join(','));
  return next;
}

/** The sort cycle of spec 1, section 4: none -> ASC -> DESC -> none, one column at a time. */
export function nextSort(current: TableSort | null, field: string): TableSort | null {
  if (!current || current.field !== field) return { field, direction: 'asc' };
  if (current.direction === 'asc') return { field, direction: 'desc' };
  return null;
}

export function sortDirectionOf(state: Pick<TableState, 'sort'>, field: string): SortDirection | null {
  return state.sort?.field === field ? state.sort.direction : null;
}

export function withSort(state: TableState, sort: TableSort | null): TableState {
  return { ...state, sort, page: 1 };
}

/** Any filter change sends the user back to page 1 (spec 1, section 4). */
export function withFilter(state: TableState, id: string, values: readonly string[]): TableState {
  const filters = { ...state.filters };
  const kept = values.filter((value) => value !== '');
  if (kept.length > 0) filters[id] = kept;
  else delete filters[id];
  return { ...state, filters, page: 1 };
}

export function withSearch(state: TableState, search: string): TableState {
  return { ...state, search: search.trim(), page: 1 };
}

export function withoutFilters(state: TableState): TableState {
  return { ...state, filters: {}, search: '', page: 1 };
}

export function withPageSize(state: TableState, limit: PageSize): TableState {
  // Keep the first record of the current page in view instead of jumping to the start.
  const firstRecord = (state.page - 1) * state.limit;
  return { ...state, limit, page: Math.floor(firstRecord / limit) + 1 };
}

/** The columns to show; undefined goes back to the list's own. The page stays: the rows do not change. */
export function withColumns(state: TableState, columns: readonly string[] | undefined): TableState {
  const next = { ...state };
  if (columns && columns.length > 0) next.columns = columns;
  else delete next.columns;
  return next;
}

export function withPage(state: TableState, page: number): TableState {
  return { ...state, page: Math.max(1, Math.trunc(page)) };
}

export function appliedFilterCount(state: Pick<TableState, 'filters'>): number {
  return Object.values(state.filters).filter((values) => values.length > 0).length;
}

/** Whether what the user sees is narrowed by search or filters (decides between the two empty-state texts). */
export function isNarrowed(state: Pick<TableState, 'filters' | 'search'>): boolean {
  return state.search !== '' || appliedFilterCount(state) > 0;
}

/** The last page a user may open: the table never pages past record 10,000. */
export function lastReachablePage(total: number, limit: number): number {
  const reachable = Math.min(total, TABLE_RECORD_CAP);
  return Math.max(1, Math.ceil(reachable / limit));
}

/** Whether the server stopped counting (it answers 10,001 when there are more than 10,000). */
export function isOverCap(total: number): boolean {
  return total > TABLE_RECORD_CAP;
}

/** The count text of the first row: '1-50 of 326', '0 of 0' when empty, '1-50 of +10k' past the cap. */
export function countText(
  page: number,
  limit: number,
  count: number,
  total: number,
  formatNumber: (value: number) => string = String,
): string {
  const totalText = isOverCap(total) ? '+10k' : formatNumber(total);
  if (count === 0) return `0 of ${totalText}`;
  const first = (page - 1) * limit + 1;
  return `${formatNumber(first)}-${formatNumber(first + count - 1)} of ${totalText}`;
}

/**
 * The flat query of the server's list convention: page, limit, order, search and the filters; empty values dropped.
 * Multi-value filters stay arrays; the API client writes them with bracketed names.
 */
export function toListQuery(
  state: TableState,
  multiFilterIds: readonly string[] = [],
): Record<string, string | number | string[]> {
  const query: Record<string, string | number | string[]> = { page: state.page, limit: state.limit };
  const order = serialiseOrder(state.sort);
  if (order) query.order = order;
  if (state.search) query.search = state.search;
  for (const [id, values] of Object.entries(state.filters)) {
    if (values.length === 0) continue;
    if (multiFilterIds.includes(id)) query[id] = values;
    else if (values[0] !== undefined) query[id] = values[0];
  }
  return query;
}
