import { randomUUID } from 'node:crypto';
import {
  type TransactionDetail,
  type TransactionList,
  transactionDetail,
  transactionIdSearchResponse,
  transactionList,
} from '@domain/contract/transactions';
import { roles, transactionHistory, transactions, userActivity } from '@server/db/schema';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildExportTestApp, type ExportTestApp } from './helpers/export-app';
import {
  type AccountRow,
  authHeader,
  createAccount,
  createMerchant,
  createUser,
  signIn,
  uniqueEmail,
} from './helpers/test-app';
import { createPaymentsWorld, DAY_MS, insertTransaction, type PaymentsWorld } from './helpers/transaction-fixtures';
import { csvLinesOfZip } from './helpers/unzip';

// The transactions API (spec 3, sections 2.1, 2.2 and 7): the list with every filter, search, order and the capped
// count; the detail with every section, its history and refund availability; the URL pick list; the palette's id
// lookup; the ZIP export. Each call under the roles that may and may not make it, and never across tenants.

const NOW = Date.parse('2026-03-10T12:00:00.000Z');
const at = (daysAgo: number, hours = 0) => new Date(NOW - daysAgo * DAY_MS - hours * 3_600_000);

let t: ExportTestApp;
let north: AccountRow;
let south: AccountRow;
let bulk: AccountRow;
let world: PaymentsWorld;
let secondWorld: PaymentsWorld;
let southWorld: PaymentsWorld;
const tokens: Record<'admin' | 'viewer' | 'support' | 'staff' | 'south' | 'none', string> = {
  admin: '',
  viewer: '',
  support: '',
  staff: '',
  south: '',
  none: '',
};

type TxName =
  | 'declined'
  | 'fallback'
  | 'refunded'
  | 'partialRefund'
  | 'pendingPayment'
  | 'pendingRefund'
  | 'fullyRefunded'
  | 'fullRefund'
  | 'chargedBack'
  | 'chargeback'
  | 'renewal'
  | 'rdrAlert'
  | 'sameDay'
  | 'south';
/** The transactions of the tests by name (all north's but 'south'). */
const tx = {} as Record<TxName, Awaited<ReturnType<typeof insertTransaction>>>;

const get = (url: string, token: string) =>
  t.app.inject({ method: 'GET', url: `/api${url}`, headers: authHeader(token) });
const list = async (query: string, token = tokens.admin, accountId = north.id): Promise<TransactionList> => {
  const response = await get(`/account/${accountId}/transaction${query ? `?${query}` : ''}`, token);
  expect(response.statusCode, response.body).toBe(200);
  return transactionList.parse(response.json());
};
const ids = (page: TransactionList) => page.items.map((item) => item.transactionId);
const detail = async (id: string, token = tokens.admin): Promise<TransactionDetail> => {
  const response = await get(`/account/${north.id}/transaction/${id}`, token);
  expect(response.statusCode, response.body).toBe(200);
  return transactionDetail.parse(response.json());
};

