import { randomUUID } from 'node:crypto';
import { loadConfig } from '@server/config';
import {
  acquirers,
  emailOutbox,
  limitAlertFirings,
  limits,
  mids,
  plans,
  routes,
  salesRollup,
  serverSettings,
  solutions,
  subscriptions,
  transactionHistory,
  transactions,
} from '@server/db/schema';
import { DEMO_CREDENTIALS_KEY } from '@server/db/seed/generator';
import { createDemoTraffic, type DemoTraffic } from '@server/demo/live-traffic';
import { holdsDemoWorld } from '@server/demo/merchant-worlds';
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, createAccount, createMerchant, createUser, type TestApp } from './helpers/test-app';
import { insertTransaction, type PaymentsWorld } from './helpers/transaction-fixtures';

// Live demo traffic (issue 16): orders placed now by the demo generator's code, through the merchant's routes as the
// database holds them, written as transactions whose sales the rollup counts at once, and followed by a limit-alerts
// check. The traffic's running loop fills on from where the data ends.

const NOW = Date.parse('2026-03-10T12:00:00.000Z');
const TODAY = '2026-03-10';

let t: TestApp;
let traffic: DemoTraffic;

beforeAll(async () => {
  t = await buildTestApp({ now: NOW });
  traffic = createDemoTraffic({
    db: t.db,
    now: t.clock.now,
    // Only the running loop logs; these tests drive orders, and a failure rejects `drive`.
    log: { error: () => undefined },
    afterSales: () => t.app.limitAlerts.requestCheck(),
  });
});

afterAll(async () => {
  await traffic.stop();
  await t.close();
});

beforeEach(() => {
  t.clock.set(NOW);
});

interface Shop {
  accountId: string;
  merchantId: string;
  solutionId: string;
  mids: { main: string; backup: string; legacy: string };
  routes: { fallback: string; eurMain: string; eurBackup: string };
}

/** A merchant set up as the demo's are: a default route with a fallback MID, a weighted EUR split, a disabled MID. */
async function shop(mccCode = '5732', on: TestApp = t): Promise<Shop> {
  const { db } = on;
  const account = await createAccount(db);
  const merchant = await createMerchant(db, account.id, {
    prettyName: 'Lumen Air Shop',
    dba: 'Lumen & Air Shop!',
    mccCode,
  });
  const [acquirer] = await db
    .insert(acquirers)
    .values({ prettyName: `Adyen ${randomUUID().slice(0, 6)}` })
    .returning();
  const [solution] = await db
    .insert(solutions)
    .values({ accountId: account.id, acquirerId: acquirer!.id, prettyName: 'Cards EU' })
    .returning();
  const mid = async (description: string, enable = true) => {
    const [row] = await db
      .insert(mids)
      .values({
        accountId: account.id,
        merchantId: merchant.id,
        description,
        midAcquirerId: `ADY-${randomUUID().slice(0, 9)}`,
        acquirerId: acquirer!.id,
        solutionId: solution!.id,
        enable,
      })
      .returning({ id: mids.id });
    return row!.id;
  };
  const main = await mid('Adyen Cards EU - main');
  const backup = await mid('Adyen Cards EU - backup');
  const legacy = await mid('Adyen Cards EU - legacy', false);
  const route = async (description: string, priority: number, weight: number, midId: string, fallback: string) => {
    const [row] = await db
      .insert(routes)
      .values({
        accountId: account.id,
        merchantId: merchant.id,
        description,
        priority,
        weight,
        midId,
        fallbackMidId: fallback,
        currency: description.startsWith('EUR') ? ['EUR'] : [],
      })
      .returning({ id: routes.id });
    return row!.id;
  };
  const fallback = await route('Default route', 1, 100, main, backup);
  const eurMain = await route('EUR traffic', 5, 70, main, backup);
  const eurBackup = await route('EUR traffic', 5, 30, backup, main);
  // A route to the disabled MID serves nothing.
  await route('Legacy acquirer', 9, 100, legacy, main);
  return {
    accountId: account.id,
    merchantId: merchant.id,
    solutionId: solution!.id,
    mids: { main, backup, legacy },
    routes: { fallback, eurMain, eurBackup },
  };
}

/** An order stored before the traffic starts, on the main MID and the default route. */
function storedOrder(s: Shop, input: Parameters<typeof insertTransaction>[2], on: TestApp = t) {
  // The fixture writes on its world's `adyen` MID unless told otherwise.
  const main = s.mids.main;
  const world: PaymentsWorld = {
    accountId: s.accountId,
    merchantId: s.merchantId,
    routeId: s.routes.fallback,
    mids: { adyen: main, instant: main, delayed: main, fails: main, sameDay: main },
  };
  return insertTransaction(on.db, world, input);
}

