import {
  DESCRIPTOR_ROWS_MAX,
  type DescriptorList,
  type DescriptorQuery,
  type MidCounter,
  type MidSales,
  type PspCounter,
} from '@domain/contract/counters';
import type { FiredAlert } from '@domain/contract/limits';
import type { CardBrand } from '@domain/enums';
import {
  COUNTER_RANGES,
  type CounterRange,
  counterRangeDays,
  descriptorSearch,
  effectiveLimits,
  LIMIT_CARD_BRAND_NAMES,
  type LimitLevel,
} from '@domain/limits';
import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { isLimitSale } from '../../db/sales-rollup';
import { limitAlertFirings, limits, mids, salesRollup } from '../../db/schema';
import { containsPattern } from '../../lib/list';
import { byBrandOrder, dailySalesChart, daysOf, isCardBrand, type SavedLimit } from './charts';
import { type PspScope, scopeMids } from './scope';

// The counters' reads (spec 3, sections 2.6 and 3 "Counter data"): successful sales from the daily sales rollup only
// (never the raw transactions, so a counter costs the same on ten million transactions as on ten thousand) against
// the limits in force. Every read is within one merchant on one provider solution; days are UTC.

export interface DayRange {
  from: string;
  to: string;
}

/** Alerts the KPI cards list at most. */
const FIRED_ALERTS_MAX = 50;

const isSale = isLimitSale();

/** The scope's successful sales on the days of `range`, narrowed by `more`. */
function salesWhere(scope: PspScope, range: DayRange, ...more: (SQL | undefined)[]): SQL {
  return and(
    eq(salesRollup.merchantId, scope.merchantId),
    eq(salesRollup.solutionId, scope.solutionId),
    sql`${salesRollup.day} between ${range.from} and ${range.to}`,
    isSale,
    ...more,
  )!;
}

const salesSum = (filter?: SQL) =>
  sql<number>`coalesce(sum(${salesRollup.count})${filter ? sql` filter (where ${filter})` : sql``}, 0)`.mapWith(Number);

/** The saved limit rows of the scope matching `where`. */
function savedLimits(db: Queryable, scope: PspScope, where: SQL) {
  return db
    .select({
      id: limits.id,
      midId: limits.midId,
      cardBrand: limits.cardBrand,
      descriptor: limits.descriptor,
      total: limits.total,
      daily: limits.daily,
      alertPercentage: limits.alertPercentage,
    })
    .from(limits)
    .where(and(eq(limits.merchantId, scope.merchantId), eq(limits.solutionId, scope.solutionId), where));
}

const NO_LIMIT = { total: null, daily: null };

function levelOf(limit: { midId: string | null; cardBrand: string | null; descriptor: string | null }): LimitLevel {
  if (limit.descriptor !== null) return 'DESCRIPTOR';
  if (limit.cardBrand !== null) return 'CARD_BRAND';
  return limit.midId === null ? 'GLOBAL' : 'MID';
}

/** Alerts of the scope fired since `since`, newest first. */
async function firedAlerts(db: Queryable, scope: PspScope, since: Date): Promise<FiredAlert[]> {
  const rows = await db
    .select({
      limitId: limitAlertFirings.limitId,
      midId: limits.midId,
      midDescription: mids.description,
      cardBrand: limits.cardBrand,
      descriptor: limits.descriptor,
      period: limitAlertFirings.period,
      periodStart: limitAlertFirings.periodStart,
      percentage: limitAlertFirings.percentage,
      limit: limitAlertFirings.limitValue,
      sales: limitAlertFirings.sales,
      firedAt: limitAlertFirings.firedAt,
    })
    .from(limitAlertFirings)
    .innerJoin(limits, eq(limits.id, limitAlertFirings.limitId))
    .leftJoin(mids, eq(mids.id, limits.midId))
    .where(
      and(
        eq(limitAlertFirings.merchantId, scope.merchantId),
        eq(limitAlertFirings.solutionId, scope.solutionId),
        gte(limitAlertFirings.firedAt, since),
      ),
    )
    .orderBy(desc(limitAlertFirings.firedAt), asc(limitAlertFirings.id))
    .limit(FIRED_ALERTS_MAX);
  return rows.map((row) => ({
    ...row,
    level: levelOf(row),
    midDescription: row.midDescription ?? null,
    cardBrand: isCardBrand(row.cardBrand) ? row.cardBrand : null,
    period: row.period as FiredAlert['period'],
    firedAt: row.firedAt.toISOString(),
  }));
}

