// Reading a key's values by its kind: each reader answers the address values or a typed error on the item at fault.
import dayjs from 'dayjs';
import { type DateFilterValue, isDay, presetOfSlug, presetSlugOf, serialiseDateFilter } from '../date-filter';
import { DATE_PRESETS } from '../format';
import { closest, type QueryError } from './errors';
import type { DateRangeKeySpec, NumberRangeKeySpec, QueryValueOption } from './key-spec';
import type { ValueItem } from './tokenize';

export type ValueResult = { values: string[] } | { error: QueryError };

const error = (item: ValueItem, code: QueryError['code'], message: string, suggestions?: string[]): ValueResult => ({
  error: { code, start: item.start, end: item.end, message, ...(suggestions ? { suggestions } : {}) },
});

/** 'In process', 'IN_PROCESS' and 'in-process' are one value to a user typing it; letters of any script count. */
export const normalise = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

/** The form the printer writes for an option: its label as a slug ('in-process'), or its code for countries. */
export function typedFormOf(option: QueryValueOption, printAs: 'label' | 'value' = 'label'): string {
  const source = printAs === 'value' ? option.value : option.label;
  return source
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
}

type OptionIndex = {
  byValue: Map<string, QueryValueOption[]>;
  byNormal: Map<string, QueryValueOption[]>;
  forms: Map<string | undefined, string[]>;
};
// Enum options are module constants, so their index is built once; run-time options (agents) are few.
const indexes = new WeakMap<readonly QueryValueOption[], OptionIndex>();

function indexOf(options: readonly QueryValueOption[]): OptionIndex {
  const cached = indexes.get(options);
  if (cached) return cached;
  const byValue = new Map<string, QueryValueOption[]>();
  const byNormal = new Map<string, QueryValueOption[]>();
  const add = (map: Map<string, QueryValueOption[]>, key: string, option: QueryValueOption) => {
    const list = map.get(key) ?? [];
    if (!list.includes(option)) list.push(option);
    map.set(key, list);
  };
  for (const option of options) {
    add(byValue, option.value, option);
    add(byNormal, normalise(option.value), option);
    add(byNormal, normalise(option.label), option);
  }
  const index = { byValue, byNormal, forms: new Map<string | undefined, string[]>() };
  indexes.set(options, index);
  return index;
}

/** Every option an item names: by value (exactly, then normalised) or by label; several records may share a name. */
export function matchOptions(text: string, options: readonly QueryValueOption[]): QueryValueOption[] {
  const index = indexOf(options);
  const exact = index.byValue.get(text);
  if (exact) return exact;
  const wanted = normalise(text);
  return wanted === '' ? [] : (index.byNormal.get(wanted) ?? []);
}

export function unknownValue(
  item: ValueItem,
  label: string,
  options: readonly QueryValueOption[],
  printAs?: 'label' | 'value',
  suggest = true,
) {
  if (!suggest) return error(item, 'unknownValue', `${label} has no value '${item.text}'.`);
  const index = indexOf(options);
  let forms = index.forms.get(printAs);
  if (!forms) {
    forms = options.map((option) => typedFormOf(option, printAs));
    index.forms.set(printAs, forms);
  }
  const suggestions = closest(item.text, forms);
  const hint = suggestions.length > 0 ? ` Did you mean ${suggestions.join(', ')}?` : '';
  return error(item, 'unknownValue', `${label} has no value '${item.text}'.${hint}`, suggestions);
}

const INTEGER = /^\d{1,9}$/;

/** 'N', '>N', '>=N', '<N', '<=N' or 'A..B', whole numbers within the key's bounds: the address pair [from, to]. */
export function readNumberRange(spec: NumberRangeKeySpec, item: ValueItem): ValueResult {
  const text = item.text;
  const bounds = `${spec.label} takes whole numbers from ${spec.min} to ${spec.max}`;
  let low: number;
  let high: number;
  const comparison = /^(>=|<=|>|<)(.*)$/.exec(text);
  if (comparison) {
    const [, operator, number = ''] = comparison;
    if (!INTEGER.test(number)) return error(item, 'badRange', `${bounds}: '${number}' is not one.`);
    const value = Number(number);
    if (operator === '>') [low, high] = [value + 1, spec.max];
    else if (operator === '>=') [low, high] = [value, spec.max];
    else if (operator === '<') [low, high] = [spec.min, value - 1];
    else [low, high] = [spec.min, value];
    if (low > high) return error(item, 'badRange', `Nothing is ${operator} ${value}: ${bounds}.`);
  } else if (text.includes('..')) {
    const [from = '', to = '', ...rest] = text.split('..');
    if (rest.length > 0 || !INTEGER.test(from) || !INTEGER.test(to))
      return error(item, 'badRange', `${bounds}, written from..to (10..50).`);
    [low, high] = [Number(from), Number(to)];
    if (low > high) return error(item, 'badRange', `The range starts above its end: write ${high}..${low}.`);
  } else {
    if (!INTEGER.test(text)) return error(item, 'badRange', `${bounds}: '${text}' is not one.`);
    low = high = Number(text);
  }
  if (low < spec.min || high > spec.max) return error(item, 'badRange', `${bounds}.`);
  return { values: [String(low), String(high)] };
}