beforeAll(async () => {
  t = await buildExportTestApp();
  t.clock.set(NOW);
  north = await createAccount(t.db, { prettyName: 'Northwind' });
  south = await createAccount(t.db, { prettyName: 'Southwind' });
  bulk = await createAccount(t.db, { prettyName: 'Bulk' });
  const northShop = await createMerchant(t.db, north.id, { prettyName: 'North Shop' });
  const northBooks = await createMerchant(t.db, north.id, { prettyName: 'North Books' });
  const southShop = await createMerchant(t.db, south.id, { prettyName: 'South Shop' });
  world = await createPaymentsWorld(t.db, north.id, northShop.id);
  secondWorld = await createPaymentsWorld(t.db, north.id, northBooks.id);
  southWorld = await createPaymentsWorld(t.db, south.id, southShop.id);

  await t.db.insert(roles).values({ name: 'TEST_NO_TRANSACTIONS', prettyName: 'None', permissions: ['merchant.read'] });
  const user = async (role: string, accountId: string) =>
    createUser(t.db, { role, type: 'ACCOUNT', accountIds: [accountId] });
  const admin = await user('ADMINISTRATOR', north.id);
  const viewer = await user('VIEWER', north.id);
  const support = await user('SUPPORT', north.id);
  const none = await user('TEST_NO_TRANSACTIONS', north.id);
  const southManager = await user('MANAGER', south.id);
  const staff = await createUser(t.db, {
    role: 'PROVIDER_ADMINISTRATOR',
    type: 'INTERNAL',
    accountIds: [north.id, south.id, bulk.id],
    email: uniqueEmail('staff').replace(/@.*/, '@ops.example'),
  });
  tokens.admin = (await signIn(t.app, { email: admin.email, accountId: north.shortId })).token;
  tokens.viewer = (await signIn(t.app, { email: viewer.email, accountId: north.shortId })).token;
  tokens.support = (await signIn(t.app, { email: support.email, accountId: north.shortId })).token;
  tokens.none = (await signIn(t.app, { email: none.email, accountId: north.shortId })).token;
  tokens.south = (await signIn(t.app, { email: southManager.email, accountId: south.shortId })).token;
  tokens.staff = (await signIn(t.app, { email: staff.email })).token;

  // North: payments of every kind, oldest first.
  tx.declined = await insertTransaction(t.db, world, {
    createdAt: at(9),
    status: 'DECLINED',
    amount: 2_500,
    errorCode: '0201',
    errorMessage: 'Issuer Rejects',
    errorProviderMessage: '05 - Do not honour',
    authorizationId: null,
    riskScore: 0.3099,
    cardCountry: 'FR',
  });
  tx.fallback = await insertTransaction(t.db, world, {
    createdAt: at(9, -0.01),
    parentId: null,
    rootId: tx.declined.id,
    isFallback: true,
    amount: 2_500,
    midId: world.mids.instant,
    riskScore: 0.31,
    cardCountry: 'FR',
  });
  tx.refunded = await insertTransaction(t.db, world, {
    createdAt: at(8),
    amount: 10_000,
    currency: 'EUR',
    riskScore: 0.7099,
    referenceOrderId: 'NWS-20260302-000001',
    shopperEmail: 'zoe.martin@mail.example',
  });
  tx.partialRefund = await insertTransaction(t.db, world, {
    createdAt: at(7),
    parentId: tx.refunded.id,
    transactionType: 'PARTIAL_REFUND',
    amount: 3_000,
    refundReason: 'DUPLICATED_PAYMENT',
    riskScore: null,
  });
  tx.pendingPayment = await insertTransaction(t.db, world, { createdAt: at(6), amount: 5_000, riskScore: 0.71 });
  tx.pendingRefund = await insertTransaction(t.db, world, {
    createdAt: at(1),
    parentId: tx.pendingPayment.id,
    transactionType: 'PARTIAL_REFUND',
    status: 'IN_PROCESS',
    amount: 1_000,
    refundReason: 'OTHER',
    riskScore: null,
  });
  tx.fullyRefunded = await insertTransaction(t.db, world, { createdAt: at(5), amount: 4_000, riskScore: 1 });
  tx.fullRefund = await insertTransaction(t.db, world, {
    createdAt: at(4),
    parentId: tx.fullyRefunded.id,
    transactionType: 'REFUND',
    amount: 4_000,
    refundReason: 'OTHER',
    riskScore: null,
  });
  tx.chargedBack = await insertTransaction(t.db, secondWorld, {
    createdAt: at(4, 1),
    amount: 7_000,
    currency: 'USD',
    paymentMethod: 'PAYPAL',
    orderUrl: 'https://books.example',
    category: 'INITIAL',
    cardBrand: null,
    cardBin: null,
    cardLast4: null,
    cardHolder: null,
    cardExpiry: null,
    cardCountry: null,
    threeDsSent: null,
    threeDsVersion: null,
    eci: null,
    eciDescription: null,
    authorizationId: null,
    riskScore: 0,
  });
  tx.chargeback = await insertTransaction(t.db, secondWorld, {
    createdAt: at(3),
    parentId: tx.chargedBack.id,
    transactionType: 'CHARGEBACK',
    amount: 7_000,
    currency: 'USD',
    riskScore: null,
  });
  tx.renewal = await insertTransaction(t.db, secondWorld, {
    createdAt: at(3, -1),
    transactionType: 'RECURRENCE',
    category: 'RENEWAL',
    recurrenceParentId: tx.chargedBack.id,
    amount: 7_000,
    currency: 'USD',
    orderUrl: 'https://books.example',
    alertType: 'ORDER_INSIGHT',
    alertStatus: 'PREVENTED',
    alertCaid: 'CA0000000042',
  });
  tx.rdrAlert = await insertTransaction(t.db, world, {
    createdAt: at(2),
    amount: 1_500,
    alertType: 'RDR',
    alertStatus: 'SUCCESS',
    alertCaid: 'CA0000000001',
  });
  tx.sameDay = await insertTransaction(t.db, world, {
    createdAt: new Date(NOW - 2 * 3_600_000),
    amount: 6_000,
    midId: world.mids.sameDay,
    cardCountry: 'IT',
  });

  // South: one payment, never visible from north.
  tx.south = await insertTransaction(t.db, southWorld, { createdAt: at(1), amount: 9_900 });
});

