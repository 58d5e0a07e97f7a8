import {
  subscriptionExportQuery,
  subscriptionKpisQuery,
  subscriptionListQuery,
  subscriptionUpdate,
} from '@domain/contract';
import { SUBSCRIPTION_STATUSES, type SubscriptionAttemptType } from '@domain/enums';
import {
  CANCEL_REASONS,
  cancellationReasonText,
  cancellationSourceLabel,
  cancelReasonDetails,
  cancelReasonProblems,
  displayedSubscriptionStatus,
  historyPage,
  historyPageCount,
  isActionAllowed,
  parseCancelReasonDetails,
  retryModalAttempts,
  SUBSCRIPTION_MESSAGES,
  statusesFiltered,
  subscriptionActions,
  subscriptionStatusLabel,
} from '@domain/subscriptions';
import { describe, expect, it } from 'vitest';

describe('actions by status', () => {
  it('offers cancel and pause on ACTIVE, cancel and resume on PAUSED, nothing elsewhere', () => {
    expect(subscriptionActions('ACTIVE')).toEqual(['CANCEL', 'PAUSE']);
    expect(subscriptionActions('PAUSED')).toEqual(['CANCEL', 'RESUME']);
    for (const status of SUBSCRIPTION_STATUSES.filter((s) => s !== 'ACTIVE' && s !== 'PAUSED'))
      expect(subscriptionActions(status)).toEqual([]);
    expect(isActionAllowed('ACTIVE', 'RESUME')).toBe(false);
    expect(isActionAllowed('PAUSED', 'PAUSE')).toBe(false);
    expect(isActionAllowed('CANCELLED', 'CANCEL')).toBe(false);
  });

  it('filters FULFILLED with ACTIVE, as it is displayed as active', () => {
    expect(statusesFiltered(['ACTIVE'])).toEqual(['ACTIVE', 'FULFILLED']);
    expect(statusesFiltered(['FULFILLED'])).toEqual(['FULFILLED']);
    expect(statusesFiltered(['PAUSED', 'CANCELLED'])).toEqual(['PAUSED', 'CANCELLED']);
  });

  it('displays FULFILLED as active', () => {
    expect(displayedSubscriptionStatus('FULFILLED')).toBe('ACTIVE');
    expect(subscriptionStatusLabel('FULFILLED')).toBe('Active');
    expect(subscriptionStatusLabel('PAUSED')).toBe('Paused');
  });
});

describe('cancel reasons', () => {
  it("lists the spec's reasons in order", () => {
    expect(CANCEL_REASONS).toEqual([
      'High prices',
      'Service not as described',
      'Confirmed fraud',
      'Unused service',
      'Other',
    ]);
  });

  it('asks for a reason', () => {
    expect(cancelReasonProblems({ reason: null })).toEqual({
      reason: 'You have to select a reason for cancelling the subscription',
    });
    expect(cancelReasonProblems({ reason: 'High prices' })).toEqual({});
  });

  it('takes Other text of letters, digits and spaces, at most 16 characters', () => {
    expect(cancelReasonProblems({ reason: 'Other', otherText: 'Too expensive 2' })).toEqual({});
    expect(cancelReasonProblems({ reason: 'Other', otherText: 'Cliente español' })).toEqual({});
    expect(cancelReasonProblems({ reason: 'Other', otherText: '1234567890123456' })).toEqual({});
    expect(cancelReasonProblems({ reason: 'Other', otherText: '12345678901234567' })).toEqual({
      otherText: 'Maximum 16 characters',
    });
    for (const text of ['too-expensive', 'why?', 'a.b', 'x_y', 'tab\there'])
      expect(cancelReasonProblems({ reason: 'Other', otherText: text })).toEqual({
        otherText: 'Only alphanumeric characters and spaces are allowed.',
      });
    expect(cancelReasonProblems({ reason: 'Other', otherText: '   ' })).toEqual({ otherText: 'Required field' });
  });

  it('sends the label, and Other followed by its text, and reads it back', () => {
    expect(cancelReasonDetails({ reason: 'Unused service' })).toBe('Unused service');
    expect(cancelReasonDetails({ reason: 'Other', otherText: 'my text' })).toBe('Other: my text');
    expect(parseCancelReasonDetails('Other: my text')).toEqual({ reason: 'Other', otherText: 'my text' });
    expect(parseCancelReasonDetails('Confirmed fraud')).toEqual({ reason: 'Confirmed fraud' });
    expect(parseCancelReasonDetails('confirmed fraud')).toEqual({ reason: null });
  });
});

