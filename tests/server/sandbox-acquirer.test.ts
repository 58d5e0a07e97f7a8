import { randomUUID } from 'node:crypto';
import { acquirers, jobs, mids, solutions, transactionHistory, transactions, userActivity } from '@server/db/schema';
import { createJobQueue } from '@server/jobs/queue';
import {
  createSandboxAcquirer,
  type RefundAnswer,
  SANDBOX_SETTLEMENT_DELAY_MS,
  SANDBOX_SETTLEMENT_JOB,
  type SandboxAcquirer,
  sandboxRefundBehaviour,
} from '@server/payments/sandbox-acquirer';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, createAccount, createMerchant, type TestApp } from './helpers/test-app';

// The sandbox acquirer answers refunds synchronously, asynchronously (settled later by the job worker) or with a
// failure, from the payment's MID and the refund amount alone, so every outcome can be reached on purpose.

let t: TestApp;
let acquirer: SandboxAcquirer;
let accountId: string;
let merchantId: string;
/** MID ids by name: 'adyen' for a real acquirer, and one per sandbox solution. */
const midIds = new Map<string, string>();

const START = Date.parse('2026-03-02T10:00:00.000Z');

beforeAll(async () => {
  t = await buildTestApp({ now: START });
  acquirer = createSandboxAcquirer({ db: t.db, jobs: createJobQueue(t.clock.now), now: t.clock.now });
  const account = await createAccount(t.db);
  accountId = account.id;
  merchantId = (await createMerchant(t.db, accountId)).id;
  const provider = async (name: string, solutionNames: string[]) => {
    const [row] = await t.db
      .insert(acquirers)
      .values({ prettyName: name })
      .onConflictDoUpdate({ target: acquirers.prettyName, set: { prettyName: name } })
      .returning();
    for (const solutionName of solutionNames) {
      const [solution] = await t.db
        .insert(solutions)
        .values({ accountId, acquirerId: row!.id, prettyName: solutionName })
        .returning();
      const [mid] = await t.db
        .insert(mids)
        .values({
          accountId,
          merchantId,
          description: `${name} ${solutionName}`,
          midAcquirerId: `MID-${solutionName}`,
          acquirerId: row!.id,
          solutionId: solution!.id,
        })
        .returning();
      midIds.set(name === 'Sandbox Acquirer' ? solutionName : 'adyen', mid!.id);
    }
  };
  await provider('Adyen', ['Cards EU']);
  await provider('Sandbox Acquirer', ['Instant', 'Delayed', 'Always Fails']);
});

afterAll(() => t.close());

beforeEach(async () => {
  t.clock.set(START);
  await t.db.delete(jobs);
});

/** A successful payment of `amount` minor units on the named MID. */
async function payment(mid: string, amount: number) {
  const id = randomUUID();
  await t.db.insert(transactions).values({
    id,
    rootId: id,
    accountId,
    merchantId,
    transactionType: 'PAYMENT',
    status: 'SUCCESS',
    category: 'ONE-OFF',
    amount,
    currency: 'EUR',
    paymentMethod: 'CARD',
    referenceOrderId: `ORD-${id.slice(0, 8)}`,
    midId: midIds.get(mid)!,
    createdAt: new Date(START - 3 * 86_400_000),
  });
  return { id, midId: midIds.get(mid)! };
}

/** What a refund service does: ask the acquirer and store the refund with its answer, in one transaction. */
async function sendRefund(mid: string, amount: number, options: { rollBack?: boolean } = {}) {
  const paid = await payment(mid, amount + 10_000);
  const refundId = randomUUID();
  let answer: RefundAnswer | undefined;
  const work = t.db.transaction(async (tx) => {
    answer = await acquirer.refund(tx, { refundId, accountId, midId: paid.midId, amount, currency: 'EUR' });
    await tx.insert(transactions).values({
      id: refundId,
      rootId: paid.id,
      parentId: paid.id,
      accountId,
      merchantId,
      transactionType: 'PARTIAL_REFUND',
      status: answer.status,
      category: 'ONE-OFF',
      amount,
      currency: 'EUR',
      paymentMethod: 'CARD',
      referenceOrderId: `ORD-${paid.id.slice(0, 8)}`,
      midId: paid.midId,
      providerTransactionId: answer.providerTransactionId,
      errorCode: answer.outcome === 'failed' ? answer.error.code : null,
      errorMessage: answer.outcome === 'failed' ? answer.error.message : null,
      createdAt: new Date(t.clock.now()),
      updatedAt: new Date(t.clock.now()),
    });
    await tx.insert(transactionHistory).values({
      accountId,
      rootId: paid.id,
      transactionId: refundId,
      transactionCreatedAt: new Date(t.clock.now()),
      transactionType: 'PARTIAL_REFUND',
      status: answer.status,
      occurredAt: new Date(t.clock.now()),
    });
    if (options.rollBack) throw new Error('the refund request failed');
  });
  if (options.rollBack) await expect(work).rejects.toThrow('the refund request failed');
  else await work;
  return { refundId, answer: answer!, paymentId: paid.id };
}

