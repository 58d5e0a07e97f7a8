import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { Database, Queryable } from '../../db/client';
import { type Log, openFixtureDatabase, rowsOf } from './backtest-fixture';
import { round } from './stats';

// The subscriptions bench's data (issue 24: the list's first page p95 <= 25 ms and the overview's KPIs <= 10 ms on
// 1 M subscriptions with 10 M attempts). Where they come from, as for the backtest fixture:
// - BENCH_SUBSCRIPTIONS_URL names a dedicated database (created when missing): generated there once, reused after.
// - Otherwise a throwaway database on DATABASE_URL or TEST_DATABASE_URL's server, generated for the run and dropped.
// - Without PostgreSQL, PGlite in memory gets 20,000 subscriptions (BENCH_SUBSCRIPTIONS to change it).
// The rows are written set-based (INSERT ... SELECT over generate_series, a multiplicative hash of n standing in for
// randomness, so a run is repeatable) with the tables' secondary indexes, foreign keys and KPI triggers set aside, then
// the indexes are built and the KPI rollup is recounted once. Nine in ten subscriptions belong to the bench merchant
// (the list's worst case), the rest to a second merchant of the account; each has ten attempts.

const MILLION = 1_000_000;
const PGLITE_SUBSCRIPTIONS = 20_000;
export const ATTEMPTS_PER_SUBSCRIPTION = 10;
const BENCH_MERCHANT = 'Subscriptions bench merchant';
const CHUNK = 250_000;

export interface SubscriptionsFixture {
  database: Database;
  /** Where the data lives, for the notes. */
  source: string;
  accountId: string;
  /** The merchant holding nine in ten subscriptions. */
  merchantId: string;
  /** Its plans (four: monthly, every 28 days, weekly, yearly). */
  planIds: string[];
  subscriptions: number;
  attempts: number;
  notes: string[];
  close(): Promise<void>;
}

const planSettings = (cycle: { time: number; unit: string }, amount: string) => ({
  basicSettings: {
    timeCycle: cycle.unit === 'MONTH' ? 'MONTH_1' : cycle.unit === 'YEAR' ? 'YEAR_1' : 'CUSTOM',
    customTime: null,
    chargingTimeMode: 'FIRST_PAYMENT_TIME',
    cycle,
  },
  amountSettings: {
    base: 'EUR',
    currencies: {
      EUR: { amount, isDynamic: false, type: 'FIXED' },
      USD: { amount, isDynamic: false, type: 'FIXED' },
      GBP: { amount: null, isDynamic: true, type: 'DYNAMIC' },
    },
  },
  trialSettings: null,
  cancellationSettings: { enabled: true },
  retrySettings: {
    enabled: true,
    timePeriod: null,
    amount: '1.00',
    sequence: [
      { type: 'RENEWAL', time: 2, unit: 'DAY' },
      { type: 'MAINTENANCE', time: 5, unit: 'DAY' },
    ],
  },
});

const BENCH_PLANS = [
  { description: 'Bench monthly', cycle: { time: 1, unit: 'MONTH' }, amount: '9.99', days: 30 },
  { description: 'Bench 28 days', cycle: { time: 28, unit: 'DAY' }, amount: '7.99', days: 28 },
  { description: 'Bench weekly', cycle: { time: 1, unit: 'WEEK' }, amount: '2.99', days: 7 },
  { description: 'Bench yearly', cycle: { time: 1, unit: 'YEAR' }, amount: '99.99', days: 365 },
] as const;

/**
 * The subscription numbered n as columns (one row per n of `generate_series(from, to)`), the same expressions for
 * both inserts, so the attempts are generated without reading the subscriptions back. `plans` holds the bench
 * merchant's plan ids in BENCH_PLANS order; `other` the second merchant and its plan.
 */
function subscriptionsOf(
  from: number,
  to: number,
  ids: { merchant: string; plans: string[]; other: string; otherPlan: string },
) {
  const planIds = sql.raw(`array[${ids.plans.map((id) => `'${id}'::uuid`).join(', ')}]`);
  return sql`
    select n, h, md5('subscription-' || n)::uuid as id,
      case when h % 10 = 0 then ${ids.other}::uuid else ${ids.merchant}::uuid end as merchant_id,
      case when h % 10 = 0 then ${ids.otherPlan}::uuid else (${planIds})[1 + (h / 10) % 4] end as plan_id,
      case when h % 10 = 0 then 30 else (array[30, 28, 7, 365])[1 + (h / 10) % 4] end as cycle_days,
      case when h % 10 = 0 then 999 else (array[999, 799, 299, 9999])[1 + (h / 10) % 4] end as amount,
      (array['EUR','EUR','EUR','USD','GBP'])[1 + (h / 7) % 5] as currency,
      now() - make_interval(secs => ((h * 7919 + n) % (730 * 86400))::double precision) as created_at
    from (select n, (n::bigint * 2654435761) % 1000003 as h from generate_series(${from}::int, ${to}::int) as n) g`;
}

