import { routeDetail, routeList, routeMidList, simulationResult } from '@domain/contract/routes';
import { createRouter } from '@domain/routing';
import { mids, routes, userActivity } from '@server/db/schema';
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
import { createPaymentsWorld, insertTransaction, type PaymentsWorld } from './helpers/transaction-fixtures';

// Routes over the API (issue 14; spec 2, sections 2.4, 2.5, 3, 4, 5, 7 and 8): the list and its filters, one and
// several rows saved, the MID rules with their bad-config answers, duplicate, delete, the wizard's MID pick list and
// the simulator on the routing engine.

let t: TestApp;
let account: AccountRow;
let merchant: MerchantRow;
let foreign: MerchantRow;
let world: PaymentsWorld;
let foreignWorld: PaymentsWorld;
let adminToken: string;
let viewerToken: string;
/** A MID that answers after the payment call: no fallback with it. */
let asyncMid: string;
/** A MID that only takes EUR. */
let eurMid: string;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, token = adminToken, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers: authHeader(token), ...(payload ? { payload } : {}) });

const row = (extra: Record<string, unknown> = {}) => ({
  routeDescription: 'EU cards',
  midId: world.mids.instant,
  weight: 50,
  priority: 5,
  currency: ['EUR'],
  ...extra,
});

const fieldsOf = (response: { json(): unknown }) => (response.json() as { fields?: Record<string, string> }).fields;

async function create(payload: object, m = merchant.id, token = adminToken) {
  const response = await call('POST', `/merchant/${m}/route`, token, payload);
  return {
    response,
    routeId: response.statusCode === 201 ? (response.json() as { routeIds: string[] }).routeIds[0]! : '',
  };
}

beforeAll(async () => {
  t = await buildTestApp();
  account = await createAccount(t.db, { prettyName: 'Routes' });
  const other = await createAccount(t.db, { prettyName: 'Other routes' });
  merchant = await createMerchant(t.db, account.id);
  foreign = await createMerchant(t.db, other.id);
  world = await createPaymentsWorld(t.db, account.id, merchant.id);
  foreignWorld = await createPaymentsWorld(t.db, other.id, foreign.id);
  const [adyen] = await t.db.select().from(mids).where(eq(mids.id, world.mids.adyen));
  const extra = async (values: Partial<typeof mids.$inferInsert>) => {
    const [created] = await t.db
      .insert(mids)
      .values({ ...adyen!, id: undefined, midAcquirerId: `X-${Math.random()}`, ...values })
      .returning({ id: mids.id });
    return created!.id;
  };
  asyncMid = await extra({ description: 'Async MID', synchronous: false });
  eurMid = await extra({ description: 'EUR only MID', currency: ['EUR'] });
  adminToken = (await signedInAs(t, 'ADMINISTRATOR', account)).token;
  viewerToken = (await signedInAs(t, 'VIEWER', account)).token;
});

afterAll(() => t.close());

