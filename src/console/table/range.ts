// The range filter of the data table (From and To inputs, e.g. the transactions' risk score). The address keeps the
// two values under the filter's id, in order; the API receives them as a bracketed pair. A range the screen's check
// refuses (a hand-edited address, a shared link from before a rule changed) is left out of the call instead of
// failing the whole list.
import type { FilterDefinition, ListQueryParams, RangeFilterDefinition, RangeFilterErrors } from './types';

export function isRangeFilter(filter: FilterDefinition): filter is RangeFilterDefinition {
  return filter.kind === 'range';
}

export function hasRangeErrors(errors: RangeFilterErrors): boolean {
  return Boolean(errors.from || errors.to || errors.summary);
}

/** The applied pair from the filter's address values; null when there is none or it is not a complete pair. */
export function rangeOf(values: readonly string[] | undefined): { from: string; to: string } | null {
  if (values?.length !== 2) return null;
  const [from = '', to = ''] = values;
  return { from, to };
}

/** What the filter's button says: 'All', or '10 – 90'. */
export function rangeLabel(values: readonly string[] | undefined): string {
  const range = rangeOf(values);
  return range ? `${range.from} – ${range.to}` : 'All';
}

/** What an input keeps of what was typed: digits only when the filter asks for them, cut at its length. */
export function sanitiseRangeInput(filter: RangeFilterDefinition, text: string): string {
  const kept = filter.digitsOnly ? text.replace(/\D+/g, '') : text;
  return filter.maxLength === undefined ? kept : kept.slice(0, filter.maxLength);
}

/**
 * Keeps each range filter's pair in a list query only when the filter's own check accepts it; anything else (one value,
 * three, a refused pair) is dropped so no call is made with it.
 */
export function withRanges(query: ListQueryParams, filters: readonly FilterDefinition[]): ListQueryParams {
  const rangeFilters = filters.filter(isRangeFilter);
  if (rangeFilters.length === 0) return query;
  const next = { ...query };
  for (const filter of rangeFilters) {
    const raw = next[filter.id];
    delete next[filter.id];
    const range = rangeOf(Array.isArray(raw) ? raw : undefined);
    if (!range || range.from.trim() === '' || hasRangeErrors(filter.validate(range.from, range.to))) continue;
    next[filter.id] = [range.from.trim(), range.to.trim()];
  }
  return next;
}
