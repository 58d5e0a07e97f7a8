import { randomUUID } from 'node:crypto';
import {
  type AgentList,
  agentList,
  type ChargebackList,
  type ChargebackListItem,
  chargebackDetail,
  chargebackList,
  chargebackListItem,
} from '@domain/contract/chargebacks';
import { DISPUTE_TEMPLATE_KEYS } from '@domain/enums';
import { chargebacks, roles, userActivity } from '@server/db/schema';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AgentRow, type CaseRow, createAgent, insertCase } from './helpers/chargeback-fixtures';
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

// The dispute queue's API (spec 3, sections 2.3, 2.4, 4 and 7): the list with every filter, search, order and the
// capped count; the case detail; status (compare-and-set), fraud type and agent changes with their audit entries;
// the agents; the ZIP export. Each call under the roles that may and may not make it, never across tenants, and never
// for an account without the chargebacks feature. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL (where
// the parallel status changes really race).

/** 00:00 on 11 March in Auckland (NZDT, UTC+13); 11:00 on 10 March in UTC. */
const NOW = Date.parse('2026-03-10T11:00:00.000Z');
const at = (daysAgo: number, hours = 0) => new Date(NOW - daysAgo * DAY_MS - hours * 3_600_000);

let t: ExportTestApp;
let north: AccountRow;
let south: AccountRow;
let off: AccountRow;
let bulk: AccountRow;
let world: PaymentsWorld;
let southWorld: PaymentsWorld;
let offWorld: PaymentsWorld;
const agents = {} as Record<'ana' | 'bruno' | 'carla' | 'southAgent', AgentRow>;
const tokens: Record<'admin' | 'viewer' | 'support' | 'queueOnly' | 'none' | 'staff' | 'south', string> = {
  admin: '',
  viewer: '',
  support: '',
  queueOnly: '',
  none: '',
  staff: '',
  south: '',
};
let adminEmail = '';

type CaseName = 'fraud' | 'described' | 'retrieval' | 'expiring' | 'refunded' | 'fraudTyped' | 'southCase' | 'offCase';
/** The cases of the list tests by name (north's, but for the last two). */
const c = {} as Record<CaseName, CaseRow>;

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers: authHeader(token), ...(payload ? { payload } : {}) });
const get = (url: string, token = tokens.admin) => call('GET', url, token);

const list = async (query: string, token = tokens.admin, accountId = north.id): Promise<ChargebackList> => {
  const response = await get(`/account/${accountId}/chargeback${query ? `?${query}` : ''}`, token);
  expect(response.statusCode, response.body).toBe(200);
  return chargebackList.parse(response.json());
};
const ids = (page: ChargebackList) => page.items.map((item) => item.chargebackId);
const idsOf = (...names: CaseName[]) => names.map((name) => c[name].id);
/** The north cases of the list tests, in the queue's default order (newest notification first). */
const listCases = (page: ChargebackList) => ids(page).filter((id) => LIST_CASES.some((name) => c[name].id === id));
const LIST_CASES: CaseName[] = ['fraud', 'described', 'retrieval', 'refunded', 'expiring', 'fraudTyped'];

const patch = (chargebackId: string, body: object, token = tokens.admin, accountId = north.id) =>
  call('PATCH', `/account/${accountId}/chargeback/${chargebackId}`, token, body);
const assign = (chargebackId: string, agentId: string, token = tokens.admin, accountId = north.id) =>
  call('POST', `/account/${accountId}/chargeback/${chargebackId}/agent`, token, { agentId });
const unassign = (chargebackId: string, agentId: string, token = tokens.admin, accountId = north.id) =>
  call('DELETE', `/account/${accountId}/chargeback/${chargebackId}/agent/${agentId}`, token);

const caseRow = async (id: string) => (await t.db.select().from(chargebacks).where(eq(chargebacks.id, id)))[0]!;
const auditOf = (id: string) =>
  t.db
    .select()
    .from(userActivity)
    .where(and(eq(userActivity.resourceType, 'CHARGEBACK'), eq(userActivity.resourceId, id)))
    .orderBy(userActivity.date);