describe('saving routes', () => {
  it('creates a route with its audit entry, and shows it with its MID and fallback', async () => {
    const { response, routeId } = await create(row({ fallbackMidId: world.mids.adyen, url: ['shop.example/eu'] }));
    expect(response.statusCode, response.body).toBe(201);
    const detail = routeDetail.parse((await call('GET', `/merchant/${merchant.id}/route/${routeId}`)).json());
    expect(detail).toMatchObject({
      routeDescription: 'EU cards',
      weight: 50,
      priority: 5,
      currency: ['EUR'],
      url: ['shop.example/eu'],
      mid: { id: world.mids.instant, description: 'Instant MID', acquirerName: 'Sandbox Acquirer' },
      fallbackMid: { id: world.mids.adyen },
      version: 1,
    });
    const audit = await t.db.select().from(userActivity).where(eq(userActivity.resourceId, routeId));
    expect(audit).toMatchObject([{ actionType: 'INSERT', resourceType: 'ROUTE', merchantId: merchant.id }]);
  });

  it('saves several rows in one transaction, or none when one breaks a rule', async () => {
    const before = (await t.db.select().from(routes).where(eq(routes.merchantId, merchant.id))).length;
    const two = await call('POST', `/merchant/${merchant.id}/routes`, adminToken, {
      routes: [row({ routeDescription: 'Row one' }), row({ routeDescription: 'Row two', weight: 0 })],
    });
    expect(two.statusCode, two.body).toBe(201);
    expect((two.json() as { routeIds: string[] }).routeIds).toHaveLength(2);
    const broken = await call('POST', `/merchant/${merchant.id}/routes`, adminToken, {
      routes: [row({ routeDescription: 'Fine' }), row({ routeDescription: 'Bad', midId: foreignWorld.mids.adyen })],
    });
    expect(broken.statusCode).toBe(400);
    expect(fieldsOf(broken)).toEqual({ 'routes.1.midId': 'Select a MID to save the route correctly' });
    const eleven = await call('POST', `/merchant/${merchant.id}/routes`, adminToken, {
      routes: Array.from({ length: 11 }, (_, index) => row({ routeDescription: `Row ${index}` })),
    });
    expect(eleven.statusCode).toBe(400);
    expect((await t.db.select().from(routes).where(eq(routes.merchantId, merchant.id))).length).toBe(before + 2);
  });

  it("refuses bad input with the spec's messages and changes nothing", async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ weight: -1 }, 'weight', 'Enter a number as the weight'],
      [{ weight: 'abc' }, 'weight', 'Enter a number as the weight'],
      [{ priority: 11 }, 'priority', 'The priority goes from 1 to 10'],
      [{ midId: '' }, 'midId', 'Select a MID to save the route correctly'],
      [{ midId: foreignWorld.mids.adyen }, 'midId', 'Select a MID to save the route correctly'],
      [{ routeDescription: ' ' }, 'routeDescription', 'Required field'],
      [{ binCode: ['4111111'] }, 'binCode', 'It must be a 6 digits code'],
      [{ binCode: ['12345'] }, 'binCode', 'It must be a 6 digits code'],
      [{ issuerCountry: ['ESP'] }, 'issuerCountry', 'Some variables are not in the ISO format: ESP'],
      [{ issuerCountry: ['XX'] }, 'issuerCountry', 'The following codes do not exist: XX'],
      [{ currency: ['EURO'] }, 'currency', 'Some currencies are not 3-letter ISO codes: EURO'],
      [{ cardBrand: ['MASTERCARD'] }, 'cardBrand', 'Unknown card brands: MASTERCARD'],
      [{ fallbackMidId: asyncMid }, 'fallbackMidId', 'A fallback MID works only with synchronous MIDs'],
      [
        { midId: asyncMid, fallbackMidId: world.mids.adyen },
        'fallbackMidId',
        'A fallback MID works only with synchronous MIDs',
      ],
      [{ fallbackMidId: world.mids.instant }, 'fallbackMidId', 'The fallback MID must be another MID'],
    ];
    for (const [change, field, message] of cases) {
      const { response } = await create(row({ routeDescription: 'Refused', ...change }));
      expect(response.statusCode, `${field}: ${response.body.slice(0, 160)}`).toBe(400);
      expect(fieldsOf(response)?.[field]).toBe(message);
    }
    expect(await t.db.select().from(routes).where(eq(routes.description, 'Refused'))).toEqual([]);
  });

  it('answers mid-bad-config, fallback-bad-config or mids-bad-config when a MID would refuse some orders', async () => {
    const midBad = await create(row({ midId: eurMid, currency: ['EUR', 'GBP'] }));
    expect(midBad.response.json()).toMatchObject({ statusCode: 409, error: 'mid-bad-config' });
    const fallbackBad = await create(row({ currency: ['GBP'], fallbackMidId: eurMid }));
    expect(fallbackBad.response.json()).toMatchObject({ statusCode: 409, error: 'fallback-bad-config' });
    const fine = await create(row({ midId: eurMid, currency: ['EUR'] }));
    expect(fine.response.statusCode).toBe(201);
  });

  it('refuses an edit based on an older version, duplicates with weight 0, and keeps a route payments used', async () => {
    const { routeId } = await create(row({ routeDescription: 'To edit' }));
    const edit = (extra: Record<string, unknown>) =>
      call('PUT', `/merchant/${merchant.id}/route/${routeId}`, adminToken, row(extra));
    expect((await edit({ routeDescription: 'Edited', version: 1 })).statusCode).toBe(204);
    expect((await edit({ routeDescription: 'Stale', version: 1 })).json()).toMatchObject({ error: 'route-changed' });

    const copy = await call('POST', `/merchant/${merchant.id}/route/${routeId}/duplicate`);
    expect(copy.statusCode, copy.body).toBe(201);
    const duplicated = routeDetail.parse(
      (await call('GET', `/merchant/${merchant.id}/route/${(copy.json() as { routeId: string }).routeId}`)).json(),
    );
    expect(duplicated).toMatchObject({ routeDescription: 'Copy of Edited', weight: 0, priority: 5, currency: ['EUR'] });

    await insertTransaction(t.db, world, { createdAt: new Date(t.clock.now() - 3_600_000), routeId: world.routeId });
    expect((await call('DELETE', `/merchant/${merchant.id}/route/${world.routeId}`)).json()).toMatchObject({
      error: 'route-with-transactions',
    });
    expect((await call('DELETE', `/merchant/${merchant.id}/route/${duplicated.routeId}`, viewerToken)).statusCode).toBe(
      403,
    );
    expect((await call('DELETE', `/merchant/${merchant.id}/route/${duplicated.routeId}`)).statusCode).toBe(204);
    expect((await call('DELETE', `/merchant/${merchant.id}/route/${duplicated.routeId}`)).statusCode).toBe(404);
  });

  it('is refused to a viewer, and answers 404 for another tenant’s merchant or route', async () => {
    expect((await create(row(), merchant.id, viewerToken)).response.statusCode).toBe(403);
    expect((await create(row(), foreign.id)).response.statusCode).toBe(404);
    expect((await call('GET', `/merchant/${merchant.id}/route/${foreignWorld.routeId}`)).statusCode).toBe(404);
    expect(
      (await call('PUT', `/merchant/${merchant.id}/route/${foreignWorld.routeId}`, adminToken, row({ version: 1 })))
        .statusCode,
    ).toBe(404);
  });
});

