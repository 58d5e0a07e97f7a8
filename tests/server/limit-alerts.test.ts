import { midCounter } from '@domain/contract/counters';
import { type Database, openDatabase } from '@server/db/client';
import { accounts, acquirers, emailOutbox, jobs, limitAlertFirings, limits, mids, users } from '@server/db/schema';
import { LIMIT_ALERTS_JOB } from '@server/jobs/limit-alerts';
import { and, asc, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  authHeader,
  buildTestApp,
  createAccount,
  createMerchant,
  createUser,
  signedInAs,
  type TestApp,
} from './helpers/test-app';
import {
  createPaymentsWorld,
  insertTransaction,
  type PaymentsWorld,
  type TransactionInput,
} from './helpers/transaction-fixtures';

// Limit alerts that fire (issue 16): a background check compares the sales rollup with every limit that has an alert
// and, the first time in a UTC day (DAILY) or month (MONTHLY) that successful sales reach the percentage of the
// effective limit, records the firing and e-mails the account's active administrators, once per period, across
// checks, restarts and processes. The clock is the test app's; checks run through the job worker.

const START = Date.parse('2026-03-10T12:00:00.000Z');
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ now: START });
  // The acquirer's description names the alert, with the MID's (spec 3, section 3 "Limits").
  await t.db
    .insert(acquirers)
    .values({ prettyName: 'Adyen', description: 'Global acquiring, cards and local payment methods' });
});

afterAll(() => t.close());

beforeEach(() => {
  t.clock.set(START);
});

interface Scene {
  world: PaymentsWorld;
  merchantName: string;
  /** The solution (pspId) of the adyen MID. */
  adyenSolution: string;
  admins: string[];
}

/** A merchant of a fresh account with its MIDs, two active administrators and users who must not be told. */
async function scene(): Promise<Scene> {
  const account = await createAccount(t.db, { prettyName: 'Lumen Travel Holdings' });
  const merchant = await createMerchant(t.db, account.id, { prettyName: 'Lumen Air' });
  const world = await createPaymentsWorld(t.db, account.id, merchant.id);
  const user = (role: string, status: 'ACTIVE' | 'DEACTIVATED' | 'INVITED' = 'ACTIVE', accountId = account.id) =>
    // Nobody signs in here: no password to hash.
    createUser(t.db, { role, type: 'ACCOUNT', accountIds: [accountId], status, password: null });
  const first = await user('ADMINISTRATOR');
  const second = await user('ADMINISTRATOR');
  await user('ADMINISTRATOR', 'DEACTIVATED');
  await user('ADMINISTRATOR', 'INVITED');
  await user('MANAGER');
  await user('PAYMENTS_SPECIALIST');
  const unsubscribed = await user('ADMINISTRATOR');
  await t.db
    .update(users)
    .set({ unsubscribedAt: new Date(START) })
    .where(eq(users.id, unsubscribed.id));
  const other = await createAccount(t.db);
  await user('ADMINISTRATOR', 'ACTIVE', other.id);
  const solutionOf = async (midId: string) =>
    (await t.db.select({ solutionId: mids.solutionId }).from(mids).where(eq(mids.id, midId)))[0]!.solutionId;
  return {
    world,
    merchantName: merchant.prettyName,
    adyenSolution: await solutionOf(world.mids.adyen),
    admins: [first.email, second.email].sort(),
  };
}

type LimitValues = Partial<typeof limits.$inferInsert>;

/** Another MID of the merchant on the adyen MID's solution. */
async function siblingMid(s: Scene): Promise<string> {
  const [adyen] = await t.db.select().from(mids).where(eq(mids.id, s.world.mids.adyen));
  const [sibling] = await t.db
    .insert(mids)
    .values({
      accountId: s.world.accountId,
      merchantId: s.world.merchantId,
      description: 'Cards EU backup',
      midAcquirerId: 'MID-BACKUP',
      acquirerId: adyen!.acquirerId,
      solutionId: adyen!.solutionId,
    })
    .returning({ id: mids.id });
  return sibling!.id;
}