beforeAll(async () => {
  t = await buildExportTestApp();
  t.clock.set(NOW);
  north = await createAccount(t.db, { prettyName: 'Northwind' });
  south = await createAccount(t.db, { prettyName: 'Southwind' });
  off = await createAccount(t.db, { prettyName: 'No Disputes', hasChargebacksFeature: false });
  bulk = await createAccount(t.db, { prettyName: 'Bulk' });
  const northShop = await createMerchant(t.db, north.id, {
    prettyName: 'North Shop',
    merchantLegalName: 'Northwind Trading S.L.',
    vatNumber: 'ESB12345678',
    corporateUrl: 'https://northwind.example',
    street: 'Gran Via 1',
    zipCode: '28013',
    city: 'Madrid',
    country: 'ES',
    email: 'legal@northwind.example',
  });
  world = await createPaymentsWorld(t.db, north.id, northShop.id);
  southWorld = await createPaymentsWorld(t.db, south.id, (await createMerchant(t.db, south.id)).id);
  offWorld = await createPaymentsWorld(t.db, off.id, (await createMerchant(t.db, off.id)).id);

  await t.db.insert(roles).values([
    { name: 'TEST_NO_CHARGEBACKS', prettyName: 'None', permissions: ['transaction.read'] },
    { name: 'TEST_QUEUE_ONLY', prettyName: 'Queue only', permissions: ['chargeback.read'] },
  ]);
  const user = async (role: string, accountId = north.id) =>
    createUser(t.db, { role, type: 'ACCOUNT', accountIds: [accountId] });
  const admin = await user('ADMINISTRATOR');
  adminEmail = admin.email;
  const token = async (email: string, account: AccountRow) =>
    (await signIn(t.app, { email, accountId: account.shortId })).token;
  tokens.admin = await token(admin.email, north);
  tokens.viewer = await token((await user('VIEWER')).email, north);
  tokens.support = await token((await user('SUPPORT')).email, north);
  tokens.queueOnly = await token((await user('TEST_QUEUE_ONLY')).email, north);
  tokens.none = await token((await user('TEST_NO_CHARGEBACKS')).email, north);
  tokens.south = await token((await user('MANAGER', south.id)).email, south);
  const staff = await createUser(t.db, {
    role: 'PROVIDER_ADMINISTRATOR',
    type: 'INTERNAL',
    accountIds: [north.id, south.id, off.id, bulk.id],
    email: uniqueEmail('staff').replace(/@.*/, '@ops.example'),
  });
  tokens.staff = (await signIn(t.app, { email: staff.email })).token;

  agents.carla = await createAgent(t.db, north.id, 'Carla Vega');
  agents.ana = await createAgent(t.db, north.id, 'Ana Ruiz');
  agents.bruno = await createAgent(t.db, north.id, 'bruno Diaz');
  agents.southAgent = await createAgent(t.db, south.id, 'Sam South');

  c.fraud = await insertCase(t.db, world, {
    notificationDate: at(1),
    expirationDate: at(-20),
    caseId: 'CB-10000001',
    disputeId: '555566667777',
    reason: 'FraudNoCardholderAuthorization',
    reasonCode: '10.4',
    reasonProcessor: '10.4 Other Fraud - Card-Absent Environment',
    customerName: 'Zoe Martin',
    agentId: agents.ana.id,
    amount: 12_345,
    payment: { amount: 12_345, referenceOrderId: 'NWS-ORDER-0001', shopperEmail: 'zoe.martin@mail.example' },
  });
  c.described = await insertCase(t.db, world, {
    notificationDate: at(2),
    expirationDate: at(-10),
    caseId: 'CB-10000002',
    disputeId: '888899990000',
    status: 'IN_PROGRESS',
    customerName: 'Luis Gomez',
    assignedToOthers: true,
    hasPreviousChargebacks: true,
    custom: [
      { label: 'Customer tier', value: 'Gold' },
      { label: 'Notes', value: '' },
    ],
    externalUrl: 'https://crm.northwind.example/cases/CB-10000002',
    amount: 5_000,
    currency: 'USD',
    payment: {
      createdAt: at(12),
      amount: 5_000,
      currency: 'USD',
      referenceOrderId: 'NWS-ORDER-0002',
      orderConcept: 'Online purchase',
      shopperEmail: 'luis@mail.example',
      shopperIp: '81.0.0.9',
      cardHolder: 'Luis Gomez Perez',
      cardBrand: 'MC',
      providerTransactionId: 'adye_described',
      threeDsSent: true,
    },
  });
  c.retrieval = await insertCase(t.db, world, {
    notificationDate: at(3),
    expirationDate: at(1),
    caseId: 'RR-20000003',
    disputeId: null,
    operation: 'RETRIEVAL',
    reason: 'ChargebackDocumentation',
    status: 'DONE',
    customerName: null,
    amount: 2_000,
    payment: { amount: 2_000, referenceOrderId: 'NWS-ORDER-0003', shopperEmail: 'eva@mail.example' },
  });
  const refundedPayment = await insertTransaction(t.db, world, { createdAt: at(9), amount: 3_000 });
  await insertTransaction(t.db, world, {
    createdAt: at(8),
    parentId: refundedPayment.id,
    transactionType: 'PARTIAL_REFUND',
    amount: 1_000,
    refundReason: 'OTHER',
  });
  c.refunded = await insertCase(t.db, world, {
    notificationDate: at(4),
    caseId: 'CB-10000005',
    reason: 'DuplicateProcessing',
    status: 'REFUNDED',
    paymentTransactionId: refundedPayment.id,
    agentId: agents.carla.id,
    amount: 3_000,
  });
  // Due at 23:30 on 10 March in Auckland, 10:30 UTC: expired there from its midnight (now), not in UTC until tomorrow.
  c.expiring = await insertCase(t.db, world, {
    notificationDate: at(20),
    expirationDate: new Date('2026-03-10T10:30:00.000Z'),
    caseId: 'CB-10000004',
    reason: 'CreditNotProcessed',
    status: 'NOT_DISPUTED',
    agentId: agents.bruno.id,
    amount: 700,
  });
  c.fraudTyped = await insertCase(t.db, world, {
    notificationDate: at(40),
    expirationDate: at(10),
    caseId: 'CB-10000006',
    reason: 'FraudNoCardholderAuthorization',
    fraudType: 'LEGITIMATE_PURCHASE',
    status: 'EXPIRED',
    amount: 99_999,
  });
  c.southCase = await insertCase(t.db, southWorld, {
    notificationDate: at(1),
    caseId: 'CB-10000007',
    agentId: agents.southAgent.id,
  });
  c.offCase = await insertCase(t.db, offWorld, { notificationDate: at(1), caseId: 'CB-10000008' });
}, 60_000);

afterAll(() => t?.close());

