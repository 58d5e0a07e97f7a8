import type { RefundResponse } from '@domain/contract/transactions';
import {
  isAmountLocked,
  isRefundFormOpen,
  isRefundInFlight,
  type RefundCall,
  type RefundTarget,
  refundMachine,
  refundResultOf,
  visibleRefundErrors,
} from '@machines/refund.machine';
import { describe, expect, it, vi } from 'vitest';
import { assign, createActor, fromPromise } from 'xstate';

const PAYMENT = '5f0c8a1e-7b2d-4c3e-9f10-2a3b4c5d6e7f';
const REFUND = '5f0c8a1e-7b2d-4c3e-9f10-000000000002';

/** 100,00 EUR left to refund of an available payment. */
const TARGET: RefundTarget = {
  accountId: '0a1b2c3d-0000-4000-8000-000000000001',
  transactionId: PAYMENT,
  merchantId: '0a1b2c3d-0000-4000-8000-000000000002',
  transactionType: 'PAYMENT',
  refundable: 'AVAILABLE',
  currency: 'EUR',
  maxRefundAmountAvailable: 10_000,
};

const answer = (
  transactionStatus: RefundResponse['data']['transactionStatus'],
  error: RefundResponse['data']['error'] = null,
): RefundResponse => ({
  data: {
    transactionId: REFUND,
    parentTransactionId: PAYMENT,
    transactionType: 'PARTIAL_REFUND',
    transactionStatus,
    money: { amount: 2_550, currency: 'EUR' },
    reason: 'DUPLICATED_PAYMENT',
    error,
  },
});

/** A refund machine whose call is `send` and whose keys are key-1, key-2 ... one per issue. */
function startRefund(send: (call: RefundCall) => Promise<RefundResponse | null>) {
  const sendRefund = vi.fn(send);
  let issued = 0;
  const actor = createActor(
    refundMachine.provide({
      actors: { sendRefund: fromPromise(({ input }: { input: RefundCall }) => sendRefund(input)) },
      actions: {
        issueIdempotencyKey: assign(() => {
          issued += 1;
          return { idempotencyKey: `key-${issued}` };
        }),
      },
    }),
  );
  const reloads: string[] = [];
  actor.on('reload', (event) => reloads.push(event.transactionId));
  actor.start();
  return { actor, sendRefund, reloads };
}

type Started = ReturnType<typeof startRefund>;

const resultOf = (actor: Started['actor']) => refundResultOf(actor.getSnapshot());
const settled = (actor: Started['actor']) => vi.waitFor(() => expect(resultOf(actor)).not.toBeNull());

/** Opens the modal, types a partial amount and picks a reason. */
function fillPartial({ actor }: Started, amount = '25,50') {
  actor.send({ type: 'OPEN', target: TARGET });
  actor.send({ type: 'SET_FULL_REFUND', on: false });
  actor.send({ type: 'CHANGE_AMOUNT', text: amount });
  actor.send({ type: 'SELECT_REASON', reason: 'DUPLICATED_PAYMENT' });
}

