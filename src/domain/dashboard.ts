import type { RecurrenceType, TransactionStatus, TransactionType } from './enums';
import { currencyExponent } from './format';
import { MSG } from './validation';

// The merchant dashboard's rules (spec 3, sections 2.8, 3 "Dashboard sales data", 7 and 9), pure so the server, the
// console and the tests share them: which transactions each KPI counts, the formulas of the KPI boxes, the comparison
// period, the range rules and the conversion of amounts into the viewing currency.

/** 'View amount in' (spec 3, section 9): EUR by default. */
export const DASHBOARD_CURRENCIES = ['EUR', 'USD', 'GBP'] as const;
export type DashboardCurrency = (typeof DASHBOARD_CURRENCIES)[number];
export const DASHBOARD_DEFAULT_CURRENCY: DashboardCurrency = 'EUR';

/** A dashboard range (and its comparison) spans at most this many days; longer ones answer 400. */
export const DASHBOARD_RANGE_MAX_DAYS = 400;
export const DASHBOARD_RANGE_TOO_LONG = `The range is at most ${DASHBOARD_RANGE_MAX_DAYS} days`;
/** 'Top 5 rejected errors'. */
export const TOP_ERRORS = 5;

/** The warning of an amount that cannot be converted (spec 3, section 2.8). */
export const AMOUNT_UNAVAILABLE_MESSAGE =
  'The total amount in the selected currency is unavailable at the time. Please, try it again later.';
export const NO_REJECTED_ERRORS_MESSAGE = 'There are no rejected errors in your processing';

// ---- Which transactions count ----

/** The spec's sale types, one per recurrence category. */
export const SALE_TYPES = ['oneOff', 'initial', 'renewal', 'maintenance'] as const;
export type SaleType = (typeof SALE_TYPES)[number];
/** The outcomes a payment attempt ends in; other statuses (in process, pending, prevented...) are not counted. */
export const SALE_OUTCOMES = ['success', 'failed', 'declined', 'abandoned'] as const;
export type SaleOutcome = (typeof SALE_OUTCOMES)[number];
export const REJECTED_OUTCOMES = ['failed', 'declined', 'abandoned'] as const satisfies readonly SaleOutcome[];

export const SALE_TYPE_CATEGORY = {
  oneOff: 'ONE-OFF',
  initial: 'INITIAL',
  renewal: 'RENEWAL',
  maintenance: 'MAINTENANCE',
} as const satisfies Record<SaleType, RecurrenceType>;
export const SALE_OUTCOME_STATUS = {
  success: 'SUCCESS',
  failed: 'FAILED',
  declined: 'DECLINED',
  abandoned: 'ABANDONED',
} as const satisfies Record<SaleOutcome, TransactionStatus>;

/** Payments: a first charge (PAYMENT, category ONE-OFF or INITIAL) or a subscription's charge (RECURRENCE). */
export const PAYMENT_TYPES = ['PAYMENT', 'RECURRENCE'] as const satisfies readonly TransactionType[];
export const REFUND_TYPES = ['REFUND', 'PARTIAL_REFUND'] as const satisfies readonly TransactionType[];
export const CHARGEBACK_TYPES = ['CHARGEBACK'] as const satisfies readonly TransactionType[];

export function saleTypeOf(category: string): SaleType | null {
  for (const type of SALE_TYPES) if (SALE_TYPE_CATEGORY[type] === category) return type;
  return null;
}

export function saleOutcomeOf(status: string): SaleOutcome | null {
  for (const outcome of SALE_OUTCOMES) if (SALE_OUTCOME_STATUS[outcome] === status) return outcome;
  return null;
}

/** Where a transaction counts on the dashboard; null when it counts nowhere (a pending payment, an RDR...). */
export type DashboardBucket =
  | { kind: 'sale'; type: SaleType; outcome: SaleOutcome; fallback: boolean }
  | { kind: 'refund' }
  | { kind: 'chargeback' };

export function dashboardBucketOf(row: {
  transactionType: string;
  status: string;
  category: string | null;
  isFallback: boolean;
}): DashboardBucket | null {
  if ((PAYMENT_TYPES as readonly string[]).includes(row.transactionType)) {
    const type = row.category === null ? null : saleTypeOf(row.category);
    const outcome = saleOutcomeOf(row.status);
    return type && outcome ? { kind: 'sale', type, outcome, fallback: row.isFallback } : null;
  }
  if (row.status !== 'SUCCESS') return null;
  if ((REFUND_TYPES as readonly string[]).includes(row.transactionType)) return { kind: 'refund' };
  if ((CHARGEBACK_TYPES as readonly string[]).includes(row.transactionType)) return { kind: 'chargeback' };
  return null;
}