afterAll(() => t.close());

const NORTH_ALL = () =>
  [
    tx.sameDay,
    tx.rdrAlert,
    tx.renewal,
    tx.chargeback,
    tx.chargedBack,
    tx.fullRefund,
    tx.fullyRefunded,
    tx.pendingRefund,
    tx.pendingPayment,
    tx.partialRefund,
    tx.refunded,
    tx.fallback,
    tx.declined,
  ]
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
    .map((row) => row.id);

describe('GET /account/{accountId}/transaction', () => {
  it("lists the account's transactions newest first, with the row's every column", async () => {
    const page = await list('');
    expect(page.total).toBe(13);
    expect(page.count).toBe(13);
    expect(ids(page)).toEqual(NORTH_ALL());
    const row = page.items.find((item) => item.transactionId === tx.refunded.id)!;
    expect(row).toEqual({
      transactionId: tx.refunded.id,
      transactionType: 'PAYMENT',
      status: 'SUCCESS',
      category: 'ONE-OFF',
      money: { amount: 10_000, currency: 'EUR' },
      creationDate: at(8).toISOString(),
      isFallback: false,
      order: { url: 'https://shop.example', referenceOrderId: 'NWS-20260302-000001', concept: null },
      route: { id: world.routeId, description: 'Main route' },
      provider: {
        transactionId: tx.refunded.providerTransactionId,
        solution: 'Cards EU',
        paymentGateway: { prettyName: 'Adyen' },
      },
      merchant: {
        id: world.merchantId,
        prettyName: 'North Shop',
        midId: world.mids.adyen,
        description: 'Cards EU MID',
      },
      paymentMethod: 'CARD',
      source: { cardCountry: 'ES' },
      siftData: { riskScore: 0.7099 },
      merchantId: world.merchantId,
      routeId: world.routeId,
      midId: world.mids.adyen,
    });
  });

  it('sorts by creation date ascending and by amount either way, ties by id', async () => {
    expect(ids(await list('order=creationDate'))).toEqual([...NORTH_ALL()].reverse());
    const byAmount = (await list('order=-amount')).items.map((item) => item.money.amount);
    expect(byAmount).toEqual([...byAmount].sort((a, b) => b - a));
    const ascending = (await list('order=amount')).items;
    expect(ascending[0]!.money.amount).toBe(1_000);
    const refused = await get(`/account/${north.id}/transaction?order=status`, tokens.admin);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields.order).toMatch(/creationDate, amount/);
  });

  it('pages with limit and page', async () => {
    // The spec's page sizes only: 50, 100, 500.
    expect((await get(`/account/${north.id}/transaction?limit=10`, tokens.admin)).statusCode).toBe(400);
    const second = await list('limit=50&page=2');
    expect(second).toEqual({ count: 0, total: 13, items: [] });
  });

  it('filters by every multi-select of the list', async () => {
    expect(ids(await list('status[]=DECLINED'))).toEqual([tx.declined.id]);
    expect(ids(await list('status[]=IN_PROCESS&status[]=DECLINED'))).toEqual([tx.pendingRefund.id, tx.declined.id]);
    expect(ids(await list('transactionType[]=CHARGEBACK&transactionType[]=RECURRENCE'))).toEqual([
      tx.renewal.id,
      tx.chargeback.id,
    ]);
    expect(ids(await list('category[]=RENEWAL'))).toEqual([tx.renewal.id]);
    expect(ids(await list('issuerCountry=FR'))).toEqual([tx.fallback.id, tx.declined.id]);
    expect(ids(await list('issuerCountry[]=IT&issuerCountry[]=FR'))).toEqual([
      tx.sameDay.id,
      tx.fallback.id,
      tx.declined.id,
    ]);
    expect((await list('url[]=https%3A%2F%2Fbooks.example')).total).toBe(2);
    expect(ids(await list('paymentMethod[]=PAYPAL'))).toEqual([tx.chargedBack.id]);
    // Currency is not a spec filter; issue 26's `currency:usd` compiles to it.
    expect(ids(await list('currency[]=USD'))).toEqual([tx.renewal.id, tx.chargeback.id, tx.chargedBack.id]);
    expect((await list('currency[]=USD&currency[]=EUR')).total).toBe((await list('')).total);
    expect(ids(await list(`midId[]=${world.mids.sameDay}`))).toEqual([tx.sameDay.id]);
    expect(ids(await list(`midId[]=${world.mids.instant}&midId[]=${world.mids.sameDay}`))).toEqual([
      tx.sameDay.id,
      tx.fallback.id,
    ]);
    expect((await list(`merchantId[]=${secondWorld.merchantId}`)).total).toBe(3);
    expect((await list(`routeId[]=${world.routeId}`)).total).toBe(10);
    expect((await list(`routeId[]=${randomUUID()}`)).total).toBe(0);
    // The provider column's gateway name, and the export's solution name.
    expect(ids(await list('paymentGateway[]=Sandbox%20Acquirer'))).toEqual([tx.fallback.id]);
    expect((await list('paymentGateway[]=Adyen')).total).toBe(12);
  });

  it("filters by another account's merchant or MID to nothing", async () => {
    expect((await list(`merchantId[]=${southWorld.merchantId}`)).total).toBe(0);
    expect((await list(`midId[]=${southWorld.mids.adyen}`)).total).toBe(0);
    expect((await list(`merchantId[]=${southWorld.merchantId}&merchantId[]=${world.merchantId}`)).total).toBe(10);
    // The merchant-level list of south's merchant, asked through north's account.
    expect((await list(`merchantId[]=${southWorld.merchantId}`, tokens.staff)).total).toBe(0);
    expect((await list(`merchantId[]=${southWorld.merchantId}`, tokens.staff, south.id)).total).toBe(1);
  });

  it('filters by creation date range, both ends included', async () => {
    const from = at(4, 1).toISOString();
    const to = at(3).toISOString();
    expect(ids(await list(`creationDateFrom=${from}&creationDateTo=${to}`))).toEqual([
      tx.chargeback.id,
      tx.fullRefund.id,
      tx.chargedBack.id,
    ]);
    expect((await list(`creationDateFrom=${at(0, 3).toISOString()}`)).total).toBe(1);
    const backwards = await get(
      `/account/${north.id}/transaction?creationDateFrom=${to}&creationDateTo=${from}`,
      tokens.admin,
    );
    expect(backwards.statusCode).toBe(400);
  });

  it('filters by the risk score as shown (times 100, truncated), ends included', async () => {
    // 0.3099 shows 30 (Low), 0.31 shows 31; 0.7099 shows 70, 0.71 shows 71; 1 shows 100. Null scores never match.
    expect(ids(await list('riskScore[]=31&riskScore[]=70'))).toEqual([tx.refunded.id, tx.fallback.id]);
    expect(ids(await list('riskScore[]=0&riskScore[]=30'))).toContain(tx.declined.id);
    expect(ids(await list('riskScore[]=0&riskScore[]=30'))).toContain(tx.chargedBack.id);
    expect(ids(await list('riskScore[]=71&riskScore[]=99'))).toEqual([tx.pendingPayment.id]);
    expect(ids(await list('riskScore[]=100&riskScore[]=100'))).toEqual([tx.fullyRefunded.id]);
    const all = await list('riskScore[]=0&riskScore[]=100');
    expect(all.items.every((item) => item.siftData.riskScore !== null)).toBe(true);
    expect(all.total).toBe(9);
  });

  it('refuses a currency that is not an ISO code', async () => {
    const response = await get(`/account/${north.id}/transaction?currency[]=euro`, tokens.admin);
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json())).toContain('Invalid currency');
  });

  it("refuses risk-score ranges the filter's rules refuse", async () => {
    for (const query of ['riskScore[]=70&riskScore[]=30', 'riskScore[]=10&riskScore[]=101', 'riskScore[]=5']) {
      const response = await get(`/account/${north.id}/transaction?${query}`, tokens.admin);
      expect(response.statusCode, query).toBe(400);
      expect(Object.values(response.json().fields as Record<string, string>).join(' ')).toMatch(
        /Use only ranges of whole numbers between 0 and 100, in ascending order\.|Can't be higher than 100/,
      );
    }
  });

  it('searches by id: a prefix of the transaction id, or the provider id exactly', async () => {
    const target = tx.rdrAlert.id;
    expect(ids(await list(`search=${target.slice(0, 8)}&searchType=ID`))).toEqual([target]);
    expect(ids(await list(`search=${target.toUpperCase()}&searchType=ID`))).toEqual([target]);
    expect(ids(await list(`search=${target.slice(0, 13)}`))).toEqual([target]);
    const provider = tx.refunded.providerTransactionId!;
    expect(ids(await list(`search=${provider}&searchType=ID`))).toEqual([tx.refunded.id]);
    expect((await list(`search=${provider.slice(0, 10)}&searchType=ID`)).total).toBe(0);
    // Another account's transaction is not found by its id.
    expect((await list(`search=${tx.south.id}&searchType=ID`)).total).toBe(0);
  });

  it("searches by text: the order reference's start, as typed or upper-cased, or the shopper's e-mail", async () => {
    expect(ids(await list('search=nws-2026&searchType=TEXT'))).toEqual([tx.refunded.id]);
    expect(ids(await list('search=NWS-20260302-000001&searchType=TEXT'))).toEqual([tx.refunded.id]);
    expect(ids(await list('search=ZOE.MARTIN%40&searchType=TEXT'))).toEqual([tx.refunded.id]);
    // Wildcards are literal.
    expect((await list('search=%25&searchType=TEXT')).total).toBe(0);
  });

  it('answers 404 for an account of another tenant, and 403 without transaction.read', async () => {
    expect((await get(`/account/${south.id}/transaction`, tokens.admin)).statusCode).toBe(404);
    expect((await get(`/account/${north.id}/transaction`, tokens.south)).statusCode).toBe(404);
    expect((await get('/account/not-a-uuid/transaction', tokens.admin)).statusCode).toBe(404);
    expect((await get(`/account/${north.id}/transaction`, tokens.none)).statusCode).toBe(403);
    expect((await list('', tokens.viewer)).total).toBe(13);
    expect((await list('', tokens.support)).total).toBe(13);
    expect((await list('', tokens.staff, south.id)).items.map((item) => item.transactionId)).toEqual([tx.south.id]);
  });
});

