import { addCycle, nextRetry } from '@domain/subscription-cycles';
import { churnRate, monthlyAmount, subscriptionKpis } from '@domain/subscriptions-kpis';
import { describe, expect, it } from 'vitest';

describe('monthly recurring revenue', () => {
  it('spreads a cycle over a month of 30 days, or a year over 12 months, in whole minor units', () => {
    expect(monthlyAmount(999, { time: 1, unit: 'MONTH' })).toBe(999);
    expect(monthlyAmount(999, { time: 30, unit: 'DAY' })).toBe(999);
    expect(monthlyAmount(2800, { time: 28, unit: 'DAY' })).toBe(3000);
    expect(monthlyAmount(700, { time: 1, unit: 'WEEK' })).toBe(3000);
    expect(monthlyAmount(11_988, { time: 1, unit: 'YEAR' })).toBe(999);
    expect(monthlyAmount(1999, { time: 3, unit: 'MONTH' })).toBe(666);
    expect(monthlyAmount(1000, { time: 3, unit: 'MONTH' })).toBe(333);
    expect(monthlyAmount(1001, { time: 2, unit: 'MONTH' })).toBe(501);
  });

  it('refuses amounts and cycles that are not whole', () => {
    expect(() => monthlyAmount(9.99, { time: 1, unit: 'MONTH' })).toThrow(RangeError);
    expect(() => monthlyAmount(999, { time: 0, unit: 'MONTH' })).toThrow(RangeError);
  });
});

describe('churn rate', () => {
  it('is the revenue cancelled in the period over the revenue active at its start, in percent with two decimals', () => {
    expect(churnRate(500, 10_000)).toBe(5);
    expect(churnRate(1, 3)).toBe(33.33);
    expect(churnRate(2, 3)).toBe(66.67);
    expect(churnRate(0, 10_000)).toBe(0);
    expect(churnRate(15_000, 10_000)).toBe(150);
  });

  it('is null when nothing was active at the start', () => {
    expect(churnRate(0, 0)).toBeNull();
    expect(churnRate(999, 0)).toBeNull();
  });

  it('fills the boxes from the rollup sums', () => {
    expect(
      subscriptionKpis({
        started: 4,
        renewed: 7,
        cancelled: 2,
        cancelledInitial: 1,
        cancelledRevenue: 1998,
        openingRevenue: 19_980,
        reasons: { HARD_DECLINE: 1, BACKOFFICE_API: 1 },
      }),
    ).toEqual({
      activeSubscriptions: { initial: 4, renewal: 7 },
      cancelledSubscriptions: { total: 2, churnRate: 10, initial: 1 },
      cancellationReasons: { HARD_DECLINE: 1, BACKOFFICE_API: 1 },
    });
  });
});

describe('charging cycles', () => {
  const at = new Date('2026-01-31T10:15:00.000Z');
  it('adds days and weeks exactly and months on the same day, or the month end', () => {
    expect(addCycle(at, { time: 28, unit: 'DAY' }).toISOString()).toBe('2026-02-28T10:15:00.000Z');
    expect(addCycle(at, { time: 1, unit: 'WEEK' }).toISOString()).toBe('2026-02-07T10:15:00.000Z');
    expect(addCycle(at, { time: 1, unit: 'MONTH' }).toISOString()).toBe('2026-02-28T10:15:00.000Z');
    expect(addCycle(at, { time: 1, unit: 'MONTH' }, 2).toISOString()).toBe('2026-03-31T10:15:00.000Z');
    expect(addCycle(at, { time: 1, unit: 'YEAR' }).toISOString()).toBe('2027-01-31T10:15:00.000Z');
    expect(addCycle(new Date('2024-02-29T00:00:00Z'), { time: 1, unit: 'YEAR' }).toISOString()).toBe(
      '2025-02-28T00:00:00.000Z',
    );
  });

  it('follows the retry sequence from the due date, and ends when it is exhausted', () => {
    const sequence = [
      { type: 'RENEWAL' as const, time: 2 },
      { type: 'MAINTENANCE' as const, time: 5 },
    ];
    expect(nextRetry(at, 1, sequence)).toEqual({ at: new Date('2026-02-02T10:15:00.000Z'), type: 'RENEWAL' });
    expect(nextRetry(at, 2, sequence)).toEqual({ at: new Date('2026-02-05T10:15:00.000Z'), type: 'MAINTENANCE' });
    expect(nextRetry(at, 3, sequence)).toBeNull();
    expect(nextRetry(at, 1, null)).toBeNull();
  });
});
