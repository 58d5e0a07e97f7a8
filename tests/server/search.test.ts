import { searchResponse } from '@domain/contract/search';
import { roles } from '@server/db/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AccountRow,
  authHeader,
  buildTestApp,
  createAccount,
  createMerchant,
  createUser,
  type MerchantRow,
  signIn,
  type TestApp,
} from './helpers/test-app';

let t: TestApp;
let north: AccountRow;
let south: AccountRow;
let hidden: AccountRow;
let harborShop: MerchantRow;
let staffToken: string;
let userToken: string;

async function search(q: string, token: string, limit?: number) {
  const query = new URLSearchParams({ q, ...(limit ? { limit: String(limit) } : {}) });
  const response = await t.app.inject({ method: 'GET', url: `/api/search?${query}`, headers: authHeader(token) });
  expect(response.statusCode).toBe(200);
  return searchResponse.parse(response.json()).items;
}

beforeAll(async () => {
  t = await buildTestApp();
  north = await createAccount(t.db, { prettyName: 'Harbor Holdings', shortId: '482913' });
  south = await createAccount(t.db, { prettyName: 'Southwind Retail', shortId: '771204' });
  hidden = await createAccount(t.db, { prettyName: 'Harbor Secret', shortId: '482999' });
  harborShop = await createMerchant(t.db, north.id, {
    prettyName: 'Blue Harbor Travel',
    merchantLegalName: 'BHT S.L.',
  });
  await createMerchant(t.db, north.id, { prettyName: 'Harbor Books', merchantLegalName: 'Harbor Books Ltd' });
  await createMerchant(t.db, north.id, {
    prettyName: 'Silver Pine Outfitters',
    merchantLegalName: 'Pine Harborside GmbH',
  });
  await createMerchant(t.db, south.id, { prettyName: 'Harbor South Games' });
  await createMerchant(t.db, hidden.id, { prettyName: 'Harbor Hidden Shop' });

  const staff = await createUser(t.db, {
    role: 'PROVIDER_SUPPORT',
    type: 'INTERNAL',
    accountIds: [north.id, south.id],
  });
  staffToken = (await signIn(t.app, { email: staff.email })).token;
  const user = await createUser(t.db, { role: 'VIEWER', type: 'ACCOUNT', accountIds: [north.id] });
  userToken = (await signIn(t.app, { email: user.email, accountId: north.shortId })).token;
  const admin = await createUser(t.db, { role: 'ADMINISTRATOR', type: 'ACCOUNT', accountIds: [north.id] });
  adminToken = (await signIn(t.app, { email: admin.email, accountId: north.shortId })).token;
});

let adminToken: string;
const merchantForm = {
  merchantLegalName: 'Quiet Coffee S.L.',
  vatNumber: 'ESB1',
  corporateUrl: 'https://quiet.example',
  dba: 'Quiet',
  mccCode: '5812',
  street: 'Calle 1',
  city: 'Madrid',
  zipCode: '28001',
  country: 'ES',
  email: 'hi@quiet.example',
  supportUrl: 'https://quiet.example/help',
  supportEmail: 'help@quiet.example',
};

afterAll(() => t.close());

