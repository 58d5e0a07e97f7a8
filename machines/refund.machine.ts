import type { RefundRequest, RefundResponse } from '@domain/contract/transactions';
import type { RefundAvailability, RefundReason, TransactionType } from '@domain/enums';
import { moneyInputValue, parseMoneyInput, sanitiseMoneyInput } from '@domain/format';
import {
  isRefundAllowed,
  newIdempotencyKey,
  type RefundOutcome,
  refundAmountTextError,
  refundOutcomeOf,
  refundReasonError,
} from '@domain/refunds';
import { assign, emit, fromPromise, type SnapshotFrom, setup } from 'xstate';

// The refund flow of spec 3, section 4 ("Refund modal and result"): the modal with the full-refund toggle, the
// amount and the reason; the submission under an idempotency key issued once per opening (a retry resends the same
// body with the same key, so the server answers it without a second refund); the result modal, whose 'Got it' closes
// it and tells the host to reload the transaction. The call lives in an invoked actor that the console and tests
// provide with `machine.provide`.

/** The payment the modal refunds, from its detail. */
export interface RefundTarget {
  accountId: string;
  transactionId: string;
  merchantId: string;
  transactionType: TransactionType;
  refundable: RefundAvailability;
  currency: string;
  /** Minor units still refundable: what the full refund sends and the partial amount may not exceed. */
  maxRefundAmountAvailable: number;
}

/** POST /account/{accountId}/transaction/{transactionId}/refund with the Idempotency-Key header. */
export interface RefundCall {
  accountId: string;
  transactionId: string;
  idempotencyKey: string;
  body: RefundRequest;
}

export interface RefundContext {
  target: RefundTarget | null;
  fullRefund: boolean;
  /** The amount input's text ('12,50'); the full refund fills it with the remaining amount. */
  amountText: string;
  reason: RefundReason | null;
  /** Fields whose message shows: after leaving them, or after a submit attempt. */
  touched: { amount: boolean; reason: boolean };
  /** One per opening; kept for a retry of the same submission. */
  idempotencyKey: string | null;
  /** The call last sent, resent as it was by RETRY. */
  call: RefundCall | null;
  outcome: RefundOutcome | null;
}

export type RefundEvent =
  | { type: 'OPEN'; target: RefundTarget }
  | { type: 'SET_FULL_REFUND'; on: boolean }
  | { type: 'CHANGE_AMOUNT'; text: string }
  | { type: 'BLUR_AMOUNT' }
  | { type: 'SELECT_REASON'; reason: RefundReason | null }
  | { type: 'BLUR_REASON' }
  | { type: 'SUBMIT' }
  /** Closes the modal without sending (Escape, Cancel, the close button). */
  | { type: 'CANCEL' }
  /** After no response: send the same refund again, under the same key. */
  | { type: 'RETRY' }
  /** The result modal's 'Got it'. */
  | { type: 'GOT_IT' };

/** Told to the host when the result closes: the transaction (and its history) changed, or may have. */
export type RefundEmitted = { type: 'reload'; transactionId: string };

const IDLE_CONTEXT: RefundContext = {
  target: null,
  fullRefund: true,
  amountText: '',
  reason: null,
  touched: { amount: false, reason: false },
  idempotencyKey: null,
  call: null,
  outcome: null,
};

/** The form's messages as the modal shows them: only for fields already left or after a submit attempt. */
export interface RefundFormErrors {
  amount: string | null;
  reason: string | null;
}

/** Every message of the form, shown or not; the submit guard and the selectors read this one function. */
export function refundFormErrors(context: RefundContext): RefundFormErrors {
  const target = context.target;
  if (!target) return { amount: null, reason: null };
  return {
    amount: refundAmountTextError(context.amountText, target.maxRefundAmountAvailable, target.currency),
    reason: refundReasonError(context.reason),
  };
}

/** The messages to show now. */
export function visibleRefundErrors(context: RefundContext): RefundFormErrors {
  const errors = refundFormErrors(context);
  return {
    amount: context.touched.amount ? errors.amount : null,
    reason: context.touched.reason ? errors.reason : null,
  };
}

