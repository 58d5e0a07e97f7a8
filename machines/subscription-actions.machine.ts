import type { SubscriptionStatus } from '@domain/enums';
import { isCatalogueKey, messageFor } from '@domain/errors';
import {
  type CancelReason,
  cancelReasonDetails,
  cancelReasonProblems,
  isActionAllowed,
  PAUSE_REASON,
  SUBSCRIPTION_ACTION_TIMEOUT_MS,
  type SubscriptionAction,
} from '@domain/subscriptions';
import { assign, emit, enqueueActions, fromPromise, type SnapshotFrom, setup } from 'xstate';

// The subscription actions of spec 3, sections 4 and 5 (Subscription, Cancel subscription): one confirm modal for
// cancel (with its reason form), pause (sent with the reason BACKOFFICE_PAUSE) and resume; after confirming, the
// progress state ('can take up to 30 seconds') that cannot be closed; then done (the host reloads) or the error with
// the server's message. A 409 means someone changed the subscription since it was shown: the user is told so and the
// host reloads it. The call lives in an invoked actor that the console and tests provide with `machine.provide`; the
// client gives up after 30 seconds (the server's own limit) and aborts the call.

/** The subscription as the user saw it: its status decides the actions, its version guards the write. */
export interface SubscriptionActionTarget {
  merchantId: string;
  subscriptionId: string;
  status: SubscriptionStatus;
  version: number;
}

/** PATCH /merchant/{merchantId}/subscription/{subscriptionId} with { action, reasonDetails?, version }. */
export interface SubscriptionActionCall {
  merchantId: string;
  subscriptionId: string;
  body: { action: SubscriptionAction; reasonDetails?: string; version: number };
}

/** What the error state tells the user. */
export interface SubscriptionActionFailure {
  /** 'changed': the subscription changed since it was shown (409, reloaded); 'timeout': no answer within 30 s. */
  kind: 'changed' | 'timeout' | 'refused';
  header: string;
  message: string;
}

export interface SubscriptionActionsContext {
  target: SubscriptionActionTarget | null;
  action: SubscriptionAction | null;
  /** The cancel reason as chosen ('Other' included); null until one is chosen. */
  reason: CancelReason | null;
  /** The free text after Other. */
  otherText: string;
  /** Messages show after the field is left or after a confirm attempt. */
  touched: { reason: boolean; otherText: boolean };
  failure: SubscriptionActionFailure | null;
}

export type SubscriptionActionsEvent =
  | { type: 'OPEN'; target: SubscriptionActionTarget; action: SubscriptionAction }
  | { type: 'SELECT_REASON'; reason: CancelReason | null }
  | { type: 'BLUR_REASON' }
  | { type: 'CHANGE_OTHER'; text: string }
  | { type: 'BLUR_OTHER' }
  | { type: 'CONFIRM' }
  /** Cancel, Escape or the close button: ignored while the action is in progress. */
  | { type: 'CLOSE' };

/**
 * Told to the host: 'reload' when the subscription changed or may have (done, a 409, a timeout); 'succeeded' once the
 * platform confirmed the action (the host may say so).
 */
export type SubscriptionActionsEmitted =
  | { type: 'reload'; subscriptionId: string }
  | { type: 'succeeded'; subscriptionId: string; action: SubscriptionAction };

const IDLE_CONTEXT: SubscriptionActionsContext = {
  target: null,
  action: null,
  reason: null,
  otherText: '',
  touched: { reason: false, otherText: false },
  failure: null,
};

export interface CancelFormErrors {
  reason: string | null;
  otherText: string | null;
}

/** Every message of the cancel form, shown or not (the domain's rules); the confirm guard reads the same. */
function formErrors(context: SubscriptionActionsContext): CancelFormErrors {
  if (context.action !== 'CANCEL') return { reason: null, otherText: null };
  const problems = cancelReasonProblems({ reason: context.reason, otherText: context.otherText });
  return { reason: problems.reason ?? null, otherText: problems.otherText ?? null };
}

/** The cancel form's messages to show now: for fields already left, or all after a confirm attempt. */
export function visibleCancelErrors(context: SubscriptionActionsContext): CancelFormErrors {
  const errors = formErrors(context);
  return {
    reason: context.touched.reason ? errors.reason : null,
    otherText: context.touched.otherText ? errors.otherText : null,
  };
}

export function actionCallOf(context: SubscriptionActionsContext): SubscriptionActionCall | null {
  const { target, action } = context;
  if (!target || !action) return null;
  const base = { merchantId: target.merchantId, subscriptionId: target.subscriptionId };
  if (action === 'CANCEL') {
    const errors = formErrors(context);
    if (errors.reason || errors.otherText || context.reason === null) return null;
    return {
      ...base,
      body: {
        action,
        reasonDetails: cancelReasonDetails({ reason: context.reason, otherText: context.otherText }),
        version: target.version,
      },
    };
  }
  if (action === 'PAUSE') return { ...base, body: { action, reasonDetails: PAUSE_REASON, version: target.version } };
  return { ...base, body: { action, version: target.version } };
}

interface ErrorLike {
  status?: unknown;
  key?: unknown;
  serverMessage?: unknown;
}

const textOf = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);

/**
 * A refused call as the error step shows it. A 409 (the version seen is not the current one, or the status no longer
 * allows the action) is 'changed': the data on screen is stale. A key the catalogue knows shows its text; anything
 * else the unexpected-error header over the server's own message.
 */
