// Refund rules of spec 3 (sections 2.2, 4, 5 and 8): which payments may be refunded and why not, how much remains,
// when the Refund button shows and is enabled, and the refund form's messages. Pure: the server derives the detail's
// `refundable` and checks refunds with these, the console and the refund machine show the same answers.
import {
  REFUND_REASON_LABELS,
  REFUND_REASONS,
  type RefundAvailability,
  type RefundReason,
  type RefundType,
  type TransactionStatus,
  type TransactionType,
} from './enums';
import { formatMinorMoney, parseMoneyInput } from './format';
import { can, type Grants, PERMISSIONS } from './permissions';
import { MSG } from './validation';

/** The blocked-refund tooltips of spec 3, section 8, by availability. */
export const REFUND_BLOCKED_TEXTS = {
  FULL_REFUNDED: 'This transaction was fully refunded',
  IN_PROCESS: 'The refund cannot be sent because it is already in progress',
  CHARGEBACK_APPLIED: 'Chargeback already completed for this payment',
  PROVIDER_BLOCKED_SAME_DAY: 'This refund is blocked as a PSP requirement until tomorrow. Please, try from now on.',
  RDR: 'The refund cannot be sent because the payment already received an RDR.',
} as const satisfies Partial<Record<RefundAvailability, string>>;

/** The refund result texts of spec 3, sections 4 and 8. No response shows the catalogue's 'unexpected-error'. */
export const REFUND_TEXTS = {
  success: 'Refund sent successfully',
  inProcess: 'Waiting for confirmation',
  failed: 'Unable to refund',
  refundFailed: 'Refund failed',
  refundFailedAdvice: 'Check in the transactions table whether the refund is already done before trying again.',
  gotIt: 'Got it',
} as const;

/** Transaction statuses of a refund still waiting for the acquirer; their amounts are held as if refunded. */
export const PENDING_REFUND_STATUSES: readonly TransactionStatus[] = ['IN_PROCESS', 'PENDING'];
/** Transaction types that may show the Refund button (spec 3, section 2.2). */
export const REFUNDABLE_TYPES: readonly TransactionType[] = ['PAYMENT', 'RDR'];
/** How long a provider that blocks same-day refunds keeps a payment locked (spec 1, section 9: 24 hours). */
export const SAME_DAY_REFUND_LOCK_MS = 24 * 60 * 60 * 1000;

export const refundReasonOptions = REFUND_REASONS.map((value) => ({ value, label: REFUND_REASON_LABELS[value] }));

/** A child refund of a payment, as availability and the remaining amount need it. */
export interface RefundChild {
  status: TransactionStatus;
  /** Minor units. */
  amount: number;
}

/** The facts availability is derived from; the server reads them from the payment and its child transactions. */
export interface RefundFacts {
  transactionType: TransactionType;
  status: TransactionStatus;
  /** The payment's amount in minor units. */
  amount: number;
  /** Its REFUND and PARTIAL_REFUND children, any status. */
  refunds: readonly RefundChild[];
  /** A chargeback on the payment reached a final, successful state. */
  chargebackApplied: boolean;
  /** An RDR arrived for the payment (a child RDR transaction or an RDR alert). */
  rdrReceived: boolean;
  /** The payment's provider refuses refunds within 24 hours of the payment. */
  providerBlocksSameDay: boolean;
  creationDate: string | Date;
  now: string | Date;
}

/**
 * Minor units still refundable: the amount less successful refunds and refunds still waiting for the acquirer, so
 * two refunds in flight can never together exceed the payment. Never below 0.
 */
export function refundableRemaining(amount: number, refunds: readonly RefundChild[]): number {
  let held = 0;
  for (const refund of refunds) {
    if (refund.status === 'SUCCESS' || PENDING_REFUND_STATUSES.includes(refund.status)) held += refund.amount;
  }
  return Math.max(0, amount - held);
}

/** Whether any refund of the payment still waits for the acquirer. */
export function hasPendingRefund(refunds: readonly RefundChild[]): boolean {
  return refunds.some((refund) => PENDING_REFUND_STATUSES.includes(refund.status));
}

