import { randomUUID } from 'node:crypto';
import {
  type TransactionsKpis,
  transactionDetail,
  transactionList,
  transactionsChart,
  transactionsKpis,
} from '@domain/contract';
import type { TransactionListItem } from '@domain/contract/transactions';
import {
  convertDayAmounts,
  type DashboardKpi,
  type DayAmount,
  kpiTransactionFilters,
  REJECTED_OUTCOMES,
  SALE_OUTCOME_STATUS,
  SALE_OUTCOMES,
  SALE_TYPE_CATEGORY,
  SALE_TYPES,
  type Tally,
} from '@domain/dashboard';
import { currencyExponent, THREE_DECIMAL_CURRENCIES, ZERO_DECIMAL_CURRENCIES } from '@domain/format';
import { can } from '@domain/permissions';
import { ROLE_DEFINITIONS } from '@domain/roles';
import { importRatesFile, RatesFileError, upsertRates } from '@server/db/exchange-rates';
import { mids, transactionHistory, transactions } from '@server/db/schema';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

// The dashboard over the API (issue 17; spec 3, sections 2.8, 3 "Dashboard sales data", 7 and 9), read from the
// dashboard rollup the transactions' triggers keep. The central check: every figure equals the count and the converted
// sum of the transactions list (the real GET /account/{id}/transaction) filtered the same way, for every filter the
// dashboard has, also after status changes. Then the conversion rules, the comparison period, roles, tenants and bad
// input. The app's clock stands at 2026-03-17 12:00 UTC.

const NOW = Date.parse('2026-03-17T12:00:00.000Z');
const THIS_MONTH = { from: '2026-03-01', to: '2026-03-17' };

let t: TestApp;
let account: AccountRow;
let other: AccountRow;
let merchant: MerchantRow;
let sibling: MerchantRow;
let foreign: MerchantRow;
let world: PaymentsWorld;
let siblingWorld: PaymentsWorld;
let foreignWorld: PaymentsWorld;
const tokens = { admin: '', viewer: '', support: '', staff: '', foreign: '' };

/** The fixture's rates (units per EUR) by 'day currency'. */
const rates = new Map<string, string>();

const get = (url: string, token = tokens.admin) =>
  t.app.inject({ method: 'GET', url: `/api${url}`, headers: authHeader(token) });
const ok = async (url: string, token = tokens.admin) => {
  const response = await get(url, token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as unknown;
};

type Params = Record<string, string | readonly string[] | undefined>;
/** A query string with the list convention's bracketed array names. */
function query(params: Params): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined) continue;
    if (typeof value === 'string') search.append(name, value);
    else for (const item of value) search.append(`${name}[]`, item);
  }
  return search.toString();
}

interface Scope {
  merchantId?: string;
  solution?: string[];
  issuerCountry?: string;
}

const kpis = async (scope: Scope, range = THIS_MONTH, currency = 'EUR', token = tokens.admin) =>
  transactionsKpis.parse(
    await ok(
      `/account/${account.id}/transactions-kpis?${query({
        creationDateFrom: range.from,
        creationDateTo: range.to,
        currency,
        merchantId: scope.merchantId,
        solution: scope.solution,
        issuerCountry: scope.issuerCountry,
      })}`,
      token,
    ),
  );

/** Every transaction of the list filtered by the scope, the range (whole UTC days) and `filters`. */
async function listed(scope: Scope, range: { from: string; to: string }, filters: Params) {
  const items: TransactionListItem[] = [];
  for (let page = 1; ; page++) {
    const list = transactionList.parse(
      await ok(
        `/account/${account.id}/transaction?${query({
          creationDateFrom: `${range.from}T00:00:00.000Z`,
          creationDateTo: `${range.to}T23:59:59.999Z`,
          merchantId: scope.merchantId ? [scope.merchantId] : undefined,
          solution: scope.solution,
          issuerCountry: scope.issuerCountry,
          ...filters,
          limit: '500',
          page: String(page),
        })}`,
      ),
    );
    items.push(...list.items);
    if (page === 1) expect(list.total).toBeLessThan(10_001);
    if (items.length >= list.total) return items;
  }
}

