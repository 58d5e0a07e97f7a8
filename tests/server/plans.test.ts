import { planDetail, planList } from '@domain/contract/plans';
import { PLAN_MESSAGES as M } from '@domain/plans';
import { plans, userActivity } from '@server/db/schema';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

// Plans over the API (issue 24; spec 3, sections 2.11, 3, 4, 5, 7 and 9): the list and its filters, the detail,
// create and edit with every rule, basic settings locked, version compare-and-set, roles, tenants and the audit.

let t: TestApp;
let account: AccountRow;
let other: AccountRow;
let merchant: MerchantRow;
let sibling: MerchantRow;
let foreign: MerchantRow;
const tokens: Record<string, string> = {};
let foreignToken: string;

type Method = 'GET' | 'POST' | 'PUT';
const call = (method: Method, url: string, token = tokens.ADMINISTRATOR!, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers: authHeader(token), ...(payload ? { payload } : {}) });

const plan = (extra: Record<string, unknown> = {}) => ({
  description: 'Premium monthly plan',
  basicSettings: {
    timeCycle: 'MONTHLY',
    customTime: null,
    unitCharging: 'DAY',
    chargingTimeMode: 'FIRST_PAYMENT_TIME',
    timeCharging: '09:00',
    customCharging: null,
  },
  amountSettings: {
    base: 'EUR',
    currencies: {
      EUR: { amount: '9.99', isDynamic: false, type: 'FIXED' },
      USD: { amount: null, isDynamic: true, type: 'DYNAMIC' },
    },
    defaultCurrencies: ['EUR', 'USD', 'GBP'],
  },
  trialSettings: {
    timePeriod: 7,
    amountSettings: {
      base: 'EUR',
      currencies: {
        EUR: { amount: '0.99', isDynamic: false, type: 'FIXED' },
        USD: { amount: null, isDynamic: true, type: 'DYNAMIC' },
      },
      defaultCurrencies: ['EUR', 'USD', 'GBP'],
    },
  },
  retrySettings: {
    enabled: true,
    timePeriod: 3,
    amount: null,
    sequence: [
      { type: 'RENEWAL', time: 1, unit: 'DAY' },
      { type: 'RENEWAL', time: 3, unit: 'DAY' },
    ],
  },
  cancellationSettings: { enabled: true, chargebackAmount: 1 },
  ...extra,
});

async function create(payload: object = plan(), token = tokens.ADMINISTRATOR!, m = merchant.id) {
  const response = await call('POST', `/merchant/${m}/plan`, token, payload);
  return { response, planId: response.statusCode === 201 ? (response.json() as { planId: string }).planId : '' };
}

const count = async () => (await t.db.select().from(plans)).length;

beforeAll(async () => {
  t = await buildTestApp();
  account = await createAccount(t.db);
  other = await createAccount(t.db);
  merchant = await createMerchant(t.db, account.id);
  sibling = await createMerchant(t.db, account.id);
  foreign = await createMerchant(t.db, other.id);
  for (const role of ['ADMINISTRATOR', 'MANAGER', 'PAYMENTS_SPECIALIST', 'VIEWER', 'SUPPORT', 'PROVIDER_SUPPORT']) {
    tokens[role] = (await signedInAs(t, role, account)).token;
  }
  foreignToken = (await signedInAs(t, 'ADMINISTRATOR', other)).token;
}, 120_000);
afterAll(async () => t?.close());

