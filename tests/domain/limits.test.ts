import {
  alertFraction,
  alertPercentInput,
  alertReached,
  alertThreshold,
  counterRangeDays,
  descriptorSearch,
  effectiveLimits,
  fractionToPercent,
  hasLimit,
  LIMIT_MAX,
  LIMIT_MESSAGES,
  limitCardBrandOf,
  limitCardBrandsOf,
  limitFor,
  limitLevel,
  limitPeriodOf,
  limitValue,
  matchesDescriptor,
  percentToFraction,
  takesDescriptorLimits,
  usageLevel,
  usagePercent,
} from '@domain/limits';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';

/** The first message a schema gives for `value`, or null when it accepts it. */
function messageOf(schema: z.ZodType, value: unknown): string | null {
  const result = schema.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? 'invalid');
}

describe('limit values', () => {
  it('accepts whole numbers from 1 to the maximum, and null for no limit', () => {
    for (const value of [1, 60, LIMIT_MAX, null]) expect(messageOf(limitValue, value)).toBeNull();
  });

  it("refuses 0 with the spec's text, negatives, fractions and 20-digit numbers with theirs", () => {
    expect(messageOf(limitValue, 0)).toBe('0 is not valid value');
    expect(messageOf(limitValue, -5)).toBe('The minimum number is 1');
    expect(messageOf(limitValue, 2.5)).toBe('Enter a whole number');
    expect(messageOf(limitValue, Number('12345678901234567890'))).toBe(`The maximum number is ${LIMIT_MAX}`);
    expect(messageOf(limitValue, 'ten')).toBe(LIMIT_MESSAGES.wholeNumber);
  });
});

describe('alert percentages', () => {
  it("takes a whole percent from 1 to 1,000 as typed: 'Required field', 'The minimum number is 1'", () => {
    expect(messageOf(alertPercentInput, 50)).toBeNull();
    expect(messageOf(alertPercentInput, 1000)).toBeNull();
    expect(messageOf(alertPercentInput, undefined)).toBe('Required field');
    expect(messageOf(alertPercentInput, 0)).toBe('The minimum number is 1');
    expect(messageOf(alertPercentInput, 10_000)).toBe('The maximum number is 1000');
    expect(messageOf(alertPercentInput, 12.5)).toBe('Enter a whole number');
  });

  it('is stored as a fraction of whole percents and shown back as the same percent', () => {
    expect(percentToFraction(50)).toBe(0.5);
    expect(messageOf(alertFraction, 0.07)).toBeNull();
    expect(fractionToPercent(0.07)).toBe(7);
    expect(messageOf(alertFraction, 0.125)).toBe('Enter a whole number');
    expect(messageOf(alertFraction, 0)).toBe('The minimum number is 1');
    expect(messageOf(alertFraction, 100)).toBe('The maximum number is 1000');
    for (let percent = 1; percent <= 1000; percent++) {
      expect(fractionToPercent(percentToFraction(percent))).toBe(percent);
    }
  });
});

describe('the 30-day month', () => {
  it('derives the missing limit: monthly = daily × 30, daily = monthly ÷ 30 rounded up', () => {
    expect(effectiveLimits({ total: null, daily: 2 })).toEqual({ total: 60, daily: 2 });
    expect(effectiveLimits({ total: 100, daily: null })).toEqual({ total: 100, daily: 4 });
    expect(effectiveLimits({ total: 100, daily: 10 })).toEqual({ total: 100, daily: 10 });
    expect(effectiveLimits({ total: null, daily: null })).toEqual({ total: null, daily: null });
  });
});

describe('usage bars', () => {
  it('are green up to 80 %, amber above, red above 100 %, and full when exceeded', () => {
    expect(usageLevel(80, 100)).toBe('ok');
    expect(usageLevel(81, 100)).toBe('warning');
    expect(usageLevel(100, 100)).toBe('warning');
    expect(usageLevel(101, 100)).toBe('over');
    expect(usageLevel(5, null)).toBe('ok');
    expect(usagePercent(150, 100)).toBe(100);
    expect(usagePercent(25, 100)).toBe(25);
    expect(usagePercent(25, null)).toBe(0);
  });
});

describe('counter ranges', () => {
  it('are UTC calendar days and months, across a year boundary', () => {
    const now = new Date('2027-01-05T23:30:00Z');
    expect(counterRangeDays('today', now)).toEqual({ from: '2027-01-05', to: '2027-01-05' });
    expect(counterRangeDays('thisMonth', now)).toEqual({ from: '2027-01-01', to: '2027-01-05' });
    expect(counterRangeDays('lastMonth', now)).toEqual({ from: '2026-12-01', to: '2026-12-31' });
    expect(counterRangeDays('twoMonthsAgo', now)).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(counterRangeDays('lastMonth', new Date('2028-03-31T00:00:00Z'))).toEqual({
      from: '2028-02-01',
      to: '2028-02-29',
    });
  });
});

