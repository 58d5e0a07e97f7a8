import { randomUUID } from 'node:crypto';
import { descriptorList, midCounter, midSalesList, pspCounter, pspList } from '@domain/contract/counters';
import { limitAlertFirings, limits, mids, roles, solutions, transactions } from '@server/db/schema';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AccountRow,
  authHeader,
  buildTestApp,
  createAccount,
  createMerchant,
  createUser,
  type MerchantRow,
  signedInAs,
  signIn,
  type TestApp,
} from './helpers/test-app';
import {
  createPaymentsWorld,
  insertTransaction,
  type PaymentsWorld,
  type TransactionInput,
} from './helpers/transaction-fixtures';

// Counters over the API (issue 16; spec 3, sections 2.6, 3 "Counter data" and 7): successful sales per provider
// solution, MID, card brand and descriptor, read from the sales rollup the transactions' triggers keep, against the
// limits in force; tenants and roles. The app's clock stands at 2026-03-10 12:00 UTC unless a test moves it.

const NOW = Date.parse('2026-03-10T12:00:00.000Z');

let t: TestApp;
let account: AccountRow;
let merchant: MerchantRow;
let sibling: MerchantRow;
let foreign: MerchantRow;
let world: PaymentsWorld;
let siblingWorld: PaymentsWorld;
let foreignWorld: PaymentsWorld;
/** A second MID of the merchant on the Cards EU solution. */
let backupMid: string;
const psp = { cardsEu: '', sameDay: '', delayed: '', instant: '' };
const tokens = { admin: '', viewer: '', support: '', counterOnly: '', foreign: '' };

const get = (url: string, token = tokens.admin) =>
  t.app.inject({ method: 'GET', url: `/api${url}`, headers: authHeader(token) });
