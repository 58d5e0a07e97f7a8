import { type RiskAlertList, riskAlertList } from '@domain/contract/risk-alerts';
import type { AlertCardBrand, AlertStatus, AlertType } from '@domain/enums';
import { canChangeAlertStatus, isFinalAlertStatus } from '@domain/risk-alerts';
import { exportFiles, roles, transactionAlertEvents, transactionAlerts, userActivity } from '@server/db/schema';
import { and, eq } from 'drizzle-orm';
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

// The risk alerts API (spec 3, sections 2.9, 3 "Transaction alert", 6, 7 and 9): the merchant list with every filter,
// the search by transaction id, CAID and MID id, paging and order; the account-level list; the ZIP exports through the
// one export engine (200, 406, 204); each role with and without the permissions; another tenant's merchant and
// account; bad input. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.

const NOW = Date.parse('2026-03-10T11:00:00.000Z');
const HOUR_MS = 3_600_000;
const at = (daysAgo: number, hours = 0) => new Date(NOW - daysAgo * DAY_MS - hours * HOUR_MS);
const iso = (date: Date) => encodeURIComponent(date.toISOString());
/** Alerts of the bulk merchant: more than two pages of 50, and more than the test app's direct export limit. */
const BULK_ALERTS = 120;
const DIRECT_LIMIT = 100;

let t: ExportTestApp;
let north: AccountRow;
let south: AccountRow;
let world: PaymentsWorld;
let bulkWorld: PaymentsWorld;
let southWorld: PaymentsWorld;
const tokens = {} as Record<
  'admin' | 'manager' | 'specialist' | 'viewer' | 'support' | 'none' | 'exportOnly' | 'staff' | 'south',
  string
>;

type AlertName = 'rdr' | 'ethoca' | 'cdrn' | 'insight' | 'evidence';
const a = {} as Record<AlertName, typeof transactionAlerts.$inferSelect>;
let southAlertId = '';

interface AlertInput {
  type: AlertType;
  status: AlertStatus;
  cardBrand: AlertCardBrand;
  caid: string;
  createdAt: Date;
  updatedAt?: Date;
  amount?: number;
  currency?: string;
  descriptor?: string | null;
  midId?: string | null;
}

/** A payment of the world's merchant and its alert, with the alert's history. */
async function insertAlert(target: PaymentsWorld, input: AlertInput) {
  const midId = input.midId === undefined ? target.mids.adyen : input.midId;
  const payment = await insertTransaction(t.db, target, {
    createdAt: new Date(input.createdAt.getTime() - DAY_MS),
    amount: input.amount ?? 10_000,
    currency: input.currency ?? 'EUR',
    cardBrand: input.cardBrand,
    midId,
    alertType: input.type,
    alertStatus: input.status,
    alertCaid: input.caid,
  });
  const [row] = await t.db
    .insert(transactionAlerts)
    .values({
      accountId: target.accountId,
      merchantId: target.merchantId,
      transactionId: payment.id,
      midId,
      type: input.type,
      status: input.status,
      descriptor: input.descriptor === undefined ? 'NORTHSHOP*ONLINE' : input.descriptor,
      caid: input.caid,
      amount: input.amount ?? 10_000,
      currency: input.currency ?? 'EUR',
      cardBrand: input.cardBrand,
      createdAt: input.createdAt,
      updatedAt: input.updatedAt ?? input.createdAt,
    })
    .returning();
  await t.db.insert(transactionAlertEvents).values([
    { alertId: row!.id, accountId: row!.accountId, at: input.createdAt, fromStatus: null, toStatus: 'PENDING' },
    ...(input.status === 'PENDING'
      ? []
      : [
          {
            alertId: row!.id,
            accountId: row!.accountId,
            at: input.updatedAt ?? input.createdAt,
            fromStatus: 'PENDING',
            toStatus: input.status,
          },
        ]),
  ]);
  return row!;
}