describe('create and read', () => {
  it('creates a plan, derives its cycle, answers it on the detail and audits it (PLAN)', async () => {
    const { response, planId } = await create();
    expect(response.statusCode, response.body).toBe(201);
    const detail = await call('GET', `/merchant/${merchant.id}/plan/${planId}`);
    expect(detail.statusCode).toBe(200);
    const body = planDetail.parse(detail.json());
    expect(body.basicSettings.cycle).toEqual({ time: 1, unit: 'MONTH' });
    expect(body.amountSettings.currencies.USD!.isDynamic).toBe(true);
    expect(body.retrySettings!.sequence).toHaveLength(2);
    expect(body.version).toBe(1);
    const [entry] = await t.db
      .select()
      .from(userActivity)
      .where(and(eq(userActivity.resourceType, 'PLAN'), eq(userActivity.resourceId, planId)));
    expect(entry?.actionType).toBe('INSERT');
    expect(entry?.merchantId).toBe(merchant.id);
  });

  it('stores the 12-hour text of a custom charging time and a custom cycle', async () => {
    const { response, planId } = await create(
      plan({
        description: 'Weekly',
        basicSettings: {
          timeCycle: 'CUSTOM',
          customTime: '7',
          unitCharging: 'DAY',
          chargingTimeMode: 'CUSTOM',
          timeCharging: '21:00',
          customCharging: null,
        },
      }),
    );
    expect(response.statusCode, response.body).toBe(201);
    const body = planDetail.parse((await call('GET', `/merchant/${merchant.id}/plan/${planId}`)).json());
    expect(body.basicSettings).toMatchObject({ cycle: { time: 7, unit: 'DAY' }, customCharging: '9:00 PM' });
  });

  it.each([
    [
      'a custom cycle of 000 days',
      { basicSettings: { ...plan().basicSettings, timeCycle: 'CUSTOM', customTime: '000' } },
      'basicSettings.customTime',
      M.customDays,
    ],
    [
      'amount 1,234',
      {
        amountSettings: {
          ...plan().amountSettings,
          currencies: { EUR: { amount: '1,234', isDynamic: false, type: 'FIXED' } },
          base: null,
        },
      },
      'amountSettings.currencies.EUR.amount',
      M.wireAmount,
    ],
    [
      'amount 0',
      {
        amountSettings: {
          ...plan().amountSettings,
          currencies: { EUR: { amount: '0', isDynamic: false, type: 'FIXED' } },
          base: null,
        },
        trialSettings: null,
      },
      'amountSettings.currencies.EUR.amount',
      M.amountPositive,
    ],
    [
      'no currency',
      { amountSettings: { base: null, currencies: {}, defaultCurrencies: [] }, trialSettings: null },
      'amountSettings.currencies',
      M.atLeastOneCurrency,
    ],
    [
      'USD leading',
      { amountSettings: { ...plan().amountSettings, base: 'USD' } },
      'amountSettings.base',
      M.onlyEurLeads,
    ],
    ['a name of 51 characters', { description: 'x'.repeat(51) }, 'description', M.nameMax],
    [
      '31 retries',
      {
        retrySettings: { ...plan().retrySettings, sequence: Array(31).fill({ type: 'RENEWAL', time: 1, unit: 'DAY' }) },
      },
      'retrySettings.sequence',
      M.maxRetries,
    ],
    [
      'MAINTENANCE without an amount',
      { retrySettings: { ...plan().retrySettings, sequence: [{ type: 'MAINTENANCE', time: 1, unit: 'DAY' }] } },
      'retrySettings.amount',
      M.required,
    ],
    [
      'an open retry setting without retries',
      { retrySettings: { ...plan().retrySettings, sequence: [] } },
      'retrySettings.sequence',
      M.atLeastOneRetry,
    ],
    [
      'a trial not mirroring the currencies',
      {
        trialSettings: {
          timePeriod: 7,
          amountSettings: {
            base: 'EUR',
            currencies: { EUR: { amount: '1.00', isDynamic: false, type: 'FIXED' } },
            defaultCurrencies: [],
          },
        },
      },
      'trialSettings.amountSettings',
      M.trialMirrors,
    ],
    [
      'a trial of 1.5 days',
      { trialSettings: { ...plan().trialSettings, timePeriod: 1.5 } },
      'trialSettings.timePeriod',
      M.noDecimals,
    ],
  ])('refuses %s with the spec’s message and writes nothing', async (_name, extra, field, message) => {
    const before = await count();
    const { response } = await create(plan(extra));
    expect(response.statusCode).toBe(400);
    expect(response.json().fields?.[field]).toBe(message);
    expect(await count()).toBe(before);
  });
});