describe('GET /account/{accountId}/chargeback', () => {
  it("lists the account's cases newest notification first, each row with the queue's every column", async () => {
    const page = await list('');
    expect(ids(page)).toEqual(idsOf('fraud', 'described', 'retrieval', 'refunded', 'expiring', 'fraudTyped'));
    expect(page).toMatchObject({ count: 6, total: 6 });
    const byId = new Map(page.items.map((item) => [item.chargebackId, item]));
    expect(byId.get(c.fraud.id)).toEqual({
      chargebackId: c.fraud.id,
      caseId: 'CB-10000001',
      disputeId: '555566667777',
      operation: 'CHARGEBACK',
      status: 'TO_DO',
      fraudType: null,
      hasPreviousChargebacks: false,
      hasRefund: false,
      amount: 12_345,
      currency: 'EUR',
      notificationDate: at(1).toISOString(),
      expirationDate: at(-20).toISOString(),
      reason: { parsed: 'FraudNoCardholderAuthorization', processor: '10.4 Other Fraud - Card-Absent Environment' },
      agent: { id: agents.ana.id, name: 'Ana Ruiz' },
      psp: 'Adyen',
      orderId: 'NWS-ORDER-0001',
      paymentId: c.fraud.paymentTransactionId,
      customer: { name: 'Zoe Martin', email: 'zoe.martin@mail.example', ip: '81.0.0.1' },
    } satisfies ChargebackListItem);
    expect(byId.get(c.described.id)).toMatchObject({
      agent: { id: 'OTHERS', name: 'Others' },
      hasPreviousChargebacks: true,
      currency: 'USD',
    });
    expect(byId.get(c.retrieval.id)).toMatchObject({ agent: null, disputeId: null, operation: 'RETRIEVAL' });
    // The payment was partly refunded after the case came in: the refund icon shows.
    expect(byId.get(c.refunded.id)).toMatchObject({ hasRefund: true });
  });

  it('sorts by notification date, expiration date and amount either way', async () => {
    expect(listCases(await list('order=notificationDate'))).toEqual(
      idsOf('fraudTyped', 'expiring', 'refunded', 'retrieval', 'described', 'fraud'),
    );
    expect(listCases(await list('order=-expirationDate'))).toEqual(
      idsOf('refunded', 'fraud', 'described', 'expiring', 'retrieval', 'fraudTyped'),
    );
    expect(listCases(await list('order=amount'))).toEqual(
      idsOf('expiring', 'retrieval', 'refunded', 'described', 'fraud', 'fraudTyped'),
    );
    expect(listCases(await list('order=-amount'))).toEqual(
      idsOf('fraudTyped', 'fraud', 'described', 'refunded', 'retrieval', 'expiring'),
    );
    const refused = await get(`/account/${north.id}/chargeback?order=caseId`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields.order).toBe('Sorting is possible by notificationDate, expirationDate, amount');
  });

  it('filters by status, operation, reason and fraud type', async () => {
    expect(ids(await list('status[]=TO_DO&status[]=DONE'))).toEqual(idsOf('fraud', 'retrieval'));
    expect(ids(await list('status=EXPIRED'))).toEqual(idsOf('fraudTyped'));
    expect(ids(await list('operation[]=RETRIEVAL'))).toEqual(idsOf('retrieval'));
    expect(ids(await list('operation[]=CHARGEBACK&operation[]=RETRIEVAL'))).toHaveLength(6);
    expect(ids(await list('reason[]=FraudNoCardholderAuthorization'))).toEqual(idsOf('fraud', 'fraudTyped'));
    expect(ids(await list('reason[]=CreditNotProcessed&reason[]=DuplicateProcessing'))).toEqual(
      idsOf('refunded', 'expiring'),
    );
    expect(ids(await list('fraudType[]=LEGITIMATE_PURCHASE'))).toEqual(idsOf('fraudTyped'));
    expect(ids(await list('fraudType[]=FRAUD'))).toEqual([]);
    expect((await get(`/account/${north.id}/chargeback?status[]=OPEN`)).statusCode).toBe(400);
  });

  it('filters by agent, Others and Unassigned, alone or together', async () => {
    expect(ids(await list(`agentId[]=${agents.ana.id}`))).toEqual(idsOf('fraud'));
    expect(ids(await list('agentId[]=OTHERS'))).toEqual(idsOf('described'));
    expect(ids(await list('agentId[]=UNASSIGNED'))).toEqual(idsOf('retrieval', 'fraudTyped'));
    expect(ids(await list(`agentId[]=${agents.bruno.id}&agentId[]=OTHERS`))).toEqual(idsOf('described', 'expiring'));
    expect(ids(await list(`agentId[]=${agents.carla.id}&agentId[]=UNASSIGNED`))).toEqual(
      idsOf('retrieval', 'refunded', 'fraudTyped'),
    );
    // Another account's agent assigns nothing here.
    expect(ids(await list(`agentId[]=${agents.southAgent.id}`))).toEqual([]);
    expect((await get(`/account/${north.id}/chargeback?agentId[]=somebody`)).statusCode).toBe(400);
  });

  it('filters by notification and expiration date ranges, both ends included', async () => {
    const from = encodeURIComponent(at(3).toISOString());
    const to = encodeURIComponent(at(2).toISOString());
    expect(ids(await list(`notificationDateFrom=${from}&notificationDateTo=${to}`))).toEqual(
      idsOf('described', 'retrieval'),
    );
    expect(ids(await list(`notificationDateFrom=${from}`))).toEqual(idsOf('fraud', 'described', 'retrieval'));
    const expFrom = encodeURIComponent(at(10).toISOString());
    const expTo = encodeURIComponent(at(1).toISOString());
    expect(ids(await list(`expirationDateFrom=${expFrom}&expirationDateTo=${expTo}`))).toEqual(
      idsOf('retrieval', 'fraudTyped'),
    );
    const backwards = await get(
      `/account/${north.id}/chargeback?notificationDateFrom=${to}&notificationDateTo=${from}`,
    );
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().fields).toHaveProperty('notificationDateTo');
    const backwardsExpiry = await get(
      `/account/${north.id}/chargeback?expirationDateFrom=${expTo}&expirationDateTo=${expFrom}`,
    );
    expect(backwardsExpiry.json().fields).toHaveProperty('expirationDateTo');
  });

  it('hides the cases expired before the start of today, in UTC unless another zone is given', async () => {
    expect(ids(await list('hideExpired=true'))).toEqual(idsOf('fraud', 'described', 'refunded', 'expiring'));
    expect(ids(await list('hideExpired=false'))).toHaveLength(6);
    expect(ids(await list('hideExpired=true&timeZone=UTC'))).toContain(c.expiring.id);
    expect((await get(`/account/${north.id}/chargeback?hideExpired=true&timeZone=Mars/Olympus`)).statusCode).toBe(400);
  });

  it('counts a case due today as open until midnight in the viewer’s zone, and expired right after', async () => {
    const query = 'hideExpired=true&timeZone=Pacific/Auckland';
    try {
      // 23:59:59 on 10 March in Auckland: the case is due today there.
      t.clock.set(NOW - 1_000);
      expect(ids(await list(query))).toContain(c.expiring.id);
      // 00:00:01 on 11 March in Auckland: it was due yesterday. In UTC it is still 10 March.
      t.clock.set(NOW + 1_000);
      expect(ids(await list(query))).not.toContain(c.expiring.id);
      expect(ids(await list('hideExpired=true'))).toContain(c.expiring.id);
      // Behind UTC the day starts later: in Los Angeles (UTC-7) it is 04:00 on 10 March, and the case was due at
      // 03:30 today, so it is still open there.
      expect(ids(await list('hideExpired=true&timeZone=America/Los_Angeles'))).toContain(c.expiring.id);
    } finally {
      t.clock.set(NOW);
    }
  });

  describe('search', () => {
    it('looks at the case id and the dispute id by substring, ignoring case, by default', async () => {
      expect(ids(await list('search=cb-1000000'))).toEqual(
        idsOf('fraud', 'described', 'refunded', 'expiring', 'fraudTyped'),
      );
      expect(ids(await list('search=RR-2'))).toEqual(idsOf('retrieval'));
      expect(ids(await list('search=56666'))).toEqual(idsOf('fraud'));
    });

    it('looks at the order id, customer name and e-mail with searchType TEXT (the default), not with ID', async () => {
      expect(ids(await list('search=order-0002'))).toEqual(idsOf('described'));
      expect(ids(await list('search=order-0002&searchType=TEXT'))).toEqual(idsOf('described'));
      expect(ids(await list('search=order-0002&searchType=ID'))).toEqual([]);
      expect(ids(await list('search=zoe'))).toEqual(idsOf('fraud'));
      expect(ids(await list('search=EVA%40MAIL'))).toEqual(idsOf('retrieval'));
      expect(ids(await list('search=luis%20gomez&searchType=ID'))).toEqual([]);
      expect(ids(await list('search=CB-10000002&searchType=ID'))).toEqual(idsOf('described'));
    });

    it("matches the case's id and its payment's id by prefix", async () => {
      const prefix = c.refunded.id.slice(0, 13);
      expect(ids(await list(`search=${prefix}&searchType=ID`))).toEqual(idsOf('refunded'));
      expect(ids(await list(`search=${prefix.toUpperCase()}`))).toEqual(idsOf('refunded'));
      expect(ids(await list(`search=${c.described.paymentTransactionId.slice(0, 13)}&searchType=ID`))).toEqual(
        idsOf('described'),
      );
      // The middle of an id is not its start.
      expect(ids(await list(`search=${c.refunded.id.slice(9, 18)}&searchType=ID`))).toEqual([]);
    });

    it('with exactMatch wants a whole value (any case), never a part of one', async () => {
      expect(ids(await list('search=cb-10000001&exactMatch=true'))).toEqual(idsOf('fraud'));
      expect(ids(await list('search=CB-1000000&exactMatch=true'))).toEqual([]);
      expect(ids(await list('search=nws-order-0002&exactMatch=true'))).toEqual(idsOf('described'));
      expect(ids(await list('search=order-0002&exactMatch=true'))).toEqual([]);
      expect(ids(await list('search=Zoe%20Martin&exactMatch=true'))).toEqual(idsOf('fraud'));
      expect(ids(await list('search=Zoe&exactMatch=true'))).toEqual([]);
      expect(ids(await list(`search=${c.fraud.id.toUpperCase()}&exactMatch=true&searchType=ID`))).toEqual(
        idsOf('fraud'),
      );
      expect(ids(await list(`search=${c.fraud.id.slice(0, 13)}&exactMatch=true&searchType=ID`))).toEqual([]);
      // LIKE's wildcards are plain characters.
      expect(ids(await list('search=CB-1000000_'))).toEqual([]);
      expect(ids(await list('search=%25'))).toEqual([]);
    });
  });

  it("never lists another account's cases, answers 404 for another tenant, and 403 without chargeback.read", async () => {
    expect(ids(await list('', tokens.staff))).not.toContain(c.southCase.id);
    expect(ids(await list('', tokens.staff, south.id))).toEqual([c.southCase.id]);
    expect((await get(`/account/${south.id}/chargeback`)).statusCode).toBe(404);
    expect((await get(`/account/not-an-id/chargeback`)).statusCode).toBe(404);
    expect((await get(`/account/${north.id}/chargeback`, tokens.none)).statusCode).toBe(403);
    expect(ids(await list('', tokens.viewer))).toHaveLength(6);
    expect(ids(await list('', tokens.queueOnly))).toHaveLength(6);
  });
});