const get = (url: string, token = tokens.admin) =>
  t.app.inject({ method: 'GET', url: `/api${url}`, headers: authHeader(token) });
const list = async (query: string, token = tokens.admin, merchantId = world.merchantId): Promise<RiskAlertList> => {
  const response = await get(`/merchant/${merchantId}/transactionalert${query ? `?${query}` : ''}`, token);
  expect(response.statusCode, response.body).toBe(200);
  return riskAlertList.parse(response.json());
};
const accountList = async (query: string, token = tokens.admin, accountId = north.id): Promise<RiskAlertList> => {
  const response = await get(`/account/${accountId}/transactionalert${query ? `?${query}` : ''}`, token);
  expect(response.statusCode, response.body).toBe(200);
  return riskAlertList.parse(response.json());
};
const ids = (page: RiskAlertList) => page.items.map((item) => item.id);
const idsOf = (...names: AlertName[]) => names.map((name) => a[name].id);

const csvOf = csvLinesOfZip;

beforeAll(async () => {
  t = await buildExportTestApp({ exports: { directLimit: DIRECT_LIMIT } });
  t.clock.set(NOW);
  north = await createAccount(t.db, { prettyName: 'Northwind' });
  south = await createAccount(t.db, { prettyName: 'Southwind' });
  world = await createPaymentsWorld(t.db, north.id, (await createMerchant(t.db, north.id)).id);
  bulkWorld = await createPaymentsWorld(t.db, north.id, (await createMerchant(t.db, north.id)).id);
  southWorld = await createPaymentsWorld(t.db, south.id, (await createMerchant(t.db, south.id)).id);

  await t.db.insert(roles).values([
    { name: 'TEST_NO_ALERTS', prettyName: 'No alerts', permissions: ['transaction.read'] },
    { name: 'TEST_ALERT_EXPORT_ONLY', prettyName: 'Alert export only', permissions: ['transaction.alert.export'] },
  ]);
  const token = async (role: string, account = north) => {
    const user = await createUser(t.db, { role, type: 'ACCOUNT', accountIds: [account.id] });
    return (await signIn(t.app, { email: user.email, accountId: account.shortId })).token;
  };
  tokens.admin = await token('ADMINISTRATOR');
  tokens.manager = await token('MANAGER');
  tokens.specialist = await token('PAYMENTS_SPECIALIST');
  tokens.viewer = await token('VIEWER');
  tokens.support = await token('SUPPORT');
  tokens.none = await token('TEST_NO_ALERTS');
  tokens.exportOnly = await token('TEST_ALERT_EXPORT_ONLY');
  tokens.south = await token('MANAGER', south);
  const staff = await createUser(t.db, {
    role: 'PROVIDER_ADMINISTRATOR',
    type: 'INTERNAL',
    accountIds: [north.id, south.id],
    email: uniqueEmail('staff').replace(/@.*/, '@ops.example'),
  });
  tokens.staff = (await signIn(t.app, { email: staff.email })).token;

  a.rdr = await insertAlert(world, {
    type: 'RDR',
    status: 'SUCCESS',
    cardBrand: 'VISA',
    caid: 'CA1000000001',
    createdAt: at(1),
    updatedAt: at(1, -1),
  });
  a.ethoca = await insertAlert(world, {
    type: 'ETHOCA',
    status: 'REFUNDED_MANUALLY',
    cardBrand: 'MC',
    caid: 'CA1000000002',
    amount: 2_550,
    currency: 'USD',
    descriptor: 'NORTHSHOP*WEB',
    createdAt: at(3),
    updatedAt: at(2),
  });
  a.cdrn = await insertAlert(world, {
    type: 'VERIFI_CDRN',
    status: 'PENDING',
    cardBrand: 'VISA',
    caid: 'CX2000000003',
    createdAt: at(5),
  });
  a.insight = await insertAlert(world, {
    type: 'ORDER_INSIGHT',
    status: 'CANNOT_REFUND',
    cardBrand: 'MC',
    caid: 'CT3000000004',
    midId: world.mids.instant,
    createdAt: at(10),
    updatedAt: at(8),
  });
  a.evidence = await insertAlert(world, {
    type: 'COMPELLING_EVIDENCE',
    status: 'PREVENTED',
    cardBrand: 'VISA',
    caid: 'CT3000000005',
    descriptor: null,
    midId: null,
    createdAt: at(20),
    updatedAt: at(19),
  });
  const types: AlertType[] = ['RDR', 'ETHOCA', 'VERIFI_CDRN', 'ORDER_INSIGHT', 'COMPELLING_EVIDENCE'];
  for (let index = 0; index < BULK_ALERTS; index++) {
    await insertAlert(bulkWorld, {
      type: types[index % types.length]!,
      status: 'SUCCESS',
      cardBrand: index % 2 === 0 ? 'VISA' : 'MC',
      caid: `BK${String(index).padStart(10, '0')}`,
      // Two alerts share each creation moment, so the id decides their order.
      createdAt: at(30, Math.floor(index / 2)),
    });
  }
  southAlertId = (
    await insertAlert(southWorld, {
      type: 'RDR',
      status: 'SUCCESS',
      cardBrand: 'VISA',
      caid: 'CA1000000001',
      createdAt: at(1),
    })
  ).id;
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('the alert status rules', () => {
  it('an alert arrives PENDING and is answered once', () => {
    expect(isFinalAlertStatus('PENDING')).toBe(false);
    expect(isFinalAlertStatus('CANNOT_REFUND')).toBe(true);
    expect(canChangeAlertStatus('PENDING', 'SUCCESS')).toBe(true);
    expect(canChangeAlertStatus('SUCCESS', 'PENDING')).toBe(false);
    expect(canChangeAlertStatus('SUCCESS', 'CANNOT_REFUND')).toBe(false);
  });
});

describe('GET /merchant/{merchantId}/transactionalert', () => {
  it("answers the merchant's alerts newest first, with every field of the spec's entity", async () => {
    const page = await list('');
    expect(page).toMatchObject({ count: 5, total: 5 });
    expect(ids(page)).toEqual(idsOf('rdr', 'ethoca', 'cdrn', 'insight', 'evidence'));
    expect(page.items[1]).toEqual({
      id: a.ethoca.id,
      transactionId: a.ethoca.transactionId,
      merchantId: world.merchantId,
      status: 'REFUNDED_MANUALLY',
      type: 'ETHOCA',
      descriptor: 'NORTHSHOP*WEB',
      caid: 'CA1000000002',
      midId: world.mids.adyen,
      money: { currency: 'USD', amount: 2_550 },
      paymentMethod: 'MC',
      creationDate: at(3).toISOString(),
      lastUpdateDate: at(2).toISOString(),
    });
    expect(page.items[4]).toMatchObject({ descriptor: null, midId: null });
  });

  it('filters by status, type and card brand, any of the values given', async () => {
    expect(ids(await list('status[]=PENDING'))).toEqual(idsOf('cdrn'));
    expect(ids(await list('status[]=SUCCESS&status[]=PREVENTED'))).toEqual(idsOf('rdr', 'evidence'));
    expect(ids(await list('type[]=ETHOCA&type[]=ORDER_INSIGHT'))).toEqual(idsOf('ethoca', 'insight'));
    expect(ids(await list('type=RDR'))).toEqual(idsOf('rdr'));
    expect(ids(await list('paymentMethod[]=MC'))).toEqual(idsOf('ethoca', 'insight'));
    expect(ids(await list('paymentMethod[]=VISA&paymentMethod[]=MC'))).toHaveLength(5);
    expect(ids(await list('paymentMethod[]=VISA&type[]=RDR&type[]=COMPELLING_EVIDENCE'))).toEqual(
      idsOf('rdr', 'evidence'),
    );
    expect(await list('type[]=TEST')).toEqual({ count: 0, total: 0, items: [] });
  });

  it('filters by creation date and by last change, both ends included', async () => {
    expect(ids(await list(`creationDateFrom=${iso(at(5))}`))).toEqual(idsOf('rdr', 'ethoca', 'cdrn'));
    expect(ids(await list(`creationDateFrom=${iso(at(10))}&creationDateTo=${iso(at(3))}`))).toEqual(
      idsOf('ethoca', 'cdrn', 'insight'),
    );
    expect(ids(await list(`creationDateTo=${iso(at(10))}`))).toEqual(idsOf('insight', 'evidence'));
    expect(ids(await list(`lastUpdateDateFrom=${iso(at(8))}&lastUpdateDateTo=${iso(at(2))}`))).toEqual(
      idsOf('ethoca', 'cdrn', 'insight'),
    );
    expect(ids(await list(`lastUpdateDateFrom=${iso(at(1, -1))}`))).toEqual(idsOf('rdr'));
  });

  it("takes the spec's creationDate and lastUpdateDate as ranges, the same as their ends one at a time", async () => {
    const range = (name: string, from: Date, to: Date) => `${name}[]=${iso(from)}&${name}[]=${iso(to)}`;
    expect(ids(await list(range('creationDate', at(10), at(3))))).toEqual(idsOf('ethoca', 'cdrn', 'insight'));
    expect(ids(await list(range('lastUpdateDate', at(8), at(2))))).toEqual(idsOf('ethoca', 'cdrn', 'insight'));
    expect(ids(await list(`${range('creationDate', at(10), at(3))}&${range('lastUpdateDate', at(8), at(4))}`))).toEqual(
      idsOf('cdrn', 'insight'),
    );
    expect(ids(await accountList(range('creationDate', at(10), at(3))))).toEqual(idsOf('ethoca', 'cdrn', 'insight'));
  });

  it('refuses a name it does not take instead of answering the list unfiltered', async () => {
    for (const query of [`creationDateFromm=${iso(at(5))}`, `from=${iso(at(5))}`, 'merchant=north']) {
      const response = await get(`/merchant/${world.merchantId}/transactionalert?${query}`);
      const name = query.split('=')[0]!;
      expect(response.statusCode, query).toBe(400);
      expect(response.json(), query).toMatchObject({ statusCode: 400, error: 'form-not-validated' });
      expect(Object.keys(response.json().fields), query).toEqual([name]);
      expect(response.json().fields[name]).toMatch(
        /^Unknown parameter: this call takes page, limit, order, .*creationDate/,
      );
    }
    // merchantId[] narrows the account's list only: on a merchant's list it is a name the call does not take.
    const merchantNarrowed = await get(
      `/merchant/${world.merchantId}/transactionalert?merchantId[]=${world.merchantId}`,
    );
    expect(Object.keys(merchantNarrowed.json().fields)).toEqual(['merchantId']);
  });

  it('searches by transaction id, CAID or MID id', async () => {
    expect(ids(await list(`search=${a.insight.transactionId}`))).toEqual(idsOf('insight'));
    expect(ids(await list(`search=${a.insight.transactionId.slice(0, 13)}&searchType=ID`))).toEqual(idsOf('insight'));
    expect(ids(await list('search=CA1000000002'))).toEqual(idsOf('ethoca'));
    // By prefix, as typed or in capitals. The prefixes are not hexadecimal, so no random id of another row matches.
    expect(ids(await list('search=ct30'))).toEqual(idsOf('insight', 'evidence'));
    expect(ids(await list('search=CX2'))).toEqual(idsOf('cdrn'));
    expect(ids(await list(`search=${world.mids.instant}`))).toEqual(idsOf('insight'));
    expect(ids(await list(`search=${world.mids.adyen.slice(0, 8)}`))).toEqual(
      expect.arrayContaining(idsOf('rdr', 'ethoca', 'cdrn')),
    );
    // Wildcards match literally; nothing else matches.
    expect((await list('search=CA%25')).total).toBe(0);
    expect((await list('search=nothing-like-this')).total).toBe(0);
    // TEXT also looks inside the descriptor.
    expect((await list('search=shop*web')).total).toBe(0);
    expect(ids(await list('search=shop*web&searchType=TEXT'))).toEqual(idsOf('ethoca'));
    // Another tenant's alert with the same CAID is not found.
    expect(ids(await list('search=CA1000000001'))).toEqual(idsOf('rdr'));
  });

  it('pages by 50, 100 and 500 with a stable order, and sorts by creation or last change', async () => {
    const all = await list('limit=500', tokens.admin, bulkWorld.merchantId);
    expect(all).toMatchObject({ count: BULK_ALERTS, total: BULK_ALERTS });
    const created = all.items.map((item) => Date.parse(item.creationDate));
    expect(created).toEqual([...created].sort((x, y) => y - x));
    const first = await list('', tokens.admin, bulkWorld.merchantId);
    const second = await list('page=2', tokens.admin, bulkWorld.merchantId);
    const third = await list('page=3&limit=50', tokens.admin, bulkWorld.merchantId);
    expect([first.count, second.count, third.count]).toEqual([50, 50, 20]);
    expect(first.total).toBe(BULK_ALERTS);
    expect([...ids(first), ...ids(second), ...ids(third)]).toEqual(ids(all));
    expect((await list('page=2&limit=100', tokens.admin, bulkWorld.merchantId)).count).toBe(20);
    const oldest = await list('order=creationDate&limit=500', tokens.admin, bulkWorld.merchantId);
    expect(ids(oldest)).toEqual([...ids(all)].reverse());
    expect(ids(await list('order=-lastUpdateDate'))).toEqual(idsOf('rdr', 'ethoca', 'cdrn', 'insight', 'evidence'));
    expect(ids(await list('order=lastUpdateDate'))).toEqual(idsOf('evidence', 'insight', 'cdrn', 'ethoca', 'rdr'));
  });

  it('refuses bad input with the form-not-validated answer', async () => {
    const refused = async (query: string, field: string) => {
      const response = await get(`/merchant/${world.merchantId}/transactionalert?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json(), query).toMatchObject({ statusCode: 400, error: 'form-not-validated' });
      expect(response.json().fields, query).toHaveProperty(field);
      return response.json().fields[field] as string;
    };
    expect(await refused(`creationDateFrom=${iso(at(1))}&creationDateTo=${iso(at(5))}`, 'creationDateTo')).toBe(
      'The indicated dates are not correct',
    );
    await refused(`lastUpdateDateFrom=${iso(at(1))}&lastUpdateDateTo=${iso(at(5))}`, 'lastUpdateDateTo');
    await refused('creationDateFrom=yesterday', 'creationDateFrom');
    await refused('type[]=CHARGEBACK', 'type.0');
    await refused('status[]=OPEN', 'status.0');
    await refused('paymentMethod[]=AMEX', 'paymentMethod.0');
    await refused('searchType=NAME', 'searchType');
    expect(await refused('limit=20', 'limit')).toBe('Page size must be 50, 100 or 500');
    await refused('limit=1000', 'limit');
    expect(await refused('order=amount', 'order')).toBe('Sorting is possible by creationDate, lastUpdateDate');
    await refused('page=201', 'page');
    // Values a person can read, whatever was typed.
    expect(await refused('limit=abc', 'limit')).toBe('Page size must be 50, 100 or 500');
    expect(await refused('page=abc', 'page')).toBe('The page must be a whole number, 1 or more');
    expect(await refused('order=-', 'order')).toMatch(/^Sort by one field's name/);
    // The spec's ranges: two dates, in order, and not together with their ends.
    expect(await refused(`creationDate=${iso(at(5))}`, 'creationDate')).toBe(
      'creationDate takes two dates: creationDate[]=From&creationDate[]=To',
    );
    expect(await refused(`creationDate[]=${iso(at(1))}&creationDate[]=${iso(at(5))}`, 'creationDate')).toBe(
      'The indicated dates are not correct',
    );
    expect(
      await refused(
        `lastUpdateDate[]=${iso(at(5))}&lastUpdateDate[]=${iso(at(1))}&lastUpdateDateTo=${iso(at(1))}`,
        'lastUpdateDate',
      ),
    ).toBe('Use lastUpdateDate, or lastUpdateDateFrom and lastUpdateDateTo, not both');
    await refused('creationDate[]=yesterday&creationDate[]=today', 'creationDate.0');
  });

  it('answers 404 for another tenant’s merchant, an unknown merchant and a malformed id', async () => {
    for (const merchantId of [southWorld.merchantId, '00000000-0000-4000-8000-000000000000', 'not-a-merchant']) {
      const response = await get(`/merchant/${merchantId}/transactionalert`);
      expect(response.statusCode, merchantId).toBe(404);
      expect(response.json().error).toBe('resource-not-found');
      expect((await get(`/merchant/${merchantId}/transactionalert/export`)).statusCode).toBe(404);
    }
    // The other tenant sees its own alert only.
    expect(ids(await list('', tokens.south, southWorld.merchantId))).toEqual([southAlertId]);
    expect((await get(`/merchant/${world.merchantId}/transactionalert`, tokens.south)).statusCode).toBe(404);
  });

  it('needs transaction.alert.read: every account role holds it, a role without it is refused', async () => {
    for (const role of ['admin', 'manager', 'specialist', 'viewer', 'support', 'staff'] as const) {
      expect((await list('', tokens[role])).total, role).toBe(5);
    }
    for (const role of ['none', 'exportOnly'] as const) {
      const response = await get(`/merchant/${world.merchantId}/transactionalert`, tokens[role]);
      expect(response.statusCode, role).toBe(403);
      expect(response.json().error).toBe('resource-not-found');
    }
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/merchant/${world.merchantId}/transactionalert` })).statusCode,
    ).toBe(401);
  });
});

