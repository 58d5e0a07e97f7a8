import { accountList } from '@domain/contract/accounts';
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

// Tenant boundaries: another tenant's ids answer exactly like ids that do not exist, whoever asks and however.

let t: TestApp;
let accountA: AccountRow;
let accountB: AccountRow;
let merchantA: MerchantRow;
let merchantB: MerchantRow;
let adminOfA: string;
let staffOfA: string;
let userOfBoth: { email: string };

const get = (url: string, token: string) =>
  t.app.inject({ method: 'GET', url: `/api${url}`, headers: authHeader(token) });

function expectNothingRevealed(response: Awaited<ReturnType<typeof get>>) {
  expect(response.statusCode).toBe(404);
  expect(response.json()).toMatchObject({ error: 'resource-not-found' });
  for (const secret of [
    'Tenant B',
    merchantB.prettyName,
    merchantB.privateKey,
    merchantB.publicKey,
    accountB.shortId,
  ]) {
    expect(response.body).not.toContain(secret);
  }
}

beforeAll(async () => {
  t = await buildTestApp();
  accountA = await createAccount(t.db, { prettyName: 'Tenant A' });
  accountB = await createAccount(t.db, { prettyName: 'Tenant B' });
  merchantA = await createMerchant(t.db, accountA.id, { prettyName: 'Shop of A' });
  merchantB = await createMerchant(t.db, accountB.id, { prettyName: 'Shop of B' });
  const admin = await createUser(t.db, { role: 'ADMINISTRATOR', type: 'ACCOUNT', accountIds: [accountA.id] });
  adminOfA = (await signIn(t.app, { email: admin.email, accountId: accountA.shortId })).token;
  const staff = await createUser(t.db, { role: 'PROVIDER_ADMINISTRATOR', type: 'INTERNAL', accountIds: [accountA.id] });
  staffOfA = (await signIn(t.app, { email: staff.email })).token;
  userOfBoth = await createUser(t.db, {
    role: 'ADMINISTRATOR',
    type: 'ACCOUNT',
    accountIds: [accountA.id, accountB.id],
  });
});

afterAll(() => t.close());

const crossTenantUrls = () => [
  `/account/${accountB.id}`,
  `/account/${accountB.id}/merchant`,
  `/account/${accountB.id}/merchant/${merchantB.id}`,
  `/account/${accountB.id}/merchant/${merchantB.id}/privateKey`,
  // The caller's own account in the path does not open another account's merchant.
  `/account/${accountA.id}/merchant/${merchantB.id}`,
  `/account/${accountA.id}/merchant/${merchantB.id}/publicKey`,
];

describe('an account user of A', () => {
  it("gets 404 with nothing revealed for every path naming B's account or merchant", async () => {
    for (const url of crossTenantUrls()) expectNothingRevealed(await get(url, adminOfA));
  });

  it('still reaches its own account and merchant', async () => {
    expect((await get(`/account/${accountA.id}`, adminOfA)).statusCode).toBe(200);
    expect((await get(`/account/${accountA.id}/merchant/${merchantA.id}`, adminOfA)).statusCode).toBe(200);
    expect((await get(`/account/${accountA.id}/merchant/${merchantA.id}/privateKey`, adminOfA)).statusCode).toBe(200);
  });
});

describe('provider staff linked to A only', () => {
  it("gets 404 with nothing revealed for B's account and merchants", async () => {
    for (const url of crossTenantUrls()) expectNothingRevealed(await get(url, staffOfA));
  });

  it('does not see B in the accounts list, even when searching for it', async () => {
    const all = accountList.parse((await get('/account', staffOfA)).json());
    expect(all.items.map((item) => item.prettyName)).toEqual(['Tenant A']);
    const searched = accountList.parse((await get('/account?search=Tenant B', staffOfA)).json());
    expect(searched).toMatchObject({ count: 0, total: 0, items: [] });
  });
});

describe('a user linked to two accounts', () => {
  it('acts only on the account it signed in to', async () => {
    const token = (await signIn(t.app, { email: userOfBoth.email, accountId: accountA.shortId })).token;
    expect((await get(`/account/${accountA.id}/merchant`, token)).statusCode).toBe(200);
    expectNothingRevealed(await get(`/account/${accountB.id}/merchant`, token));
  });
});