describe('the PATCH body', () => {
  const problems = (body: unknown) => {
    const parsed = subscriptionUpdate.safeParse(body);
    return parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  };

  it('accepts each action with its reason', () => {
    expect(problems({ action: 'CANCEL', reasonDetails: 'High prices', version: 1 })).toEqual([]);
    expect(problems({ action: 'CANCEL', reasonDetails: 'Other: not needed', version: 3 })).toEqual([]);
    expect(problems({ action: 'PAUSE', reasonDetails: 'BACKOFFICE_PAUSE', version: 1 })).toEqual([]);
    expect(problems({ action: 'PAUSE', version: 1 })).toEqual([]);
    expect(problems({ action: 'RESUME', version: 1 })).toEqual([]);
  });

  it("refuses what section 5 refuses, with the spec's messages", () => {
    expect(problems({ action: 'CANCEL', version: 1 })).toEqual([
      `reasonDetails: ${SUBSCRIPTION_MESSAGES.reasonRequired}`,
    ]);
    expect(problems({ action: 'CANCEL', reasonDetails: 'Bored', version: 1 })).toEqual([
      `reasonDetails: ${SUBSCRIPTION_MESSAGES.reasonRequired}`,
    ]);
    expect(problems({ action: 'CANCEL', reasonDetails: 'Other: 12345678901234567', version: 1 })).toEqual([
      'reasonDetails: Maximum 16 characters',
    ]);
    expect(problems({ action: 'CANCEL', reasonDetails: 'Other: too much!', version: 1 })).toEqual([
      'reasonDetails: Only alphanumeric characters and spaces are allowed.',
    ]);
    expect(problems({ action: 'DELETE', version: 1 })).toEqual(['action: The action must be CANCEL, PAUSE or RESUME']);
    expect(problems({ action: 'PAUSE', reasonDetails: 'High prices', version: 1 })).toHaveLength(1);
    expect(problems({ action: 'RESUME', reasonDetails: 'x', version: 1 })).toHaveLength(1);
    expect(problems({ action: 'RESUME' })).toHaveLength(1);
    expect(problems({ action: 'RESUME', version: 1, status: 'ACTIVE' })).toHaveLength(1);
  });
});

describe('queries', () => {
  it('reads arrays, dates in order and page sizes of 50, 100 and 500', () => {
    const query = subscriptionListQuery.parse({ status: 'ACTIVE', planId: [], country: ['ES', 'FR'], limit: '100' });
    expect(query).toMatchObject({ status: ['ACTIVE'], country: ['ES', 'FR'], limit: 100, page: 1 });
    expect(subscriptionListQuery.safeParse({ limit: '20' }).success).toBe(false);
    expect(
      subscriptionListQuery.safeParse({
        lastAttemptDateFrom: '2026-02-01T00:00:00.000Z',
        lastAttemptDateTo: '2026-01-01T00:00:00.000Z',
      }).success,
    ).toBe(false);
    expect(subscriptionExportQuery.parse({}).timeZone).toBe('UTC');
    expect(
      subscriptionKpisQuery.safeParse({
        currency: 'EUR',
        dateFrom: '2026-02-01T00:00:00.000Z',
        dateTo: '2026-01-01T00:00:00.000Z',
      }).success,
    ).toBe(false);
  });
});

describe('cancellation and history', () => {
  it("labels BACKOFFICE_API 'Manual Backoffice' and shows its details", () => {
    expect(cancellationSourceLabel('BACKOFFICE_API')).toBe('Manual Backoffice');
    expect(
      cancellationReasonText({ cancellationReason: 'BACKOFFICE_API', cancellationReasonDetails: 'Other: moved' }),
    ).toBe('Manual Backoffice - Other: moved');
    expect(cancellationReasonText({ cancellationReason: 'HARD_DECLINE', cancellationReasonDetails: 'x' })).toBe(
      'Hard decline',
    );
  });

  it('hides INFORMATION_REQUESTED attempts in the retry modal', () => {
    const attempts: { type: SubscriptionAttemptType; id: number }[] = [
      { type: 'RENEWAL', id: 1 },
      { type: 'INFORMATION_REQUESTED', id: 2 },
      { type: 'CHARGEBACK', id: 3 },
    ];
    expect(retryModalAttempts(attempts).map((attempt) => attempt.id)).toEqual([1, 3]);
  });

  it('pages the history 5 cycles at a time', () => {
    const cycles = [12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1];
    expect(historyPage(cycles, 1)).toEqual([12, 11, 10, 9, 8]);
    expect(historyPage(cycles, 3)).toEqual([2, 1]);
    expect(historyPageCount(12)).toBe(3);
    expect(historyPageCount(0)).toBe(1);
  });
});