describe('editing a route', () => {
  it('refuses an edit that does not name the version it was opened on, and a stale one (issue 23)', async () => {
    const { routeId } = await create(row({ routeDescription: 'Versioned' }));
    const put = (extra: Record<string, unknown>) =>
      call('PUT', `/merchant/${merchant.id}/route/${routeId}`, adminToken, row(extra));
    const missing = await put({ routeDescription: 'No version' });
    expect(missing.statusCode).toBe(400);
    expect(fieldsOf(missing)).toEqual({ version: 'The version the route was opened on is required' });
    expect((await put({ routeDescription: 'Stale', version: 2 })).json()).toMatchObject({
      statusCode: 409,
      error: 'route-changed',
    });
    const detail = routeDetail.parse((await call('GET', `/merchant/${merchant.id}/route/${routeId}`)).json());
    expect(detail).toMatchObject({ routeDescription: 'Versioned', version: 1 });
  });

  it('lets exactly one of 20 parallel edits of one version through; the others answer route-changed', async () => {
    const { routeId } = await create(row({ routeDescription: 'Raced' }));
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        call('PUT', `/merchant/${merchant.id}/route/${routeId}`, adminToken, {
          ...row({ routeDescription: `Edit ${index}` }),
          version: 1,
        }),
      ),
    );
    const codes = answers.map((answer) => answer.statusCode);
    expect(codes.filter((code) => code === 204)).toHaveLength(1);
    expect(codes.filter((code) => code === 409)).toHaveLength(19);
    for (const answer of answers.filter((item) => item.statusCode === 409)) {
      expect(answer.json()).toMatchObject({ error: 'route-changed' });
    }
    const winner = answers.findIndex((answer) => answer.statusCode === 204);
    const detail = routeDetail.parse((await call('GET', `/merchant/${merchant.id}/route/${routeId}`)).json());
    expect(detail).toMatchObject({ routeDescription: `Edit ${winner}`, version: 2 });
    const audit = await t.db.select().from(userActivity).where(eq(userActivity.resourceId, routeId));
    expect(audit.filter((entry) => entry.actionType === 'UPDATE')).toHaveLength(1);
  });
});

