import { apiKeyResponse, merchantList, merchant as merchantSchema } from '@domain/contract/merchants';
import { roles } from '@server/db/schema';
import { sql } from 'drizzle-orm';
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
let account: AccountRow;
let other: AccountRow;
let adminToken: string;
let viewerToken: string;
let noMerchantsToken: string;
let berlin: MerchantRow;
let lisbon: MerchantRow;
let madrid: MerchantRow;
let foreign: MerchantRow;

const get = (url: string, token: string) =>
  t.app.inject({ method: 'GET', url: `/api${url}`, headers: authHeader(token) });
const names = (body: { items: { prettyName: string }[] }) => body.items.map((item) => item.prettyName);

async function tokenFor(role: string, accountRow: AccountRow) {
  const user = await createUser(t.db, { role, type: 'ACCOUNT', accountIds: [accountRow.id] });
  return (await signIn(t.app, { email: user.email, accountId: accountRow.shortId })).token;
}

beforeAll(async () => {
  t = await buildTestApp();
  account = await createAccount(t.db, { prettyName: 'Northwind' });
  other = await createAccount(t.db, { prettyName: 'Elsewhere' });
  berlin = await createMerchant(t.db, account.id, {
    prettyName: 'coffee Berlin',
    merchantLegalName: 'Zeta Kaffee GmbH',
    country: 'DE',
    createdAt: new Date('2025-03-01T00:00:00Z'),
  });
  lisbon = await createMerchant(t.db, account.id, {
    prettyName: 'Books Lisbon',
    merchantLegalName: 'Alfa Livros Lda.',
    country: 'PT',
    createdAt: new Date('2025-01-01T00:00:00Z'),
    phone: null,
    webhooksNotificationsUrl: null,
  });
  madrid = await createMerchant(t.db, account.id, {
    prettyName: 'Apparel Madrid',
    merchantLegalName: 'Moda Madrid S.L.',
    country: 'ES',
    createdAt: new Date('2025-02-01T00:00:00Z'),
  });
  foreign = await createMerchant(t.db, other.id, { prettyName: 'Apparel Elsewhere' });

  adminToken = await tokenFor('ADMINISTRATOR', account);
  viewerToken = await tokenFor('VIEWER', account);
  // A role holding nothing about merchants, to prove the permission (not only the tenant) is checked.
  await t.db
    .insert(roles)
    .values({ name: 'TEST_NO_MERCHANTS', prettyName: 'No merchants', permissions: ['account.select'] });
  noMerchantsToken = await tokenFor('TEST_NO_MERCHANTS', account);
});

afterAll(() => t.close());