describe('the capped count and the paging', () => {
  beforeAll(async () => {
    const merchant = await createMerchant(t.db, bulk.id);
    const bulkWorld = await createPaymentsWorld(t.db, bulk.id, merchant.id);
    const paid = await insertTransaction(t.db, bulkWorld, { createdAt: new Date('2026-01-01T00:00:00Z') });
    // 10,050 cases in one statement, notified in pairs at the same second (ties are ordered by id).
    await t.db.execute(sql`
      insert into chargebacks (account_id, merchant_id, payment_transaction_id, case_id, operation, status, reason,
        amount, currency, notification_date, expiration_date)
      select ${bulk.id}::uuid, ${merchant.id}::uuid, ${paid.id}::uuid, 'BLK-' || n, 'CHARGEBACK',
        case when n % 10 = 0 then 'DONE' else 'TO_DO' end, 'NotAsDescribed', 100 + n, 'EUR',
        timestamptz '2026-03-01T00:00:00Z' - make_interval(secs => n / 2),
        timestamptz '2026-04-01T00:00:00Z'
      from generate_series(1, 10050) as n`);
  });

  it('stops counting at 10,001 (shown +10k) and refuses pages past the 10,000th record', async () => {
    const first = await list('limit=500', tokens.staff, bulk.id);
    expect(first).toMatchObject({ total: 10_001, count: 500 });
    const last = await list('limit=500&page=20', tokens.staff, bulk.id);
    expect(last.count).toBe(500);
    const past = await get(`/account/${bulk.id}/chargeback?limit=500&page=21`, tokens.staff);
    expect(past.statusCode).toBe(400);
    expect(past.json().fields.page).toBe(
      'The table only shows up to 10k records, but there are more. You can see the rest if you do a data export.',
    );
    expect((await list('status[]=DONE', tokens.staff, bulk.id)).total).toBe(1_005);
    expect((await get(`/account/${bulk.id}/chargeback?limit=20`, tokens.staff)).statusCode).toBe(400);
  });

  it('pages through the default order, equal notification dates by id, newest first', async () => {
    const expected = await t.db.execute(sql`
      select id from chargebacks where account_id = ${bulk.id}::uuid
      order by notification_date desc, id desc limit 100`);
    const expectedIds = (expected as unknown as { rows: { id: string }[] }).rows.map((row) => row.id);
    const first = await list('limit=50', tokens.staff, bulk.id);
    const second = await list('limit=50&page=2', tokens.staff, bulk.id);
    expect([...ids(first), ...ids(second)]).toEqual(expectedIds);
  });
});