describe('the capped count', () => {
  beforeAll(async () => {
    const merchant = await createMerchant(t.db, bulk.id);
    // 10,050 payments in one statement: more than the table ever counts.
    await t.db.execute(sql`
      insert into transactions (id, root_id, account_id, merchant_id, transaction_type, status, category, amount,
        currency, payment_method, reference_order_id, created_at, updated_at)
      select u, u, ${bulk.id}::uuid, ${merchant.id}::uuid, 'PAYMENT',
        case when n % 10 = 0 then 'DECLINED' else 'SUCCESS' end, 'ONE-OFF', 100 + n, 'EUR', 'CARD', 'BLK-' || n,
        timestamptz '2026-03-01T00:00:00Z' - make_interval(secs => n), timestamptz '2026-03-01T00:00:00Z'
      from (select gen_random_uuid() as u, n from generate_series(1, 10050) as n) as s`);
  });

  it('stops at 10,001 (shown +10k) and refuses pages past the 10,000th record', async () => {
    const first = await list('limit=500', tokens.staff, bulk.id);
    expect(first.total).toBe(10_001);
    expect(first.count).toBe(500);
    expect(first.items[0]!.order.referenceOrderId).toBe('BLK-1');
    const last = await list('limit=500&page=20', tokens.staff, bulk.id);
    expect(last.count).toBe(500);
    expect(last.items[499]!.order.referenceOrderId).toBe('BLK-10000');
    const past = await get(`/account/${bulk.id}/transaction?limit=500&page=21`, tokens.staff);
    expect(past.statusCode).toBe(400);
    expect(past.json().fields.page).toBe(
      'The table only shows up to 10k records, but there are more. You can see the rest if you do a data export.',
    );
    // Under the cap the total is exact.
    expect((await list('status[]=DECLINED&limit=50', tokens.staff, bulk.id)).total).toBe(1_005);
  });
});