/**
 * The count and the converted sum of list items: each day's total of a currency (per type, category, status and
 * fallback flag, as the rollup holds them) converted with the fixture's rates, the sum rounded once.
 */
function tallyOf(items: readonly TransactionListItem[], currency: string, bySolution = false): Tally {
  const byDay = new Map<string, DayAmount>();
  for (const item of items) {
    const day = item.creationDate.slice(0, 10);
    const key = `${day} ${item.money.currency}`;
    const cell = `${key} ${item.transactionType} ${item.category} ${item.status} ${item.isFallback} ${
      bySolution ? item.provider.solution : ''
    }`;
    const part = byDay.get(cell) ?? {
      amount: 0,
      currency: item.money.currency,
      rate: rates.get(key) ?? null,
      targetRate: rates.get(`${day} ${currency}`) ?? null,
    };
    part.amount += item.money.amount;
    byDay.set(cell, part);
  }
  return { total: items.length, amount: convertDayAmounts([...byDay.values()], currency) };
}

const asFilters = (kpi: DashboardKpi): Params => {
  const filters = kpiTransactionFilters(kpi);
  return {
    transactionType: filters.transactionType,
    status: filters.status,
    isFallback: filters.isFallback ? 'true' : undefined,
  };
};

type Figures = Omit<TransactionsKpis['comparison'], 'name' | 'from' | 'to'>;

/** Checks every figure of `figures` against the list over `range`, box by box and cell by cell. */
async function expectListAgrees(figures: Figures, scope: Scope, range: { from: string; to: string }, currency: string) {
  const sum = (cells: Tally[]): Tally => ({
    total: cells.reduce((n, cell) => n + cell.total, 0),
    amount: cells.some((cell) => cell.amount === null) ? null : cells.reduce((n, cell) => n + (cell.amount ?? 0), 0),
  });
  const cells = (sales: Figures['sales'], outcomes: readonly (typeof SALE_OUTCOMES)[number][]) =>
    sum(SALE_TYPES.flatMap((type) => outcomes.map((outcome) => sales[type][outcome])));
  const boxes: [DashboardKpi, Tally][] = [
    ['total', figures.boxes.total],
    ['sales', figures.boxes.sales],
    ['rejected', figures.boxes.rejected],
    ['fallback', figures.boxes.fallback],
    ['refunds', figures.refunds.success],
    ['chargebacks', figures.chargebacks.success],
  ];
  // The boxes count what their cells count.
  expect(figures.boxes.total.total).toBe(cells(figures.sales, SALE_OUTCOMES).total);
  expect(figures.boxes.sales.total).toBe(cells(figures.sales, ['success']).total);
  expect(figures.boxes.rejected.total).toBe(cells(figures.sales, REJECTED_OUTCOMES).total);
  expect(figures.boxes.fallback.total).toBe(cells(figures.fallbackSales, ['success']).total);
  for (const [kpi, shown] of boxes) {
    expect({ kpi, ...tallyOf(await listed(scope, range, asFilters(kpi)), currency, Boolean(scope.solution)) }).toEqual({
      kpi,
      ...shown,
    });
  }
  for (const fallback of [false, true]) {
    const sales = fallback ? figures.fallbackSales : figures.sales;
    for (const type of SALE_TYPES) {
      for (const outcome of SALE_OUTCOMES) {
        const items = await listed(scope, range, {
          transactionType: ['PAYMENT', 'RECURRENCE'],
          category: [SALE_TYPE_CATEGORY[type]],
          status: [SALE_OUTCOME_STATUS[outcome]],
          isFallback: fallback ? 'true' : undefined,
        });
        expect({ fallback, type, outcome, ...tallyOf(items, currency, Boolean(scope.solution)) }).toEqual({
          fallback,
          type,
          outcome,
          ...sales[type][outcome],
        });
      }
    }
  }
  // The top errors: the rejected payments' own errors, read from each one's detail.
  const rejected = await listed(scope, range, asFilters('errors'));
  const byCode = new Map<string, { label: string; total: number }>();
  for (const item of rejected) {
    const detail = transactionDetail.parse(await ok(`/account/${account.id}/transaction/${item.transactionId}`));
    if (!detail.error) continue;
    const entry = byCode.get(detail.error.code) ?? { label: detail.error.message, total: 0 };
    entry.total += 1;
    byCode.set(detail.error.code, entry);
  }
  const expected = [...byCode.entries()]
    .map(([code, entry]) => ({ code, label: entry.label, total: entry.total }))
    .sort((a, b) => b.total - a.total || a.code.localeCompare(b.code))
    .slice(0, 5);
  expect(figures.providersErrors).toEqual(expected);
  // The errors box's export: the rejected payments of its codes, exactly as many as the box counts.
  const codes = figures.providersErrors.map((error) => error.code);
  const counted = figures.providersErrors.reduce((sum, error) => sum + error.total, 0);
  const ofTheBox = codes.length === 0 ? [] : await listed(scope, range, { ...asFilters('errors'), errorCode: codes });
  expect(ofTheBox).toHaveLength(counted);
}