const RELATIVE = /^(>=|>)(\d{1,4})([dwm])$/;
const DAY_FORMAT = 'YYYY-MM-DD';
/** Relative spans the date filter has a preset for: kept as the preset, so a shared link stays relative. */
const PRESET_FOR_DAYS: Record<number, string> = { 7: 'last-7-days', 30: 'last-30-days' };

/**
 * A date key's value as the address keeps it. 'today' is that day; 'yesterday' and the preset slugs stay presets;
 * '>7d' and '>30d' are the presets 'Last 7 days' and 'Last 30 days' (today and the days before it); other spans
 * and '>=2026-11-01' become a range of days ending today. The list's date filter needs both ends, so an open
 * start ('<7d') is refused rather than guessed.
 */
export function readDateRange(spec: DateRangeKeySpec, item: ValueItem, now: Date): ValueResult {
  const text = item.text.toLowerCase();
  const today = dayjs(now).startOf('day');
  const days = (value: DateFilterValue): ValueResult => ({ values: [serialiseDateFilter(value)] });
  if (text === 'today') return days({ kind: 'day', day: today.format(DAY_FORMAT) });
  const preset = presetOfSlug(text);
  if (preset) return days({ kind: 'preset', preset });
  if (isDay(text)) return days({ kind: 'day', day: text });
  const relative = RELATIVE.exec(text);
  if (relative) {
    const [, , countText = '0', unit] = relative;
    const count = Number(countText);
    if (count < 1) return error(item, 'badRange', `${spec.label}: a span of at least one day (>1d).`);
    const from =
      unit === 'm'
        ? today.subtract(count, 'month').add(1, 'day')
        : today.subtract(count * (unit === 'w' ? 7 : 1) - 1, 'day');
    const span = today.diff(from, 'day') + 1;
    const presetSlug = PRESET_FOR_DAYS[span];
    if (presetSlug && unit !== 'm') return { values: [presetSlug] };
    return days({ kind: 'range', from: from.format(DAY_FORMAT), to: today.format(DAY_FORMAT) });
  }
  const since = /^(>=|>)(\d{4}-\d{2}-\d{2})$/.exec(text);
  if (since) {
    const [, operator, day = ''] = since;
    if (!isDay(day)) return error(item, 'badRange', `${spec.label}: '${day}' is not a day (YYYY-MM-DD).`);
    const from = operator === '>' ? dayjs(day).add(1, 'day') : dayjs(day);
    if (from.isAfter(today)) return error(item, 'badRange', `${spec.label}: ${item.text} starts after today.`);
    return days({ kind: 'range', from: from.format(DAY_FORMAT), to: today.format(DAY_FORMAT) });
  }
  if (text.startsWith('<'))
    return error(
      item,
      'badRange',
      `${spec.label} needs a start: write a range of days (2026-11-01..2026-11-15) or a recent span (>7d).`,
    );
  if (text.includes('..')) {
    const [from = '', to = '', ...rest] = text.split('..');
    if (rest.length > 0 || !isDay(from) || !isDay(to))
      return error(item, 'badRange', `${spec.label}: write a range as two days, 2026-11-01..2026-11-15.`);
    if (to < from) return error(item, 'badRange', `${spec.label}: the range ends before it starts.`);
    return days({ kind: 'range', from, to });
  }
  const presets = ['today', 'yesterday', '>7d', '>30d', ...dateSlugs()];
  const suggestions = closest(text, presets);
  return error(
    item,
    'unknownValue',
    `${spec.label} takes a day (2026-11-01), a range (2026-11-01..2026-11-15), a span (>7d) or ${suggestions.join(', ')}.`,
    suggestions,
  );
}

function dateSlugs(): string[] {
  return DATE_PRESETS.map(presetSlugOf);
}
