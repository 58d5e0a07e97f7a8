import { z } from 'zod';
import { ALERT_PERIODS, DESCRIPTOR_MAX } from '../limits';
import { MSG } from '../validation';
import { listQuery, listResponse, queryArray, uuid } from './common';
import { firedAlert, limitCardBrand } from './limits';

// Counters over the API (spec 3, sections 2.6, 3 "Counter data" and 7): the merchant's provider solutions
// (GET /merchant/{merchantId}/psp), their counters (GET .../psp/{pspId}/counter), MIDs with sales
// (GET .../psp/{pspId}/mid), one MID's daily sales (GET .../psp/{pspId}/mid/{midId}/counter) and descriptors
// (GET .../psp/{pspId}/descriptor). Sales are counts of successful payments and recurrences, read from the daily
// sales rollup; days are UTC. Card brands are the limits' groups: Visa, Mastercard and Others (src/domain/limits.ts).
//
// Every limit in these answers is a limit in force (the value given, or derived on a 30-day month), the figure sales
// are measured against: the spec's names (limits.total and .daily, a descriptor's total and daily) are kept, with that
// one meaning throughout. The values as saved are the limits calls' (contract/limits.ts).

const named = z.object({ id: uuid, prettyName: z.string() });

/** One entry of the 'Provider - Solution' dropdown: a solution the merchant has MIDs on. */
export const pspOption = z.object({
  pspId: uuid,
  provider: named,
  solution: named,
  /** 'Provider - Solution'. */
  label: z.string(),
  mids: z.number().int(),
});
export type PspOption = z.infer<typeof pspOption>;
export const pspList = z.object({ items: z.array(pspOption) });
export type PspList = z.infer<typeof pspList>;

/** The limits in force: Monthly (total) and Daily, each as given or derived from the other; null for no limit. */
export const limitsInForce = z.object({ total: z.number().int().nullable(), daily: z.number().int().nullable() });

/** Successful sales per counter range. */
export const salesByRange = z.object({
  today: z.number().int(),
  thisMonth: z.number().int(),
  lastMonth: z.number().int(),
  twoMonthsAgo: z.number().int(),
});
export type SalesByRange = z.infer<typeof salesByRange>;

/** GET /merchant/{merchantId}/psp/{pspId}/counter: the KPI cards. limits are the global limits in force. */
export const pspCounter = z.object({
  /** The server's today (YYYY-MM-DD, UTC): the ranges are counted from it. */
  today: z.string(),
  sales: z.object({ success: salesByRange }),
  limits: limitsInForce,
  /** Alerts fired this month and last, newest first (at most 50). */
  firedAlerts: z.array(firedAlert),
});
export type PspCounter = z.infer<typeof pspCounter>;

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use the form YYYY-MM-DD');
/** A day range, both days included, at most 93 days (a range of the counters is at most a month). */
export const COUNTER_RANGE_MAX_DAYS = 93;
/** From before to, at most COUNTER_RANGE_MAX_DAYS days (when both are given). */
const checkedRange = <T extends z.ZodType<{ from?: string | undefined; to?: string | undefined }>>(schema: T) =>
  schema
    .refine((range) => !range.from || !range.to || range.from <= range.to, {
      message: MSG.datesIncorrect,
      path: ['from'],
    })
    .refine(
      (range) =>
        !range.from ||
        !range.to ||
        Date.parse(range.to) - Date.parse(range.from) <= (COUNTER_RANGE_MAX_DAYS - 1) * 86_400_000,
      { message: `The range is at most ${COUNTER_RANGE_MAX_DAYS} days`, path: ['from'] },
    );
export const dayRangeQuery = checkedRange(z.object({ from: day, to: day }));

/**
 * GET /merchant/{merchantId}/psp/{pspId}/mid: the solution's MIDs with a range's sales against their limits. The spec
 * gives the call no query: without from and to it counts this month (UTC, by the server's clock); with them, that
 * range (both or neither).
 */