describe('the descriptor search', () => {
  it("resets when empty, is 'not valid search' when blank, and matches a substring ignoring case", () => {
    expect(descriptorSearch('')).toEqual({ kind: 'all' });
    expect(descriptorSearch('   ')).toEqual({ kind: 'invalid' });
    const search = descriptorSearch(' shop ');
    expect(matchesDescriptor('LUMEN*SHOP', search)).toBe(true);
    expect(matchesDescriptor('LUMEN*WEB', search)).toBe(false);
    expect(matchesDescriptor('LUMEN*WEB', descriptorSearch('  '))).toBe(false);
    expect(matchesDescriptor('LUMEN*WEB', descriptorSearch(''))).toBe(true);
  });
});

describe('the level of a limit row', () => {
  it('is the deepest scope the row sets: descriptor, card brand, MID, or global', () => {
    const mid = 'd1000000-0000-4000-8000-000000000001';
    expect(limitLevel({ midId: null, cardBrand: null, descriptor: null })).toBe('GLOBAL');
    expect(limitLevel({ midId: mid, cardBrand: null, descriptor: null })).toBe('MID');
    expect(limitLevel({ midId: mid, cardBrand: 'OTHERS', descriptor: null })).toBe('CARD_BRAND');
    expect(limitLevel({ midId: mid, cardBrand: 'VISA', descriptor: 'LUMEN*SHOP' })).toBe('DESCRIPTOR');
  });
});

describe('an alert needs a limit', () => {
  it('has one as soon as Monthly or Daily is given, none when both are empty', () => {
    expect(hasLimit({ total: null, daily: null })).toBe(false);
    expect(hasLimit({ total: 1, daily: null })).toBe(true);
    expect(hasLimit({ total: null, daily: 1 })).toBe(true);
    expect(hasLimit({ total: 30, daily: 1 })).toBe(true);
  });
});

describe("an alert's threshold", () => {
  it('is the fewest whole sales reaching the percentage of the limit, exactly at the edge', () => {
    expect(alertThreshold(10, 0.5)).toBe(5);
    // 33 % of 7 is 2.31: the third sale reaches it.
    expect(alertThreshold(7, 0.33)).toBe(3);
    expect(alertReached(2, 7, 0.33)).toBe(false);
    expect(alertReached(3, 7, 0.33)).toBe(true);
    // A fraction with float noise (0.57 × 100 is 56.99…) is still 57 %.
    expect(alertThreshold(100, 0.57)).toBe(57);
    expect(alertThreshold(3, 10)).toBe(30);
    expect(alertThreshold(LIMIT_MAX, 10)).toBe(LIMIT_MAX * 10);
  });

  it('fires at sales × 100 ≥ percent × limit, one sale before it does not, for any limit and percent', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: LIMIT_MAX }), fc.integer({ min: 1, max: 1000 }), (limit, percent) => {
        const fraction = percentToFraction(percent);
        const threshold = alertThreshold(limit, fraction);
        expect(Number.isInteger(threshold)).toBe(true);
        expect(threshold * 100 >= percent * limit).toBe(true);
        expect((threshold - 1) * 100 >= percent * limit).toBe(false);
        expect(alertReached(threshold, limit, fraction)).toBe(true);
        expect(alertReached(threshold - 1, limit, fraction)).toBe(false);
      }),
    );
  });
});

describe('card brand groups', () => {
  it('count Visa and Mastercard as themselves and every other brand, an unknown one and none as Others', () => {
    expect(limitCardBrandOf('VISA')).toBe('VISA');
    expect(limitCardBrandOf('MC')).toBe('MC');
    for (const other of ['AMEX', 'JCB', 'DINERS', 'UNKNOWN', 'PAYPAL', null])
      expect(limitCardBrandOf(other)).toBe('OTHERS');
    expect(takesDescriptorLimits('VISA')).toBe(true);
    expect(takesDescriptorLimits('MC')).toBe(false);
    expect(takesDescriptorLimits('OTHERS')).toBe(false);
  });

  it("are a MID's accepted brands' groups, all three when it takes any, plus those present, in order", () => {
    expect(limitCardBrandsOf([])).toEqual(['VISA', 'MC', 'OTHERS']);
    expect(limitCardBrandsOf(['AMEX'])).toEqual(['OTHERS']);
    expect(limitCardBrandsOf(['AMEX', 'JCB', 'VISA'])).toEqual(['VISA', 'OTHERS']);
    expect(limitCardBrandsOf(['MC'], ['OTHERS', 'VISA'])).toEqual(['VISA', 'MC', 'OTHERS']);
  });
});

describe('the limit a range is measured against', () => {
  it('is the daily limit for a single day, the monthly one for anything longer', () => {
    const limits = { total: 300, daily: 10 };
    expect(limitPeriodOf({ from: '2026-03-10', to: '2026-03-10' })).toBe('DAILY');
    expect(limitPeriodOf({ from: '2026-03-01', to: '2026-03-10' })).toBe('MONTHLY');
    expect(limitFor(limits, 'DAILY')).toBe(10);
    expect(limitFor(limits, 'MONTHLY')).toBe(300);
  });
});