async function expectAgreement(scope: Scope, range = THIS_MONTH, currency = 'EUR') {
  const answer = await kpis(scope, range, currency);
  const { comparison, currency: _currency, from, to, missingRates: _missing, ...figures } = answer;
  expect({ from, to }).toEqual(range);
  await expectListAgrees(figures, scope, range, currency);
  const { name: _name, from: cFrom, to: cTo, ...previous } = comparison;
  await expectListAgrees(previous, scope, { from: cFrom, to: cTo }, currency);
  return answer;
}

/** A small deterministic generator (mulberry32), so the fixture is the same on every run. */
function random(seed: number) {
  let state = seed;
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let value = Math.imul(state ^ (state >>> 15), 1 | state);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  return { next, pick };
}

const ERRORS = [
  ['0201', 'Issuer Rejects'],
  ['0102', 'Authentication Failed'],
  ['0606', 'Fraudulent Behaviour'],
  ['0312', 'Missing or Invalid Data'],
  ['1302', 'Invalid Amount'],
  ['0203', 'Expired Card'],
  ['0205', 'Lost Card'],
] as const;

/** Transactions of every kind around both periods, on the merchant, its sibling and another tenant's merchant. */
async function insertFixture() {
  const rng = random(17);
  const first = Date.parse('2026-01-31T22:00:00.000Z');
  const span = Date.parse('2026-03-17T23:59:59.999Z') - first;
  const edges = [
    '2026-03-01T00:00:00.000Z',
    '2026-02-28T23:59:59.999Z',
    '2026-02-17T23:59:59.999Z',
    '2026-02-18T00:00:00.000Z',
    '2026-03-17T23:59:59.999Z',
    '2026-02-01T00:00:00.000Z',
  ];
  for (let n = 0; n < 260; n++) {
    const on = n % 13 === 0 ? foreignWorld : n % 4 === 0 ? siblingWorld : world;
    const createdAt = new Date(n < edges.length * 3 ? edges[n % edges.length]! : first + Math.floor(rng.next() * span));
    const kind = rng.next();
    const currency = rng.pick(['EUR', 'EUR', 'EUR', 'USD', 'GBP', 'SEK']);
    const midId = rng.next() < 0.06 ? null : rng.pick([on.mids.adyen, on.mids.adyen, on.mids.instant, on.mids.sameDay]);
    const base = {
      createdAt,
      midId,
      currency,
      amount: 1 + Math.floor(rng.next() * 250_000),
      cardCountry: rng.next() < 0.05 ? null : rng.pick(['ES', 'ES', 'FR', 'GB', 'US']),
    };
    if (kind < 0.72) {
      const recurrence = rng.next() < 0.3;
      const status = rng.pick([
        'SUCCESS',
        'SUCCESS',
        'SUCCESS',
        'DECLINED',
        'DECLINED',
        'FAILED',
        'ABANDONED',
        'IN_PROCESS',
        'PENDING',
        'PREVENTED',
        'REVERSED',
        'WAITING_FOR_USER',
      ]);
      const rejected = status === 'DECLINED' || status === 'FAILED' || status === 'ABANDONED';
      const error = rejected && rng.next() < 0.85 ? rng.pick(ERRORS) : null;
      await insertTransaction(t.db, on, {
        ...base,
        transactionType: recurrence ? 'RECURRENCE' : 'PAYMENT',
        category: recurrence ? rng.pick(['RENEWAL', 'MAINTENANCE']) : rng.pick(['ONE-OFF', 'INITIAL']),
        status,
        isFallback: rng.next() < 0.2,
        errorCode: error?.[0] ?? null,
        errorMessage: error?.[1] ?? null,
      });
    } else {
      const type = rng.pick(['REFUND', 'PARTIAL_REFUND', 'CHARGEBACK', 'CHARGEBACK', 'INFORMATION_REQUESTED', 'RDR']);
      await insertTransaction(t.db, on, {
        ...base,
        transactionType: type,
        category: rng.pick(['ONE-OFF', 'INITIAL', 'RENEWAL']),
        status: rng.pick(['SUCCESS', 'SUCCESS', 'SUCCESS', 'FAILED', 'IN_PROCESS']),
      });
    }
  }
}

