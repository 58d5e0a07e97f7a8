import { once } from 'node:events';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  backtestWindowRange,
  mentionedValues,
  type PaymentGroup,
  runBacktest,
  toBacktestResult,
} from '@domain/backtest';
import { BACKTEST_MESSAGES, type BacktestResult, backtestResult } from '@domain/contract/backtest';
import type { RoutingRoute } from '@domain/routing';
import { withTemporaryRoutes } from '@server/areas/routes/routing-draft';
import { mids, roles, routes, transactions, userActivity } from '@server/db/schema';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  type AccountRow,
  authHeader,
  buildTestApp,
  createAccount,
  createMerchant,
  type MerchantRow,
  signedInAs,
  type TestApp,
} from './helpers/test-app';
import { createPaymentsWorld, DAY_MS, insertTransaction, type PaymentsWorld } from './helpers/transaction-fixtures';

// The routing backtest over the API (issue 15): the window's first-attempt payments replayed through the current
// routing and a draft, aggregated in the database; its numbers, its window, its permissions and tenant, and that it
// writes nothing.

const NOW = Date.parse('2026-03-10T09:00:00.000Z');

let t: TestApp;
let account: AccountRow;
let merchant: MerchantRow;
let foreign: MerchantRow;
let world: PaymentsWorld;
let adminToken: string;
/** Route B: the instant MID at priority 10, weight 50, retrying on the adyen MID. */
let splitRouteId: string;

const url = (merchantId = merchant.id) => `/api/merchant/${merchantId}/routing-backtest`;
const post = (payload: object, token = adminToken, merchantId = merchant.id) =>
  t.app.inject({ method: 'POST', url: url(merchantId), headers: authHeader(token), payload });
const parsed = (response: { statusCode: number; body: string; json(): unknown }) => {
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  return backtestResult.parse(response.json());
};

/** The main route (adyen MID, priority 10, weight 100) edited to weight 0: the wizard's temporary row. */
const mainAtWeightZero = () => ({
  routeId: world.routeId,
  routeDescription: 'Main route',
  midId: world.mids.adyen,
  priority: 10,
  weight: 0,
});

const paymentsOf = (result: BacktestResult, midId: string, side: 'current' | 'draft') =>
  result.mids.find((mid) => mid.midId === midId)?.[side].payments ?? 0;
const amountOf = (volume: { amounts: { currency: string; amount: number }[] }, currency: string) =>
  volume.amounts.find((entry) => entry.currency === currency)?.amount ?? 0;

const EMPTY_CRITERIA = { currency: [], issuerCountry: [], cardBrand: [], url: [], customTag: [], binCode: [] };

/** Deep equality with numbers equal within 1e-6 (rates, counts) or one minor unit (amounts, rounded separately). */
function expectClose(actual: unknown, expected: unknown, path = 'result'): void {
  if (typeof expected === 'number' && typeof actual === 'number') {
    expect(Math.abs(actual - expected), path).toBeLessThanOrEqual(path.includes('amount') ? 1 : 1e-6);
  } else if (Array.isArray(expected) && Array.isArray(actual)) {
    expect(actual.length, path).toBe(expected.length);
    for (const [index, item] of expected.entries()) expectClose(actual[index], item, `${path}.${index}`);
  } else if (expected && typeof expected === 'object' && actual && typeof actual === 'object') {
    expect(Object.keys(actual).sort(), path).toEqual(Object.keys(expected).sort());
    for (const [key, value] of Object.entries(expected)) {
      expectClose((actual as Record<string, unknown>)[key], value, `${path}.${key}`);
    }
  } else {
    expect(actual, path).toEqual(expected);
  }
}

async function pay(count: number, values: Partial<typeof transactions.$inferInsert>, daysAgo = 1) {
  for (let n = 0; n < count; n++) {
    await insertTransaction(t.db, world, { createdAt: new Date(NOW - daysAgo * DAY_MS - n * 60_000), ...values });
  }
}

