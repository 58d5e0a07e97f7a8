import { createHash, randomUUID } from 'node:crypto';
import type { RefundRequest, RefundResponse, RefundResultStatus } from '@domain/contract/transactions';
import { REFUND_RESULT_STATUSES } from '@domain/contract/transactions';
import type { RefundReason } from '@domain/enums';
import { formatMinorAmount } from '@domain/format';
import {
  isRefundAllowed,
  refundAmountError,
  refundAvailabilityText,
  refundableRemaining,
  refundTypeOf,
} from '@domain/refunds';
import { and, asc, eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import type { Queryable } from '../../db/client';
import { mids, transactionHistory, transactions } from '../../db/schema';
import { recordActivity } from '../../lib/audit';
import { isUniqueViolation } from '../../lib/db-errors';
import { type AuthContext, assertAccountAccess } from '../../plugins/auth';
import { ApiError, notFound } from '../../plugins/errors';
import { createdSince, findKeyOfIdempotencyKey, findTransactionKey, isTransaction } from './keys';
import { loadPaymentChildren, refundStateOf, transactionIdOrNull } from './queries';

// Refunds (spec 3, sections 4, 5 and 7; design.md section 6). One database transaction locks the payment row, replays
// an idempotency key already seen, recomputes the refundable amount counting pending refunds, asks the acquirer, and
// inserts the refund (a child transaction carrying the unique key) with its history event and its audit entry. Two
// refunds of one payment therefore run one after the other, and the second sees the first: together they can never
// exceed the payment.

export type RefundDeps = Pick<AppDeps, 'db' | 'now' | 'acquirer' | 'jobs'>;

export interface RefundResult {
  response: RefundResponse;
  /** The answer was stored for this key before: nothing new happened. */
  replayed: boolean;
}

export interface RefundCall {
  accountId: string;
  transactionId: string;
  idempotencyKey: string;
  body: RefundRequest;
}

const formError = (fields: Record<string, string>) =>
  new ApiError(400, 'form-not-validated', 'Form not validated', { fields });

/**
 * What a key is bound to: the account, the payment and what the refund asks for. The console's displayed maximum is
 * left out: it is advice the server never trusts, and a retry must not be refused because a reload changed it.
 */
export function refundFingerprint(call: RefundCall): string {
  const { amount, currency, reason, merchantId, fullRefund } = call.body;
  const bound = [
    call.accountId.toLowerCase(),
    call.transactionId.toLowerCase(),
    amount,
    currency,
    reason,
    merchantId.toLowerCase(),
    fullRefund,
  ];
  return createHash('sha256').update(JSON.stringify(bound)).digest('hex');
}

const keyReused = () =>
  new ApiError(
    422,
    'idempotency-key-reused',
    'This idempotency key was already used for another refund request. Send a new key for a new refund.',
  );

/**
 * The first answer given for the key, rebuilt from the stored refund: its first status (the history's oldest event,
 * before any settlement) and, when that was a failure, the acquirer's error.
 */
async function storedAnswer(db: Queryable, call: RefundCall, fingerprint: string): Promise<RefundResult | undefined> {
  const key = await findKeyOfIdempotencyKey(db, call.idempotencyKey);
  if (!key) return undefined;
  if (key.accountId !== call.accountId) throw keyReused();
  const [refund] = await db
    .select({
      id: transactions.id,
      accountId: transactions.accountId,
      rootId: transactions.rootId,
      parentId: transactions.parentId,
      transactionType: transactions.transactionType,
      status: transactions.status,
      amount: transactions.amount,
      currency: transactions.currency,
      refundReason: transactions.refundReason,
      errorCode: transactions.errorCode,
      errorMessage: transactions.errorMessage,
      fingerprint: transactions.idempotencyFingerprint,
    })
    .from(transactions)
    .where(isTransaction(key))
    .limit(1);
  // Registered but archived: the key is spent, and its answer is no longer kept.
  if (!refund) throw keyReused();
  if (refund.fingerprint !== fingerprint || refund.accountId !== call.accountId || !refund.parentId) throw keyReused();
  const [first] = await db
    .select({ status: transactionHistory.status })
    .from(transactionHistory)
    .where(
      and(
        eq(transactionHistory.accountId, refund.accountId),
        eq(transactionHistory.rootId, refund.rootId),
        eq(transactionHistory.transactionId, refund.id),
        createdSince(transactionHistory.transactionCreatedAt, key.createdAt),
      ),
    )
    .orderBy(asc(transactionHistory.occurredAt), asc(transactionHistory.id))
    .limit(1);
  const firstStatus = (first?.status ?? refund.status) as RefundResultStatus;
  const status: RefundResultStatus = REFUND_RESULT_STATUSES.includes(firstStatus) ? firstStatus : 'IN_PROCESS';
  return {
    replayed: true,
    response: {
      data: {
        transactionId: refund.id,
        parentTransactionId: refund.parentId,
        transactionType: refund.transactionType as RefundResponse['data']['transactionType'],
        transactionStatus: status,
        money: { amount: Number(refund.amount), currency: refund.currency },
        reason: refund.refundReason as RefundReason,
        error:
          status === 'FAILED'
            ? { code: refund.errorCode ?? 'refund-creation-error', message: refund.errorMessage ?? '' }
            : null,
      },
    },
  };
}

/** Sends a refund of a payment; see the comment at the top of this file. */
export async function sendRefund(deps: RefundDeps, auth: AuthContext, call: RefundCall): Promise<RefundResult> {
  assertAccountAccess(auth, call.accountId);
  const paymentId = transactionIdOrNull(call.transactionId);
  if (!paymentId) throw notFound();
  const scoped: RefundCall = { ...call, accountId: call.accountId.toLowerCase(), transactionId: paymentId };
  const fingerprint = refundFingerprint(scoped);

  // A replay needs no lock: the stored refund is the answer.
  const known = await storedAnswer(deps.db, scoped, fingerprint);
  if (known) return known;

  let result: RefundResult;
  try {
    result = await deps.db.transaction(async (tx) => {
      // The registry first, so the lock is taken in the payment's month only (keys.ts).
      const key = await findTransactionKey(tx, scoped.accountId, paymentId);
      if (!key) throw notFound();
      const [payment] = await tx.select().from(transactions).where(isTransaction(key)).for('update');
      if (!payment) throw notFound();
      // The same key may have committed while this call waited for the lock.
      const replay = await storedAnswer(tx, scoped, fingerprint);
      if (replay) return replay;
      return createRefund(deps, tx, auth, scoped, fingerprint, payment);
    });
  } catch (error) {
    // The same key sent concurrently for another payment: the unique index let one through; this one is a reuse.
    if (isUniqueViolation(error)) {
      const replay = await storedAnswer(deps.db, scoped, fingerprint);
      if (replay) return replay;
      throw keyReused();
    }
    throw error;
  }
  if (!result.replayed && result.response.data.transactionStatus === 'IN_PROCESS') deps.jobs.wake();
  return result;
}

type PaymentRow = typeof transactions.$inferSelect;

async function createRefund(
  deps: RefundDeps,
  tx: Queryable,
  auth: AuthContext,
  call: RefundCall,
  fingerprint: string,
  payment: PaymentRow,
): Promise<RefundResult> {
  const { body } = call;
  if (body.merchantId.toLowerCase() !== payment.merchantId) {
    throw formError({ merchantId: 'The transaction does not belong to this merchant' });
  }
  if (body.currency !== payment.currency) {
    throw formError({ currency: `Refunds are made in the payment's currency (${payment.currency})` });
  }
  const [mid] = payment.midId
    ? await tx
        .select({ providerBlocksSameDay: mids.providerBlocksSameDay })
        .from(mids)
        .where(eq(mids.id, payment.midId))
    : [];
  const nowMs = deps.now();
  // Read after the lock: every earlier refund of this payment has committed, pending ones included.
  const children = await loadPaymentChildren(tx, payment);
  const state = refundStateOf(
    { ...payment, amount: Number(payment.amount), providerBlocksSameDay: mid?.providerBlocksSameDay ?? false },
    children,
    nowMs,
  );
  if (!isRefundAllowed(state.refundable, state.facts.transactionType)) {
    throw new ApiError(
      409,
      'refund-not-allowed',
      refundAvailabilityText(state.refundable, state.facts.transactionType) ??
        'Only successful payments can be refunded',
    );
  }
  const remaining = refundableRemaining(state.facts.amount, state.facts.refunds);
  const amountError = refundAmountError(body.amount, remaining, payment.currency);
  if (amountError) {
    throw new ApiError(422, 'refund-amount-exceeded', amountError, { fields: { amount: amountError } });
  }
  if (body.fullRefund && body.amount !== remaining) {
    throw new ApiError(
      409,
      'refund-amount-changed',
      `The refundable amount is now ${formatMinorAmount(remaining, payment.currency)} ${payment.currency}. Reload the transaction and try again.`,
    );
  }

  const refundId = randomUUID();
  const refundType = refundTypeOf(body.amount, state.facts.amount);
  const answer = await deps.acquirer.refund(tx, {
    refundId,
    accountId: payment.accountId,
    midId: payment.midId,
    amount: body.amount,
    currency: payment.currency,
  });
  const error = answer.outcome === 'failed' ? answer.error : null;
  const at = new Date(nowMs);
  await tx.insert(transactions).values({
    ...payment,
    id: refundId,
    parentId: payment.id,
    rootId: payment.rootId,
    recurrenceParentId: null,
    transactionType: refundType,
    status: answer.status,
    amount: body.amount,
    isFallback: false,
    providerTransactionId: answer.providerTransactionId,
    threeDsSent: null,
    threeDsVersion: null,
    eci: null,
    eciDescription: null,
    avs: null,
    authorizationId: null,
    riskScore: null,
    errorCode: error?.code ?? null,
    errorMessage: error?.message ?? null,
    errorProviderMessage: error?.providerMessage ?? null,
    refundReason: body.reason,
    alertType: null,
    alertStatus: null,
    alertCaid: null,
    idempotencyKey: call.idempotencyKey,
    idempotencyFingerprint: fingerprint,
    createdAt: at,
    updatedAt: at,
  });
  await tx.insert(transactionHistory).values({
    accountId: payment.accountId,
    rootId: payment.rootId,
    transactionId: refundId,
    transactionCreatedAt: at,
    transactionType: refundType,
    status: answer.status,
    isFallback: false,
    occurredAt: at,
  });
  await recordActivity(tx, {
    actor: { userId: auth.userId, email: auth.email, fullName: auth.fullName },
    actionType: 'INSERT',
    resourceType: 'TRANSACTION',
    resourceId: refundId,
    newValue: {
      transactionType: refundType,
      parentTransactionId: payment.id,
      status: answer.status,
      amount: body.amount,
      currency: payment.currency,
      reason: body.reason,
      fullRefund: body.fullRefund,
      refundableBefore: remaining,
      providerTransactionId: answer.providerTransactionId,
      ...(error ? { error: { code: error.code, message: error.message } } : {}),
    },
    accountId: payment.accountId,
    merchantId: payment.merchantId,
  });
  return {
    replayed: false,
    response: {
      data: {
        transactionId: refundId,
        parentTransactionId: payment.id,
        transactionType: refundType,
        transactionStatus: answer.status,
        money: { amount: body.amount, currency: payment.currency },
        reason: body.reason,
        error: error ? { code: error.code, message: error.message } : null,
      },
    },
  };
}