async function insertRates(rows: { day: string; currency: string; rate: string }[]) {
  await upsertRates(t.db, rows);
  for (const row of rows) rates.set(`${row.day} ${row.currency}`, row.rate);
}

beforeAll(async () => {
  t = await buildTestApp({ now: NOW });
  account = await createAccount(t.db, { prettyName: 'Dashboard' });
  other = await createAccount(t.db, { prettyName: 'Other dashboard' });
  merchant = await createMerchant(t.db, account.id);
  sibling = await createMerchant(t.db, account.id);
  foreign = await createMerchant(t.db, other.id);
  world = await createPaymentsWorld(t.db, account.id, merchant.id);
  siblingWorld = await createPaymentsWorld(t.db, account.id, sibling.id);
  foreignWorld = await createPaymentsWorld(t.db, other.id, foreign.id);
  // Rates on every day of both periods (and the day before, for the edge at 22:00 on 31 January).
  const rows: { day: string; currency: string; rate: string }[] = [];
  for (let day = Date.parse('2026-01-31'); day <= Date.parse('2026-03-17'); day += 86_400_000) {
    const text = new Date(day).toISOString().slice(0, 10);
    const wave = (day / 86_400_000) % 7;
    rows.push(
      { day: text, currency: 'USD', rate: (1.05 + wave / 100).toFixed(4) },
      { day: text, currency: 'GBP', rate: (0.83 + wave / 300).toFixed(6) },
      { day: text, currency: 'SEK', rate: (11.1 + wave / 10).toFixed(2) },
    );
  }
  await insertRates(rows);
  await insertFixture();
  tokens.admin = (await signedInAs(t, 'ADMINISTRATOR', account)).token;
  tokens.viewer = (await signedInAs(t, 'VIEWER', account)).token;
  tokens.support = (await signedInAs(t, 'SUPPORT', account)).token;
  tokens.staff = (await signedInAs(t, 'PROVIDER_ADMINISTRATOR', account)).token;
  tokens.foreign = (await signedInAs(t, 'ADMINISTRATOR', other)).token;
}, 120_000);

afterAll(() => t.close());