describe('GET /account/{accountId}/transactionalert', () => {
  it("answers every merchant's alerts of the account, narrowed by merchantId[]", async () => {
    const all = await accountList('limit=500');
    expect(all.total).toBe(5 + BULK_ALERTS);
    expect(ids(all)).not.toContain(southAlertId);
    expect(ids(all).slice(0, 5)).toEqual(idsOf('rdr', 'ethoca', 'cdrn', 'insight', 'evidence'));
    expect(ids(await accountList(`merchantId[]=${world.merchantId}`))).toEqual(
      idsOf('rdr', 'ethoca', 'cdrn', 'insight', 'evidence'),
    );
    expect((await accountList(`merchantId[]=${bulkWorld.merchantId}`)).total).toBe(BULK_ALERTS);
    // Another tenant's merchant narrows to nothing: the account's alerts are the only ones read.
    expect((await accountList(`merchantId[]=${southWorld.merchantId}`)).total).toBe(0);
    expect(ids(await accountList(`merchantId[]=${world.merchantId}&type[]=RDR&search=CA1`))).toEqual(idsOf('rdr'));
    expect(ids(await accountList('', tokens.south, south.id))).toEqual([southAlertId]);
  });

  it('refuses bad input, another tenant’s account and callers without the permission', async () => {
    expect((await get(`/account/${north.id}/transactionalert?merchantId[]=somebody`)).statusCode).toBe(400);
    expect(
      (await get(`/account/${north.id}/transactionalert?creationDateFrom=${iso(at(1))}&creationDateTo=${iso(at(2))}`))
        .statusCode,
    ).toBe(400);
    expect((await get(`/account/${south.id}/transactionalert`)).statusCode).toBe(404);
    expect((await get(`/account/${south.id}/transactionalert/export`)).statusCode).toBe(404);
    expect((await get(`/account/${north.id}/transactionalert`, tokens.none)).statusCode).toBe(403);
    expect((await accountList('', tokens.viewer)).total).toBe(5 + BULK_ALERTS);
    expect((await accountList('', tokens.staff, south.id)).total).toBe(1);
  });
});

