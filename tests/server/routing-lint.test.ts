import { type RoutingLintResult, routingLintResult } from '@domain/contract/routes';
import { mids, roles, routes } from '@server/db/schema';
import { eq } from 'drizzle-orm';
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
import { createPaymentsWorld, type PaymentsWorld } from './helpers/transaction-fixtures';

// GET and POST /merchant/{merchantId}/routing-lint (issue 28): the merchant's routes that can never take a payment, as
// src/domain/routing-lint.ts finds them (its own tests prove the analysis against the engine), answered with names and
// links, on the saved routes and on a draft, inside the caller's tenant and permissions.

let t: TestApp;
let account: AccountRow;
let merchant: MerchantRow;
let world: PaymentsWorld;
let adminToken: string;
let foreignToken: string;
const ids: Record<'visa' | 'visaEur' | 'paused', string> = { visa: '', visaEur: '', paused: '' };

const call = (method: 'GET' | 'POST', url: string, token = adminToken, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers: authHeader(token), ...(payload ? { payload } : {}) });

async function lint(body?: object, token = adminToken): Promise<RoutingLintResult> {
  const response = body
    ? await call('POST', `/merchant/${merchant.id}/routing-lint`, token, body)
    : await call('GET', `/merchant/${merchant.id}/routing-lint`, token);
  expect(response.statusCode, response.body).toBe(200);
  return routingLintResult.parse(response.json());
}

async function createRoute(payload: Record<string, unknown>): Promise<string> {
  const response = await call('POST', `/merchant/${merchant.id}/route`, adminToken, {
    midId: world.mids.adyen,
    weight: 50,
    ...payload,
  });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { routeIds: string[] }).routeIds[0]!;
}

beforeAll(async () => {
  t = await buildTestApp();
  account = await createAccount(t.db, { prettyName: 'Linted' });
  const other = await createAccount(t.db, { prettyName: 'Other tenant' });
  merchant = await createMerchant(t.db, account.id);
  world = await createPaymentsWorld(t.db, account.id, merchant.id);
  // The world's catch-all route would shadow everything below it.
  await t.db.delete(routes).where(eq(routes.id, world.routeId));
  adminToken = (await signedInAs(t, 'ADMINISTRATOR', account)).token;
  foreignToken = (await signedInAs(t, 'ADMINISTRATOR', other)).token;
  ids.visa = await createRoute({ routeDescription: 'Visa everywhere', priority: 7, cardBrand: ['VISA'] });
  ids.visaEur = await createRoute({
    routeDescription: 'Visa in euros',
    priority: 3,
    cardBrand: ['VISA'],
    currency: ['EUR'],
  });
  ids.paused = await createRoute({ routeDescription: 'Paused', priority: 5, weight: 0, currency: ['USD'] });
});

afterAll(() => t?.close());

describe('routing lint', () => {
  it('names a route inside a higher one as shadowed by it, and a route of weight 0 as dead', async () => {
    const result = await lint();
    expect(result.checkedRoutes).toBe(3);
    expect(result.findings).toEqual([
      expect.objectContaining({
        routeId: ids.paused,
        kind: 'dead',
        deadReason: 'weight-zero',
        routeDetailPath: `/accounts/${account.id}/merchants/${merchant.id}/routes/detail/${ids.paused}`,
        shadowedBy: [],
      }),
      expect.objectContaining({
        routeId: ids.visaEur,
        kind: 'shadowed',
        severity: 'warning',
        deadReason: null,
        shadowedBy: [expect.objectContaining({ routeId: ids.visa, description: 'Visa everywhere', priority: 7 })],
      }),
    ]);
    const shadowed = result.findings.find((finding) => finding.kind === 'shadowed')!;
    expect(shadowed.reason).toContain('Visa everywhere');
  });

  it('checks a draft as the wizard holds it: a new row inside a higher route is flagged, a removed one frees it', async () => {
    const drafted = await lint({
      temporaryRoutes: [
        { routeDescription: 'Visa GB', midId: world.mids.adyen, weight: 10, priority: 2, cardBrand: ['VISA'] },
      ],
    });
    expect(drafted.checkedRoutes).toBe(4);
    expect(drafted.findings.at(-1)).toMatchObject({
      routeId: 'new-1',
      description: 'Visa GB',
      kind: 'shadowed',
      routeDetailPath: null,
    });
    const freed = await lint({ removedRouteIds: [ids.visa] });
    expect(freed.findings.map((finding) => finding.routeId)).toEqual([ids.paused]);
    // An edited row stands in for its saved self: the paused route with a weight takes payments.
    const edited = await lint({
      removedRouteIds: [ids.visa],
      temporaryRoutes: [
        {
          routeId: ids.paused,
          routeDescription: 'Paused',
          midId: world.mids.adyen,
          weight: 20,
          priority: 5,
          currency: ['USD'],
        },
      ],
    });
    expect(edited.findings).toEqual([]);
    // Nothing was saved.
    expect((await lint()).findings).toHaveLength(2);
  });

  it('names a disabled MID by its description', async () => {
    await t.db.update(mids).set({ enable: false }).where(eq(mids.id, world.mids.fails));
    try {
      const drafted = await lint({
        temporaryRoutes: [
          { routeDescription: 'On a paused MID', midId: world.mids.fails, weight: 10, priority: 9, currency: ['GBP'] },
        ],
      });
      expect(drafted.findings.find((finding) => finding.routeId === 'new-1')).toMatchObject({
        kind: 'dead',
        deadReason: 'mid-disabled',
        reason: 'Never takes payments: its MID Always Fails MID is disabled.',
      });
    } finally {
      await t.db.update(mids).set({ enable: true }).where(eq(mids.id, world.mids.fails));
    }
  });

  it("answers 404 for another tenant's merchant and 403 without route.read", async () => {
    const foreign = await call('GET', `/merchant/${merchant.id}/routing-lint`, foreignToken);
    expect(foreign.statusCode).toBe(404);
    await t.db
      .insert(roles)
      .values({ name: 'TEST_NO_ROUTES', prettyName: 'No routes', permissions: ['merchant.read'] });
    const noRoutes = (await signedInAs(t, 'TEST_NO_ROUTES', account)).token;
    expect((await call('GET', `/merchant/${merchant.id}/routing-lint`, noRoutes)).statusCode).toBe(403);
    expect((await call('POST', `/merchant/${merchant.id}/routing-lint`, noRoutes, {})).statusCode).toBe(403);
  });

  it('refuses a draft that is not one (400 with the field)', async () => {
    const response = await call('POST', `/merchant/${merchant.id}/routing-lint`, adminToken, {
      temporaryRoutes: [{ routeDescription: 'No MID', weight: 10, priority: 2 }],
    });
    expect(response.statusCode).toBe(400);
    const unknown = await call('GET', `/merchant/${merchant.id}/routing-lint?draft=1`, adminToken);
    expect(unknown.statusCode).toBe(400);
    // A misspelt field is refused, not dropped: the answer would be for another draft.
    const misspelt = await call('POST', `/merchant/${merchant.id}/routing-lint`, adminToken, {
      removedRoutesIds: [ids.visa],
    });
    expect(misspelt.statusCode).toBe(400);
  });
});
