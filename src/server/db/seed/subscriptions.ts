import { monthlyAmount } from '@domain/subscriptions-kpis';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../client';
import { subscriptionAttempts, subscriptions } from '../schema';
import type { GeneratedOrder } from './payments-orders';
import type { GeneratorStep, SeededSubscription } from './seed-types';

// The demo's subscriptions (issue 24), written after the payments they are made of. The payments step's generator
// (payments-orders.ts) starts a subscription on one of the merchant's plans with each successful initial payment and
// charges it again when its plan's cycle falls due, retrying declines on the plan's retry sequence; it also decides how
// each one ends (HARD_DECLINE when the sequence is exhausted, DISPUTE after a chargeback when the plan's cancellation
// setting is on, and by a hash of its id MERCHANT_API, BACKOFFICE_API with a reason, END_PLAN, or a pause). This step
// writes what the generator left: the subscriptions, then their attempts straight from the transactions (the initial
// order's rows in cycle 1, each renewal order's rows in the cycle after the last one charged successfully, and the
// refunds, chargebacks, retrievals and RDRs of those payments in their payment's cycle), then each one's last attempt.
// Live demo traffic (src/server/demo/live-traffic.ts) writes the same rows for the orders it places.

const BATCH = 2_000;

/** A subscription's row as the generated history (or a live order) left it at `now`. */
function subscriptionValues(subscription: SeededSubscription, now: number) {
  const ended = subscription.end !== null && subscription.end.at <= now ? subscription.end : null;
  const status = ended?.status ?? 'ACTIVE';
  return {
    id: subscription.subscriptionId,
    accountId: subscription.accountId,
    initialId: subscription.id,
    planId: subscription.plan.id,
    status,
    amount: subscription.amount,
    monthlyAmount: monthlyAmount(subscription.amount, subscription.plan.cycle),
    cycle: subscription.cycle,
    // A pause keeps the next charge's date: a resume charges it then (or at once when it has passed).
    nextChargeAt:
      status !== 'CANCELLED' && Number.isFinite(subscription.nextAt)
        ? new Date(subscription.nextAt).toISOString()
        : null,
    reason: ended?.status === 'CANCELLED' ? ended.reason : null,
    details: ended?.status === 'CANCELLED' ? ended.details : null,
    cancelledAt: ended?.status === 'CANCELLED' ? new Date(ended.at).toISOString() : null,
    pausedAt: ended?.status === 'PAUSED' ? new Date(ended.at).toISOString() : null,
  };
}

const array = (values: readonly unknown[], type: string): SQL => sql`${sql.param(values)}::${sql.raw(type)}[]`;

/**
 * Inserts subscriptions whose initial payments are stored: the card, e-mail, order url, currency and start are the
 * initial payment's, the last attempt too until writeAttempts sets it.
 */
export async function insertSubscriptions(db: Queryable, subscriptions: readonly SeededSubscription[], now: number) {
  for (let start = 0; start < subscriptions.length; start += BATCH) {
    const rows = subscriptions.slice(start, start + BATCH).map((subscription) => subscriptionValues(subscription, now));
    const column = <K extends keyof (typeof rows)[number]>(key: K) => rows.map((row) => row[key]);
    await db.execute(sql`
      insert into subscriptions (id, account_id, merchant_id, plan_id, status, initial_transaction_id, card_holder,
        card_brand, card_country, card_bin, card_last4, customer_email, url, account_updated, currency, amount,
        monthly_amount, cycle, last_attempt_amount, last_attempt_currency, last_attempt_at, last_attempt_status,
        next_charge_at, cancellation_reason, cancellation_reason_details, cancelled_at, paused_at, created_at, updated_at)
      select r.id, t.account_id, t.merchant_id, r.plan_id, r.status, t.id, t.card_holder, t.card_brand, t.card_country,
        t.card_bin, t.card_last4, t.shopper_email, t.order_url, t.card_token_updated_at is not null, t.currency, r.amount,
        r.monthly_amount, r.cycle, t.amount, t.currency, t.created_at, t.status, r.next_charge_at, r.reason, r.details,
        r.cancelled_at, r.paused_at, t.created_at, greatest(t.created_at, r.cancelled_at, r.paused_at)
      from unnest(${array(column('id'), 'uuid')}, ${array(column('accountId'), 'uuid')},
        ${array(column('initialId'), 'uuid')}, ${array(column('planId'), 'uuid')},
        ${array(column('status'), 'text')}, ${array(column('amount'), 'bigint')}, ${array(column('monthlyAmount'), 'bigint')},
        ${array(column('cycle'), 'int')}, ${array(column('nextChargeAt'), 'timestamptz')}, ${array(column('reason'), 'text')},
        ${array(column('details'), 'text')}, ${array(column('cancelledAt'), 'timestamptz')},
        ${array(column('pausedAt'), 'timestamptz')})
        as r(id, account_id, initial_id, plan_id, status, amount, monthly_amount, cycle, next_charge_at, reason,
          details, cancelled_at, paused_at)
      join transactions t on t.account_id = r.account_id and t.id = r.initial_id`);
  }
}

