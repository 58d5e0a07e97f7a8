import {
  chartMaxY,
  comparisonPeriod,
  convertDayAmounts,
  dashboardBucketOf,
  dashboardKpis,
  dashboardRangeError,
  divideRounded,
  emptySales,
  kpiTransactionFilters,
  rangeEndDay,
  rangeStartDay,
  scaledRate,
} from '@domain/dashboard';
import { describe, expect, it } from 'vitest';

// The dashboard's pure rules (src/domain/dashboard.ts): the mapping of transactions onto the spec's sale types and
// outcomes, the KPI formulas, the comparison period, the range rules and the conversion of amounts.

describe('which transactions count where', () => {
  it('maps payments by category and status, and successful refunds and chargebacks', () => {
    const row = (transactionType: string, status: string, category: string | null = 'ONE-OFF', isFallback = false) =>
      dashboardBucketOf({ transactionType, status, category, isFallback });
    expect(row('PAYMENT', 'SUCCESS')).toEqual({ kind: 'sale', type: 'oneOff', outcome: 'success', fallback: false });
    expect(row('PAYMENT', 'DECLINED', 'INITIAL', true)).toEqual({
      kind: 'sale',
      type: 'initial',
      outcome: 'declined',
      fallback: true,
    });
    expect(row('RECURRENCE', 'ABANDONED', 'RENEWAL')).toMatchObject({ type: 'renewal', outcome: 'abandoned' });
    expect(row('RECURRENCE', 'FAILED', 'MAINTENANCE')).toMatchObject({ type: 'maintenance', outcome: 'failed' });
    for (const status of ['IN_PROCESS', 'PENDING', 'PREVENTED', 'REVERSED', 'WAITING_FOR_USER']) {
      expect(row('PAYMENT', status)).toBeNull();
    }
    expect(row('REFUND', 'SUCCESS')).toEqual({ kind: 'refund' });
    expect(row('PARTIAL_REFUND', 'SUCCESS')).toEqual({ kind: 'refund' });
    expect(row('REFUND', 'FAILED')).toBeNull();
    expect(row('CHARGEBACK', 'SUCCESS')).toEqual({ kind: 'chargeback' });
    expect(row('RDR', 'SUCCESS')).toBeNull();
    expect(row('INFORMATION_REQUESTED', 'SUCCESS')).toBeNull();
  });

  it('gives each KPI box the list filters of the spec', () => {
    expect(kpiTransactionFilters('total')).toEqual({
      transactionType: ['PAYMENT', 'RECURRENCE'],
      status: ['SUCCESS', 'FAILED', 'DECLINED', 'ABANDONED'],
    });
    expect(kpiTransactionFilters('rejected').status).toEqual(['FAILED', 'DECLINED', 'ABANDONED']);
    expect(kpiTransactionFilters('fallback')).toEqual({
      transactionType: ['PAYMENT', 'RECURRENCE'],
      status: ['SUCCESS'],
      isFallback: true,
    });
    expect(kpiTransactionFilters('refunds')).toEqual({
      transactionType: ['REFUND', 'PARTIAL_REFUND'],
      status: ['SUCCESS'],
    });
    expect(kpiTransactionFilters('chargebacks')).toEqual({ transactionType: ['CHARGEBACK'], status: ['SUCCESS'] });
  });
});

describe('the KPI formulas', () => {
  it('computes the rates from counts, null when there is nothing to divide by', () => {
    const sales = emptySales();
    sales.oneOff.success = { total: 60, amount: 6_000 };
    sales.initial.success = { total: 20, amount: 2_000 };
    sales.renewal.success = { total: 20, amount: 2_000 };
    sales.oneOff.declined = { total: 20, amount: 500 };
    sales.oneOff.failed = { total: 5, amount: 100 };
    sales.renewal.abandoned = { total: 5, amount: 100 };
    const fallbackSales = emptySales();
    fallbackSales.oneOff.success = { total: 8, amount: 800 };
    fallbackSales.oneOff.declined = { total: 2, amount: 10 };
    const figures = {
      sales,
      fallbackSales,
      refunds: { success: { total: 5, amount: 300 } },
      chargebacks: { success: { total: 2, amount: 200 } },
      boxes: {
        total: { total: 130, amount: 10_700 },
        sales: { total: 100, amount: 10_000 },
        rejected: { total: 30, amount: 700 },
        fallback: { total: 8, amount: 800 },
      },
    };
    const kpis = dashboardKpis(figures);
    expect(kpis.sales).toEqual({ total: 100, amount: 10_000 });
    expect(kpis.authorizationRate).toBeCloseTo(100 / 120);
    expect(kpis.fallbackCheckoutRate).toBeCloseTo(0.8);
    expect(kpis.refundRate).toBeCloseTo(0.05);
    expect(kpis.chargebackRate).toBeCloseTo(0.02);
    expect(kpis.uplift).toBeCloseTo(8 / 80);
    const zero = { total: 0, amount: 0 };
    const none = dashboardKpis({
      ...figures,
      sales: emptySales(),
      fallbackSales: emptySales(),
      boxes: { total: zero, sales: zero, rejected: zero, fallback: zero },
    });
    expect(none.authorizationRate).toBeNull();
    expect(none.fallbackCheckoutRate).toBeNull();
    expect(none.refundRate).toBeNull();
    expect(none.uplift).toBeNull();
  });

  it('rounds the chart maximum up to a multiple of 10, plus 10 percent', () => {
    expect(chartMaxY([3, 41, 12])).toBe(55);
    expect(chartMaxY([])).toBe(0);
  });
});

