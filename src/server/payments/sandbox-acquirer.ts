import { and, eq } from 'drizzle-orm';
import { findTransactionKey, isTransaction } from '../areas/transactions/keys';
import type { Db, Queryable } from '../db/client';
import { acquirers, mids, solutions, transactionHistory, transactions } from '../db/schema';
import type { JobQueue } from '../jobs/queue';
import { type JobHandler, PermanentJobError } from '../jobs/worker';
import { recordActivity } from '../lib/audit';

// The sandbox acquirer: the stand-in for the acquirers that answer refunds (design.md, section 1). It answers
// synchronously with success, asynchronously (IN_PROCESS now, settled a little later by a background job), or with a
// failure code and message, chosen from the data alone so tests and demos can reach every outcome on purpose:
//
// 1. A MID on the 'Sandbox Acquirer' answers by its solution:
//      Instant       synchronous success
//      Delayed       asynchronous; settles SUCCESS (FAILED when the amount ends in ,62)
//      Always Fails  failure 1401 'Refund Rejected'
// 2. Any other MID answers by the last two digits of the refund amount in minor units (the cents):
//      ,61  asynchronous, settles SUCCESS
//      ,62  asynchronous, settles FAILED with 1403 'Refund Declined After Review'
//      ,71  failure 1401 'Refund Rejected'
//      ,72  failure 1302 'Invalid Amount'
//      ,73  failure 0402 'Acquirer Unavailable'
//      any other ending: synchronous success
//
// Prices rarely end in ,61 to ,73 (they end in ,99, ,00, ,95, ,50...), so most demo refunds succeed at once, and a
// partial refund of 12,61 or 5,71 shows the other answers.

export const SANDBOX_SETTLEMENT_JOB = 'sandbox-refund-settlement';
/** How long an asynchronous refund stays IN_PROCESS before the settlement job answers it. */
export const SANDBOX_SETTLEMENT_DELAY_MS = 20_000;

const SANDBOX_ACQUIRER = 'Sandbox Acquirer';

export interface AcquirerError {
  code: string;
  message: string;
  providerMessage: string;
}

export const SANDBOX_ERRORS = {
  rejected: { code: '1401', message: 'Refund Rejected', providerMessage: 'Refund not allowed for this transaction' },
  invalidAmount: { code: '1302', message: 'Invalid Amount', providerMessage: '13 - Invalid amount' },
  unavailable: {
    code: '0402',
    message: 'Acquirer Unavailable',
    providerMessage: '503 Service temporarily unavailable',
  },
  declinedAfterReview: {
    code: '1403',
    message: 'Refund Declined After Review',
    providerMessage: 'The acquirer reviewed the refund and declined it',
  },
} as const satisfies Record<string, AcquirerError>;

/** What the sandbox does with one refund. */
export type SandboxBehaviour =
  | { answer: 'success' }
  | { answer: 'in-process'; settlesAs: 'SUCCESS' | 'FAILED'; error?: AcquirerError }
  | { answer: 'failed'; error: AcquirerError };

/** The rule above, as a pure function of the refund amount and the payment's MID. */
export function sandboxRefundBehaviour(input: {
  /** Minor units. */
  amount: number;
  acquirerName: string | null;
  solutionName: string | null;
}): SandboxBehaviour {
  const cents = Math.abs(Math.trunc(input.amount)) % 100;
  if (input.acquirerName === SANDBOX_ACQUIRER) {
    switch (input.solutionName) {
      case 'Delayed':
        return cents === 62
          ? { answer: 'in-process', settlesAs: 'FAILED', error: SANDBOX_ERRORS.declinedAfterReview }
          : { answer: 'in-process', settlesAs: 'SUCCESS' };
      case 'Always Fails':
        return { answer: 'failed', error: SANDBOX_ERRORS.rejected };
      default:
        return { answer: 'success' };
    }
  }
  switch (cents) {
    case 61:
      return { answer: 'in-process', settlesAs: 'SUCCESS' };
    case 62:
      return { answer: 'in-process', settlesAs: 'FAILED', error: SANDBOX_ERRORS.declinedAfterReview };
    case 71:
      return { answer: 'failed', error: SANDBOX_ERRORS.rejected };
    case 72:
      return { answer: 'failed', error: SANDBOX_ERRORS.invalidAmount };
    case 73:
      return { answer: 'failed', error: SANDBOX_ERRORS.unavailable };
    default:
      return { answer: 'success' };
  }
}

export interface RefundRequest {
  /** The refund transaction's id, chosen before asking: the settlement job finds the refund by it and its account. */
  refundId: string;
  accountId: string;
  /** The payment's MID: its acquirer and solution take part in the answer. */
  midId: string | null;
  /** Minor units of `currency`. */
  amount: number;
  currency: string;
}

/** The acquirer's answer; `status` is the refund transaction's status to store. */
export type RefundAnswer =
  | { outcome: 'success'; status: 'SUCCESS'; providerTransactionId: string }
  | { outcome: 'in-process'; status: 'IN_PROCESS'; providerTransactionId: string; settlesAt: Date }
  | { outcome: 'failed'; status: 'FAILED'; providerTransactionId: string; error: AcquirerError };