describe('GET /account/:accountId/merchant', () => {
  it("lists the account's merchants by name without regard to case, with the account reference", async () => {
    const response = await get(`/account/${account.id}/merchant`, viewerToken);
    expect(response.statusCode).toBe(200);
    const body = merchantList.parse(response.json());
    expect(names(body)).toEqual(['Apparel Madrid', 'Books Lisbon', 'coffee Berlin']);
    expect(body).toMatchObject({ count: 3, total: 3 });
    expect(body.items[0]!.accountReference).toEqual({ id: account.id, prettyName: 'Northwind' });
    expect(body.items[1]).toMatchObject({ merchantId: lisbon.id, phone: null, webhooksNotificationsUrl: null });
  });

  it('never includes the API keys', async () => {
    const response = await get(`/account/${account.id}/merchant`, adminToken);
    expect(response.body).not.toContain(berlin.privateKey);
    expect(response.body).not.toContain(berlin.publicKey);
    expect(response.body).not.toContain('privateKey');
  });

  it('sorts by legal name, country and creation date', async () => {
    const byLegal = merchantList.parse(
      (await get(`/account/${account.id}/merchant?order=merchantLegalName`, viewerToken)).json(),
    );
    expect(names(byLegal)).toEqual(['Books Lisbon', 'Apparel Madrid', 'coffee Berlin']);
    const byCountry = merchantList.parse(
      (await get(`/account/${account.id}/merchant?order=-country`, viewerToken)).json(),
    );
    expect(byCountry.items.map((item) => item.country)).toEqual(['PT', 'ES', 'DE']);
    const byDate = merchantList.parse(
      (await get(`/account/${account.id}/merchant?order=-createdAt`, viewerToken)).json(),
    );
    expect(names(byDate)).toEqual(['coffee Berlin', 'Apparel Madrid', 'Books Lisbon']);
    expect((await get(`/account/${account.id}/merchant?order=vatNumber`, viewerToken)).statusCode).toBe(400);
  });

  it('searches by name, legal name and identifier prefix, within the account only', async () => {
    const byName = merchantList.parse(
      (await get(`/account/${account.id}/merchant?search=apparel`, viewerToken)).json(),
    );
    expect(names(byName)).toEqual(['Apparel Madrid']);
    const byLegal = merchantList.parse(
      (await get(`/account/${account.id}/merchant?search=kaffee`, viewerToken)).json(),
    );
    expect(names(byLegal)).toEqual(['coffee Berlin']);
    const byId = merchantList.parse(
      (await get(`/account/${account.id}/merchant?search=${lisbon.id.slice(0, 8)}&searchType=ID`, viewerToken)).json(),
    );
    expect(names(byId)).toEqual(['Books Lisbon']);
    const wildcard = merchantList.parse((await get(`/account/${account.id}/merchant?search=%25`, viewerToken)).json());
    expect(wildcard.total).toBe(0);
  });

  it('matches % and _ literally, and finds a merchant by identifier prefix or whole identifier', async () => {
    const shop = await createAccount(t.db, { prettyName: 'Wildcards' });
    const token = await tokenFor('VIEWER', shop);
    // Fixed ids whose prefixes hold digits (what the unqualified search needs to try identifiers) and that differ
    // only after the first dash.
    const percent = await createMerchant(t.db, shop.id, {
      id: '5a1d0c3e-7b2f-4c61-9e8a-0d4f6b2c1a99',
      prettyName: '100% Organic',
      merchantLegalName: 'Cien Organico S.L.',
    });
    const underscore = await createMerchant(t.db, shop.id, {
      id: '5a1d0c3e-8b2f-4c61-9e8a-0d4f6b2c1a98',
      prettyName: 'snake_case Studio',
      merchantLegalName: 'Serpiente S.L.',
    });
    await createMerchant(t.db, shop.id, {
      id: '7e0f4d21-aaaa-4bbb-8ccc-123456789abc',
      prettyName: '100 Organic snakecase',
      merchantLegalName: 'Plain S.L.',
    });
    const search = async (text: string, extra = '') =>
      names(
        merchantList.parse(
          (await get(`/account/${shop.id}/merchant?search=${encodeURIComponent(text)}${extra}`, token)).json(),
        ),
      );

    expect(await search('%')).toEqual([percent.prettyName]);
    expect(await search('0% o')).toEqual([percent.prettyName]);
    expect(await search('_')).toEqual([underscore.prettyName]);
    expect(await search('e_c')).toEqual([underscore.prettyName]);

    expect(await search('5a1d0c3e')).toEqual([percent.prettyName, underscore.prettyName]);
    expect(await search('5a1d0c3e-8')).toEqual([underscore.prettyName]);
    expect(await search(underscore.id)).toEqual([underscore.prettyName]);
    expect(await search(percent.id.toUpperCase())).toEqual([percent.prettyName]);
    expect(await search(percent.id, '&searchType=ID')).toEqual([percent.prettyName]);
    // Dashes only count where an identifier has them, and the identifier never leaks into another account.
    expect(await search('5a1d-0c3e')).toEqual([]);
    expect(await search('5a1d0c3e', '&searchType=TEXT')).toEqual([]);
    expect(await search('abc%', '&searchType=ID')).toEqual([]);
    const elsewhere = merchantList.parse(
      (await get(`/account/${account.id}/merchant?search=${percent.id}`, viewerToken)).json(),
    );
    expect(elsewhere.total).toBe(0);
  });

  it('refuses a role without merchant.read', async () => {
    const response = await get(`/account/${account.id}/merchant`, noMerchantsToken);
    expect(response.statusCode).toBe(403);
  });
});