describe('GET /merchant/{merchantId}/transactionalert/export', () => {
  const exportUrl = (query: string, merchantId = world.merchantId) =>
    `/merchant/${merchantId}/transactionalert/export${query ? `?${query}` : ''}`;

  it("answers a ZIP of the list's rows, same filters and order, in the caller's zone, and audits it", async () => {
    const response = await get(exportUrl('timeZone=Europe/Madrid'));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toMatch(/filename="risk-alerts-.*\.zip"/);
    const [header, ...rows] = csvOf(response.body);
    expect(header).toBe(
      'Type,Status,Transaction ID,Descriptor,CAID,MID ID,Amount,Currency,Card brand,' +
        'Creation Date (Europe/Madrid),Last Changes (Europe/Madrid)',
    );
    const listed = await list('');
    expect(rows).toHaveLength(listed.total);
    expect(rows.map((row) => row.split(',')[2])).toEqual(listed.items.map((item) => item.transactionId));
    const madrid = (date: Date) =>
      new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Madrid', dateStyle: 'short', timeStyle: 'medium' })
        .format(date)
        .replace(',', '');
    expect(rows[1]).toBe(
      [
        'Ethoca',
        'Refunded manually',
        a.ethoca.transactionId,
        'NORTHSHOP*WEB',
        'CA1000000002',
        world.mids.adyen,
        '25.50',
        'USD',
        'Mastercard',
        madrid(at(3)),
        madrid(at(2)),
      ].join(','),
    );
    expect(rows[2]).toMatch(/^Verifi \(CDRN\),Pending,/);
    const [entry] = await t.db
      .select()
      .from(userActivity)
      .where(and(eq(userActivity.resourceType, 'EXPORT'), eq(userActivity.accountId, north.id)));
    expect(entry?.newValue).toMatchObject({ source: 'transactionalerts', rowCount: 5 });
  });

  it('exports exactly what the list filters: the row count equals the total', async () => {
    for (const query of [
      'type[]=ETHOCA&type[]=ORDER_INSIGHT',
      'paymentMethod[]=VISA&status[]=SUCCESS&status[]=PENDING',
      `creationDateFrom=${iso(at(10))}&creationDateTo=${iso(at(3))}`,
      `creationDate[]=${iso(at(10))}&creationDate[]=${iso(at(3))}`,
      `lastUpdateDateTo=${iso(at(8))}&order=lastUpdateDate`,
      'search=ct30',
      'type[]=TEST',
    ]) {
      const listed = await list(query);
      const response = await get(exportUrl(query));
      expect(response.statusCode, query).toBe(200);
      const rows = csvOf(response.body).slice(1);
      expect(rows.length, query).toBe(listed.total);
      expect(
        rows.map((row) => row.split(',')[2]),
        query,
      ).toEqual(listed.items.map((item) => item.transactionId));
    }
  });

  it('answers 406 above the direct limit, and 204 when the file is to be e-mailed', async () => {
    const tooBig = await get(exportUrl('', bulkWorld.merchantId));
    expect(tooBig.statusCode).toBe(406);
    const emailed = await get(exportUrl('forceEmailExport=true', bulkWorld.merchantId));
    expect(emailed.statusCode, emailed.body).toBe(204);
    // The e-mailed file is built later from the stored query: the spec's range names build it too.
    const spec = `creationDate[]=${iso(at(400))}&creationDate[]=${iso(at(0))}&forceEmailExport=true`;
    expect((await get(exportUrl(spec, bulkWorld.merchantId))).statusCode).toBe(204);
    expect(await t.app.jobWorker.runDue()).toBe(2);
    const built = await t.db.select({ status: exportFiles.status }).from(exportFiles);
    expect(built.map((file) => file.status)).toEqual(['ready', 'ready']);
    // Narrowed below the limit, the file is the answer again.
    const narrowed = await get(exportUrl('type[]=RDR', bulkWorld.merchantId));
    expect(narrowed.statusCode).toBe(200);
    expect(csvOf(narrowed.body).slice(1)).toHaveLength(BULK_ALERTS / 5);
  });

  it('refuses bad input like the list, and an unknown time zone', async () => {
    expect((await get(exportUrl(`creationDateFrom=${iso(at(1))}&creationDateTo=${iso(at(2))}`))).statusCode).toBe(400);
    expect((await get(exportUrl('status[]=OPEN'))).statusCode).toBe(400);
    expect((await get(exportUrl('timeZone=Mars/Olympus'))).statusCode).toBe(400);
    expect((await get(exportUrl('order=amount'))).statusCode).toBe(400);
  });

  it('needs transaction.alert.export: viewers, support and roles without it are refused', async () => {
    for (const role of ['admin', 'manager', 'specialist', 'staff', 'exportOnly'] as const) {
      expect((await get(exportUrl('type[]=RDR'), tokens[role])).statusCode, role).toBe(200);
    }
    for (const role of ['viewer', 'support', 'none'] as const) {
      expect((await get(exportUrl(''), tokens[role])).statusCode, role).toBe(403);
    }
  });
});

