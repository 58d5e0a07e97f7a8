import { randomUUID } from 'node:crypto';
import { activityDetail, activityList } from '@domain/contract/activity';
import { recordActivity } from '@server/lib/audit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertEntry } from './helpers/activity-fixtures';
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

// The audit log's calls (spec 2, sections 2.8 and 7) under their own base address.

let t: TestApp;
let north: AccountRow;
let south: AccountRow;
let shop: MerchantRow;
let kiosk: MerchantRow;
let southShop: MerchantRow;
const tokens: Record<string, string> = {};
const ids = {
  routeId: randomUUID(),
  userId: randomUUID(),
  merchantInsert: '',
  merchantUpdate: '',
  routeInsert: '',
  routeDelete: '',
  userUpdate: '',
  kioskInsert: '',
  southInsert: '',
  noAccount: '',
};

const AUDIT = '/api/audit';
const get = (url: string, token: string) =>
  t.app.inject({ method: 'GET', url: `${AUDIT}${url}`, headers: authHeader(token) });
const list = async (query: string, token = tokens.admin!, accountId = north.id) => {
  const response = await get(`/account/${accountId}/useractivity${query ? `?${query}` : ''}`, token);
  expect(response.statusCode, response.body).toBe(200);
  return activityList.parse(response.json());
};
const entryIds = (body: { items: { userActivityId: string }[] }) => body.items.map((item) => item.userActivityId);

beforeAll(async () => {
  t = await buildTestApp();
  north = await createAccount(t.db, { prettyName: 'Northwind' });
  south = await createAccount(t.db, { prettyName: 'Southwind' });
  shop = await createMerchant(t.db, north.id, { merchantLegalName: 'North Shop S.L.' });
  kiosk = await createMerchant(t.db, north.id, { merchantLegalName: 'North Kiosk S.L.' });
  southShop = await createMerchant(t.db, south.id, { merchantLegalName: 'South Shop S.L.' });

  const accountToken = async (key: string, role: string, account: AccountRow) => {
    const user = await createUser(t.db, { role, type: 'ACCOUNT', accountIds: [account.id] });
    tokens[key] = (await signIn(t.app, { email: user.email, accountId: account.shortId })).token;
  };
  await accountToken('admin', 'ADMINISTRATOR', north);
  await accountToken('support', 'SUPPORT', north);
  await accountToken('viewer', 'VIEWER', north);
  await accountToken('southAdmin', 'ADMINISTRATOR', south);
  const staff = await createUser(t.db, { role: 'PROVIDER_SUPPORT', type: 'INTERNAL', accountIds: [north.id] });
  tokens.staff = (await signIn(t.app, { email: staff.email })).token;

  const merchantInsert = await insertEntry(t.db, {
    accountId: north.id,
    actionType: 'INSERT',
    resourceType: 'MERCHANT',
    resourceId: shop.id,
    merchantId: shop.id,
    date: '2026-01-01T10:00:00.000Z',
    newValue: { prettyName: 'Shop', country: 'ES' },
  });
  const merchantUpdate = await insertEntry(t.db, {
    accountId: north.id,
    actionType: 'UPDATE',
    resourceType: 'MERCHANT',
    resourceId: shop.id,
    merchantId: shop.id,
    userName: 'Bob Jones',
    userEmail: 'bob@north.example',
    date: '2026-01-02T10:00:00.000Z',
    oldValue: { prettyName: 'Shop', country: 'ES' },
    newValue: { prettyName: 'Shop 2', country: 'ES' },
  });
  const routeInsert = await insertEntry(t.db, {
    accountId: north.id,
    actionType: 'INSERT',
    resourceType: 'ROUTE',
    resourceId: ids.routeId,
    merchantId: shop.id,
    userName: 'Bob Jones',
    userEmail: 'bob@north.example',
    date: '2026-01-03T10:00:00.000Z',
    newValue: { routeDescription: 'Main' },
  });
  const routeDelete = await insertEntry(t.db, {
    accountId: north.id,
    actionType: 'DELETE',
    resourceType: 'ROUTE',
    resourceId: ids.routeId,
    merchantId: shop.id,
    date: '2026-01-04T10:00:00.000Z',
    oldValue: { routeDescription: 'Main' },
  });
  const userUpdate = await insertEntry(t.db, {
    accountId: north.id,
    actionType: 'UPDATE',
    resourceType: 'USER',
    resourceId: ids.userId,
    date: '2026-01-05T10:00:00.000Z',
    oldValue: { jobTitle: 'Analyst' },
    newValue: { jobTitle: 'Lead' },
  });
  const kioskInsert = await insertEntry(t.db, {
    accountId: north.id,
    actionType: 'INSERT',
    resourceType: 'MERCHANT',
    resourceId: kiosk.id,
    merchantId: kiosk.id,
    userName: null,
    userEmail: null,
    date: '2026-01-06T10:00:00.000Z',
    newValue: { prettyName: 'Kiosk' },
  });
  const southInsert = await insertEntry(t.db, {
    accountId: south.id,
    actionType: 'INSERT',
    resourceType: 'MERCHANT',
    resourceId: southShop.id,
    merchantId: southShop.id,
    userName: 'Alice Smith',
    date: '2026-01-03T12:00:00.000Z',
    newValue: { prettyName: 'South' },
  });
  const noAccount = await insertEntry(t.db, {
    accountId: null,
    actionType: 'INSERT',
    resourceType: 'ACCOUNT',
    date: '2026-01-03T13:00:00.000Z',
    newValue: { prettyName: 'New account' },
  });
  Object.assign(ids, {
    merchantInsert: merchantInsert.id,
    merchantUpdate: merchantUpdate.id,
    routeInsert: routeInsert.id,
    routeDelete: routeDelete.id,
    userUpdate: userUpdate.id,
    kioskInsert: kioskInsert.id,
    southInsert: southInsert.id,
    noAccount: noAccount.id,
  });
});

