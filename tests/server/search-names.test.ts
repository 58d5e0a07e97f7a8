import { searchNamesResponse } from '@domain/contract/search';
import { chargebackAgents, plans, routes } from '@server/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgent } from './helpers/chargeback-fixtures';
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

// GET /search/names: the names the query language completes a value with (`merchant:blu`), one account at a time,
// as the list they come from would show them to the caller.

let t: TestApp;
let north: AccountRow;
let south: AccountRow;
let shop: MerchantRow;
let otherShop: MerchantRow;
let world: PaymentsWorld;
let viewer: string;
let support: string;
let southViewer: string;

async function names(token: string, query: Record<string, string>) {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/search/names?${new URLSearchParams(query)}`,
    headers: authHeader(token),
  });
  return response;
}

async function found(token: string, query: Record<string, string>) {
  const response = await names(token, query);
  expect(response.statusCode, response.body).toBe(200);
  return searchNamesResponse.parse(response.json()).items.map((item) => item.name);
}

beforeAll(async () => {
  t = await buildTestApp();
  north = await createAccount(t.db, { prettyName: 'North', shortId: '510001', hasChargebacksFeature: true });
  south = await createAccount(t.db, { prettyName: 'South', shortId: '510002', hasChargebacksFeature: true });
  shop = await createMerchant(t.db, north.id, { prettyName: 'Blue Harbor Travel' });
  otherShop = await createMerchant(t.db, north.id, { prettyName: 'Old Blue Books' });
  await createMerchant(t.db, north.id, { prettyName: 'Blueberry Market' });
  await createMerchant(t.db, north.id, { prettyName: 'True Blues Records' });
  await createMerchant(t.db, north.id, { prettyName: 'Red Lantern' });
  await createMerchant(t.db, south.id, { prettyName: 'Blue South Secret' });
  world = await createPaymentsWorld(t.db, north.id, shop.id);
  // A route of the second merchant: narrowed to the first, it is not offered.
  const otherWorld = await createPaymentsWorld(t.db, north.id, otherShop.id);
  await t.db.update(routes).set({ description: 'Cards fallback' }).where(eq(routes.id, otherWorld.routeId));
  await t.db.update(routes).set({ description: 'Cards main' }).where(eq(routes.id, world.routeId));
  await t.db.insert(plans).values(
    ['Gold monthly', 'Silver yearly', 'Golden trial'].map((description) => ({
      accountId: north.id,
      merchantId: shop.id,
      description,
      basicSettings: { cycle: { time: 1, unit: 'MONTH' as const } },
      amountSettings: { amounts: [{ currency: 'EUR', amount: '9.99', leading: true, dynamic: false }] },
    })),
  );
  await createAgent(t.db, north.id, 'Ana Torres');
  await createAgent(t.db, north.id, 'Bruno Ana');
  await createAgent(t.db, south.id, 'Ana South');
  viewer = (await signedInAs(t, 'VIEWER', north)).token;
  support = (await signedInAs(t, 'SUPPORT', north)).token;
  southViewer = (await signedInAs(t, 'VIEWER', south)).token;
});

afterAll(() => t?.close());

describe('GET /search/names', () => {
  it('ranks merchant names that start with the text, then a later word, then (3+ letters) containment', async () => {
    expect(await found(viewer, { source: 'merchants', q: 'blue', accountId: north.id })).toEqual([
      'Blue Harbor Travel',
      'Blueberry Market',
      'Old Blue Books',
      'True Blues Records',
    ]);
    expect(await found(viewer, { source: 'merchants', q: 'lues', accountId: north.id })).toEqual([
      'True Blues Records',
    ]);
    // Two letters never look inside a word.
    expect(await found(viewer, { source: 'merchants', q: 'ue', accountId: north.id })).toEqual([]);
  });

  it('matches case-insensitively, lists the first names for an empty text and keeps to the limit', async () => {
    expect(await found(viewer, { source: 'merchants', q: 'BLUE H', accountId: north.id })).toEqual([
      'Blue Harbor Travel',
    ]);
    expect(await found(viewer, { source: 'merchants', q: '', accountId: north.id, limit: '2' })).toEqual([
      'Blue Harbor Travel',
      'Blueberry Market',
    ]);
    // LIKE's wildcards are plain characters here.
    expect(await found(viewer, { source: 'merchants', q: '%', accountId: north.id })).toEqual([]);
  });

  it("answers one account's names only: another tenant's account is a 404", async () => {
    expect(await found(southViewer, { source: 'merchants', q: 'blue', accountId: south.id })).toEqual([
      'Blue South Secret',
    ]);
    expect((await names(southViewer, { source: 'merchants', q: 'blue', accountId: north.id })).statusCode).toBe(404);
    expect((await names(viewer, { source: 'agents', q: 'ana', accountId: south.id })).statusCode).toBe(404);
  });

  it('finds MIDs, routes, plans and agents by name, a merchantId narrowing MIDs, routes and plans', async () => {
    expect(await found(viewer, { source: 'mids', q: 'cards', accountId: north.id, merchantId: shop.id })).toEqual([
      'Cards EU MID',
      'Cards Same Day MID',
    ]);
    // Without a merchant: both merchants' MIDs of that name.
    expect(await found(viewer, { source: 'mids', q: 'cards eu', accountId: north.id })).toEqual([
      'Cards EU MID',
      'Cards EU MID',
    ]);
    expect(await found(viewer, { source: 'routes', q: 'cards', accountId: north.id })).toEqual([
      'Cards fallback',
      'Cards main',
    ]);
    expect(await found(viewer, { source: 'routes', q: 'main', accountId: north.id, merchantId: shop.id })).toEqual([
      'Cards main',
    ]);
    expect(await found(viewer, { source: 'routes', q: 'fallback', accountId: north.id, merchantId: shop.id })).toEqual(
      [],
    );
    expect(await found(viewer, { source: 'plans', q: 'gold', accountId: north.id })).toEqual([
      'Gold monthly',
      'Golden trial',
    ]);
    expect(await found(viewer, { source: 'plans', q: 'year', accountId: north.id })).toEqual(['Silver yearly']);
    expect(await found(viewer, { source: 'agents', q: 'ana', accountId: north.id })).toEqual([
      'Ana Torres',
      'Bruno Ana',
    ]);
  });

  it("takes each source's list permissions: a support user reads merchants and agents, not MIDs, routes or plans", async () => {
    expect(await found(support, { source: 'merchants', q: 'red', accountId: north.id })).toEqual(['Red Lantern']);
    expect(await found(support, { source: 'agents', q: 'bru', accountId: north.id })).toEqual(['Bruno Ana']);
    for (const source of ['mids', 'routes', 'plans']) {
      expect((await names(support, { source, q: 'c', accountId: north.id })).statusCode).toBe(403);
    }
  });

  it("answers 404 for agents where the account's chargebacks feature is off, and for another account's merchant", async () => {
    const quiet = await createAccount(t.db, { prettyName: 'Quiet', shortId: '510003', hasChargebacksFeature: false });
    await createAgent(t.db, quiet.id, 'Ana Quiet');
    const quietViewer = (await signedInAs(t, 'VIEWER', quiet)).token;
    expect((await names(quietViewer, { source: 'agents', q: 'ana', accountId: quiet.id })).statusCode).toBe(404);
    const southShop = await createMerchant(t.db, south.id, { prettyName: 'South Shop' });
    const response = await names(viewer, { source: 'mids', q: '', accountId: north.id, merchantId: southShop.id });
    expect(response.statusCode).toBe(404);
    expect(await t.db.select().from(chargebackAgents).where(eq(chargebackAgents.accountId, quiet.id))).toHaveLength(1);
  });

  it('refuses unknown sources and names, a limit over 20, a merchant for merchants or agents, and a missing account', async () => {
    const base = { q: 'a', accountId: north.id };
    for (const query of [
      { ...base, source: 'users' },
      { ...base, source: 'merchants', sort: 'name' },
      { ...base, source: 'merchants', limit: '21' },
      { ...base, source: 'merchants', merchantId: shop.id },
      { ...base, source: 'agents', merchantId: shop.id },
      { source: 'merchants', q: 'a' },
      { ...base, source: 'merchants', accountId: 'nope' },
      { ...base, source: 'merchants', q: 'x'.repeat(101) },
    ]) {
      const response = await names(viewer, query);
      expect(response.statusCode, JSON.stringify(query)).toBe(400);
    }
  });
});