const rowsOf = (merchantId: string) => t.db.select().from(transactions).where(eq(transactions.merchantId, merchantId));

/** Today's successful sales of a merchant as the rollup counts them (what 'Sales today' and the limits read). */
async function salesToday(merchantId: string): Promise<number> {
  const [row] = await t.db
    .select({ sales: sql<number>`coalesce(sum(${salesRollup.count}), 0)::int` })
    .from(salesRollup)
    .where(
      and(
        eq(salesRollup.merchantId, merchantId),
        eq(salesRollup.day, TODAY),
        inArray(salesRollup.transactionType, ['PAYMENT', 'RECURRENCE']),
        eq(salesRollup.status, 'SUCCESS'),
      ),
    );
  return row!.sales;
}

describe('driving orders', () => {
  it('writes each order as transactions created now, counted in the rollup, routed by the merchant’s routes', async () => {
    const s = await shop();
    await storedOrder(s, { createdAt: new Date(NOW - 3_600_000) });
    const before = await salesToday(s.merchantId);
    const driven = await traffic.drive(s.merchantId, 60);

    const rows = (await rowsOf(s.merchantId)).filter((row) => row.createdAt.getTime() > NOW - 60_000);
    const firstAttempts = rows.filter((row) => !row.isFallback);
    const retries = rows.filter((row) => row.isFallback);
    expect(driven).toEqual({
      orders: 60,
      transactions: rows.length,
      successes: rows.filter((row) => row.status === 'SUCCESS').length,
      unrouted: 0,
    });
    expect(firstAttempts).toHaveLength(60);
    expect(new Set(rows.map((row) => row.rootId)).size).toBe(60);
    expect(await salesToday(s.merchantId)).toBe(before + driven.successes);
    expect(driven.successes).toBeGreaterThan(0);

    for (const row of rows) {
      expect(row.createdAt.getTime()).toBeGreaterThan(NOW - 5_001);
      expect(row.createdAt.getTime()).toBeLessThanOrEqual(NOW);
      // Answered at once: no order waits for a shopper, a notification or a settlement.
      expect(['SUCCESS', 'DECLINED', 'PREVENTED', 'FAILED']).toContain(row.status);
      expect(['PAYMENT', 'RECURRENCE']).toContain(row.transactionType);
      expect(row.solutionId).toBe(s.solutionId);
    }
    // The routing engine's choice: EUR orders on the EUR split, the rest on the default route; never the disabled MID.
    for (const row of firstAttempts) {
      const eur = row.currency === 'EUR';
      expect(row.routeId).toBe(
        eur ? (row.midId === s.mids.main ? s.routes.eurMain : s.routes.eurBackup) : s.routes.fallback,
      );
      expect(row.midId).toBe(row.routeId === s.routes.eurBackup ? s.mids.backup : s.mids.main);
    }
    // A decline retried on the route's fallback MID, under the same order.
    for (const retry of retries) {
      const first = firstAttempts.find((row) => row.id === retry.rootId)!;
      expect(first.status).toBe('DECLINED');
      expect(retry.routeId).toBe(first.routeId);
      expect(retry.midId).toBe(first.midId === s.mids.main ? s.mids.backup : s.mids.main);
      expect(retry.referenceOrderId).toBe(first.referenceOrderId);
    }
    const eurMids = new Set(firstAttempts.filter((row) => row.currency === 'EUR').map((row) => row.midId));
    expect(eurMids).toEqual(new Set([s.mids.main, s.mids.backup]));

    // Each transaction has its history event; order references are new and name today.
    const history = await t.db
      .select()
      .from(transactionHistory)
      .where(
        inArray(
          transactionHistory.transactionId,
          rows.map((row) => row.id),
        ),
      );
    expect(history.map((event) => event.transactionId).sort()).toEqual(rows.map((row) => row.id).sort());
    expect(new Set(firstAttempts.map((row) => row.referenceOrderId)).size).toBe(60);
    for (const row of firstAttempts) expect(row.referenceOrderId).toMatch(/^LAS-260310-\d{6}$/);
  });

  it('gives each merchant a few fixed statement descriptors, RENEWAL for renewals of stored subscriptions', async () => {
    // A streaming service: most of its orders are subscriptions and their renewals.
    const s = await shop('4899');
    const initial = await storedOrder(s, {
      createdAt: new Date(NOW - 35 * 86_400_000),
      category: 'INITIAL',
      orderUrl: 'https://app.lumen.example/subscribe',
    });
    // Its subscription on a monthly plan, due since a few days: live renewals charge it.
    const [plan] = await t.db
      .insert(plans)
      .values({
        accountId: s.accountId,
        merchantId: s.merchantId,
        description: 'Monthly',
        basicSettings: { cycle: { time: 1, unit: 'MONTH' } },
        amountSettings: { base: 'EUR', currencies: { EUR: { amount: null, isDynamic: true, type: 'DYNAMIC' } } },
        retrySettings: { enabled: true, amount: null, sequence: [{ type: 'RENEWAL', time: 1, unit: 'DAY' }] },
      })
      .returning();
    await t.db.insert(subscriptions).values({
      accountId: s.accountId,
      merchantId: s.merchantId,
      planId: plan!.id,
      status: 'ACTIVE',
      initialTransactionId: initial.id,
      currency: initial.currency,
      amount: initial.amount,
      monthlyAmount: initial.amount,
      lastAttemptAmount: initial.amount,
      lastAttemptCurrency: initial.currency,
      lastAttemptAt: initial.createdAt,
      lastAttemptStatus: 'SUCCESS',
      nextChargeAt: new Date(NOW - 4 * 86_400_000),
      createdAt: initial.createdAt,
    });
    await traffic.drive(s.merchantId, 60);
    const rows = await rowsOf(s.merchantId);
    const live = rows.filter((row) => row.id !== initial.id);
    const descriptors = new Set(live.map((row) => row.shopperStatement));
    expect(descriptors.size).toBeLessThanOrEqual(4);
    for (const descriptor of descriptors) expect(descriptor).toMatch(/^LUMEN AIR SH\*(ONLINE|SHOP|WEB|RENEWAL)$/);
    // Renewals charge the stored subscription again: its card, amount and URL.
    const renewals = live.filter((row) => row.category === 'RENEWAL' || row.category === 'MAINTENANCE');
    expect(renewals.length).toBeGreaterThan(0);
    for (const renewal of renewals) {
      expect(renewal.transactionType).toBe('RECURRENCE');
      expect(renewal.recurrenceParentId).toBe(initial.id);
      expect(renewal.cardLast4).toBe('1111');
      expect(renewal.shopperStatement).toBe('LUMEN AIR SH*RENEWAL');
    }
    for (const row of live.filter((each) => each.category === 'ONE-OFF' || each.category === 'INITIAL')) {
      expect(row.shopperStatement).not.toBe('LUMEN AIR SH*RENEWAL');
    }
  });

  it('follows the routing as it is now: an edited route takes the next orders', async () => {
    const s = await shop();
    await traffic.drive(s.merchantId, 5);
    // All traffic to the backup MID from now on.
    await t.db
      .update(routes)
      .set({ weight: 0 })
      .where(inArray(routes.id, [s.routes.fallback, s.routes.eurMain]));
    await t.db.insert(routes).values({
      accountId: s.accountId,
      merchantId: s.merchantId,
      description: 'Backup only',
      priority: 2,
      weight: 100,
      midId: s.mids.backup,
    });
    await t.db.update(routes).set({ fallbackMidId: null }).where(eq(routes.id, s.routes.eurBackup));
    t.clock.advance(60_000);
    await traffic.drive(s.merchantId, 20);
    const later = (await rowsOf(s.merchantId)).filter((row) => row.createdAt.getTime() > NOW);
    expect(later).toHaveLength(20);
    expect(new Set(later.map((row) => row.midId))).toEqual(new Set([s.mids.backup]));
  });

  it('places no order for a merchant without routes, and says so', async () => {
    const account = await createAccount(t.db);
    const merchant = await createMerchant(t.db, account.id);
    await expect(traffic.drive(merchant.id, 3)).rejects.toThrow(/has no route/);
    expect(await rowsOf(merchant.id)).toEqual([]);
  });

  it('asks for a limit-alerts check: an alert the orders cross fires', async () => {
    const s = await shop();
    const admin = await createUser(t.db, {
      role: 'ADMINISTRATOR',
      type: 'ACCOUNT',
      accountIds: [s.accountId],
      password: null,
      status: 'ACTIVE',
    });
    const [limit] = await t.db
      .insert(limits)
      .values({
        accountId: s.accountId,
        merchantId: s.merchantId,
        solutionId: s.solutionId,
        daily: 4,
        alertPercentage: 0.5,
      })
      .returning();
    // Two successful sales reach it; thirty orders bring far more.
    const driven = await traffic.drive(s.merchantId, 30);
    expect(driven.successes).toBeGreaterThanOrEqual(2);
    await t.app.jobWorker.runDue();
    const mails = await t.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.kind, 'limit-alert'), eq(emailOutbox.toAddress, admin.email)));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.textBody).toContain(`Sales: ${driven.successes} of a limit of 4`);
    expect(mails[0]!.textBody).toContain(`/counter/${s.solutionId}/limits`);
    const [firing] = await t.db.select().from(limitAlertFirings).where(eq(limitAlertFirings.limitId, limit!.id));
    expect(firing).toMatchObject({ period: 'DAILY', periodStart: TODAY, sales: driven.successes });
  });
});

