import { accountList, account as accountSchema, acquirerList } from '@domain/contract/accounts';
import { accountProviders, acquirers, solutions } from '@server/db/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AccountRow,
  authHeader,
  buildTestApp,
  createAccount,
  createMerchant,
  createUser,
  signIn,
  type TestApp,
  uniqueEmail,
} from './helpers/test-app';

let t: TestApp;
let staffToken: string;
let viewerToken: string;
let linked: AccountRow[];
let unlinked: AccountRow;

const get = (url: string, token: string) =>
  t.app.inject({ method: 'GET', url: `/api${url}`, headers: authHeader(token) });

beforeAll(async () => {
  t = await buildTestApp();
  linked = [
    await createAccount(t.db, { prettyName: 'bravo Travel', shortId: '300001' }),
    await createAccount(t.db, { prettyName: 'Alpha Retail', shortId: '100002' }),
    await createAccount(t.db, { prettyName: 'Charlie Media', shortId: '200003', hasChargebacksFeature: false }),
  ];
  unlinked = await createAccount(t.db, { prettyName: 'Alpha Hidden', shortId: '100009' });
  // Merchant counts 0, 2, 1 so sorting by merchantCount differs from sorting by name.
  await createMerchant(t.db, linked[1]!.id);
  await createMerchant(t.db, linked[1]!.id);
  await createMerchant(t.db, linked[2]!.id);

  const [acquirer] = await t.db.insert(acquirers).values({ prettyName: 'Adyen', description: 'Cards' }).returning();
  await t.db.insert(acquirers).values({ prettyName: 'Worldpay', description: 'Cards US' });
  await t.db.insert(accountProviders).values({ accountId: linked[1]!.id, acquirerId: acquirer!.id });
  await t.db.insert(solutions).values([
    { accountId: linked[1]!.id, acquirerId: acquirer!.id, prettyName: 'Cards EU' },
    { accountId: linked[1]!.id, acquirerId: acquirer!.id, prettyName: 'Recurring' },
  ]);

  const staff = await createUser(t.db, {
    role: 'PROVIDER_ADMINISTRATOR',
    type: 'INTERNAL',
    email: uniqueEmail('staff'),
    accountIds: linked.map((account) => account.id),
  });
  staffToken = (await signIn(t.app, { email: staff.email })).token;
  const viewer = await createUser(t.db, { role: 'VIEWER', type: 'ACCOUNT', accountIds: [linked[0]!.id] });
  viewerToken = (await signIn(t.app, { email: viewer.email, accountId: linked[0]!.shortId })).token;
});

afterAll(() => t.close());