function callOf(context: RefundContext): RefundCall | null {
  const target = context.target;
  const amount = target ? parseMoneyInput(context.amountText, target.currency) : null;
  if (!target || amount === null || !context.reason || !context.idempotencyKey) return null;
  return {
    accountId: target.accountId,
    transactionId: target.transactionId,
    idempotencyKey: context.idempotencyKey,
    body: {
      amount,
      currency: target.currency,
      reason: context.reason,
      merchantId: target.merchantId,
      fullRefund: context.fullRefund,
      maxRefundAmountAvailable: target.maxRefundAmountAvailable,
    },
  };
}

interface ErrorLike {
  status?: unknown;
  key?: unknown;
  serverMessage?: unknown;
  header?: unknown;
  message?: unknown;
}

/**
 * A refused call (4xx: not refundable any more, above the maximum, a key reused with another body) is a failure with
 * its code and message. Anything else (no connection, a server error, a timeout) is no response: the refund may or
 * may not have happened, and only a retry under the same key can tell safely.
 */
export function outcomeOfError(error: unknown): RefundOutcome {
  const { status, key, serverMessage, header, message } = (
    typeof error === 'object' && error !== null ? error : {}
  ) as ErrorLike;
  if (typeof status === 'number' && status >= 400 && status < 500 && typeof key === 'string') {
    const text = [serverMessage, header, message].find((value) => typeof value === 'string' && value !== '');
    return { kind: 'failed', code: key, message: (text as string | undefined) ?? '' };
  }
  return { kind: 'noResponse' };
}