describe('GET /account/{accountId}/transaction/{transactionId}', () => {
  it('answers every section of a payment, with its history and what remains refundable', async () => {
    const payment = await detail(tx.refunded.id);
    expect(payment).toMatchObject({
      transactionId: tx.refunded.id,
      transactionType: 'PAYMENT',
      refundReason: null,
      error: null,
      card: {
        brand: 'VISA',
        country: 'ES',
        holder: 'Ana Garcia',
        number: '411111******1111',
        expiryDate: '12/29',
        tokenLastUpdateDate: null,
        '3DSSent': true,
        '3DVersion': '2.2.0',
      },
      authorizationInfo: { eci: '05', eciDescription: 'Authenticated', avs: null, authorizationId: 'A1B2C3' },
      shopper: {
        email: 'zoe.martin@mail.example',
        ip: '81.0.0.1',
        ipCountry: 'ES',
        browserInformation: { deviceType: 'DESKTOP', browser: 'Firefox' },
      },
      recurrence: { parentTransactionId: null, category: 'ONE-OFF' },
      alert: null,
      refundable: 'AVAILABLE',
      maxRefundAmountAvailable: 7_000,
    });
    expect(payment.transactionHistory).toEqual([
      {
        transactionId: tx.refunded.id,
        status: 'SUCCESS',
        transactionType: 'PAYMENT',
        lastActivity: at(8).toISOString(),
        isFallback: false,
        money: { amount: 10_000, currency: 'EUR' },
      },
      {
        transactionId: tx.partialRefund.id,
        status: 'SUCCESS',
        transactionType: 'PARTIAL_REFUND',
        lastActivity: at(7).toISOString(),
        isFallback: false,
        money: { amount: 3_000, currency: 'EUR' },
      },
    ]);
  });

  it("shows a refund's reason and its parent payment in the history; a refund is not refundable", async () => {
    const refund = await detail(tx.partialRefund.id);
    expect(refund.refundReason).toBe('DUPLICATED_PAYMENT');
    expect(refund.recurrence).toBeNull();
    expect(refund.refundable).toBe('NOT_PAYMENT_SUCCESS');
    expect(refund.maxRefundAmountAvailable).toBe(0);
    expect(refund.transactionHistory.map((entry) => entry.transactionId)).toEqual([
      tx.refunded.id,
      tx.partialRefund.id,
    ]);
  });

  it('lists the declined attempt before a fallback, and shows the error of a declined one', async () => {
    const fallback = await detail(tx.fallback.id);
    expect(fallback.isFallback).toBe(true);
    expect(fallback.transactionHistory.map((entry) => [entry.transactionId, entry.status, entry.isFallback])).toEqual([
      [tx.declined.id, 'DECLINED', false],
      [tx.fallback.id, 'SUCCESS', true],
    ]);
    const declined = await detail(tx.declined.id);
    expect(declined.error).toEqual({ code: '0201', message: 'Issuer Rejects', providerMessage: '05 - Do not honour' });
    expect(declined.refundable).toBe('NOT_PAYMENT_SUCCESS');
  });

  it('derives every refund availability of spec 3, section 4', async () => {
    expect((await detail(tx.pendingPayment.id)).refundable).toBe('IN_PROCESS');
    expect((await detail(tx.pendingPayment.id)).maxRefundAmountAvailable).toBe(4_000);
    expect(await detail(tx.fullyRefunded.id)).toMatchObject({
      refundable: 'FULL_REFUNDED',
      maxRefundAmountAvailable: 0,
    });
    expect(await detail(tx.chargedBack.id)).toMatchObject({
      refundable: 'CHARGEBACK_APPLIED',
      maxRefundAmountAvailable: 7_000,
    });
    expect((await detail(tx.rdrAlert.id)).refundable).toBe('RDR');
    expect((await detail(tx.sameDay.id)).refundable).toBe('PROVIDER_BLOCKED_SAME_DAY');
    // The same provider a little over 24 hours after the payment.
    const dayOld = await insertTransaction(t.db, world, { createdAt: at(1, 0.1), midId: world.mids.sameDay });
    try {
      expect(await detail(dayOld.id)).toMatchObject({ refundable: 'AVAILABLE', maxRefundAmountAvailable: 10_000 });
    } finally {
      await t.db.delete(transactionHistory).where(eq(transactionHistory.transactionId, dayOld.id));
      await t.db.delete(transactions).where(eq(transactions.id, dayOld.id));
    }
  });

  it('shows the recurrence and risk-alert boxes of a payment, and no card for a wallet', async () => {
    const renewal = await detail(tx.renewal.id);
    expect(renewal.recurrence).toEqual({ parentTransactionId: tx.chargedBack.id, category: 'RENEWAL' });
    expect(renewal.alert).toEqual({ type: 'ORDER_INSIGHT', status: 'PREVENTED', caid: 'CA0000000042' });
    const wallet = await detail(tx.chargedBack.id);
    expect(wallet.card).toBeNull();
    expect(wallet.authorizationInfo).toBeNull();
    expect(wallet.paymentMethod).toBe('PAYPAL');
    expect(wallet.merchant.prettyName).toBe('North Books');
  });

  it('answers 404 for an unknown id, a malformed one, and another tenant’s transaction', async () => {
    expect((await get(`/account/${north.id}/transaction/${randomUUID()}`, tokens.admin)).statusCode).toBe(404);
    expect((await get(`/account/${north.id}/transaction/12345`, tokens.admin)).statusCode).toBe(404);
    expect((await get(`/account/${north.id}/transaction/${tx.south.id}`, tokens.admin)).statusCode).toBe(404);
    expect((await get(`/account/${south.id}/transaction/${tx.south.id}`, tokens.admin)).statusCode).toBe(404);
    expect((await get(`/account/${south.id}/transaction/${tx.south.id}`, tokens.staff)).statusCode).toBe(200);
    expect((await get(`/account/${north.id}/transaction/${tx.refunded.id}`, tokens.none)).statusCode).toBe(403);
    expect((await detail(tx.refunded.id, tokens.viewer)).transactionId).toBe(tx.refunded.id);
  });
});

