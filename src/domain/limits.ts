import { z } from 'zod';
import type { CardBrand } from './enums';
import { MSG } from './validation';

// Limits, alerts and counters (spec 3, sections 2.6, 2.7, 3 "Limits" and "Counter data", 4 "Limits editing", 5
// "Limits and alerts"). Shared by the server (validation, firing) and the console (inputs, draft, progress bars).
//
// Decisions where the spec is silent (README, "Limits and alerts"):
// - A limit counts successful sales: payments and recurrences with status SUCCESS, as the counters show ("the sales
//   count, '/limit'"). Counting keeps one number across a merchant's currencies.
// - Days and months are UTC calendar days and months, the days of the sales rollup.
// - Limits are whole numbers from 1 to LIMIT_MAX; the alert percentage is a whole percent from 1 to ALERT_MAX_PERCENT.

export const DAYS_PER_MONTH = 30;
/** The largest limit accepted: more sales than any acquirer grants in a month, far below a 20-digit overflow. */
export const LIMIT_MAX = 999_999_999;
/** The largest alert percentage: an alert may warn past the limit (the spec's "1–100+"), up to ten times it. */
export const ALERT_MAX_PERCENT = 1000;

export const LIMIT_MESSAGES = {
  zero: '0 is not valid value',
  required: MSG.required,
  minimumOne: 'The minimum number is 1',
  wholeNumber: 'Enter a whole number',
  maximum: (max: number) => `The maximum number is ${max}`,
  /** The descriptor search's text for a blank or non-matching value (spec 3, section 2.6). */
  notValidSearch: 'not valid search',
  /** Why the bell is disabled (both values empty), and why a save setting an alert without a limit is refused. */
  alertNeedsLimit: 'Enter a monthly or daily limit to set an alert',
  hint: 'You only need to fill in one of the two limits: the other is calculated on a 30-day month.',
  alertBanner: 'Your changes can overwrite these settings for all users.',
  alertBannerCare: 'Please, be careful.',
  noDescriptorsForMid: 'There are no descriptors for this MID',
  noDescriptorsForCard: 'There are no descriptors for this card',
} as const;

/**
 * The card brands counters and limits count by (spec 3, sections 2.7 and 9): Visa, with descriptor limits; Mastercard,
 * without; and Others, every other sale (other brands, and sales whose brand is unknown), without. So Visa, Mastercard
 * and Others add up to 'All brands'. `brands` are the card brands of the group; null is the rest.
 */
export const LIMIT_CARD_BRANDS = [
  { name: 'VISA', label: 'Visa', brands: ['VISA'], descriptorsConfigurable: true },
  { name: 'MC', label: 'Mastercard', brands: ['MC'], descriptorsConfigurable: false },
  { name: 'OTHERS', label: 'Others', brands: null, descriptorsConfigurable: false },
] as const satisfies readonly {
  name: string;
  label: string;
  brands: readonly CardBrand[] | null;
  descriptorsConfigurable: boolean;
}[];
export type LimitCardBrand = (typeof LIMIT_CARD_BRANDS)[number]['name'];
export const LIMIT_CARD_BRAND_NAMES = LIMIT_CARD_BRANDS.map((brand) => brand.name) as [
  LimitCardBrand,
  ...LimitCardBrand[],
];
export const LIMIT_CARD_BRAND_LABELS = Object.fromEntries(
  LIMIT_CARD_BRANDS.map((brand) => [brand.name, brand.label]),
) as Record<LimitCardBrand, string>;

const OTHER_BRANDS = LIMIT_CARD_BRANDS.find((group) => group.brands === null)!.name;

/** The group a sale's card brand counts in: Visa, Mastercard or Others (an unknown brand included). */
export function limitCardBrandOf(cardBrand: string | null): LimitCardBrand {
  if (cardBrand === null) return OTHER_BRANDS;
  const group = LIMIT_CARD_BRANDS.find((candidate) =>
    (candidate.brands as readonly string[] | null)?.includes(cardBrand),
  );
  return group?.name ?? OTHER_BRANDS;
}

/** Whether a brand group takes descriptor limits (Visa only). */
export const takesDescriptorLimits = (group: LimitCardBrand) =>
  LIMIT_CARD_BRANDS.some((candidate) => candidate.name === group && candidate.descriptorsConfigurable);

/**
 * The brand groups a MID's counters and limits list, in their order: those of the card brands the MID accepts (every
 * group when it accepts any brand, its card brand criterion being empty), and any other `present` (a group it sold
 * on, or one with a saved limit), so nothing counted or saved is ever hidden.
 */
