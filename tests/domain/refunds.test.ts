import { REFUND_AVAILABILITY, REFUND_REASONS, type RefundAvailability } from '@domain/enums';
import { PERMISSIONS } from '@domain/permissions';
import {
  amountExceedsMessage,
  isRefundAllowed,
  newIdempotencyKey,
  type RefundButtonInput,
  type RefundFacts,
  refundAmountError,
  refundAmountTextError,
  refundAvailabilityOf,
  refundAvailabilityText,
  refundableRemaining,
  refundButtonState,
  refundOutcomeOf,
  refundReasonError,
  refundReasonOptions,
  refundTypeOf,
} from '@domain/refunds';
import { describe, expect, it } from 'vitest';

const PAID_AT = '2025-03-10T09:00:00.000Z';
const NEXT_DAY = '2025-03-11T10:00:00.000Z';

/** A successful 100,00 EUR payment two days old, nothing refunded, nothing disputed. */
const payment = (overrides: Partial<RefundFacts> = {}): RefundFacts => ({
  transactionType: 'PAYMENT',
  status: 'SUCCESS',
  amount: 10_000,
  refunds: [],
  chargebackApplied: false,
  rdrReceived: false,
  providerBlocksSameDay: false,
  creationDate: PAID_AT,
  now: NEXT_DAY,
  ...overrides,
});

const TOOLTIPS = {
  fullRefunded: 'This transaction was fully refunded',
  inProgress: 'The refund cannot be sent because it is already in progress',
  chargeback: 'Chargeback already completed for this payment',
  sameDay: 'This refund is blocked as a PSP requirement until tomorrow. Please, try from now on.',
  rdr: 'The refund cannot be sent because the payment already received an RDR.',
};

describe('refund availability', () => {
  it('is AVAILABLE for a successful payment with money left', () => {
    expect(refundAvailabilityOf(payment())).toBe('AVAILABLE');
    expect(refundAvailabilityOf(payment({ refunds: [{ status: 'SUCCESS', amount: 9_999 }] }))).toBe('AVAILABLE');
  });

  it('is NOT_PAYMENT_SUCCESS for anything but a successful payment or RDR', () => {
    for (const status of ['FAILED', 'DECLINED', 'IN_PROCESS', 'ABANDONED', 'PENDING', 'REVERSED'] as const) {
      expect(refundAvailabilityOf(payment({ status }))).toBe('NOT_PAYMENT_SUCCESS');
    }
    for (const transactionType of ['REFUND', 'PARTIAL_REFUND', 'CHARGEBACK', 'INFORMATION_REQUESTED'] as const) {
      expect(refundAvailabilityOf(payment({ transactionType }))).toBe('NOT_PAYMENT_SUCCESS');
    }
  });

  it('is RDR for an RDR transaction and for a payment that received one, before anything else', () => {
    expect(refundAvailabilityOf(payment({ transactionType: 'RDR' }))).toBe('RDR');
    expect(
      refundAvailabilityOf(
        payment({ rdrReceived: true, chargebackApplied: true, refunds: [{ status: 'IN_PROCESS', amount: 100 }] }),
      ),
    ).toBe('RDR');
  });

  it('is IN_PROCESS while a refund waits for the acquirer, even when it would empty the payment', () => {
    expect(refundAvailabilityOf(payment({ refunds: [{ status: 'IN_PROCESS', amount: 1_000 }] }))).toBe('IN_PROCESS');
    expect(refundAvailabilityOf(payment({ refunds: [{ status: 'PENDING', amount: 10_000 }] }))).toBe('IN_PROCESS');
  });

  it('is FULL_REFUNDED when successful refunds cover the amount, failed ones do not count', () => {
    expect(refundAvailabilityOf(payment({ refunds: [{ status: 'SUCCESS', amount: 10_000 }] }))).toBe('FULL_REFUNDED');
    expect(
      refundAvailabilityOf(
        payment({
          refunds: [
            { status: 'SUCCESS', amount: 4_000 },
            { status: 'SUCCESS', amount: 6_000 },
          ],
        }),
      ),
    ).toBe('FULL_REFUNDED');
    expect(
      refundAvailabilityOf(
        payment({
          refunds: [
            { status: 'FAILED', amount: 10_000 },
            { status: 'DECLINED', amount: 10_000 },
          ],
        }),
      ),
    ).toBe('AVAILABLE');
  });

  it('is PROVIDER_BLOCKED_SAME_DAY within 24 hours of the payment at a provider that requires it', () => {
    const sameDay = { providerBlocksSameDay: true, now: '2025-03-11T08:59:59.999Z' };
    expect(refundAvailabilityOf(payment(sameDay))).toBe('PROVIDER_BLOCKED_SAME_DAY');
    expect(refundAvailabilityOf(payment({ ...sameDay, now: '2025-03-11T09:00:00.000Z' }))).toBe('AVAILABLE');
    expect(refundAvailabilityOf(payment({ now: '2025-03-10T09:05:00.000Z' }))).toBe('AVAILABLE');
  });

  it('is CHARGEBACK_APPLIED after a completed chargeback, when nothing blocks the refund first', () => {
    expect(refundAvailabilityOf(payment({ chargebackApplied: true }))).toBe('CHARGEBACK_APPLIED');
    expect(
      refundAvailabilityOf(payment({ chargebackApplied: true, refunds: [{ status: 'SUCCESS', amount: 10_000 }] })),
    ).toBe('FULL_REFUNDED');
  });

  it('allows AVAILABLE and CHARGEBACK_APPLIED only, and never for an RDR transaction', () => {
    const allowed = REFUND_AVAILABILITY.filter((state) => isRefundAllowed(state, 'PAYMENT'));
    expect(allowed).toEqual(['AVAILABLE', 'CHARGEBACK_APPLIED']);
    expect(REFUND_AVAILABILITY.filter((state) => isRefundAllowed(state, 'RDR'))).toEqual([]);
  });

  it('gives each blocked state its tooltip of the error catalogue', () => {
    const text = (state: RefundAvailability) => refundAvailabilityText(state, 'PAYMENT');
    expect(text('FULL_REFUNDED')).toBe(TOOLTIPS.fullRefunded);
    expect(text('IN_PROCESS')).toBe(TOOLTIPS.inProgress);
    expect(text('CHARGEBACK_APPLIED')).toBe(TOOLTIPS.chargeback);
    expect(text('PROVIDER_BLOCKED_SAME_DAY')).toBe(TOOLTIPS.sameDay);
    expect(text('RDR')).toBe(TOOLTIPS.rdr);
    expect(text('AVAILABLE')).toBeNull();
    expect(text('NOT_PAYMENT_SUCCESS')).toBeNull();
    expect(refundAvailabilityText('AVAILABLE', 'RDR')).toBe(TOOLTIPS.rdr);
  });
});