describe('refund modal', () => {
  it('opens with the full refund on, filling and locking the remaining amount', () => {
    const { actor } = startRefund(async () => answer('SUCCESS'));
    actor.send({ type: 'OPEN', target: TARGET });
    expect(isRefundFormOpen(actor.getSnapshot())).toBe(true);
    expect(isAmountLocked(actor.getSnapshot())).toBe(true);
    expect(actor.getSnapshot().context.amountText).toBe('100,00');

    actor.send({ type: 'CHANGE_AMOUNT', text: '5' });
    actor.send({ type: 'BLUR_AMOUNT' });
    expect(actor.getSnapshot().context.amountText).toBe('100,00');
  });

  it('lets a partial amount be typed with the toggle off, and refills it when turned back on', () => {
    const { actor } = startRefund(async () => answer('SUCCESS'));
    actor.send({ type: 'OPEN', target: TARGET });
    actor.send({ type: 'SET_FULL_REFUND', on: false });
    expect(isAmountLocked(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'CHANGE_AMOUNT', text: '12.345abc' });
    expect(actor.getSnapshot().context.amountText).toBe('12,34');

    actor.send({ type: 'SET_FULL_REFUND', on: true });
    expect(actor.getSnapshot().context.amountText).toBe('100,00');
    expect(isAmountLocked(actor.getSnapshot())).toBe(true);
  });

  it('shows the amount messages once the field is left, an empty amount becoming 0', () => {
    const { actor } = startRefund(async () => answer('SUCCESS'));
    actor.send({ type: 'OPEN', target: TARGET });
    actor.send({ type: 'SET_FULL_REFUND', on: false });
    actor.send({ type: 'CHANGE_AMOUNT', text: '' });
    expect(visibleRefundErrors(actor.getSnapshot().context).amount).toBeNull();

    actor.send({ type: 'BLUR_AMOUNT' });
    expect(actor.getSnapshot().context.amountText).toBe('0');
    expect(visibleRefundErrors(actor.getSnapshot().context).amount).toBe('Value must be greater than 0');

    actor.send({ type: 'CHANGE_AMOUNT', text: '' });
    expect(visibleRefundErrors(actor.getSnapshot().context).amount).toBe('Required field');

    actor.send({ type: 'CHANGE_AMOUNT', text: '100,01' });
    expect(visibleRefundErrors(actor.getSnapshot().context).amount).toBe('The amount cannot exceed 100,00 EUR');

    actor.send({ type: 'CHANGE_AMOUNT', text: '100' });
    expect(visibleRefundErrors(actor.getSnapshot().context).amount).toBeNull();
  });

  it('does not submit an invalid form, and shows every message instead', () => {
    const { actor, sendRefund } = startRefund(async () => answer('SUCCESS'));
    actor.send({ type: 'OPEN', target: TARGET });
    actor.send({ type: 'SUBMIT' });
    expect(sendRefund).not.toHaveBeenCalled();
    expect(isRefundFormOpen(actor.getSnapshot())).toBe(true);
    expect(visibleRefundErrors(actor.getSnapshot().context)).toEqual({ amount: null, reason: 'Required field' });

    actor.send({ type: 'SET_FULL_REFUND', on: false });
    actor.send({ type: 'CHANGE_AMOUNT', text: '150' });
    actor.send({ type: 'SELECT_REASON', reason: 'OTHER' });
    actor.send({ type: 'SUBMIT' });
    expect(sendRefund).not.toHaveBeenCalled();
    expect(visibleRefundErrors(actor.getSnapshot().context).amount).toBe('The amount cannot exceed 100,00 EUR');
  });

  it('does not open for a payment whose refund is blocked or already used up', () => {
    const { actor } = startRefund(async () => answer('SUCCESS'));
    for (const target of [
      { ...TARGET, refundable: 'FULL_REFUNDED' as const },
      { ...TARGET, refundable: 'PROVIDER_BLOCKED_SAME_DAY' as const },
      { ...TARGET, transactionType: 'RDR' as const },
      { ...TARGET, maxRefundAmountAvailable: 0 },
    ]) {
      actor.send({ type: 'OPEN', target });
      expect(isRefundFormOpen(actor.getSnapshot())).toBe(false);
    }
    actor.send({ type: 'OPEN', target: { ...TARGET, refundable: 'CHARGEBACK_APPLIED' } });
    expect(isRefundFormOpen(actor.getSnapshot())).toBe(true);
  });

  it('closes on Cancel without sending or reloading', () => {
    const { actor, sendRefund, reloads } = startRefund(async () => answer('SUCCESS'));
    fillPartial({ actor } as Started);
    actor.send({ type: 'CANCEL' });
    expect(actor.getSnapshot().value).toBe('closed');
    expect(actor.getSnapshot().context.target).toBeNull();
    expect(sendRefund).not.toHaveBeenCalled();
    expect(reloads).toEqual([]);
  });
});