beforeAll(async () => {
  t = await buildTestApp({ now: NOW });
  account = await createAccount(t.db, { prettyName: 'Backtest' });
  const other = await createAccount(t.db, { prettyName: 'Other backtest' });
  merchant = await createMerchant(t.db, account.id);
  foreign = await createMerchant(t.db, other.id);
  world = await createPaymentsWorld(t.db, account.id, merchant.id);
  const foreignWorld = await createPaymentsWorld(t.db, other.id, foreign.id);
  const [split] = await t.db
    .insert(routes)
    .values({
      accountId: account.id,
      merchantId: merchant.id,
      description: 'Split route',
      priority: 10,
      weight: 50,
      midId: world.mids.instant,
      fallbackMidId: world.mids.adyen,
    })
    .returning({ id: routes.id });
  splitRouteId = split!.id;
  // A lower priority that serves nothing while the priority-10 routes take every order.
  await t.db.insert(routes).values({
    accountId: account.id,
    merchantId: merchant.id,
    description: 'Backup route',
    priority: 5,
    weight: 100,
    midId: world.mids.delayed,
  });

  // First attempts of the last 30 days: 64 payments.
  await pay(30, { status: 'SUCCESS', cardBrand: 'VISA', amount: 10_000 });
  await pay(4, { status: 'ABANDONED', cardBrand: 'VISA', amount: 2_500 });
  await pay(10, { status: 'DECLINED', cardBrand: 'MC', cardCountry: 'FR', amount: 5_000 });
  await pay(15, { status: 'SUCCESS', currency: 'GBP', cardCountry: 'GB', amount: 7_000, midId: world.mids.instant });
  await pay(5, { status: 'DECLINED', currency: 'GBP', cardCountry: 'GB', amount: 7_000, midId: world.mids.instant });
  // Not first attempts of the window: a fallback retry, a refund, a recurrence's... and one payment 40 days old.
  const [payment] = await t.db.select().from(transactions).where(eq(transactions.merchantId, merchant.id)).limit(1);
  await insertTransaction(t.db, world, { createdAt: new Date(NOW - DAY_MS), isFallback: true, status: 'SUCCESS' });
  await insertTransaction(t.db, world, {
    createdAt: new Date(NOW - DAY_MS),
    parentId: payment!.id,
    transactionType: 'REFUND',
    status: 'SUCCESS',
  });
  await pay(1, { status: 'SUCCESS', amount: 99_900 }, 40);
  // Another merchant's payment never counts.
  await insertTransaction(t.db, foreignWorld, { createdAt: new Date(NOW - DAY_MS), amount: 123 });

  adminToken = (await signedInAs(t, 'ADMINISTRATOR', account)).token;
});

afterAll(() => t.close());