describe('the KPIs agree with the transactions list', () => {
  it('for the whole account, in EUR and in USD', async () => {
    const answer = await expectAgreement({});
    // The fixture is not trivial: every box holds something in both periods.
    expect(answer.sales.oneOff.success.total).toBeGreaterThan(0);
    expect(answer.fallbackSales.oneOff.success.total + answer.fallbackSales.initial.success.total).toBeGreaterThan(0);
    expect(answer.refunds.success.total).toBeGreaterThan(0);
    expect(answer.chargebacks.success.total).toBeGreaterThan(0);
    expect(answer.providersErrors).toHaveLength(5);
    // More codes than the box lists, and rejections without a code: its export must pick its five.
    expect(answer.providersErrors.reduce((sum, error) => sum + error.total, 0)).toBeLessThan(
      answer.boxes.rejected.total,
    );
    expect(answer.comparison.sales.oneOff.success.total).toBeGreaterThan(0);
    expect(answer.missingRates).toEqual([]);
    await expectAgreement({}, THIS_MONTH, 'USD');
  }, 120_000);

  it('for one merchant, for solutions, for an issuer country and for all three', async () => {
    await expectAgreement({ merchantId: merchant.id });
    await expectAgreement({ solution: ['Cards EU', 'Instant'] });
    await expectAgreement({ issuerCountry: 'US' }, { from: '2026-02-10', to: '2026-03-16' }, 'GBP');
    await expectAgreement({ merchantId: sibling.id, solution: ['Cards EU'], issuerCountry: 'ES' });
  }, 180_000);

  it('after status changes, amount corrections and deletions (the triggers keep the rollup)', async () => {
    const rows = await t.db
      .select({ id: transactions.id, status: transactions.status })
      .from(transactions)
      .where(eq(transactions.merchantId, merchant.id));
    const declined = rows.filter((row) => row.status === 'DECLINED').slice(0, 3);
    const pending = rows.filter((row) => row.status === 'IN_PROCESS').slice(0, 3);
    await t.db
      .update(transactions)
      .set({ status: 'SUCCESS', errorCode: null, errorMessage: null })
      .where(
        inArray(
          transactions.id,
          declined.map((row) => row.id),
        ),
      );
    await t.db
      .update(transactions)
      .set({ status: 'ABANDONED', amount: 777 })
      .where(
        inArray(
          transactions.id,
          pending.map((row) => row.id),
        ),
      );
    const gone = rows.filter((row) => row.status === 'SUCCESS').slice(0, 2);
    await t.db.delete(transactionHistory).where(
      inArray(
        transactionHistory.transactionId,
        gone.map((row) => row.id),
      ),
    );
    await t.db.delete(transactions).where(
      inArray(
        transactions.id,
        gone.map((row) => row.id),
      ),
    );
    await expectAgreement({ merchantId: merchant.id });
  }, 120_000);

  it('counts only the account’s own transactions', async () => {
    const [mine, theirs] = await Promise.all([
      kpis({}, { from: '2026-01-01', to: '2026-03-17' }),
      transactionsKpis.parse(
        await ok(
          `/account/${other.id}/transactions-kpis?creationDateFrom=2026-01-01&creationDateTo=2026-03-17`,
          tokens.foreign,
        ),
      ),
    ]);
    const foreignRows = await t.db
      .select({ id: transactions.id })
      .from(transactions)
      .where(
        and(
          eq(transactions.merchantId, foreign.id),
          eq(transactions.transactionType, 'PAYMENT'),
          eq(transactions.status, 'SUCCESS'),
        ),
      );
    expect(foreignRows.length).toBeGreaterThan(0);
    const sales = (answer: TransactionsKpis) => SALE_TYPES.reduce((n, type) => n + answer.sales[type].success.total, 0);
    expect(sales(theirs)).toBeGreaterThan(0);
    const listedTheirs = transactionList.parse(
      await ok(
        `/account/${other.id}/transaction?${query({
          creationDateFrom: '2026-01-01T00:00:00.000Z',
          creationDateTo: '2026-03-17T23:59:59.999Z',
          ...asFilters('sales'),
        })}`,
        tokens.foreign,
      ),
    );
    expect(sales(theirs)).toBe(listedTheirs.total);
    expect(sales(mine)).toBe((await listed({}, { from: '2026-01-01', to: '2026-03-17' }, asFilters('sales'))).length);
  }, 60_000);
});

describe('the daily sales chart', () => {
  it('has every day of the range with the successful payments of the list on that day', async () => {
    const range = { from: '2026-02-01', to: '2026-02-28' };
    const chart = transactionsChart.parse(
      await ok(
        `/account/${account.id}/transactions-chart?creationDateFrom=${range.from}&creationDateTo=${range.to}&merchantId=${merchant.id}&currency=GBP`,
      ),
    );
    expect(chart.days.map((day) => day.day)).toHaveLength(28);
    expect(chart.days[0]!.day).toBe('2026-02-01');
    const items = await listed({ merchantId: merchant.id }, range, asFilters('sales'));
    for (const day of chart.days) {
      const onDay = items.filter((item) => item.creationDate.startsWith(day.day));
      expect({ day: day.day, ...tallyOf(onDay, 'GBP') }).toEqual({ day: day.day, ...day.sales });
    }
    expect(chart.days.reduce((n, day) => n + day.sales.total, 0)).toBe(items.length);
  }, 60_000);
});