/**
 * The attempts of subscriptions (all, or those named) from their transactions, and each one's last attempt (its latest
 * charge). An order is the rows of one root (the payment, its retry on the fallback MID, and what happened to it
 * after); the initial order is cycle 1 and a renewal order charges the cycle after the last one charged successfully.
 * Only orders without attempts yet are written, so live traffic can call it for the orders it just stored.
 */
export async function writeAttempts(db: Queryable, subscriptionIds?: readonly string[]) {
  const only = subscriptionIds ? sql`and s.id = any(${array([...subscriptionIds], 'uuid')})` : sql``;
  await db.execute(sql`
    with subs as (
      select s.id, s.account_id, s.merchant_id, s.plan_id, i.id as initial_id, i.root_id as initial_root
      from subscriptions s join transactions i on i.account_id = s.account_id and i.id = s.initial_transaction_id
      where true ${only}
    ), renewal_orders as (
      select subs.id as subscription_id, t.root_id, min(t.created_at) as at, bool_or(t.status = 'SUCCESS') as ok
      from subs join transactions t on t.account_id = subs.account_id and t.recurrence_parent_id = subs.initial_id
        and t.parent_id is null
      group by 1, 2
    ), orders as (
      select subs.id as subscription_id, subs.initial_root as root_id, 1 as cycle from subs
      union all
      select subscription_id, root_id, 2 + coalesce(sum(ok::int) over (partition by subscription_id order by at, root_id
        rows between unbounded preceding and 1 preceding), 0)::int
      from renewal_orders
    )
    insert into subscription_attempts (subscription_id, account_id, merchant_id, plan_id, cycle, type, status,
      transaction_id, mid_id, error_code, error_message, amount, currency, created_at)
    select subs.id, subs.account_id, subs.merchant_id, subs.plan_id, o.cycle,
      case when t.parent_id is not null then t.transaction_type when t.category in ('RENEWAL', 'MAINTENANCE')
        then t.category else 'INITIAL' end,
      t.status, t.id, t.mid_id, t.error_code, t.error_message, t.amount, t.currency, t.created_at
    from orders o join subs on subs.id = o.subscription_id
      join transactions t on t.account_id = subs.account_id and t.root_id = o.root_id
    where not exists (select 1 from subscription_attempts a where a.account_id = t.account_id and a.transaction_id = t.id)
    order by t.created_at, t.id`);
  await db.execute(sql`
    update subscriptions s set last_attempt_amount = l.amount, last_attempt_currency = l.currency,
      last_attempt_at = l.created_at, last_attempt_status = l.status
    from (
      select distinct on (a.subscription_id) a.subscription_id, a.account_id, a.amount, a.currency, a.created_at, a.status
      from subscription_attempts a
      join subscriptions s on s.account_id = a.account_id and s.id = a.subscription_id ${only}
      where a.type in ('INITIAL', 'RENEWAL', 'MAINTENANCE')
      order by a.subscription_id, a.created_at desc, a.id desc
    ) l
    where s.account_id = l.account_id and s.id = l.subscription_id and (s.last_attempt_at, s.last_attempt_status, s.last_attempt_amount)
      is distinct from (l.created_at, l.status, l.amount)`);
}

/** The statement-level triggers that keep `subscription_kpis` (migration 0028). */
export const SUBSCRIPTION_KPI_TRIGGERS = [
  ['subscriptions', 'subscription_kpis_insert'],
  ['subscriptions', 'subscription_kpis_update'],
  ['subscriptions', 'subscription_kpis_delete'],
  ['subscription_attempts', 'subscription_attempt_kpis_insert'],
  ['subscription_attempts', 'subscription_attempt_kpis_update'],
  ['subscription_attempts', 'subscription_attempt_kpis_delete'],
] as const;

/**
 * Runs `load` with the KPI rollup's triggers off, then recounts the rollup once (`subscription_kpis_rebuild()`): for
 * bulk loads, in a transaction (ALTER TABLE locks the tables until it ends; a failed load leaves the triggers on).
 */
export async function withKpisRebuiltAfter(db: Queryable, load: () => Promise<void>): Promise<void> {
  for (const [table, trigger] of SUBSCRIPTION_KPI_TRIGGERS) {
    await db.execute(sql`alter table ${sql.identifier(table)} disable trigger ${sql.identifier(trigger)}`);
  }
  await load();
  for (const [table, trigger] of SUBSCRIPTION_KPI_TRIGGERS) {
    await db.execute(sql`alter table ${sql.identifier(table)} enable trigger ${sql.identifier(trigger)}`);
  }
  await rebuildSubscriptionKpis(db);
}