describe('the backtest', () => {
  it('moves the traffic of a route edited to weight 0 to the route left, and the numbers add up', async () => {
    const result = parsed(await post({ window: { preset: '30d' }, temporaryRoutes: [mainAtWeightZero()] }));
    expect(result.window).toEqual({
      from: new Date(NOW - 30 * DAY_MS).toISOString(),
      to: new Date(NOW).toISOString(),
    });
    expect(result.total.payments).toBe(64);
    expect(amountOf(result.total, 'EUR')).toBe(30 * 10_000 + 4 * 2_500 + 10 * 5_000);
    expect(amountOf(result.total, 'GBP')).toBe(20 * 7_000);

    // Today 100:50 between the adyen and instant MIDs; the draft leaves the instant MID alone.
    expect(paymentsOf(result, world.mids.adyen, 'current')).toBeCloseTo((64 * 2) / 3, 5);
    expect(paymentsOf(result, world.mids.instant, 'current')).toBeCloseTo(64 / 3, 5);
    expect(paymentsOf(result, world.mids.adyen, 'draft')).toBe(0);
    expect(paymentsOf(result, world.mids.instant, 'draft')).toBeCloseTo(64, 5);
    const adyen = result.mids.find((mid) => mid.midId === world.mids.adyen)!;
    expect(adyen).toMatchObject({ description: 'Cards EU MID', acquirerName: 'Adyen' });
    expect(adyen.difference.payments).toBeCloseTo((-64 * 2) / 3, 5);
    expect(amountOf(adyen.difference, 'GBP')).toBe(-amountOf(adyen.current, 'GBP'));
    expect(result.mids.some((mid) => mid.midId === world.mids.delayed)).toBe(false);

    expect(result.moved.payments).toBeCloseTo((64 * 2) / 3, 5);
    expect(result.moved.segments.length).toBeGreaterThan(0);
    for (const segment of result.moved.segments) {
      expect(segment).toMatchObject({ fromMidId: world.mids.adyen, toMidId: world.mids.instant });
    }
    const segmentPayments = result.moved.segments.reduce((sum, segment) => sum + segment.payments, 0);
    expect(segmentPayments).toBeCloseTo(result.moved.payments, 5);
    // Values no route names show as OTHER; values payments lack as null.
    expect(result.moved.segments[0]).toMatchObject({ issuerCountry: 'OTHER', url: 'OTHER', customTag: null });

    // Every payment is somewhere on both sides.
    const sum = (side: 'current' | 'draft') =>
      result.mids.reduce((total, mid) => total + mid[side].payments, 0) + result.unrouted[side].payments;
    expect(sum('current')).toBeCloseTo(result.total.payments, 5);
    expect(sum('draft')).toBeCloseTo(result.total.payments, 5);
    for (const currency of ['EUR', 'GBP']) {
      const amounts = (side: 'current' | 'draft') =>
        result.mids.reduce((total, mid) => total + amountOf(mid[side], currency), 0) +
        amountOf(result.unrouted[side], currency);
      expect(Math.abs(amounts('current') - amountOf(result.total, currency))).toBeLessThanOrEqual(result.mids.length);
      expect(Math.abs(amounts('draft') - amountOf(result.total, currency))).toBeLessThanOrEqual(result.mids.length);
    }
    expect(result.unrouted.current.payments).toBe(0);
    expect(result.unrouted.draft.payments).toBe(0);

    // The split route retries on the adyen MID: a third of the traffic today, all of it in the draft.
    expect(result.fallbackCoverage.current).toBeCloseTo(1 / 3, 9);
    expect(result.fallbackCoverage.draft).toBeCloseTo(1, 9);

    // Approval rates: adyen VISA 30/30 (enough payments), adyen MC and instant overall (30/40 and 15/20).
    const visa = 34 + 20;
    const mc = 10;
    const current = ((visa * 2) / 3) * 1 + ((mc * 2) / 3) * 0.75 + (visa / 3) * 0.75 + (mc / 3) * 0.75;
    expect(result.approvals.current).toBeCloseTo(current / 64, 9);
    expect(result.approvals.draft).toBeCloseTo(0.75, 9);
    expect(result.approvals.midsWithoutHistory).toEqual([]);
  });

  it('answers nothing moved for the routing as it is, and leaves every payment unrouted without routes', async () => {
    const same = parsed(await post({ window: { preset: '30d' } }));
    expect(same.moved).toEqual({ payments: 0, amounts: [], segments: [] });
    for (const mid of same.mids) expect(mid.difference.payments).toBe(0);
    expect(same.approvals.current).toBe(same.approvals.draft);

    const saved = await t.db.select({ id: routes.id }).from(routes).where(eq(routes.merchantId, merchant.id));
    const none = parsed(await post({ window: { preset: '30d' }, removedRouteIds: saved.map((route) => route.id) }));
    expect(none.unrouted.draft).toEqual(none.total);
    expect(none.moved.payments).toBeCloseTo(64, 5);
    expect(none.moved.segments.every((segment) => segment.toMidId === null)).toBe(true);
    expect(none.fallbackCoverage.draft).toBe(0);
    expect(none.approvals.draft).toBeNull();
    for (const mid of none.mids) expect(mid.draft).toEqual({ payments: 0, amounts: [] });
  });

  it('counts a longer window, and names the MIDs without history that would take traffic', async () => {
    const ninety = parsed(await post({ window: { preset: '90d' } }));
    expect(ninety.total.payments).toBe(65);
    const explicit = parsed(
      await post({
        window: { from: new Date(NOW - 2 * DAY_MS).toISOString(), to: new Date(NOW).toISOString() },
        temporaryRoutes: [
          {
            routeDescription: 'New to delayed',
            midId: world.mids.delayed,
            priority: 10,
            weight: 100,
            currency: ['GBP'],
          },
        ],
      }),
    );
    expect(explicit.total.payments).toBe(64);
    expect(explicit.approvals.midsWithoutHistory).toEqual([world.mids.delayed]);
    // GBP: 100:50:100 in the draft, so the delayed MID takes 40 % of the 20 GBP payments.
    expect(paymentsOf(explicit, world.mids.delayed, 'draft')).toBeCloseTo(8, 5);
    expect(explicit.moved.segments.every((segment) => segment.currency === 'GBP')).toBe(true);
    expect(explicit.moved.segments.every((segment) => segment.toMidId === world.mids.delayed)).toBe(true);
  });

  it('equals the domain over the raw payments, whatever the spelling of their values', async () => {
    // Values the engine reads trimmed and upper-cased, URLs by host and path, BINs of 6 digits, one beyond ASCII.
    const odd = [
      {
        cardCountry: ' es ',
        cardBrand: 'visa',
        cardBin: ' 411111',
        customTag: 'vip',
        orderUrl: 'https://Shop.example/eu/x?a=1',
      },
      { cardCountry: 'ES', cardBrand: 'VISA', cardBin: '411111', customTag: 'VIP', orderUrl: 'shop.example/eu' },
      {
        cardCountry: 'És',
        cardBrand: 'MC',
        cardBin: '41111',
        customTag: ' ',
        orderUrl: 'https://shop.example/europe#x',
      },
      { cardCountry: 'FR', cardBrand: ' amex', cardBin: '555555', customTag: 'NONE', orderUrl: 'not a url' },
      { cardCountry: null, cardBrand: null, cardBin: null, customTag: null, orderUrl: null },
      // Longer than the covering index takes (migration 0015): read through the other index.
      {
        cardCountry: 'ES',
        cardBrand: 'VISA',
        cardBin: '411111',
        customTag: 'VIP',
        orderUrl: `https://shop.example/eu/${'x'.repeat(2_100)}`,
      },
    ];
    for (const [index, values] of odd.entries()) {
      await pay(3, { status: index % 2 ? 'DECLINED' : 'SUCCESS', amount: 1_000 + index, ...values }, 2);
    }
    const draftRows = [
      {
        routeDescription: 'Spanish VIPs',
        midId: world.mids.delayed,
        priority: 10,
        weight: 100,
        issuerCountry: ['ES'],
        customTag: ['VIP'],
        binCode: ['411111'],
        url: ['shop.example/eu'],
      },
      { routeDescription: 'No tag', midId: world.mids.fails, priority: 10, weight: 30, customTag: ['NONE'] },
    ];
    const window = { preset: '30d' } as const;
    const result = parsed(await post({ window, temporaryRoutes: draftRows }));

    // The same backtest from the raw rows, one group per payment, nothing collapsed.
    const saved = await t.db.select().from(routes).where(eq(routes.merchantId, merchant.id));
    const draft = withTemporaryRoutes(
      saved,
      draftRows.map((row) => ({ ...EMPTY_CRITERIA, ...row })),
    );
    const midRows = await t.db.select().from(mids).where(eq(mids.merchantId, merchant.id));
    const range = backtestWindowRange(window, NOW);
    const rows = await t.db
      .select()
      .from(transactions)
      .where(
        and(
          eq(transactions.merchantId, merchant.id),
          sql`${transactions.createdAt} >= ${range.from.toISOString()}::timestamptz`,
          sql`${transactions.createdAt} < ${range.to.toISOString()}::timestamptz`,
          sql`${transactions.transactionType} in ('PAYMENT', 'RECURRENCE')`,
          eq(transactions.isFallback, false),
          sql`${transactions.parentId} is null`,
        ),
      );
    const groups: PaymentGroup[] = rows.map((row) => ({
      values: {
        currency: row.currency,
        issuerCountry: row.cardCountry,
        cardBrand: row.cardBrand,
        url: row.orderUrl,
        customTag: row.customTag,
        binCode: row.cardBin,
      },
      currency: row.currency,
      payments: 1,
      amount: row.amount,
    }));
    const approvals = rows
      .filter((row) => row.midId && (row.status === 'SUCCESS' || row.status === 'DECLINED'))
      .map((row) => ({
        midId: row.midId!,
        cardBrand: row.cardBrand,
        successful: row.status === 'SUCCESS' ? 1 : 0,
        declined: row.status === 'DECLINED' ? 1 : 0,
      }));
    expect(mentionedValues([...saved, ...draft, ...midRows]).urls.size).toBe(1);
    const reference = toBacktestResult(
      runBacktest<RoutingRoute, (typeof midRows)[number]>({
        groups,
        currentRoutes: saved,
        draftRoutes: draft,
        mids: midRows,
        approvals,
      }),
      { window: range, midInfo: (midId) => result.mids.find((mid) => mid.midId === midId)! },
    );
    const { segments, ...moved } = result.moved;
    const { segments: referenceSegments, ...referenceMoved } = reference.moved;
    expectClose({ ...result, moved }, { ...reference, moved: referenceMoved });
    expect(segments.length).toBeGreaterThan(0);
    expect(segments.length).toBeLessThanOrEqual(referenceSegments.length);
    // Collapsed, the spellings of one value are one segment: ' es ' and 'ES' under the named URL.
    expect(segments).toContainEqual(
      expect.objectContaining({ issuerCountry: 'ES', customTag: 'VIP', binCode: '411111', url: 'shop.example/eu' }),
    );
  });
});

