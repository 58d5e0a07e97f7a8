import { shouldSearch } from '@console/table/table-search';
import {
  appliedFilterCount,
  countText,
  isNarrowed,
  lastReachablePage,
  nextSort,
  parseTableState,
  serialiseTableState,
  type TableState,
  toListQuery,
  withColumns,
  withFilter,
  withoutFilters,
  withPageSize,
  withSearch,
  withSort,
} from '@console/table/table-state';
import { describe, expect, it } from 'vitest';

const OPTIONS = { filterIds: ['status', 'currency'], defaultOrder: '-createdAt' };

const parse = (query: string, options = OPTIONS) => parseTableState(new URLSearchParams(query), options);
const serialise = (state: TableState, base = '', options = OPTIONS) =>
  serialiseTableState(state, options, new URLSearchParams(base)).toString();

describe('table state in the address', () => {
  it('starts from page 1 of 50 in the default order with nothing narrowing it', () => {
    expect(parse('')).toEqual({
      page: 1,
      limit: 50,
      sort: { field: 'createdAt', direction: 'desc' },
      search: '',
      filters: {},
    });
    expect(serialise(parse(''))).toBe('');
  });

  it('reads every part and writes it back to the same link', () => {
    const query = 'status=ACTIVE&currency=EUR&currency=USD&search=acme&order=name&limit=100&page=3';
    const state = parse(query);
    expect(state).toEqual({
      page: 3,
      limit: 100,
      sort: { field: 'name', direction: 'asc' },
      search: 'acme',
      filters: { status: ['ACTIVE'], currency: ['EUR', 'USD'] },
    });
    expect(serialise(state)).toBe(query);
  });

  it('keeps an explicit empty order, so a default sort the user cycled off stays off', () => {
    const state = parse('order=');
    expect(state.sort).toBeNull();
    expect(serialise(state)).toBe('order=');
  });

  it('falls back to the defaults for malformed values', () => {
    const state = parse('page=-2&limit=30&order=drop%20table&search=%20%20');
    expect(state.page).toBe(1);
    expect(state.limit).toBe(50);
    expect(state.sort).toBeNull();
    expect(state.search).toBe('');
    expect(parse('page=abc').page).toBe(1);
  });

  it('never opens a page past record 10,000', () => {
    expect(parse('page=9999').page).toBe(200);
    expect(parse('page=9999&limit=500').page).toBe(20);
  });

  it('keeps the chosen columns in the address, never in the list call, and drops them when all are shown again', () => {
    const state = parse('status=ACTIVE&columns=name,%20status,,name');
    expect(state.columns).toEqual(['name', 'status']);
    expect(serialise(state)).toBe('status=ACTIVE&columns=name%2Cstatus');
    expect(toListQuery(state)).not.toHaveProperty('columns');
    const plain = withColumns(state, undefined);
    expect(plain).not.toHaveProperty('columns');
    expect(serialise(plain)).toBe('status=ACTIVE');
    expect(withColumns(state, ['name']).page).toBe(state.page);
  });

  it("leaves the screen's own parameters alone and ignores unknown ones", () => {
    expect(parse('tab=limits&foo=bar').filters).toEqual({});
    expect(serialise({ ...parse(''), page: 2 }, 'tab=limits&page=5&status=X')).toBe('tab=limits&page=2');
  });
});

describe('table state changes', () => {
  const start = parse('page=4&limit=100&search=ac');

  it('cycles a column none -> ascending -> descending -> none, and another column starts ascending', () => {
    const asc = nextSort(null, 'name');
    expect(asc).toEqual({ field: 'name', direction: 'asc' });
    const desc = nextSort(asc, 'name');
    expect(desc).toEqual({ field: 'name', direction: 'desc' });
    expect(nextSort(desc, 'name')).toBeNull();
    expect(nextSort(desc, 'email')).toEqual({ field: 'email', direction: 'asc' });
  });

  it('goes back to page 1 on any filter, search or sort change', () => {
    expect(withFilter(start, 'status', ['ACTIVE']).page).toBe(1);
    expect(withSearch(start, 'acme').page).toBe(1);
    expect(withSort(start, null).page).toBe(1);
    expect(withoutFilters(start).page).toBe(1);
  });

  it('drops a filter whose values are all removed', () => {
    const filtered = withFilter(start, 'currency', ['EUR', '']);
    expect(filtered.filters).toEqual({ currency: ['EUR'] });
    expect(withFilter(filtered, 'currency', []).filters).toEqual({});
  });

  it('keeps the first record in view when the page size changes', () => {
    // Page 4 of 100 starts at record 301, which is on page 7 of 50 and page 1 of 500.
    expect(withPageSize(start, 50).page).toBe(7);
    expect(withPageSize(start, 500).page).toBe(1);
  });

  it('counts applied filters, and search or filters narrow the list', () => {
    const filtered = withFilter(withFilter(parse(''), 'status', ['A']), 'currency', ['EUR']);
    expect(appliedFilterCount(filtered)).toBe(2);
    expect(isNarrowed(parse(''))).toBe(false);
    expect(isNarrowed(parse('search=abc'))).toBe(true);
    expect(isNarrowed(parse('status=A'))).toBe(true);
  });
});

describe('table texts and the server query', () => {
  it("writes the count text, with '+10k' past the cap", () => {
    expect(countText(1, 50, 50, 326)).toBe('1-50 of 326');
    expect(countText(7, 50, 26, 326)).toBe('301-326 of 326');
    expect(countText(1, 50, 0, 0)).toBe('0 of 0');
    expect(countText(200, 50, 50, 10_001)).toBe('9951-10000 of +10k');
  });

  it('pages up to record 10,000 at most', () => {
    expect(lastReachablePage(326, 50)).toBe(7);
    expect(lastReachablePage(10_001, 50)).toBe(200);
    expect(lastReachablePage(10_001, 500)).toBe(20);
    expect(lastReachablePage(0, 50)).toBe(1);
  });

  it('builds the list query: page, limit, order, search, single filters as values and multiple ones as arrays', () => {
    const state = parse('status=ACTIVE&currency=EUR&currency=USD&search=acme&page=2');
    expect(toListQuery(state, ['currency'])).toEqual({
      page: 2,
      limit: 50,
      order: '-createdAt',
      search: 'acme',
      status: 'ACTIVE',
      currency: ['EUR', 'USD'],
    });
    expect(toListQuery(parse('order='))).toEqual({ page: 1, limit: 50 });
  });

  it('starts quick search at the minimum length, or when emptied', () => {
    expect(shouldSearch('ac', 3)).toBe(false);
    expect(shouldSearch(' ac ', 3)).toBe(false);
    expect(shouldSearch('acm', 3)).toBe(true);
    expect(shouldSearch('', 3)).toBe(true);
    expect(shouldSearch('EU', 2)).toBe(true);
  });
});
