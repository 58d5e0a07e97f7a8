import type {
  DescriptorList,
  DescriptorQuery,
  MidCounter,
  MidSales,
  PspCounter,
  SalesByRange,
} from '@domain/contract/counters';
import type { FiredAlert } from '@domain/contract/limits';
import {
  COUNTER_RANGES,
  type CounterRange,
  counterRangeDays,
  descriptorSearch,
  effectiveLimits,
  type LimitCardBrand,
  type LimitPair,
  limitCardBrandsOf,
  limitFor,
  limitLevel,
  limitPeriodOf,
} from '@domain/limits';
import { and, asc, desc, eq, gte, isNull, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { limitCardBrandSql } from '../../db/limit-sql';
import { periodsFrom } from '../../db/periods';
import { limitAlertFirings, limits, mids } from '../../db/schema';
import { containsPattern, pageWindow, TOTAL_CAP } from '../../lib/list';
import { type PspScope, pspMids } from '../../plugins/psp-scope';
import { dailySalesChart, daysOf, type SavedLimit } from './charts';

// The counters' reads (spec 3, sections 2.6 and 3 "Counter data"): successful sales from the limit sales totals only
// (migration 0022; never the raw transactions, so a counter costs the same on ten million transactions as on ten
// thousand) against the limits in force. Every read is within one merchant on one provider solution; days are UTC. A
// range reads its whole months as month rows and its other days as day rows (db/periods.ts); `today` only steers
// that choice. Card brands count in their groups (Visa, Mastercard, Others: limitCardBrandSql).

export interface DayRange {
  from: string;
  to: string;
}

/** Alerts the KPI cards list at most. */
const FIRED_ALERTS_MAX = 50;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The limit sales rows (alias `s`) of the scope in the named periods: sum `p.sign * s.count` by `p.period`. */
const salesIn = (periods: Record<string, DayRange>, today: string) =>
  periodsFrom(sql`limit_sales`, 's', periods, today);
const inScope = (scope: PspScope) =>
  sql`s.account_id = ${scope.accountId}::uuid and s.merchant_id = ${scope.merchantId}::uuid
    and s.solution_id = ${scope.solutionId}::uuid`;
const brandOfSale = limitCardBrandSql(sql`s.card_brand`);
const salesSum = sql`sum(p.sign * s.count)::int`;

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

const NO_LIMIT: LimitPair = { total: null, daily: null };

/** A saved row's card brand, which only ever holds a group's name. */
const groupOf = (cardBrand: string | null) => cardBrand as LimitCardBrand | null;

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
        eq(limitAlertFirings.accountId, scope.accountId),
        eq(limitAlertFirings.merchantId, scope.merchantId),
        eq(limitAlertFirings.solutionId, scope.solutionId),
        gte(limitAlertFirings.firedAt, since),
      ),
    )
    .orderBy(desc(limitAlertFirings.firedAt), asc(limitAlertFirings.id))
    .limit(FIRED_ALERTS_MAX);
  return rows.map((row) => ({
    ...row,
    level: limitLevel(row),
    midDescription: row.midDescription ?? null,
    cardBrand: groupOf(row.cardBrand),
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
  const [result, [global], alerts] = await Promise.all([
    db.execute(sql`
      select p.period, ${salesSum} as sales
      from ${salesIn(ranges, ranges.today.to)}
      where ${inScope(scope)}
      group by p.period`),
    savedLimits(db, scope, isNull(limits.midId)),
    firedAlerts(db, scope, new Date(`${ranges.lastMonth.from}T00:00:00.000Z`)),
  ]);
  const sales = Object.fromEntries(COUNTER_RANGES.map((range) => [range, 0])) as SalesByRange;
  for (const row of rowsOf<{ period: CounterRange; sales: number }>(result)) sales[row.period] = Number(row.sales);
  return {
    today: ranges.today.to,
    sales: { success: sales },
    limits: effectiveLimits(global ?? NO_LIMIT),
    firedAlerts: alerts,
  };
}

const brandKey = (midId: string | null, cardBrand: string | null) => `${midId}|${cardBrand ?? ''}`;

/**
 * The scope's MIDs with their sales in the range, all brands and per brand group, against their limits in force for
 * the range's period: a single day against the daily limit, anything longer against the monthly one.
 */
export async function loadMidSales(
  db: Queryable,
  scope: PspScope,
  range: DayRange,
  today: string,
): Promise<MidSales[]> {
  const period = limitPeriodOf(range);
  const [midRows, salesResult, limitRows] = await Promise.all([
    pspMids(db, scope),
    db.execute(sql`
      select s.mid_id as "midId", ${brandOfSale} as "cardBrand", ${salesSum} as sales
      from ${salesIn({ range }, today)}
      where ${inScope(scope)} and s.mid_id is not null
      group by 1, 2
      having sum(p.sign * s.count) <> 0`),
    savedLimits(db, scope, sql`${limits.midId} is not null and ${limits.descriptor} is null`),
  ]);
  const salesRows = rowsOf<{ midId: string; cardBrand: LimitCardBrand; sales: number }>(salesResult);
  const limitOf = new Map(limitRows.map((row) => [brandKey(row.midId, row.cardBrand), row]));
  const inForce = (midId: string, cardBrand: LimitCardBrand | null) =>
    limitFor(effectiveLimits(limitOf.get(brandKey(midId, cardBrand)) ?? NO_LIMIT), period);
  return midRows.map(({ cardBrands: accepted, ...mid }) => {
    const byBrand = new Map<LimitCardBrand, number>();
    for (const row of salesRows) {
      if (row.midId === mid.midId) byBrand.set(row.cardBrand, (byBrand.get(row.cardBrand) ?? 0) + Number(row.sales));
    }
    return {
      ...mid,
      monthlySales: {
        sales: [...byBrand.values()].reduce((sum, sales) => sum + sales, 0),
        period,
        limit: inForce(mid.midId, null),
        cardBrands: limitCardBrandsOf(accepted, byBrand.keys()).map((name) => ({
          name,
          sales: byBrand.get(name) ?? 0,
          limit: inForce(mid.midId, name),
        })),
      },
    };
  });
}

/** One MID's daily sales chart over the range and, per brand group it sold on, its descriptors with their limits. */
export async function loadMidCounter(
  db: Queryable,
  scope: PspScope,
  midId: string,
  range: DayRange,
  today: string,
): Promise<MidCounter> {
  const [dailyResult, descriptorResult, limitRows] = await Promise.all([
    db.execute(sql`
      select s.day::text as day, ${brandOfSale} as "cardBrand", sum(s.count)::int as sales
      from limit_sales s
      where ${inScope(scope)} and s.mid_id = ${midId}::uuid and not s.whole_month
        and s.day between ${range.from}::date and ${range.to}::date
      group by 1, 2`),
    db.execute(sql`
      select ${brandOfSale} as "cardBrand", s.descriptor, ${salesSum} as sales
      from ${salesIn({ range }, today)}
      where ${inScope(scope)} and s.mid_id = ${midId}::uuid and s.descriptor is not null
      group by 1, 2
      having sum(p.sign * s.count) <> 0`),
    savedLimits(db, scope, eq(limits.midId, midId)),
  ]);
  const saved = new Map<string, SavedLimit>(
    limitRows.map((row) => [`${row.cardBrand ?? ''}|${row.descriptor ?? ''}`, row]),
  );
  const dailySales = dailySalesChart(
    daysOf(range.from, range.to),
    rowsOf<{ day: string; cardBrand: LimitCardBrand; sales: number }>(dailyResult).map((row) => ({
      ...row,
      sales: Number(row.sales),
    })),
    (cardBrand) => saved.get(`${cardBrand ?? ''}|`),
  );
  const descriptorRows = rowsOf<{ cardBrand: LimitCardBrand; descriptor: string; sales: number }>(descriptorResult);
  const descriptors = dailySales.series.flatMap(({ cardBrand }) => {
    if (cardBrand === null) return [];
    const items = descriptorRows
      .filter((row) => row.cardBrand === cardBrand)
      .map((row) => ({
        descriptor: row.descriptor,
        sales: Number(row.sales),
        ...effectiveLimits(saved.get(`${cardBrand}|${row.descriptor}`) ?? NO_LIMIT),
      }))
      .sort((a, b) => b.sales - a.sales || a.descriptor.localeCompare(b.descriptor));
    return [{ cardBrand, items }];
  });
  return { dailySales, descriptors };
}

/** The descriptors table's sort keys over the grouped rows; ties fall back to descriptor, MID, brand and MID id. */
function descriptorOrder(order: string | undefined): SQL {
  const keys: Record<'descriptor' | 'sales' | 'mid' | 'cardBrand', SQL> = {
    descriptor: sql`lower(g.descriptor)`,
    sales: sql`g.sales`,
    mid: sql`lower(m.description)`,
    cardBrand: sql`g.card_brand`,
  };
  const wanted = order ?? '-sales';
  const key = wanted.replace(/^-/, '') as keyof typeof keys;
  const primary = sql`${keys[key]} ${sql.raw(wanted.startsWith('-') ? 'desc' : 'asc')}`;
  return sql.join([primary, keys.descriptor, keys.mid, keys.cardBrand, sql`m.id`], sql`, `);
}

const anyOf = (column: SQL, values: readonly string[], cast: string) =>
  sql`${column} in (${sql.join(
    values.map((value) => sql`${value}::${sql.raw(cast)}`),
    sql`, `,
  )})`;

/**
 * The Descriptors tab, a page at a time: the scope's descriptors with their sales in the range per MID and brand group,
 * and their limits in force; filtered by brand group, MID and a case-insensitive part of the descriptor. Sales
 * without a descriptor have no row (nothing could be limited there). total counts every row, up to 10,001 (the list
 * convention's '+10k').
 */
export async function loadDescriptors(
  db: Queryable,
  scope: PspScope,
  query: DescriptorQuery,
  today: string,
): Promise<DescriptorList> {
  const search = descriptorSearch(query.descriptor ?? '');
  if (search.kind === 'invalid') return { count: 0, total: 0, items: [] };
  const { limit, offset } = pageWindow(query);
  const filters = [
    query.brand?.length ? anyOf(brandOfSale, query.brand, 'text') : undefined,
    query.midId?.length ? anyOf(sql`s.mid_id`, query.midId, 'uuid') : sql`s.mid_id is not null`,
    search.kind === 'match' ? sql`lower(s.descriptor) like ${containsPattern(search.text)}` : undefined,
  ].filter((filter) => filter !== undefined);
  const grouped = sql`
    select s.mid_id, ${brandOfSale} as card_brand, s.descriptor, ${salesSum} as sales
    from ${salesIn({ range: query }, today)}
    where ${inScope(scope)} and s.descriptor is not null and ${sql.join(filters, sql` and `)}
    group by 1, 2, 3
    having sum(p.sign * s.count) <> 0`;
  const rows = rowsOf<DescriptorRowRead>(
    await db.execute(sql`
      with g as (${grouped})
      select g.descriptor, g.sales, l.total, l.daily, m.description as mid, m.id as "midId",
        g.card_brand as "cardBrand", count(*) over () as rows
      from g
        join mids m on m.id = g.mid_id
        left join limits l on l.merchant_id = ${scope.merchantId}::uuid and l.solution_id = ${scope.solutionId}::uuid
          and l.mid_id = g.mid_id and l.card_brand = g.card_brand and l.descriptor = g.descriptor
      order by ${descriptorOrder(query.order)}
      limit ${limit} offset ${offset}`),
  );
  // A page past the last one holds no row to carry the count: then it is counted on its own.
  const total =
    rows[0]?.rows ??
    (offset === 0
      ? 0
      : rowsOf<{ rows: string }>(await db.execute(sql`select count(*) as rows from (${grouped}) g`))[0]!.rows);
  const items = rows.map(({ rows: _rows, total: monthly, daily, sales, ...row }) => ({
    ...row,
    sales: Number(sales),
    ...effectiveLimits({ total: monthly, daily }),
  }));
  return { count: items.length, total: Math.min(Number(total), TOTAL_CAP), items };
}

interface DescriptorRowRead {
  descriptor: string;
  sales: number;
  total: number | null;
  daily: number | null;
  mid: string;
  midId: string;
  cardBrand: LimitCardBrand;
  /** Every row of the query, on each row of the page. */
  rows: string | number;
}
