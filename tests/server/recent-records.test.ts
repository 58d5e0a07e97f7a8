import { randomUUID } from 'node:crypto';
import { type RecentRecord, recentRecord, recentRecordList } from '@domain/contract/recent-records';
import { recentRecords, roles, routes, userAccounts, users } from '@server/db/schema';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCase } from './helpers/chargeback-fixtures';
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

// Recent records (issue 26): kept per user on the server, newest first, one row per record however often and however
// concurrently it is opened, at most 50 kept and 20 listed, and only those the caller can still open: the tenant,
// the role's permissions and the record's existence are checked when the list is read, not only when it was written.

let t: TestApp;
let account: AccountRow;
let other: AccountRow;
let merchant: MerchantRow;
let foreignMerchant: MerchantRow;
let world: PaymentsWorld;
let foreignWorld: PaymentsWorld;

const open = (token: string, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/user/recent-record', headers: authHeader(token), payload });
const list = async (token: string): Promise<RecentRecord[]> => {
  const response = await t.app.inject({ method: 'GET', url: '/api/user/recent-record', headers: authHeader(token) });
  expect(response.statusCode, response.body).toBe(200);
  return recentRecordList.parse(response.json()).items;
};
/** Opens a record a second after the last one, so the order is the order of the calls. */
async function opened(token: string, kind: string, id: string): Promise<RecentRecord> {
  t.clock.advance(1000);
  const response = await open(token, { kind, id });
  expect(response.statusCode, response.body).toBe(200);
  return recentRecord.parse(response.json());
}
const rowsOf = async (userId: string) =>
  (await t.db.select().from(recentRecords).where(eq(recentRecords.userId, userId))).length;
const payment = () => insertTransaction(t.db, world, { createdAt: new Date(t.clock.now() - 86_400_000) });

beforeAll(async () => {
  t = await buildTestApp({ now: Date.parse('2026-11-20T10:00:00Z') });
  account = await createAccount(t.db, { prettyName: 'Blue Harbor' });
  other = await createAccount(t.db, { prettyName: 'Other Tenant' });
  merchant = await createMerchant(t.db, account.id, { prettyName: 'Harbor Shop' });
  foreignMerchant = await createMerchant(t.db, other.id, { prettyName: 'Foreign Shop' });
  world = await createPaymentsWorld(t.db, account.id, merchant.id);
  foreignWorld = await createPaymentsWorld(t.db, other.id, foreignMerchant.id);
});

afterAll(async () => {
  await t.close();
});

describe('recording and listing', () => {
  it('lists every kind newest first, named by the server from the record', async () => {
    const { token } = await signedInAs(t, 'ADMINISTRATOR', account);
    const transaction = await payment();
    const chargeback = await insertCase(t.db, world, { notificationDate: new Date(t.clock.now()), caseId: 'CB-4242' });
    await opened(token, 'TRANSACTION', transaction.id);
    await opened(token, 'CHARGEBACK', chargeback.id);
    await opened(token, 'MID', world.mids.adyen);
    await opened(token, 'ROUTE', world.routeId);
    const merchantOpened = await opened(token, 'MERCHANT', merchant.id);
    expect(merchantOpened).toMatchObject({ kind: 'MERCHANT', id: merchant.id, label: 'Harbor Shop' });

    const items = await list(token);
    expect(items.map((item) => item.kind)).toEqual(['MERCHANT', 'ROUTE', 'MID', 'CHARGEBACK', 'TRANSACTION']);
    for (const item of items) {
      expect(item).toMatchObject({
        accountId: account.id,
        accountName: 'Blue Harbor',
        merchantId: merchant.id,
        merchantName: 'Harbor Shop',
      });
    }
    const byKind = Object.fromEntries(items.map((item) => [item.kind, item.label]));
    expect(byKind).toEqual({
      MERCHANT: 'Harbor Shop',
      ROUTE: 'Main route',
      MID: expect.stringMatching(/^Cards EU MID \(MID-/),
      CHARGEBACK: 'Case CB-4242',
      TRANSACTION: `Payment 100,00 EUR · Order ${transaction.referenceOrderId}`,
    });
    expect(items[0]!.openedAt).toBe(new Date(t.clock.now()).toISOString());
  });

  it('keeps one row per record: opening it again moves it first', async () => {
    const { user, token } = await signedInAs(t, 'ADMINISTRATOR', account);
    const first = await payment();
    const second = await payment();
    await opened(token, 'TRANSACTION', first.id);
    await opened(token, 'TRANSACTION', second.id);
    await opened(token, 'TRANSACTION', first.id);
    expect((await list(token)).map((item) => item.id)).toEqual([first.id, second.id]);
    expect(await rowsOf(user.id)).toBe(2);
  });

  it('keeps the newest 50 rows and lists the newest 20', async () => {
    const { user, token } = await signedInAs(t, 'ADMINISTRATOR', account);
    const ids: string[] = [];
    for (let index = 0; index < 55; index++) {
      const transaction = await payment();
      ids.push(transaction.id);
      await opened(token, 'TRANSACTION', transaction.id);
    }
    expect(await rowsOf(user.id)).toBe(50);
    const kept = await t.db
      .select({ id: recentRecords.recordId })
      .from(recentRecords)
      .where(eq(recentRecords.userId, user.id));
    expect(new Set(kept.map((row) => row.id))).toEqual(new Set(ids.slice(5)));
    expect((await list(token)).map((item) => item.id)).toEqual(ids.slice(35).reverse());
  });

  it('leaves one row and answers every one of 20 parallel opens of the same record', async () => {
    const { user, token } = await signedInAs(t, 'ADMINISTRATOR', account);
    const transaction = await payment();
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => open(token, { kind: 'TRANSACTION', id: transaction.id })),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(20).fill(200));
    expect(await rowsOf(user.id)).toBe(1);
  });
});