describe('GET /account', () => {
  it('lists only the accounts linked to the staff user, by name without regard to case', async () => {
    const response = await get('/account', staffToken);
    expect(response.statusCode).toBe(200);
    const body = accountList.parse(response.json());
    expect(body.items.map((item) => item.prettyName)).toEqual(['Alpha Retail', 'bravo Travel', 'Charlie Media']);
    expect(body).toMatchObject({ count: 3, total: 3 });
  });

  it('returns providers with their solutions and the merchant count', async () => {
    const body = accountList.parse((await get('/account', staffToken)).json());
    const alpha = body.items.find((item) => item.shortId === '100002')!;
    expect(alpha.merchantCount).toBe(2);
    expect(alpha.providers).toEqual([
      {
        acquirerId: expect.any(String),
        prettyName: 'Adyen',
        usedByMid: false,
        solutions: [
          { id: expect.any(String), prettyName: 'Cards EU', usedByMid: false },
          { id: expect.any(String), prettyName: 'Recurring', usedByMid: false },
        ],
      },
    ]);
    expect(body.items.find((item) => item.shortId === '200003')!.hasChargebacksFeature).toBe(false);
  });

  it('searches by name and by short ID, never reaching unlinked accounts', async () => {
    const byName = accountList.parse((await get('/account?search=alpha', staffToken)).json());
    expect(byName.items.map((item) => item.prettyName)).toEqual(['Alpha Retail']);
    const byShortId = accountList.parse((await get('/account?search=2000', staffToken)).json());
    expect(byShortId.items.map((item) => item.shortId)).toEqual(['200003']);
    const idOnly = accountList.parse((await get('/account?search=media&searchType=ID', staffToken)).json());
    expect(idOnly.total).toBe(0);
  });

  it('finds an account by identifier prefix or whole identifier, never an unlinked one', async () => {
    const target = linked[2]!;
    const shortIds = async (search: string) =>
      accountList
        .parse((await get(`/account?search=${encodeURIComponent(search)}`, staffToken)).json())
        .items.map((item) => item.shortId);
    // 15 characters reach the version digit '4', so the prefix always looks like an identifier.
    expect(await shortIds(target.id.slice(0, 15))).toEqual([target.shortId]);
    expect(await shortIds(target.id.toUpperCase())).toEqual([target.shortId]);
    expect(await shortIds(unlinked.id)).toEqual([]);
    expect(await shortIds('%')).toEqual([]);
  });

  it('sorts by the allowed fields in both directions and refuses others', async () => {
    const byCount = accountList.parse((await get('/account?order=-merchantCount', staffToken)).json());
    expect(byCount.items.map((item) => item.merchantCount)).toEqual([2, 1, 0]);
    const byShortId = accountList.parse((await get('/account?order=shortId', staffToken)).json());
    expect(byShortId.items.map((item) => item.shortId)).toEqual(['100002', '200003', '300001']);
    const refused = await get('/account?order=privateKey', staffToken);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ error: 'form-not-validated', fields: { order: expect.any(String) } });
  });

  it('pages with the requested size', async () => {
    const extra: AccountRow[] = [];
    for (let index = 0; index < 52; index++) {
      extra.push(await createAccount(t.db, { prettyName: `Zulu ${String(index).padStart(2, '0')}` }));
    }
    const staff = await createUser(t.db, {
      role: 'PROVIDER_SUPPORT',
      type: 'INTERNAL',
      accountIds: extra.map((account) => account.id),
    });
    const token = (await signIn(t.app, { email: staff.email })).token;
    const first = accountList.parse((await get('/account?limit=50', token)).json());
    expect(first).toMatchObject({ count: 50, total: 52 });
    const second = accountList.parse((await get('/account?limit=50&page=2', token)).json());
    expect(second).toMatchObject({ count: 2, total: 52 });
    expect(second.items.map((item) => item.prettyName)).toEqual(['Zulu 50', 'Zulu 51']);
    expect((await get('/account?limit=20', token)).statusCode).toBe(400);
  });

  it('refuses account users, who lack account.read', async () => {
    const response = await get('/account', viewerToken);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ error: 'resource-not-found' });
  });

  it('requires a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/account' });
    expect(response.statusCode).toBe(401);
  });
});

describe('GET /account/:accountId', () => {
  it('returns a linked account to staff and the own account to an account user', async () => {
    const staffView = await get(`/account/${linked[1]!.id}`, staffToken);
    expect(staffView.statusCode).toBe(200);
    expect(accountSchema.parse(staffView.json())).toMatchObject({ shortId: '100002', merchantCount: 2 });
    const userView = await get(`/account/${linked[0]!.id}`, viewerToken);
    expect(accountSchema.parse(userView.json()).prettyName).toBe('bravo Travel');
  });

  it('answers 404 for unlinked, unknown and malformed ids alike', async () => {
    for (const id of [unlinked.id, '00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const response = await get(`/account/${id}`, staffToken);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ error: 'resource-not-found' });
      expect(response.body).not.toContain('Alpha Hidden');
    }
  });
});

describe('GET /acquirer', () => {
  it('lists the acquirers by name to any signed-in user', async () => {
    const body = acquirerList.parse((await get('/acquirer', viewerToken)).json());
    expect(body.items.map((item) => item.prettyName)).toEqual(['Adyen', 'Worldpay']);
  });
});