async function addLimit(s: Scene, values: LimitValues) {
  const [row] = await t.db
    .insert(limits)
    .values({ accountId: s.world.accountId, merchantId: s.world.merchantId, solutionId: s.adyenSolution, ...values })
    .returning();
  return row!;
}

/** `count` successful card payments on the adyen MID (unless told), a minute apart, ending now. */
async function sell(s: Scene, count: number, input: Omit<TransactionInput, 'createdAt'> = {}) {
  for (let index = 0; index < count; index++) {
    await insertTransaction(t.db, s.world, {
      createdAt: new Date(t.clock.now() - (count - index) * 60_000),
      ...input,
    });
  }
}

/** What the worker does on its own: a check asked for (as new sales ask), run with everything else due. */
async function runCheck() {
  await t.app.limitAlerts.requestCheck();
  await t.app.jobWorker.runDue();
}

/** The alert e-mails about the scene's merchant, whoever they went to. */
async function alertMails(s: Scene) {
  return t.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.kind, 'limit-alert'), like(emailOutbox.textBody, `%/merchants/${s.world.merchantId}/%`)))
    .orderBy(asc(emailOutbox.createdAt), asc(emailOutbox.toAddress));
}

const firingsOf = (limitId: string) =>
  t.db
    .select()
    .from(limitAlertFirings)
    .where(eq(limitAlertFirings.limitId, limitId))
    .orderBy(asc(limitAlertFirings.periodStart), asc(limitAlertFirings.period));