export interface SandboxAcquirer {
  /**
   * Asks for a refund inside the caller's database transaction. An asynchronous answer enqueues its settlement in
   * that same transaction (so a rolled-back refund leaves no job); the caller stores the refund row with the answer's
   * status before committing, and may call `jobs.wake()` after.
   */
  refund(tx: Queryable, request: RefundRequest): Promise<RefundAnswer>;
  /** Settles IN_PROCESS refunds; registered with the job worker under SANDBOX_SETTLEMENT_JOB. */
  readonly settlementHandler: JobHandler;
}

export interface SandboxAcquirerDeps {
  db: Db;
  jobs: JobQueue;
  now: () => number;
}

export interface SandboxAcquirerOptions {
  settlementDelayMs?: number;
}

/** The acquirer's reference for a refund, derived from the refund id so a replay names the same one. */
const providerReference = (refundId: string) => `sbx_${refundId.replaceAll('-', '').slice(0, 20)}`;

async function midNames(db: Queryable, midId: string | null) {
  if (!midId) return { acquirerName: null, solutionName: null };
  const [row] = await db
    .select({ acquirerName: acquirers.prettyName, solutionName: solutions.prettyName })
    .from(mids)
    .innerJoin(acquirers, eq(acquirers.id, mids.acquirerId))
    .innerJoin(solutions, eq(solutions.id, mids.solutionId))
    .where(eq(mids.id, midId));
  return row ?? { acquirerName: null, solutionName: null };
}

function isSettlementPayload(payload: unknown): payload is { refundId: string; accountId: string } {
  if (typeof payload !== 'object' || payload === null) return false;
  const { refundId, accountId } = payload as { refundId?: unknown; accountId?: unknown };
  return typeof refundId === 'string' && typeof accountId === 'string';
}

export function createSandboxAcquirer(
  deps: SandboxAcquirerDeps,
  options: SandboxAcquirerOptions = {},
): SandboxAcquirer {
  const delay = options.settlementDelayMs ?? SANDBOX_SETTLEMENT_DELAY_MS;

  const settlementHandler: JobHandler = {
    async run(payload) {
      if (!isSettlementPayload(payload)) throw new PermanentJobError('Malformed settlement job');
      await deps.db.transaction(async (tx) => {
        const key = await findTransactionKey(tx, payload.accountId, payload.refundId);
        if (!key) throw new PermanentJobError(`Refund ${payload.refundId} not found`);
        const [refund] = await tx
          .select({
            id: transactions.id,
            rootId: transactions.rootId,
            accountId: transactions.accountId,
            merchantId: transactions.merchantId,
            transactionType: transactions.transactionType,
            status: transactions.status,
            amount: transactions.amount,
            midId: transactions.midId,
          })
          .from(transactions)
          .where(isTransaction(key))
          .for('update');
        if (!refund) throw new PermanentJobError(`Refund ${payload.refundId} not found`);
        // Settled already (a retried job, or settled by other means): nothing left to do.
        if (refund.status !== 'IN_PROCESS') return;
        const behaviour = sandboxRefundBehaviour({ amount: refund.amount, ...(await midNames(tx, refund.midId)) });
        const failed = behaviour.answer === 'in-process' && behaviour.settlesAs === 'FAILED';
        const error = failed ? (behaviour.error ?? SANDBOX_ERRORS.declinedAfterReview) : null;
        const status = failed ? 'FAILED' : 'SUCCESS';
        const at = new Date(deps.now());
        // Compare-and-set on the status read above: a concurrent change wins, and this job changes nothing.
        const updated = await tx
          .update(transactions)
          .set({
            status,
            updatedAt: at,
            errorCode: error?.code ?? null,
            errorMessage: error?.message ?? null,
            errorProviderMessage: error?.providerMessage ?? null,
          })
          .where(and(isTransaction(key), eq(transactions.status, 'IN_PROCESS')))
          .returning({ id: transactions.id });
        if (updated.length === 0) return;
        await tx.insert(transactionHistory).values({
          accountId: refund.accountId,
          rootId: refund.rootId,
          transactionId: refund.id,
          transactionCreatedAt: key.createdAt,
          transactionType: refund.transactionType,
          status,
          isFallback: false,
          occurredAt: at,
        });
        await recordActivity(tx, {
          actor: null,
          actionType: 'UPDATE',
          resourceType: 'TRANSACTION',
          resourceId: refund.id,
          oldValue: { status: 'IN_PROCESS' },
          newValue: { status, ...(error ? { error } : {}) },
          accountId: refund.accountId,
          merchantId: refund.merchantId,
        });
      });
    },
  };

  return {
    settlementHandler,
    async refund(tx, request) {
      const behaviour = sandboxRefundBehaviour({ amount: request.amount, ...(await midNames(tx, request.midId)) });
      const providerTransactionId = providerReference(request.refundId);
      switch (behaviour.answer) {
        case 'success':
          return { outcome: 'success', status: 'SUCCESS', providerTransactionId };
        case 'failed':
          return { outcome: 'failed', status: 'FAILED', providerTransactionId, error: behaviour.error };
        case 'in-process': {
          const settlesAt = new Date(deps.now() + delay);
          await deps.jobs.enqueue(
            tx,
            SANDBOX_SETTLEMENT_JOB,
            { refundId: request.refundId, accountId: request.accountId },
            {
              runAt: settlesAt.getTime(),
            },
          );
          return { outcome: 'in-process', status: 'IN_PROCESS', providerTransactionId, settlesAt };
        }
      }
    },
  };
}
