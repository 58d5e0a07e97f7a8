import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  type SubscriptionKpis,
  type SubscriptionList,
  subscriptionDetail,
  subscriptionKpis,
  subscriptionList,
} from '@domain/contract/subscriptions';
import type { CancellationSource, SubscriptionStatus } from '@domain/enums';
import { churnRate } from '@domain/subscriptions-kpis';
import {
  plans,
  roles,
  subscriptionAttempts,
  subscriptionKpis as subscriptionKpisTable,
  subscriptionPendingActions,
  subscriptions,
  userActivity,
} from '@server/db/schema';
import {
  createSandboxPlatform,
  type PlatformActionRequest,
  type SandboxPlatformMode,
  type SubscriptionPlatform,
} from '@server/payments/sandbox-platform';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildExportTestApp, type ExportTestApp } from './helpers/export-app';
import {
  type AccountRow,
  authHeader,
  createAccount,
  createMerchant,
  createUser,
  signIn,
  uniqueEmail,
} from './helpers/test-app';
import { csvLinesOfZip } from './helpers/unzip';

// The subscriptions API (spec 3, sections 2.10, 3 "Subscription", 4, 5 "Cancel subscription", 6, 7 and 9): the list
// with every filter, search, order and page size; the detail with its cycles; the ZIP exports through the one export
// engine (200, 406, 204); the overview's KPIs against a recount from the base tables; the PATCH for each status and
// action, bad input that changes nothing, two parallel cancels of one version, the platform's refusal and timeout, and
// a client that leaves mid-action; each role and another tenant. Runs on PGlite, and on PostgreSQL with
// TEST_DATABASE_URL.

const NOW = Date.parse('2026-03-10T11:00:00.000Z');
const DAY_MS = 86_400_000;
const at = (daysAgo: number) => new Date(NOW - daysAgo * DAY_MS);
const DIRECT_LIMIT = 5;
/** The server's wait for the platform in this file (the real one is 30 s). */
const ACTION_TIMEOUT_MS = 1_500;

let t: ExportTestApp;
let north: AccountRow;
let south: AccountRow;
type Scope = { accountId: string; merchantId: string };
/** The list's merchant (fixed data), the actions' merchant (a fresh subscription per test), another of north's, south's. */
let listShop: Scope;
let actionShop: Scope;
let otherShop: Scope;
let southShop: Scope;
const planIds = {} as Record<'monthly' | 'yearly' | 'action' | 'other' | 'south', string>;
const tokens = {} as Record<
  'admin' | 'manager' | 'specialist' | 'viewer' | 'support' | 'none' | 'staff' | 'providerSupport' | 'south',
  string
>;

// The platform: the sandbox itself (no delay), with the mode a test chooses and an optional gate a test opens.
let platformMode: SandboxPlatformMode = 'confirm';
let gate: { promise: Promise<void>; open: () => void } | undefined;
const platformCalls: PlatformActionRequest[] = [];
const platform: SubscriptionPlatform = {
  async apply(request) {
    platformCalls.push(request);
    if (gate) await gate.promise;
    return createSandboxPlatform({ delayMs: 0, mode: platformMode }).apply(request);
  },
};
const newGate = () => {
  let open = () => {};
  const promise = new Promise<void>((resolve) => {
    open = resolve;
  });
  gate = { promise, open };
  return gate;
};

interface SubscriptionInput {
  status?: SubscriptionStatus;
  planId?: string;
  email?: string | null;
  country?: string | null;
  cycle?: number;
  currency?: string;
  amount?: number;
  lastAttemptAt?: Date;
  lastAttemptStatus?: string;
  createdAt?: Date;
  cancellation?: { source: CancellationSource; details?: string | null; at: Date };
  version?: number;
}

async function insertPlan(scope: Scope, description: string) {
  const [row] = await t.db
    .insert(plans)
    .values({
      ...scope,
      description,
      basicSettings: { cycle: { time: 1, unit: 'MONTH' } },
      amountSettings: { amounts: [{ currency: 'EUR', amount: '9.99', leading: true, dynamic: false }] },
    })
    .returning();
  return row!.id;
}

/** A subscription with an attempt per cycle (the first INITIAL, the others RENEWAL), the last at lastAttemptAt. */
async function insertSubscription(scope: Scope, input: SubscriptionInput = {}) {
  const cycle = input.cycle ?? 1;
  const lastAttemptAt = input.lastAttemptAt ?? at(1);
  const amount = input.amount ?? 999;
  const currency = input.currency ?? 'EUR';
  const planId = input.planId ?? (scope === actionShop ? planIds.action : planIds.monthly);
  const [row] = await t.db
    .insert(subscriptions)
    .values({
      ...scope,
      planId,
      status: input.status ?? 'ACTIVE',
      cardHolder: 'Ana Gomez',
      cardBrand: 'VISA',
      cardCountry: input.country === undefined ? 'ES' : input.country,
      cardBin: '411111',
      cardLast4: '1111',
      customerEmail: input.email === undefined ? uniqueEmail('shopper') : input.email,
      url: 'https://shop.example',
      currency,
      amount,
      monthlyAmount: amount,
      cycle,
      lastAttemptAmount: amount,
      lastAttemptCurrency: currency,
      lastAttemptAt,
      lastAttemptStatus: input.lastAttemptStatus ?? 'SUCCESS',
      cancellationReason: input.cancellation?.source ?? null,
      cancellationReasonDetails: input.cancellation?.details ?? null,
      cancelledAt: input.cancellation?.at ?? null,
      createdAt: input.createdAt ?? new Date(lastAttemptAt.getTime() - (cycle - 1) * 30 * DAY_MS),
      version: input.version ?? 1,
    })
    .returning();
  const subscription = row!;
  await t.db.insert(subscriptionAttempts).values(
    Array.from({ length: cycle }, (_, index) => ({
      subscriptionId: subscription.id,
      accountId: scope.accountId,
      merchantId: scope.merchantId,
      planId,
      cycle: index + 1,
      type: index === 0 ? 'INITIAL' : 'RENEWAL',
      status: index === cycle - 1 ? (input.lastAttemptStatus ?? 'SUCCESS') : 'SUCCESS',
      errorCode: index === cycle - 1 && input.lastAttemptStatus === 'DECLINED' ? '0201' : null,
      errorMessage: index === cycle - 1 && input.lastAttemptStatus === 'DECLINED' ? 'Issuer Rejects' : null,
      amount,
      currency,
      createdAt: new Date(lastAttemptAt.getTime() - (cycle - 1 - index) * 30 * DAY_MS),
    })),
  );
  return subscription;
}

