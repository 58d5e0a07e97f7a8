import {
  type CurrencyState,
  clearAll,
  closeTrial,
  commaToDot,
  dotToComma,
  emptyAmountSettings,
  LEADING_CURRENCY,
  openTrial,
  PLAN_CURRENCY_CODES,
  removeLeading,
  selectAll,
  selectCurrency,
  setAmount,
  setLeading,
  setTrialAmount,
  toggleDynamic,
  unselectCurrency,
} from '@domain/plans';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

// The plan form's currency operations (spec 3, section 4) as pure functions: after any sequence of them, the
// invariants the form and the server rely on hold.

const code = fc.constantFrom(...PLAN_CURRENCY_CODES, 'XXX');
const amountText = fc.oneof(fc.constant(''), fc.stringMatching(/^\d{1,4}(,\d{1,2})?$/));

type Operation = (state: CurrencyState) => CurrencyState;
const operation: fc.Arbitrary<[string, Operation]> = fc.oneof(
  code.map((c) => [`select ${c}`, (s: CurrencyState) => selectCurrency(s, c)] as [string, Operation]),
  code.map((c) => [`unselect ${c}`, (s: CurrencyState) => unselectCurrency(s, c)] as [string, Operation]),
  code.map((c) => [`lead ${c}`, (s: CurrencyState) => setLeading(s, c)] as [string, Operation]),
  code.map((c) => [`dynamic ${c}`, (s: CurrencyState) => toggleDynamic(s, c)] as [string, Operation]),
  fc
    .tuple(code, amountText)
    .map(([c, a]) => [`amount ${c}=${a}`, (s: CurrencyState) => setAmount(s, c, a)] as [string, Operation]),
  fc
    .tuple(code, amountText)
    .map(([c, a]) => [`trial ${c}=${a}`, (s: CurrencyState) => setTrialAmount(s, c, a)] as [string, Operation]),
  fc.constant(['remove leading', removeLeading] as [string, Operation]),
  fc.constant(['select all', selectAll] as [string, Operation]),
  fc.constant(['clear all', clearAll] as [string, Operation]),
  fc.constant(['open trial', openTrial] as [string, Operation]),
  fc.constant(['close trial', closeTrial] as [string, Operation]),
);

const start = (): CurrencyState => ({ amountSettings: emptyAmountSettings(), trial: null });

function invariants(state: CurrencyState) {
  const plan = state.amountSettings;
  // Only EUR leads, only while selected, and with a fixed amount.
  if (plan.base !== null) {
    expect(plan.base).toBe(LEADING_CURRENCY);
    expect(plan.currencies[plan.base]).toBeDefined();
    expect(plan.currencies[plan.base]!.isDynamic).toBe(false);
  }
  for (const entry of Object.values(plan.currencies)) {
    // A dynamic currency has no amount and says so in its type; without a leader nothing is dynamic.
    if (entry.isDynamic) {
      expect(entry.amount).toBeNull();
      expect(entry.type).toBe('DYNAMIC');
      expect(plan.base).not.toBeNull();
    } else expect(entry.type).toBe('FIXED');
  }
  // Only currencies a plan can charge in.
  for (const key of Object.keys(plan.currencies)) expect(PLAN_CURRENCY_CODES).toContain(key);
  // The trial mirrors the plan: same codes, same dynamic flags, same leader.
  if (state.trial) {
    expect(Object.keys(state.trial.currencies).sort()).toEqual(Object.keys(plan.currencies).sort());
    expect(state.trial.base).toBe(plan.base);
    for (const [key, entry] of Object.entries(plan.currencies)) {
      expect(state.trial.currencies[key]!.isDynamic).toBe(entry.isDynamic);
      if (entry.isDynamic) expect(state.trial.currencies[key]!.amount).toBeNull();
    }
  }
}

describe('currency operations', () => {
  it('keep every invariant after any sequence of operations', () => {
    fc.assert(
      fc.property(fc.array(operation, { maxLength: 40 }), (operations) => {
        let state = start();
        for (const [, apply] of operations) {
          state = apply(state);
          invariants(state);
        }
      }),
      { numRuns: 400, seed: 24 },
    );
  });

  it('setting EUR as leading makes the others without an amount dynamic, and keeps typed amounts', () => {
    let state = start();
    for (const c of ['EUR', 'USD', 'GBP']) state = selectCurrency(state, c);
    state = setAmount(state, 'EUR', '9,99');
    state = setAmount(state, 'GBP', '8,50');
    state = setLeading(state, 'EUR');
    expect(state.amountSettings.base).toBe('EUR');
    expect(state.amountSettings.currencies.USD).toEqual({ amount: null, isDynamic: true, type: 'DYNAMIC' });
    expect(state.amountSettings.currencies.GBP).toEqual({ amount: '8,50', isDynamic: false, type: 'FIXED' });
  });

  it('only EUR can lead, and only when it is selected', () => {
    let state = selectCurrency(start(), 'USD');
    expect(setLeading(state, 'USD').amountSettings.base).toBeNull();
    expect(setLeading(state, 'EUR').amountSettings.base).toBeNull();
    state = selectCurrency(state, 'EUR');
    expect(setLeading(state, 'EUR').amountSettings.base).toBe('EUR');
  });

  it('turning dynamic on clears the amount; removing the leader turns every dynamic flag off', () => {
    let state = start();
    for (const c of ['EUR', 'USD']) state = selectCurrency(state, c);
    state = setAmount(state, 'USD', '5');
    state = setLeading(state, 'EUR');
    state = toggleDynamic(state, 'USD');
    expect(state.amountSettings.currencies.USD!.amount).toBeNull();
    state = removeLeading(state);
    expect(Object.values(state.amountSettings.currencies).some((entry) => entry.isDynamic)).toBe(false);
  });

  it('the trial follows leading-currency changes', () => {
    let state = openTrial(selectCurrency(selectCurrency(start(), 'EUR'), 'USD'));
    state = setLeading(state, 'EUR');
    expect(state.trial!.base).toBe('EUR');
    expect(state.trial!.currencies.USD!.isDynamic).toBe(true);
    state = unselectCurrency(state, 'EUR');
    expect(state.trial!.base).toBeNull();
    expect(Object.keys(state.trial!.currencies)).toEqual(['USD']);
  });

  it('Select all adds every currency; Clear All removes the non-default ones and the leader', () => {
    let state = selectAll(start());
    expect(Object.keys(state.amountSettings.currencies).sort()).toEqual([...PLAN_CURRENCY_CODES].sort());
    state = setLeading(setAmount(state, 'EUR', '1'), 'EUR');
    state = clearAll(state);
    expect(state.amountSettings.base).toBeNull();
    expect(Object.keys(state.amountSettings.currencies).sort()).toEqual(['GBP', 'USD']);
  });
});

describe('comma and dot amounts', () => {
  it('round-trip any form amount through the wire', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[1-9]\d{0,6}(,\d{1,2})?$/), (text) => {
        const wire = commaToDot(text);
        expect(wire).toMatch(/^\d+(\.\d{1,2})?$/);
        expect(dotToComma(wire)).toBe(text);
      }),
      { seed: 24 },
    );
  });

  it('turns commas into dots and back', () => {
    expect(commaToDot('9,99')).toBe('9.99');
    expect(commaToDot('12')).toBe('12');
    expect(commaToDot('007,5')).toBe('7.5');
    expect(dotToComma('9.99')).toBe('9,99');
  });
});
