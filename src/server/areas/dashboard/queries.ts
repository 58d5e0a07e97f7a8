import type {
  TransactionsChart,
  TransactionsChartQuery,
  TransactionsKpis,
  TransactionsKpisQuery,
} from '@domain/contract/dashboard';
import {
  CONVERSION_DECIMALS,
  comparisonPeriod,
  type DashboardCurrency,
  type DayRange,
  divideRounded,
  eachDay,
  emptySales,
  SALE_OUTCOMES,
  SALE_TYPES,
  type SalesByType,
  saleOutcomeOf,
  saleTypeOf,
  type Tally,
  TOP_ERRORS,
} from '@domain/dashboard';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { periodsFrom } from '../../db/periods';
import { merchants, solutions } from '../../db/schema';
import { notFound } from '../../plugins/errors';

// The dashboard's reads (spec 3, sections 2.8 and 3 "Dashboard sales data"): the dashboard's rollup only (migration
// 0020), never the raw transactions, at the grain of the call's filters, so a call reads at most days x outcomes rows
// whatever the table's size. Amounts are converted with the daily exchange rates exactly as convertDayAmounts
// (src/domain/dashboard.ts) says: each rollup row's amount (a day's total in a currency of one type, category, status
// and fallback flag, per solution when the call filters by solutions) in 10^-12 of the target's minor unit, rounded
// half away from zero, summed, and the sum rounded once here. The rollup rows carry that conversion into each 'View
// amount in' currency (made as they are written and again when their day's rates are imported), and the totals add
// them up over the currencies as they change, by day and by whole month (migration 0021), so a read adds a row per
// outcome for each whole month and per day and outcome only for the other days (db/periods.ts): converting, adding every
// currency's row, or every day of a month, on each read cost most of the budget.

interface Scope {
  accountId: string;
  merchantId?: string | undefined;
  solution?: string[] | undefined;
  issuerCountry?: string | undefined;
}

/** The rows of the scope's grain (schema.ts `dashboardRollup`): the filters it has, and nothing summed twice. */
function scopeWhere(scope: Scope): SQL {
  const grain = (scope.merchantId ? 1 : 0) | (scope.solution?.length ? 2 : 0) | (scope.issuerCountry ? 4 : 0);
  return sql.join(
    [
      sql`d.account_id = ${scope.accountId}::uuid`,
      sql`d.grain = ${grain}`,
      scope.merchantId ? sql`d.merchant_id = ${scope.merchantId}::uuid` : sql`d.merchant_id is null`,
      scope.issuerCountry ? sql`d.issuer_country = ${scope.issuerCountry}` : sql`d.issuer_country is null`,
      scope.solution?.length
        ? sql`d.solution_id in (select ${solutions.id} from ${solutions} where ${and(
            eq(solutions.accountId, scope.accountId),
            inArray(solutions.prettyName, scope.solution),
          )})`
        : sql`d.solution_id is null`,
    ],
    sql` and `,
  );
}

const PRECISION = 10n ** BigInt(CONVERSION_DECIMALS);

/**
 * The dashboard totals' amounts in `target` (10^-12 of its minor unit: migration 0020's dashboard_converted(), added
 * up over the currencies) and the number of added rows whose conversion lacks a rate.
 */
