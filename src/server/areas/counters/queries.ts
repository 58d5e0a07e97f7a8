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
import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { partsOver } from '../../db/periods';
import { limitAlertFirings, limitSales, limits, mids } from '../../db/schema';
import { containsPattern } from '../../lib/list';
import { byBrandOrder, dailySalesChart, daysOf, isCardBrand, type SavedLimit } from './charts';
import { type PspScope, scopeMids } from './scope';

// The counters' reads (spec 3, sections 2.6 and 3 "Counter data"): successful sales from the limit sales totals only
// (migration 0022; never the raw transactions, so a counter costs the same on ten million transactions as on ten
// thousand) against the limits in force. Every read is within one merchant on one provider solution; days are UTC. A
// range reads its whole months as month rows and its other days as day rows (db/periods.ts); `today` only steers
// that choice.

export interface DayRange {
  from: string;
  to: string;
}

/** Alerts the KPI cards list at most. */
const FIRED_ALERTS_MAX = 50;

const spans = { wholeMonth: sql`${limitSales.wholeMonth}`, day: sql`${limitSales.day}` };

/** The scope's rows, narrowed by `more`. */
function scopeWhere(scope: PspScope, ...more: (SQL | undefined)[]): SQL {
  return and(eq(limitSales.merchantId, scope.merchantId), eq(limitSales.solutionId, scope.solutionId), ...more)!;
}

/**
 * The sales of `range` (each row counted with its sign in the range's parts, 0 outside them) and the condition that
 * selects those parts' rows.
 */
function salesIn(range: DayRange, today: string) {
  const parts = partsOver(range, today, spans);
  return {
    sum: sql<number>`coalesce(sum(${parts.sign} * ${limitSales.count}), 0)`.mapWith(Number),
    where: parts.where,
  };
}

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
  const periods = Object.fromEntries(
    COUNTER_RANGES.map((range) => [range, salesIn(ranges[range], ranges.today.to)]),
  ) as Record<CounterRange, ReturnType<typeof salesIn>>;
  const [[sales], [global], alerts] = await Promise.all([
    db
      .select({
        today: periods.today.sum,
        thisMonth: periods.thisMonth.sum,
        lastMonth: periods.lastMonth.sum,
        twoMonthsAgo: periods.twoMonthsAgo.sum,
      })
      .from(limitSales)
      .where(scopeWhere(scope, or(...COUNTER_RANGES.map((range) => periods[range].where)))),
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
export async function loadMidSales(
  db: Queryable,
  scope: PspScope,
  range: DayRange,
  today: string,
): Promise<MidSales[]> {
  const { sum: sales, where: inRange } = salesIn(range, today);
  const [midRows, salesRows, limitRows] = await Promise.all([
    scopeMids(db, scope),
    db
      .select({ midId: limitSales.midId, cardBrand: limitSales.cardBrand, sales })
      .from(limitSales)
      .where(scopeWhere(scope, inRange, isNotNull(limitSales.midId)))
      .groupBy(limitSales.midId, limitSales.cardBrand)
      .having(sql`${sales} <> 0`),
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
  today: string,
): Promise<MidCounter> {
  const ofMid = eq(limitSales.midId, midId);
  const { sum: sales, where: inRange } = salesIn(range, today);
  const dailySum = sql<number>`sum(${limitSales.count})`.mapWith(Number);
  const [dailyRows, descriptorRows, limitRows] = await Promise.all([
    db
      .select({ day: limitSales.day, cardBrand: limitSales.cardBrand, sales: dailySum })
      .from(limitSales)
      .where(
        scopeWhere(
          scope,
          ofMid,
          eq(limitSales.wholeMonth, false),
          sql`${limitSales.day} between ${range.from} and ${range.to}`,
        ),
      )
      .groupBy(limitSales.day, limitSales.cardBrand),
    db
      .select({ cardBrand: limitSales.cardBrand, descriptor: limitSales.descriptor, sales })
      .from(limitSales)
      .where(scopeWhere(scope, inRange, ofMid, isNotNull(limitSales.descriptor)))
      .groupBy(limitSales.cardBrand, limitSales.descriptor)
      .having(sql`${sales} <> 0`),
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
export async function loadDescriptors(
  db: Queryable,
  scope: PspScope,
  query: DescriptorQuery,
  today: string,
): Promise<DescriptorList> {
  const search = descriptorSearch(query.descriptor ?? '');
  if (search.kind === 'invalid') return { count: 0, items: [] };
  const { sum: sales, where: inRange } = salesIn(query, today);
  const grouped = db
    .select({
      midId: limitSales.midId,
      cardBrand: limitSales.cardBrand,
      descriptor: limitSales.descriptor,
      sales: sales.as('sales'),
    })
    .from(limitSales)
    .where(
      scopeWhere(
        scope,
        inRange,
        query.brand?.length ? inArray(limitSales.cardBrand, query.brand) : isNotNull(limitSales.cardBrand),
        isNotNull(limitSales.descriptor),
        query.midId?.length ? inArray(limitSales.midId, query.midId) : isNotNull(limitSales.midId),
        search.kind === 'match' ? sql`lower(${limitSales.descriptor}) like ${containsPattern(search.text)}` : undefined,
      ),
    )
    .groupBy(limitSales.midId, limitSales.cardBrand, limitSales.descriptor)
    .having(sql`${sales} <> 0`)
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