/** Recounts the KPI rollup from the subscriptions and their attempts (writers wait meanwhile); answers its rows. */
export async function rebuildSubscriptionKpis(db: Queryable): Promise<number> {
  const result = await db.execute(sql`select subscription_kpis_rebuild()::int as rows`);
  return (result as unknown as { rows: { rows: number }[] }).rows[0]?.rows ?? 0;
}

export const subscriptionsStep: GeneratorStep = {
  name: 'subscriptions',
  async run(ctx) {
    const started = ctx.subscriptionsStarted ?? [];
    await withKpisRebuiltAfter(ctx.db, async () => {
      await insertSubscriptions(ctx.db, started, ctx.baseDate.getTime());
      await writeAttempts(ctx.db);
    });
    ctx.subscriptionsCreated = started.length;
    ctx.progress?.(`subscriptions: ${started.length.toLocaleString('en-GB')}`);
  },
};

// ---- Live demo traffic ----

/** An order's rows as the attempts of its subscription's cycle. */
function attemptValues(order: GeneratedOrder) {
  const event = order.subscription!;
  const { subscription } = event;
  return order.transactions.map((row) => ({
    subscriptionId: subscription.subscriptionId,
    accountId: row.accountId,
    merchantId: row.merchantId,
    planId: subscription.plan.id,
    cycle: event.cycle,
    type:
      row.parentId !== null
        ? row.transactionType
        : row.category === 'RENEWAL' || row.category === 'MAINTENANCE'
          ? row.category
          : 'INITIAL',
    status: row.status,
    transactionId: row.id,
    midId: row.midId,
    errorCode: row.errorCode,
    errorMessage: row.errorMessage,
    amount: row.amount,
    currency: row.currency,
    createdAt: row.createdAt,
  }));
}

/**
 * Of the subscriptions these orders charge, the ids still ACTIVE, locked until the transaction ends: an order charging
 * one a user paused or cancelled meanwhile is not placed, and no action can change one while its charge is written.
 */
export async function lockChargeable(db: Queryable, orders: readonly GeneratedOrder[]): Promise<Set<string>> {
  const charges = orders.filter((order) => order.subscription?.kind === 'charge');
  const ids = [...new Set(charges.map((order) => order.subscription!.subscription.subscriptionId))].sort();
  if (ids.length === 0) return new Set();
  // The orders' accounts: a subscription is charged by orders of its own account.
  const accountIds = [...new Set(charges.flatMap((order) => order.transactions.map((row) => row.accountId)))];
  const rows = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(
        inArray(subscriptions.accountId, accountIds),
        inArray(subscriptions.id, ids),
        eq(subscriptions.status, 'ACTIVE'),
      ),
    )
    .orderBy(subscriptions.id)
    .for('update');
  return new Set(rows.map((row) => row.id));
}

/**
 * Writes what stored live orders did to subscriptions, in the orders' transaction (so the KPI rollup's triggers count
 * it there too): a subscription started by an initial payment, or a charge of an active one as an attempt of its cycle
 * with the subscription moved on (its cycle, next charge, last attempt, version; cancelled with HARD_DECLINE when the
 * retry sequence ran out). The transactions must be stored first.
 */
export async function writeSubscriptionOrders(db: Queryable, orders: readonly GeneratedOrder[], now: number) {
  const withSubscription = orders.filter((order) => order.subscription !== null);
  if (withSubscription.length === 0) return;
  const started = withSubscription.flatMap((order) =>
    order.subscription!.kind === 'start' ? [order.subscription!.subscription] : [],
  );
  await insertSubscriptions(db, started, now);
  const attempts = withSubscription.flatMap(attemptValues);
  for (let start = 0; start < attempts.length; start += BATCH) {
    await db.insert(subscriptionAttempts).values(attempts.slice(start, start + BATCH));
  }
  for (const order of withSubscription) {
    const { subscription } = order.subscription!;
    const charges = order.transactions.filter((row) => row.parentId === null);
    const last = charges[charges.length - 1];
    if (!last) continue;
    const values = subscriptionValues(subscription, now);
    await db
      .update(subscriptions)
      .set({
        status: values.status,
        cycle: values.cycle,
        nextChargeAt: values.nextChargeAt === null ? null : new Date(values.nextChargeAt),
        cancellationReason: values.reason,
        cancellationReasonDetails: values.details,
        cancelledAt: values.cancelledAt === null ? null : new Date(values.cancelledAt),
        pausedAt: values.pausedAt === null ? null : new Date(values.pausedAt),
        lastAttemptAmount: last.amount,
        lastAttemptCurrency: last.currency,
        lastAttemptAt: last.createdAt,
        lastAttemptStatus: last.status,
        updatedAt: new Date(now),
        ...(order.subscription!.kind === 'charge' ? { version: sql`${subscriptions.version} + 1` } : {}),
      })
      .where(and(eq(subscriptions.accountId, last.accountId), eq(subscriptions.id, subscription.subscriptionId)));
  }
}