export const midSalesQuery = checkedRange(
  z
    .object({ from: day.optional(), to: day.optional() })
    .refine((range) => (range.from === undefined) === (range.to === undefined), {
      message: 'Give both from and to, or neither',
      path: ['from'],
    }),
);
export type MidSalesQuery = z.infer<typeof midSalesQuery>;
export const brandSales = z.object({
  name: limitCardBrand,
  sales: z.number().int(),
  /** The brand's limit in force for the range's period, or null. */
  limit: z.number().int().nullable(),
});
export const midSales = z.object({
  midId: uuid,
  description: z.string(),
  midAcquirerId: z.string(),
  enable: z.boolean(),
  monthlySales: z.object({
    /** Successful sales in the range, every brand. */
    sales: z.number().int(),
    /** The limit the range is measured against: DAILY for a single day, MONTHLY for anything longer. */
    period: z.enum(ALERT_PERIODS),
    /** The MID's limit in force for that period, or null. */
    limit: z.number().int().nullable(),
    /** The brand groups the MID takes (all three when it accepts any brand) and any it sold on. */
    cardBrands: z.array(brandSales),
  }),
});
export type MidSales = z.infer<typeof midSales>;
export const midSalesList = z.object({ items: z.array(midSales) });
export type MidSalesList = z.infer<typeof midSalesList>;

/** One series of the MID's daily chart: every brand ('All brands', cardBrand null) or one brand group. */
export const dailySeries = z.object({
  label: z.string(),
  cardBrand: limitCardBrand.nullable(),
  /** Sales per day of xMetric, in its order. */
  data: z.array(z.number().int()),
  /** The daily limit in force, or null. */
  limit: z.number().int().nullable(),
  /** The daily sales at which the alert fires (alertThreshold, a whole number), or null without an alert. */
  threshold: z.number().int().nullable(),
});
/** A descriptor's sales on one brand group in the range, and its limits in force. */
export const descriptorSales = z.object({
  descriptor: z.string(),
  sales: z.number().int(),
  ...limitsInForce.shape,
});
/** GET /merchant/{merchantId}/psp/{pspId}/mid/{midId}/counter?from&to. */
export const midCounter = z.object({
  dailySales: z.object({
    /** The days of the range, YYYY-MM-DD. */
    xMetric: z.array(z.string()),
    /** The largest value any series or limit reaches: the chart's y-axis top. */
    maxY: z.number(),
    series: z.array(dailySeries),
  }),
  descriptors: z.array(z.object({ cardBrand: limitCardBrand, items: z.array(descriptorSales) })),
});
export type MidCounter = z.infer<typeof midCounter>;

export const DESCRIPTOR_SORT_KEYS = ['descriptor', 'sales', 'mid', 'cardBrand'] as const;
/**
 * GET /merchant/{merchantId}/psp/{pspId}/descriptor: the spec's from, to, brand[], descriptor and midId[], with the
 * list convention's page, limit and order (the Descriptors tab pages it; without them, the first 50 most sold).
 */
export const descriptorQuery = checkedRange(
  listQuery.pick({ page: true, limit: true }).extend({
    from: day,
    to: day,
    brand: queryArray(limitCardBrand),
    descriptor: z.string().max(DESCRIPTOR_MAX).optional(),
    midId: queryArray(uuid),
    order: z
      .string()
      .regex(
        new RegExp(`^-?(${DESCRIPTOR_SORT_KEYS.join('|')})$`),
        `Sorting is possible by ${DESCRIPTOR_SORT_KEYS.join(', ')}`,
      )
      .optional(),
  }),
);
export type DescriptorQuery = z.infer<typeof descriptorQuery>;
export const descriptorRow = z.object({
  descriptor: z.string(),
  sales: z.number().int(),
  ...limitsInForce.shape,
  mid: z.string(),
  midId: uuid,
  cardBrand: limitCardBrand,
});
export type DescriptorRow = z.infer<typeof descriptorRow>;
/** A page of the rows: count on the page, total of them all (10,001 meaning more than 10,000), items. */
export const descriptorList = listResponse(descriptorRow);
export type DescriptorList = z.infer<typeof descriptorList>;