const refundRow = async (id: string) => (await t.db.select().from(transactions).where(eq(transactions.id, id)))[0];
const events = (id: string) =>
  t.db
    .select({ status: transactionHistory.status })
    .from(transactionHistory)
    .where(eq(transactionHistory.transactionId, id))
    .orderBy(asc(transactionHistory.id));
const settlementJobs = () => t.db.select().from(jobs).where(eq(jobs.kind, SANDBOX_SETTLEMENT_JOB));

describe('the rule', () => {
  const other = { acquirerName: 'Adyen', solutionName: 'Cards EU' };
  const sandbox = (solutionName: string) => ({ acquirerName: 'Sandbox Acquirer', solutionName });

  it('answers other acquirers by the last two digits of the amount', () => {
    expect(sandboxRefundBehaviour({ amount: 4_999, ...other })).toEqual({ answer: 'success' });
    expect(sandboxRefundBehaviour({ amount: 1_261, ...other })).toEqual({ answer: 'in-process', settlesAs: 'SUCCESS' });
    expect(sandboxRefundBehaviour({ amount: 1_262, ...other })).toMatchObject({
      answer: 'in-process',
      settlesAs: 'FAILED',
      error: { code: '1403' },
    });
    expect(sandboxRefundBehaviour({ amount: 571, ...other })).toMatchObject({
      answer: 'failed',
      error: { code: '1401' },
    });
    expect(sandboxRefundBehaviour({ amount: 572, ...other })).toMatchObject({
      answer: 'failed',
      error: { code: '1302' },
    });
    expect(sandboxRefundBehaviour({ amount: 573, ...other })).toMatchObject({
      answer: 'failed',
      error: { code: '0402' },
    });
    expect(sandboxRefundBehaviour({ amount: 574, acquirerName: null, solutionName: null })).toEqual({
      answer: 'success',
    });
  });

  it('answers sandbox MIDs by their solution, whatever the amount', () => {
    expect(sandboxRefundBehaviour({ amount: 571, ...sandbox('Instant') })).toEqual({ answer: 'success' });
    expect(sandboxRefundBehaviour({ amount: 1_000, ...sandbox('Delayed') })).toEqual({
      answer: 'in-process',
      settlesAs: 'SUCCESS',
    });
    expect(sandboxRefundBehaviour({ amount: 1_062, ...sandbox('Delayed') })).toMatchObject({ settlesAs: 'FAILED' });
    expect(sandboxRefundBehaviour({ amount: 1_000, ...sandbox('Always Fails') })).toMatchObject({
      answer: 'failed',
      error: { code: '1401', message: 'Refund Rejected' },
    });
  });
});

