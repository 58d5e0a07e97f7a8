import { planSave } from '@domain/contract/plans';
import {
  blankPlanForm,
  formToPayload,
  PLAN_MESSAGES as M,
  openRetry,
  type PlanFormValues,
  type PlanLike,
  planFormErrors,
  planToForm,
  sectionOf,
} from '@domain/plans';
import { describe, expect, it } from 'vitest';

// The plan form's values (src/domain/plans.ts): comma amounts and day texts in the form, dots and integers on the
// wire, the same rules as the server's schema, and the section each message belongs to.

const stored: PlanLike = {
  description: 'Quarterly pro plan',
  basicSettings: {
    timeCycle: 'CUSTOM',
    customTime: '3',
    unitCharging: 'MONTH',
    chargingTimeMode: 'CUSTOM',
    timeCharging: '10:00',
    customCharging: '10:00 AM',
    cycle: { time: 3, unit: 'MONTH' },
  },
  amountSettings: {
    base: 'EUR',
    currencies: {
      EUR: { amount: '24.99', isDynamic: false, type: 'FIXED' },
      USD: { amount: null, isDynamic: true, type: 'DYNAMIC' },
    },
    defaultCurrencies: ['EUR', 'USD', 'GBP'],
  },
  trialSettings: {
    timePeriod: 30,
    amountSettings: {
      base: 'EUR',
      currencies: {
        EUR: { amount: '4.99', isDynamic: false, type: 'FIXED' },
        USD: { amount: null, isDynamic: true, type: 'DYNAMIC' },
      },
      defaultCurrencies: ['EUR', 'USD', 'GBP'],
    },
  },
  retrySettings: {
    enabled: true,
    timePeriod: 4,
    amount: '4.99',
    sequence: [
      { type: 'RENEWAL', time: 2, unit: 'DAY' },
      { type: 'MAINTENANCE', time: 7, unit: 'DAY' },
    ],
  },
  cancellationSettings: { enabled: false, chargebackAmount: 1 },
};

describe('plan form values', () => {
  it('show a stored plan with commas and give it back unchanged', () => {
    const form = planToForm(stored);
    expect(form.currencies.amountSettings.currencies.EUR!.amount).toBe('24,99');
    expect(form.retry?.amount).toBe('4,99');
    expect(planFormErrors(form)).toEqual({});
    expect(formToPayload(form)).toEqual(stored);
    expect(planSave.safeParse(formToPayload(form)).success).toBe(true);
  });

  it('a blank form asks for a name and a currency; an open retry setting asks for its retry times', () => {
    const form: PlanFormValues = { ...blankPlanForm(), retry: openRetry() };
    const errors = planFormErrors(form);
    expect(errors.description).toBe(M.required);
    expect(errors['amountSettings.currencies']).toBe(M.atLeastOneCurrency);
    expect(errors['retrySettings.sequence.0.time']).toBe(M.required);
    expect(errors['retrySettings.timePeriod']).toBe(M.required);
    expect(sectionOf('retrySettings.sequence.0.time')).toBe('retry');
    expect(sectionOf('description')).toBeNull();
  });

  it('says what is wrong with day texts and comma amounts', () => {
    const form = planToForm(stored);
    form.trialDays = '7,5';
    form.retry!.sequence[0]!.time = 'x';
    form.currencies.amountSettings.currencies.EUR!.amount = '0';
    const errors = planFormErrors(form);
    expect(errors['trialSettings.timePeriod']).toBe(M.noDecimals);
    expect(errors['retrySettings.sequence.0.time']).toBe(M.onlyNumbers);
    expect(errors['amountSettings.currencies.EUR.amount']).toBe(M.amountPositive);
  });

  it('a non-custom charging time sends the default slot', () => {
    const form = { ...planToForm(stored), chargingTimeMode: 'FIRST_PAYMENT_TIME' as const };
    expect(formToPayload(form).basicSettings).toMatchObject({ timeCharging: '09:00', customCharging: null });
  });
});