export function failureOfError(error: unknown): SubscriptionActionFailure {
  const { status, key, serverMessage } = (typeof error === 'object' && error !== null ? error : {}) as ErrorLike;
  const known = isCatalogueKey(key) && key !== 'unexpected-error';
  const message = known ? messageFor(key) : messageFor(status === 409 ? 'subscription-changed' : 'unexpected-error');
  return {
    kind: status === 409 ? 'changed' : 'refused',
    header: message.header,
    message: (known ? message.content : textOf(serverMessage)) ?? message.content ?? '',
  };
}

const TIMEOUT = messageFor('subscription-action-timeout');

export const subscriptionActionsMachine = setup({
  types: {
    context: {} as SubscriptionActionsContext,
    events: {} as SubscriptionActionsEvent,
    emitted: {} as SubscriptionActionsEmitted,
  },
  actors: {
    /** Sends the action; resolves on 204, rejects with the ApiError otherwise. Aborted when the 30 seconds pass. */
    applyAction: fromPromise<void, SubscriptionActionCall>(async () => {
      throw new Error('applyAction is provided by the console');
    }),
  },
  delays: { actionTimeout: SUBSCRIPTION_ACTION_TIMEOUT_MS },
  guards: {
    actionAllowed: ({ event }) => event.type === 'OPEN' && isActionAllowed(event.target.status, event.action),
    formValid: ({ context }) => actionCallOf(context) !== null,
  },
  actions: {
    open: assign(({ event }) =>
      event.type === 'OPEN' ? { ...IDLE_CONTEXT, target: event.target, action: event.action } : {},
    ),
    selectReason: assign(({ context, event }) =>
      event.type === 'SELECT_REASON' ? { reason: event.reason, touched: { ...context.touched, reason: true } } : {},
    ),
    blurReason: assign(({ context }) => ({ touched: { ...context.touched, reason: true } })),
    changeOther: assign(({ event }) => (event.type === 'CHANGE_OTHER' ? { otherText: event.text } : {})),
    blurOther: assign(({ context }) => ({ touched: { ...context.touched, otherText: true } })),
    showAllErrors: assign({ touched: { reason: true, otherText: true } }),
    storeError: assign(({ event }) => ({ failure: failureOfError((event as { error?: unknown }).error) })),
    timeOut: assign({
      failure: { kind: 'timeout' as const, header: TIMEOUT.header, message: TIMEOUT.content ?? '' },
    }),
    announce: emit(({ context }) => ({
      type: 'succeeded' as const,
      subscriptionId: context.target?.subscriptionId ?? '',
      action: context.action ?? 'CANCEL',
    })),
    requestReload: emit(({ context }) => ({
      type: 'reload' as const,
      subscriptionId: context.target?.subscriptionId ?? '',
    })),
    /** A 409: the data on screen is stale, so the host reloads it at once. */
    reloadIfChanged: enqueueActions(({ context, enqueue }) => {
      if (context.failure?.kind === 'changed')
        enqueue.emit({ type: 'reload', subscriptionId: context.target?.subscriptionId ?? '' });
    }),
    close: assign(() => ({ ...IDLE_CONTEXT })),
  },
}).createMachine({
  id: 'subscriptionActions',
  context: IDLE_CONTEXT,
  initial: 'closed',
  states: {
    closed: {
      on: { OPEN: { guard: 'actionAllowed', target: 'confirming', actions: 'open' } },
    },
    // The confirm modal; for a cancel it holds the reason form.
    confirming: {
      on: {
        SELECT_REASON: { actions: 'selectReason' },
        BLUR_REASON: { actions: 'blurReason' },
        CHANGE_OTHER: { actions: 'changeOther' },
        BLUR_OTHER: { actions: 'blurOther' },
        CONFIRM: [{ guard: 'formValid', target: 'inProgress' }, { actions: 'showAllErrors' }],
        CLOSE: { target: 'closed', actions: 'close' },
      },
    },
    // Nothing closes the modal here (no CLOSE), nor sends a second call; the 30 seconds bound the wait, and leaving
    // the state stops the actor, which aborts the request.
    inProgress: {
      after: { actionTimeout: { target: 'failed', actions: ['timeOut', 'requestReload'] } },
      invoke: {
        src: 'applyAction',
        input: ({ context }) => actionCallOf(context)!,
        onDone: { target: 'closed', actions: ['announce', 'requestReload', 'close'] },
        onError: { target: 'failed', actions: ['storeError', 'reloadIfChanged'] },
      },
    },
    failed: {
      // After a 409 the change that beat this one may still have been on its way at the first reload: closing the
      // message reloads again, so the screen the user returns to shows where it ended.
      on: { CLOSE: { target: 'closed', actions: ['reloadIfChanged', 'close'] } },
    },
  },
});

export type SubscriptionActionsMachine = typeof subscriptionActionsMachine;
export type SubscriptionActionsSnapshot = SnapshotFrom<SubscriptionActionsMachine>;

/** Which step of the modal shows, if any. */
export type SubscriptionActionStep = 'confirm' | 'inProgress' | 'failed';

export function subscriptionActionStepOf(snapshot: SubscriptionActionsSnapshot): SubscriptionActionStep | null {
  if (snapshot.matches('confirming')) return 'confirm';
  if (snapshot.matches('inProgress')) return 'inProgress';
  if (snapshot.matches('failed')) return 'failed';
  return null;
}

/** The modal cannot be closed: no close button, Escape does nothing. */
export const isSubscriptionActionInProgress = (snapshot: SubscriptionActionsSnapshot) => snapshot.matches('inProgress');
