import { z } from 'zod';
import { CARD_BRANDS } from '../enums';
import { DESCRIPTOR_MAX } from '../limits';
import { MSG } from '../validation';
import { queryArray, uuid } from './common';
import { firedAlert } from './limits';

// Counters over the API (spec 3, sections 2.6, 3 "Counter data" and 7): the merchant's provider solutions
// (GET /merchant/{merchantId}/psp), their counters (GET .../psp/{pspId}/counter), MIDs with sales
// (GET .../psp/{pspId}/mid), one MID's daily sales (GET .../psp/{pspId}/mid/{midId}/counter) and descriptors
// (GET .../psp/{pspId}/descriptor). Sales are counts of successful payments and recurrences, read from the daily
// sales rollup; days are UTC.

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

const limitPair = z.object({ total: z.number().int().nullable(), daily: z.number().int().nullable() });

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
  limits: limitPair,
  /** Alerts fired this month and last, newest first (at most 50). */
  firedAlerts: z.array(firedAlert),
});
export type PspCounter = z.infer<typeof pspCounter>;

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use the form YYYY-MM-DD');
/** A day range, both days included, at most 93 days (a range of the counters is at most a month). */
export const COUNTER_RANGE_MAX_DAYS = 93;
/** From before to, at most COUNTER_RANGE_MAX_DAYS days. */
const checkedRange = <T extends z.ZodType<{ from: string; to: string }>>(schema: T) =>
  schema
    .refine((range) => range.from <= range.to, { message: MSG.datesIncorrect, path: ['from'] })
    .refine((range) => Date.parse(range.to) - Date.parse(range.from) <= (COUNTER_RANGE_MAX_DAYS - 1) * 86_400_000, {
      message: `The range is at most ${COUNTER_RANGE_MAX_DAYS} days`,
      path: ['from'],
    });
export const dayRangeQuery = checkedRange(z.object({ from: day, to: day }));

/** GET /merchant/{merchantId}/psp/{pspId}/mid: the solution's MIDs with this range's sales against their limits. */
export const midSalesQuery = dayRangeQuery;
export const brandSales = z.object({
  name: z.enum(CARD_BRANDS),
  sales: z.number().int(),
  /** The brand's monthly limit in force, or null. */
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
    limit: z.number().int().nullable(),
    cardBrands: z.array(brandSales),
  }),
});
export type MidSales = z.infer<typeof midSales>;
export const midSalesList = z.object({ items: z.array(midSales) });
export type MidSalesList = z.infer<typeof midSalesList>;

/** One series of the MID's daily chart: every brand ('All brands', cardBrand null) or one brand. */
export const dailySeries = z.object({
  label: z.string(),
  cardBrand: z.enum(CARD_BRANDS).nullable(),
  /** Sales per day of xMetric, in its order. */
  data: z.array(z.number().int()),
  /** The daily limit in force, or null. */
  limit: z.number().int().nullable(),
  /** The alert's threshold (limit × percentage), or null. */
  threshold: z.number().nullable(),
});
/** A descriptor's sales on one brand in the range. */
export const descriptorSales = z.object({
  descriptor: z.string(),
  sales: z.number().int(),
  total: z.number().int().nullable(),
  daily: z.number().int().nullable(),
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
  descriptors: z.array(z.object({ cardBrand: z.enum(CARD_BRANDS), items: z.array(descriptorSales) })),
});
export type MidCounter = z.infer<typeof midCounter>;

export const DESCRIPTOR_SORT_KEYS = ['descriptor', 'sales', 'mid', 'cardBrand'] as const;
/** GET /merchant/{merchantId}/psp/{pspId}/descriptor. */
export const descriptorQuery = checkedRange(
  z.object({
    from: day,
    to: day,
    brand: queryArray(z.enum(CARD_BRANDS)),
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
  total: z.number().int().nullable(),
  daily: z.number().int().nullable(),
  mid: z.string(),
  midId: uuid,
  cardBrand: z.enum(CARD_BRANDS),
});
export type DescriptorRow = z.infer<typeof descriptorRow>;
/** At most 2,000 rows: a merchant's descriptors on one solution in a range. */
export const DESCRIPTOR_ROWS_MAX = 2_000;
export const descriptorList = z.object({ count: z.number().int(), items: z.array(descriptorRow) });
export type DescriptorList = z.infer<typeof descriptorList>;