describe('GET /account/{accountId}/transactionUrl', () => {
  it("lists the distinct order URLs of the account's transactions", async () => {
    const response = await get(`/account/${north.id}/transactionUrl`, tokens.viewer);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ items: ['https://books.example', 'https://shop.example'] });
    expect((await get(`/account/${south.id}/transactionUrl`, tokens.admin)).statusCode).toBe(404);
    expect((await get(`/account/${north.id}/transactionUrl`, tokens.none)).statusCode).toBe(403);
  });
});

describe('GET /transaction/search', () => {
  const search = async (q: string, token: string) => {
    const response = await get(`/transaction/search?q=${encodeURIComponent(q)}`, token);
    expect(response.statusCode, response.body).toBe(200);
    return transactionIdSearchResponse.parse(response.json()).items;
  };

  it("finds a transaction by a prefix of its id, in the caller's accounts only", async () => {
    const [hit] = await search(tx.refunded.id.slice(0, 6), tokens.admin);
    expect(hit).toEqual({
      transactionId: tx.refunded.id,
      accountId: north.id,
      merchantId: world.merchantId,
      merchantName: 'North Shop',
      transactionType: 'PAYMENT',
      status: 'SUCCESS',
      money: { amount: 10_000, currency: 'EUR' },
      creationDate: at(8).toISOString(),
    });
    expect((await search(tx.refunded.id, tokens.admin)).map((item) => item.transactionId)).toEqual([tx.refunded.id]);
    expect(await search(tx.south.id, tokens.admin)).toEqual([]);
    expect((await search(tx.south.id.toUpperCase(), tokens.staff)).map((item) => item.accountId)).toEqual([south.id]);
  });

  it('refuses text that cannot be an id, and callers without transaction.read', async () => {
    expect((await get('/transaction/search?q=shop', tokens.admin)).statusCode).toBe(400);
    expect((await get(`/transaction/search?q=${tx.refunded.id.slice(0, 6)}`, tokens.none)).statusCode).toBe(403);
  });
});