export const refundMachine = setup({
  types: {
    context: {} as RefundContext,
    events: {} as RefundEvent,
    emitted: {} as RefundEmitted,
  },
  actors: {
    /** Sends the refund; resolves with the answer (the console parses it with refundResponse), rejects on failure. */
    sendRefund: fromPromise<RefundResponse | null, RefundCall>(async () => {
      throw new Error('sendRefund is provided by the console');
    }),
  },
  guards: {
    refundAllowed: ({ event }) =>
      event.type === 'OPEN' &&
      isRefundAllowed(event.target.refundable, event.target.transactionType) &&
      event.target.maxRefundAmountAvailable > 0,
    amountEditable: ({ context }) => !context.fullRefund,
    formValid: ({ context }) => {
      const errors = refundFormErrors(context);
      return errors.amount === null && errors.reason === null && callOf(context) !== null;
    },
    answeredSuccess: ({ context }) => context.outcome?.kind === 'success',
    answeredInProcess: ({ context }) => context.outcome?.kind === 'inProcess',
    answeredFailed: ({ context }) => context.outcome?.kind === 'failed',
  },
  actions: {
    open: assign(({ event }) => {
      if (event.type !== 'OPEN') return {};
      const { target } = event;
      return {
        ...IDLE_CONTEXT,
        target,
        amountText: moneyInputValue(target.maxRefundAmountAvailable, target.currency),
      };
    }),
    /** Once per opening. Tests replace it to know the key; randomness is its only effect. */
    issueIdempotencyKey: assign({ idempotencyKey: () => newIdempotencyKey() }),
    setFullRefund: assign(({ context, event }) => {
      if (event.type !== 'SET_FULL_REFUND' || !context.target) return {};
      if (!event.on) return { fullRefund: false };
      // Back on: the remaining amount again, whatever was typed, and nothing left to complain about.
      const { maxRefundAmountAvailable, currency } = context.target;
      return {
        fullRefund: true,
        amountText: moneyInputValue(maxRefundAmountAvailable, currency),
      };
    }),
    changeAmount: assign(({ context, event }) => {
      if (event.type !== 'CHANGE_AMOUNT' || !context.target) return {};
      return { amountText: sanitiseMoneyInput(event.text, context.target.currency) };
    }),
    /** Spec 3, section 4: an empty amount on blur becomes 0. */
    blurAmount: assign(({ context }) => ({
      amountText: context.amountText.trim() === '' ? '0' : context.amountText,
      touched: { ...context.touched, amount: true },
    })),
    selectReason: assign(({ context, event }) =>
      event.type === 'SELECT_REASON' ? { reason: event.reason, touched: { ...context.touched, reason: true } } : {},
    ),
    blurReason: assign(({ context }) => ({ touched: { ...context.touched, reason: true } })),
    showAllErrors: assign({ touched: { amount: true, reason: true } }),
    prepareCall: assign(({ context }) => ({ call: callOf(context), outcome: null })),
    storeAnswer: assign(({ event }) => ({ outcome: refundOutcomeOf((event as { output?: unknown }).output) })),
    storeError: assign(({ event }) => ({ outcome: outcomeOfError((event as { error?: unknown }).error) })),
    requestReload: emit(({ context }) => ({
      type: 'reload' as const,
      transactionId: context.target?.transactionId ?? '',
    })),
    close: assign(() => ({ ...IDLE_CONTEXT })),
  },
}).createMachine({
  id: 'refund',
  context: IDLE_CONTEXT,
  initial: 'closed',
  states: {
    closed: {
      on: {
        OPEN: { guard: 'refundAllowed', target: 'editing', actions: ['open', 'issueIdempotencyKey'] },
      },
    },
    editing: {
      on: {
        SET_FULL_REFUND: { actions: 'setFullRefund' },
        CHANGE_AMOUNT: { guard: 'amountEditable', actions: 'changeAmount' },
        BLUR_AMOUNT: { guard: 'amountEditable', actions: 'blurAmount' },
        SELECT_REASON: { actions: 'selectReason' },
        BLUR_REASON: { actions: 'blurReason' },
        SUBMIT: [{ guard: 'formValid', target: 'submitting', actions: 'prepareCall' }, { actions: 'showAllErrors' }],
        CANCEL: { target: 'closed', actions: 'close' },
      },
    },
    // In flight: the modal cannot be closed and nothing is sent twice; the Refund button shows it in progress.
    submitting: {
      invoke: {
        src: 'sendRefund',
        input: ({ context }) => context.call!,
        onDone: { target: 'answered', actions: 'storeAnswer' },
        onError: { target: 'answered', actions: 'storeError' },
      },
    },
    answered: {
      always: [
        { guard: 'answeredSuccess', target: 'result.success' },
        { guard: 'answeredInProcess', target: 'result.inProcess' },
        { guard: 'answeredFailed', target: 'result.failed' },
        { target: 'result.noResponse' },
      ],
    },
    result: {
      initial: 'noResponse',
      states: {
        success: {},
        inProcess: {},
        failed: {},
        noResponse: {
          on: { RETRY: { target: '#refund.submitting' } },
        },
      },
      on: {
        // Every result may have changed the payment (even no response: the refund may have gone through).
        GOT_IT: { target: 'closed', actions: ['requestReload', 'close'] },
        CANCEL: { target: 'closed', actions: ['requestReload', 'close'] },
      },
    },
  },
});

export type RefundMachine = typeof refundMachine;
export type RefundSnapshot = SnapshotFrom<RefundMachine>;

/** Whether the refund modal (the form) is open. */
export const isRefundFormOpen = (snapshot: RefundSnapshot) => snapshot.matches('editing');
/** A refund is on its way: the Refund button is disabled with the in-progress tooltip, the modal cannot close. */
export const isRefundInFlight = (snapshot: RefundSnapshot) => snapshot.matches('submitting');
/** Which result modal shows, if any. */
export function refundResultOf(snapshot: RefundSnapshot): RefundOutcome['kind'] | null {
  if (snapshot.matches({ result: 'success' })) return 'success';
  if (snapshot.matches({ result: 'inProcess' })) return 'inProcess';
  if (snapshot.matches({ result: 'failed' })) return 'failed';
  if (snapshot.matches({ result: 'noResponse' })) return 'noResponse';
  return null;
}
/** The amount input is disabled while the full-refund toggle is on. */
export const isAmountLocked = (snapshot: RefundSnapshot) => snapshot.context.fullRefund;
