import {
  isSubscriptionActionInProgress,
  type SubscriptionActionCall,
  type SubscriptionActionTarget,
  subscriptionActionStepOf,
  subscriptionActionsMachine,
  visibleCancelErrors,
} from '@machines/subscription-actions.machine';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';

const ACTIVE: SubscriptionActionTarget = {
  merchantId: '0a1b2c3d-0000-4000-8000-000000000002',
  subscriptionId: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
  status: 'ACTIVE',
  version: 3,
};
const PAUSED: SubscriptionActionTarget = { ...ACTIVE, status: 'PAUSED' };

/** What the console's client rejects with: an ApiError's status, catalogue header and the server's message. */
const refusal = (status: number, serverMessage: string) => ({
  status,
  key: 'unexpected-error',
  header: 'Oops! Something went wrong',
  content: 'Sorry, there was a problem. Please try again',
  serverMessage,
});

/** A machine whose PATCH is `apply`; records the calls, reloads and successes it tells the host. */
function start(apply: (call: SubscriptionActionCall, signal: AbortSignal) => Promise<void>) {
  const applyAction = vi.fn(apply);
  const actor = createActor(
    subscriptionActionsMachine.provide({
      actors: {
        applyAction: fromPromise<void, SubscriptionActionCall>(({ input, signal }) => applyAction(input, signal)),
      },
    }),
  );
  const reloads: string[] = [];
  const successes: string[] = [];
  actor.on('reload', (event) => reloads.push(event.subscriptionId));
  actor.on('succeeded', (event) => successes.push(event.action));
  actor.start();
  return { actor, applyAction, reloads, successes };
}

type Started = ReturnType<typeof start>;
const stepOf = ({ actor }: Started) => subscriptionActionStepOf(actor.getSnapshot());

afterEach(() => {
  vi.useRealTimers();
});