describe('GET /account/{accountId}/transaction/export', () => {
  const csvOf = csvLinesOfZip;

  it("answers a ZIP of the list's rows with the same filters and order, and audits it", async () => {
    const response = await get(
      `/account/${north.id}/transaction/export?timeZone=UTC&status[]=SUCCESS&transactionType[]=PAYMENT`,
      tokens.admin,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toMatch(/filename="transactions-.*\.zip"/);
    const [header, ...rows] = csvOf(response.body);
    expect(header).toBe(
      'Transaction ID,Status,Transaction type,Category,Amount,Currency,URL,Reference order ID,Payment gateway,Solution,' +
        'Provider transaction ID,Payment method,Card country,Fraud score,Creation date (UTC),Merchant,Route,MID,Fallback',
    );
    const listed = await list('status[]=SUCCESS&transactionType[]=PAYMENT');
    expect(rows.map((row) => row.split(',')[0])).toEqual(ids(listed));
    const refunded = rows.find((row) => row.startsWith(tx.refunded.id))!;
    expect(refunded).toContain(',Success,Payment,One-off,100.00,EUR,https://shop.example,NWS-20260302-000001,Adyen,');
    expect(refunded).toContain(',Card,ES,70,');
    const [entry] = await t.db
      .select()
      .from(userActivity)
      .where(and(eq(userActivity.resourceType, 'EXPORT'), eq(userActivity.accountId, north.id)));
    expect(entry?.newValue).toMatchObject({ source: 'transactions' });
  });

  it('filters the list and the export by error codes (the dashboard’s top errors)', async () => {
    expect(ids(await list('errorCode[]=0201'))).toEqual([tx.declined.id]);
    expect(ids(await list('errorCode[]=0201&errorCode[]=0606'))).toEqual([tx.declined.id]);
    expect((await list('errorCode[]=9999')).total).toBe(0);
    const response = await get(`/account/${north.id}/transaction/export?errorCode[]=0201`, tokens.admin);
    expect(
      csvOf(response.body)
        .slice(1)
        .map((row) => row.split(',')[0]),
    ).toEqual([tx.declined.id]);
    expect(
      (await get(`/account/${north.id}/transaction?errorCode[]=${'x'.repeat(101)}`, tokens.admin)).statusCode,
    ).toBe(400);
  });

  it('applies the solution filter of the export', async () => {
    const response = await get(`/account/${north.id}/transaction/export?solution[]=Instant`, tokens.admin);
    expect(
      csvOf(response.body)
        .slice(1)
        .map((row) => row.split(',')[0]),
    ).toEqual([tx.fallback.id]);
  });

  it('needs transaction.export and stays inside the tenant', async () => {
    expect((await get(`/account/${north.id}/transaction/export`, tokens.viewer)).statusCode).toBe(403);
    expect((await get(`/account/${south.id}/transaction/export`, tokens.admin)).statusCode).toBe(404);
  });
});