describe('edit', () => {
  it('saves with the version it was opened on and audits old and new values', async () => {
    const { planId } = await create();
    const response = await call('PUT', `/merchant/${merchant.id}/plan/${planId}`, undefined, {
      ...plan({ description: 'Premium monthly plan v2' }),
      version: 1,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(planDetail.parse(response.json())).toMatchObject({ description: 'Premium monthly plan v2', version: 2 });
    const entries = await t.db
      .select()
      .from(userActivity)
      .where(
        and(
          eq(userActivity.resourceType, 'PLAN'),
          eq(userActivity.resourceId, planId),
          eq(userActivity.actionType, 'UPDATE'),
        ),
      );
    expect(entries).toHaveLength(1);
    expect(entries[0]!.oldValue).toMatchObject({ description: 'Premium monthly plan' });
    expect(entries[0]!.newValue).toMatchObject({ description: 'Premium monthly plan v2' });
  });

  it('refuses a stale version with 409 plan-changed, and a missing version with 400', async () => {
    const { planId } = await create();
    const url = `/merchant/${merchant.id}/plan/${planId}`;
    expect((await call('PUT', url, undefined, { ...plan(), version: 1 })).statusCode).toBe(200);
    const stale = await call('PUT', url, undefined, { ...plan({ description: 'Stale' }), version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toBe('plan-changed');
    expect((await call('PUT', url, undefined, plan())).statusCode).toBe(400);
    const stored = planDetail.parse((await call('GET', url)).json());
    expect(stored.description).toBe('Premium monthly plan');
  });

  it('refuses a change of the basic settings once the plan exists', async () => {
    const { planId } = await create();
    const url = `/merchant/${merchant.id}/plan/${planId}`;
    const response = await call('PUT', url, undefined, {
      ...plan({ basicSettings: { ...plan().basicSettings, timeCycle: 'YEARLY' } }),
      version: 1,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'plan-basic-settings-locked', message: M.basicLocked });
    expect(planDetail.parse((await call('GET', url)).json()).version).toBe(1);
  });

  it('lets exactly one of parallel edits of one version through', async () => {
    const { planId } = await create();
    const url = `/merchant/${merchant.id}/plan/${planId}`;
    const responses = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        call('PUT', url, undefined, { ...plan({ description: `Edit ${i}` }), version: 1 }),
      ),
    );
    const codes = responses.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(7);
    expect(planDetail.parse((await call('GET', url)).json()).version).toBe(2);
  });

  it('answers 404 for an unknown plan and a plan of another merchant of the same account', async () => {
    const { planId } = await create();
    expect(
      (await call('PUT', `/merchant/${sibling.id}/plan/${planId}`, undefined, { ...plan(), version: 1 })).statusCode,
    ).toBe(404);
    expect((await call('GET', `/merchant/${sibling.id}/plan/${planId}`)).statusCode).toBe(404);
    expect((await call('GET', `/merchant/${merchant.id}/plan/not-an-id`)).statusCode).toBe(404);
    expect((await call('GET', `/merchant/${merchant.id}/plan/00000000-0000-4000-8000-000000000000`)).statusCode).toBe(
      404,
    );
  });
});

describe('list', () => {
  it('sorts by the last change, newest first, searches by name or id and filters by Last changes', async () => {
    const listMerchant = await createMerchant(t.db, account.id);
    const first = await create(plan({ description: 'Alpha yearly' }), undefined, listMerchant.id);
    t.clock.advance(60_000);
    const second = await create(plan({ description: 'Beta weekly' }), undefined, listMerchant.id);
    const base = `/merchant/${listMerchant.id}/plan`;
    const all = planList.parse((await call('GET', base)).json());
    expect(all.items.map((p) => p.planId)).toEqual([second.planId, first.planId]);
    expect(all.total).toBe(2);
    const byName = planList.parse((await call('GET', `${base}?search=alpha`)).json());
    expect(byName.items.map((p) => p.planId)).toEqual([first.planId]);
    const byId = planList.parse((await call('GET', `${base}?search=${second.planId.slice(0, 8)}`)).json());
    expect(byId.items.map((p) => p.planId)).toEqual([second.planId]);
    const from = new Date(t.clock.now() - 30_000).toISOString();
    const recent = planList.parse((await call('GET', `${base}?modifiedDateFrom=${encodeURIComponent(from)}`)).json());
    expect(recent.items.map((p) => p.planId)).toEqual([second.planId]);
    const byDescription = planList.parse((await call('GET', `${base}?order=description`)).json());
    expect(byDescription.items.map((p) => p.description)).toEqual(['Alpha yearly', 'Beta weekly']);
  });

  it('answers 400 for unknown query keys and unknown sort fields', async () => {
    expect((await call('GET', `/merchant/${merchant.id}/plan?status=ACTIVE`)).statusCode).toBe(400);
    expect((await call('GET', `/merchant/${merchant.id}/plan?order=amount`)).statusCode).toBe(400);
    expect((await call('GET', `/merchant/${merchant.id}/plan?modifiedDateFrom=yesterday`)).statusCode).toBe(400);
  });
});

describe('roles and tenants', () => {
  it.each([
    ['ADMINISTRATOR', { read: 200, create: 201, update: 200 }],
    ['MANAGER', { read: 200, create: 201, update: 200 }],
    ['PAYMENTS_SPECIALIST', { read: 200, create: 403, update: 403 }],
    ['VIEWER', { read: 200, create: 403, update: 403 }],
    ['SUPPORT', { read: 403, create: 403, update: 403 }],
    ['PROVIDER_SUPPORT', { read: 200, create: 403, update: 403 }],
  ])('%s', async (role, expected) => {
    const token = tokens[role]!;
    const { planId } = await create();
    const before = await count();
    expect((await call('GET', `/merchant/${merchant.id}/plan`, token)).statusCode).toBe(expected.read);
    expect((await call('GET', `/merchant/${merchant.id}/plan/${planId}`, token)).statusCode).toBe(expected.read);
    const created = await create(plan(), token);
    expect(created.response.statusCode).toBe(expected.create);
    const updated = await call('PUT', `/merchant/${merchant.id}/plan/${planId}`, token, {
      ...plan({ description: role }),
      version: 1,
    });
    expect(updated.statusCode).toBe(expected.update);
    expect(await count()).toBe(before + (expected.create === 201 ? 1 : 0));
  });

  it("answers 404 for another tenant's merchant and plan on every call, changing nothing", async () => {
    const { planId } = await create();
    const foreignPlan = await create(plan(), foreignToken, foreign.id);
    expect(foreignPlan.response.statusCode).toBe(201);
    const before = await count();
    expect((await call('GET', `/merchant/${foreign.id}/plan`)).statusCode).toBe(404);
    expect((await call('GET', `/merchant/${foreign.id}/plan/${foreignPlan.planId}`)).statusCode).toBe(404);
    expect((await call('POST', `/merchant/${foreign.id}/plan`, undefined, plan())).statusCode).toBe(404);
    expect(
      (await call('PUT', `/merchant/${foreign.id}/plan/${foreignPlan.planId}`, undefined, { ...plan(), version: 1 }))
        .statusCode,
    ).toBe(404);
    // The other tenant reaching for our plan through its own merchant.
    expect((await call('GET', `/merchant/${foreign.id}/plan/${planId}`, foreignToken)).statusCode).toBe(404);
    expect(
      (await call('PUT', `/merchant/${foreign.id}/plan/${planId}`, foreignToken, { ...plan(), version: 1 })).statusCode,
    ).toBe(404);
    expect(await count()).toBe(before);
  });
});