describe('refundable amount', () => {
  it('holds back successful and pending refunds, never going below 0', () => {
    expect(refundableRemaining(10_000, [])).toBe(10_000);
    expect(
      refundableRemaining(10_000, [
        { status: 'SUCCESS', amount: 2_500 },
        { status: 'IN_PROCESS', amount: 1_000 },
        { status: 'PENDING', amount: 500 },
        { status: 'FAILED', amount: 3_000 },
      ]),
    ).toBe(6_000);
    expect(refundableRemaining(1_000, [{ status: 'SUCCESS', amount: 1_500 }])).toBe(0);
  });

  it('names a refund of the whole payment REFUND and any smaller one PARTIAL_REFUND', () => {
    expect(refundTypeOf(10_000, 10_000)).toBe('REFUND');
    expect(refundTypeOf(9_999, 10_000)).toBe('PARTIAL_REFUND');
  });
});

describe('the Refund button', () => {
  const refunder = { permissions: [PERMISSIONS.transactionRefund] };
  const reader = { permissions: [PERMISSIONS.transactionRead] };
  const detail = (overrides: Partial<RefundButtonInput> = {}): RefundButtonInput => ({
    transactionType: 'PAYMENT',
    status: 'SUCCESS',
    refundable: 'AVAILABLE',
    maxRefundAmountAvailable: 10_000,
    ...overrides,
  });

  it('is shown and enabled for a refundable payment to a user with the refund permission', () => {
    expect(refundButtonState(detail(), refunder, false)).toEqual({ visible: true, enabled: true, tooltip: null });
    expect(refundButtonState(detail(), { permissions: ['transaction.manage'] }, false).enabled).toBe(true);
    expect(refundButtonState(detail(), { permissions: [], allAllowed: true }, false).enabled).toBe(true);
  });

  it('is hidden without the permission, for other types and for other statuses', () => {
    const hidden = { visible: false, enabled: false, tooltip: null };
    expect(refundButtonState(detail(), reader, false)).toEqual(hidden);
    expect(refundButtonState(detail({ transactionType: 'REFUND' }), refunder, false)).toEqual(hidden);
    expect(refundButtonState(detail({ transactionType: 'CHARGEBACK' }), refunder, false)).toEqual(hidden);
    expect(
      refundButtonState(detail({ status: 'DECLINED', refundable: 'NOT_PAYMENT_SUCCESS' }), refunder, false),
    ).toEqual(hidden);
  });

  it('is shown but disabled for an RDR transaction, saying why', () => {
    expect(refundButtonState(detail({ transactionType: 'RDR', refundable: 'RDR' }), refunder, false)).toEqual({
      visible: true,
      enabled: false,
      tooltip: TOOLTIPS.rdr,
    });
  });

  it('is disabled with the reason for every blocked state', () => {
    const cases: Array<[RefundAvailability, string]> = [
      ['FULL_REFUNDED', TOOLTIPS.fullRefunded],
      ['IN_PROCESS', TOOLTIPS.inProgress],
      ['PROVIDER_BLOCKED_SAME_DAY', TOOLTIPS.sameDay],
      ['RDR', TOOLTIPS.rdr],
    ];
    for (const [refundable, tooltip] of cases) {
      expect(refundButtonState(detail({ refundable }), refunder, false)).toEqual({
        visible: true,
        enabled: false,
        tooltip,
      });
    }
  });

  it('stays enabled after a completed chargeback, with the chargeback note', () => {
    expect(refundButtonState(detail({ refundable: 'CHARGEBACK_APPLIED' }), refunder, false)).toEqual({
      visible: true,
      enabled: true,
      tooltip: TOOLTIPS.chargeback,
    });
  });

  it('is disabled as in progress while a refund is in flight', () => {
    expect(refundButtonState(detail(), refunder, true)).toEqual({
      visible: true,
      enabled: false,
      tooltip: TOOLTIPS.inProgress,
    });
  });

  it('is disabled as fully refunded when nothing remains although the state still allows it', () => {
    expect(refundButtonState(detail({ maxRefundAmountAvailable: 0 }), refunder, false)).toEqual({
      visible: true,
      enabled: false,
      tooltip: TOOLTIPS.fullRefunded,
    });
  });
});