describe('a list with more than 10,000 records', () => {
  let big: AccountRow;
  let token: string;

  beforeAll(async () => {
    big = await createAccount(t.db, { prettyName: 'Marketplace' });
    await t.db.execute(sql`
      insert into merchants (account_id, pretty_name, merchant_legal_name, vat_number, corporate_url, dba, mcc_code,
        street, city, zip_code, country, email, support_url, support_email, public_key, private_key)
      select ${big.id}, 'Seller ' || lpad(n::text, 5, '0'), 'Seller ' || n || ' Ltd', 'GB' || n, 'https://s.example', 'S',
        '5999', '1 High Street', 'London', 'EC1A 1BB', 'GB', 's@s.example', 'https://s.example', 's@s.example', 'pk', 'sk'
      from generate_series(1, 10050) as n`);
    token = await tokenFor('VIEWER', big);
  });

  it('stops the total at 10,001', async () => {
    const body = merchantList.parse((await get(`/account/${big.id}/merchant?limit=500`, token)).json());
    expect(body).toMatchObject({ count: 500, total: 10_001 });
    expect(body.items[0]!.prettyName).toBe('Seller 00001');
  });

  it('serves the last page within 10,000 records and refuses pages past it', async () => {
    const last = merchantList.parse((await get(`/account/${big.id}/merchant?limit=500&page=20`, token)).json());
    expect(last.count).toBe(500);
    expect(last.items.at(-1)!.prettyName).toBe('Seller 10000');
    const beyond = await get(`/account/${big.id}/merchant?limit=500&page=21`, token);
    expect(beyond.statusCode).toBe(400);
    expect(beyond.json().fields.page).toBe(
      'The table only shows up to 10k records, but there are more. You can see the rest if you do a data export.',
    );
  });

  it('counts exactly below the cap', async () => {
    const body = merchantList.parse((await get(`/account/${big.id}/merchant?search=seller 1000`, token)).json());
    // Seller 1000 (legal name 'Seller 1000 Ltd') and Seller 10000..10009 share the text.
    expect(body.total).toBe(11);
  });
});

describe('GET /account/:accountId/merchant/:merchantId', () => {
  it('returns the merchant with its legal and contact data', async () => {
    const response = await get(`/account/${account.id}/merchant/${madrid.id}`, viewerToken);
    expect(response.statusCode).toBe(200);
    expect(merchantSchema.parse(response.json())).toMatchObject({
      merchantId: madrid.id,
      merchantLegalName: 'Moda Madrid S.L.',
      vatNumber: madrid.vatNumber,
      supportEmail: madrid.supportEmail,
    });
  });

  it('answers 404 for a merchant of another account, an unknown id and a malformed id', async () => {
    for (const id of [foreign.id, '00000000-0000-4000-8000-000000000000', 'nope']) {
      const response = await get(`/account/${account.id}/merchant/${id}`, viewerToken);
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('Apparel Elsewhere');
    }
  });
});

describe('GET /account/:accountId/merchant/:merchantId/:keyName', () => {
  it('reveals each key to a role holding merchant.credentials.read', async () => {
    for (const keyName of ['publicKey', 'privateKey'] as const) {
      const response = await get(`/account/${account.id}/merchant/${berlin.id}/${keyName}`, adminToken);
      expect(response.statusCode).toBe(200);
      expect(apiKeyResponse.parse(response.json())).toEqual({ keyName, key: berlin[keyName] });
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });

  it('refuses roles without merchant.credentials.read', async () => {
    const response = await get(`/account/${account.id}/merchant/${berlin.id}/privateKey`, viewerToken);
    expect(response.statusCode).toBe(403);
    expect(response.body).not.toContain(berlin.privateKey);
  });

  it('answers 404 for unknown key names and for merchants of another account', async () => {
    expect((await get(`/account/${account.id}/merchant/${berlin.id}/secretKey`, adminToken)).statusCode).toBe(404);
    const foreignKey = await get(`/account/${account.id}/merchant/${foreign.id}/privateKey`, adminToken);
    expect(foreignKey.statusCode).toBe(404);
    expect(foreignKey.body).not.toContain(foreign.privateKey);
  });
});