describe('the routes list and the MID pick list', () => {
  it('sorts by edited date and filters by weight band, priority, fallback, MID and variables; limit=0 lists all', async () => {
    const list = async (query: string) =>
      routeList.parse((await call('GET', `/merchant/${merchant.id}/route?${query}`, viewerToken)).json());
    const all = await list('');
    const dates = all.items.map((item) => item.modifiedDate);
    expect(dates).toEqual([...dates].sort().reverse());
    expect((await list('weight[]=0')).items.every((item) => item.weight <= 9)).toBe(true);
    expect((await list('weight[]=90')).items.map((item) => item.routeDescription)).toContain('Main route');
    expect((await list('priority[]=10')).items.map((item) => item.routeDescription)).toEqual(['Main route']);
    expect((await list('fallbackRoute=true')).items.every((item) => item.fallbackMid !== null)).toBe(true);
    expect((await list(`midId[]=${eurMid}`)).items.every((item) => item.mid.id === eurMid)).toBe(true);
    expect((await list('limit=0')).items).toHaveLength(all.total);
    expect((await call('GET', `/merchant/${merchant.id}/route?weight[]=15`)).statusCode).toBe(400);
    expect((await call('GET', `/merchant/${foreign.id}/route`)).statusCode).toBe(404);
  });

  it('takes the variables as a POST body too, so a route naming hundreds of long URLs gets its MIDs (issue 23)', async () => {
    const [adyen] = await t.db.select().from(mids).where(eq(mids.id, world.mids.adyen));
    const [shopMid] = await t.db
      .insert(mids)
      .values({ ...adyen!, id: undefined, midAcquirerId: 'SHOP-EU', description: 'Shop EU', url: ['shop.example/eu'] })
      .returning({ id: mids.id });
    // 250 URLs (the most a variable lists) of about 200 characters: 50 KB, far past a 16 KB request head.
    const urls = Array.from({ length: 250 }, (_, index) => `https://shop.example/eu/${'checkout-'.repeat(20)}${index}`);
    const post = await call('POST', `/merchant/${merchant.id}/route-mid`, adminToken, { url: urls });
    expect(post.statusCode, post.body.slice(0, 200)).toBe(200);
    const offered = routeMidList.parse(post.json()).items.map((item) => item.id);
    expect(offered).toContain(shopMid!.id);
    expect(offered).not.toContain(eurMid);
    // Elsewhere than the MID's URL, the MID is not offered; GET and POST answer alike.
    const elsewhere = { url: ['other.example/pay'], currency: ['EUR'] };
    const byPost = routeMidList.parse(
      (await call('POST', `/merchant/${merchant.id}/route-mid`, adminToken, elsewhere)).json(),
    );
    const byGet = routeMidList.parse(
      (await call('GET', `/merchant/${merchant.id}/route-mid?url[]=other.example/pay&currency[]=EUR`)).json(),
    );
    expect(byPost).toEqual(byGet);
    expect(byPost.items.map((item) => item.id)).not.toContain(shopMid!.id);
    expect(byPost.items.map((item) => item.id)).toContain(eurMid);
    await t.db.delete(mids).where(eq(mids.id, shopMid!.id));
  });

  it('refuses bad variables in the pick list with the save’s messages on their fields, never a 500', async () => {
    const viaPost = await call('POST', `/merchant/${merchant.id}/route-mid`, adminToken, {
      currency: ['EURO'],
      issuerCountry: ['XX'],
      binCode: ['12345'],
    });
    expect(viaPost.statusCode).toBe(400);
    expect(fieldsOf(viaPost)).toEqual({
      currency: 'Some currencies are not 3-letter ISO codes: EURO',
      issuerCountry: 'The following codes do not exist: XX',
      binCode: 'It must be a 6 digits code',
    });
    const viaGet = await call('GET', `/merchant/${merchant.id}/route-mid?issuerCountry[]=ESP`);
    expect(viaGet.statusCode).toBe(400);
    expect(fieldsOf(viaGet)).toEqual({ issuerCountry: 'Some variables are not in the ISO format: ESP' });
    expect((await call('POST', `/merchant/${merchant.id}/route-mid`, viewerToken, {})).statusCode).toBe(200);
    expect((await call('POST', `/merchant/${foreign.id}/route-mid`, adminToken, {})).statusCode).toBe(404);
  });

  it('offers the enabled MIDs that take every order the chosen variables let through', async () => {
    const pick = async (query: string) =>
      routeMidList
        .parse((await call('GET', `/merchant/${merchant.id}/route-mid?${query}`)).json())
        .items.map((mid) => mid.id);
    expect(await pick('currency[]=EUR')).toContain(eurMid);
    expect(await pick('currency[]=GBP')).not.toContain(eurMid);
    expect(await pick('')).not.toContain(eurMid);
    expect(await pick('currency[]=GBP')).toContain(world.mids.adyen);
  });
});