const get = (url: string, token = tokens.admin) =>
  t.app.inject({ method: 'GET', url: `/api${url}`, headers: authHeader(token) });
const patch = (scope: Scope, id: string, payload: unknown, token = tokens.admin) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/merchant/${scope.merchantId}/subscription/${id}`,
    headers: authHeader(token),
    payload: payload as Record<string, unknown>,
  });
const list = async (query: string, token = tokens.admin, scope = listShop): Promise<SubscriptionList> => {
  const response = await get(`/merchant/${scope.merchantId}/subscription${query ? `?${query}` : ''}`, token);
  expect(response.statusCode, response.body).toBe(200);
  return subscriptionList.parse(response.json());
};
const emails = (page: SubscriptionList) => page.items.map((item) => item.email);
const csvOf = csvLinesOfZip;

/** Everything an action may change: the row, its audit entries, the rollup and the claims. */
async function snapshot(id: string) {
  const [row] = await t.db.select().from(subscriptions).where(eq(subscriptions.id, id));
  const audit = await t.db
    .select({ id: userActivity.id })
    .from(userActivity)
    .where(and(eq(userActivity.resourceType, 'SUBSCRIPTION'), eq(userActivity.resourceId, id)));
  const kpis = await t.db.select().from(subscriptionKpisTable).orderBy(asc(subscriptionKpisTable.id));
  const claims = await t.db.select().from(subscriptionPendingActions);
  return { row, audit: audit.length, kpis, claims };
}

beforeAll(async () => {
  t = await buildExportTestApp({
    exports: { directLimit: DIRECT_LIMIT },
    configOverrides: { subscriptionActionTimeoutMs: ACTION_TIMEOUT_MS },
    platform,
  });
  t.clock.set(NOW);
  north = await createAccount(t.db, { prettyName: 'Northwind' });
  south = await createAccount(t.db, { prettyName: 'Southwind' });
  const shop = async (account: AccountRow) => ({
    accountId: account.id,
    merchantId: (await createMerchant(t.db, account.id)).id,
  });
  listShop = await shop(north);
  actionShop = await shop(north);
  otherShop = await shop(north);
  southShop = await shop(south);
  planIds.monthly = await insertPlan(listShop, 'Premium monthly');
  planIds.yearly = await insertPlan(listShop, 'Basic yearly');
  planIds.action = await insertPlan(actionShop, 'Actions plan');
  planIds.other = await insertPlan(otherShop, 'Other plan');
  planIds.south = await insertPlan(southShop, 'South plan');

  await t.db
    .insert(roles)
    .values([{ name: 'TEST_NO_SUBSCRIPTIONS', prettyName: 'None', permissions: ['merchant.read'] }]);
  const token = async (role: string, account = north) => {
    const user = await createUser(t.db, { role, type: 'ACCOUNT', accountIds: [account.id] });
    return (await signIn(t.app, { email: user.email, accountId: account.shortId })).token;
  };
  tokens.admin = await token('ADMINISTRATOR');
  tokens.manager = await token('MANAGER');
  tokens.specialist = await token('PAYMENTS_SPECIALIST');
  tokens.viewer = await token('VIEWER');
  tokens.support = await token('SUPPORT');
  tokens.none = await token('TEST_NO_SUBSCRIPTIONS');
  tokens.south = await token('MANAGER', south);
  const staff = async (role: string) => {
    const user = await createUser(t.db, {
      role,
      type: 'INTERNAL',
      accountIds: [north.id, south.id],
      email: uniqueEmail('staff').replace(/@.*/, '@ops.example'),
    });
    return (await signIn(t.app, { email: user.email })).token;
  };
  tokens.staff = await staff('PROVIDER_ADMINISTRATOR');
  tokens.providerSupport = await staff('PROVIDER_SUPPORT');

  // The list's subscriptions, newest attempt first: a..h.
  await insertSubscription(listShop, { email: 'ana@north.example', lastAttemptAt: at(1), cycle: 3 });
  await insertSubscription(listShop, {
    email: 'bob@north.example',
    status: 'PAUSED',
    country: 'FR',
    lastAttemptAt: at(2),
    cycle: 2,
  });
  await insertSubscription(listShop, {
    email: 'carla@south.example',
    planId: planIds.yearly,
    country: 'IT',
    lastAttemptAt: at(3),
    lastAttemptStatus: 'DECLINED',
    cycle: 2,
  });
  await insertSubscription(listShop, {
    email: 'dan@north.example',
    status: 'CANCELLED',
    lastAttemptAt: at(4),
    cancellation: { source: 'HARD_DECLINE', at: at(3) },
  });
  await insertSubscription(listShop, {
    email: 'eva@north.example',
    status: 'FULFILLED',
    planId: planIds.yearly,
    country: 'GB',
    lastAttemptAt: at(5),
    cycle: 12,
  });
  await insertSubscription(listShop, { email: 'fran@north.example', status: 'ARCHIVED', lastAttemptAt: at(6) });
  await insertSubscription(listShop, {
    email: 'gus@north.example',
    status: 'CANCELLED',
    country: 'FR',
    lastAttemptAt: at(7),
    cycle: 2,
    cancellation: { source: 'BACKOFFICE_API', details: 'High prices', at: at(2) },
  });
  await insertSubscription(listShop, { email: null, country: null, lastAttemptAt: at(40) });
});

afterAll(async () => {
  await t?.close();
});

describe('GET /merchant/{merchantId}/subscription', () => {
  it('lists the newest attempt first, with the plan, the cycle and the last payment', async () => {
    const page = await list('');
    expect(page.total).toBe(8);
    expect(emails(page)).toEqual([
      'ana@north.example',
      'bob@north.example',
      'carla@south.example',
      'dan@north.example',
      'eva@north.example',
      'fran@north.example',
      'gus@north.example',
      null,
    ]);
    const [first] = page.items;
    expect(first).toMatchObject({
      status: 'ACTIVE',
      plan: { planId: planIds.monthly, prettyName: 'Premium monthly' },
      country: 'ES',
      cycle: 3,
      lastPayment: { amount: { amount: 999, currency: 'EUR' }, date: at(1).toISOString(), status: 'SUCCESS' },
      version: 1,
    });
    expect(emails(await list('order=lastAttemptDate')).at(0)).toBeNull();
  });

  it('filters by status, plan, country and attempt date, and combines them', async () => {
    expect(emails(await list('status[]=PAUSED&status[]=FULFILLED'))).toEqual([
      'bob@north.example',
      'eva@north.example',
    ]);
    expect(emails(await list(`planId[]=${planIds.yearly}`))).toEqual(['carla@south.example', 'eva@north.example']);
    expect(emails(await list('country[]=FR'))).toEqual(['bob@north.example', 'gus@north.example']);
    expect(emails(await list('country=FR&status=CANCELLED'))).toEqual(['gus@north.example']);
    // FULFILLED is displayed as active, so the Active filter shows it too.
    expect(emails(await list('status=ACTIVE'))).toEqual([
      'ana@north.example',
      'carla@south.example',
      'eva@north.example',
      null,
    ]);
    const from = encodeURIComponent(at(4).toISOString());
    const to = encodeURIComponent(at(2).toISOString());
    expect(emails(await list(`lastAttemptDateFrom=${from}&lastAttemptDateTo=${to}`))).toEqual([
      'bob@north.example',
      'carla@south.example',
      'dan@north.example',
    ]);
  });

  it('searches by subscription id (a prefix) and, as TEXT, by the start of the e-mail', async () => {
    const all = await list('');
    const carla = all.items[2]!;
    expect(emails(await list(`search=${carla.subscriptionId.slice(0, 8)}`))).toEqual(['carla@south.example']);
    expect(emails(await list(`search=${carla.subscriptionId.toUpperCase()}&searchType=ID`))).toEqual([
      'carla@south.example',
    ]);
    expect(emails(await list('search=carla&searchType=ID'))).toEqual([]);
    expect(emails(await list('search=CARLA&searchType=TEXT'))).toEqual(['carla@south.example']);
    expect(emails(await list('search=north.example&searchType=TEXT'))).toEqual([]);
  });

  it('pages by 50, 100 or 500 and refuses other sizes, unknown keys and unknown sort fields', async () => {
    expect((await list('limit=100&page=1')).count).toBe(8);
    expect((await list('page=2')).items).toEqual([]);
    for (const query of ['limit=20', 'order=email', 'sort=lastAttemptDate', 'status[]=GONE', 'country[]=spain']) {
      const response = await get(`/merchant/${listShop.merchantId}/subscription?${query}`);
      expect(response.statusCode, query).toBe(400);
    }
    const reversed = await get(
      `/merchant/${listShop.merchantId}/subscription?lastAttemptDateFrom=${encodeURIComponent(at(1).toISOString())}&lastAttemptDateTo=${encodeURIComponent(at(3).toISOString())}`,
    );
    expect(reversed.json()).toMatchObject({ fields: { lastAttemptDateTo: 'The indicated dates are not correct' } });
  });

  it('shows the list to every role that reads subscriptions, and to no other', async () => {
    for (const role of ['admin', 'manager', 'specialist', 'viewer', 'support', 'staff', 'providerSupport'] as const)
      expect((await list('', tokens[role])).total, role).toBe(8);
    expect((await get(`/merchant/${listShop.merchantId}/subscription`, tokens.none)).statusCode).toBe(403);
  });

  it("answers 404 for another tenant's merchant and lists only the merchant's own", async () => {
    expect((await get(`/merchant/${listShop.merchantId}/subscription`, tokens.south)).statusCode).toBe(404);
    expect((await get('/merchant/00000000-0000-4000-8000-000000000000/subscription')).statusCode).toBe(404);
    await insertSubscription(otherShop, { planId: planIds.other, email: 'other@north.example' });
    expect(emails(await list('', tokens.admin, otherShop))).toEqual(['other@north.example']);
  });
});

describe('GET /merchant/{merchantId}/subscription/{subscriptionId}', () => {
  it('reads every field, the cycles newest first and the last charge error', async () => {
    const carla = (await list('search=carla&searchType=TEXT')).items[0]!;
    const response = await get(`/merchant/${listShop.merchantId}/subscription/${carla.subscriptionId}`);
    expect(response.statusCode, response.body).toBe(200);
    const detail = subscriptionDetail.parse(response.json());
    expect(detail).toMatchObject({
      subscriptionId: carla.subscriptionId,
      email: 'carla@south.example',
      plan: { prettyName: 'Basic yearly' },
      card: { holder: 'Ana Gomez', brand: 'VISA', country: 'IT', bin: '411111', last4: '1111' },
      url: 'https://shop.example',
      accountUpdated: false,
      error: { code: '0201', message: 'Issuer Rejects' },
      cancellation: null,
    });
    expect(detail.cycles.map((cycle) => cycle.cycle)).toEqual([2, 1]);
    expect(detail.cycles[0]!.attempts).toEqual([
      expect.objectContaining({ type: 'RENEWAL', status: 'DECLINED', money: { amount: 999, currency: 'EUR' } }),
    ]);
    expect(detail.cycles[1]!.attempts[0]!.type).toBe('INITIAL');
  });

  it('reads the cancellation with its source and details', async () => {
    const gus = (await list('search=gus&searchType=TEXT')).items[0]!;
    const detail = subscriptionDetail.parse(
      (await get(`/merchant/${listShop.merchantId}/subscription/${gus.subscriptionId}`)).json(),
    );
    expect(detail.cancellation).toEqual({
      cancellationReason: 'BACKOFFICE_API',
      cancellationReasonDetails: 'High prices',
      cancelledAt: at(2).toISOString(),
    });
  });

  it("answers 404 for another merchant's or tenant's subscription and for ids that are none", async () => {
    const ana = (await list('search=ana&searchType=TEXT')).items[0]!;
    expect((await get(`/merchant/${otherShop.merchantId}/subscription/${ana.subscriptionId}`)).statusCode).toBe(404);
    expect(
      (await get(`/merchant/${listShop.merchantId}/subscription/${ana.subscriptionId}`, tokens.south)).statusCode,
    ).toBe(404);
    expect((await get(`/merchant/${listShop.merchantId}/subscription/not-an-id`)).statusCode).toBe(404);
    expect(
      (await get(`/merchant/${listShop.merchantId}/subscription/${ana.subscriptionId}`, tokens.none)).statusCode,
    ).toBe(403);
  });
});

describe('the exports', () => {
  it('exports the filtered list as a ZIP, or asks to e-mail it above the direct limit', async () => {
    const response = await get(`/merchant/${listShop.merchantId}/subscription/export?status[]=CANCELLED&timeZone=UTC`);
    expect(response.statusCode, response.body).toBe(200);
    const lines = csvOf(response.body);
    expect(lines[0]).toBe(
      'Subscription ID,Email,Status,Plan,Plan ID,Country,Cycle,Last Attempt,Currency,Last Attempt Status,Attempt Date (UTC)',
    );
    expect(lines.slice(1).map((line) => line.split(',')[1])).toEqual(['dan@north.example', 'gus@north.example']);
    expect(lines[1]).toContain(',Cancelled,Premium monthly,');
    expect(lines[1]).toContain(',9.99,EUR,Success,');

    const fulfilled = csvOf((await get(`/merchant/${listShop.merchantId}/subscription/export?status=FULFILLED`)).body);
    expect(fulfilled[1]).toContain(',Active,Basic yearly,');

    expect((await get(`/merchant/${listShop.merchantId}/subscription/export`)).statusCode).toBe(406);
    expect((await get(`/merchant/${listShop.merchantId}/subscription/export?forceEmailExport=true`)).statusCode).toBe(
      204,
    );
  });

  it("exports a subscription's history, and only for who may export", async () => {
    const eva = (await list('search=eva&searchType=TEXT')).items[0]!;
    const url = `/merchant/${listShop.merchantId}/subscription/${eva.subscriptionId}/cycle/export`;
    const response = await get(`${url}?forceEmailExport=true`);
    // 12 attempts: above this file's direct limit, so it is e-mailed.
    expect(response.statusCode).toBe(204);
    const carla = (await list('search=carla&searchType=TEXT')).items[0]!;
    const history = csvOf(
      (await get(`/merchant/${listShop.merchantId}/subscription/${carla.subscriptionId}/cycle/export`)).body,
    );
    expect(history[0]).toBe(
      'Cycle,Type,Status,Transaction ID,MID ID,Error code,Error message,Amount,Currency,Date (UTC)',
    );
    expect(history.slice(1).map((line) => line.split(',').slice(0, 3).join(','))).toEqual([
      '2,Renewal,Declined',
      '1,Initial,Success',
    ]);
    for (const role of ['viewer', 'support', 'providerSupport'] as const) {
      expect((await get(`/merchant/${listShop.merchantId}/subscription/export`, tokens[role])).statusCode, role).toBe(
        403,
      );
      expect((await get(url, tokens[role])).statusCode, role).toBe(403);
    }
    expect((await get(url.replace(listShop.merchantId, otherShop.merchantId))).statusCode).toBe(404);
    expect((await get(`/merchant/${listShop.merchantId}/subscription/export`, tokens.south)).statusCode).toBe(404);
  });
});

/** The overview's figures recounted from the base tables, as src/domain/subscriptions-kpis.ts defines them. */
async function recount(scope: Scope, query: { planId?: string; currency: string; from: string; to: string }) {
  const plan = query.planId ? sql`and plan_id = ${query.planId}::uuid` : sql``;
  const inPeriod = (column: string) =>
    sql`(${sql.raw(column)} at time zone 'UTC')::date between ${query.from}::date and ${query.to}::date`;
  const result = await t.db.execute(sql`
    select
      (select count(*) from subscriptions where merchant_id = ${scope.merchantId} and currency = ${query.currency} ${plan}
        and ${inPeriod('created_at')})::int as started,
      (select count(*) from subscription_attempts where merchant_id = ${scope.merchantId} and currency = ${query.currency}
        ${plan} and type in ('RENEWAL', 'MAINTENANCE') and status = 'SUCCESS' and ${inPeriod('created_at')})::int as renewed,
      (select count(*) from subscriptions where merchant_id = ${scope.merchantId} and currency = ${query.currency} ${plan}
        and status = 'CANCELLED' and ${inPeriod('cancelled_at')})::int as cancelled,
      (select count(*) from subscriptions where merchant_id = ${scope.merchantId} and currency = ${query.currency} ${plan}
        and status = 'CANCELLED' and cycle = 1 and ${inPeriod('cancelled_at')})::int as cancelled_initial,
      (select coalesce(sum(monthly_amount), 0) from subscriptions where merchant_id = ${scope.merchantId}
        and currency = ${query.currency} ${plan} and status = 'CANCELLED' and ${inPeriod('cancelled_at')})::bigint::text
        as cancelled_revenue,
      (select coalesce(sum(monthly_amount), 0) from subscriptions where merchant_id = ${scope.merchantId}
        and currency = ${query.currency} ${plan} and (created_at at time zone 'UTC')::date < ${query.from}::date
        and not (status = 'CANCELLED' and (cancelled_at at time zone 'UTC')::date < ${query.from}::date))::bigint::text
        as opening_revenue,
      (select coalesce(json_object_agg(reason, n), '{}') from (select cancellation_reason as reason, count(*)::int as n
        from subscriptions where merchant_id = ${scope.merchantId} and currency = ${query.currency} ${plan}
        and status = 'CANCELLED' and ${inPeriod('cancelled_at')} group by 1) r)::text as reasons`);
  const row = (
    result as unknown as {
      rows: {
        started: number;
        renewed: number;
        cancelled: number;
        cancelled_initial: number;
        cancelled_revenue: string;
        opening_revenue: string;
        reasons: string;
      }[];
    }
  ).rows[0]!;
  return {
    activeSubscriptions: { initial: row.started, renewal: row.renewed },
    cancelledSubscriptions: {
      total: row.cancelled,
      churnRate: churnRate(Number(row.cancelled_revenue), Number(row.opening_revenue)),
      initial: row.cancelled_initial,
    },
    cancellationReasons: JSON.parse(row.reasons) as Record<string, number>,
  } satisfies SubscriptionKpis;
}

const kpis = async (scope: Scope, query: string, token = tokens.admin) => {
  const response = await get(`/merchant/${scope.merchantId}/subscriptions-kpis?${query}`, token);
  expect(response.statusCode, response.body).toBe(200);
  return subscriptionKpis.parse(response.json());
};
const day = (date: Date) => date.toISOString().slice(0, 10);
const periodQuery = (from: Date, to: Date, extra = '') =>
  `currency=EUR&dateFrom=${day(from)}T00:00:00.000Z&dateTo=${day(to)}T23:59:59.999Z${extra}`;

describe('GET /merchant/{merchantId}/subscriptions-kpis', () => {
  it('equals a recount of the base tables for any period, plan and currency', async () => {
    const periods: [Date, Date][] = [
      [new Date('2026-03-01T00:00:00Z'), at(0)],
      [at(10), at(0)],
      [at(400), at(0)],
      [at(3), at(3)],
      [new Date('2025-01-01T00:00:00Z'), new Date('2025-12-31T00:00:00Z')],
    ];
    for (const [from, to] of periods) {
      for (const planId of [undefined, planIds.monthly, planIds.yearly]) {
        const expected = await recount(listShop, { planId, currency: 'EUR', from: day(from), to: day(to) });
        const actual = await kpis(listShop, periodQuery(from, to, planId ? `&planId=${planId}` : ''));
        expect(actual, `${day(from)}..${day(to)} ${planId ?? 'all plans'}`).toEqual(expected);
      }
    }
    const march = await kpis(listShop, periodQuery(new Date('2026-03-01T00:00:00Z'), at(0)));
    expect(march.cancelledSubscriptions.total).toBe(2);
    expect(march.cancellationReasons).toEqual({ HARD_DECLINE: 1, BACKOFFICE_API: 1 });
    expect(
      (await kpis(listShop, periodQuery(at(3), at(0), '').replace('EUR', 'USD'))).cancelledSubscriptions.total,
    ).toBe(0);
  });

  it('refuses a missing currency or reversed dates, and keeps tenants and permissions', async () => {
    const url = `/merchant/${listShop.merchantId}/subscriptions-kpis`;
    expect((await get(`${url}?dateFrom=${at(3).toISOString()}&dateTo=${at(1).toISOString()}`)).statusCode).toBe(400);
    expect((await get(`${url}?${periodQuery(at(1), at(3))}`)).statusCode).toBe(400);
    expect((await get(`${url}?${periodQuery(at(3), at(1))}&merchant=x`)).statusCode).toBe(400);
    expect((await get(`${url}?${periodQuery(at(3), at(1))}`, tokens.south)).statusCode).toBe(404);
    expect((await get(`${url}?${periodQuery(at(3), at(1))}`, tokens.none)).statusCode).toBe(403);
    expect((await get(`${url}?${periodQuery(at(3), at(1))}`, tokens.viewer)).statusCode).toBe(200);
  });
});

describe('PATCH /merchant/{merchantId}/subscription/{subscriptionId}', () => {
  const auditOf = (id: string) =>
    t.db
      .select()
      .from(userActivity)
      .where(and(eq(userActivity.resourceType, 'SUBSCRIPTION'), eq(userActivity.resourceId, id)));

  it('cancels an ACTIVE subscription once the platform confirms: Manual Backoffice, audited, counted', async () => {
    const before = await kpis(actionShop, periodQuery(at(0), at(0)));
    const subscription = await insertSubscription(actionShop);
    platformCalls.length = 0;
    const response = await patch(actionShop, subscription.id, {
      action: 'CANCEL',
      reasonDetails: 'Other: moving abroad',
      version: 1,
    });
    expect(response.statusCode, response.body).toBe(204);
    expect(response.body).toBe('');
    expect(platformCalls).toEqual([
      expect.objectContaining({
        accountId: north.id,
        merchantId: actionShop.merchantId,
        subscriptionId: subscription.id,
        action: 'CANCEL',
        reason: 'Other: moving abroad',
      }),
    ]);
    const detail = subscriptionDetail.parse(
      (await get(`/merchant/${actionShop.merchantId}/subscription/${subscription.id}`)).json(),
    );
    expect(detail).toMatchObject({
      status: 'CANCELLED',
      version: 2,
      cancellation: {
        cancellationReason: 'BACKOFFICE_API',
        cancellationReasonDetails: 'Other: moving abroad',
        cancelledAt: new Date(NOW).toISOString(),
      },
    });
    const [entry] = await auditOf(subscription.id);
    expect(entry).toMatchObject({
      actionType: 'UPDATE',
      accountId: north.id,
      merchantId: actionShop.merchantId,
      oldValue: { status: 'ACTIVE', version: 1 },
      newValue: expect.objectContaining({ action: 'CANCEL', status: 'CANCELLED', version: 2 }),
    });
    const after = await kpis(actionShop, periodQuery(at(0), at(0)));
    expect(after.cancelledSubscriptions.total).toBe(before.cancelledSubscriptions.total + 1);
    expect(after.cancellationReasons.BACKOFFICE_API).toBe((before.cancellationReasons.BACKOFFICE_API ?? 0) + 1);
    expect(await t.db.select().from(subscriptionPendingActions)).toEqual([]);
  });

  it('pauses an ACTIVE subscription with BACKOFFICE_PAUSE, resumes it, and cancels a PAUSED one', async () => {
    const subscription = await insertSubscription(actionShop);
    platformCalls.length = 0;
    expect((await patch(actionShop, subscription.id, { action: 'PAUSE', version: 1 })).statusCode).toBe(204);
    expect(platformCalls.at(-1)).toMatchObject({ action: 'PAUSE', reason: 'BACKOFFICE_PAUSE' });
    const [paused] = await t.db.select().from(subscriptions).where(eq(subscriptions.id, subscription.id));
    expect(paused).toMatchObject({ status: 'PAUSED', version: 2, pausedAt: new Date(NOW) });

    expect((await patch(actionShop, subscription.id, { action: 'RESUME', version: 2 })).statusCode).toBe(204);
    expect(platformCalls.at(-1)).toMatchObject({ action: 'RESUME', reason: null });
    const [resumed] = await t.db.select().from(subscriptions).where(eq(subscriptions.id, subscription.id));
    expect(resumed).toMatchObject({ status: 'ACTIVE', version: 3, pausedAt: null });
    // Paused without a due date: the resume gives it one, a cycle of its plan (a month) after its last attempt.
    const due = new Date(subscription.lastAttemptAt);
    due.setUTCMonth(due.getUTCMonth() + 1);
    expect(resumed!.nextChargeAt).toEqual(due);

    expect(
      (await patch(actionShop, subscription.id, { action: 'PAUSE', reasonDetails: 'BACKOFFICE_PAUSE', version: 3 }))
        .statusCode,
    ).toBe(204);
    expect(
      (await patch(actionShop, subscription.id, { action: 'CANCEL', reasonDetails: 'Unused service', version: 4 }))
        .statusCode,
    ).toBe(204);
    const [cancelled] = await t.db.select().from(subscriptions).where(eq(subscriptions.id, subscription.id));
    expect(cancelled).toMatchObject({ status: 'CANCELLED', version: 5, cancellationReasonDetails: 'Unused service' });
    expect(
      (await auditOf(subscription.id)).map((entry) => (entry.newValue as { action: string }).action).sort(),
    ).toEqual(['CANCEL', 'PAUSE', 'PAUSE', 'RESUME']);
  });

  it('refuses what the status does not allow (409) and changes nothing', async () => {
    const cases: [SubscriptionStatus, string][] = [
      ['ACTIVE', 'RESUME'],
      ['PAUSED', 'PAUSE'],
      ['CANCELLED', 'CANCEL'],
      ['CANCELLED', 'PAUSE'],
      ['CANCELLED', 'RESUME'],
      ['ARCHIVED', 'CANCEL'],
      ['FULFILLED', 'PAUSE'],
      ['FULFILLED', 'CANCEL'],
    ];
    for (const [status, action] of cases) {
      const subscription = await insertSubscription(actionShop, {
        status,
        ...(status === 'CANCELLED' ? { cancellation: { source: 'MERCHANT_API' as const, at: at(1) } } : {}),
      });
      const before = await snapshot(subscription.id);
      platformCalls.length = 0;
      const body = { action, version: 1, ...(action === 'CANCEL' ? { reasonDetails: 'High prices' } : {}) };
      const response = await patch(actionShop, subscription.id, body);
      expect(response.statusCode, `${status} ${action}`).toBe(409);
      expect(response.json().error).toBe('subscription-action-not-allowed');
      expect(platformCalls).toEqual([]);
      expect(await snapshot(subscription.id)).toEqual(before);
    }
  });

  it("refuses bad input with the spec's messages and changes nothing", async () => {
    const subscription = await insertSubscription(actionShop);
    const before = await snapshot(subscription.id);
    const refused: [unknown, string, string | undefined][] = [
      [{ action: 'DELETE', version: 1 }, 'action', 'The action must be CANCEL, PAUSE or RESUME'],
      [
        { action: 'CANCEL', version: 1 },
        'reasonDetails',
        'You have to select a reason for cancelling the subscription',
      ],
      [
        { action: 'CANCEL', reasonDetails: 'Too expensive', version: 1 },
        'reasonDetails',
        'You have to select a reason for cancelling the subscription',
      ],
      [
        { action: 'CANCEL', reasonDetails: 'Other: 12345678901234567', version: 1 },
        'reasonDetails',
        'Maximum 16 characters',
      ],
      [
        { action: 'CANCEL', reasonDetails: 'Other: too expensive!', version: 1 },
        'reasonDetails',
        'Only alphanumeric characters and spaces are allowed.',
      ],
      [{ action: 'CANCEL', reasonDetails: 'High prices' }, 'version', undefined],
      [{ action: 'PAUSE', reasonDetails: 'High prices', version: 1 }, 'reasonDetails', undefined],
      [{ action: 'RESUME', reasonDetails: 'x', version: 1 }, 'reasonDetails', undefined],
      [{ action: 'PAUSE', version: 1, status: 'PAUSED' }, '_form', undefined],
    ];
    for (const [body, field, message] of refused) {
      const response = await patch(actionShop, subscription.id, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      const fields = response.json().fields as Record<string, string>;
      expect(Object.keys(fields).length, JSON.stringify(fields)).toBeGreaterThan(0);
      if (field !== '_form') expect(fields[field], JSON.stringify(body)).toBeDefined();
      if (message) expect(fields[field]).toBe(message);
    }
    const stale = await patch(actionShop, subscription.id, { action: 'PAUSE', version: 2 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toBe('subscription-changed');
    expect(await snapshot(subscription.id)).toEqual(before);
  });

  it('lets exactly one of two parallel cancels of one version through; the other is told it changed', async () => {
    const subscription = await insertSubscription(actionShop);
    const body = { action: 'CANCEL', reasonDetails: 'Confirmed fraud', version: 1 };
    const responses = await Promise.all([
      patch(actionShop, subscription.id, body),
      patch(actionShop, subscription.id, body, tokens.manager),
    ]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([204, 409]);
    expect(responses.find((response) => response.statusCode === 409)!.json().error).toBe('subscription-changed');
    expect(await auditOf(subscription.id)).toHaveLength(1);
    const [row] = await t.db.select().from(subscriptions).where(eq(subscriptions.id, subscription.id));
    expect(row).toMatchObject({ status: 'CANCELLED', version: 2 });
    // Pause and cancel at once: one of them, never both.
    const other = await insertSubscription(actionShop);
    platformCalls.length = 0;
    const mixed = await Promise.all([
      patch(actionShop, other.id, { action: 'PAUSE', version: 1 }),
      patch(actionShop, other.id, body, tokens.manager),
    ]);
    expect(mixed.map((response) => response.statusCode).sort()).toEqual([204, 409]);
    expect(await auditOf(other.id)).toHaveLength(1);
    // Only the winner reached the platform: the claim stops the other before it.
    expect(platformCalls).toHaveLength(1);
  });

  it('fails cleanly when the platform refuses (502) or does not confirm in time (504), and the next action works', async () => {
    const subscription = await insertSubscription(actionShop);
    const before = await snapshot(subscription.id);
    const refusal = await patch(actionShop, subscription.id, {
      action: 'CANCEL',
      reasonDetails: 'Other: sandbox refuse',
      version: 1,
    });
    expect(refusal.statusCode).toBe(502);
    expect(refusal.json()).toMatchObject({ error: 'subscription-action-failed' });
    expect(await snapshot(subscription.id)).toEqual(before);

    const started = Date.now();
    const timeout = await patch(actionShop, subscription.id, {
      action: 'CANCEL',
      reasonDetails: 'Other: sandbox timeout',
      version: 1,
    });
    expect(timeout.statusCode).toBe(504);
    expect(timeout.json()).toMatchObject({ error: 'subscription-action-timeout' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(ACTION_TIMEOUT_MS - 50);
    expect(await snapshot(subscription.id)).toEqual(before);

    platformMode = 'timeout';
    try {
      expect((await patch(actionShop, subscription.id, { action: 'PAUSE', version: 1 })).statusCode).toBe(504);
    } finally {
      platformMode = 'confirm';
    }
    expect(await snapshot(subscription.id)).toEqual(before);
    expect((await patch(actionShop, subscription.id, { action: 'PAUSE', version: 1 })).statusCode).toBe(204);
  });

  it('tells a second user the subscription is being changed while the platform works on the first', async () => {
    const subscription = await insertSubscription(actionShop);
    const held = newGate();
    try {
      const first = patch(actionShop, subscription.id, { action: 'PAUSE', version: 1 });
      await expect
        .poll(async () => (await t.db.select().from(subscriptionPendingActions)).length, { interval: 10 })
        .toBe(1);
      const second = await patch(actionShop, subscription.id, { action: 'PAUSE', version: 1 }, tokens.manager);
      expect(second.statusCode).toBe(409);
      expect(second.json().message).toBe(
        'Another user is changing this subscription right now. Reload it in a moment.',
      );
      held.open();
      expect((await first).statusCode).toBe(204);
    } finally {
      gate = undefined;
    }
  });

  it('replaces a claim a dead process left once its deadline has passed, and not before', async () => {
    const subscription = await insertSubscription(actionShop);
    const leftover = {
      subscriptionId: subscription.id,
      accountId: subscription.accountId,
      token: '00000000-0000-4000-8000-000000000001',
      action: 'CANCEL',
      expiresAt: new Date(NOW + 60_000),
    };
    await t.db.insert(subscriptionPendingActions).values(leftover);
    const blocked = await patch(actionShop, subscription.id, { action: 'PAUSE', version: 1 });
    expect(blocked.statusCode).toBe(409);
    await t.db
      .update(subscriptionPendingActions)
      .set({ expiresAt: new Date(NOW - 1) })
      .where(eq(subscriptionPendingActions.subscriptionId, subscription.id));
    expect((await patch(actionShop, subscription.id, { action: 'PAUSE', version: 1 })).statusCode).toBe(204);
    expect(await t.db.select().from(subscriptionPendingActions)).toEqual([]);
  });

  it('finishes the action the platform confirmed when the client has closed the connection', async () => {
    const subscription = await insertSubscription(actionShop);
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    expect(address).toContain(String(port));
    const held = newGate();
    try {
      const payload = JSON.stringify({ action: 'CANCEL', reasonDetails: 'Unused service', version: 1 });
      const client = httpRequest({
        host: '127.0.0.1',
        port,
        method: 'PATCH',
        path: `/api/merchant/${actionShop.merchantId}/subscription/${subscription.id}`,
        headers: { ...authHeader(tokens.admin), 'content-type': 'application/json' },
      });
      client.on('error', () => {});
      client.end(payload);
      await expect
        .poll(async () => (await t.db.select().from(subscriptionPendingActions)).length, { interval: 10 })
        .toBe(1);
      client.destroy();
      held.open();
      await expect
        .poll(async () => (await t.db.select().from(subscriptionPendingActions)).length, { interval: 10 })
        .toBe(0);
      const [row] = await t.db.select().from(subscriptions).where(eq(subscriptions.id, subscription.id));
      expect(row).toMatchObject({ status: 'CANCELLED', version: 2, cancellationReason: 'BACKOFFICE_API' });
      expect(await auditOf(subscription.id)).toHaveLength(1);
    } finally {
      gate = undefined;
    }
  });

  it('lets only the roles that manage subscriptions act, and only on their own tenant', async () => {
    const subscription = await insertSubscription(actionShop);
    for (const role of ['viewer', 'support', 'providerSupport', 'none'] as const) {
      const response = await patch(actionShop, subscription.id, { action: 'PAUSE', version: 1 }, tokens[role]);
      expect(response.statusCode, role).toBe(403);
    }
    expect((await patch(actionShop, subscription.id, { action: 'PAUSE', version: 1 }, tokens.south)).statusCode).toBe(
      404,
    );
    expect((await patch(otherShop, subscription.id, { action: 'PAUSE', version: 1 })).statusCode).toBe(404);
    const southSubscription = await insertSubscription(southShop, { planId: planIds.south });
    expect((await patch(southShop, southSubscription.id, { action: 'PAUSE', version: 1 })).statusCode).toBe(404);
    const [untouched] = await t.db.select().from(subscriptions).where(eq(subscriptions.id, subscription.id));
    expect(untouched).toMatchObject({ status: 'ACTIVE', version: 1 });
    let version = 1;
    for (const role of ['manager', 'specialist', 'staff', 'admin'] as const) {
      const action = version % 2 === 1 ? 'PAUSE' : 'RESUME';
      expect((await patch(actionShop, subscription.id, { action, version }, tokens[role])).statusCode, role).toBe(204);
      version++;
    }
  });
});