/** The KPI boxes whose menu exports their transactions. */
export const DASHBOARD_KPIS = ['total', 'sales', 'rejected', 'errors', 'fallback', 'refunds', 'chargebacks'] as const;
export type DashboardKpi = (typeof DASHBOARD_KPIS)[number];

/** The transactions list and export filters of a KPI box (spec 3, section 7, 'KPI export filters'). */
export interface KpiTransactionFilters {
  transactionType: TransactionType[];
  status: TransactionStatus[];
  /** Only fallback payments. */
  isFallback?: true;
}

const statusesOf = (outcomes: readonly SaleOutcome[]) => outcomes.map((outcome) => SALE_OUTCOME_STATUS[outcome]);

export function kpiTransactionFilters(kpi: DashboardKpi): KpiTransactionFilters {
  switch (kpi) {
    case 'total':
      return { transactionType: [...PAYMENT_TYPES], status: statusesOf(SALE_OUTCOMES) };
    case 'sales':
      return { transactionType: [...PAYMENT_TYPES], status: ['SUCCESS'] };
    case 'rejected':
    case 'errors':
      return { transactionType: [...PAYMENT_TYPES], status: statusesOf(REJECTED_OUTCOMES) };
    case 'fallback':
      return { transactionType: [...PAYMENT_TYPES], status: ['SUCCESS'], isFallback: true };
    case 'refunds':
      return { transactionType: [...REFUND_TYPES], status: ['SUCCESS'] };
    case 'chargebacks':
      return { transactionType: [...CHARGEBACK_TYPES], status: ['SUCCESS'] };
  }
}

// ---- Figures and formulas ----

/** A count and its amount in the viewing currency (minor units); amount null when a rate is missing. */
export interface Tally {
  total: number;
  amount: number | null;
}
export type OutcomeTallies = Record<SaleOutcome, Tally>;
export type SalesByType = Record<SaleType, OutcomeTallies>;

/**
 * The KPI boxes' own tallies. Each amount is converted and rounded once from the exact sum, so it equals the converted
 * sum of the box's transactions; adding the cells' rounded amounts instead could be a few minor units off.
 */
export interface DashboardBoxes {
  /** Payments that ended: success, failed, declined or abandoned ('Total'). */
  total: Tally;
  /** Successful payments ('Sales'). */
  sales: Tally;
  /** Failed, declined and abandoned payments ('Rejected'). */
  rejected: Tally;
  /** Successful fallback payments ('Fallback sales'). */
  fallback: Tally;
}

export interface DashboardFigures {
  sales: SalesByType;
  fallbackSales: SalesByType;
  refunds: { success: Tally };
  chargebacks: { success: Tally };
  boxes: DashboardBoxes;
}

export const EMPTY_TALLY: Tally = { total: 0, amount: 0 };

export function emptySales(): SalesByType {
  const byOutcome = (): OutcomeTallies => ({
    success: { ...EMPTY_TALLY },
    failed: { ...EMPTY_TALLY },
    declined: { ...EMPTY_TALLY },
    abandoned: { ...EMPTY_TALLY },
  });
  return { oneOff: byOutcome(), initial: byOutcome(), renewal: byOutcome(), maintenance: byOutcome() };
}

/** Adds tallies: counts add up, and an amount is unavailable as soon as one of its parts is. */
export function sumTallies(tallies: readonly Tally[]): Tally {
  let total = 0;
  let amount: number | null = 0;
  for (const tally of tallies) {
    total += tally.total;
    amount = amount === null || tally.amount === null ? null : amount + tally.amount;
  }
  return { total, amount };
}

/** Sales of the given outcomes, over the given types (every type unless told). */
export function salesOf(
  sales: SalesByType,
  outcomes: readonly SaleOutcome[],
  types: readonly SaleType[] = SALE_TYPES,
): Tally {
  return sumTallies(types.flatMap((type) => outcomes.map((outcome) => sales[type][outcome])));
}

/** A ratio, or null when its denominator is 0 (the box shows no rate rather than 0 % or infinity). */
export const ratio = (numerator: number, denominator: number): number | null =>
  denominator === 0 ? null : numerator / denominator;

/** The KPI boxes' figures of one period; rates as fractions (0.25 is 25 %), from counts. */
export interface DashboardKpis extends DashboardBoxes {
  refunds: Tally;
  chargebacks: Tally;
  /** Successful / (successful + declined): failed and abandoned attempts never reached an issuer's decision. */
  authorizationRate: number | null;
  /** Successful fallback payments / every fallback attempt that ended (the fallback MID's checkout rate). */
  fallbackCheckoutRate: number | null;
  /** Successful refunds / successful sales (counts). */
  refundRate: number | null;
  /** Successful chargebacks / successful sales (counts). */
  chargebackRate: number | null;
  /**
   * Successful fallback payments / successful first payments (one-off and initial): the share of new sales the
   * fallback MID won back. Renewals and maintenance charges are left out of the base, as the spec's formula says.
   */
  uplift: number | null;
}

