import { z } from 'zod';
import {
  DASHBOARD_CURRENCIES,
  DASHBOARD_DEFAULT_CURRENCY,
  type DayRange,
  dashboardRangeError,
  rangeEndDay,
  rangeStartDay,
} from '../dashboard';
import { queryArray, uuid } from './common';
import { countryCode } from './transactions';

// The merchant dashboard over the API (spec 3, sections 2.8, 3 "Dashboard sales data (per period)" and 7):
// GET /account/{accountId}/transactions-kpis and GET /account/{accountId}/transactions-chart, read from the dashboard's
// daily rollup. Days are UTC: a range is whole days, creationDateFrom a day or its start (2026-03-01 or
// 2026-03-01T00:00:00.000Z), creationDateTo a day or its end (2026-03-31 or 2026-03-31T23:59:59.999Z), so the same
// values filter the transactions list to exactly the transactions the dashboard counted.

export const dashboardCurrency = z.enum(DASHBOARD_CURRENCIES);

const START_MESSAGE = 'Use a day (YYYY-MM-DD) or its start in UTC (YYYY-MM-DDT00:00:00.000Z)';
const END_MESSAGE = 'Use a day (YYYY-MM-DD) or its end in UTC (YYYY-MM-DDT23:59:59.999Z)';

const rangeFields = {
  creationDateFrom: z
    .string()
    .max(40)
    .refine((value) => rangeStartDay(value) !== null, START_MESSAGE),
  creationDateTo: z
    .string()
    .max(40)
    .refine((value) => rangeEndDay(value) !== null, END_MESSAGE),
  /** The merchant-level dashboard; the account's whole dashboard without it. */
  merchantId: uuid.optional(),
  /** The currency amounts are shown in ('View amount in'). */
  currency: dashboardCurrency.default(DASHBOARD_DEFAULT_CURRENCY),
};

/** The UTC days of a dashboard query (its fields are checked first). */
export function dashboardDays(query: { creationDateFrom: string; creationDateTo: string }): DayRange {
  return { from: rangeStartDay(query.creationDateFrom)!, to: rangeEndDay(query.creationDateTo)! };
}

const withRangeRule = <T extends z.ZodType<{ creationDateFrom: string; creationDateTo: string }>>(schema: T) =>
  schema.superRefine((query, context) => {
    const from = rangeStartDay(query.creationDateFrom);
    const to = rangeEndDay(query.creationDateTo);
    if (from === null || to === null) return;
    const message = dashboardRangeError({ from, to });
    if (message) context.addIssue({ code: 'custom', message, path: ['creationDateTo'] });
  });

/** GET /account/{accountId}/transactions-kpis. */
export const transactionsKpisQuery = withRangeRule(
  z.object({
    ...rangeFields,
    /** Provider solutions by name, as the transactions export's solution[] filter. */
    solution: queryArray(z.string().trim().min(1).max(200)),
    issuerCountry: countryCode.optional(),
  }),
);
export type TransactionsKpisQuery = z.infer<typeof transactionsKpisQuery>;

/** GET /account/{accountId}/transactions-chart. */
export const transactionsChartQuery = withRangeRule(z.object(rangeFields));
export type TransactionsChartQuery = z.infer<typeof transactionsChartQuery>;

/**
 * A count and its amount in the viewing currency (minor units). amount is null when the amount is unavailable: a day's
 * exchange rate for one of the currencies it adds up is missing (the box shows the spec's warning, never a wrong total).
 */
export const tally = z.object({ total: z.number().int(), amount: z.number().int().nullable() });
const outcomes = z.object({ success: tally, failed: tally, declined: tally, abandoned: tally });
/** Payments by sale type (ONE-OFF, INITIAL, RENEWAL, MAINTENANCE) and outcome. */
export const salesByType = z.object({ oneOff: outcomes, initial: outcomes, renewal: outcomes, maintenance: outcomes });

/** One of the top rejected errors: the code, its label (the error's message) and the rejected payments it ended. */
export const providerError = z.object({ code: z.string(), label: z.string(), total: z.number().int() });

/** A period's figures (spec 3, section 3 "Dashboard sales data"). */
export const dashboardFigures = z.object({
  sales: salesByType,
  /** The payments that ran on a route's fallback MID: the same shape, a subset of sales. */
  fallbackSales: salesByType,
  refunds: z.object({ success: tally }),
  chargebacks: z.object({ success: tally }),
  /** The 5 error codes that ended the most rejected payments, most first (code order among equals). */
  providersErrors: z.array(providerError),
  /**
   * The boxes Total, Sales, Rejected and Fallback sales. Each amount is rounded once from the exact converted sum, so
   * it equals the box's transactions converted; the cells' rounded amounts can add up to a few minor units more or less.
   */
  boxes: z.object({ total: tally, sales: tally, rejected: tally, fallback: tally }),
});

export const missingRate = z.object({ day: z.string(), currency: z.string() });

export const transactionsKpis = dashboardFigures.extend({
  currency: dashboardCurrency,
  /** The UTC days counted. */
  from: z.string(),
  to: z.string(),
  /** The period compared with, its figures and its name for the label ('vs February', 'vs last 7 days'). */
  comparison: dashboardFigures.extend({ name: z.string(), from: z.string(), to: z.string() }),
  /** The days and currencies whose missing rate made an amount unavailable (at most 31, oldest first). */
  missingRates: z.array(missingRate),
});
export type TransactionsKpis = z.infer<typeof transactionsKpis>;

/** One day of the daily sales chart: successful payments. */
export const chartDay = z.object({ day: z.string(), sales: tally });
export const transactionsChart = z.object({
  currency: dashboardCurrency,
  from: z.string(),
  to: z.string(),
  /** Every day of the range, in order, with 0 on days without sales. */
  days: z.array(chartDay),
  missingRates: z.array(missingRate),
});
export type TransactionsChart = z.infer<typeof transactionsChart>;
