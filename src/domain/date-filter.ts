// The value a list's date filter keeps in the address (spec 1, section 9): a preset slug, one day, or a range of
// days. It lives here, below the console's table, because the query language (src/domain/search-query) reads and
// writes the same values.
import dayjs from 'dayjs';
import { DATE_PRESETS, type DatePreset } from './format';

export type DateFilterValue =
  | { kind: 'preset'; preset: DatePreset }
  | { kind: 'range'; from: string; to: string }
  | { kind: 'day'; day: string };

/** 'Last 7 days' -> 'last-7-days'. */
export const presetSlugOf = (preset: DatePreset) => preset.toLowerCase().replace(/\s+/g, '-');
const PRESET_BY_SLUG = new Map(DATE_PRESETS.map((preset) => [presetSlugOf(preset), preset] as const));

/** The preset an address slug names, if any. */
export function presetOfSlug(slug: string): DatePreset | undefined {
  return PRESET_BY_SLUG.get(slug);
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar day written as the date input writes it (YYYY-MM-DD); 2025-02-30 is not one. */
export function isDay(text: string): boolean {
  if (!DAY.test(text)) return false;
  const parsed = dayjs(text);
  return parsed.isValid() && parsed.format('YYYY-MM-DD') === text;
}

/** The address form of a value: 'last-7-days', '2025-03-01..2025-03-05', '2025-03-01'. */
export function serialiseDateFilter(value: DateFilterValue): string {
  if (value.kind === 'preset') return presetSlugOf(value.preset);
  if (value.kind === 'day') return value.day;
  return `${value.from}..${value.to}`;
}

/** Reads an address value; anything malformed is no filter at all. */
export function parseDateFilter(text: string | undefined): DateFilterValue | null {
  if (!text) return null;
  const preset = presetOfSlug(text);
  if (preset) return { kind: 'preset', preset };
  if (isDay(text)) return { kind: 'day', day: text };
  const [from, to, ...rest] = text.split('..');
  if (rest.length === 0 && from && to && isDay(from) && isDay(to)) return { kind: 'range', from, to };
  return null;
}