describe('GET /search', () => {
  it('puts accounts first and ranks name prefixes before word starts before mere containment', async () => {
    const hits = await search('harbor', userToken);
    expect(hits.map((hit) => [hit.kind, hit.title])).toEqual([
      ['account', 'Harbor Holdings'],
      ['merchant', 'Harbor Books'],
      ['merchant', 'Blue Harbor Travel'],
      ['merchant', 'Silver Pine Outfitters'],
    ]);
    expect(hits[0]).toMatchObject({ id: north.id, accountId: north.id, subtitle: 'Account 482913' });
    expect(hits[2]).toMatchObject({ id: harborShop.id, accountId: north.id, subtitle: 'BHT S.L. · Harbor Holdings' });
  });

  it("answers an account user with its own account's records only", async () => {
    const titles = (await search('harbor', userToken)).map((hit) => hit.title);
    expect(titles).not.toContain('Harbor South Games');
    expect(titles).not.toContain('Harbor Secret');
    expect(titles).not.toContain('Harbor Hidden Shop');
    expect(await search('southwind', userToken)).toEqual([]);
  });

  it('answers staff with their linked accounts and their merchants only', async () => {
    const titles = (await search('harbor', staffToken)).map((hit) => hit.title);
    expect(titles).toContain('Harbor South Games');
    expect(titles).not.toContain('Harbor Secret');
    expect(titles).not.toContain('Harbor Hidden Shop');
  });

  it('finds an account by short ID and anything by identifier prefix', async () => {
    expect((await search('4829', staffToken)).map((hit) => hit.title)).toEqual(['Harbor Holdings']);
    const byId = await search(harborShop.id.slice(0, 13), staffToken);
    expect(byId[0]).toMatchObject({ kind: 'merchant', id: harborShop.id });
    const exact = await search(harborShop.id, staffToken);
    expect(exact).toHaveLength(1);
  });

  it('jumps to a pasted identifier, whole or as a prefix, in any case', async () => {
    expect(await search(harborShop.id.toUpperCase(), staffToken)).toEqual([
      expect.objectContaining({ kind: 'merchant', id: harborShop.id }),
    ]);
    // 15 characters reach the version digit '4', so the prefix always looks like an identifier.
    expect((await search(north.id.slice(0, 15), staffToken))[0]).toMatchObject({ kind: 'account', id: north.id });
    expect(await search(hidden.id, staffToken)).toEqual([]);
  });

  it('matches case-insensitively and treats wildcards literally', async () => {
    expect((await search('SOUTHWIND', staffToken)).map((hit) => hit.title)).toEqual(['Southwind Retail']);
    expect(await search('%', staffToken)).toEqual([]);
    expect(await search('_', staffToken)).toEqual([]);
  });

  it('returns at most `limit` hits', async () => {
    const hits = await search('harbor', staffToken, 2);
    expect(hits.map((hit) => hit.kind)).toEqual(['account', 'merchant']);
    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/search?q=harbor&limit=51',
      headers: authHeader(staffToken),
    });
    expect(refused.statusCode).toBe(400);
  });

  it('leaves merchants out for a caller without merchant.read', async () => {
    await t.db
      .insert(roles)
      .values({ name: 'TEST_ACCOUNT_ONLY', prettyName: 'Account only', permissions: ['account.select'] });
    const user = await createUser(t.db, { role: 'TEST_ACCOUNT_ONLY', type: 'ACCOUNT', accountIds: [north.id] });
    const token = (await signIn(t.app, { email: user.email, accountId: north.shortId })).token;
    expect((await search('harbor', token)).map((hit) => hit.kind)).toEqual(['account']);
  });

  it('from one letter on, finds names and later words that start with it, never the middle of a word', async () => {
    const titles = async (q: string) => (await search(q, staffToken)).map((hit) => hit.title);
    // 'h': Harbor... names first (accounts, then merchants), then later words (Blue Harbor Travel, Harbor South).
    expect(await titles('h')).toEqual(['Harbor Holdings', 'Harbor Books', 'Harbor South Games', 'Blue Harbor Travel']);
    // 'ar' is inside Harbor and Southwind Retail but starts no word.
    expect(await titles('ar')).toEqual([]);
    expect(await titles('tr')).toEqual(['Blue Harbor Travel']);
  });

  it("ranks the current account's merchants first within each rank", async () => {
    const query = new URLSearchParams({ q: 'harbor', accountId: south.id });
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/search?${query}`,
      headers: authHeader(staffToken),
    });
    const merchants = searchResponse
      .parse(response.json())
      .items.filter((hit) => hit.kind === 'merchant')
      .map((hit) => hit.title);
    expect(merchants.slice(0, 2)).toEqual(['Harbor South Games', 'Harbor Books']);
  });

  it('follows a renamed merchant at once (the words index is kept by the database)', async () => {
    const shop = await createMerchant(t.db, north.id, { prettyName: 'Quiet Lantern Coffee' });
    expect((await search('la', staffToken)).map((hit) => hit.id)).toContain(shop.id);
    const renamed = await t.app.inject({
      method: 'PUT',
      url: `/api/account/${north.id}/merchant/${shop.id}`,
      headers: authHeader(adminToken),
      payload: { ...merchantForm, prettyName: 'Quiet Meadow Coffee', version: shop.version },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await search('la', staffToken)).map((hit) => hit.id)).not.toContain(shop.id);
    expect((await search('mea', staffToken)).map((hit) => hit.id)).toContain(shop.id);
  });
});
