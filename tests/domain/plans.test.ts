import { planEdit, planSave } from '@domain/contract/plans';
import {
  acceptsAmountInput,
  amountTextMessage,
  billingCycleLabel,
  customTimeMessage,
  DEFAULT_TIME_CHARGING,
  daysTextMessage,
  deriveCycle,
  fromTwelveHour,
  PLAN_MESSAGES as M,
  selectChargingTimeMode,
  selectTimeCycle,
  toTwelveHour,
  wireAmountMessage,
} from '@domain/plans';
import { fieldErrors } from '@domain/validation';
import { describe, expect, it } from 'vitest';

// The plan's rules and messages (spec 3, section 5), as the server's schema and the form apply them.

const validPlan = () => ({
  description: 'Premium monthly plan',
  basicSettings: {
    timeCycle: 'MONTHLY',
    customTime: null,
    unitCharging: 'DAY',
    chargingTimeMode: 'FIRST_PAYMENT_TIME',
    timeCharging: '09:00',
    customCharging: null,
  },
  amountSettings: {
    base: 'EUR',
    currencies: {
      EUR: { amount: '9.99', isDynamic: false, type: 'FIXED' },
      USD: { amount: null, isDynamic: true, type: 'DYNAMIC' },
    },
    defaultCurrencies: ['EUR', 'USD', 'GBP'],
  },
  trialSettings: null as unknown,
  retrySettings: null as unknown,
  cancellationSettings: null as unknown,
});

const errorsOf = (payload: unknown) => {
  const result = planSave.safeParse(payload);
  return result.success ? {} : fieldErrors(result.error);
};