export function limitCardBrandsOf(
  accepted: readonly string[],
  present: Iterable<LimitCardBrand> = [],
): LimitCardBrand[] {
  const shown = new Set<LimitCardBrand>(present);
  if (accepted.length === 0) for (const name of LIMIT_CARD_BRAND_NAMES) shown.add(name);
  for (const brand of accepted) shown.add(limitCardBrandOf(brand));
  return LIMIT_CARD_BRAND_NAMES.filter((name) => shown.has(name));
}

/** A descriptor as the shopper's statement shows it: 1 to 200 characters (the rollup keeps 200). */
export const DESCRIPTOR_MAX = 200;
/** Descriptors one card brand of one MID may carry limits for. */
export const DESCRIPTORS_PER_BRAND_MAX = 500;

/**
 * One limit value: a whole number from 1 to LIMIT_MAX, or null for "no limit". The console turns an empty input into
 * null before validating (spec 3, section 5); 0 gets the spec's text.
 */
export const limitValue = z
  .number({ error: LIMIT_MESSAGES.wholeNumber })
  .refine((value) => value !== 0, LIMIT_MESSAGES.zero)
  .refine((value) => value >= 0, LIMIT_MESSAGES.minimumOne)
  .refine((value) => Number.isInteger(value), LIMIT_MESSAGES.wholeNumber)
  .refine((value) => value <= LIMIT_MAX, LIMIT_MESSAGES.maximum(LIMIT_MAX))
  .nullable();

/** The alert percentage as the user types it: a whole percent, 1 to ALERT_MAX_PERCENT. */
export const alertPercentInput = z
  .number({ error: LIMIT_MESSAGES.required })
  .refine((value) => value >= 1, LIMIT_MESSAGES.minimumOne)
  .refine((value) => Number.isInteger(value), LIMIT_MESSAGES.wholeNumber)
  .refine((value) => value <= ALERT_MAX_PERCENT, LIMIT_MESSAGES.maximum(ALERT_MAX_PERCENT));

/** The alert percentage as stored and sent: a fraction (0.5 is 50 %), whole percents only. */
export const alertFraction = z
  .number({ error: LIMIT_MESSAGES.required })
  .refine((value) => Number.isFinite(value) && value >= 0.01, LIMIT_MESSAGES.minimumOne)
  .refine((value) => Number.isInteger(Math.round(value * 1e6) / 1e4), LIMIT_MESSAGES.wholeNumber)
  .refine((value) => value <= ALERT_MAX_PERCENT / 100, LIMIT_MESSAGES.maximum(ALERT_MAX_PERCENT));

export const percentToFraction = (percent: number) => Math.round(percent) / 100;
export const fractionToPercent = (fraction: number) => Math.round(fraction * 100);

/** A limit's two values, Monthly (total) and Daily, as saved: null where none was given. */
export interface LimitPair {
  total: number | null;
  daily: number | null;
}
/** The two values of a limit pair, in the order the screens show them. */
export const LIMIT_VALUE_FIELDS = ['total', 'daily'] as const satisfies readonly (keyof LimitPair)[];

/**
 * The limits in force, as counters measure sales against them: what was given, the other derived on a 30-day month.
 * The same shape as the saved values, a different meaning: the counters' answers carry these, the limits' the saved.
 */
export type LimitsInForce = LimitPair;

/**
 * The limits in force: what was given, and the other derived on a 30-day month (a daily limit rounds up, so 30 days
 * of it always cover the monthly one).
 */
export function effectiveLimits({ total, daily }: LimitPair): LimitsInForce {
  return {
    total: total ?? (daily === null ? null : daily * DAYS_PER_MONTH),
    daily: daily ?? (total === null ? null : Math.ceil(total / DAYS_PER_MONTH)),
  };
}

/**
 * Whether a limit has a value at all: an alert needs one (spec 3, section 2.7: the bell is disabled when both are
 * empty), and clearing both removes the alert. The limit-alerts job's SQL is generated from LIMIT_VALUE_FIELDS too.
 */
export const hasLimit = (pair: LimitPair): boolean => LIMIT_VALUE_FIELDS.some((field) => pair[field] !== null);

/**
 * The sales at which an alert fires: the fewest whole sales that reach its percentage of the limit (sales × 100 ≥
 * percent × limit). Whole numbers on both sides, so the chart's alert line and the firing agree at the edge.
 * percent × limit stays below 2^53, and a quotient that is not whole is at least 0.01 from one, so ceil is exact.
 */