export function dashboardKpis(figures: DashboardFigures): DashboardKpis {
  const { sales, fallback } = figures.boxes;
  const declined = salesOf(figures.sales, ['declined']);
  const fallbackAttempts = salesOf(figures.fallbackSales, SALE_OUTCOMES);
  const firstSales = salesOf(figures.sales, ['success'], ['oneOff', 'initial']);
  const refunds = figures.refunds.success;
  const chargebacks = figures.chargebacks.success;
  return {
    ...figures.boxes,
    refunds,
    chargebacks,
    authorizationRate: ratio(sales.total, sales.total + declined.total),
    fallbackCheckoutRate: ratio(fallback.total, fallbackAttempts.total),
    refundRate: ratio(refunds.total, sales.total),
    chargebackRate: ratio(chargebacks.total, sales.total),
    uplift: ratio(fallback.total, firstSales.total),
  };
}

/** The change against the comparison period, as a fraction; null when the comparison had none. */
export function changeAgainst(current: number, previous: number): number | null {
  return previous === 0 ? null : (current - previous) / previous;
}

/** The chart's Y maximum (spec 3, section 9): the highest value rounded up to a multiple of 10, plus 10 percent. */
export function chartMaxY(values: readonly number[]): number {
  const highest = Math.max(0, ...values);
  const rounded = Math.ceil(highest / 10) * 10;
  return Math.ceil((rounded * 11) / 10);
}

// ---- Days, ranges and the comparison period ----

/** A range of whole UTC days, both included, as YYYY-MM-DD (the rollups' days). */
export interface DayRange {
  from: string;
  to: string;
}