describe('running traffic', () => {
  /** Runs the traffic at `ratePerMinute` until `enough` (asked after each committed batch) says so, then stops it. */
  async function runTrafficUntil(ratePerMinute: number, enough: () => Promise<boolean>): Promise<void> {
    let running: DemoTraffic | undefined;
    const done = new Promise<void>((resolve, reject) => {
      running = createDemoTraffic({
        db: t.db,
        now: t.clock.now,
        log: { error: (details) => reject(new Error(JSON.stringify(details))) },
        afterSales: async () => {
          if (await enough()) resolve();
        },
      });
    });
    try {
      running!.start(ratePerMinute);
      await done;
    } finally {
      await running!.stop();
    }
  }

  it('fills on from where the data ends, at its rate, across the merchants with routes, until stopped', async () => {
    // A day after every order of the other tests: the data ends with this merchant's order, ten minutes before now,
    // as in a database seeded earlier in the hour.
    const now = NOW + 86_400_000;
    t.clock.set(now);
    const s = await shop();
    await storedOrder(s, { createdAt: new Date(now - 10 * 60_000) });
    await runTrafficUntil(6, async () => true);
    const placed = await t.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.isFallback, false), gt(transactions.createdAt, new Date(now - 10 * 60_000))));
    // Six a minute over the ten minutes, spread across them and across the merchants with routes.
    expect(placed).toHaveLength(60);
    const times = placed.map((row) => row.createdAt.getTime()).sort((a, b) => a - b);
    expect(times[0]).toBeLessThan(now - 9 * 60_000);
    expect(times[times.length - 1]).toBeLessThanOrEqual(now);
    const routed = new Set((await t.db.select({ id: routes.merchantId }).from(routes)).map((row) => row.id));
    const served = new Set(placed.map((row) => row.merchantId));
    expect(served.size).toBeGreaterThan(1);
    for (const merchantId of served) expect(routed.has(merchantId)).toBe(true);
  });

  it('commits a long catch-up a hundred orders at a time, so requests do not wait for the whole hour', async () => {
    const now = NOW + 2 * 86_400_000;
    t.clock.set(now);
    const s = await shop();
    await storedOrder(s, { createdAt: new Date(now - 10 * 60_000) });
    const since = new Date(now - 10 * 60_000);
    const committed: number[] = [];
    // 25 a minute over the ten minutes since the data ends: 250 orders due at once.
    await runTrafficUntil(25, async () => {
      const [row] = await t.db
        .select({ orders: sql<number>`count(*)::int` })
        .from(transactions)
        .where(and(eq(transactions.isFallback, false), gt(transactions.createdAt, since)));
      committed.push(row!.orders);
      return committed.length === 3;
    });
    // Three commits of at most a hundred orders each (an order the routes cannot serve is not placed).
    const steps = committed.map((orders, index) => orders - (committed[index - 1] ?? 0));
    expect(steps.slice(0, 2).every((step) => step > 90 && step <= 100)).toBe(true);
    expect(steps[2]).toBeGreaterThan(40);
    expect(steps[2]).toBeLessThanOrEqual(50);
  });

  it('runs only on the demo world: a database the seed made', async () => {
    expect(await holdsDemoWorld(t.db)).toBe(false);
    await t.db.insert(serverSettings).values({ key: DEMO_CREDENTIALS_KEY, value: '[]' });
    expect(await holdsDemoWorld(t.db)).toBe(true);
  });
});

describe('configuration', () => {
  it('places six orders a minute unless DEMO_TRAFFIC=off or DEMO_TRAFFIC_RATE says otherwise; none under tests', () => {
    expect(loadConfig({}).demoTrafficRate).toBe(6);
    expect(loadConfig({ DEMO_TRAFFIC_RATE: '20' }).demoTrafficRate).toBe(20);
    expect(loadConfig({ DEMO_TRAFFIC_RATE: '0' }).demoTrafficRate).toBe(0);
    expect(loadConfig({ DEMO_TRAFFIC: 'off', DEMO_TRAFFIC_RATE: '20' }).demoTrafficRate).toBe(0);
    expect(loadConfig({ NODE_ENV: 'test' }).demoTrafficRate).toBe(0);
    expect(loadConfig({ NODE_ENV: 'test', DEMO_TRAFFIC_RATE: '3' }).demoTrafficRate).toBe(3);
  });

  it('checks limit alerts every 30 seconds unless LIMIT_ALERTS_INTERVAL says otherwise', () => {
    expect(loadConfig({}).limitAlertsIntervalMs).toBe(30_000);
    expect(loadConfig({ LIMIT_ALERTS_INTERVAL: '5' }).limitAlertsIntervalMs).toBe(5_000);
  });
});