describe('GET /account/{accountId}/chargeback/{chargebackId}', () => {
  const detail = async (id: string, token = tokens.admin) => {
    const response = await get(`/account/${north.id}/chargeback/${id}`, token);
    expect(response.statusCode, response.body).toBe(200);
    return chargebackDetail.parse(response.json());
  };

  it('answers every field of the case: payment, processor, company, account, custom fields', async () => {
    const described = await detail(c.described.id);
    expect(described).toEqual({
      chargebackId: c.described.id,
      caseId: 'CB-10000002',
      disputeId: '888899990000',
      operation: 'CHARGEBACK',
      status: 'IN_PROGRESS',
      fraudType: null,
      hasPreviousChargebacks: true,
      hasRefund: false,
      amount: 5_000,
      currency: 'USD',
      notificationDate: at(2).toISOString(),
      expirationDate: at(-10).toISOString(),
      reason: { parsed: 'NotAsDescribed', processor: '13.3 Not as Described or Defective Merchandise/Services' },
      agent: { id: 'OTHERS', name: 'Others' },
      psp: 'Adyen',
      orderId: 'NWS-ORDER-0002',
      paymentId: c.described.paymentTransactionId,
      customer: { name: 'Luis Gomez', email: 'luis@mail.example', ip: '81.0.0.9' },
      externalUrl: 'https://crm.northwind.example/cases/CB-10000002',
      template: null,
      payment: {
        id: c.described.paymentTransactionId,
        externalId: 'adye_described',
        date: at(12).toISOString(),
        amount: 5_000,
        currency: 'USD',
        is3dSecure: true,
        card: { holder: 'Luis Gomez Perez', brand: 'MC' },
      },
      paymentProcessor: { solution: 'Cards EU', provider: 'Adyen' },
      company: {
        name: 'Northwind Trading S.L.',
        email: 'legal@northwind.example',
        product: 'Online purchase',
        address: 'Gran Via 1, 28013 Madrid, ES',
        url: 'https://northwind.example',
        policyTermUrl: null,
        privacyTermUrl: null,
        registrationNumber: 'ESB12345678',
      },
      account: { id: north.id, prettyName: 'Northwind' },
      custom: [
        { label: 'Customer tier', value: 'Gold' },
        { label: 'Notes', value: '' },
      ],
      chargebackDocumentUrl: null,
    });
    expect(await detail(c.retrieval.id)).toMatchObject({ disputeId: null, agent: null, externalUrl: null, custom: [] });
  });

  it('links the last generated document and names its template once one was made', async () => {
    await t.db
      .update(chargebacks)
      .set({
        template: 'Others',
        documentStoredName: `${randomUUID()}.docx`,
        documentFileName: 'dispute-CB-10000005.docx',
        documentGeneratedAt: at(0),
      })
      .where(eq(chargebacks.id, c.refunded.id));
    expect(await detail(c.refunded.id)).toMatchObject({
      template: 'Others',
      chargebackDocumentUrl: `/account/${north.id}/chargeback/${c.refunded.id}/document/file`,
    });
  });

  it("answers 404 for an unknown id, a malformed one and another tenant's case; 403 without chargeback.select", async () => {
    for (const id of [randomUUID(), 'not-an-id', c.southCase.id]) {
      expect((await get(`/account/${north.id}/chargeback/${id}`)).statusCode, id).toBe(404);
    }
    expect((await get(`/account/${south.id}/chargeback/${c.southCase.id}`)).statusCode).toBe(404);
    expect((await get(`/account/${north.id}/chargeback/${c.fraud.id}`, tokens.queueOnly)).statusCode).toBe(403);
    expect((await detail(c.fraud.id, tokens.viewer)).chargebackId).toBe(c.fraud.id);
  });
});