describe('refunds through the sandbox acquirer', () => {
  it('answers most refunds synchronously with success and enqueues nothing', async () => {
    const { refundId, answer } = await sendRefund('adyen', 2_500);
    expect(answer).toEqual({ outcome: 'success', status: 'SUCCESS', providerTransactionId: expect.any(String) });
    expect(answer.providerTransactionId).toBe(`sbx_${refundId.replaceAll('-', '').slice(0, 20)}`);
    expect((await refundRow(refundId))!.status).toBe('SUCCESS');
    expect(await settlementJobs()).toEqual([]);
  });

  it('refuses with a code and a message', async () => {
    for (const [amount, code, message] of [
      [1_571, '1401', 'Refund Rejected'],
      [1_572, '1302', 'Invalid Amount'],
      [1_573, '0402', 'Acquirer Unavailable'],
    ] as const) {
      const { refundId, answer } = await sendRefund('adyen', amount);
      expect(answer).toMatchObject({ outcome: 'failed', status: 'FAILED', error: { code, message } });
      expect(await refundRow(refundId)).toMatchObject({ status: 'FAILED', errorCode: code, errorMessage: message });
    }
    expect(await settlementJobs()).toEqual([]);
  });

  it('answers IN_PROCESS and settles the refund as SUCCESS through the job worker a little later', async () => {
    const { refundId, answer, paymentId } = await sendRefund('adyen', 1_261);
    expect(answer).toMatchObject({ outcome: 'in-process', status: 'IN_PROCESS' });
    if (answer.outcome !== 'in-process') throw new Error('expected an asynchronous answer');
    expect(answer.settlesAt.getTime()).toBe(START + SANDBOX_SETTLEMENT_DELAY_MS);

    // Not yet due: the refund stays in process.
    t.clock.advance(SANDBOX_SETTLEMENT_DELAY_MS - 1);
    expect(await t.app.jobWorker.runDue()).toBe(0);
    expect((await refundRow(refundId))!.status).toBe('IN_PROCESS');

    t.clock.advance(1);
    expect(await t.app.jobWorker.runDue()).toBe(1);
    const settled = await refundRow(refundId);
    expect(settled).toMatchObject({ status: 'SUCCESS', errorCode: null });
    expect(settled!.updatedAt.getTime()).toBe(START + SANDBOX_SETTLEMENT_DELAY_MS);
    expect(await events(refundId)).toEqual([{ status: 'IN_PROCESS' }, { status: 'SUCCESS' }]);
    // The payment itself is untouched.
    expect((await refundRow(paymentId))!.status).toBe('SUCCESS');

    const [audit] = await t.db
      .select()
      .from(userActivity)
      .where(and(eq(userActivity.resourceType, 'TRANSACTION'), eq(userActivity.resourceId, refundId)));
    expect(audit).toMatchObject({
      actionType: 'UPDATE',
      userId: null,
      accountId,
      merchantId,
      oldValue: { status: 'IN_PROCESS' },
      newValue: { status: 'SUCCESS' },
    });
    expect((await settlementJobs())[0]!.status).toBe('done');
  });

  it('settles some asynchronous refunds as FAILED with the error', async () => {
    const { refundId } = await sendRefund('adyen', 3_062);
    t.clock.advance(SANDBOX_SETTLEMENT_DELAY_MS);
    expect(await t.app.jobWorker.runDue()).toBe(1);
    expect(await refundRow(refundId)).toMatchObject({
      status: 'FAILED',
      errorCode: '1403',
      errorMessage: 'Refund Declined After Review',
    });
    expect(await events(refundId)).toEqual([{ status: 'IN_PROCESS' }, { status: 'FAILED' }]);
  });

  it('answers by solution on the sandbox MIDs', async () => {
    expect((await sendRefund('Instant', 1_571)).answer.outcome).toBe('success');
    expect((await sendRefund('Always Fails', 1_000)).answer).toMatchObject({
      outcome: 'failed',
      error: { code: '1401' },
    });
    const delayed = await sendRefund('Delayed', 1_000);
    expect(delayed.answer.outcome).toBe('in-process');
    t.clock.advance(SANDBOX_SETTLEMENT_DELAY_MS);
    expect(await t.app.jobWorker.runDue()).toBe(1);
    expect((await refundRow(delayed.refundId))!.status).toBe('SUCCESS');
  });

  it('leaves no settlement behind when the refund rolls back', async () => {
    const { refundId } = await sendRefund('adyen', 2_261, { rollBack: true });
    expect(await refundRow(refundId)).toBeUndefined();
    expect(await settlementJobs()).toEqual([]);
  });

  it('settles once: a second run of the job changes nothing', async () => {
    const { refundId } = await sendRefund('Delayed', 4_000);
    t.clock.advance(SANDBOX_SETTLEMENT_DELAY_MS);
    expect(await t.app.jobWorker.runDue()).toBe(1);
    const [job] = await settlementJobs();
    t.clock.advance(5_000);
    await acquirer.settlementHandler.run(job!.payload, { id: job!.id, kind: job!.kind, attempt: 2, maxAttempts: 3 });
    expect(await events(refundId)).toEqual([{ status: 'IN_PROCESS' }, { status: 'SUCCESS' }]);
    expect((await refundRow(refundId))!.updatedAt.getTime()).toBe(START + SANDBOX_SETTLEMENT_DELAY_MS);
  });
});
