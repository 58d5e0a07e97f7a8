// The date filter of the data table (spec 1, sections 5 and 9): a preset, a custom range or a single day, kept in
// the address as one value and turned into two instants for the API (the start of the first day, 00:00:00.000, and
// the end of the last, 23:59:59.999, in the browser's time zone). Presets stay relative: a shared 'Last 7 days' link
// means the last 7 days of whoever opens it.
import { type DateFilterValue, isDay, parseDateFilter } from '@domain/date-filter';
import { type DateRange, formatDate, presetRange } from '@domain/format';
import { MSG } from '@domain/validation';
import dayjs from 'dayjs';
import type { DateRangeFilterDefinition, FilterDefinition, ListQueryParams } from './types';

// The address values moved down to src/domain (the query language reads them too); screens keep importing them here.
export { type DateFilterValue, isDay, parseDateFilter, serialiseDateFilter } from '@domain/date-filter';

export const DATES_INCORRECT = MSG.datesIncorrect;

/** Whether the end of a custom range comes before its start ('The indicated dates are not correct'). */
export function isInvertedRange(from: string, to: string): boolean {
  return isDay(from) && isDay(to) && to < from;
}

/** The instants a value covers, in local time; null for an inverted range, which is never sent. */
export function dateFilterRange(value: DateFilterValue, now: Date = new Date()): DateRange | null {
  if (value.kind === 'preset') return presetRange(value.preset, now);
  const first = value.kind === 'day' ? value.day : value.from;
  const last = value.kind === 'day' ? value.day : value.to;
  if (last < first) return null;
  return { from: dayjs(first).startOf('day').toDate(), to: dayjs(last).endOf('day').toDate() };
}

/** What the filter's button says: the preset's name, '01 Mar 2025 – 05 Mar 2025', or one day. */
export function dateFilterLabel(value: DateFilterValue | null): string {
  if (!value) return 'All dates';
  if (value.kind === 'preset') return value.preset;
  if (value.kind === 'day') return formatDate(dayjs(value.day).toDate());
  return `${formatDate(dayjs(value.from).toDate())} – ${formatDate(dayjs(value.to).toDate())}`;
}

export function isDateRangeFilter(filter: FilterDefinition): filter is DateRangeFilterDefinition {
  return filter.kind === 'dateRange';
}

/**
 * Replaces each date filter's address value in a list query by its two instants (fromParam and toParam, ISO 8601),
 * or its first and last days for a filter sent as days, so the list call and the export send the same thing.
 */
export function withDateRanges(
  query: ListQueryParams,
  filters: readonly FilterDefinition[],
  now: Date = new Date(),
): ListQueryParams {
  const dateFilters = filters.filter(isDateRangeFilter);
  if (dateFilters.length === 0) return query;
  const next = { ...query };
  for (const filter of dateFilters) {
    const raw = next[filter.id];
    delete next[filter.id];
    const value = parseDateFilter(typeof raw === 'string' ? raw : Array.isArray(raw) ? raw[0] : undefined);
    const range = value ? dateFilterRange(value, now) : null;
    if (!range) continue;
    const days = filter.sendAs === 'days';
    next[filter.fromParam] = days ? dayjs(range.from).format('YYYY-MM-DD') : range.from.toISOString();
    next[filter.toParam] = days ? dayjs(range.to).format('YYYY-MM-DD') : range.to.toISOString();
  }
  return next;
}
