import { addCycle } from '@domain/subscription-cycles';
import { monthlyAmount } from '@domain/subscriptions-kpis';
import type { Db } from '@server/db/client';
import { plans, subscriptionAttempts, subscriptions, transactions } from '@server/db/schema';
import { worldPlanOf } from '@server/db/seed/subscription-plans';
import { createDemoTraffic } from '@server/demo/live-traffic';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DemoWorld, openDemoWorld, WORLD_HOOK_TIMEOUT, WORLD_NOW } from './helpers/demo-world';

// The demo's subscriptions (issue 24) agree with its payments: every successful initial payment started one on a plan
// of its merchant, every renewal and retry is an attempt of the cycle the plan's cycle and retry sequence make it,
// the refunds, chargebacks and RDRs of those payments are attempts of their payment's cycle, cancellations carry the
// spec's sources, and the KPI rollup equals a recount from the base tables, after the seed and after live renewals.

const DAY_MS = 86_400_000;

let world: DemoWorld;
let db: Db;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

beforeAll(async () => {
  world = await openDemoWorld('seed1');
  db = world.db;
}, WORLD_HOOK_TIMEOUT);

afterAll(async () => {
  await world?.close();
});

/** The rollup as the triggers kept it, and as a plain GROUP BY over the base tables computes it. */
async function rollupAndRecount(on: Db) {
  const kept = rowsOf<Record<string, unknown>>(
    await on.execute(sql`
      select merchant_id, currency, whole_month, day::text, plan_id, cancellation_reason, started::int, renewed::int,
        cancelled::int, cancelled_initial::int, started_revenue::bigint::text, cancelled_revenue::bigint::text
      from subscription_kpis
      order by 1, 2, 3, 4, 5, 6 nulls first`),
  );
  const recount = rowsOf<Record<string, unknown>>(
    await on.execute(sql`
      with parts as (
        select merchant_id, currency, plan_id, (created_at at time zone 'UTC')::date as day, null::text as reason,
          1 as started, 0 as renewed, 0 as cancelled, 0 as cancelled_initial, monthly_amount as started_revenue,
          0::bigint as cancelled_revenue
        from subscriptions
        union all
        select merchant_id, currency, plan_id, (cancelled_at at time zone 'UTC')::date, cancellation_reason, 0, 0, 1,
          case when cycle = 1 then 1 else 0 end, 0, monthly_amount
        from subscriptions where status = 'CANCELLED'
        union all
        select merchant_id, currency, plan_id, (created_at at time zone 'UTC')::date, null, 0, 1, 0, 0, 0, 0
        from subscription_attempts where type in ('RENEWAL', 'MAINTENANCE') and status = 'SUCCESS'
      ), grains as (
        select merchant_id, currency, false as whole_month, day, plan_id, reason, started, renewed, cancelled,
          cancelled_initial, started_revenue, cancelled_revenue
        from parts
        union all
        select merchant_id, currency, true, date_trunc('month', day)::date, plan_id, reason, started, renewed, cancelled,
          cancelled_initial, started_revenue, cancelled_revenue
        from parts
      )
      select g.merchant_id, g.currency, g.whole_month, g.day::text, g.plan_id, g.reason as cancellation_reason,
        sum(g.started)::int as started, sum(g.renewed)::int as renewed, sum(g.cancelled)::int as cancelled,
        sum(g.cancelled_initial)::int as cancelled_initial, sum(g.started_revenue)::bigint::text as started_revenue,
        sum(g.cancelled_revenue)::bigint::text as cancelled_revenue
      from grains g
      group by 1, 2, 3, 4, 5, 6
      order by 1, 2, 3, 4, 5, 6 nulls first`),
  );
  return { kept, recount };
}