describe('GET /account/{accountId}/transactionalert/export', () => {
  it("exports the account's alerts with merchantId[], the row count equal to the list's total", async () => {
    const query = `merchantId[]=${world.merchantId}&merchantId[]=${bulkWorld.merchantId}&type[]=RDR&type[]=ETHOCA`;
    const listed = await accountList(`${query}&limit=500`);
    expect(listed.total).toBe(2 + (2 * BULK_ALERTS) / 5);
    const response = await get(`/account/${north.id}/transactionalert/export?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    const rows = csvOf(response.body).slice(1);
    expect(rows).toHaveLength(listed.total);
    expect(rows.map((row) => row.split(',')[2])).toEqual(listed.items.map((item) => item.transactionId));
    expect((await get(`/account/${north.id}/transactionalert/export`)).statusCode).toBe(406);
    expect((await get(`/account/${north.id}/transactionalert/export`, tokens.viewer)).statusCode).toBe(403);
  });
});

describe('the alert tables', () => {
  it('refuses unknown types, statuses and card brands, and a last change before the creation', async () => {
    const base = { ...a.rdr, id: undefined };
    for (const change of [
      { type: 'CHARGEBACK' },
      { status: 'OPEN' },
      { cardBrand: 'AMEX' },
      { amount: -1 },
      { updatedAt: at(2) },
    ]) {
      const error = await t.db
        .insert(transactionAlerts)
        .values({ ...base, ...change })
        .then(() => undefined)
        .catch((caught: unknown) => caught);
      expect(error, JSON.stringify(change)).toBeDefined();
    }
  });

  it("keeps each alert's history: arrival, then the answer", async () => {
    const history = await t.db
      .select({ from: transactionAlertEvents.fromStatus, to: transactionAlertEvents.toStatus })
      .from(transactionAlertEvents)
      .where(eq(transactionAlertEvents.alertId, a.ethoca.id))
      .orderBy(transactionAlertEvents.at, transactionAlertEvents.id);
    expect(history).toEqual([
      { from: null, to: 'PENDING' },
      { from: 'PENDING', to: 'REFUNDED_MANUALLY' },
    ]);
  });
});