describe('amounts in another currency', () => {
  let convertAccount: AccountRow;
  let convertWorld: PaymentsWorld;
  let token: string;
  const at = (day: string) => new Date(`${day}T10:00:00.000Z`);
  const range = { from: '2026-01-10', to: '2026-01-20' };
  const url = (currency: string, days = range) =>
    `/account/${convertAccount.id}/transactions-kpis?creationDateFrom=${days.from}&creationDateTo=${days.to}&currency=${currency}`;

  beforeAll(async () => {
    convertAccount = await createAccount(t.db, { prettyName: 'Converted' });
    const convertMerchant = await createMerchant(t.db, convertAccount.id);
    convertWorld = await createPaymentsWorld(t.db, convertAccount.id, convertMerchant.id);
    token = (await signedInAs(t, 'ADMINISTRATOR', convertAccount)).token;
    // 1 EUR = 1.25 USD = 0.8 GBP on the 12th; on the 15th there is a GBP rate but no USD rate.
    await upsertRates(t.db, [
      { day: '2026-01-12', currency: 'USD', rate: '1.25' },
      { day: '2026-01-12', currency: 'GBP', rate: '0.8' },
      { day: '2026-01-15', currency: 'GBP', rate: '0.85' },
    ]);
    const sale = (day: string, currency: string, amount: number, extra: Record<string, unknown> = {}) =>
      insertTransaction(t.db, convertWorld, { createdAt: at(day), currency, amount, ...extra });
    await sale('2026-01-12', 'USD', 10_000); // 80.00 EUR, 64.00 GBP
    await sale('2026-01-12', 'EUR', 3_333); // 33.33 EUR, 41.66(25) USD, 26.66(4) GBP
    await sale('2026-01-12', 'EUR', 1, { transactionType: 'REFUND' }); // 0.01 EUR = 0.0125 USD -> 0.01
    await sale('2026-01-15', 'EUR', 500, { transactionType: 'CHARGEBACK' });
  });

  it('knows the minor unit of every currency as the console does', async () => {
    const codes = ['EUR', 'USD', 'GBP', 'CHF', ...ZERO_DECIMAL_CURRENCIES, ...THREE_DECIMAL_CURRENCIES];
    const result = await t.db.execute(
      sql`select code, currency_exponent(code) as digits from unnest(${sql.param(codes)}::text[]) as code`,
    );
    const digits = (result as unknown as { rows: { code: string; digits: number }[] }).rows;
    expect(Object.fromEntries(digits.map((row) => [row.code, row.digits]))).toEqual(
      Object.fromEntries(codes.map((code) => [code, currencyExponent(code)])),
    );
  });

  it('converts each day at its rate, in minor units, rounding the sum once', async () => {
    const eur = transactionsKpis.parse(await ok(url('EUR'), token));
    expect(eur.sales.oneOff.success).toEqual({ total: 2, amount: 8_000 + 3_333 });
    const usd = transactionsKpis.parse(await ok(url('USD'), token));
    // 10000 USD cents stay; 3333 EUR cents are 4166.25 USD cents: 14166.25 rounds to 14166.
    expect(usd.sales.oneOff.success).toEqual({ total: 2, amount: 14_166 });
    expect(usd.refunds.success).toEqual({ total: 1, amount: 1 });
    const gbp = transactionsKpis.parse(await ok(url('GBP'), token));
    // 10000 USD cents at 0.8/1.25 = 6400; 3333 EUR cents at 0.8 = 2666.4: 9066.4 rounds to 9066.
    expect(gbp.sales.oneOff.success).toEqual({ total: 2, amount: 9_066 });
    expect(gbp.chargebacks.success).toEqual({ total: 1, amount: 425 });
    expect(gbp.missingRates).toEqual([]);
  });

  it('marks an amount unavailable when a day’s rate is missing, and only that amount', async () => {
    await insertTransaction(t.db, convertWorld, { createdAt: at('2026-01-15'), currency: 'USD', amount: 2_000 });
    const eur = transactionsKpis.parse(await ok(url('EUR'), token));
    expect(eur.sales.oneOff.success).toEqual({ total: 3, amount: null });
    expect(eur.missingRates).toEqual([{ day: '2026-01-15', currency: 'USD' }]);
    // The boxes without a USD amount that day keep theirs.
    expect(eur.refunds.success).toEqual({ total: 1, amount: 1 });
    expect(eur.chargebacks.success).toEqual({ total: 1, amount: 500 });
    // In USD nothing of that day needs converting from USD, but the EUR chargeback needs the USD rate.
    const usd = transactionsKpis.parse(await ok(url('USD'), token));
    expect(usd.sales.oneOff.success).toEqual({ total: 3, amount: 16_166 });
    expect(usd.chargebacks.success).toEqual({ total: 1, amount: null });
    // A range without that day is whole again.
    const before = transactionsKpis.parse(await ok(url('EUR', { from: '2026-01-10', to: '2026-01-14' }), token));
    expect(before.sales.oneOff.success).toEqual({ total: 2, amount: 11_333 });
    // The chart marks the day, not the month.
    const chart = transactionsChart.parse(
      await ok(
        `/account/${convertAccount.id}/transactions-chart?creationDateFrom=2026-01-10&creationDateTo=2026-01-20`,
        token,
      ),
    );
    expect(chart.days.find((day) => day.day === '2026-01-12')!.sales).toEqual({ total: 2, amount: 11_333 });
    expect(chart.days.find((day) => day.day === '2026-01-15')!.sales).toEqual({ total: 1, amount: null });
    expect(chart.missingRates).toEqual([{ day: '2026-01-15', currency: 'USD' }]);
    // A rates file with a bad line imports nothing; the good file (`npm run seed -- --import-rates`) makes it whole.
    await expect(importRatesFile(t.db, 'day,currency,rate\n2026-01-15,USD,1.6\n2026-01-16,USD,-1\n')).rejects.toThrow(
      "line 3: '-1' is not a positive rate with at most 8 decimals",
    );
    await expect(importRatesFile(t.db, '2026-01-15,EUR,1\n')).rejects.toThrow(RatesFileError);
    expect(transactionsKpis.parse(await ok(url('EUR'), token)).sales.oneOff.success.amount).toBeNull();
    expect(await importRatesFile(t.db, 'day,currency,rate\n2026-01-15,USD,1.6\n2026-01-12,GBP,0.8\n')).toBe(2);
    const whole = transactionsKpis.parse(await ok(url('EUR'), token));
    expect(whole.sales.oneOff.success).toEqual({ total: 3, amount: 11_333 + 1_250 });
  });
});