/** The KPI cards: sales today, this month, last month and two months ago, the global limits and the fired alerts. */
export async function loadPspCounter(db: Queryable, scope: PspScope, now: Date): Promise<PspCounter> {
  const ranges = Object.fromEntries(COUNTER_RANGES.map((range) => [range, counterRangeDays(range, now)])) as Record<
    CounterRange,
    DayRange
  >;
  const inRange = (range: CounterRange) =>
    salesSum(sql`${salesRollup.day} between ${ranges[range].from} and ${ranges[range].to}`);
  const [[sales], [global], alerts] = await Promise.all([
    db
      .select({
        today: inRange('today'),
        thisMonth: inRange('thisMonth'),
        lastMonth: inRange('lastMonth'),
        twoMonthsAgo: inRange('twoMonthsAgo'),
      })
      .from(salesRollup)
      .where(salesWhere(scope, { from: ranges.twoMonthsAgo.from, to: ranges.today.to })),
    savedLimits(db, scope, isNull(limits.midId)),
    firedAlerts(db, scope, new Date(`${ranges.lastMonth.from}T00:00:00.000Z`)),
  ]);
  const { total, daily } = effectiveLimits(global ?? NO_LIMIT);
  return {
    today: ranges.today.to,
    sales: { success: sales! },
    limits: { total, daily },
    firedAlerts: alerts,
  };
}

const brandKey = (midId: string | null, cardBrand: string | null) => `${midId}|${cardBrand ?? ''}`;

/** The scope's MIDs with their sales in the range, all brands and per brand, against their monthly limits. */
export async function loadMidSales(db: Queryable, scope: PspScope, range: DayRange): Promise<MidSales[]> {
  const [midRows, salesRows, limitRows] = await Promise.all([
    scopeMids(db, scope),
    db
      .select({ midId: salesRollup.midId, cardBrand: salesRollup.cardBrand, sales: salesSum() })
      .from(salesRollup)
      .where(salesWhere(scope, range, isNotNull(salesRollup.midId)))
      .groupBy(salesRollup.midId, salesRollup.cardBrand),
    savedLimits(db, scope, and(isNotNull(limits.midId), isNull(limits.descriptor))!),
  ]);
  const limitOf = new Map(limitRows.map((row) => [brandKey(row.midId, row.cardBrand), row]));
  const monthly = (midId: string, cardBrand: CardBrand | null) =>
    effectiveLimits(limitOf.get(brandKey(midId, cardBrand)) ?? NO_LIMIT).total;
  return midRows.map((mid) => {
    const rows = salesRows.filter((row) => row.midId === mid.midId);
    const byBrand = new Map<CardBrand, number>();
    for (const row of rows) {
      if (isCardBrand(row.cardBrand)) byBrand.set(row.cardBrand, (byBrand.get(row.cardBrand) ?? 0) + row.sales);
    }
    const brands = [...new Set<CardBrand>([...LIMIT_CARD_BRAND_NAMES, ...byBrand.keys()])].sort(byBrandOrder);
    return {
      ...mid,
      monthlySales: {
        sales: rows.reduce((sum, row) => sum + row.sales, 0),
        limit: monthly(mid.midId, null),
        cardBrands: brands.map((name) => ({ name, sales: byBrand.get(name) ?? 0, limit: monthly(mid.midId, name) })),
      },
    };
  });
}

/** One MID's daily sales chart over the range and, per brand it sold on, its descriptors with their saved limits. */
export async function loadMidCounter(
  db: Queryable,
  scope: PspScope,
  midId: string,
  range: DayRange,
): Promise<MidCounter> {
  const ofMid = eq(salesRollup.midId, midId);
  const [dailyRows, descriptorRows, limitRows] = await Promise.all([
    db
      .select({ day: salesRollup.day, cardBrand: salesRollup.cardBrand, sales: salesSum() })
      .from(salesRollup)
      .where(salesWhere(scope, range, ofMid))
      .groupBy(salesRollup.day, salesRollup.cardBrand),
    db
      .select({ cardBrand: salesRollup.cardBrand, descriptor: salesRollup.descriptor, sales: salesSum() })
      .from(salesRollup)
      .where(salesWhere(scope, range, ofMid, isNotNull(salesRollup.descriptor)))
      .groupBy(salesRollup.cardBrand, salesRollup.descriptor),
    savedLimits(db, scope, eq(limits.midId, midId)),
  ]);
  const saved = new Map<string, SavedLimit>(
    limitRows.map((row) => [`${row.cardBrand ?? ''}|${row.descriptor ?? ''}`, row]),
  );
  const dailySales = dailySalesChart(daysOf(range.from, range.to), dailyRows, (cardBrand) =>
    saved.get(`${cardBrand ?? ''}|`),
  );
  const descriptors = dailySales.series.flatMap(({ cardBrand }) => {
    if (cardBrand === null) return [];
    const items = descriptorRows
      .filter((row) => row.cardBrand === cardBrand)
      .map((row) => {
        const limit = saved.get(`${cardBrand}|${row.descriptor}`);
        return {
          descriptor: row.descriptor!,
          sales: row.sales,
          total: limit?.total ?? null,
          daily: limit?.daily ?? null,
        };
      })
      .sort((a, b) => b.sales - a.sales || a.descriptor.localeCompare(b.descriptor));
    return [{ cardBrand, items }];
  });
  return { dailySales, descriptors };
}