afterAll(() => t.close());

describe('GET /account/:accountId/useractivity', () => {
  it("lists the account's entries newest first with user, merchant and the deleted flag", async () => {
    const body = await list('');
    expect(body).toMatchObject({ count: 6, total: 6 });
    expect(entryIds(body)).toEqual([
      ids.kioskInsert,
      ids.userUpdate,
      ids.routeDelete,
      ids.routeInsert,
      ids.merchantUpdate,
      ids.merchantInsert,
    ]);
    const update = body.items.find((item) => item.userActivityId === ids.merchantUpdate)!;
    expect(update).toEqual({
      userActivityId: ids.merchantUpdate,
      actionType: 'UPDATE',
      resourceType: 'MERCHANT',
      resourceId: shop.id,
      user: { prettyName: 'Bob Jones', email: 'bob@north.example' },
      merchant: { id: shop.id, merchantLegalName: 'North Shop S.L.' },
      accountId: north.id,
      resourceDeleted: false,
      date: '2026-01-02T10:00:00.000Z',
    });
    const system = body.items.find((item) => item.userActivityId === ids.kioskInsert)!;
    expect(system.user).toBeNull();
    const userEntry = body.items.find((item) => item.userActivityId === ids.userUpdate)!;
    expect(userEntry.merchant).toBeNull();
  });

  it('marks every entry of a resource whose latest entry is a DELETE as deleted', async () => {
    const body = await list('resourceType=ROUTE');
    expect(body.items.map((item) => [item.actionType, item.resourceDeleted])).toEqual([
      ['DELETE', true],
      ['INSERT', true],
    ]);
  });

  it('filters by action type, merchant, resource type and date range', async () => {
    expect(entryIds(await list('actionType=UPDATE'))).toEqual([ids.userUpdate, ids.merchantUpdate]);
    expect(entryIds(await list('actionType[]=INSERT&actionType[]=DELETE'))).toEqual([
      ids.kioskInsert,
      ids.routeDelete,
      ids.routeInsert,
      ids.merchantInsert,
    ]);
    expect(entryIds(await list(`merchantId[]=${kiosk.id}`))).toEqual([ids.kioskInsert]);
    expect(entryIds(await list('resourceType[]=USER&resourceType[]=ROUTE'))).toEqual([
      ids.userUpdate,
      ids.routeDelete,
      ids.routeInsert,
    ]);
    // Both ends included, as the console sends the start and the end of the chosen days.
    const range = await list('dateFrom=2026-01-02T10:00:00.000Z&dateTo=2026-01-04T10:00:00.000Z');
    expect(entryIds(range)).toEqual([ids.routeDelete, ids.routeInsert, ids.merchantUpdate]);
    expect(entryIds(await list('dateFrom=2026-01-05T00:00:00.000Z'))).toEqual([ids.kioskInsert, ids.userUpdate]);
  });

  it("refuses an end date before the start date with the spec's message", async () => {
    const response = await get(
      `/account/${north.id}/useractivity?dateFrom=2026-01-05T00:00:00.000Z&dateTo=2026-01-01T00:00:00.000Z`,
      tokens.admin!,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: 'form-not-validated',
      fields: { dateTo: 'The indicated dates are not correct' },
    });
  });

  it("searches the user's name or e-mail, and resource ids by prefix", async () => {
    expect(entryIds(await list('search=bob&searchType=TEXT'))).toEqual([ids.routeInsert, ids.merchantUpdate]);
    expect(entryIds(await list('search=ALICE@north'))).toEqual([ids.userUpdate, ids.routeDelete, ids.merchantInsert]);
    const prefix = ids.routeId.slice(0, 8);
    expect(entryIds(await list(`search=${prefix}&searchType=ID`))).toEqual([ids.routeDelete, ids.routeInsert]);
    // Without a type, text shaped like an id prefix is tried as one too.
    expect(entryIds(await list(`search=${prefix}`))).toEqual([ids.routeDelete, ids.routeInsert]);
    expect(entryIds(await list(`search=${prefix}&searchType=TEXT`))).toEqual([]);
    // LIKE wildcards match literally.
    expect((await list('search=%25')).total).toBe(0);
  });

  it('sorts by date, action type, resource type and user, and refuses other fields', async () => {
    expect(entryIds(await list('order=date'))[0]).toBe(ids.merchantInsert);
    expect((await list('order=actionType')).items.map((item) => item.actionType)).toEqual([
      'DELETE',
      'INSERT',
      'INSERT',
      'INSERT',
      'UPDATE',
      'UPDATE',
    ]);
    expect((await list('order=-resourceType')).items[0]!.resourceType).toBe('USER');
    // Entries without a user sort as an empty name: first ascending.
    expect((await list('order=user')).items.map((item) => item.user?.prettyName ?? null)).toEqual([
      null,
      'Alice Smith',
      'Alice Smith',
      'Alice Smith',
      'Bob Jones',
      'Bob Jones',
    ]);
    const response = await get(`/account/${north.id}/useractivity?order=resourceId`, tokens.admin!);
    expect(response.statusCode).toBe(400);
  });

  it('pages with the list convention', async () => {
    const response = await get(`/account/${north.id}/useractivity?limit=50&page=2`, tokens.admin!);
    expect(activityList.parse(response.json())).toMatchObject({ count: 0, total: 6, items: [] });
  });

  it('shows entries written by recordActivity in the same list', async () => {
    const resourceId = randomUUID();
    await t.db.transaction((tx) =>
      recordActivity(tx, {
        actor: { userId: randomUUID(), email: 'carol@north.example', fullName: 'Carol White' },
        actionType: 'INSERT',
        resourceType: 'MID',
        resourceId,
        newValue: { description: 'Visa EUR', privateKey: 'never stored' },
        accountId: north.id,
        merchantId: kiosk.id,
      }),
    );
    const body = await list('resourceType=MID');
    expect(body.items).toHaveLength(1);
    expect(body.items[0]).toMatchObject({ resourceId, user: { prettyName: 'Carol White' } });
    const detail = await get(`/useractivity/${body.items[0]!.userActivityId}`, tokens.admin!);
    expect(activityDetail.parse(detail.json()).version).toEqual({ description: 'Visa EUR' });
  });

  it("never shows another tenant's entries and answers 404 for its account", async () => {
    const southIds = entryIds(await list('', tokens.southAdmin!, south.id));
    expect(southIds).toEqual([ids.southInsert]);
    expect(entryIds(await list('search=alice'))).not.toContain(ids.southInsert);
    expect((await get(`/account/${south.id}/useractivity`, tokens.admin!)).statusCode).toBe(404);
    expect((await get(`/account/${north.id}/useractivity`, tokens.southAdmin!)).statusCode).toBe(404);
    expect((await get('/account/not-an-id/useractivity', tokens.admin!)).statusCode).toBe(404);
  });

  it('lets provider staff read the accounts they are linked to only', async () => {
    expect((await list('', tokens.staff!)).total).toBeGreaterThanOrEqual(6);
    expect((await get(`/account/${south.id}/useractivity`, tokens.staff!)).statusCode).toBe(404);
  });

  it('needs useractivity.read and a session', async () => {
    expect((await get(`/account/${north.id}/useractivity`, tokens.viewer!)).statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'GET', url: `${AUDIT}/account/${north.id}/useractivity` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('lives under the user-activity base address only', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/account/${north.id}/useractivity`,
      headers: authHeader(tokens.admin!),
    });
    expect(response.statusCode).toBe(404);
    expect(t.config.runtime.userActivityBase).toBe(AUDIT);
  });
});

describe('GET /useractivity/:userActivityId', () => {
  it('gives an UPDATE with its old and new values', async () => {
    const response = await get(`/useractivity/${ids.merchantUpdate}`, tokens.admin!);
    expect(response.statusCode).toBe(200);
    const detail = activityDetail.parse(response.json());
    expect(detail).toMatchObject({
      userActivityId: ids.merchantUpdate,
      actionType: 'UPDATE',
      merchant: { id: shop.id, merchantLegalName: 'North Shop S.L.' },
      version: { prettyName: 'Shop 2', country: 'ES' },
      oldVersion: { prettyName: 'Shop', country: 'ES' },
      resourceDeleted: false,
    });
  });

  it('gives new values only for an INSERT and old values only for a DELETE', async () => {
    const insert = activityDetail.parse((await get(`/useractivity/${ids.routeInsert}`, tokens.admin!)).json());
    expect(insert).toMatchObject({ version: { routeDescription: 'Main' }, oldVersion: null, resourceDeleted: true });
    const deleted = activityDetail.parse((await get(`/useractivity/${ids.routeDelete}`, tokens.admin!)).json());
    expect(deleted).toMatchObject({ version: null, oldVersion: { routeDescription: 'Main' } });
  });

  it("answers 404 for another tenant's entry, an unknown id or a malformed one", async () => {
    expect((await get(`/useractivity/${ids.southInsert}`, tokens.admin!)).statusCode).toBe(404);
    expect((await get(`/useractivity/${ids.merchantUpdate}`, tokens.southAdmin!)).statusCode).toBe(404);
    expect((await get(`/useractivity/${randomUUID()}`, tokens.admin!)).statusCode).toBe(404);
    expect((await get('/useractivity/123', tokens.admin!)).statusCode).toBe(404);
  });

  it('shows entries of no account to provider staff only', async () => {
    expect((await get(`/useractivity/${ids.noAccount}`, tokens.admin!)).statusCode).toBe(404);
    const response = await get(`/useractivity/${ids.noAccount}`, tokens.staff!);
    expect(response.statusCode).toBe(200);
    expect(activityDetail.parse(response.json()).accountId).toBeNull();
  });

  it('needs useractivity.select', async () => {
    expect((await get(`/useractivity/${ids.merchantUpdate}`, tokens.support!)).statusCode).toBe(403);
    // The list only needs useractivity.read.
    expect((await list('', tokens.support!)).total).toBeGreaterThan(0);
  });
});