export function alertThreshold(limit: number, fraction: number): number {
  return Math.ceil((fractionToPercent(fraction) * limit) / 100);
}

/** Whether `sales` reached the alert's threshold on `limit` (fires the alert, once per period). */
export const alertReached = (sales: number, limit: number, fraction: number): boolean =>
  sales >= alertThreshold(limit, fraction);

export type UsageLevel = 'ok' | 'warning' | 'over';

/** The progress bar's colour: green up to 80 %, amber above 80 %, red above 100 % (spec 3, section 2.6). */
export function usageLevel(sales: number, limit: number | null): UsageLevel {
  if (limit === null || limit <= 0) return 'ok';
  const ratio = sales / limit;
  if (ratio > 1) return 'over';
  if (ratio > 0.8) return 'warning';
  return 'ok';
}

/** The bar's fill in percent, 0 to 100 (an exceeded limit fills the bar). */
export function usagePercent(sales: number, limit: number | null): number {
  if (limit === null || limit <= 0) return 0;
  return Math.min(100, Math.max(0, (sales / limit) * 100));
}

/** The level of a limit row: which scope its sales are counted over. */
export const LIMIT_LEVELS = ['GLOBAL', 'MID', 'CARD_BRAND', 'DESCRIPTOR'] as const;
export type LimitLevel = (typeof LIMIT_LEVELS)[number];

/** A limit row's level, from the scope columns it sets (a descriptor sits under a card brand, a brand under a MID). */
export function limitLevel(row: {
  midId: string | null;
  cardBrand: string | null;
  descriptor: string | null;
}): LimitLevel {
  if (row.descriptor !== null) return 'DESCRIPTOR';
  if (row.cardBrand !== null) return 'CARD_BRAND';
  return row.midId === null ? 'GLOBAL' : 'MID';
}

/** The periods a limit applies to: Daily and Monthly (total); an alert fires once per each. */
export const ALERT_PERIODS = ['DAILY', 'MONTHLY'] as const;
export type AlertPeriod = (typeof ALERT_PERIODS)[number];

/** The limit a range's sales are measured against: a single day against the daily limit, longer against the monthly. */
export const limitPeriodOf = (range: { from: string; to: string }): AlertPeriod =>
  range.from === range.to ? 'DAILY' : 'MONTHLY';

/** The limit in force for a period. */
export const limitFor = (limits: LimitsInForce, period: AlertPeriod): number | null =>
  period === 'DAILY' ? limits.daily : limits.total;

/** The ranges the counters offer (spec 3, section 2.6). */
export const COUNTER_RANGES = ['today', 'thisMonth', 'lastMonth', 'twoMonthsAgo'] as const;
export type CounterRange = (typeof COUNTER_RANGES)[number];
export const COUNTER_RANGE_LABELS: Record<CounterRange, string> = {
  today: 'Today',
  thisMonth: 'This month',
  lastMonth: 'Last month',
  twoMonthsAgo: 'Two months ago',
};

const pad = (value: number) => String(value).padStart(2, '0');
const dayOf = (date: Date) => `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;

/** First and last UTC day (YYYY-MM-DD, inclusive) of a counter range, at `now`. */
export function counterRangeDays(range: CounterRange, now: Date): { from: string; to: string } {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth();
  if (range === 'today') return { from: dayOf(now), to: dayOf(now) };
  if (range === 'thisMonth') return { from: dayOf(new Date(Date.UTC(year, month, 1))), to: dayOf(now) };
  const back = range === 'lastMonth' ? 1 : 2;
  return {
    from: dayOf(new Date(Date.UTC(year, month - back, 1))),
    to: dayOf(new Date(Date.UTC(year, month - back + 1, 0))),
  };
}

/** The descriptor search (spec 3, section 2.6): '' resets; blank is invalid; otherwise a case-insensitive substring. */
export type DescriptorSearch = { kind: 'all' } | { kind: 'invalid' } | { kind: 'match'; text: string };
export function descriptorSearch(value: string): DescriptorSearch {
  if (value === '') return { kind: 'all' };
  if (value.trim() === '') return { kind: 'invalid' };
  return { kind: 'match', text: value.trim().toLowerCase() };
}
export const matchesDescriptor = (descriptor: string, search: DescriptorSearch) =>
  search.kind === 'all' || (search.kind === 'match' && descriptor.toLowerCase().includes(search.text));
/** The accordion's search starts at 2 characters (spec 3, section 2.6). */
export const DESCRIPTOR_SEARCH_MIN = 2;
