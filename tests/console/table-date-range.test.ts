import {
  dateFilterLabel,
  dateFilterRange,
  isDay,
  isInvertedRange,
  parseDateFilter,
  serialiseDateFilter,
  withDateRanges,
} from '@console/table/date-range';
import type { FilterDefinition } from '@console/table/types';
import { DATE_PRESETS } from '@domain/format';
import { describe, expect, it } from 'vitest';

const FILTERS: FilterDefinition[] = [
  { id: 'status', label: 'Status', options: [] },
  { kind: 'dateRange', id: 'date', label: 'Date', fromParam: 'dateFrom', toParam: 'dateTo' },
];

describe('date filter values', () => {
  it('round-trips every preset, a range and a day through the address', () => {
    for (const preset of DATE_PRESETS) {
      const text = serialiseDateFilter({ kind: 'preset', preset });
      expect(text).toMatch(/^[a-z0-9-]+$/);
      expect(parseDateFilter(text)).toEqual({ kind: 'preset', preset });
    }
    expect(parseDateFilter('2025-03-01..2025-03-05')).toEqual({ kind: 'range', from: '2025-03-01', to: '2025-03-05' });
    expect(parseDateFilter('2025-03-01')).toEqual({ kind: 'day', day: '2025-03-01' });
  });

  it('treats malformed values as no filter', () => {
    for (const text of ['', 'soon', '2025-02-30', '2025-03-01..', '2025-03-01..x', '1..2..3']) {
      expect(parseDateFilter(text)).toBeNull();
    }
    expect(isDay('2024-02-29')).toBe(true);
    expect(isDay('2025-02-29')).toBe(false);
  });

  it('covers whole local days and refuses an end before the start', () => {
    const range = dateFilterRange({ kind: 'range', from: '2025-03-01', to: '2025-03-03' })!;
    expect(range.from.getTime()).toBe(new Date(2025, 2, 1, 0, 0, 0, 0).getTime());
    expect(range.to.getTime()).toBe(new Date(2025, 2, 3, 23, 59, 59, 999).getTime());
    expect(dateFilterRange({ kind: 'range', from: '2025-03-03', to: '2025-03-01' })).toBeNull();
    expect(isInvertedRange('2025-03-03', '2025-03-01')).toBe(true);
    expect(isInvertedRange('2025-03-01', '2025-03-01')).toBe(false);

    const yesterday = dateFilterRange({ kind: 'preset', preset: 'Yesterday' }, new Date(2025, 2, 10, 15, 30))!;
    expect(yesterday.from.getTime()).toBe(new Date(2025, 2, 9).getTime());
    expect(yesterday.to.getTime()).toBe(new Date(2025, 2, 9, 23, 59, 59, 999).getTime());
  });

  it('labels what is applied', () => {
    expect(dateFilterLabel(null)).toBe('All dates');
    expect(dateFilterLabel({ kind: 'preset', preset: 'Last month' })).toBe('Last month');
    expect(dateFilterLabel({ kind: 'day', day: '2025-03-05' })).toBe('05 Mar 2025');
    expect(dateFilterLabel({ kind: 'range', from: '2025-03-01', to: '2025-03-05' })).toBe('01 Mar 2025 – 05 Mar 2025');
  });

  it('puts the instants in the list query in place of the address value', () => {
    const query = withDateRanges({ page: 1, limit: 50, status: 'A', date: '2025-03-01' }, FILTERS);
    expect(query).toEqual({
      page: 1,
      limit: 50,
      status: 'A',
      dateFrom: new Date(2025, 2, 1).toISOString(),
      dateTo: new Date(2025, 2, 1, 23, 59, 59, 999).toISOString(),
    });
    expect(withDateRanges({ page: 1, date: '2025-03-05..2025-03-01' }, FILTERS)).toEqual({ page: 1 });
    const untouched = { page: 1, status: 'A' };
    expect(withDateRanges(untouched, [FILTERS[0]!])).toBe(untouched);
  });
});