describe('firing', () => {
  it('e-mails each active administrator once when sales reach the percentage of the daily limit', async () => {
    const s = await scene();
    const limit = await addLimit(s, { midId: s.world.mids.adyen, daily: 10, alertPercentage: 0.5 });
    await sell(s, 4);
    await runCheck();
    expect(await alertMails(s)).toEqual([]);

    await sell(s, 1);
    await runCheck();
    const mails = await alertMails(s);
    expect(mails.map((mail) => mail.toAddress).sort()).toEqual(s.admins);
    for (const mail of mails) {
      expect(mail.subject).toBe('Limit alert: Lumen Air reached 50% of the daily limit (Adyen - Cards EU)');
      expect(mail.status).toBe('kept');
      const url = `http://localhost:3000/accounts/${s.world.accountId}/merchants/${s.world.merchantId}/counter/${s.adyenSolution}/limits`;
      expect(mail.links).toEqual([
        { label: 'Open Limits & Alerts', url },
        { label: 'Unsubscribe', url: expect.stringMatching(/^http:\/\/localhost:3000\/unsubscribe\//) },
      ]);
      expect(mail.textBody).toContain('Sales of Lumen Air reached 50,0% of the daily limit; the alert is set at 50%.');
      expect(mail.textBody).toContain(
        'Acquirer: Adyen (Global acquiring, cards and local payment methods), solution Cards EU',
      );
      expect(mail.textBody).toContain('MID: Cards EU MID');
      expect(mail.textBody).toContain('Level: MID limit');
      expect(mail.textBody).toContain('Period: daily, 10 March 2026 (UTC)');
      expect(mail.textBody).toContain('Sales: 5 of a limit of 10');
      expect(mail.textBody).toContain(`Open Limits & Alerts: ${url}`);
      expect(mail.htmlBody).toContain(`<a href="${url}">Open Limits &amp; Alerts</a>`);
    }
    expect(await firingsOf(limit.id)).toMatchObject([
      { period: 'DAILY', periodStart: '2026-03-10', percentage: 0.5, limitValue: 10, sales: 5 },
    ]);
  });

  it('sends nothing while sales stay below the percentage, and counts only successful sales', async () => {
    const s = await scene();
    const limit = await addLimit(s, { midId: s.world.mids.adyen, daily: 10, alertPercentage: 0.3 });
    await sell(s, 2);
    // Declined payments, refunds and chargebacks are not sales.
    await sell(s, 3, { status: 'DECLINED' });
    await sell(s, 2, { transactionType: 'REFUND' });
    await sell(s, 1, { transactionType: 'CHARGEBACK' });
    await runCheck();
    expect(await alertMails(s)).toEqual([]);
    expect(await firingsOf(limit.id)).toEqual([]);
    // Recurrences are.
    await sell(s, 1, { transactionType: 'RECURRENCE', category: 'RENEWAL' });
    await runCheck();
    expect(await alertMails(s)).toHaveLength(2);
  });

  it('fires once a day: a second check the same day sends nothing, the next day fires again', async () => {
    const s = await scene();
    const limit = await addLimit(s, { midId: s.world.mids.adyen, daily: 4, alertPercentage: 0.5 });
    await sell(s, 2);
    await runCheck();
    expect(await alertMails(s)).toHaveLength(2);

    // More sales, past the limit itself: still today, nothing more.
    t.clock.advance(HOUR_MS);
    await sell(s, 5);
    await runCheck();
    t.clock.advance(HOUR_MS);
    await runCheck();
    expect(await alertMails(s)).toHaveLength(2);

    // Just after midnight (UTC): yesterday's sales do not count for today.
    t.clock.set(Date.parse('2026-03-11T00:30:00.000Z'));
    await runCheck();
    expect(await alertMails(s)).toHaveLength(2);
    await sell(s, 2);
    await runCheck();
    const mails = await alertMails(s);
    expect(mails).toHaveLength(4);
    expect(mails.slice(2).map((mail) => mail.textBody)).toEqual([
      expect.stringContaining('Period: daily, 11 March 2026 (UTC)'),
      expect.stringContaining('Period: daily, 11 March 2026 (UTC)'),
    ]);
    expect((await firingsOf(limit.id)).map((firing) => [firing.period, firing.periodStart, firing.sales])).toEqual([
      ['DAILY', '2026-03-10', 2],
      ['DAILY', '2026-03-11', 2],
    ]);
  });

  it('fires a monthly alert once a calendar month, on the month so far', async () => {
    const s = await scene();
    // A daily limit of its own: derived from 10 a month it would be 1 a day, and alert on the first sale.
    const limit = await addLimit(s, { midId: s.world.mids.adyen, total: 10, daily: 100, alertPercentage: 0.8 });
    // Sales of the last days of February count for February only.
    t.clock.set(Date.parse('2026-02-27T12:00:00.000Z'));
    await sell(s, 6);
    t.clock.set(START);
    await sell(s, 7);
    await runCheck();
    expect(await alertMails(s)).toEqual([]);
    await sell(s, 1);
    await runCheck();
    const march = await alertMails(s);
    expect(march).toHaveLength(2);
    expect(march[0]!.subject).toBe('Limit alert: Lumen Air reached 80% of the monthly limit (Adyen - Cards EU)');
    expect(march[0]!.textBody).toContain('Period: monthly, March 2026');
    expect(march[0]!.textBody).toContain('Sales: 8 of a limit of 10');

    t.clock.set(Date.parse('2026-03-31T23:00:00.000Z'));
    await sell(s, 5);
    await runCheck();
    expect(await alertMails(s)).toHaveLength(2);

    t.clock.set(Date.parse('2026-04-02T09:00:00.000Z'));
    await sell(s, 8);
    await runCheck();
    expect(await alertMails(s)).toHaveLength(4);
    expect((await firingsOf(limit.id)).map((firing) => [firing.period, firing.periodStart, firing.sales])).toEqual([
      ['MONTHLY', '2026-03-01', 8],
      ['MONTHLY', '2026-04-01', 8],
    ]);
  });

  it('derives the missing limit on a 30-day month: a monthly limit alone alerts on its daily share too', async () => {
    const s = await scene();
    // 300 a month is 10 a day; 50 % of each.
    const limit = await addLimit(s, { midId: s.world.mids.adyen, total: 300, alertPercentage: 0.5 });
    await sell(s, 5);
    await runCheck();
    expect(await alertMails(s)).toHaveLength(2);
    expect(await firingsOf(limit.id)).toMatchObject([{ period: 'DAILY', limitValue: 10, sales: 5 }]);
  });

  it('does not fire again after a restart: a new app on the same database', async () => {
    const s = await scene();
    await addLimit(s, { midId: s.world.mids.adyen, daily: 2, alertPercentage: 1 });
    await sell(s, 2);
    await runCheck();
    expect(await alertMails(s)).toHaveLength(2);

    const restarted = await buildTestApp({ database: t.database, now: t.clock.now() });
    try {
      await sell(s, 1);
      await restarted.app.limitAlerts.requestCheck();
      expect(await restarted.app.jobWorker.runDue()).toBe(1);
      expect(await alertMails(s)).toHaveLength(2);
    } finally {
      await restarted.close();
    }
  });

  it('stops firing once the alert is deleted', async () => {
    const s = await scene();
    const limit = await addLimit(s, { midId: s.world.mids.adyen, daily: 2, alertPercentage: 0.5 });
    await sell(s, 1);
    await runCheck();
    expect(await alertMails(s)).toHaveLength(2);
    await t.db.update(limits).set({ alertPercentage: null }).where(eq(limits.id, limit.id));
    t.clock.advance(DAY_MS);
    await sell(s, 2);
    await runCheck();
    expect(await alertMails(s)).toHaveLength(2);
    expect(await firingsOf(limit.id)).toHaveLength(1);
  });
});

describe('levels count only their scope', () => {
  it('a global limit counts every MID of its provider solution, and no other solution', async () => {
    const s = await scene();
    const limit = await addLimit(s, { daily: 10, alertPercentage: 0.5 });
    await sell(s, 2);
    // Another MID of the same solution counts for the global limit.
    const sibling = await siblingMid(s);
    await sell(s, 2, { midId: sibling });
    // The sandbox solution's sales are another solution's.
    await sell(s, 5, { midId: s.world.mids.instant });
    await runCheck();
    expect(await alertMails(s)).toEqual([]);
    await sell(s, 1, { midId: sibling });
    await runCheck();
    const mails = await alertMails(s);
    expect(mails).toHaveLength(2);
    expect(mails[0]!.textBody).toContain('Level: Global limit, every MID of the solution');
    expect(mails[0]!.textBody).not.toContain('MID: ');
    expect(await firingsOf(limit.id)).toMatchObject([{ sales: 5 }]);
  });

  it('a MID limit counts only its MID', async () => {
    const s = await scene();
    const sibling = await siblingMid(s);
    const limit = await addLimit(s, { midId: sibling, daily: 4, alertPercentage: 0.5 });
    await sell(s, 6);
    await sell(s, 1, { midId: sibling });
    await runCheck();
    expect(await firingsOf(limit.id)).toEqual([]);
    await sell(s, 1, { midId: sibling });
    await runCheck();
    expect(await firingsOf(limit.id)).toMatchObject([{ sales: 2 }]);
  });

  it('a card brand limit counts only that brand on its MID', async () => {
    const s = await scene();
    const limit = await addLimit(s, { midId: s.world.mids.adyen, cardBrand: 'MC', daily: 4, alertPercentage: 0.5 });
    await sell(s, 5);
    await sell(s, 3, { midId: await siblingMid(s), cardBrand: 'MC' });
    await sell(s, 1, { cardBrand: 'MC' });
    await runCheck();
    expect(await firingsOf(limit.id)).toEqual([]);
    await sell(s, 1, { cardBrand: 'MC' });
    await runCheck();
    expect(await firingsOf(limit.id)).toMatchObject([{ sales: 2 }]);
    expect((await alertMails(s))[0]!.textBody).toContain('Level: Card brand limit, Mastercard');
  });

  it('an Others limit counts every brand but Visa and Mastercard, and sales without a brand', async () => {
    const s = await scene();
    const limit = await addLimit(s, {
      midId: s.world.mids.adyen,
      cardBrand: 'OTHERS',
      daily: 4,
      alertPercentage: 0.75,
    });
    await sell(s, 3, { cardBrand: 'VISA' });
    await sell(s, 3, { cardBrand: 'MC' });
    await sell(s, 1, { cardBrand: 'AMEX' });
    await sell(s, 1, { cardBrand: null });
    await runCheck();
    expect(await firingsOf(limit.id)).toEqual([]);
    await sell(s, 1, { cardBrand: 'JCB' });
    await runCheck();
    expect(await firingsOf(limit.id)).toMatchObject([{ sales: 3, limitValue: 4 }]);
    expect((await alertMails(s))[0]!.textBody).toContain('Level: Card brand limit, Others');
  });

  it("fires at the sales the MID's daily chart draws its alert line at, not a sale sooner or later", async () => {
    const s = await scene();
    // 33 % of 7 is 2.31: the line stands at 3, the third sale fires.
    const limit = await addLimit(s, { midId: s.world.mids.adyen, daily: 7, alertPercentage: 0.33 });
    const [account] = await t.db.select().from(accounts).where(eq(accounts.id, s.world.accountId));
    const { token } = await signedInAs(t, 'VIEWER', account!);
    const today = new Date(t.clock.now()).toISOString().slice(0, 10);
    const chart = await t.app.inject({
      method: 'GET',
      url: `/api/merchant/${s.world.merchantId}/psp/${s.adyenSolution}/mid/${s.world.mids.adyen}/counter?from=${today}&to=${today}`,
      headers: authHeader(token),
    });
    const line = midCounter.parse(chart.json()).dailySales.series[0]!.threshold!;
    await sell(s, line - 1);
    await runCheck();
    expect(await firingsOf(limit.id)).toEqual([]);
    await sell(s, 1);
    await runCheck();
    expect(await firingsOf(limit.id)).toMatchObject([{ sales: line }]);
  });

  it('a descriptor limit counts only that descriptor on its MID and brand', async () => {
    const s = await scene();
    const limit = await addLimit(s, {
      midId: s.world.mids.adyen,
      cardBrand: 'VISA',
      descriptor: 'LUMEN AIR*ONLINE',
      daily: 4,
      alertPercentage: 0.75,
    });
    await sell(s, 2, { shopperStatement: 'LUMEN AIR*ONLINE' });
    await sell(s, 4, { shopperStatement: 'LUMEN AIR*RENEWAL' });
    await sell(s, 4, { shopperStatement: 'LUMEN AIR*ONLINE', cardBrand: 'MC' });
    await runCheck();
    expect(await firingsOf(limit.id)).toEqual([]);
    await sell(s, 1, { shopperStatement: 'LUMEN AIR*ONLINE' });
    await runCheck();
    expect(await firingsOf(limit.id)).toMatchObject([{ sales: 3, limitValue: 4, percentage: 0.75 }]);
    const [mail] = await alertMails(s);
    expect(mail!.subject).toBe('Limit alert: Lumen Air reached 75% of the daily limit (Adyen - Cards EU)');
    expect(mail!.textBody).toContain('Level: Descriptor limit, LUMEN AIR*ONLINE on Visa');
  });
});

describe('scheduling', () => {
  const queuedChecks = () =>
    t.db
      .select({ runAt: jobs.runAt })
      .from(jobs)
      .where(and(eq(jobs.kind, LIMIT_ALERTS_JOB), eq(jobs.status, 'queued')));

  it('keeps one queued check, every interval, and pulls it forward when sales ask', async () => {
    await t.app.jobWorker.runDue();
    await t.app.limitAlerts.requestCheck();
    await t.app.limitAlerts.requestCheck();
    await t.app.limitAlerts.requestCheck();
    expect(await queuedChecks()).toEqual([{ runAt: new Date(t.clock.now()) }]);

    expect(await t.app.jobWorker.runDue()).toBe(1);
    const interval = t.config.limitAlertsIntervalMs;
    expect(interval).toBe(30_000);
    expect(await queuedChecks()).toEqual([{ runAt: new Date(t.clock.now() + interval) }]);

    // New sales bring the queued check forward instead of adding one.
    t.clock.advance(10_000);
    await t.app.limitAlerts.requestCheck();
    expect(await queuedChecks()).toEqual([{ runAt: new Date(t.clock.now()) }]);
    expect(await t.app.jobWorker.runDue()).toBe(1);
    expect(await queuedChecks()).toEqual([{ runAt: new Date(t.clock.now() + interval) }]);
  });

  it('runs by itself every interval: sales cross an alert and the next periodic check fires it', async () => {
    const s = await scene();
    await t.app.limitAlerts.requestCheck();
    await t.app.jobWorker.runDue();
    await addLimit(s, { midId: s.world.mids.adyen, daily: 2, alertPercentage: 0.5 });
    await sell(s, 1);
    expect(await t.app.jobWorker.runDue()).toBe(0);
    expect(await alertMails(s)).toEqual([]);
    t.clock.advance(t.config.limitAlertsIntervalMs);
    expect(await t.app.jobWorker.runDue()).toBe(1);
    expect(await alertMails(s)).toHaveLength(2);
  });

  it('fires once when two checks run at the same time', async () => {
    const s = await scene();
    const limit = await addLimit(s, { midId: s.world.mids.adyen, daily: 3, alertPercentage: 1 });
    await sell(s, 3);
    const fired = await Promise.all(Array.from({ length: 4 }, () => t.app.limitAlerts.check()));
    expect(fired.flat().filter((alert) => alert.limitId === limit.id)).toEqual([
      { limitId: limit.id, period: 'DAILY', periodStart: '2026-03-10', sales: 3, limit: 3, recipients: s.admins },
    ]);
    expect(await alertMails(s)).toHaveLength(2);
  });
});

const PG = process.env.TEST_DATABASE_URL;

describe.skipIf(!PG)('two server processes on one PostgreSQL', () => {
  let secondDatabase: Database;
  let second: TestApp;

  beforeAll(async () => {
    const result = await t.db.execute(sql`select current_database() as name`);
    const url = new URL(PG!);
    url.pathname = `/${(result as unknown as { rows: { name: string }[] }).rows[0]!.name}`;
    secondDatabase = await openDatabase({ url: url.toString(), poolSize: 5 });
    second = await buildTestApp({ database: secondDatabase, now: START });
  });

  afterAll(async () => {
    await second?.close();
    await secondDatabase?.close();
  });

  it('fires each alert once when both check in parallel, and keeps one queued check between them', async () => {
    second.clock.set(START);
    const s = await scene();
    const daily = await addLimit(s, { midId: s.world.mids.adyen, daily: 3, alertPercentage: 1 });
    const monthly = await addLimit(s, { total: 20, daily: 100, alertPercentage: 0.1 });
    await sell(s, 3);
    const apps = [t.app, second.app];
    const fired = await Promise.all(Array.from({ length: 8 }, (_, index) => apps[index % 2]!.limitAlerts.check()));
    const ours = fired.flat().filter((alert) => alert.limitId === daily.id || alert.limitId === monthly.id);
    expect(ours.map((alert) => `${alert.period} ${alert.sales}/${alert.limit}`).sort()).toEqual([
      'DAILY 3/3',
      'MONTHLY 3/20',
    ]);
    expect(await alertMails(s)).toHaveLength(4);

    await Promise.all(Array.from({ length: 10 }, (_, index) => apps[index % 2]!.limitAlerts.requestCheck()));
    const queued = await t.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.kind, LIMIT_ALERTS_JOB), eq(jobs.status, 'queued')));
    expect(queued).toHaveLength(1);
  });
});