describe('GET /account/{accountId}/agent', () => {
  it("lists the account's own agents by name, whatever their case", async () => {
    const response = await get(`/account/${north.id}/agent`, tokens.viewer);
    expect(response.statusCode).toBe(200);
    const agentsList: AgentList = agentList.parse(response.json());
    expect(agentsList).toEqual({
      count: 3,
      total: 3,
      items: [
        { id: agents.ana.id, name: 'Ana Ruiz' },
        { id: agents.bruno.id, name: 'bruno Diaz' },
        { id: agents.carla.id, name: 'Carla Vega' },
      ],
    });
    expect((await get(`/account/${south.id}/agent`)).statusCode).toBe(404);
    expect((await get(`/account/${north.id}/agent`, tokens.none)).statusCode).toBe(403);
  });
});

describe('PATCH /account/{accountId}/chargeback/{chargebackId}: status', () => {
  const fresh = (input: Partial<CaseRow> = {}) => insertCase(t.db, world, { notificationDate: at(60), ...input });

  it('changes the status the caller saw, answers the updated row and audits the old and new values', async () => {
    const row = await fresh();
    const response = await patch(row.id, { status: 'IN_PROGRESS', expectedStatus: 'TO_DO' });
    expect(response.statusCode, response.body).toBe(200);
    expect(chargebackListItem.parse(response.json())).toMatchObject({ chargebackId: row.id, status: 'IN_PROGRESS' });
    expect((await caseRow(row.id)).status).toBe('IN_PROGRESS');
    const entries = await auditOf(row.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actionType: 'UPDATE',
      accountId: north.id,
      merchantId: world.merchantId,
      userEmail: adminEmail,
      oldValue: { status: 'TO_DO' },
      newValue: { status: 'IN_PROGRESS' },
    });
  });

  it("refuses a change from a status the case no longer has (409 'outdated-local-status') and changes nothing", async () => {
    const row = await fresh({ status: 'DONE' });
    const response = await patch(row.id, { status: 'IN_PROGRESS', expectedStatus: 'TO_DO' });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toBe('outdated-local-status');
    expect((await caseRow(row.id)).status).toBe('DONE');
    expect(await auditOf(row.id)).toHaveLength(0);
  });

  it('accepts the status the case already has without changing or auditing anything', async () => {
    const row = await fresh({ status: 'DONE' });
    for (const expectedStatus of ['DONE', 'TO_DO']) {
      const response = await patch(row.id, { status: 'DONE', expectedStatus });
      expect(response.statusCode, expectedStatus).toBe(200);
      expect(response.json().status).toBe('DONE');
    }
    expect((await caseRow(row.id)).updatedAt).toEqual(row.updatedAt);
    expect(await auditOf(row.id)).toHaveLength(0);
  });

  it('lets exactly one of parallel changes from the same status win', async () => {
    const row = await fresh();
    const targets = ['IN_PROGRESS', 'DONE', 'NOT_DISPUTED', 'EXPIRED', 'REFUNDED', 'OTHERS'];
    const responses = await Promise.all(targets.map((status) => patch(row.id, { status, expectedStatus: 'TO_DO' })));
    const won = responses.filter((response) => response.statusCode === 200);
    expect(won).toHaveLength(1);
    expect(responses.filter((response) => response.statusCode === 409)).toHaveLength(targets.length - 1);
    const winner = won[0]!.json().status;
    expect((await caseRow(row.id)).status).toBe(winner);
    const entries = await auditOf(row.id);
    expect(entries.map((entry) => entry.newValue)).toEqual([{ status: winner }]);
  });

  it('lets parallel identical changes through once: one change, one audit entry', async () => {
    const row = await fresh();
    const responses = await Promise.all(
      Array.from({ length: 4 }, () => patch(row.id, { status: 'DONE', expectedStatus: 'TO_DO' })),
    );
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200, 200]);
    expect(await auditOf(row.id)).toHaveLength(1);
  });

  it('needs chargeback.update: a viewer is refused, support may', async () => {
    const row = await fresh();
    expect((await patch(row.id, { status: 'DONE', expectedStatus: 'TO_DO' }, tokens.viewer)).statusCode).toBe(403);
    expect((await caseRow(row.id)).status).toBe('TO_DO');
    expect((await patch(row.id, { status: 'DONE', expectedStatus: 'TO_DO' }, tokens.support)).statusCode).toBe(200);
  });

  it('refuses bodies that are neither a status change nor a fraud type change', async () => {
    const row = await fresh();
    for (const body of [
      { status: 'DONE' },
      { status: 'CLOSED', expectedStatus: 'TO_DO' },
      { status: 'DONE', expectedStatus: 'TO_DO', fraudType: 'FRAUD' },
      {},
    ]) {
      expect((await patch(row.id, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await caseRow(row.id)).status).toBe('TO_DO');
  });
});

describe('PATCH /account/{accountId}/chargeback/{chargebackId}: fraud type', () => {
  it('sets and clears the fraud type of a fraud claim, audited', async () => {
    const row = await insertCase(t.db, world, { notificationDate: at(61), reason: 'FraudNoCardholderAuthorization' });
    const set = await patch(row.id, { fraudType: 'CLIENT_CONTACT' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ chargebackId: row.id, fraudType: 'CLIENT_CONTACT' });
    const cleared = await patch(row.id, { fraudType: null });
    expect(cleared.json().fraudType).toBeNull();
    expect((await auditOf(row.id)).map((entry) => [entry.oldValue, entry.newValue])).toEqual([
      [{ fraudType: null }, { fraudType: 'CLIENT_CONTACT' }],
      [{ fraudType: 'CLIENT_CONTACT' }, { fraudType: null }],
    ]);
    // The same value again changes nothing.
    expect((await patch(row.id, { fraudType: null })).statusCode).toBe(200);
    expect(await auditOf(row.id)).toHaveLength(2);
  });

  it('refuses a fraud type on a case whose reason is not fraud with no cardholder authorization (422)', async () => {
    const response = await patch(c.described.id, { fraudType: 'FRAUD' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      error: 'fraud-type-not-applicable',
      message: "Only cases with the reason 'Fraud - no cardholder authorization' carry a fraud type.",
    });
    expect((await caseRow(c.described.id)).fraudType).toBeNull();
  });

  it('needs chargeback.fraudtype.update: support and viewers are refused', async () => {
    const row = await insertCase(t.db, world, { notificationDate: at(62), reason: 'FraudNoCardholderAuthorization' });
    for (const token of [tokens.support, tokens.viewer]) {
      expect((await patch(row.id, { fraudType: 'FRAUD' }, token)).statusCode).toBe(403);
    }
    expect((await caseRow(row.id)).fraudType).toBeNull();
    expect(await auditOf(row.id)).toHaveLength(0);
  });
});