/**
 * The payment's refund availability, in the order the checks are made:
 * 1. not a successful PAYMENT or RDR: NOT_PAYMENT_SUCCESS;
 * 2. an RDR transaction, or a payment that received an RDR: RDR;
 * 3. a refund still waiting for the acquirer: IN_PROCESS;
 * 4. nothing left to refund: FULL_REFUNDED;
 * 5. the provider blocks refunds for 24 hours after the payment, and they have not passed: PROVIDER_BLOCKED_SAME_DAY;
 * 6. a completed chargeback: CHARGEBACK_APPLIED (still allowed, with its note);
 * 7. otherwise AVAILABLE.
 */
export function refundAvailabilityOf(facts: RefundFacts): RefundAvailability {
  if (!REFUNDABLE_TYPES.includes(facts.transactionType) || facts.status !== 'SUCCESS') return 'NOT_PAYMENT_SUCCESS';
  if (facts.transactionType === 'RDR' || facts.rdrReceived) return 'RDR';
  if (hasPendingRefund(facts.refunds)) return 'IN_PROCESS';
  if (refundableRemaining(facts.amount, facts.refunds) <= 0) return 'FULL_REFUNDED';
  if (facts.providerBlocksSameDay) {
    const age = new Date(facts.now).getTime() - new Date(facts.creationDate).getTime();
    if (age < SAME_DAY_REFUND_LOCK_MS) return 'PROVIDER_BLOCKED_SAME_DAY';
  }
  if (facts.chargebackApplied) return 'CHARGEBACK_APPLIED';
  return 'AVAILABLE';
}

/**
 * Whether a refund may be sent (spec 3, section 4): AVAILABLE and CHARGEBACK_APPLIED allow it, except that a
 * transaction of type RDR is always blocked.
 */
export function isRefundAllowed(refundable: RefundAvailability, transactionType: TransactionType): boolean {
  if (transactionType === 'RDR') return false;
  return refundable === 'AVAILABLE' || refundable === 'CHARGEBACK_APPLIED';
}

/** The tooltip for an availability: why a refund is blocked, or the chargeback note; null when there is nothing to say. */
export function refundAvailabilityText(
  refundable: RefundAvailability,
  transactionType: TransactionType,
): string | null {
  if (transactionType === 'RDR') return REFUND_BLOCKED_TEXTS.RDR;
  return (REFUND_BLOCKED_TEXTS as Partial<Record<RefundAvailability, string>>)[refundable] ?? null;
}

export interface RefundButtonInput {
  transactionType: TransactionType;
  status: TransactionStatus;
  refundable: RefundAvailability;
  /** Minor units still refundable (the detail's maxRefundAmountAvailable). */
  maxRefundAmountAvailable: number;
}

export interface RefundButtonState {
  /** Shown for a successful PAYMENT or RDR to a user holding the refund permission. */
  visible: boolean;
  enabled: boolean;
  /** The reason it is disabled, or the chargeback note on an enabled button; null otherwise. */
  tooltip: string | null;
}

/**
 * The Refund button (spec 3, sections 2.2 and 4): shown when the transaction is a PAYMENT (or RDR) with status
 * SUCCESS and the user holds the refund permission; disabled while a refund is in flight or when availability does not
 * allow one, with the reason as tooltip.
 */
export function refundButtonState(
  transaction: RefundButtonInput,
  grants: Grants,
  refundInFlight: boolean,
): RefundButtonState {
  const visible =
    REFUNDABLE_TYPES.includes(transaction.transactionType) &&
    transaction.status === 'SUCCESS' &&
    can(grants, PERMISSIONS.transactionRefund);
  if (!visible) return { visible: false, enabled: false, tooltip: null };
  if (refundInFlight) return { visible, enabled: false, tooltip: REFUND_BLOCKED_TEXTS.IN_PROCESS };
  const allowed =
    isRefundAllowed(transaction.refundable, transaction.transactionType) && transaction.maxRefundAmountAvailable > 0;
  // Nothing left although availability allows a refund: the detail is stale; say what a reload would say.
  const exhausted = isRefundAllowed(transaction.refundable, transaction.transactionType) && !allowed;
  const tooltip =
    refundAvailabilityText(transaction.refundable, transaction.transactionType) ??
    (exhausted ? REFUND_BLOCKED_TEXTS.FULL_REFUNDED : null);
  return { visible, enabled: allowed, tooltip };
}

