import type {
  SubscriptionAttempt,
  SubscriptionCycle,
  SubscriptionDetail,
  SubscriptionError,
  SubscriptionKpisQuery,
  SubscriptionList,
  SubscriptionListItem,
  SubscriptionListQuery,
} from '@domain/contract/subscriptions';
import { SUBSCRIPTION_DEFAULT_ORDER } from '@domain/contract/subscriptions';
import { addDays } from '@domain/dashboard';
import type {
  CancellationSource,
  CardBrand,
  SubscriptionAttemptType,
  SubscriptionStatus,
  TransactionStatus,
} from '@domain/enums';
import { statusesFiltered } from '@domain/subscriptions';
import { type KpiSums, type SubscriptionKpis, subscriptionKpis } from '@domain/subscriptions-kpis';
import { and, asc, desc, eq, gte, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { periodsFrom, utcDay } from '../../db/periods';
import { plans, subscriptionAttempts, subscriptions } from '../../db/schema';
import { keysetOrder, type SortKeys } from '../../lib/export/keyset';
import { cappedCount, idStartsWith, type PageWindow, pageWindow, prefixPattern } from '../../lib/list';

// Reads of the subscriptions (spec 3, sections 2.10, 3 "Subscription" and 7): the list and its export share the
// where-builder and the sort key, so both filter and order alike; the list reads `subscriptions` alone (the last
// attempt is kept on the row) and each filter has an index in the default order (migration 0028), so a first page and
// the capped count read index ranges. The detail reads one subscription and its attempts; the overview reads the KPI
// rollup only, never the attempts.

export { SUBSCRIPTION_DEFAULT_ORDER };

/** The list's one sortable field; the id breaks ties in the same direction (the indexes hold (last_attempt_at, id)). */
export const SUBSCRIPTION_SORT_KEYS: SortKeys = {
  lastAttemptDate: { expression: subscriptions.lastAttemptAt, type: 'timestamptz' },
};

/** Whose subscriptions: one merchant, bound to its account too. */
export interface SubscriptionScope {
  accountId: string;
  merchantId: string;
}

export type SubscriptionFilters = Omit<Partial<SubscriptionListQuery>, 'page' | 'limit'>;

/**
 * 'Search by ID or Text'. ID (the default): the subscription id by prefix, as pasted or typed (a range on the key).
 * TEXT: that, or the customer's e-mail starting with the text, ignoring case (the e-mail index's prefix search: a
 * "contains" would read every subscription of the merchant).
 */
export function subscriptionSearch(
  search: string | undefined,
  searchType: SubscriptionListQuery['searchType'],
): SQL | undefined {
  const text = search?.trim();
  if (!text) return undefined;
  const byId = idStartsWith(subscriptions.id, text);
  if (searchType !== 'TEXT') return byId ?? sql`false`;
  return or(byId, sql`lower(${subscriptions.customerEmail}) like ${prefixPattern(text)}`);
}

const anyOf = (column: Parameters<typeof inArray>[0], values: readonly string[] | undefined) =>
  values?.length ? inArray(column, [...values]) : undefined;

/**
 * The merchant's subscriptions narrowed by the filters. The account is named beside the merchant (issue 27): the list's
 * indexes lead with both, so a count still reads the index alone.
 */
export function subscriptionWhere(scope: SubscriptionScope, query: SubscriptionFilters): SQL {
  const s = subscriptions;
  return and(
    eq(s.accountId, scope.accountId),
    eq(s.merchantId, scope.merchantId),
    anyOf(s.status, query.status && statusesFiltered(query.status)),
    anyOf(
      s.planId,
      query.planId?.map((id) => id.toLowerCase()),
    ),
    anyOf(s.cardCountry, query.country),
    query.lastAttemptDateFrom ? gte(s.lastAttemptAt, new Date(query.lastAttemptDateFrom)) : undefined,
    query.lastAttemptDateTo ? lte(s.lastAttemptAt, new Date(query.lastAttemptDateTo)) : undefined,
    subscriptionSearch(query.search, query.searchType),
  )!;
}

/** The columns a row is made of (the plan's name is the plan's description). */
export const subscriptionListColumns = {
  id: subscriptions.id,
  status: subscriptions.status,
  email: subscriptions.customerEmail,
  planId: subscriptions.planId,
  planName: sql<string>`(select ${plans.description} from ${plans} where ${plans.id} = ${subscriptions.planId})`,
  country: subscriptions.cardCountry,
  cycle: subscriptions.cycle,
  lastAttemptAmount: subscriptions.lastAttemptAmount,
  lastAttemptCurrency: subscriptions.lastAttemptCurrency,
  lastAttemptAt: subscriptions.lastAttemptAt,
  lastAttemptStatus: subscriptions.lastAttemptStatus,
  version: subscriptions.version,
};

interface ListRow {
  id: string;
  status: string;
  email: string | null;
  planId: string;
  planName: string;
  country: string | null;
  cycle: number;
  lastAttemptAmount: number;
  lastAttemptCurrency: string;
  lastAttemptAt: Date;
  lastAttemptStatus: string;
  version: number;
}

export function toListItem(row: ListRow): SubscriptionListItem {
  return {
    subscriptionId: row.id,
    status: row.status as SubscriptionStatus,
    email: row.email,
    plan: { planId: row.planId, prettyName: row.planName },
    country: row.country,
    cycle: row.cycle,
    lastPayment: {
      amount: { amount: Number(row.lastAttemptAmount), currency: row.lastAttemptCurrency },
      date: row.lastAttemptAt.toISOString(),
      status: row.lastAttemptStatus as TransactionStatus,
    },
    version: row.version,
  };
}

/** GET /merchant/{merchantId}/subscription: one page and the capped total. */
export async function listSubscriptions(
  db: Queryable,
  scope: SubscriptionScope,
  query: SubscriptionListQuery,
): Promise<SubscriptionList> {
  const where = subscriptionWhere(scope, query);
  const { orderBy } = keysetOrder(query.order, SUBSCRIPTION_SORT_KEYS, SUBSCRIPTION_DEFAULT_ORDER, subscriptions.id);
  const window: PageWindow = pageWindow(query);
  const [rows, total] = await Promise.all([
    db
      .select(subscriptionListColumns)
      .from(subscriptions)
      .where(where)
      .orderBy(...orderBy)
      .limit(window.limit)
      .offset(window.offset),
    cappedCount(db, db.select({ one: sql`1` }).from(subscriptions).where(where).$dynamic()),
  ]);
  const items = rows.map(toListItem);
  return { count: items.length, total, items };
}

const errorOf = (code: string | null, message: string | null): SubscriptionError | null =>
  code === null ? null : { code, message };

/** The attempts that charge (the others follow a charge: refunds, disputes, retrievals). */
const CHARGE_TYPES: readonly SubscriptionAttemptType[] = ['INITIAL', 'RENEWAL', 'MAINTENANCE'];

/** The subscription's cycles, newest first, each with its attempts in the order they happened. */
export async function loadSubscriptionCycles(
  db: Queryable,
  accountId: string,
  subscriptionId: string,
): Promise<SubscriptionCycle[]> {
  const a = subscriptionAttempts;
  const rows = await db
    .select()
    .from(a)
    .where(and(eq(a.accountId, accountId), eq(a.subscriptionId, subscriptionId)))
    .orderBy(desc(a.cycle), asc(a.createdAt), asc(a.id));
  const cycles: SubscriptionCycle[] = [];
  for (const row of rows) {
    const attempt: SubscriptionAttempt = {
      type: row.type as SubscriptionAttemptType,
      status: row.status as TransactionStatus,
      transactionId: row.transactionId,
      midId: row.midId,
      error: errorOf(row.errorCode, row.errorMessage),
      createdAt: row.createdAt.toISOString(),
      money: { amount: Number(row.amount), currency: row.currency },
    };
    const last = cycles.at(-1);
    if (last?.cycle === row.cycle) last.attempts.push(attempt);
    else cycles.push({ cycle: row.cycle, attempts: [attempt] });
  }
  return cycles;
}

/** The last charge's error, when it did not succeed (the detail's 'error'). */
function lastChargeError(cycles: readonly SubscriptionCycle[]): SubscriptionError | null {
  const charges = cycles.flatMap((cycle) => cycle.attempts).filter((attempt) => CHARGE_TYPES.includes(attempt.type));
  const last = charges.reduce<SubscriptionAttempt | undefined>(
    (latest, attempt) => (!latest || attempt.createdAt >= latest.createdAt ? attempt : latest),
    undefined,
  );
  return last && last.status !== 'SUCCESS' ? last.error : null;
}

/** The subscription as the detail shows it; null when the merchant has no such subscription. */
export async function loadSubscriptionDetail(
  db: Queryable,
  scope: SubscriptionScope,
  subscriptionId: string,
): Promise<SubscriptionDetail | null> {
  const s = subscriptions;
  const [row] = await db
    .select({
      ...subscriptionListColumns,
      cardHolder: s.cardHolder,
      cardBrand: s.cardBrand,
      cardCountry: s.cardCountry,
      cardBin: s.cardBin,
      cardLast4: s.cardLast4,
      url: s.url,
      accountUpdated: s.accountUpdated,
      cancellationReason: s.cancellationReason,
      cancellationReasonDetails: s.cancellationReasonDetails,
      cancelledAt: s.cancelledAt,
      createdAt: s.createdAt,
    })
    .from(s)
    .where(and(eq(s.id, subscriptionId), eq(s.merchantId, scope.merchantId), eq(s.accountId, scope.accountId)));
  if (!row) return null;
  const cycles = await loadSubscriptionCycles(db, scope.accountId, row.id);
  return {
    ...toListItem(row),
    card: {
      holder: row.cardHolder,
      brand: row.cardBrand as CardBrand | null,
      country: row.cardCountry,
      bin: row.cardBin,
      last4: row.cardLast4,
    },
    url: row.url,
    accountUpdated: row.accountUpdated,
    error: lastChargeError(cycles),
    cancellation:
      row.status === 'CANCELLED' && row.cancellationReason && row.cancelledAt
        ? {
            cancellationReason: row.cancellationReason as CancellationSource,
            cancellationReasonDetails: row.cancellationReasonDetails,
            cancelledAt: row.cancelledAt.toISOString(),
          }
        : null,
    cycles,
    createdAt: row.createdAt.toISOString(),
  };
}

// The overview (spec 3, sections 2.10 and 7). The rollup holds a row per merchant, currency, plan, cancellation source
// and UTC day, and one per whole month (migration 0028): the period's sums read its months and days as the dashboard
// does (db/periods.ts), the revenue active at the period's start reads the whole months before it and the days of its
// first month before it. A month of a merchant with 50 plans reads a few hundred rows whatever the table's size.

interface PeriodRow {
  cancellation_reason: string | null;
  started: string;
  renewed: string;
  cancelled: string;
  cancelled_initial: string;
  cancelled_revenue: string;
}

/** GET /merchant/{merchantId}/subscriptions-kpis. `now` only steers how the period is read (never the sums). */
export async function loadSubscriptionKpis(
  db: Queryable,
  scope: SubscriptionScope,
  query: SubscriptionKpisQuery,
  now: number,
): Promise<SubscriptionKpis> {
  const range = { from: utcDay(Date.parse(query.dateFrom)), to: utcDay(Date.parse(query.dateTo)) };
  const grain = sql.join(
    [
      sql`k.account_id = ${scope.accountId}::uuid`,
      sql`k.merchant_id = ${scope.merchantId}::uuid`,
      sql`k.currency = ${query.currency}`,
      ...(query.planId ? [sql`k.plan_id = ${query.planId.toLowerCase()}::uuid`] : []),
    ],
    sql` and `,
  );
  const monthStart = `${range.from.slice(0, 8)}01`;
  const [period, opening] = await Promise.all([
    db.execute(sql`
      select k.cancellation_reason, sum(p.sign * k.started)::text as started, sum(p.sign * k.renewed)::text as renewed,
        sum(p.sign * k.cancelled)::text as cancelled, sum(p.sign * k.cancelled_initial)::text as cancelled_initial,
        sum(p.sign * k.cancelled_revenue)::text as cancelled_revenue
      from ${periodsFrom(sql`subscription_kpis`, 'k', { period: range }, utcDay(now))}
      where ${grain}
      group by k.cancellation_reason`),
    db.execute(sql`
      select coalesce(sum(k.started_revenue - k.cancelled_revenue), 0)::text as revenue
      from subscription_kpis k
      where ${grain} and (
        (k.whole_month and k.day < ${monthStart}::date)
        or (not k.whole_month and k.day >= ${monthStart}::date and k.day <= ${addDays(range.from, -1)}::date))`),
  ]);
  const sums: KpiSums = {
    started: 0,
    renewed: 0,
    cancelled: 0,
    cancelledInitial: 0,
    cancelledRevenue: 0,
    openingRevenue: Number((opening as unknown as { rows: { revenue: string }[] }).rows[0]?.revenue ?? 0),
    reasons: {},
  };
  for (const row of (period as unknown as { rows: PeriodRow[] }).rows) {
    sums.started += Number(row.started);
    sums.renewed += Number(row.renewed);
    sums.cancelled += Number(row.cancelled);
    sums.cancelledInitial += Number(row.cancelled_initial);
    sums.cancelledRevenue += Number(row.cancelled_revenue);
    if (row.cancellation_reason && Number(row.cancelled) > 0)
      sums.reasons[row.cancellation_reason] = (sums.reasons[row.cancellation_reason] ?? 0) + Number(row.cancelled);
  }
  return subscriptionKpis(sums);
}