describe('plan schema', () => {
  it('accepts a valid plan and fills in its cycle', () => {
    const parsed = planSave.parse(validPlan());
    expect(parsed.basicSettings.cycle ?? deriveCycle(parsed.basicSettings)).toEqual({ time: 1, unit: 'MONTH' });
  });

  it('name: required, at most 50 characters', () => {
    expect(errorsOf({ ...validPlan(), description: ' ' }).description).toBe(M.required);
    expect(errorsOf({ ...validPlan(), description: 'x'.repeat(51) }).description).toBe(M.nameMax);
    expect(errorsOf({ ...validPlan(), description: 'x'.repeat(50) }).description).toBeUndefined();
  });

  it('custom cycles follow the digit rules of their unit', () => {
    const custom = (customTime: string, unitCharging: string) => ({
      ...validPlan(),
      basicSettings: { ...validPlan().basicSettings, timeCycle: 'CUSTOM', customTime, unitCharging },
    });
    expect(errorsOf(custom('000', 'DAY'))['basicSettings.customTime']).toBe(M.customDays);
    expect(errorsOf(custom('1a', 'DAY'))['basicSettings.customTime']).toBe(M.onlyNumbers);
    expect(errorsOf(custom('', 'DAY'))['basicSettings.customTime']).toBe(M.required);
    expect(errorsOf(custom('365', 'DAY'))['basicSettings.customTime']).toBeUndefined();
    expect(errorsOf(custom('100', 'MONTH'))['basicSettings.customTime']).toBe(M.customMonths);
    expect(errorsOf(custom('00', 'MONTH'))['basicSettings.customTime']).toBe(M.customMonths);
    expect(errorsOf(custom('12', 'MONTH'))['basicSettings.customTime']).toBeUndefined();
    expect(errorsOf(custom('10', 'YEAR'))['basicSettings.customTime']).toBe(M.customYears);
    expect(errorsOf(custom('0', 'YEAR'))['basicSettings.customTime']).toBe(M.customYears);
    expect(deriveCycle({ timeCycle: 'CUSTOM', customTime: '7', unitCharging: 'DAY' })).toEqual({
      time: 7,
      unit: 'DAY',
    });
  });

  it('a cycle sent with the plan must follow from it', () => {
    const payload = validPlan();
    expect(
      errorsOf({ ...payload, basicSettings: { ...payload.basicSettings, cycle: { time: 2, unit: 'MONTH' } } })[
        'basicSettings.cycle'
      ],
    ).toBe(M.cycleMatches);
  });

  it('amounts: dot on the wire, greater than 0, at most 10 characters, required unless dynamic', () => {
    const withEur = (amount: string | null) => {
      const payload = validPlan();
      payload.amountSettings.currencies.EUR = { amount, isDynamic: false, type: 'FIXED' } as never;
      return errorsOf(payload)['amountSettings.currencies.EUR.amount'];
    };
    expect(withEur('1,234')).toBe(M.wireAmount);
    expect(withEur('12a')).toBe(M.amountCharacters);
    expect(withEur('0.00')).toBe(M.amountPositive);
    expect(withEur('12345678.99')).toBe(M.amountMax);
    expect(withEur(null)).toBe(M.required);
    expect(withEur('1234567.99')).toBeUndefined();
  });

  it('at least one currency', () => {
    const payload = validPlan();
    payload.amountSettings = { base: null, currencies: {}, defaultCurrencies: [] } as never;
    expect(errorsOf(payload)['amountSettings.currencies']).toBe(M.atLeastOneCurrency);
  });

  it('only EUR leads; a dynamic currency needs a leader and has no amount', () => {
    const payload = validPlan();
    payload.amountSettings.base = 'USD';
    expect(errorsOf(payload)['amountSettings.base']).toBe(M.onlyEurLeads);
    const noLeader = validPlan();
    noLeader.amountSettings.base = null as never;
    expect(errorsOf(noLeader)['amountSettings.currencies.USD.isDynamic']).toBe(M.dynamicNeedsLeading);
    const amountOnDynamic = validPlan();
    amountOnDynamic.amountSettings.currencies.USD = { amount: '1.00', isDynamic: true, type: 'DYNAMIC' } as never;
    expect(errorsOf(amountOnDynamic)['amountSettings.currencies.USD.amount']).toBe(M.dynamicHasNoAmount);
  });

  it('trial: days with no decimals, at most 3 characters, mirroring the currencies', () => {
    const trial = (
      timePeriod: unknown,
      currencies: unknown = {
        EUR: { amount: '0.99', isDynamic: false, type: 'FIXED' },
        USD: { amount: null, isDynamic: true, type: 'DYNAMIC' },
      },
    ) =>
      errorsOf({
        ...validPlan(),
        trialSettings: { timePeriod, amountSettings: { base: 'EUR', currencies, defaultCurrencies: ['EUR'] } },
      });
    expect(trial(7)).toEqual({});
    expect(trial(1.5)['trialSettings.timePeriod']).toBe(M.noDecimals);
    expect(trial(1000)['trialSettings.timePeriod']).toBe(M.maxThreeCharacters);
    expect(trial(7, { EUR: { amount: '0.99', isDynamic: false, type: 'FIXED' } })['trialSettings.amountSettings']).toBe(
      M.trialMirrors,
    );
    const noCurrency = validPlan();
    noCurrency.amountSettings = { base: null, currencies: {}, defaultCurrencies: [] } as never;
    expect(
      errorsOf({ ...noCurrency, trialSettings: { timePeriod: 7, amountSettings: noCurrency.amountSettings } })[
        'trialSettings.amountSettings'
      ],
    ).toBe(M.trialNeedsCurrency);
  });

  it('retry: at least one when open, at most 30, timePeriod when non-empty, amount with MAINTENANCE', () => {
    const retry = (settings: object) =>
      errorsOf({
        ...validPlan(),
        retrySettings: { enabled: true, timePeriod: 3, amount: null, sequence: [], ...settings },
      });
    expect(retry({})['retrySettings.sequence']).toBe(M.atLeastOneRetry);
    const item = { type: 'RENEWAL', time: 1, unit: 'DAY' };
    expect(retry({ sequence: Array(31).fill(item) })['retrySettings.sequence']).toBe(M.maxRetries);
    expect(retry({ sequence: Array(30).fill(item) })).toEqual({});
    expect(retry({ sequence: [item], timePeriod: null })['retrySettings.timePeriod']).toBe(M.required);
    expect(retry({ sequence: [{ ...item, type: 'MAINTENANCE' }] })['retrySettings.amount']).toBe(M.required);
    expect(retry({ sequence: [{ ...item, type: 'MAINTENANCE' }], amount: '1.99' })).toEqual({});
    expect(retry({ sequence: [{ ...item, time: 1000 }] })['retrySettings.sequence.0.time']).toBe(M.maxThreeCharacters);
  });

  it('an edit names its version', () => {
    expect(planEdit.safeParse(validPlan()).success).toBe(false);
    expect(planEdit.safeParse({ ...validPlan(), version: 1 }).success).toBe(true);
  });
});