async function generate(database: Database, accountId: string, count: number, log: Log) {
  const { db } = database;
  const { plans } = await import('../../db/schema');
  const { seedMerchants } = await import('./api-fixture');
  const { withoutSecondaryStructures } = await import('../../db/seed/payments');
  const { withKpisRebuiltAfter } = await import('../../db/seed/subscriptions');
  await seedMerchants(db, accountId, 2);
  const [merchant, other] = rowsOf<{ id: string }>(
    await db.execute(sql`select id from merchants where account_id = ${accountId}::uuid order by id limit 2`),
  ) as [{ id: string }, { id: string }];
  await db.execute(sql`update merchants set pretty_name = ${BENCH_MERCHANT} where id = ${merchant.id}::uuid`);
  const planRows = await db
    .insert(plans)
    .values(
      [...BENCH_PLANS, { ...BENCH_PLANS[0], description: 'Other merchant monthly' }].map((plan, index) => ({
        accountId,
        merchantId: index < BENCH_PLANS.length ? merchant.id : other.id,
        description: plan.description,
        ...planSettings(plan.cycle, plan.amount),
      })),
    )
    .returning({ id: plans.id });
  const ids = {
    merchant: merchant.id,
    plans: planRows.slice(0, BENCH_PLANS.length).map((row) => row.id),
    other: other.id,
    otherPlan: planRows[BENCH_PLANS.length]!.id,
  };
  const load = (db: Queryable) => async () => {
    for (let start = 1; start <= count; start += CHUNK) {
      const end = Math.min(count, start + CHUNK - 1);
      // The current cycle follows the age; 70 % active, 8 % paused, 20 % cancelled (by source), 2 % fulfilled; the
      // last attempt is the current cycle's charge, declined one time in ten.
      await db.execute(sql`
        insert into subscriptions (id, account_id, merchant_id, plan_id, status, card_holder, card_brand, card_country,
          card_bin, card_last4, customer_email, url, account_updated, currency, amount, monthly_amount, cycle,
          last_attempt_amount, last_attempt_currency, last_attempt_at, last_attempt_status, next_charge_at,
          cancellation_reason, cancellation_reason_details, cancelled_at, paused_at, created_at, updated_at)
        select s.id, ${accountId}::uuid, s.merchant_id, s.plan_id, x.status,
          'Holder ' || s.n, (array['VISA','VISA','MC','AMEX'])[1 + (s.h / 11) % 4],
          (array['ES','FR','DE','IT','GB','US','NL','PT'])[1 + (s.h / 13) % 8],
          (400000 + (s.h / 17) % 2000)::text, lpad(((s.h * 31) % 10000)::text, 4, '0'),
          'shopper' || s.n || '@mail' || (s.h % 50) || '.example', 'https://www.shop.example/subscribe',
          s.h % 17 = 0, s.currency, s.amount, (s.amount * 30 / s.cycle_days)::bigint, c.cycle,
          s.amount, s.currency, c.last_at, case when s.h % 10 = 3 then 'DECLINED' else 'SUCCESS' end,
          case when x.status = 'ACTIVE' then c.last_at + make_interval(days => s.cycle_days) end,
          case when x.status = 'CANCELLED' then (array['HARD_DECLINE','MERCHANT_API','END_PLAN','BACKOFFICE_API','DISPUTE'])[1 + (s.h / 19) % 5] end,
          case when x.status = 'CANCELLED' and (s.h / 19) % 5 = 3 then 'High prices' end,
          case when x.status = 'CANCELLED' then least(now(), c.last_at + interval '1 day') end,
          case when x.status = 'PAUSED' then least(now(), c.last_at + interval '1 day') end,
          s.created_at, c.last_at
        from (${subscriptionsOf(start, end, ids)}) s
        cross join lateral (select 1 + floor(extract(epoch from now() - s.created_at) / 86400 / s.cycle_days)::int as cycle) k
        cross join lateral (select k.cycle, s.created_at + make_interval(days => (k.cycle - 1) * s.cycle_days) as last_at) c
        cross join lateral (select case when s.h % 50 < 35 then 'ACTIVE' when s.h % 50 < 39 then 'PAUSED'
          when s.h % 50 < 49 then 'CANCELLED' else 'FULFILLED' end as status) x`);
      // Ten attempts each, spread over its cycles: the initial payment, then renewals (a declined one retried by a
      // maintenance charge), and a refund or chargeback now and then.
      await db.execute(sql`
        insert into subscription_attempts (id, subscription_id, account_id, merchant_id, plan_id, cycle, type, status,
          amount, currency, error_code, error_message, created_at)
        select md5('attempt-' || s.n || '-' || a.k)::uuid, s.id, ${accountId}::uuid, s.merchant_id, s.plan_id, a.cycle,
          case when a.k = 1 then 'INITIAL' when (s.h + a.k) % 23 = 0 then 'REFUND' when (s.h + a.k) % 41 = 0 then 'CHARGEBACK'
            when (s.h + a.k) % 9 = 0 then 'MAINTENANCE' else 'RENEWAL' end,
          case when (s.h + a.k) % 10 = 3 then 'DECLINED' else 'SUCCESS' end,
          s.amount, s.currency,
          case when (s.h + a.k) % 10 = 3 then '05' end, case when (s.h + a.k) % 10 = 3 then 'Do not honour' end,
          s.created_at + make_interval(days => (a.cycle - 1) * s.cycle_days, mins => a.k)
        from (${subscriptionsOf(start, end, ids)}) s
        cross join lateral (select 1 + floor(extract(epoch from now() - s.created_at) / 86400 / s.cycle_days)::int as cycles) k
        cross join lateral (
          select g.k, case when g.k = 1 then 1 else 1 + ((g.k - 1) * (k.cycles - 1)) / ${ATTEMPTS_PER_SUBSCRIPTION - 1} end as cycle
          from generate_series(1, ${ATTEMPTS_PER_SUBSCRIPTION}) as g(k)) a`);
      log(`subscriptions: generated ${end.toLocaleString('en')} of ${count.toLocaleString('en')} subscriptions`);
    }
  };
  await db.transaction(async (tx) => {
    // The KPI rollup is recounted once the rows are in, before the indexes are built again.
    await withoutSecondaryStructures(tx, () => withKpisRebuiltAfter(tx, load(tx)), [
      'subscriptions',
      'subscription_attempts',
    ]);
    log('subscriptions: KPI rollup recounted, indexes and foreign keys rebuilt');
  });
  await db.execute(sql.raw('vacuum analyze subscriptions, subscription_attempts, subscription_kpis'));
  return merchant.id;
}