describe('the agent of a case', () => {
  it('assigns an agent, then Others, then unassigns; each change audited with the old and new assignment', async () => {
    const row = await insertCase(t.db, world, { notificationDate: at(63) });
    const first = await assign(row.id, agents.ana.id);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().agent).toEqual({ id: agents.ana.id, name: 'Ana Ruiz' });
    expect((await caseRow(row.id)).agentAssignedAt).toEqual(new Date(NOW));

    const others = await assign(row.id, 'OTHERS', tokens.support);
    expect(others.statusCode, others.body).toBe(200);
    expect(others.json().agent).toEqual({ id: 'OTHERS', name: 'Others' });
    expect(await caseRow(row.id)).toMatchObject({ agentId: null, assignedToOthers: true });
    expect(ids(await list('agentId[]=OTHERS'))).toContain(row.id);

    const removed = await unassign(row.id, 'OTHERS');
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().agent).toBeNull();
    expect(await caseRow(row.id)).toMatchObject({ agentId: null, assignedToOthers: false, agentAssignedAt: null });
    expect(ids(await list('agentId[]=UNASSIGNED'))).toContain(row.id);

    expect((await auditOf(row.id)).map((entry) => [entry.oldValue, entry.newValue])).toEqual([
      [{ agent: null }, { agent: { id: agents.ana.id, name: 'Ana Ruiz' } }],
      [{ agent: { id: agents.ana.id, name: 'Ana Ruiz' } }, { agent: { id: 'OTHERS', name: 'Others' } }],
      [{ agent: { id: 'OTHERS', name: 'Others' } }, { agent: null }],
    ]);
  });

  it('assigning the current assignment again changes nothing', async () => {
    const row = await insertCase(t.db, world, { notificationDate: at(64), agentId: agents.bruno.id });
    expect((await assign(row.id, agents.bruno.id)).statusCode).toBe(200);
    expect(await auditOf(row.id)).toHaveLength(0);
  });

  it("refuses to unassign an assignment that is no longer the case's (409 'outdated-local-status')", async () => {
    const row = await insertCase(t.db, world, { notificationDate: at(65), agentId: agents.carla.id });
    for (const stale of [agents.ana.id, 'OTHERS']) {
      const response = await unassign(row.id, stale);
      expect(response.statusCode, stale).toBe(409);
      expect(response.json().error).toBe('outdated-local-status');
    }
    expect((await caseRow(row.id)).agentId).toBe(agents.carla.id);
    const unassigned = await insertCase(t.db, world, { notificationDate: at(65) });
    expect((await unassign(unassigned.id, agents.ana.id)).statusCode).toBe(409);
    expect(await auditOf(row.id)).toHaveLength(0);
  });

  it("never assigns another account's agent or an unknown one", async () => {
    const row = await insertCase(t.db, world, { notificationDate: at(66), agentId: agents.ana.id });
    for (const agentId of [agents.southAgent.id, randomUUID()]) {
      expect((await assign(row.id, agentId)).statusCode, agentId).toBe(404);
    }
    expect((await assign(row.id, 'somebody')).statusCode).toBe(400);
    expect((await caseRow(row.id)).agentId).toBe(agents.ana.id);
    expect(await auditOf(row.id)).toHaveLength(0);
  });

  it('needs chargeback.update', async () => {
    const row = await insertCase(t.db, world, { notificationDate: at(67), agentId: agents.ana.id });
    expect((await assign(row.id, agents.bruno.id, tokens.viewer)).statusCode).toBe(403);
    expect((await unassign(row.id, agents.ana.id, tokens.viewer)).statusCode).toBe(403);
    expect((await caseRow(row.id)).agentId).toBe(agents.ana.id);
  });
});

describe('tenants and the chargebacks feature', () => {
  it("answers 404 for another tenant's case on every call, and leaves it as it was", async () => {
    const southId = c.southCase.id;
    const responses = [
      await get(`/account/${north.id}/chargeback/${southId}`),
      await patch(southId, { status: 'DONE', expectedStatus: 'TO_DO' }),
      await patch(southId, { fraudType: null }),
      await assign(southId, agents.ana.id),
      await unassign(southId, agents.southAgent.id),
      // The south account itself, from a north user.
      await get(`/account/${south.id}/chargeback/${southId}`),
      await patch(southId, { status: 'DONE', expectedStatus: 'TO_DO' }, tokens.admin, south.id),
      await assign(southId, agents.southAgent.id, tokens.admin, south.id),
      await unassign(southId, agents.southAgent.id, tokens.admin, south.id),
      await get(`/account/${south.id}/agent`),
      await get(`/account/${south.id}/chargeback/export`),
    ];
    expect(responses.map((response) => response.statusCode)).toEqual(responses.map(() => 404));
    expect(await caseRow(southId)).toMatchObject({ status: 'TO_DO', agentId: agents.southAgent.id });
    expect(await auditOf(southId)).toHaveLength(0);
  });

  it('answers 404 on every call for an account without the chargebacks feature, even to provider staff', async () => {
    const base = `/account/${off.id}`;
    const id = c.offCase.id;
    const responses = [
      await get(`${base}/chargeback`, tokens.staff),
      await get(`${base}/chargeback/export`, tokens.staff),
      await get(`${base}/chargeback/${id}`, tokens.staff),
      await get(`${base}/agent`, tokens.staff),
      await patch(id, { status: 'DONE', expectedStatus: 'TO_DO' }, tokens.staff, off.id),
      await assign(id, 'OTHERS', tokens.staff, off.id),
      await unassign(id, 'OTHERS', tokens.staff, off.id),
    ];
    expect(responses.map((response) => response.statusCode)).toEqual(responses.map(() => 404));
    expect((await caseRow(id)).status).toBe('TO_DO');
    // The same staff member works the queues of the accounts that have it.
    expect((await list('', tokens.staff)).total).toBeGreaterThan(0);
  });
});

