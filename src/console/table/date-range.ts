// The date filter of the data table (spec 1, sections 5 and 9): a preset, a custom range or a single day, kept in
// the address as one value and turned into two instants for the API (the start of the first day, 00:00:00.000, and
// the end of the last, 23:59:59.999, in the browser's time zone). Presets stay relative: a shared 'Last 7 days' link
// means the last 7 days of whoever opens it.
import { DATE_PRESETS, type DatePreset, type DateRange, formatDate, presetRange } from '@domain/format';
import { MSG } from '@domain/validation';
import dayjs from 'dayjs';
import type { DateRangeFilterDefinition, FilterDefinition, ListQueryParams } from './types';

export const DATES_INCORRECT = MSG.datesIncorrect;

export type DateFilterValue =
  | { kind: 'preset'; preset: DatePreset }
  | { kind: 'range'; from: string; to: string }
  | { kind: 'day'; day: string };

const slugOf = (preset: DatePreset) => preset.toLowerCase().replace(/\s+/g, '-');
const PRESET_BY_SLUG = new Map(DATE_PRESETS.map((preset) => [slugOf(preset), preset] as const));
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar day written as the date input writes it (YYYY-MM-DD); 2025-02-30 is not one. */
export function isDay(text: string): boolean {
  if (!DAY.test(text)) return false;
  const parsed = dayjs(text);
  return parsed.isValid() && parsed.format('YYYY-MM-DD') === text;
}

/** The address form of a value: 'last-7-days', '2025-03-01..2025-03-05', '2025-03-01'. */
export function serialiseDateFilter(value: DateFilterValue): string {
  if (value.kind === 'preset') return slugOf(value.preset);
  if (value.kind === 'day') return value.day;
  return `${value.from}..${value.to}`;
}

/** Reads an address value; anything malformed is no filter at all. */
export function parseDateFilter(text: string | undefined): DateFilterValue | null {
  if (!text) return null;
  const preset = PRESET_BY_SLUG.get(text);
  if (preset) return { kind: 'preset', preset };
  if (isDay(text)) return { kind: 'day', day: text };
  const [from, to, ...rest] = text.split('..');
  if (rest.length === 0 && from && to && isDay(from) && isDay(to)) return { kind: 'range', from, to };
  return null;
}

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