describe('form rules', () => {
  it('amount text: digits and a comma with up to 2 decimals', () => {
    expect(amountTextMessage('9,99')).toBeNull();
    expect(amountTextMessage('9.99')).toBe(M.amountCharacters);
    expect(amountTextMessage('0')).toBe(M.amountPositive);
    expect(amountTextMessage('0,00')).toBe(M.amountPositive);
    expect(amountTextMessage('')).toBe(M.required);
    expect(amountTextMessage('12345678901')).toBe(M.amountMax);
    expect(acceptsAmountInput('12,3')).toBe(true);
    expect(acceptsAmountInput('12,345')).toBe(false);
    expect(acceptsAmountInput('1,2,3')).toBe(false);
    expect(acceptsAmountInput('12.3')).toBe(false);
    expect(wireAmountMessage('9.99')).toBeNull();
  });

  it('days text: digits, no decimals, 3 at most', () => {
    expect(daysTextMessage('7')).toBeNull();
    expect(daysTextMessage('7,5')).toBe(M.noDecimals);
    expect(daysTextMessage('a')).toBe(M.onlyNumbers);
    expect(daysTextMessage('1000')).toBe(M.maxThreeCharacters);
    expect(daysTextMessage('')).toBe(M.required);
  });

  it('custom time message per unit', () => {
    expect(customTimeMessage('7', 'DAY')).toBeNull();
    expect(customTimeMessage('0', 'DAY')).toBe(M.customDays);
  });

  it('a non-custom cycle clears the custom time; a non-custom mode resets the time to the ninth slot', () => {
    expect(selectTimeCycle({ timeCycle: 'CUSTOM', customTime: '5' }, 'MONTHLY')).toEqual({
      timeCycle: 'MONTHLY',
      customTime: null,
    });
    expect(
      selectChargingTimeMode(
        { chargingTimeMode: 'CUSTOM', timeCharging: '14:00', customCharging: '2:00 PM' },
        'FIRST_PAYMENT_TIME',
      ),
    ).toEqual({ chargingTimeMode: 'FIRST_PAYMENT_TIME', timeCharging: DEFAULT_TIME_CHARGING, customCharging: null });
  });

  it('12-hour times shown as UTC and back', () => {
    expect(toTwelveHour('09:00')).toBe('9:00 AM');
    expect(toTwelveHour('00:30')).toBe('12:30 AM');
    expect(toTwelveHour('12:00')).toBe('12:00 PM');
    expect(toTwelveHour('23:59')).toBe('11:59 PM');
    for (let h = 0; h < 24; h++) {
      const hhmm = `${String(h).padStart(2, '0')}:15`;
      expect(fromTwelveHour(toTwelveHour(hhmm))).toBe(hhmm);
    }
  });

  it('billing cycle label', () => {
    expect(
      billingCycleLabel({
        basicSettings: { timeCycle: 'MONTHLY', cycle: { time: 1, unit: 'MONTH' } } as never,
        retrySettings: { sequence: [1, 2] } as never,
      }),
    ).toBe('Monthly - 2 retries');
    expect(
      billingCycleLabel({
        basicSettings: { timeCycle: 'CUSTOM', cycle: { time: 7, unit: 'DAY' } } as never,
        retrySettings: null,
      }),
    ).toBe('Every 7 days - 0 retries');
  });
});