const ok = async (url: string, token = tokens.admin) => {
  const response = await get(url, token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as unknown;
};

const sale = (createdAt: string, input: Omit<TransactionInput, 'createdAt'> = {}, on = world) =>
  insertTransaction(t.db, on, { createdAt: new Date(createdAt), ...input });
const sales = async (times: number, createdAt: string, input: Omit<TransactionInput, 'createdAt'> = {}) => {
  for (let n = 0; n < times; n++) await sale(createdAt, input);
};

async function solutionOf(midId: string) {
  const [row] = await t.db.select({ solutionId: mids.solutionId }).from(mids).where(eq(mids.id, midId));
  return row!.solutionId;
}

async function saveLimit(values: Partial<typeof limits.$inferInsert> & { solutionId: string }) {
  const [row] = await t.db
    .insert(limits)
    .values({ accountId: account.id, merchantId: merchant.id, ...values })
    .returning({ id: limits.id });
  return row!.id;
}

async function fire(limitId: string, solutionId: string, values: Partial<typeof limitAlertFirings.$inferInsert>) {
  await t.db.insert(limitAlertFirings).values({
    limitId,
    accountId: account.id,
    merchantId: merchant.id,
    solutionId,
    period: 'DAILY',
    periodStart: '2026-03-01',
    percentage: 0.5,
    limitValue: 10,
    sales: 5,
    firedAt: new Date(NOW),
    ...values,
  });
}

beforeAll(async () => {
  t = await buildTestApp({ now: NOW });
  account = await createAccount(t.db, { prettyName: 'Counters' });
  const other = await createAccount(t.db, { prettyName: 'Other counters' });
  merchant = await createMerchant(t.db, account.id);
  sibling = await createMerchant(t.db, account.id);
  foreign = await createMerchant(t.db, other.id);
  world = await createPaymentsWorld(t.db, account.id, merchant.id);
  siblingWorld = await createPaymentsWorld(t.db, account.id, sibling.id);
  foreignWorld = await createPaymentsWorld(t.db, other.id, foreign.id);
  psp.cardsEu = await solutionOf(world.mids.adyen);
  psp.sameDay = await solutionOf(world.mids.sameDay);
  psp.delayed = await solutionOf(world.mids.delayed);
  psp.instant = await solutionOf(world.mids.instant);
  const [adyen] = await t.db.select({ acquirerId: mids.acquirerId }).from(mids).where(eq(mids.id, world.mids.adyen));
  const [backup] = await t.db
    .insert(mids)
    .values({
      accountId: account.id,
      merchantId: merchant.id,
      description: 'Adyen backup',
      midAcquirerId: 'ADY-BACKUP',
      acquirerId: adyen!.acquirerId,
      solutionId: psp.cardsEu,
      enable: false,
    })
    .returning({ id: mids.id });
  backupMid = backup!.id;
  // A solution of the account the merchant has no MID on.
  await t.db.insert(solutions).values({ accountId: account.id, acquirerId: adyen!.acquirerId, prettyName: 'Unused' });
  await t.db
    .insert(roles)
    .values({ name: 'COUNTERS_ONLY', prettyName: 'Counters only', permissions: ['counter.read'] });
  tokens.admin = (await signedInAs(t, 'ADMINISTRATOR', account)).token;
  tokens.viewer = (await signedInAs(t, 'VIEWER', account)).token;
  tokens.support = (await signedInAs(t, 'SUPPORT', account)).token;
  const counterOnly = await createUser(t.db, { role: 'COUNTERS_ONLY', type: 'ACCOUNT', accountIds: [account.id] });
  tokens.counterOnly = (await signIn(t.app, { email: counterOnly.email, accountId: account.shortId })).token;
  tokens.foreign = (await signedInAs(t, 'ADMINISTRATOR', other)).token;
}, 60_000);

afterAll(() => t.close());

describe("the merchant's provider solutions", () => {
  it("lists the solutions the merchant has MIDs on as 'Provider - Solution', by label, with their MID counts", async () => {
    const { items } = pspList.parse(await ok(`/merchant/${merchant.id}/psp`));
    expect(items.map((item) => [item.label, item.mids])).toEqual([
      ['Adyen - Cards EU', 2],
      ['Adyen - Cards Same Day', 1],
      ['Sandbox Acquirer - Always Fails', 1],
      ['Sandbox Acquirer - Delayed', 1],
      ['Sandbox Acquirer - Instant', 1],
    ]);
    expect(items[0]).toMatchObject({
      pspId: psp.cardsEu,
      solution: { id: psp.cardsEu, prettyName: 'Cards EU' },
      provider: { prettyName: 'Adyen' },
    });
  });
});

describe('the KPI counters of a solution', () => {
  const counter = async (pspId = psp.sameDay, token = tokens.admin) =>
    pspCounter.parse(await ok(`/merchant/${merchant.id}/psp/${pspId}/counter`, token));
  const onSameDay = { midId: '' };

  beforeAll(async () => {
    onSameDay.midId = world.mids.sameDay;
    for (const at of [
      '2026-03-10T00:00:00.000Z',
      '2026-03-10T11:00:00.000Z',
      '2026-03-09T23:59:59.999Z',
      '2026-03-01T00:00:00.000Z',
      '2026-02-28T23:59:59.999Z',
      '2026-02-01T00:00:00.000Z',
      '2026-01-31T23:59:59.999Z',
      '2026-01-01T00:00:00.000Z',
      '2025-12-31T23:59:59.999Z',
    ]) {
      await sale(at, onSameDay);
    }
    // Today, but not sales: declined, failed and pending payments, refunds, chargebacks.
    await sale('2026-03-10T09:00:00.000Z', { ...onSameDay, status: 'DECLINED' });
    await sale('2026-03-10T09:00:00.000Z', { ...onSameDay, status: 'FAILED', transactionType: 'RECURRENCE' });
    await sale('2026-03-10T09:00:00.000Z', { ...onSameDay, status: 'IN_PROCESS' });
    await sale('2026-03-10T09:00:00.000Z', { ...onSameDay, transactionType: 'REFUND' });
    await sale('2026-03-10T09:00:00.000Z', { ...onSameDay, transactionType: 'PARTIAL_REFUND' });
    await sale('2026-03-10T09:00:00.000Z', { ...onSameDay, transactionType: 'CHARGEBACK' });
    // Sales of another merchant on the same solution, and of this merchant on another solution.
    await sale('2026-03-10T09:00:00.000Z', { midId: siblingWorld.mids.sameDay }, siblingWorld);
    await sale('2026-03-10T09:00:00.000Z', { midId: world.mids.instant });
  });

  it('counts successful sales today, this month, last month and two months ago, by UTC day', async () => {
    const answer = await counter();
    expect(answer.today).toBe('2026-03-10');
    expect(answer.sales.success).toEqual({ today: 2, thisMonth: 4, lastMonth: 2, twoMonthsAgo: 2 });
  });

  it('counts a recurrence as a sale', async () => {
    const before = (await counter()).sales.success;
    await sale('2026-03-10T10:00:00.000Z', { ...onSameDay, transactionType: 'RECURRENCE' });
    expect((await counter()).sales.success).toEqual({
      ...before,
      today: before.today + 1,
      thisMonth: before.thisMonth + 1,
    });
  });

  it('drops a sale whose status changes from SUCCESS to REVERSED, and adds one that settles to SUCCESS', async () => {
    const before = (await counter()).sales.success;
    const reversed = await sale('2026-03-10T08:00:00.000Z', onSameDay);
    const settling = await sale('2026-02-15T08:00:00.000Z', { ...onSameDay, status: 'IN_PROCESS' });
    expect((await counter()).sales.success.today).toBe(before.today + 1);
    await t.db.update(transactions).set({ status: 'REVERSED' }).where(eq(transactions.id, reversed.id));
    await t.db.update(transactions).set({ status: 'SUCCESS' }).where(eq(transactions.id, settling.id));
    expect((await counter()).sales.success).toEqual({ ...before, lastMonth: before.lastMonth + 1 });
  });

  it("follows the app's clock: on the first of April, March is last month", async () => {
    const before = (await counter()).sales.success;
    t.clock.set(Date.parse('2026-04-01T00:00:00.000Z'));
    try {
      // Three weeks on, the morning's session has expired: a new one.
      const { token } = await signedInAs(t, 'VIEWER', account);
      const answer = await counter(psp.sameDay, token);
      expect(answer.today).toBe('2026-04-01');
      expect(answer.sales.success).toEqual({
        today: 0,
        thisMonth: 0,
        lastMonth: before.thisMonth,
        twoMonthsAgo: before.lastMonth,
      });
    } finally {
      t.clock.set(NOW);
    }
  });

  it('answers zeros on a solution without sales', async () => {
    expect((await counter(psp.delayed)).sales.success).toEqual({
      today: 0,
      thisMonth: 0,
      lastMonth: 0,
      twoMonthsAgo: 0,
    });
  });

  it('shows the global limits in force: a daily 10 is 300 a month, a monthly 100 is 4 a day', async () => {
    // Another merchant's global limit on the same solution, and this merchant's MID limit, are not the global one.
    await t.db
      .insert(limits)
      .values({ accountId: account.id, merchantId: sibling.id, solutionId: psp.sameDay, total: 7 });
    await saveLimit({ solutionId: psp.sameDay, midId: world.mids.sameDay, total: 9 });
    expect((await counter()).limits).toEqual({ total: null, daily: null });
    const limitId = await saveLimit({ solutionId: psp.sameDay, daily: 10 });
    expect((await counter()).limits).toEqual({ total: 300, daily: 10 });
    await t.db.update(limits).set({ total: 100, daily: null }).where(eq(limits.id, limitId));
    expect((await counter()).limits).toEqual({ total: 100, daily: 4 });
    await t.db.update(limits).set({ total: 100, daily: 5 }).where(eq(limits.id, limitId));
    expect((await counter()).limits).toEqual({ total: 100, daily: 5 });
  });

  it('lists the alerts fired this month and last, newest first, with their level and MID', async () => {
    const [global] = await t.db
      .select({ id: limits.id })
      .from(limits)
      .where(and(eq(limits.merchantId, merchant.id), eq(limits.solutionId, psp.sameDay), eq(limits.total, 100)));
    const [midLimit] = await t.db
      .select({ id: limits.id })
      .from(limits)
      .where(and(eq(limits.merchantId, merchant.id), eq(limits.midId, world.mids.sameDay), eq(limits.total, 9)));
    const brand = await saveLimit({ solutionId: psp.sameDay, midId: world.mids.sameDay, cardBrand: 'VISA', total: 50 });
    const descriptor = await saveLimit({
      solutionId: psp.sameDay,
      midId: world.mids.sameDay,
      cardBrand: 'VISA',
      descriptor: 'SHOP*ONE',
      daily: 3,
    });
    await fire(midLimit!.id, psp.sameDay, {
      periodStart: '2026-03-09',
      firedAt: new Date('2026-03-09T15:00:00.000Z'),
      percentage: 0.8,
      limitValue: 9,
      sales: 8,
    });
    await fire(global!.id, psp.sameDay, {
      period: 'MONTHLY',
      periodStart: '2026-03-01',
      firedAt: new Date('2026-03-08T10:00:00.000Z'),
      limitValue: 100,
      sales: 50,
    });
    await fire(descriptor, psp.sameDay, { periodStart: '2026-02-01', firedAt: new Date('2026-02-01T00:00:00.000Z') });
    // Two months ago: no longer listed.
    await fire(brand, psp.sameDay, {
      period: 'MONTHLY',
      periodStart: '2026-01-01',
      firedAt: new Date('2026-01-31T23:59:59.999Z'),
    });
    // Another solution's alert.
    const elsewhere = await saveLimit({ solutionId: psp.instant, total: 10 });
    await fire(elsewhere, psp.instant, { firedAt: new Date('2026-03-10T01:00:00.000Z') });

    const { firedAlerts } = await counter();
    expect(firedAlerts).toEqual([
      {
        limitId: midLimit!.id,
        level: 'MID',
        midId: world.mids.sameDay,
        midDescription: 'Cards Same Day MID',
        cardBrand: null,
        descriptor: null,
        period: 'DAILY',
        periodStart: '2026-03-09',
        percentage: 0.8,
        limit: 9,
        sales: 8,
        firedAt: '2026-03-09T15:00:00.000Z',
      },
      expect.objectContaining({ limitId: global!.id, level: 'GLOBAL', midId: null, midDescription: null }),
      expect.objectContaining({
        limitId: descriptor,
        level: 'DESCRIPTOR',
        cardBrand: 'VISA',
        descriptor: 'SHOP*ONE',
        periodStart: '2026-02-01',
      }),
    ]);
    const onInstant = await counter(psp.instant);
    expect(onInstant.firedAlerts.map((alert) => alert.limitId)).toEqual([elsewhere]);
  });

  it('lists at most 50 alerts, the newest', async () => {
    const midLimit = await saveLimit({ solutionId: psp.delayed, midId: world.mids.delayed, daily: 10 });
    const brandLimit = await saveLimit({
      solutionId: psp.delayed,
      midId: world.mids.delayed,
      cardBrand: 'MC',
      daily: 10,
    });
    for (let day = 1; day <= 28; day++) {
      const periodStart = `2026-02-${String(day).padStart(2, '0')}`;
      await fire(midLimit, psp.delayed, { periodStart, firedAt: new Date(`${periodStart}T10:00:00.000Z`) });
      await fire(brandLimit, psp.delayed, { periodStart, firedAt: new Date(`${periodStart}T11:00:00.000Z`) });
    }
    const { firedAlerts } = await counter(psp.delayed);
    expect(firedAlerts).toHaveLength(50);
    expect(firedAlerts[0]).toMatchObject({
      limitId: brandLimit,
      level: 'CARD_BRAND',
      firedAt: '2026-02-28T11:00:00.000Z',
    });
    // Two a day from the 28th back: the 4th's MID alert is the 50th.
    expect(firedAlerts.at(-1)).toMatchObject({ limitId: midLimit, level: 'MID', periodStart: '2026-02-04' });
  });
});

describe('MIDs, their daily sales and their descriptors', () => {
  const FEBRUARY = 'from=2026-02-01&to=2026-02-28';
  const adyen = () => world.mids.adyen;

  beforeAll(async () => {
    const onAdyen = { midId: world.mids.adyen };
    await sales(3, '2026-02-03T10:00:00.000Z', { ...onAdyen, cardBrand: 'VISA', shopperStatement: 'SHOP*ALPHA' });
    await sale('2026-02-03T23:59:59.999Z', {
      ...onAdyen,
      cardBrand: 'VISA',
      shopperStatement: 'SHOP*BETA',
      transactionType: 'RECURRENCE',
    });
    await sales(2, '2026-02-04T00:00:00.000Z', { ...onAdyen, cardBrand: 'MC', shopperStatement: 'SHOP*ALPHA' });
    await sale('2026-02-05T12:00:00.000Z', { ...onAdyen, cardBrand: 'AMEX', shopperStatement: 'shop*gamma' });
    // A sale without a brand and one without a descriptor: in the MID's totals, in no descriptor row.
    await sale('2026-02-05T12:00:00.000Z', { ...onAdyen, cardBrand: null, shopperStatement: 'SHOP*NOBRAND' });
    await sale('2026-02-06T12:00:00.000Z', { ...onAdyen, cardBrand: 'VISA', shopperStatement: null });
    // Not sales, or not in February.
    await sale('2026-02-06T12:00:00.000Z', { ...onAdyen, status: 'DECLINED', shopperStatement: 'SHOP*ALPHA' });
    await sale('2026-02-06T12:00:00.000Z', { ...onAdyen, transactionType: 'REFUND', shopperStatement: 'SHOP*ALPHA' });
    await sale('2026-01-31T23:59:59.999Z', { ...onAdyen, shopperStatement: 'SHOP*ALPHA' });
    await sale('2026-03-01T00:00:00.000Z', { ...onAdyen, shopperStatement: 'SHOP*ALPHA' });
    const onBackup = { midId: backupMid };
    await sales(5, '2026-02-10T10:00:00.000Z', { ...onBackup, cardBrand: 'VISA', shopperStatement: 'SHOP*ALPHA' });
    await sale('2026-02-11T10:00:00.000Z', { ...onBackup, cardBrand: 'MC', shopperStatement: 'Shop*Delta' });
    // The sibling merchant's sales on the same solution.
    await sale(
      '2026-02-10T10:00:00.000Z',
      { midId: siblingWorld.mids.adyen, cardBrand: 'VISA', shopperStatement: 'SHOP*ALPHA' },
      siblingWorld,
    );

    await saveLimit({ solutionId: psp.cardsEu, midId: adyen(), daily: 10, alertPercentage: 0.5 });
    await saveLimit({ solutionId: psp.cardsEu, midId: adyen(), cardBrand: 'VISA', total: 100 });
    await saveLimit({
      solutionId: psp.cardsEu,
      midId: adyen(),
      cardBrand: 'VISA',
      descriptor: 'SHOP*ALPHA',
      total: 50,
    });
    await saveLimit({
      solutionId: psp.cardsEu,
      midId: backupMid,
      cardBrand: 'MC',
      descriptor: 'Shop*Delta',
      total: 20,
      daily: 2,
    });
  });

  describe('the MIDs of a solution', () => {
    it("lists the solution's MIDs by description with the range's sales per brand group against their monthly limits", async () => {
      const { items } = midSalesList.parse(await ok(`/merchant/${merchant.id}/psp/${psp.cardsEu}/mid?${FEBRUARY}`));
      expect(items.map((item) => [item.description, item.enable])).toEqual([
        ['Adyen backup', false],
        ['Cards EU MID', true],
      ]);
      expect(items[0]!.monthlySales).toEqual({
        sales: 6,
        period: 'MONTHLY',
        limit: null,
        cardBrands: [
          { name: 'VISA', sales: 5, limit: null },
          { name: 'MC', sales: 1, limit: null },
          { name: 'OTHERS', sales: 0, limit: null },
        ],
      });
      expect(items[1]).toMatchObject({ midId: adyen(), midAcquirerId: expect.stringMatching(/^MID-/) });
      // VISA's monthly 100 as saved; the MID's daily 10 makes 300 a month. Others: the AMEX sale and the one without a
      // brand.
      expect(items[1]!.monthlySales).toEqual({
        sales: 9,
        period: 'MONTHLY',
        limit: 300,
        cardBrands: [
          { name: 'VISA', sales: 5, limit: 100 },
          { name: 'MC', sales: 2, limit: null },
          { name: 'OTHERS', sales: 2, limit: null },
        ],
      });
    });

    it('measures a single day against the daily limits in force, so a busy day turns the bars amber or red', async () => {
      const { items } = midSalesList.parse(
        await ok(`/merchant/${merchant.id}/psp/${psp.cardsEu}/mid?from=2026-02-03&to=2026-02-03`),
      );
      // The MID's daily 10 as saved; VISA's monthly 100 makes 4 a day, which the day's 4 Visa sales reach.
      expect(items[1]!.monthlySales).toEqual({
        sales: 4,
        period: 'DAILY',
        limit: 10,
        cardBrands: [
          { name: 'VISA', sales: 4, limit: 4 },
          { name: 'MC', sales: 0, limit: null },
          { name: 'OTHERS', sales: 0, limit: null },
        ],
      });
    });

    it('lists only the brand groups a MID takes, and any it sold on', async () => {
      await t.db
        .update(mids)
        .set({ cardBrand: ['AMEX'] })
        .where(eq(mids.id, backupMid));
      try {
        const { items } = midSalesList.parse(await ok(`/merchant/${merchant.id}/psp/${psp.cardsEu}/mid?${FEBRUARY}`));
        // An AMEX-only MID: Others; its Visa and Mastercard sales of February keep their groups in view.
        expect(items[0]!.monthlySales.cardBrands.map((brand) => brand.name)).toEqual(['VISA', 'MC', 'OTHERS']);
        const quiet = midSalesList.parse(
          await ok(`/merchant/${merchant.id}/psp/${psp.cardsEu}/mid?from=2026-02-20&to=2026-02-21`),
        );
        expect(quiet.items[0]!.monthlySales.cardBrands).toEqual([{ name: 'OTHERS', sales: 0, limit: null }]);
      } finally {
        await t.db.update(mids).set({ cardBrand: [] }).where(eq(mids.id, backupMid));
      }
    });

    it('counts this month (UTC) when asked without a range, as the spec calls it', async () => {
      await sales(2, '2026-03-02T10:00:00.000Z', { midId: backupMid, cardBrand: 'MC' });
      const answer = midSalesList.parse(await ok(`/merchant/${merchant.id}/psp/${psp.cardsEu}/mid`));
      const thisMonth = midSalesList.parse(
        await ok(`/merchant/${merchant.id}/psp/${psp.cardsEu}/mid?from=2026-03-01&to=2026-03-10`),
      );
      expect(answer).toEqual(thisMonth);
      expect(answer.items[0]!.monthlySales).toMatchObject({ sales: 2, period: 'MONTHLY' });
    });

    it('lists Visa, Mastercard and Others with 0 for a MID without sales in the range', async () => {
      const { items } = midSalesList.parse(
        await ok(`/merchant/${merchant.id}/psp/${psp.cardsEu}/mid?from=2026-02-12&to=2026-02-20`),
      );
      expect(items.map((item) => item.monthlySales)).toEqual([
        {
          sales: 0,
          period: 'MONTHLY',
          limit: null,
          cardBrands: [
            { name: 'VISA', sales: 0, limit: null },
            { name: 'MC', sales: 0, limit: null },
            { name: 'OTHERS', sales: 0, limit: null },
          ],
        },
        {
          sales: 0,
          period: 'MONTHLY',
          limit: 300,
          cardBrands: [
            { name: 'VISA', sales: 0, limit: 100 },
            { name: 'MC', sales: 0, limit: null },
            { name: 'OTHERS', sales: 0, limit: null },
          ],
        },
      ]);
    });

    it('refuses a reversed range, one longer than 93 days and half a range', async () => {
      const url = `/merchant/${merchant.id}/psp/${psp.cardsEu}/mid`;
      expect((await get(`${url}?from=2026-02-10&to=2026-02-01`)).statusCode).toBe(400);
      expect((await get(`${url}?from=2025-11-01&to=2026-02-28`)).statusCode).toBe(400);
      expect((await get(`${url}?from=2026-02-01`)).statusCode).toBe(400);
      expect((await get(`${url}?to=2026-02-01`)).statusCode).toBe(400);
      expect((await get(`${url}?from=2026-02-01&to=2026-02-30x`)).statusCode).toBe(400);
    });
  });

  describe("a MID's daily sales", () => {
    const midCounterOf = async (midId: string, range = FEBRUARY) =>
      midCounter.parse(await ok(`/merchant/${merchant.id}/psp/${psp.cardsEu}/mid/${midId}/counter?${range}`));

    it('has every day of the range, all brands against the daily limit and its alert, then each brand group sold', async () => {
      const { dailySales } = await midCounterOf(adyen());
      expect(dailySales.xMetric).toHaveLength(28);
      expect(dailySales.xMetric.slice(0, 3)).toEqual(['2026-02-01', '2026-02-02', '2026-02-03']);
      expect(dailySales.xMetric.at(-1)).toBe('2026-02-28');
      const byDay = (data: number[]) =>
        Object.fromEntries(data.flatMap((value, index) => (value ? [[dailySales.xMetric[index]!, value]] : [])));
      expect(dailySales.series.map((entry) => ({ ...entry, data: byDay(entry.data) }))).toEqual([
        {
          label: 'All brands',
          cardBrand: null,
          data: { '2026-02-03': 4, '2026-02-04': 2, '2026-02-05': 2, '2026-02-06': 1 },
          limit: 10,
          threshold: 5,
        },
        { label: 'Visa', cardBrand: 'VISA', data: { '2026-02-03': 4, '2026-02-06': 1 }, limit: 4, threshold: null },
        { label: 'Mastercard', cardBrand: 'MC', data: { '2026-02-04': 2 }, limit: null, threshold: null },
        { label: 'Others', cardBrand: 'OTHERS', data: { '2026-02-05': 2 }, limit: null, threshold: null },
      ]);
      // The daily limit (10) is above every day's sales.
      expect(dailySales.maxY).toBe(10);
    });

    it('takes maxY from the sales when they pass the limits, and is at least 1', async () => {
      const backup = await midCounterOf(backupMid);
      expect(backup.dailySales.maxY).toBe(5);
      const quiet = await midCounterOf(backupMid, 'from=2026-02-20&to=2026-02-21');
      expect(quiet.dailySales).toEqual({
        xMetric: ['2026-02-20', '2026-02-21'],
        maxY: 1,
        series: [{ label: 'All brands', cardBrand: null, data: [0, 0], limit: null, threshold: null }],
      });
      expect(quiet.descriptors).toEqual([]);
    });

    it('lists per brand group sold the descriptors with their sales, most first, and their limits in force', async () => {
      const { descriptors } = await midCounterOf(adyen());
      expect(descriptors).toEqual([
        {
          cardBrand: 'VISA',
          items: [
            // Saved as a monthly 50: 2 a day in force.
            { descriptor: 'SHOP*ALPHA', sales: 3, total: 50, daily: 2 },
            { descriptor: 'SHOP*BETA', sales: 1, total: null, daily: null },
          ],
        },
        { cardBrand: 'MC', items: [{ descriptor: 'SHOP*ALPHA', sales: 2, total: null, daily: null }] },
        {
          cardBrand: 'OTHERS',
          items: [
            { descriptor: 'shop*gamma', sales: 1, total: null, daily: null },
            { descriptor: 'SHOP*NOBRAND', sales: 1, total: null, daily: null },
          ],
        },
      ]);
      const { descriptors: narrow } = await midCounterOf(adyen(), 'from=2026-02-04&to=2026-02-04');
      expect(narrow).toEqual([
        { cardBrand: 'MC', items: [{ descriptor: 'SHOP*ALPHA', sales: 2, total: null, daily: null }] },
      ]);
    });

    it('answers 404 for a MID of another solution, of another merchant, or malformed', async () => {
      const url = (pspId: string, midId: string) =>
        `/merchant/${merchant.id}/psp/${pspId}/mid/${midId}/counter?${FEBRUARY}`;
      expect((await get(url(psp.sameDay, adyen()))).statusCode).toBe(404);
      expect((await get(url(psp.cardsEu, siblingWorld.mids.adyen))).statusCode).toBe(404);
      expect((await get(url(psp.cardsEu, randomUUID()))).statusCode).toBe(404);
      expect((await get(url(psp.cardsEu, 'not-a-mid'))).statusCode).toBe(404);
      expect((await get(url('not-a-psp', adyen()))).statusCode).toBe(404);
      expect(
        (await get(`/merchant/${merchant.id}/psp/${psp.cardsEu}/mid/${adyen()}/counter?from=2026-02-02&to=2026-02-01`))
          .statusCode,
      ).toBe(400);
    });
  });

  describe('the descriptors of a solution', () => {
    type Row = [descriptor: string, mid: string, cardBrand: string, sales: number];
    const rows = async (query = '') => {
      const answer = descriptorList.parse(
        await ok(`/merchant/${merchant.id}/psp/${psp.cardsEu}/descriptor?${FEBRUARY}${query}`),
      );
      expect(answer.count).toBe(answer.items.length);
      expect(answer.total).toBe(answer.items.length);
      return answer.items.map((row): Row => [row.descriptor, row.mid, row.cardBrand, row.sales]);
    };
    const ALPHA_BACKUP: Row = ['SHOP*ALPHA', 'Adyen backup', 'VISA', 5];
    const ALPHA_VISA: Row = ['SHOP*ALPHA', 'Cards EU MID', 'VISA', 3];
    const ALPHA_MC: Row = ['SHOP*ALPHA', 'Cards EU MID', 'MC', 2];
    const BETA: Row = ['SHOP*BETA', 'Cards EU MID', 'VISA', 1];
    const DELTA: Row = ['Shop*Delta', 'Adyen backup', 'MC', 1];
    const GAMMA: Row = ['shop*gamma', 'Cards EU MID', 'OTHERS', 1];
    const NOBRAND: Row = ['SHOP*NOBRAND', 'Cards EU MID', 'OTHERS', 1];

    it('lists descriptors per MID and brand group with their sales, most sales first, and their limits in force', async () => {
      expect(await rows()).toEqual([ALPHA_BACKUP, ALPHA_VISA, ALPHA_MC, BETA, DELTA, GAMMA, NOBRAND]);
      const { items } = descriptorList.parse(
        await ok(`/merchant/${merchant.id}/psp/${psp.cardsEu}/descriptor?${FEBRUARY}`),
      );
      // Saved as a monthly 50: 2 a day in force.
      expect(
        items.find((row) => row.descriptor === 'SHOP*ALPHA' && row.cardBrand === 'VISA' && row.midId === adyen()),
      ).toMatchObject({ total: 50, daily: 2 });
      expect(items.find((row) => row.descriptor === 'Shop*Delta')).toMatchObject({
        midId: backupMid,
        total: 20,
        daily: 2,
      });
      expect(items.find((row) => row.descriptor === 'SHOP*BETA')).toMatchObject({ total: null, daily: null });
    });

    it('sorts by descriptor, sales, MID or brand, either way, ignoring case', async () => {
      expect(await rows('&order=descriptor')).toEqual([
        ALPHA_BACKUP,
        ALPHA_MC,
        ALPHA_VISA,
        BETA,
        DELTA,
        GAMMA,
        NOBRAND,
      ]);
      expect(await rows('&order=-descriptor')).toEqual([
        NOBRAND,
        GAMMA,
        DELTA,
        BETA,
        ALPHA_BACKUP,
        ALPHA_MC,
        ALPHA_VISA,
      ]);
      expect(await rows('&order=sales')).toEqual([BETA, DELTA, GAMMA, NOBRAND, ALPHA_MC, ALPHA_VISA, ALPHA_BACKUP]);
      expect(await rows('&order=-sales')).toEqual(await rows());
      expect(await rows('&order=mid')).toEqual([ALPHA_BACKUP, DELTA, ALPHA_MC, ALPHA_VISA, BETA, GAMMA, NOBRAND]);
      expect(await rows('&order=-mid')).toEqual([ALPHA_MC, ALPHA_VISA, BETA, GAMMA, NOBRAND, ALPHA_BACKUP, DELTA]);
      expect(await rows('&order=cardBrand')).toEqual([ALPHA_MC, DELTA, GAMMA, NOBRAND, ALPHA_BACKUP, ALPHA_VISA, BETA]);
      expect(await rows('&order=-cardBrand')).toEqual([
        ALPHA_BACKUP,
        ALPHA_VISA,
        BETA,
        GAMMA,
        NOBRAND,
        ALPHA_MC,
        DELTA,
      ]);
      const url = `/merchant/${merchant.id}/psp/${psp.cardsEu}/descriptor?${FEBRUARY}`;
      expect((await get(`${url}&order=amount`)).statusCode).toBe(400);
    });

    it('filters by brand groups, MIDs and a part of the descriptor (trimmed, any case)', async () => {
      expect(await rows('&brand[]=MC')).toEqual([ALPHA_MC, DELTA]);
      expect(await rows('&brand[]=VISA&brand[]=OTHERS')).toEqual([ALPHA_BACKUP, ALPHA_VISA, BETA, GAMMA, NOBRAND]);
      expect(await rows(`&midId[]=${backupMid}`)).toEqual([ALPHA_BACKUP, DELTA]);
      expect(await rows(`&midId[]=${backupMid}&midId[]=${adyen()}&brand[]=MC`)).toEqual([ALPHA_MC, DELTA]);
      expect(await rows('&descriptor=%20%20alpha%20')).toEqual([ALPHA_BACKUP, ALPHA_VISA, ALPHA_MC]);
      expect(await rows('&descriptor=GAMMA')).toEqual([GAMMA]);
      expect(await rows('&descriptor=p*d')).toEqual([DELTA]);
      // Wildcards are text, and a blank search is not a valid one.
      expect(await rows('&descriptor=%25')).toEqual([]);
      expect(await rows('&descriptor=%20%20')).toEqual([]);
      expect(await rows(`&midId[]=${siblingWorld.mids.adyen}`)).toEqual([]);
      const url = `/merchant/${merchant.id}/psp/${psp.cardsEu}/descriptor?${FEBRUARY}`;
      expect((await get(`${url}&brand[]=PAYPAL`)).statusCode).toBe(400);
      // AMEX counts in Others: the filter names groups.
      expect((await get(`${url}&brand[]=AMEX`)).statusCode).toBe(400);
      expect((await get(`${url}&midId[]=not-a-mid`)).statusCode).toBe(400);
    });

    it('counts the days of the range only, and leaves out sales without a descriptor', async () => {
      const answer = descriptorList.parse(
        await ok(`/merchant/${merchant.id}/psp/${psp.cardsEu}/descriptor?from=2026-02-05&to=2026-02-11`),
      );
      expect(answer.items.map((row) => [row.descriptor, row.cardBrand, row.sales])).toEqual([
        ['SHOP*ALPHA', 'VISA', 5],
        ['Shop*Delta', 'MC', 1],
        ['shop*gamma', 'OTHERS', 1],
        ['SHOP*NOBRAND', 'OTHERS', 1],
      ]);
    });

    it('answers a page at a time with the total of every row, so the table pages them all', async () => {
      const template = await sale('2026-02-20T10:00:00.000Z', {
        midId: world.mids.delayed,
        cardBrand: 'VISA',
        shopperStatement: 'BULK*00000',
      });
      // Copies of one sale with their own descriptor, written the way the triggers see any batch: a few statements.
      const copies = Array.from({ length: 2_000 }, (_, index) => {
        const id = randomUUID();
        return { ...template, id, rootId: id, shopperStatement: `BULK*${String(index + 1).padStart(5, '0')}` };
      });
      for (let start = 0; start < copies.length; start += 500) {
        await t.db.insert(transactions).values(copies.slice(start, start + 500));
      }
      const page = async (query: string) =>
        descriptorList.parse(
          await ok(`/merchant/${merchant.id}/psp/${psp.delayed}/descriptor?${FEBRUARY}&order=-descriptor${query}`),
        );
      const first = await page('');
      expect(first).toMatchObject({ count: 50, total: 2_001 });
      expect(first.items[0]!.descriptor).toBe('BULK*02000');
      const last = await page('&page=5&limit=500');
      expect(last).toMatchObject({ count: 1, total: 2_001 });
      expect(last.items.map((row) => row.descriptor)).toEqual(['BULK*00000']);
      expect(await page('&page=6&limit=500')).toEqual({ count: 0, total: 2_001, items: [] });
      const url = `/merchant/${merchant.id}/psp/${psp.delayed}/descriptor?${FEBRUARY}`;
      expect((await get(`${url}&limit=20`)).statusCode).toBe(400);
      expect((await get(`${url}&page=0`)).statusCode).toBe(400);
    });
  });
});

describe('tenants and roles', () => {
  const urls = (merchantId: string, pspId: string, midId: string) => [
    `/merchant/${merchantId}/psp`,
    `/merchant/${merchantId}/psp/${pspId}/counter`,
    `/merchant/${merchantId}/psp/${pspId}/mid?from=2026-02-01&to=2026-02-28`,
    `/merchant/${merchantId}/psp/${pspId}/mid/${midId}/counter?from=2026-02-01&to=2026-02-28`,
    `/merchant/${merchantId}/psp/${pspId}/descriptor?from=2026-02-01&to=2026-02-28`,
  ];
  const ours = () => urls(merchant.id, psp.cardsEu, world.mids.adyen);

  it('lets a viewer and a role holding only counter.read read every counter', async () => {
    for (const token of [tokens.viewer, tokens.counterOnly]) {
      for (const url of ours()) expect((await get(url, token)).statusCode, url).toBe(200);
    }
  });

  it('refuses a role without counter.read with 403, before looking the scope up', async () => {
    for (const url of ours()) expect((await get(url, tokens.support)).statusCode, url).toBe(403);
    for (const url of urls(merchant.id, randomUUID(), randomUUID())) {
      expect((await get(url, tokens.support)).statusCode, url).toBe(403);
    }
  });

  it("answers 404 for another tenant's merchant, either way round, and for a malformed merchant id", async () => {
    for (const url of ours()) expect((await get(url, tokens.foreign)).statusCode, url).toBe(404);
    for (const url of urls(foreign.id, await solutionOf(foreignWorld.mids.adyen), foreignWorld.mids.adyen)) {
      expect((await get(url)).statusCode, url).toBe(404);
    }
    expect((await get('/merchant/not-a-merchant/psp')).statusCode).toBe(404);
  });

  it('resolves one scope for counters and limits: a MID on another account’s solution opens neither', async () => {
    const foreignPsp = await solutionOf(foreignWorld.mids.adyen);
    const [stray] = await t.db
      .insert(mids)
      .values({
        accountId: account.id,
        merchantId: merchant.id,
        description: 'On a foreign solution',
        midAcquirerId: 'STRAY',
        acquirerId: (await t.db.select().from(mids).where(eq(mids.id, world.mids.adyen)))[0]!.acquirerId,
        solutionId: foreignPsp,
      })
      .returning({ id: mids.id });
    try {
      const { items } = pspList.parse(await ok(`/merchant/${merchant.id}/psp`));
      expect(items.map((item) => item.pspId)).not.toContain(foreignPsp);
      const scoped = [
        ...urls(merchant.id, foreignPsp, stray!.id).slice(1),
        `/merchant/${merchant.id}/psp/${foreignPsp}/limit`,
        `/merchant/${merchant.id}/psp/${foreignPsp}/mid/${stray!.id}/limit`,
      ];
      for (const url of scoped) expect((await get(url)).statusCode, url).toBe(404);
    } finally {
      await t.db.delete(mids).where(eq(mids.id, stray!.id));
    }
  });

  it('answers 404 for a solution the merchant has no MID on, of another account, unknown or malformed', async () => {
    const [unused] = await t.db.select({ id: solutions.id }).from(solutions).where(eq(solutions.prettyName, 'Unused'));
    const foreignPsp = await solutionOf(foreignWorld.mids.adyen);
    for (const pspId of [unused!.id, foreignPsp, randomUUID(), 'not-a-psp']) {
      for (const url of urls(merchant.id, pspId, world.mids.adyen).slice(1)) {
        expect((await get(url)).statusCode, url).toBe(404);
      }
    }
  });
});