/** A refund of the payment's whole amount is a REFUND; any smaller one (also the last of several) a PARTIAL_REFUND. */
export function refundTypeOf(refundAmount: number, paymentAmount: number): RefundType {
  return refundAmount >= paymentAmount ? 'REFUND' : 'PARTIAL_REFUND';
}

/** The refund form's messages (spec 5, "Refund"). */
export const REFUND_MESSAGES = {
  required: MSG.required,
  notPositive: 'Value must be greater than 0',
} as const;

/** 'The amount cannot exceed {max}{currency}' in the console's one money style: '1.234,50 EUR'. */
export function amountExceedsMessage(maxMinor: number, currency: string): string {
  return `The amount cannot exceed ${formatMinorMoney(maxMinor, currency)}`;
}

/** The rule on an amount already in minor units (null when absent), as the server checks it. */
export function refundAmountError(amountMinor: number | null, maxMinor: number, currency: string): string | null {
  if (amountMinor === null) return REFUND_MESSAGES.required;
  if (amountMinor <= 0) return REFUND_MESSAGES.notPositive;
  if (amountMinor > maxMinor) return amountExceedsMessage(maxMinor, currency);
  return null;
}

/**
 * The rule on the amount input as typed: empty is 'Required field'; anything that does not read as a positive
 * amount is 'Value must be greater than 0'; above the maximum names it.
 */
export function refundAmountTextError(text: string, maxMinor: number, currency: string): string | null {
  if (text.trim() === '') return REFUND_MESSAGES.required;
  return refundAmountError(parseMoneyInput(text, currency) ?? 0, maxMinor, currency);
}

export function refundReasonError(reason: RefundReason | null | undefined): string | null {
  return reason ? null : REFUND_MESSAGES.required;
}

/**
 * A fresh idempotency key (UUID v4 text). getRandomValues rather than randomUUID, which browsers offer only on secure
 * origins; a console opened over plain HTTP on a LAN address must still be able to refund.
 */
export function newIdempotencyKey(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** What the refund call came to, as the result modal shows it. */
export type RefundOutcome =
  | { kind: 'success'; refundTransactionId: string | null }
  | { kind: 'failed'; code: string; message: string }
  | { kind: 'inProcess'; refundTransactionId: string | null }
  | { kind: 'noResponse' };

/**
 * Reads a refund answer (spec 3, section 7: data.transactionStatus and data.error) without trusting its shape:
 * SUCCESS and IN_PROCESS as such, FAILED with its code and message, anything else (no body, no data, an unknown
 * status) is no response.
 */
export function refundOutcomeOf(answer: unknown): RefundOutcome {
  if (typeof answer !== 'object' || answer === null) return { kind: 'noResponse' };
  const data = (answer as { data?: unknown }).data;
  if (typeof data !== 'object' || data === null) return { kind: 'noResponse' };
  const { transactionStatus, transactionId, error } = data as {
    transactionStatus?: unknown;
    transactionId?: unknown;
    error?: unknown;
  };
  const refundTransactionId = typeof transactionId === 'string' ? transactionId : null;
  if (transactionStatus === 'SUCCESS') return { kind: 'success', refundTransactionId };
  if (transactionStatus === 'IN_PROCESS') return { kind: 'inProcess', refundTransactionId };
  if (transactionStatus === 'FAILED') {
    const { code, message } = (typeof error === 'object' && error !== null ? error : {}) as {
      code?: unknown;
      message?: unknown;
    };
    return {
      kind: 'failed',
      code: typeof code === 'string' && code !== '' ? code : 'refund-creation-error',
      message: typeof message === 'string' ? message : '',
    };
  }
  return { kind: 'noResponse' };
}