describe('ranges and the comparison period', () => {
  it('reads whole UTC days only', () => {
    expect(rangeStartDay('2026-03-01')).toBe('2026-03-01');
    expect(rangeStartDay('2026-03-01T00:00:00.000Z')).toBe('2026-03-01');
    expect(rangeStartDay('2026-03-01T00:00:00.001Z')).toBeNull();
    expect(rangeStartDay('2026-02-30')).toBeNull();
    expect(rangeEndDay('2026-03-31T23:59:59.999Z')).toBe('2026-03-31');
    expect(rangeEndDay('2026-03-31T23:59:59.000Z')).toBeNull();
  });

  it('refuses reversed ranges and ranges over 400 days', () => {
    expect(dashboardRangeError({ from: '2026-03-02', to: '2026-03-01' })).toBe('The indicated dates are not correct');
    expect(dashboardRangeError({ from: '2025-02-11', to: '2026-03-17' })).toBeNull();
    expect(dashboardRangeError({ from: '2025-02-10', to: '2026-03-17' })).toBe('The range is at most 400 days');
  });

  it('compares a month to date with the same days of the month before, cut at its end', () => {
    expect(comparisonPeriod({ from: '2026-03-01', to: '2026-03-31' })).toEqual({
      name: 'February',
      from: '2026-02-01',
      to: '2026-02-28',
    });
    expect(comparisonPeriod({ from: '2026-03-01', to: '2026-03-30' })).toMatchObject({ to: '2026-02-28' });
    expect(comparisonPeriod({ from: '2026-05-01', to: '2026-05-20' })).toEqual({
      name: 'April',
      from: '2026-04-01',
      to: '2026-04-20',
    });
    expect(comparisonPeriod({ from: '2026-01-01', to: '2026-01-15' })).toMatchObject({
      name: 'December 2025',
      from: '2025-12-01',
    });
    expect(comparisonPeriod({ from: '2026-02-15', to: '2026-03-16' })).toEqual({
      name: 'last 30 days',
      from: '2026-01-16',
      to: '2026-02-14',
    });
    expect(comparisonPeriod({ from: '2026-03-01', to: '2026-03-01' })).toEqual({
      name: 'previous day',
      from: '2026-02-28',
      to: '2026-02-28',
    });
  });
});

describe('conversion', () => {
  it('reads rates exactly and rounds half away from zero', () => {
    expect(scaledRate('1.0823')).toBe(108_230_000n);
    expect(scaledRate('0')).toBeNull();
    expect(scaledRate('1.123456789')).toBeNull();
    expect(scaledRate('-1')).toBeNull();
    expect(divideRounded(5n, 2n)).toBe(3n);
    expect(divideRounded(-5n, 2n)).toBe(-3n);
    expect(divideRounded(4n, 3n)).toBe(1n);
  });

  it('converts day by day through EUR and rounds the sum once', () => {
    const usd = { amount: 10_000, currency: 'USD', rate: '1.25', targetRate: '0.8' };
    expect(convertDayAmounts([usd], 'GBP')).toBe(6_400);
    expect(convertDayAmounts([usd], 'EUR')).toBe(8_000);
    expect(convertDayAmounts([usd], 'USD')).toBe(10_000);
    // 0.5 + 0.5 cents: rounded once it is 1, rounded each time it would be 2.
    const half = { amount: 1, currency: 'EUR', rate: null, targetRate: '0.5' };
    expect(convertDayAmounts([half, half], 'GBP')).toBe(1);
    // JPY has no minor unit: 1000 JPY at 160 per EUR is 6.25 EUR.
    expect(convertDayAmounts([{ amount: 1_000, currency: 'JPY', rate: '160', targetRate: null }], 'EUR')).toBe(625);
  });

  it('is unavailable when a rate it needs is missing, never a partial total', () => {
    expect(convertDayAmounts([{ amount: 1, currency: 'USD', rate: null, targetRate: null }], 'EUR')).toBeNull();
    expect(convertDayAmounts([{ amount: 1, currency: 'EUR', rate: null, targetRate: null }], 'USD')).toBeNull();
    expect(convertDayAmounts([{ amount: 1, currency: 'USD', rate: null, targetRate: null }], 'USD')).toBe(1);
  });
});