const DAY_MS = 86_400_000;
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00.000Z`) / DAY_MS;
const dayOf = (number: number) => new Date(number * DAY_MS).toISOString().slice(0, 10);

export function addDays(day: string, days: number): string {
  return dayOf(dayNumber(day) + days);
}

/** Days in the range, both ends included. */
export function daysIn(range: DayRange): number {
  return dayNumber(range.to) - dayNumber(range.from) + 1;
}

/** Every day of the range, in order. */
export function eachDay(range: DayRange): string[] {
  const first = dayNumber(range.from);
  return Array.from({ length: Math.max(0, daysIn(range)) }, (_, index) => dayOf(first + index));
}

const START_OF_DAY = /^(\d{4}-\d{2}-\d{2})(?:T00:00(?::00(?:\.0+)?)?(?:Z|[+-]00:?00))?$/;
const END_OF_DAY = /^(\d{4}-\d{2}-\d{2})(?:T23:59:59\.9+(?:Z|[+-]00:?00))?$/;
const isRealDay = (day: string) => !Number.isNaN(Date.parse(`${day}T00:00:00.000Z`)) && dayOf(dayNumber(day)) === day;

/** The UTC day a range starts on: 'YYYY-MM-DD' or its start, 'YYYY-MM-DDT00:00:00.000Z'; null otherwise. */
export function rangeStartDay(value: string): string | null {
  const day = START_OF_DAY.exec(value)?.[1];
  return day && isRealDay(day) ? day : null;
}

/** The UTC day a range ends on: 'YYYY-MM-DD' or its end, 'YYYY-MM-DDT23:59:59.999Z'; null otherwise. */
export function rangeEndDay(value: string): string | null {
  const day = END_OF_DAY.exec(value)?.[1];
  return day && isRealDay(day) ? day : null;
}

/** The message of a range the dashboard refuses, or null: reversed, or longer than DASHBOARD_RANGE_MAX_DAYS. */
export function dashboardRangeError(range: DayRange): string | null {
  const days = daysIn(range);
  if (days < 1) return MSG.datesIncorrect;
  if (days > DASHBOARD_RANGE_MAX_DAYS) return DASHBOARD_RANGE_TOO_LONG;
  return null;
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

export interface ComparisonPeriod extends DayRange {
  /** The comparison label's name: 'February' (a year is added when it differs), 'last 7 days', 'previous day'. */
  name: string;
}

const lastDayOfMonth = (year: number, month: number) => new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
const dayText = (year: number, month: number, day: number) =>
  new Date(Date.UTC(year, month, day)).toISOString().slice(0, 10);

/**
 * The period a range is compared with (spec 3, section 9):
 * - one day: the day before ('previous day');
 * - a whole calendar month ('Last month', 'Two months ago'): the month before, named;
 * - from the 1st to a day of the same month ('This month'): the same days of the month before, cut at its last day
 *   (1-31 March against 1-28 February), named after that month;
 * - any other range ('Last 7 days', 'Last 30 days', custom): the days just before it, as many ('last 7 days').
 */
export function comparisonPeriod(range: DayRange): ComparisonPeriod {
  const days = daysIn(range);
  if (days === 1) {
    const day = addDays(range.from, -1);
    return { name: 'previous day', from: day, to: day };
  }
  const [fromYear, fromMonth, fromDay] = range.from.split('-').map(Number) as [number, number, number];
  const [toYear, toMonth, toDay] = range.to.split('-').map(Number) as [number, number, number];
  if (fromDay === 1 && fromYear === toYear && fromMonth === toMonth) {
    const year = fromMonth === 1 ? fromYear - 1 : fromYear;
    const month = fromMonth === 1 ? 11 : fromMonth - 2;
    const last = lastDayOfMonth(year, month);
    const wholeMonth = toDay === lastDayOfMonth(toYear, toMonth - 1);
    const name = year === fromYear ? MONTHS[month]! : `${MONTHS[month]!} ${year}`;
    return {
      name,
      from: dayText(year, month, 1),
      to: dayText(year, month, wholeMonth ? last : Math.min(toDay, last)),
    };
  }
  return { name: `last ${days} days`, from: addDays(range.from, -days), to: addDays(range.from, -1) };
}

// ---- Currency conversion ----

/**
 * Exchange rates are units of a currency per 1 EUR (the base), with at most RATE_DECIMALS decimals; EUR itself is 1
 * and has no row.
 */
export const RATE_BASE_CURRENCY = 'EUR';
export const RATE_DECIMALS = 8;
/** A converted day total keeps this many decimals of the minor unit until the period's sum is rounded. */
export const CONVERSION_DECIMALS = 12;

/** A rate as text ('1.0823'), read into an integer count of 10^-RATE_DECIMALS; null when not a positive decimal. */
export function scaledRate(rate: string): bigint | null {
  const match = /^(\d{1,10})(?:\.(\d{1,8}))?$/.exec(rate.trim());
  if (!match) return null;
  const scaled = BigInt(match[1]!) * 10n ** BigInt(RATE_DECIMALS) + BigInt((match[2] ?? '').padEnd(RATE_DECIMALS, '0'));
  return scaled > 0n ? scaled : null;
}

/** Integer division rounding half away from zero. */
export function divideRounded(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const quotient = (2n * n + d) / (2n * d);
  return negative ? -quotient : quotient;
}

/** One day's total in one currency, with that day's rates (units per EUR) of it and of the target. */
export interface DayAmount {
  amount: number;
  currency: string;
  /** The rate of `currency` on the day; ignored for EUR and for the target currency itself. */
  rate: string | null;
  /** The rate of the target currency on the day; ignored when the target is EUR or the amount's own currency. */
  targetRate: string | null;
}

/**
 * Converts day totals into `target` minor units, the way the dashboard's SQL does: each day's total in a currency (per
 * transaction type, category, status and fallback flag, and per solution when the call filters by solutions: a row of
 * the dashboard rollup) is converted at that day's rates to
 * 10^-CONVERSION_DECIMALS of the target's minor unit (rounded half away from zero), those are added, and the sum is
 * rounded half away from zero to a whole minor unit once. Amounts already in the target currency are not converted.
 * Null when a needed rate is missing: never a total that leaves part of the money out.
 */
export function convertDayAmounts(parts: readonly DayAmount[], target: string): number | null {
  const sum = convertedSum(parts, target);
  return sum === null ? null : Number(divideRounded(sum, 10n ** BigInt(CONVERSION_DECIMALS)));
}

/** The exact sum convertDayAmounts rounds, in 10^-CONVERSION_DECIMALS target minor units; null when a rate is missing. */
export function convertedSum(parts: readonly DayAmount[], target: string): bigint | null {
  const one = 10n ** BigInt(RATE_DECIMALS);
  const precision = 10n ** BigInt(CONVERSION_DECIMALS);
  let sum = 0n;
  for (const part of parts) {
    if (part.currency === target) {
      sum += BigInt(part.amount) * precision;
      continue;
    }
    const from = part.currency === RATE_BASE_CURRENCY ? one : part.rate === null ? null : scaledRate(part.rate);
    const to = target === RATE_BASE_CURRENCY ? one : part.targetRate === null ? null : scaledRate(part.targetRate);
    if (from === null || to === null) return null;
    const numerator = BigInt(part.amount) * to * 10n ** BigInt(currencyExponent(target)) * precision;
    const denominator = from * 10n ** BigInt(currencyExponent(part.currency));
    sum += divideRounded(numerator, denominator);
  }
  return sum;
}