describe('refund form messages', () => {
  it('requires an amount, above 0, not above the maximum with its currency', () => {
    expect(refundAmountTextError('', 10_000, 'EUR')).toBe('Required field');
    expect(refundAmountTextError('   ', 10_000, 'EUR')).toBe('Required field');
    expect(refundAmountTextError('0', 10_000, 'EUR')).toBe('Value must be greater than 0');
    expect(refundAmountTextError('0,00', 10_000, 'EUR')).toBe('Value must be greater than 0');
    expect(refundAmountTextError(',', 10_000, 'EUR')).toBe('Value must be greater than 0');
    expect(refundAmountTextError('100,01', 10_000, 'EUR')).toBe('The amount cannot exceed 100,00 EUR');
    expect(refundAmountTextError('100', 10_000, 'EUR')).toBeNull();
    expect(refundAmountTextError('0,01', 10_000, 'EUR')).toBeNull();
  });

  it('writes the maximum in the money style with the currency symbol, or the code after a space', () => {
    expect(amountExceedsMessage(123_450, 'EUR')).toBe('The amount cannot exceed 1.234,50 EUR');
    expect(amountExceedsMessage(999, 'USD')).toBe('The amount cannot exceed 9,99 USD');
    expect(amountExceedsMessage(5_000, 'GBP')).toBe('The amount cannot exceed 50,00 GBP');
    expect(amountExceedsMessage(1_250, 'JPY')).toBe('The amount cannot exceed 1.250,00 JPY');
  });

  it('checks amounts already in minor units the same way, for the server', () => {
    expect(refundAmountError(null, 500, 'EUR')).toBe('Required field');
    expect(refundAmountError(-1, 500, 'EUR')).toBe('Value must be greater than 0');
    expect(refundAmountError(501, 500, 'EUR')).toBe('The amount cannot exceed 5,00 EUR');
    expect(refundAmountError(500, 500, 'EUR')).toBeNull();
  });

  it('requires a reason, offered in the order of the spec', () => {
    expect(refundReasonError(null)).toBe('Required field');
    expect(refundReasonError('CONFIRMED_FRAUD')).toBeNull();
    expect(refundReasonOptions).toHaveLength(REFUND_REASONS.length);
    expect(refundReasonOptions[0]).toEqual({ value: 'RETRIEVAL_REQUEST', label: 'Retrieval request' });
    expect(refundReasonOptions.map((option) => option.label)).toContain('TC40/safe');
    expect(refundReasonOptions.at(-1)).toEqual({ value: 'OTHER', label: 'Other' });
  });
});

describe('refund answers', () => {
  it('reads success, in process and failure with its code and message', () => {
    const data = { transactionId: 'r1', error: null };
    expect(refundOutcomeOf({ data: { ...data, transactionStatus: 'SUCCESS' } })).toEqual({
      kind: 'success',
      refundTransactionId: 'r1',
    });
    expect(refundOutcomeOf({ data: { ...data, transactionStatus: 'IN_PROCESS' } })).toEqual({
      kind: 'inProcess',
      refundTransactionId: 'r1',
    });
    expect(
      refundOutcomeOf({
        data: { ...data, transactionStatus: 'FAILED', error: { code: '0201', message: 'Issuer rejects' } },
      }),
    ).toEqual({ kind: 'failed', code: '0201', message: 'Issuer rejects' });
  });

  it('treats a missing body, missing data or an unknown status as no response', () => {
    expect(refundOutcomeOf(null)).toEqual({ kind: 'noResponse' });
    expect(refundOutcomeOf(undefined)).toEqual({ kind: 'noResponse' });
    expect(refundOutcomeOf({})).toEqual({ kind: 'noResponse' });
    expect(refundOutcomeOf({ data: { transactionStatus: 'WHATEVER' } })).toEqual({ kind: 'noResponse' });
  });

  it('keeps a failure readable when the acquirer sent no code', () => {
    expect(refundOutcomeOf({ data: { transactionStatus: 'FAILED', error: null } })).toEqual({
      kind: 'failed',
      code: 'refund-creation-error',
      message: '',
    });
  });
});

describe('idempotency keys', () => {
  it('are random UUID v4 texts the refund header accepts', () => {
    const keys = new Set(Array.from({ length: 50 }, () => newIdempotencyKey()));
    expect(keys.size).toBe(50);
    for (const key of keys)
      expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