describe('GET /account/{accountId}/chargeback/export', () => {
  const csvOf = csvLinesOfZip;

  it("answers a ZIP of the queue's rows with the same filters and order, in the caller's zone, and audits it", async () => {
    const filters = `agentId[]=OTHERS&agentId[]=UNASSIGNED&reason[]=NotAsDescribed&reason[]=ChargebackDocumentation&reason[]=FraudNoCardholderAuthorization&notificationDateTo=${encodeURIComponent(at(1, 1).toISOString())}`;
    const response = await get(`/account/${north.id}/chargeback/export?timeZone=Europe/Madrid&${filters}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toMatch(/filename="chargebacks-.*\.zip"/);
    const [header, ...rows] = csvOf(response.body);
    expect(header).toBe(
      'Chargeback ID,Case ID,Dispute ID,Type,Status,Agent,Fraud type,Reason,Processor reason,Amount,Currency,' +
        'Notification date (Europe/Madrid),Expiration date (Europe/Madrid),Expired,Second chargeback,Refund,PSP,' +
        'Order ID,Payment ID,Customer name,Customer email',
    );
    const listed = await list(filters);
    expect(listed.total).toBeGreaterThanOrEqual(3);
    expect(rows.map((row) => row.split(',')[0])).toEqual(ids(listed));
    const madrid = (date: Date) =>
      new Intl.DateTimeFormat('en-GB', {
        timeZone: 'Europe/Madrid',
        dateStyle: 'short',
        timeStyle: 'medium',
      })
        .format(date)
        .replace(',', '');
    expect(rows.find((row) => row.startsWith(c.described.id))).toBe(
      [
        c.described.id,
        'CB-10000002',
        '888899990000',
        'Chargeback',
        'In progress',
        'Others',
        '',
        'Not as described',
        '13.3 Not as Described or Defective Merchandise/Services',
        '50.00',
        'USD',
        madrid(at(2)),
        madrid(at(-10)),
        'No',
        'Yes',
        'No',
        'Adyen',
        'NWS-ORDER-0002',
        c.described.paymentTransactionId,
        'Luis Gomez',
        'luis@mail.example',
      ].join(','),
    );
    expect(rows.find((row) => row.startsWith(c.retrieval.id))).toContain(
      ',Retrieval,Done,Unassigned,,Chargeback documentation,',
    );
    expect(rows.find((row) => row.startsWith(c.fraudTyped.id))).toContain(',Expired,Unassigned,Legitimate purchase,');
    expect(rows.find((row) => row.startsWith(c.fraudTyped.id))).toContain(',999.99,EUR,');
    const [entry] = await t.db
      .select()
      .from(userActivity)
      .where(and(eq(userActivity.resourceType, 'EXPORT'), eq(userActivity.accountId, north.id)));
    expect(entry?.newValue).toMatchObject({
      source: 'chargebacks',
      rowCount: rows.length,
      filters: { agentId: ['OTHERS', 'UNASSIGNED'] },
    });
  });

  it('hides the expired cases of the day in the zone of the file', async () => {
    const response = await get(`/account/${north.id}/chargeback/export?timeZone=Pacific/Auckland&hideExpired=true`);
    const exported = csvOf(response.body)
      .slice(1)
      .map((row) => row.split(',')[0]);
    expect(exported).not.toContain(c.expiring.id);
    expect(exported).toContain(c.fraud.id);
  });

  it('needs chargeback.export: viewers and support are refused', async () => {
    expect((await get(`/account/${north.id}/chargeback/export`, tokens.viewer)).statusCode).toBe(403);
    expect((await get(`/account/${north.id}/chargeback/export`, tokens.support)).statusCode).toBe(403);
  });
});

describe('the case table', () => {
  const refused = async (change: Partial<CaseRow>) => {
    const row = await insertCase(t.db, world, { notificationDate: at(70) });
    const error = await t.db
      .update(chargebacks)
      .set(change)
      .where(eq(chargebacks.id, row.id))
      .then(() => undefined)
      .catch((caught: unknown) => caught);
    return error !== undefined;
  };

  it('holds an agent or Others, never both, with the assignment date exactly while assigned', async () => {
    expect(await refused({ agentId: agents.ana.id, assignedToOthers: true, agentAssignedAt: at(0) })).toBe(true);
    expect(await refused({ assignedToOthers: true })).toBe(true);
    expect(await refused({ agentAssignedAt: at(0) })).toBe(true);
    expect(await refused({ agentId: agents.southAgent.id, agentAssignedAt: at(0) })).toBe(true);
    expect(await refused({ assignedToOthers: true, agentAssignedAt: at(0) })).toBe(false);
  });

  it('names a template by its key only, and records a document whole', async () => {
    for (const key of DISPUTE_TEMPLATE_KEYS) expect(await refused({ template: key }), key).toBe(false);
    expect(await refused({ template: 'OthersDefault' })).toBe(true);
    expect(await refused({ documentStoredName: 'x.docx' })).toBe(true);
    expect(
      await refused({ documentStoredName: 'x.docx', documentFileName: 'dispute-x.docx', documentGeneratedAt: at(0) }),
    ).toBe(false);
  });
});