/** The descriptors table's sort keys over the grouped rows; ties fall back to descriptor, MID and brand. */
function descriptorOrder(order: string | undefined, keys: Record<'descriptor' | 'sales' | 'mid' | 'cardBrand', SQL>) {
  const wanted = order ?? '-sales';
  const key = wanted.replace(/^-/, '') as keyof typeof keys;
  const primary = wanted.startsWith('-') ? desc(keys[key]) : asc(keys[key]);
  return [primary, asc(keys.descriptor), asc(keys.mid), asc(keys.cardBrand)];
}

/**
 * The Descriptors tab: the scope's descriptors with their sales in the range per MID and brand, and the limits saved
 * on them; filtered by brand, MID and a case-insensitive part of the descriptor. Sales without a brand or a
 * descriptor have no row (nothing could be limited there). count is every matching row; items stop at
 * DESCRIPTOR_ROWS_MAX.
 */
export async function loadDescriptors(db: Queryable, scope: PspScope, query: DescriptorQuery): Promise<DescriptorList> {
  const search = descriptorSearch(query.descriptor ?? '');
  if (search.kind === 'invalid') return { count: 0, items: [] };
  const grouped = db
    .select({
      midId: salesRollup.midId,
      cardBrand: salesRollup.cardBrand,
      descriptor: salesRollup.descriptor,
      sales: sql<number>`sum(${salesRollup.count})`.mapWith(Number).as('sales'),
    })
    .from(salesRollup)
    .where(
      salesWhere(
        scope,
        query,
        query.brand?.length ? inArray(salesRollup.cardBrand, query.brand) : isNotNull(salesRollup.cardBrand),
        isNotNull(salesRollup.descriptor),
        query.midId?.length ? inArray(salesRollup.midId, query.midId) : isNotNull(salesRollup.midId),
        search.kind === 'match'
          ? sql`lower(${salesRollup.descriptor}) like ${containsPattern(search.text)}`
          : undefined,
      ),
    )
    .groupBy(salesRollup.midId, salesRollup.cardBrand, salesRollup.descriptor)
    .as('grouped');
  const rows = await db
    .select({
      descriptor: grouped.descriptor,
      sales: grouped.sales,
      total: limits.total,
      daily: limits.daily,
      mid: mids.description,
      midId: mids.id,
      cardBrand: grouped.cardBrand,
      count: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(grouped)
    .innerJoin(mids, eq(mids.id, grouped.midId))
    .leftJoin(
      limits,
      and(
        eq(limits.merchantId, scope.merchantId),
        eq(limits.solutionId, scope.solutionId),
        eq(limits.midId, grouped.midId),
        eq(limits.cardBrand, grouped.cardBrand),
        eq(limits.descriptor, grouped.descriptor),
      ),
    )
    .orderBy(
      ...descriptorOrder(query.order, {
        descriptor: sql`lower(${grouped.descriptor})`,
        sales: sql`${grouped.sales}`,
        mid: sql`lower(${mids.description})`,
        cardBrand: sql`${grouped.cardBrand}`,
      }),
      asc(mids.id),
    )
    .limit(DESCRIPTOR_ROWS_MAX);
  // A brand outside CARD_BRANDS (no writer stores one) is left out here rather than tested on every rollup row.
  const items = rows.flatMap(({ count: _count, descriptor, cardBrand, ...row }) =>
    isCardBrand(cardBrand) ? [{ ...row, descriptor: descriptor!, cardBrand }] : [],
  );
  return { count: (rows[0]?.count ?? 0) - (rows.length - items.length), items };
}