describe('the simulator', () => {
  const order = { currency: 'EUR', issuerCountry: 'ES', cardBrand: 'VISA', url: 'shop.example/eu', binCode: '' };

  it('answers the engine’s distribution, with a temporary route standing in for the one being edited', async () => {
    const saved = await call('POST', `/merchant/${merchant.id}/simulation`, adminToken, { order });
    expect(saved.statusCode, saved.body).toBe(200);
    const result = simulationResult.parse(saved.json());
    const serving = result.otherRoutes.filter((route) => route.status === 'serving');
    expect(serving.map((route) => route.description)).toEqual(['Main route']);
    expect(serving[0]).toMatchObject({
      percentage: 100,
      priority: 10,
      editRouteDetailPath: expect.stringContaining('/routes/edit/'),
    });

    // The wizard's rows: a new route sharing priority 10 with the main route at weight 100 takes half the traffic.
    const withNew = simulationResult.parse(
      (
        await call('POST', `/merchant/${merchant.id}/simulation`, adminToken, {
          order,
          temporaryRoutes: [row({ routeDescription: 'New split', priority: 10, weight: 100 })],
        })
      ).json(),
    );
    expect(withNew.temporaryRoutes).toMatchObject([
      { id: 'new-1', description: 'New split', percentage: 50, viewRouteDetailPath: null },
    ]);
    expect(withNew.otherRoutes.find((route) => route.description === 'Main route')?.percentage).toBe(50);

    // Editing the main route down to weight 0: its saved self no longer counts.
    const edited = simulationResult.parse(
      (
        await call('POST', `/merchant/${merchant.id}/simulation`, adminToken, {
          order,
          temporaryRoutes: [
            row({
              routeId: world.routeId,
              routeDescription: 'Main route',
              midId: world.mids.adyen,
              priority: 10,
              weight: 0,
              currency: [],
            }),
          ],
        })
      ).json(),
    );
    expect(edited.otherRoutes.some((route) => route.id === world.routeId)).toBe(false);
    expect(edited.temporaryRoutes).toMatchObject([{ id: world.routeId, status: 'weight-zero', percentage: 0 }]);
  });

  it('gives percentages that add up to 100 and that the engine’s choices follow, over sampled orders', async () => {
    const allRoutes = await t.db.select().from(routes).where(eq(routes.merchantId, merchant.id));
    const allMids = await t.db.select().from(mids).where(eq(mids.merchantId, merchant.id));
    const router = createRouter(allRoutes, allMids);
    const values = {
      currency: ['EUR', 'GBP', 'USD'],
      issuerCountry: ['ES', 'FR'],
      url: ['shop.example/eu', 'shop.example/us'],
    };
    for (const currency of values.currency) {
      for (const issuerCountry of values.issuerCountry) {
        for (const url of values.url) {
          const sampled = { currency, issuerCountry, url, cardBrand: 'VISA' };
          const result = simulationResult.parse(
            (await call('POST', `/merchant/${merchant.id}/simulation`, adminToken, { order: sampled })).json(),
          );
          const serving = result.otherRoutes.filter((route) => route.status === 'serving');
          if (serving.length === 0) {
            expect(router.chooseRoute(sampled, 0.5)).toBeNull();
            continue;
          }
          expect(serving.reduce((sum, route) => sum + route.percentage, 0)).toBeCloseTo(100, 5);
          // 2,000 draws of the engine: each route's share within 4 points of the shown percentage.
          const counts = new Map<string, number>();
          for (let draw = 0; draw < 2_000; draw++) {
            const chosen = router.chooseRoute(sampled, (draw + 0.5) / 2_000);
            counts.set(chosen!.id, (counts.get(chosen!.id) ?? 0) + 1);
          }
          for (const route of serving) {
            expect(Math.abs(((counts.get(route.id) ?? 0) / 2_000) * 100 - route.percentage)).toBeLessThan(4);
          }
        }
      }
    }
  });

  it('needs route.simulate and answers 404 for another tenant’s merchant; a BIN has 6 characters', async () => {
    expect((await call('POST', `/merchant/${merchant.id}/simulation`, viewerToken, { order })).statusCode).toBe(403);
    expect((await call('POST', `/merchant/${foreign.id}/simulation`, adminToken, { order })).statusCode).toBe(404);
    const bin = await call('POST', `/merchant/${merchant.id}/simulation`, adminToken, {
      order: { binCode: '4111111' },
    });
    expect(bin.statusCode).toBe(400);
  });
});

describe("finding a route by id (the palette's Find route)", () => {
  it("finds the caller's routes by the start of their id, never another tenant's", async () => {
    const found = await call('GET', `/route/search?q=${world.routeId.slice(0, 8)}`, viewerToken);
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json()).toMatchObject({
      items: expect.arrayContaining([expect.objectContaining({ routeId: world.routeId, merchantId: merchant.id })]),
    });
    expect((await call('GET', `/route/search?q=${foreignWorld.routeId}`)).json()).toEqual({ items: [] });
    expect((await call('GET', '/route/search?q=abc')).statusCode).toBe(400);
  });
});