describe('the demo subscriptions', () => {
  it('start with every successful initial payment, on a plan of its merchant in its currency', async () => {
    const missing = rowsOf<{ n: number }>(
      await db.execute(sql`
        select count(*)::int as n from transactions t
        where t.category = 'INITIAL' and t.parent_id is null and t.status = 'SUCCESS'
          and not exists (select 1 from subscriptions s where s.initial_transaction_id = t.id)`),
    );
    expect(missing[0]!.n).toBe(0);
    const rows = await db
      .select({ subscription: subscriptions, initial: transactions, plan: plans })
      .from(subscriptions)
      .innerJoin(transactions, eq(transactions.id, subscriptions.initialTransactionId))
      .innerJoin(plans, eq(plans.id, subscriptions.planId));
    expect(rows.length).toBeGreaterThan(200);
    for (const { subscription, initial, plan } of rows) {
      expect(initial).toMatchObject({ category: 'INITIAL', status: 'SUCCESS', parentId: null });
      expect(subscription).toMatchObject({
        accountId: initial.accountId,
        merchantId: initial.merchantId,
        currency: initial.currency,
        cardLast4: initial.cardLast4,
        cardCountry: initial.cardCountry,
        customerEmail: initial.shopperEmail,
        url: initial.orderUrl,
        createdAt: initial.createdAt,
      });
      expect(plan.merchantId).toBe(initial.merchantId);
      const worldPlan = worldPlanOf(plan)!;
      expect(worldPlan.currencies.has(initial.currency), subscription.id).toBe(true);
      const fixed = worldPlan.currencies.get(initial.currency);
      expect(subscription.amount).toBe(fixed ?? initial.amount);
      expect(subscription.monthlyAmount).toBe(monthlyAmount(subscription.amount, worldPlan.cycle));
    }
  });

  it('hold every renewal and retry as an attempt, and the after-life of their payments in the same cycle', async () => {
    const unmatched = rowsOf<{ n: number }>(
      await db.execute(sql`
        select count(*)::int as n from transactions t
        where t.category in ('RENEWAL', 'MAINTENANCE')
          and not exists (select 1 from subscription_attempts a where a.transaction_id = t.id)`),
    );
    expect(unmatched[0]!.n).toBe(0);
    const attempts = rowsOf<{
      type: string;
      cycle: number;
      transaction_type: string;
      category: string;
      parent_id: string | null;
      recurrence_parent_id: string | null;
      initial_transaction_id: string;
      parent_cycle: number | null;
      amount: number;
      t_amount: number;
    }>(
      await db.execute(sql`
        select a.type, a.cycle, t.transaction_type, t.category, t.parent_id, t.recurrence_parent_id,
          s.initial_transaction_id, pa.cycle as parent_cycle, a.amount::int, t.amount::int as t_amount
        from subscription_attempts a
        join transactions t on t.id = a.transaction_id
        join subscriptions s on s.id = a.subscription_id
        left join subscription_attempts pa on pa.transaction_id = t.parent_id`),
    );
    const types = new Set(attempts.map((attempt) => attempt.type));
    for (const type of ['INITIAL', 'RENEWAL', 'REFUND', 'PARTIAL_REFUND', 'CHARGEBACK', 'INFORMATION_REQUESTED']) {
      expect(types, type).toContain(type);
    }
    for (const attempt of attempts) {
      expect(attempt.amount).toBe(attempt.t_amount);
      if (attempt.parent_id === null) {
        expect(attempt.type).toBe(attempt.category);
        if (attempt.type === 'INITIAL') expect(attempt.cycle).toBe(1);
        else {
          expect(attempt.recurrence_parent_id).toBe(attempt.initial_transaction_id);
          expect(attempt.cycle).toBeGreaterThanOrEqual(2);
        }
      } else {
        expect(attempt.type).toBe(attempt.transaction_type);
        expect(attempt.cycle).toBe(attempt.parent_cycle);
      }
    }
  });

  it("charge each cycle when the plan's cycle falls due, and retry declines on the plan's retry sequence", async () => {
    const subs = await db
      .select({ subscription: subscriptions, plan: plans })
      .from(subscriptions)
      .innerJoin(plans, eq(plans.id, subscriptions.planId));
    const charges = rowsOf<{ subscription_id: string; cycle: number; root_id: string; at: Date; ok: boolean }>(
      await db.execute(sql`
        select a.subscription_id, a.cycle, t.root_id, min(t.created_at) as at, bool_or(t.status = 'SUCCESS') as ok
        from subscription_attempts a join transactions t on t.id = a.transaction_id
        where a.type in ('INITIAL', 'RENEWAL', 'MAINTENANCE')
        group by 1, 2, 3
        order by 1, 4`),
    );
    const bySubscription = new Map<string, typeof charges>();
    for (const charge of charges) {
      const list = bySubscription.get(charge.subscription_id) ?? [];
      list.push(charge);
      bySubscription.set(charge.subscription_id, list);
    }
    let renewals = 0;
    let onTime = 0;
    let retries = 0;
    for (const { subscription, plan } of subs) {
      const worldPlan = worldPlanOf(plan)!;
      const sequence = worldPlan.retrySequence ?? [];
      const orders = bySubscription.get(subscription.id) ?? [];
      const start = subscription.createdAt;
      let cycle = 1;
      let failures = 0;
      for (const order of orders.slice(1)) {
        // An order charges the cycle after the last one charged successfully, never before it falls due, and a
        // retry never before its step of the sequence.
        expect(order.cycle).toBe(cycle + 1);
        const due = addCycle(start, worldPlan.cycle, cycle).getTime();
        const step = failures === 0 ? 0 : sequence[failures - 1]!.time * DAY_MS;
        expect(failures, subscription.id).toBeLessThanOrEqual(sequence.length);
        expect(new Date(order.at).getTime()).toBeGreaterThanOrEqual(due + step);
        if (failures === 0) {
          renewals += 1;
          if (new Date(order.at).getTime() - due < DAY_MS) onTime += 1;
        } else retries += 1;
        if (order.ok) {
          cycle += 1;
          failures = 0;
        } else failures += 1;
      }
      expect(subscription.cycle, subscription.id).toBe(cycle);
      if (subscription.status === 'ACTIVE' && subscription.nextChargeAt) {
        const due = addCycle(start, worldPlan.cycle, cycle).getTime();
        const step = failures === 0 ? 0 : sequence[failures - 1]!.time * DAY_MS;
        expect(subscription.nextChargeAt.getTime()).toBeGreaterThanOrEqual(due + step);
      }
    }
    expect(renewals).toBeGreaterThan(100);
    expect(retries).toBeGreaterThan(10);
    // Renewals are charged on the day they fall due, but for the few whose day had no order slot left.
    expect(onTime / renewals).toBeGreaterThan(0.8);
  });

  it("end with the spec's cancellation sources, each where it belongs, and some are paused", async () => {
    const rows = await db
      .select({ subscription: subscriptions, plan: plans })
      .from(subscriptions)
      .innerJoin(plans, eq(plans.id, subscriptions.planId));
    const reasons = new Set(rows.map((row) => row.subscription.cancellationReason));
    for (const reason of ['HARD_DECLINE', 'MERCHANT_API', 'END_PLAN', 'BACKOFFICE_API', 'DISPUTE']) {
      expect(reasons, reason).toContain(reason);
    }
    expect(rows.some((row) => row.subscription.status === 'PAUSED')).toBe(true);
    const attempts = await db.select().from(subscriptionAttempts);
    const bySubscription = new Map<string, (typeof attempts)[number][]>();
    for (const attempt of attempts) {
      bySubscription.set(attempt.subscriptionId, [...(bySubscription.get(attempt.subscriptionId) ?? []), attempt]);
    }
    for (const { subscription, plan } of rows) {
      const own = bySubscription.get(subscription.id) ?? [];
      const charges = own.filter((attempt) => ['INITIAL', 'RENEWAL', 'MAINTENANCE'].includes(attempt.type));
      const lastCharge = Math.max(...charges.map((attempt) => attempt.createdAt.getTime()));
      expect(subscription.lastAttemptAt.getTime()).toBe(lastCharge);
      if (subscription.status === 'CANCELLED') {
        expect(subscription.cancelledAt!.getTime()).toBeGreaterThanOrEqual(lastCharge);
        expect(subscription.cancelledAt!.getTime()).toBeLessThanOrEqual(WORLD_NOW.getTime());
        expect(subscription.nextChargeAt).toBeNull();
        expect(subscription.cancellationReasonDetails !== null).toBe(
          subscription.cancellationReason === 'BACKOFFICE_API',
        );
        if (subscription.cancellationReason === 'DISPUTE') {
          expect((plan.cancellationSettings as { enabled?: boolean } | null)?.enabled).toBe(true);
          expect(own.some((attempt) => attempt.type === 'CHARGEBACK')).toBe(true);
        }
        if (subscription.cancellationReason === 'HARD_DECLINE') {
          // The cycle's renewal and every retry of the sequence declined.
          const sequence = worldPlanOf(plan)!.retrySequence ?? [];
          const failed = new Set(
            charges
              .filter((attempt) => attempt.cycle === subscription.cycle + 1)
              .map((attempt) => attempt.transactionId),
          );
          expect(failed.size).toBeGreaterThanOrEqual(1 + sequence.length);
          expect(
            charges.filter((attempt) => attempt.cycle === subscription.cycle + 1).every((a) => a.status !== 'SUCCESS'),
          ).toBe(true);
        }
      } else {
        expect(subscription.cancelledAt).toBeNull();
        expect(subscription.cancellationReason).toBeNull();
      }
      if (subscription.status === 'PAUSED') {
        expect(subscription.pausedAt!.getTime()).toBeGreaterThanOrEqual(lastCharge);
        expect(subscription.nextChargeAt).toBeNull();
      }
    }
  });

  it('keep the KPI rollup equal to a recount from the subscriptions and their attempts', async () => {
    const { kept, recount } = await rollupAndRecount(db);
    expect(kept.length).toBeGreaterThan(0);
    expect(kept).toEqual(recount);
  });

  it('renew live the subscriptions that fall due, following their plan, and leave paused ones alone', async () => {
    let clock = WORLD_NOW.getTime() + 2 * 3_600_000;
    const traffic = createDemoTraffic({
      db,
      now: () => clock,
      log: { error: () => undefined },
      afterSales: async () => undefined,
    });
    // The merchant with the most subscriptions due now; one of its due subscriptions is paused first.
    const [busiest] = rowsOf<{ merchant_id: string }>(
      await db.execute(sql`
        select merchant_id from subscriptions where status = 'ACTIVE' and next_charge_at <= ${new Date(clock)}
        group by 1 order by count(*) desc, 1 limit 1`),
    );
    const merchantId = busiest!.merchant_id;
    const due = await db.execute(sql`
      select id, cycle, version from subscriptions
      where merchant_id = ${merchantId}::uuid and status = 'ACTIVE' and next_charge_at <= ${new Date(clock)}
      order by next_charge_at, id`);
    const dueRows = rowsOf<{ id: string; cycle: number; version: number }>(due);
    expect(dueRows.length).toBeGreaterThan(1);
    const paused = dueRows[0]!;
    await db.execute(sql`update subscriptions set status = 'PAUSED', paused_at = ${new Date(clock)}, next_charge_at = null
      where id = ${paused.id}::uuid`);
    const before = await db.select().from(subscriptionAttempts).where(eq(subscriptionAttempts.merchantId, merchantId));
    for (let round = 0; round < 6; round += 1) {
      await traffic.drive(merchantId, 20);
      clock += 60_000;
    }
    const after = await db.select().from(subscriptionAttempts).where(eq(subscriptionAttempts.merchantId, merchantId));
    const known = new Set(before.map((attempt) => attempt.id));
    const added = after.filter((attempt) => !known.has(attempt.id));
    const charged = added.filter((attempt) => attempt.type === 'RENEWAL' || attempt.type === 'MAINTENANCE');
    expect(charged.length).toBeGreaterThan(0);
    expect(added.some((attempt) => attempt.subscriptionId === paused.id)).toBe(false);
    for (const attempt of charged) {
      const [subscription] = await db.select().from(subscriptions).where(eq(subscriptions.id, attempt.subscriptionId));
      const [plan] = await db.select().from(plans).where(eq(plans.id, subscription!.planId));
      const worldPlan = worldPlanOf(plan!)!;
      const [transaction] = await db.select().from(transactions).where(eq(transactions.id, attempt.transactionId!));
      expect(transaction).toMatchObject({
        recurrenceParentId: subscription!.initialTransactionId,
        category: attempt.type,
      });
      if (attempt.status === 'SUCCESS') {
        expect(subscription!.cycle).toBeGreaterThanOrEqual(attempt.cycle);
        if (subscription!.cycle === attempt.cycle && subscription!.status === 'ACTIVE') {
          expect(subscription!.nextChargeAt).toEqual(addCycle(subscription!.createdAt, worldPlan.cycle, attempt.cycle));
        }
      }
      if (subscription!.status === 'CANCELLED') expect(subscription!.cancellationReason).toBe('HARD_DECLINE');
    }
    // Started subscriptions: each successful live initial payment has one.
    const missing = rowsOf<{ n: number }>(
      await db.execute(sql`
        select count(*)::int as n from transactions t
        where t.category = 'INITIAL' and t.parent_id is null and t.status = 'SUCCESS'
          and not exists (select 1 from subscriptions s where s.initial_transaction_id = t.id)`),
    );
    expect(missing[0]!.n).toBe(0);
    const { kept, recount } = await rollupAndRecount(db);
    expect(kept).toEqual(recount);
  });
});