/** The million (or PGlite's 20,000), generated when the database does not hold them yet. */
export async function openSubscriptionsFixture(
  log: Log,
  options: { pglite?: boolean } = {},
): Promise<SubscriptionsFixture> {
  const requested = Number(process.env.BENCH_SUBSCRIPTIONS ?? '');
  const { database, source, close } = await openFixtureDatabase(log, {
    label: 'subscriptions',
    dedicatedUrl: process.env.BENCH_SUBSCRIPTIONS_URL,
    throwawayPrefix: 'ops_bench_subs_',
    pglite: options.pglite,
  });
  try {
    const count =
      Number.isInteger(requested) && requested > 0
        ? requested
        : database.kind === 'postgres'
          ? MILLION
          : PGLITE_SUBSCRIPTIONS;
    await database.migrate();
    const notes: string[] = [];
    let [merchant] = rowsOf<{ id: string; account_id: string }>(
      await database.db.execute(
        sql`select id, account_id from merchants where pretty_name = ${BENCH_MERCHANT} limit 1`,
      ),
    );
    if (!merchant) {
      const [used] = rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from accounts`));
      if (used && used.n > 0)
        throw new Error(`${source} holds other data: give the subscriptions bench an empty database`);
      const started = performance.now();
      log(`subscriptions: generating ${count.toLocaleString('en')} subscriptions in the ${source}`);
      const { seedFoundation } = await import('./api-fixture');
      const { accountId } = await seedFoundation(database.db);
      const merchantId = await generate(database, accountId, count, log);
      const seconds = round((performance.now() - started) / 1000);
      log(`subscriptions: fixture generated in ${seconds} s`);
      notes.push(`fixture generated in ${seconds} s (${source})`);
      merchant = { id: merchantId, account_id: accountId };
    } else {
      notes.push(`fixture reused (${source})`);
    }
    const planIds = rowsOf<{ id: string }>(
      await database.db.execute(
        sql`select id from plans where merchant_id = ${merchant.id}::uuid order by created_at, id`,
      ),
    ).map((row) => row.id);
    const [counts] = rowsOf<{ subscriptions: number; attempts: number }>(
      await database.db.execute(sql`
        select (select count(*)::int from subscriptions) as subscriptions,
          (select count(*)::int from subscription_attempts) as attempts`),
    );
    return {
      database,
      source,
      accountId: merchant.account_id,
      merchantId: merchant.id,
      planIds,
      subscriptions: counts!.subscriptions,
      attempts: counts!.attempts,
      notes,
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