describe('who sees what', () => {
  it("never lists another user's records", async () => {
    const mine = await signedInAs(t, 'ADMINISTRATOR', account);
    const colleague = await signedInAs(t, 'ADMINISTRATOR', account);
    await opened(mine.token, 'MERCHANT', merchant.id);
    expect(await list(colleague.token)).toEqual([]);
  });

  it("refuses another tenant's record, and records that do not exist, with 404", async () => {
    const { user, token } = await signedInAs(t, 'ADMINISTRATOR', account);
    const foreignPayment = await insertTransaction(t.db, foreignWorld, { createdAt: new Date(t.clock.now()) });
    for (const [kind, id] of [
      ['TRANSACTION', foreignPayment.id],
      ['MID', foreignWorld.mids.adyen],
      ['ROUTE', foreignWorld.routeId],
      ['MERCHANT', foreignMerchant.id],
      ['TRANSACTION', randomUUID()],
      ['CHARGEBACK', randomUUID()],
      // The right id under the wrong kind is no record either.
      ['ROUTE', merchant.id],
    ] as const) {
      const response = await open(token, { kind, id });
      expect(response.statusCode, `${kind} ${id}`).toBe(404);
    }
    expect(await rowsOf(user.id)).toBe(0);
  });

  it("refuses a kind the caller's role may not open (404)", async () => {
    // Support reads transactions and cases, not MIDs or routes.
    const { token } = await signedInAs(t, 'SUPPORT', account);
    expect((await open(token, { kind: 'MID', id: world.mids.adyen })).statusCode).toBe(404);
    expect((await open(token, { kind: 'ROUTE', id: world.routeId })).statusCode).toBe(404);
    expect((await open(token, { kind: 'MERCHANT', id: merchant.id })).statusCode).toBe(200);
  });

  it('drops records whose account the caller lost, and kinds the role no longer reads, at the next read', async () => {
    const staff = await signedInAs(t, 'PROVIDER_SUPPORT', account);
    await t.db.insert(userAccounts).values({ userId: staff.user.id, accountId: other.id });
    await opened(staff.token, 'MERCHANT', foreignMerchant.id);
    await opened(staff.token, 'MID', world.mids.adyen);
    await opened(staff.token, 'MERCHANT', merchant.id);
    expect((await list(staff.token)).map((item) => item.id)).toEqual([
      merchant.id,
      world.mids.adyen,
      foreignMerchant.id,
    ]);

    await t.db
      .delete(userAccounts)
      .where(and(eq(userAccounts.userId, staff.user.id), eq(userAccounts.accountId, other.id)));
    expect((await list(staff.token)).map((item) => item.id)).toEqual([merchant.id, world.mids.adyen]);

    const [support] = await t.db.select({ id: roles.id }).from(roles).where(eq(roles.name, 'SUPPORT'));
    await t.db.update(users).set({ roleId: support!.id }).where(eq(users.id, staff.user.id));
    expect((await list(staff.token)).map((item) => item.id)).toEqual([merchant.id]);
  });

  it('drops a deleted record and shows a renamed one under its new name', async () => {
    const { token } = await signedInAs(t, 'ADMINISTRATOR', account);
    const [route] = await t.db
      .insert(routes)
      .values({ accountId: account.id, merchantId: merchant.id, description: 'Spare route', midId: world.mids.instant })
      .returning({ id: routes.id });
    await opened(token, 'ROUTE', route!.id);
    await opened(token, 'ROUTE', world.routeId);
    await t.db.update(routes).set({ description: 'Main route, renamed' }).where(eq(routes.id, world.routeId));
    expect((await list(token)).map((item) => item.label)).toEqual(['Main route, renamed', 'Spare route']);
    await t.db.update(routes).set({ description: 'Main route' }).where(eq(routes.id, world.routeId));

    await t.db.delete(routes).where(eq(routes.id, route!.id));
    expect((await list(token)).map((item) => item.id)).toEqual([world.routeId]);
  });

  it('drops cases while their account has no chargebacks feature', async () => {
    const { token } = await signedInAs(t, 'ADMINISTRATOR', account);
    const chargeback = await insertCase(t.db, world, { notificationDate: new Date(t.clock.now()) });
    await opened(token, 'CHARGEBACK', chargeback.id);
    await t.db.execute(sql`update accounts set has_chargebacks_feature = false where id = ${account.id}`);
    try {
      expect(await list(token)).toEqual([]);
      expect((await open(token, { kind: 'CHARGEBACK', id: chargeback.id })).statusCode).toBe(404);
    } finally {
      await t.db.execute(sql`update accounts set has_chargebacks_feature = true where id = ${account.id}`);
    }
  });
});

describe('refused input', () => {
  it('answers 400 for unknown kinds, malformed ids, a label of the client and unknown query names', async () => {
    const { user, token } = await signedInAs(t, 'ADMINISTRATOR', account);
    for (const payload of [
      { kind: 'ACCOUNT', id: account.id },
      { kind: 'transaction', id: randomUUID() },
      { kind: 'MERCHANT', id: 'not-an-id' },
      { kind: 'MERCHANT', id: `${merchant.id}x` },
      { kind: 'MERCHANT' },
      { id: merchant.id },
      { kind: 'MERCHANT', id: merchant.id, label: 'Whatever the client says' },
    ]) {
      const response = await open(token, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect(await rowsOf(user.id)).toBe(0);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/user/recent-record?limit=5',
      headers: authHeader(token),
    });
    expect(response.statusCode).toBe(400);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/user/recent-record' });
    expect(anonymous.statusCode).toBe(401);
  });
});