describe('refund submission and results', () => {
  it('sends the full remaining amount in minor units with the key, then Refund sent successfully', async () => {
    const started = startRefund(async () => answer('SUCCESS'));
    const { actor, sendRefund, reloads } = started;
    actor.send({ type: 'OPEN', target: TARGET });
    actor.send({ type: 'SELECT_REASON', reason: 'CONFIRMED_FRAUD' });
    actor.send({ type: 'SUBMIT' });
    expect(isRefundInFlight(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'CANCEL' });
    expect(isRefundInFlight(actor.getSnapshot())).toBe(true);
    await settled(actor);

    expect(sendRefund).toHaveBeenCalledTimes(1);
    expect(sendRefund).toHaveBeenCalledWith({
      accountId: TARGET.accountId,
      transactionId: PAYMENT,
      idempotencyKey: 'key-1',
      body: {
        amount: 10_000,
        currency: 'EUR',
        reason: 'CONFIRMED_FRAUD',
        merchantId: TARGET.merchantId,
        fullRefund: true,
        maxRefundAmountAvailable: 10_000,
      },
    });
    expect(resultOf(actor)).toBe('success');
    expect(isRefundInFlight(actor.getSnapshot())).toBe(false);

    actor.send({ type: 'GOT_IT' });
    expect(actor.getSnapshot().value).toBe('closed');
    expect(reloads).toEqual([PAYMENT]);
  });

  it('sends a partial amount as typed, in cents', async () => {
    const started = startRefund(async () => answer('SUCCESS'));
    fillPartial(started, '25,5');
    started.actor.send({ type: 'SUBMIT' });
    await settled(started.actor);
    expect(started.sendRefund.mock.calls[0]![0].body).toMatchObject({ amount: 2_550, fullRefund: false });
  });

  it('shows Waiting for confirmation for an answer still in process', async () => {
    const started = startRefund(async () => answer('IN_PROCESS'));
    fillPartial(started);
    started.actor.send({ type: 'SUBMIT' });
    await settled(started.actor);
    expect(resultOf(started.actor)).toBe('inProcess');
    expect(started.actor.getSnapshot().context.outcome).toEqual({ kind: 'inProcess', refundTransactionId: REFUND });
    started.actor.send({ type: 'GOT_IT' });
    expect(started.reloads).toEqual([PAYMENT]);
  });

  it('shows the code and message of a failed refund', async () => {
    const started = startRefund(async () => answer('FAILED', { code: '0201', message: 'Issuer rejects' }));
    fillPartial(started);
    started.actor.send({ type: 'SUBMIT' });
    await settled(started.actor);
    expect(resultOf(started.actor)).toBe('failed');
    expect(started.actor.getSnapshot().context.outcome).toEqual({
      kind: 'failed',
      code: '0201',
      message: 'Issuer rejects',
    });
  });

  it('shows a refused request (4xx) as a failure with its key and the server message', async () => {
    const refused = Object.assign(new Error('Not refundable'), {
      status: 422,
      key: 'refund-not-allowed',
      serverMessage: 'The refund cannot be sent because it is already in progress',
    });
    const started = startRefund(async () => {
      throw refused;
    });
    fillPartial(started);
    started.actor.send({ type: 'SUBMIT' });
    await settled(started.actor);
    expect(started.actor.getSnapshot().context.outcome).toEqual({
      kind: 'failed',
      code: 'refund-not-allowed',
      message: 'The refund cannot be sent because it is already in progress',
    });
  });

  it('treats an empty answer, a server error and a lost connection as no response', async () => {
    const failures: Array<() => Promise<RefundResponse | null>> = [
      async () => null,
      async () => {
        throw Object.assign(new Error('server-error'), { status: 503, key: 'server-error' });
      },
      async () => {
        throw new TypeError('Failed to fetch');
      },
    ];
    for (const send of failures) {
      const started = startRefund(send);
      fillPartial(started);
      started.actor.send({ type: 'SUBMIT' });
      await settled(started.actor);
      expect(resultOf(started.actor)).toBe('noResponse');
    }
  });

  it('retries after no response with the same key and the same body, and never sends twice while in flight', async () => {
    let attempts = 0;
    const started = startRefund(async () => {
      attempts += 1;
      if (attempts === 1) throw new TypeError('Failed to fetch');
      return answer('SUCCESS');
    });
    const { actor, sendRefund, reloads } = started;
    fillPartial(started);
    actor.send({ type: 'SUBMIT' });
    actor.send({ type: 'SUBMIT' });
    await settled(actor);
    expect(resultOf(actor)).toBe('noResponse');
    expect(sendRefund).toHaveBeenCalledTimes(1);

    actor.send({ type: 'RETRY' });
    await vi.waitFor(() => expect(resultOf(actor)).toBe('success'));
    expect(sendRefund).toHaveBeenCalledTimes(2);
    const [first, second] = sendRefund.mock.calls.map(([call]) => call);
    expect(second).toEqual(first);
    expect(second!.idempotencyKey).toBe('key-1');

    actor.send({ type: 'GOT_IT' });
    expect(reloads).toEqual([PAYMENT]);
  });

  it('issues a new key for the next opening', async () => {
    const started = startRefund(async () => answer('SUCCESS'));
    const { actor, sendRefund } = started;
    fillPartial(started);
    actor.send({ type: 'SUBMIT' });
    await settled(actor);
    actor.send({ type: 'GOT_IT' });

    fillPartial(started, '10');
    actor.send({ type: 'SUBMIT' });
    await settled(actor);
    expect(sendRefund.mock.calls.map(([call]) => call.idempotencyKey)).toEqual(['key-1', 'key-2']);
  });

  it('issues real keys when none is provided, stable within an opening', () => {
    const actor = createActor(refundMachine).start();
    actor.send({ type: 'OPEN', target: TARGET });
    const key = actor.getSnapshot().context.idempotencyKey;
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    actor.send({ type: 'SET_FULL_REFUND', on: false });
    actor.send({ type: 'CHANGE_AMOUNT', text: '1' });
    expect(actor.getSnapshot().context.idempotencyKey).toBe(key);
    actor.send({ type: 'CANCEL' });
    actor.send({ type: 'OPEN', target: TARGET });
    expect(actor.getSnapshot().context.idempotencyKey).not.toBe(key);
  });
});