describe('the window and the draft', () => {
  it('refuses a window longer than 90 days or ending before it starts, and more than 500 draft routes', async () => {
    const long = await post({
      window: { from: new Date(NOW - 91 * DAY_MS).toISOString(), to: new Date(NOW).toISOString() },
    });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({
      error: 'form-not-validated',
      fields: { 'window.from': BACKTEST_MESSAGES.window },
    });
    const reversed = await post({
      window: { from: new Date(NOW).toISOString(), to: new Date(NOW - DAY_MS).toISOString() },
    });
    expect(reversed.json()).toMatchObject({
      statusCode: 400,
      fields: { 'window.from': BACKTEST_MESSAGES.windowOrder },
    });
    expect((await post({ window: { preset: '31d' } })).statusCode).toBe(400);
    expect((await post({})).statusCode).toBe(400);
    const tooMany = Array.from({ length: 501 }, () => mainAtWeightZero());
    expect((await post({ window: { preset: '7d' }, temporaryRoutes: tooMany })).statusCode).toBe(400);
  });
});

describe('who may run it', () => {
  it('needs route.simulate and transaction.read, answers 404 for another tenant and 401 signed out', async () => {
    const body = { window: { preset: '30d' }, temporaryRoutes: [mainAtWeightZero()] };
    await t.db.insert(roles).values([
      { name: 'BACKTEST_SIMULATE_ONLY', prettyName: 'Simulate only', permissions: ['route.simulate', 'route.read'] },
      { name: 'BACKTEST_READ_ONLY', prettyName: 'Transactions only', permissions: ['transaction.read'] },
    ]);
    for (const role of ['VIEWER', 'SUPPORT', 'BACKTEST_SIMULATE_ONLY', 'BACKTEST_READ_ONLY']) {
      const { token } = await signedInAs(t, role, account);
      expect((await post(body, token)).statusCode, role).toBe(403);
    }
    const specialist = await signedInAs(t, 'PAYMENTS_SPECIALIST', account);
    expect((await post(body, specialist.token)).statusCode).toBe(200);
    expect((await post(body, adminToken, foreign.id)).statusCode).toBe(404);
    expect((await post(body, adminToken, 'not-a-merchant')).statusCode).toBe(404);
    const signedOut = await t.app.inject({ method: 'POST', url: url(), payload: body });
    expect(signedOut.statusCode).toBe(401);
  });

  it('writes nothing', async () => {
    const counts = async () => {
      const count = async (table: typeof routes | typeof userActivity | typeof transactions | typeof mids) =>
        (await t.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n;
      return [await count(routes), await count(userActivity), await count(transactions), await count(mids)];
    };
    const versions = async () =>
      (await t.db.select({ id: routes.id, version: routes.version, weight: routes.weight }).from(routes)).sort((a, b) =>
        a.id.localeCompare(b.id),
      );
    const before = [await counts(), await versions()];
    parsed(
      await post({
        window: { preset: '90d' },
        temporaryRoutes: [mainAtWeightZero(), { routeDescription: 'New', midId: world.mids.fails, weight: 10 }],
        removedRouteIds: [splitRouteId],
      }),
    );
    expect([await counts(), await versions()]).toEqual(before);
  });
});

describe('a client that goes away', () => {
  it('stops the backtest: the abandoned request ends as cancelled (499) and the next one is answered', async () => {
    // Hold the request before its handler until the client has gone, then let it run.
    let arrived!: (reply: { raw: import('node:http').ServerResponse }) => void;
    const arrival = new Promise<{ raw: import('node:http').ServerResponse }>((resolve) => {
      arrived = resolve;
    });
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let answered!: (status: number) => void;
    const answer = new Promise<number>((resolve) => {
      answered = resolve;
    });
    const { buildApp } = await import('@server/app');
    const app = await buildApp({ config: t.config, database: t.database, now: t.clock.now });
    app.addHook('preHandler', async (request, reply) => {
      if (request.headers['x-hold'] !== 'yes') return;
      // Not the reply itself: it is a thenable, which a promise would wait on.
      arrived({ raw: reply.raw });
      await released;
    });
    // onResponse never runs for a closed connection; onSend does, before the answer goes nowhere.
    app.addHook('onSend', async (request, reply, payload) => {
      if (request.headers['x-hold'] === 'yes') answered(reply.statusCode);
      return payload;
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const { port } = app.server.address() as AddressInfo;
      const body = JSON.stringify({ window: { preset: '30d' }, temporaryRoutes: [mainAtWeightZero()] });
      const client = httpRequest({
        port,
        host: '127.0.0.1',
        method: 'POST',
        path: url(),
        headers: { ...authHeader(adminToken), 'content-type': 'application/json', 'x-hold': 'yes' },
      });
      client.on('error', () => undefined);

      client.end(body);
      const reply = await arrival;
      const closed = once(reply.raw, 'close');
      client.destroy();
      await closed;
      // From here on the backtest must not reach its aggregation (the only raw SQL it runs).
      const execute = vi.spyOn(t.database.db, 'execute');
      release();
      expect(await answer).toBe(499);
      expect(execute).not.toHaveBeenCalled();
      execute.mockRestore();

      const next = await app.inject({
        method: 'POST',
        url: url(),
        headers: authHeader(adminToken),
        payload: JSON.parse(body) as object,
      });
      expect(next.statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});