describe('the comparison period', () => {
  const comparisonOf = async (from: string, to: string) => {
    const answer = await kpis({}, { from, to });
    return { name: answer.comparison.name, from: answer.comparison.from, to: answer.comparison.to };
  };

  it('is the same days of last month for this month, the month before for a whole month, else the days before', async () => {
    expect(await comparisonOf('2026-03-01', '2026-03-17')).toEqual({
      name: 'February',
      from: '2026-02-01',
      to: '2026-02-17',
    });
    expect(await comparisonOf('2026-03-01', '2026-03-31')).toEqual({
      name: 'February',
      from: '2026-02-01',
      to: '2026-02-28',
    });
    expect(await comparisonOf('2026-01-01', '2026-01-31')).toEqual({
      name: 'December 2025',
      from: '2025-12-01',
      to: '2025-12-31',
    });
    expect(await comparisonOf('2026-03-11', '2026-03-17')).toEqual({
      name: 'last 7 days',
      from: '2026-03-04',
      to: '2026-03-10',
    });
    expect(await comparisonOf('2026-03-17', '2026-03-17')).toEqual({
      name: 'previous day',
      from: '2026-03-16',
      to: '2026-03-16',
    });
  });

  it('carries the figures the same call gives for the comparison range', async () => {
    const answer = await kpis({ merchantId: merchant.id });
    const direct = await kpis({ merchantId: merchant.id }, { from: answer.comparison.from, to: answer.comparison.to });
    const { name: _name, from: _from, to: _to, ...previous } = answer.comparison;
    const { comparison: _c, currency: _cur, from: _f, to: _t, missingRates: _m, ...figures } = direct;
    expect(previous).toEqual(figures);
  });
});