function conversion(target: DashboardCurrency) {
  const code = target.toLowerCase();
  return {
    converted: sql`d.${sql.identifier(`amount_${code}`)}`,
    missing: sql`d.${sql.identifier(`missing_${code}`)}`,
    /** On the rollup's own rows: the conversion is null. */
    unconverted: sql`d.${sql.identifier(`amount_${code}`)} is null`,
  };
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** A converted sum (10^-12 minor units, as text) rounded to minor units; null when a rate was missing. */
function amountOf(converted: string | null, missing: boolean): number | null {
  if (missing) return null;
  return Number(divideRounded(BigInt(converted ?? '0'), PRECISION));
}

/** At most this many missing rates are named in an answer. */
const MISSING_RATES_SHOWN = 31;

/**
 * The days and currencies whose rates an answer lacks, read from the rollup's per-currency rows; only asked when the
 * totals count a missing conversion, which a deployment with its rates never has.
 */
async function missingRatesIn(
  db: Queryable,
  where: SQL,
  unconverted: SQL,
  figures: SQL,
): Promise<{ day: string; currency: string }[]> {
  const result = await db.execute(sql`
    select distinct d.day::text as day, d.currency
    from dashboard_rollup d
    where ${where} and ${figures} and d.error_code is null and d.count <> 0 and ${unconverted}
    order by 1, 2
    limit ${MISSING_RATES_SHOWN}`);
  return rowsOf<{ day: string; currency: string }>(result);
}

/** 404 unless the merchant is the account's. */
async function merchantOfAccount(db: Queryable, accountId: string, merchantId: string | undefined): Promise<void> {
  if (!merchantId) return;
  const [row] = await db
    .select({ one: sql`1` })
    .from(merchants)
    .where(and(eq(merchants.id, merchantId), eq(merchants.accountId, accountId)));
  if (!row) throw notFound();
}

/**
 * The answer of `read` once the tenant check has passed. Both run at once: the read sees only the account's rows, so
 * reading ahead of the check reveals nothing, and the call waits one round trip less.
 */
async function afterCheck<T>(check: Promise<void>, read: Promise<T>): Promise<T> {
  const [, answer] = await Promise.all([check, read]);
  return answer;
}

interface FigureRow {
  current: boolean;
  transaction_type: string;
  category: string | null;
  status: string;
  is_fallback: boolean | null;
  total: string;
  converted: string | null;
  missing: boolean;
}

interface ErrorRow {
  current: boolean;
  error_code: string;
  error_label: string | null;
  total: string;
}

type Figures = Omit<TransactionsKpis['comparison'], 'name' | 'from' | 'to'>;

/** A tally being added up: the count, and the exact converted amount until it is rounded once. */
interface Sum {
  total: number;
  converted: bigint;
  missing: boolean;
}

const newSum = (): Sum => ({ total: 0, converted: 0n, missing: false });
const tallyOf = (sum: Sum): Tally => ({
  total: sum.total,
  amount: sum.missing ? null : Number(divideRounded(sum.converted, PRECISION)),
});

/** The sums of one period, cell by cell and box by box, each rounded once at the end. */
class PeriodSums {
  private readonly sums = new Map<string, Sum>();

  add(key: string, row: FigureRow): void {
    const sum = this.sums.get(key) ?? newSum();
    sum.total += Number(row.total);
    sum.converted += BigInt(row.converted ?? '0');
    sum.missing ||= row.missing;
    this.sums.set(key, sum);
  }

  place(row: FigureRow): void {
    if (row.transaction_type === 'CHARGEBACK') {
      this.add('chargebacks', row);
      return;
    }
    if (row.transaction_type === 'REFUND' || row.transaction_type === 'PARTIAL_REFUND') {
      this.add('refunds', row);
      return;
    }
    const type = row.category === null ? null : saleTypeOf(row.category);
    const outcome = saleOutcomeOf(row.status);
    if (!type || !outcome) return;
    this.add(`sales ${type} ${outcome}`, row);
    this.add('total', row);
    this.add(outcome === 'success' ? 'sales' : 'rejected', row);
    if (row.is_fallback) {
      this.add(`fallbackSales ${type} ${outcome}`, row);
      if (outcome === 'success') this.add('fallback', row);
    }
  }

  tally(key: string): Tally {
    return tallyOf(this.sums.get(key) ?? newSum());
  }

  figures(): Omit<Figures, 'providersErrors'> {
    const byType = (prefix: string): SalesByType => {
      const sales = emptySales();
      for (const type of SALE_TYPES) {
        for (const outcome of SALE_OUTCOMES) sales[type][outcome] = this.tally(`${prefix} ${type} ${outcome}`);
      }
      return sales;
    };
    return {
      sales: byType('sales'),
      fallbackSales: byType('fallbackSales'),
      refunds: { success: this.tally('refunds') },
      chargebacks: { success: this.tally('chargebacks') },
      boxes: {
        total: this.tally('total'),
        sales: this.tally('sales'),
        rejected: this.tally('rejected'),
        fallback: this.tally('fallback'),
      },
    };
  }
}

/** The top errors of a period: per code the total of its labels, labelled by its most frequent one. */
function topErrors(rows: readonly ErrorRow[]): Figures['providersErrors'] {
  const byCode = new Map<string, { total: number; label: string; labelTotal: number }>();
  for (const row of rows) {
    const total = Number(row.total);
    const label = row.error_label ?? '';
    const entry = byCode.get(row.error_code) ?? { total: 0, label, labelTotal: -1 };
    entry.total += total;
    if (total > entry.labelTotal || (total === entry.labelTotal && label < entry.label)) {
      entry.label = label;
      entry.labelTotal = total;
    }
    byCode.set(row.error_code, entry);
  }
  return [...byCode.entries()]
    .map(([code, entry]) => ({ code, label: entry.label, total: entry.total }))
    .sort((a, b) => b.total - a.total || (a.code < b.code ? -1 : a.code > b.code ? 1 : 0))
    .slice(0, TOP_ERRORS);
}

/**
 * GET /account/{accountId}/transactions-kpis: a period's figures and top errors and its comparison period's, in one
 * read of the totals (each period's parts, db/periods.ts). `today` (UTC) steers how the periods are read, never what
 * they add up to.
 */
export async function loadKpis(
  db: Queryable,
  accountId: string,
  query: TransactionsKpisQuery,
  range: DayRange,
  today: string,
): Promise<TransactionsKpis> {
  const comparison = comparisonPeriod(range);
  const scope: Scope = {
    accountId,
    merchantId: query.merchantId,
    solution: query.solution,
    issuerCountry: query.issuerCountry,
  };
  const where = scopeWhere(scope);
  const { converted, missing, unconverted } = conversion(query.currency);
  // Grouped by byte order ("C"): the codes and labels only need to meet their equals, and a sort by the database's
  // locale cost more than the rest of the statement.
  const read = db.execute(sql`
    select p.period = 'current' as current, d.transaction_type collate "C" as transaction_type, d.category collate "C" as category,
      d.status collate "C" as status, d.is_fallback, d.error_code collate "C" as error_code,
      d.error_label collate "C" as error_label, sum(p.sign * d.count)::text as total,
      sum(p.sign * ${converted})::text as converted, sum(p.sign * ${missing}) > 0 as missing
    from ${periodsFrom(sql`dashboard_totals`, 'd', { current: range, comparison }, today)}
    where ${where}
    group by 1, 2, 3, 4, 5, 6, 7
    having sum(p.sign * d.count) <> 0`);
  const rows = rowsOf<FigureRow & ErrorRow>(await afterCheck(merchantOfAccount(db, accountId, query.merchantId), read));
  const currentSums = new PeriodSums();
  const previousSums = new PeriodSums();
  const errorRows: ErrorRow[] = [];
  for (const row of rows) {
    if (row.error_code !== null) errorRows.push(row);
    else (row.current ? currentSums : previousSums).place(row);
  }
  const current: Figures = {
    ...currentSums.figures(),
    providersErrors: topErrors(errorRows.filter((row) => row.current)),
  };
  const previous: Figures = {
    ...previousSums.figures(),
    providersErrors: topErrors(errorRows.filter((row) => !row.current)),
  };
  const inPeriods = sql`d.day between ${comparison.from}::date and ${range.to}::date
    and (d.day <= ${comparison.to}::date or d.day >= ${range.from}::date)`;
  return {
    currency: query.currency,
    from: range.from,
    to: range.to,
    ...current,
    comparison: { name: comparison.name, from: comparison.from, to: comparison.to, ...previous },
    missingRates: rows.some((row) => row.missing) ? await missingRatesIn(db, where, unconverted, inPeriods) : [],
  };
}

/** GET /account/{accountId}/transactions-chart: successful payments per day, every day of the range. */
export async function loadChart(
  db: Queryable,
  accountId: string,
  query: TransactionsChartQuery,
  range: DayRange,
): Promise<TransactionsChart> {
  const { converted, missing, unconverted } = conversion(query.currency);
  const where = scopeWhere({ accountId, merchantId: query.merchantId });
  const sales = sql`d.day between ${range.from}::date and ${range.to}::date
    and d.transaction_type in ('PAYMENT', 'RECURRENCE') and d.status = 'SUCCESS'`;
  const read = db.execute(sql`
    select d.day::text as day, sum(d.count)::text as total, sum(${converted})::text as converted,
      sum(${missing}) > 0 as missing
    from dashboard_totals d
    where ${where} and not d.whole_month and ${sales}
    group by 1`);
  const rows = rowsOf<{ day: string; total: string; converted: string | null; missing: boolean }>(
    await afterCheck(merchantOfAccount(db, accountId, query.merchantId), read),
  );
  const byDay = new Map(rows.map((row) => [row.day, row]));
  return {
    currency: query.currency,
    from: range.from,
    to: range.to,
    days: eachDay(range).map((day) => {
      const row = byDay.get(day);
      return {
        day,
        sales: row
          ? { total: Number(row.total), amount: amountOf(row.converted, row.missing) }
          : { total: 0, amount: 0 },
      };
    }),
    missingRates: rows.some((row) => row.missing) ? await missingRatesIn(db, where, unconverted, sales) : [],
  };
}