describe('subscription actions', () => {
  it('opens only the actions the status allows', () => {
    const started = start(async () => undefined);
    const { actor } = started;
    for (const [target, action] of [
      [PAUSED, 'PAUSE'],
      [ACTIVE, 'RESUME'],
      [{ ...ACTIVE, status: 'CANCELLED' }, 'CANCEL'],
      [{ ...ACTIVE, status: 'ARCHIVED' }, 'PAUSE'],
    ] as const) {
      actor.send({ type: 'OPEN', target, action });
      expect(stepOf(started)).toBeNull();
    }
    actor.send({ type: 'OPEN', target: PAUSED, action: 'CANCEL' });
    expect(stepOf(started)).toBe('confirm');
  });

  it('pauses with the reason BACKOFFICE_PAUSE and the version seen, then closes and reloads', async () => {
    const started = start(async () => undefined);
    const { actor, applyAction, reloads, successes } = started;
    actor.send({ type: 'OPEN', target: ACTIVE, action: 'PAUSE' });
    actor.send({ type: 'CONFIRM' });
    expect(stepOf(started)).toBe('inProgress');
    await vi.waitFor(() => expect(stepOf(started)).toBeNull());
    expect(applyAction).toHaveBeenCalledTimes(1);
    expect(applyAction.mock.calls[0]![0]).toEqual({
      merchantId: ACTIVE.merchantId,
      subscriptionId: ACTIVE.subscriptionId,
      body: { action: 'PAUSE', reasonDetails: 'BACKOFFICE_PAUSE', version: 3 },
    });
    expect(reloads).toEqual([ACTIVE.subscriptionId]);
    expect(successes).toEqual(['PAUSE']);
  });

  it('resumes without a reason', async () => {
    const started = start(async () => undefined);
    started.actor.send({ type: 'OPEN', target: PAUSED, action: 'RESUME' });
    started.actor.send({ type: 'CONFIRM' });
    await vi.waitFor(() => expect(stepOf(started)).toBeNull());
    expect(started.applyAction.mock.calls[0]![0].body).toEqual({ action: 'RESUME', version: 3 });
  });

  it('does not cancel without a reason, and says so', () => {
    const started = start(async () => undefined);
    const { actor, applyAction } = started;
    actor.send({ type: 'OPEN', target: ACTIVE, action: 'CANCEL' });
    expect(visibleCancelErrors(actor.getSnapshot().context).reason).toBeNull();
    actor.send({ type: 'CONFIRM' });
    expect(applyAction).not.toHaveBeenCalled();
    expect(stepOf(started)).toBe('confirm');
    expect(visibleCancelErrors(actor.getSnapshot().context).reason).toBe(
      'You have to select a reason for cancelling the subscription',
    );
  });

  it('sends the chosen label; Other is followed by its text, which takes letters, digits and spaces only', async () => {
    const started = start(async () => undefined);
    const { actor, applyAction } = started;
    actor.send({ type: 'OPEN', target: ACTIVE, action: 'CANCEL' });
    actor.send({ type: 'SELECT_REASON', reason: 'Other' });
    actor.send({ type: 'CHANGE_OTHER', text: 'too pricey!' });
    actor.send({ type: 'BLUR_OTHER' });
    expect(visibleCancelErrors(actor.getSnapshot().context).otherText).toBe(
      'Only alphanumeric characters and spaces are allowed.',
    );
    actor.send({ type: 'CONFIRM' });
    expect(applyAction).not.toHaveBeenCalled();

    actor.send({ type: 'CHANGE_OTHER', text: 'too pricey' });
    expect(visibleCancelErrors(actor.getSnapshot().context).otherText).toBeNull();
    actor.send({ type: 'CONFIRM' });
    await vi.waitFor(() => expect(stepOf(started)).toBeNull());
    const body = applyAction.mock.calls[0]![0].body;
    expect(body.action).toBe('CANCEL');
    expect(body.reasonDetails).toMatch(/^Other.*too pricey$/);
  });

  it('sends a listed reason as its label', async () => {
    const started = start(async () => undefined);
    started.actor.send({ type: 'OPEN', target: ACTIVE, action: 'CANCEL' });
    started.actor.send({ type: 'SELECT_REASON', reason: 'High prices' });
    started.actor.send({ type: 'CONFIRM' });
    await vi.waitFor(() => expect(stepOf(started)).toBeNull());
    expect(started.applyAction.mock.calls[0]![0].body).toEqual({
      action: 'CANCEL',
      reasonDetails: 'High prices',
      version: 3,
    });
  });

  it('cannot be closed while in progress, nor confirmed twice', async () => {
    let finish: () => void = () => {};
    const started = start(() => new Promise<void>((resolve) => (finish = resolve)));
    const { actor, applyAction } = started;
    actor.send({ type: 'OPEN', target: ACTIVE, action: 'PAUSE' });
    actor.send({ type: 'CONFIRM' });
    actor.send({ type: 'CLOSE' });
    actor.send({ type: 'CONFIRM' });
    actor.send({ type: 'OPEN', target: PAUSED, action: 'RESUME' });
    expect(isSubscriptionActionInProgress(actor.getSnapshot())).toBe(true);
    expect(applyAction).toHaveBeenCalledTimes(1);
    finish();
    await vi.waitFor(() => expect(stepOf(started)).toBeNull());
  });

  it("shows the server's message when the action is refused, without reloading", async () => {
    const started = start(async () => {
      throw refusal(422, 'Only an ACTIVE subscription can be paused');
    });
    const { actor, reloads } = started;
    actor.send({ type: 'OPEN', target: ACTIVE, action: 'PAUSE' });
    actor.send({ type: 'CONFIRM' });
    await vi.waitFor(() => expect(stepOf(started)).toBe('failed'));
    expect(actor.getSnapshot().context.failure).toMatchObject({
      kind: 'refused',
      message: 'Only an ACTIVE subscription can be paused',
    });
    expect(reloads).toEqual([]);
    actor.send({ type: 'CLOSE' });
    expect(stepOf(started)).toBeNull();
  });

  it('tells the user the subscription changed on a 409, and reloads it', async () => {
    const started = start(async () => {
      throw refusal(409, 'version mismatch');
    });
    const { actor, reloads, successes } = started;
    actor.send({ type: 'OPEN', target: ACTIVE, action: 'CANCEL' });
    actor.send({ type: 'SELECT_REASON', reason: 'Unused service' });
    actor.send({ type: 'CONFIRM' });
    await vi.waitFor(() => expect(stepOf(started)).toBe('failed'));
    expect(actor.getSnapshot().context.failure).toMatchObject({
      kind: 'changed',
      header: 'This subscription has changed',
    });
    expect(reloads).toEqual([ACTIVE.subscriptionId]);
    expect(successes).toEqual([]);
    // The other user's change may still have been on its way: closing reloads once more.
    actor.send({ type: 'CLOSE' });
    expect(stepOf(started)).toBeNull();
    expect(reloads).toEqual([ACTIVE.subscriptionId, ACTIVE.subscriptionId]);
  });

  it('gives up after 30 seconds on a fake clock, aborts the call and ignores a late answer', async () => {
    vi.useFakeTimers();
    let finish: () => void = () => {};
    let aborted = false;
    const started = start(
      (_call, signal) =>
        new Promise<void>((resolve) => {
          finish = resolve;
          signal.addEventListener('abort', () => (aborted = true));
        }),
    );
    const { actor, reloads, successes } = started;
    actor.send({ type: 'OPEN', target: ACTIVE, action: 'PAUSE' });
    actor.send({ type: 'CONFIRM' });
    await vi.advanceTimersByTimeAsync(29_999);
    expect(stepOf(started)).toBe('inProgress');
    await vi.advanceTimersByTimeAsync(1);
    expect(stepOf(started)).toBe('failed');
    expect(actor.getSnapshot().context.failure?.kind).toBe('timeout');
    expect(aborted).toBe(true);
    expect(reloads).toEqual([ACTIVE.subscriptionId]);

    finish();
    await vi.advanceTimersByTimeAsync(0);
    expect(stepOf(started)).toBe('failed');
    expect(successes).toEqual([]);
  });
});
