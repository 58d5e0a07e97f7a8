import { useCallback, useMemo } from 'react';
import { useLocation, useSearch } from 'wouter';
import { isDateRangeFilter, withDateRanges } from './date-range';
import { isRangeFilter, withRanges } from './range';
import type { TableSearchTypes } from './table-search';
import { TABLE_PARAMS, type TableState, toListQuery } from './table-state';
import { CHECKED_VALUE, type FilterDefinition, type ListQueryParams, type TableSearchFlag } from './types';
import { useTableUrlState } from './use-table-url-state';

// The list's state as its address holds it (page, size, order, search, filters, and the search's options beside
// them) and the query the API receives for it.

/** Several values at once: multi-selects, and ranges (a pair travels as an array too). */
function isMultiValued(filter: FilterDefinition): boolean {
  if (filter.kind === 'range') return true;
  return (filter.kind === undefined || filter.kind === 'select') && filter.multiple === true;
}

/** What the list query depends on in a filter: its id and how its values travel. */
function filterShapeOf(filter: FilterDefinition): string {
  if (isDateRangeFilter(filter))
    return `${filter.id}:date:${filter.fromParam}:${filter.toParam}:${filter.sendAs ?? 'instants'}`;
  if (filter.kind === 'range' || filter.kind === 'checkbox') return `${filter.id}:${filter.kind}`;
  return `${filter.id}:${isMultiValued(filter) ? 'multi' : 'single'}`;
}

/**
 * The list call's query for a table state: the filters as the API takes them (multi-selects as arrays, a date range
 * as its two instants or days, a numeric range as its two ends). The list and the palette's live count both use it,
 * so a query typed in the palette counts exactly the rows the list then shows.
 */
export function compileListQuery(
  state: TableState,
  multiFilterIds: readonly string[],
  filters: readonly FilterDefinition[],
  now: Date = new Date(),
): ListQueryParams {
  return withRanges(withDateRanges(toListQuery(state, multiFilterIds), filters, now), filters);
}

/** The ids of the filters that take several values at once. */
export const multiValuedFilterIds = (filters: readonly FilterDefinition[]) =>
  filters.filter(isMultiValued).map((filter) => filter.id);

export interface ListQueryOptions {
  filters: readonly FilterDefinition[];
  defaultOrder: string | undefined;
  searchTypes: TableSearchTypes | undefined;
  searchFlags: readonly TableSearchFlag[];
  /** Parameters every call carries (stable: a new object is a new query). */
  baseQuery: ListQueryParams | undefined;
}

export function useListQuery({ filters, defaultOrder, searchTypes, searchFlags, baseQuery }: ListQueryOptions) {
  // Screens may build their filters on each render (options that load later); only what the query depends on counts.
  const filterShape = filters.map(filterShapeOf).join('|');
  // biome-ignore lint/correctness/useExhaustiveDependencies: filterShape stands for the filters' ids and kinds
  const { filterIds, multiFilterIds, dateFilters, rangeFilters } = useMemo(
    () => ({
      filterIds: filters.map((filter) => filter.id),
      multiFilterIds: multiValuedFilterIds(filters),
      dateFilters: filters.filter(isDateRangeFilter),
      rangeFilters: filters.filter(isRangeFilter),
    }),
    [filterShape],
  );
  const { state, setState, resetToDefaults } = useTableUrlState({ filterIds, defaultOrder });
  const searchType = useSearchType(searchTypes, state.search !== '');
  const flags = useSearchFlags(searchFlags, state.search !== '');
  const compiled = useMemo(() => {
    const query = compileListQuery(state, multiFilterIds, [...dateFilters, ...rangeFilters]);
    if (searchTypes && state.search) query[searchTypes.param] = searchType.value;
    if (state.search) for (const param of flags.checked) query[param] = CHECKED_VALUE;
    return baseQuery ? { ...query, ...baseQuery } : query;
  }, [state, multiFilterIds, dateFilters, rangeFilters, searchTypes, searchType.value, flags.checked, baseQuery]);
  // The same object while the call is the same: a state change the call does not see (the columns shown) must not
  // look like a new list, which would reset the active row and the scroll.
  const callKey = JSON.stringify(compiled);
  // biome-ignore lint/correctness/useExhaustiveDependencies: callKey stands for compiled by value
  const listQuery = useMemo(() => compiled, [callKey]);
  return { state, setState, resetToDefaults, filterIds, listQuery, searchType, flags };
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