describe('roles and tenants', () => {
  const url = (accountId: string, extra = '') =>
    `/account/${accountId}/transactions-kpis?creationDateFrom=2026-03-01&creationDateTo=2026-03-17${extra}`;
  const chartUrl = (accountId: string, extra = '') =>
    `/account/${accountId}/transactions-chart?creationDateFrom=2026-03-01&creationDateTo=2026-03-17${extra}`;

  it('needs overview.read: viewers and provider staff read it, roles without it get 403', async () => {
    expect((await get(url(account.id), tokens.viewer)).statusCode).toBe(200);
    expect((await get(url(account.id), tokens.staff)).statusCode).toBe(200);
    const support = ROLE_DEFINITIONS.find((role) => role.name === 'SUPPORT')!;
    expect(can({ permissions: support.permissions }, 'overview.read')).toBe(false);
    expect((await get(url(account.id), tokens.support)).statusCode).toBe(403);
    expect((await get(chartUrl(account.id), tokens.support)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/api${url(account.id)}` })).statusCode, 'without a token').toBe(
      401,
    );
  });

  it('answers 404 for another tenant’s account or merchant, and for an unknown merchant', async () => {
    for (const path of [url, chartUrl]) {
      expect((await get(path(other.id))).statusCode).toBe(404);
      expect((await get(path(account.id), tokens.foreign)).statusCode).toBe(404);
      expect((await get(path(account.id, `&merchantId=${foreign.id}`))).statusCode).toBe(404);
      expect((await get(path(account.id, `&merchantId=${randomUUID()}`))).statusCode).toBe(404);
      expect((await get(path('not-an-account'))).statusCode).toBe(404);
      expect((await get(path(account.id, `&merchantId=${sibling.id}`))).statusCode).toBe(200);
    }
  });

  it('counts no other merchant’s solution of the same name', async () => {
    // Solutions are the account's: a name names the account's own only.
    const [mid] = await t.db
      .select({ solutionId: mids.solutionId })
      .from(mids)
      .where(eq(mids.id, foreignWorld.mids.adyen));
    expect(mid?.solutionId).toBeTruthy();
    const answer = await kpis({ solution: ['No such solution'] });
    expect(answer.sales.oneOff.success).toEqual({ total: 0, amount: 0 });
  });
});

describe('bad input', () => {
  const status = async (search: string) => (await get(`/account/${account.id}/transactions-kpis?${search}`)).statusCode;

  it('refuses reversed and over-long ranges, unknown currencies, instants inside a day and missing dates', async () => {
    const reversed = await get(
      `/account/${account.id}/transactions-kpis?creationDateFrom=2026-03-10&creationDateTo=2026-03-01`,
    );
    expect(reversed.statusCode).toBe(400);
    expect(reversed.body).toContain('The indicated dates are not correct');
    const long = await get(
      `/account/${account.id}/transactions-kpis?creationDateFrom=2025-01-01&creationDateTo=2026-02-05`,
    );
    expect(long.statusCode).toBe(400);
    expect(long.body).toContain('The range is at most 400 days');
    // 400 days exactly is fine.
    expect(await status('creationDateFrom=2025-02-11&creationDateTo=2026-03-17')).toBe(200);
    expect(await status('creationDateFrom=2026-03-01&creationDateTo=2026-03-17&currency=JPY')).toBe(400);
    expect(await status('creationDateFrom=2026-03-01T10:00:00.000Z&creationDateTo=2026-03-17')).toBe(400);
    expect(await status('creationDateFrom=2026-03-01&creationDateTo=2026-03-17T12:00:00.000Z')).toBe(400);
    expect(await status('creationDateFrom=2026-02-30&creationDateTo=2026-03-17')).toBe(400);
    expect(await status('creationDateTo=2026-03-17')).toBe(400);
    expect(await status('creationDateFrom=2026-03-01&creationDateTo=2026-03-17&issuerCountry=Spain')).toBe(400);
    expect(await status('creationDateFrom=2026-03-01&creationDateTo=2026-03-17&merchantId=nope')).toBe(400);
    // The bounds the transactions list takes are accepted as they are.
    expect(await status('creationDateFrom=2026-03-01T00:00:00.000Z&creationDateTo=2026-03-17T23:59:59.999Z')).toBe(200);
    expect(
      (await get(`/account/${account.id}/transactions-chart?creationDateFrom=2026-03-02&creationDateTo=2026-03-01`))
        .statusCode,
    ).toBe(400);
  });
});
