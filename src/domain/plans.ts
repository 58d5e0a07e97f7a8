import { DEFAULT_CURRENCIES } from './enums';

// Plans (spec 3, sections 2.11, 3 "Plan", 4 "Plan form", 5 "Plan", 9): the rules and messages of a plan, in one home
// for the server's schema (src/domain/contract/plans.ts) and the plan form. The currency operations of the form are
// pure functions over the amount settings, so their invariants can be tested over any sequence of operations:
//   - only EUR can lead, and only while it is selected; the leading currency always has a fixed amount;
//   - without a leading currency no currency is dynamic; a dynamic currency has no amount (type DYNAMIC);
//   - the trial's currencies mirror the plan's: the same codes, the same dynamic flags, the same leading currency.

export const PLAN_MESSAGES = {
  required: 'Required field',
  nameMax: 'Maximum 50 characters',
  onlyNumbers: 'Only numbers are allowed',
  noDecimals: 'No decimals are allowed',
  customDays: 'Enter 1 to 3 digits. 0 is not allowed.',
  customMonths: 'Enter 1 to 2 digits. 0 is not allowed.',
  customYears: 'Enter only 1 digits. 0 is not allowed.',
  customChargingMax: 'Maximum 10 characters',
  amountCharacters: 'Only numbers or commas are allowed',
  amountPositive: 'Amount must be greater than 0',
  amountMax: 'Maximum 10 characters',
  atLeastOneCurrency: 'The currency settings must have at least one entry.',
  atLeastOneCurrencyHint: 'Set up at least one currency. Amounts must be over 0 and use commas for decimals.',
  trialNeedsCurrency: "Configure at least one currency in the 'Amount and currency' section or discard this setting.",
  atLeastOneRetry: 'Configure at least one retry or close this setting',
  maxThreeCharacters: 'Maximum 3 characters',
  maxRetries: 'At most 30 retries',
  sectionErrors: 'Please check and correct the fields with errors to continue',
  clearAllConfirm: 'This action will remove all your current settings. Are you sure you want to proceed?',
  inUse: 'Remember to check your settings before saving!',
  // Our wording where the spec has none (README "Plans").
  onlyEurLeads: 'Only EUR can be the leading currency',
  leadingNotSelected: 'The leading currency must be one of the selected currencies',
  leadingIsFixed: 'The leading currency needs a fixed amount',
  dynamicNeedsLeading: 'A dynamic amount needs a leading currency',
  dynamicHasNoAmount: 'A dynamic currency has no amount',
  typeMatchesDynamic: 'type must be DYNAMIC when isDynamic is true and FIXED otherwise',
  trialMirrors: "The trial's currencies must mirror the plan's currencies and their dynamic flag",
  wireAmount: 'Use digits with a dot and up to 2 decimals (for example 9.99)',
  timeCharging: 'Use a time as HH:mm (UTC)',
  customChargingMatches: 'The charging time shown must be the 12-hour form of timeCharging (for example 9:00 AM)',
  cycleMatches: 'The cycle must follow from the charging cycle',
  basicLocked: 'The charging cycle and time cannot be changed once the plan exists',
  unknownCurrency: 'Unknown currency',
} as const;

export const PLAN_LIMITS = {
  name: 50,
  amount: 10,
  customCharging: 10,
  days: 3,
  maxRetries: 30,
  /** The add button is disabled once this many retries exist (spec 3, section 5). */
  addRetryBelow: 30,
} as const;

/** Charging cycle presets (spec 3, section 9: every 28 days, every 30 days, monthly, annually, custom). */
export const TIME_CYCLES = ['DAY_28', 'DAY_30', 'MONTHLY', 'YEARLY', 'CUSTOM'] as const;
export type TimeCycle = (typeof TIME_CYCLES)[number];
export const TIME_CYCLE_LABELS: Record<TimeCycle, string> = {
  DAY_28: 'Every 28 days',
  DAY_30: 'Every 30 days',
  MONTHLY: 'Monthly',
  YEARLY: 'Annually',
  CUSTOM: 'Custom',
};

export const CUSTOM_UNITS = ['DAY', 'MONTH', 'YEAR'] as const;
export type CustomUnit = (typeof CUSTOM_UNITS)[number];
export const CUSTOM_UNIT_LABELS: Record<CustomUnit, string> = { DAY: 'Day/s', MONTH: 'Month/s', YEAR: 'Year/s' };

export const CYCLE_UNITS = ['DAY', 'WEEK', 'MONTH', 'YEAR'] as const;
export type CycleUnit = (typeof CYCLE_UNITS)[number];

export const CHARGING_TIME_MODES = ['FIRST_PAYMENT_TIME', 'CUSTOM'] as const;
export type ChargingTimeMode = (typeof CHARGING_TIME_MODES)[number];
export const CHARGING_TIME_MODE_LABELS: Record<ChargingTimeMode, string> = {
  FIRST_PAYMENT_TIME: 'Set to first payment time',
  CUSTOM: 'Custom',
};

export const RETRY_TYPES = ['RENEWAL', 'MAINTENANCE'] as const;
export type RetryType = (typeof RETRY_TYPES)[number];
export const RETRY_TYPE_LABELS: Record<RetryType, string> = { RENEWAL: 'Renewal', MAINTENANCE: 'Maintenance' };

/** The currency that may lead (spec 3, section 4: only EUR may be made leading). */
export const LEADING_CURRENCY = 'EUR';

/** Currencies a plan can charge in: the default three first, then others with two-decimal minor units. */
export const PLAN_CURRENCIES: ReadonlyArray<{ code: string; name: string }> = [
  { code: 'EUR', name: 'Euro' },
  { code: 'USD', name: 'US Dollar' },
  { code: 'GBP', name: 'British Pound' },
  { code: 'AUD', name: 'Australian Dollar' },
  { code: 'BRL', name: 'Brazilian Real' },
  { code: 'CAD', name: 'Canadian Dollar' },
  { code: 'CHF', name: 'Swiss Franc' },
  { code: 'CZK', name: 'Czech Koruna' },
  { code: 'DKK', name: 'Danish Krone' },
  { code: 'MXN', name: 'Mexican Peso' },
  { code: 'NOK', name: 'Norwegian Krone' },
  { code: 'PLN', name: 'Polish Zloty' },
  { code: 'SEK', name: 'Swedish Krona' },
];
export const PLAN_CURRENCY_CODES: readonly string[] = PLAN_CURRENCIES.map((c) => c.code);
export const PLAN_DEFAULT_CURRENCIES: readonly string[] = [...DEFAULT_CURRENCIES];

/** The ninth hourly slot (1:00 AM is the first): 9:00 AM UTC. */
export const DEFAULT_TIME_CHARGING = '09:00';

// ---------------------------------------------------------------------------------------------------------------
// Shapes (the wire shapes; the zod schemas in the contract follow them)

export interface PlanCycle {
  time: number;
  unit: CycleUnit;
}

export interface BasicSettings {
  timeCycle: TimeCycle;
  customTime: string | null;
  unitCharging: CustomUnit;
  chargingTimeMode: ChargingTimeMode;
  timeCharging: string | null;
  customCharging: string | null;
  cycle: PlanCycle;
}

export interface CurrencyAmount {
  /** A decimal string with a dot on the wire ('9.99'), a comma in the form ('9,99'); null when dynamic or unset. */
  amount: string | null;
  isDynamic: boolean;
  type: 'FIXED' | 'DYNAMIC';
}

export interface AmountSettings {
  base: string | null;
  currencies: Record<string, CurrencyAmount>;
  defaultCurrencies: string[];
}

export interface TrialSettings {
  timePeriod: number;
  amountSettings: AmountSettings;
}

export interface RetryItem {
  type: RetryType;
  time: number;
  unit: 'DAY';
}

export interface RetrySettings {
  enabled: boolean;
  timePeriod: number | null;
  amount: string | null;
  sequence: RetryItem[];
}

export interface CancellationSettings {
  enabled: boolean;
  chargebackAmount: 1;
}

// ---------------------------------------------------------------------------------------------------------------
// Basic settings

/** The cycle a plan's basic settings describe: presets are fixed, a custom cycle is customTime of unitCharging. */
export function deriveCycle(basic: Pick<BasicSettings, 'timeCycle' | 'customTime' | 'unitCharging'>): PlanCycle {
  switch (basic.timeCycle) {
    case 'DAY_28':
      return { time: 28, unit: 'DAY' };
    case 'DAY_30':
      return { time: 30, unit: 'DAY' };
    case 'MONTHLY':
      return { time: 1, unit: 'MONTH' };
    case 'YEARLY':
      return { time: 1, unit: 'YEAR' };
    case 'CUSTOM': {
      const time = Number.parseInt(basic.customTime ?? '', 10);
      return { time: Number.isFinite(time) && time >= 1 ? time : 1, unit: basic.unitCharging };
    }
  }
}

/** The custom cycle's digits rule per unit (spec 3, section 5), or null when the value is fine. */
export function customTimeMessage(value: string | null | undefined, unit: CustomUnit): string | null {
  const text = (value ?? '').trim();
  if (text === '') return PLAN_MESSAGES.required;
  if (!/^\d+$/.test(text)) return PLAN_MESSAGES.onlyNumbers;
  const zero = /^0+$/.test(text);
  if (unit === 'DAY') return text.length > 3 || zero ? PLAN_MESSAGES.customDays : null;
  if (unit === 'MONTH') return text.length > 2 || zero ? PLAN_MESSAGES.customMonths : null;
  return text.length > 1 || zero ? PLAN_MESSAGES.customYears : null;
}

/** Selecting a non-custom cycle clears the custom time (spec 3, section 4). */
export function selectTimeCycle<T extends Pick<BasicSettings, 'timeCycle' | 'customTime'>>(
  basic: T,
  cycle: TimeCycle,
): T {
  return { ...basic, timeCycle: cycle, customTime: cycle === 'CUSTOM' ? basic.customTime : null };
}

/** A non-custom charging time mode resets the charging time to the default (the ninth hourly slot). */
export function selectChargingTimeMode<
  T extends Pick<BasicSettings, 'chargingTimeMode' | 'timeCharging' | 'customCharging'>,
>(basic: T, mode: ChargingTimeMode): T {
  if (mode === 'CUSTOM') return { ...basic, chargingTimeMode: mode };
  return { ...basic, chargingTimeMode: mode, timeCharging: DEFAULT_TIME_CHARGING, customCharging: null };
}

const HH_MM = /^([01]\d|2[0-3]):([0-5]\d)$/;
const TWELVE_HOUR = /^(1[0-2]|[1-9]):([0-5]\d) (AM|PM)$/;

export const isTimeCharging = (value: string) => HH_MM.test(value);

/** '21:30' -> '9:30 PM'; '00:15' -> '12:15 AM' (the form shows the charging time as 12-hour UTC). */
export function toTwelveHour(hhmm: string): string {
  const match = HH_MM.exec(hhmm);
  if (!match) return '';
  const hours = Number(match[1]);
  const suffix = hours < 12 ? 'AM' : 'PM';
  const twelve = hours % 12 === 0 ? 12 : hours % 12;
  return `${twelve}:${match[2]} ${suffix}`;
}

/** '9:30 PM' -> '21:30'; null for anything else. */
export function fromTwelveHour(text: string): string | null {
  const match = TWELVE_HOUR.exec(text.trim());
  if (!match) return null;
  const hours = (Number(match[1]) % 12) + (match[3] === 'PM' ? 12 : 0);
  return `${String(hours).padStart(2, '0')}:${match[2]}`;
}

/** The hourly slots the charging time offers: 1:00 AM ... 12:00 AM, as 'HH:mm' UTC (the ninth is 9:00 AM). */
export const CHARGING_SLOTS: readonly string[] = Array.from(
  { length: 24 },
  (_, i) => `${String((i + 1) % 24).padStart(2, '0')}:00`,
);

/** Basic settings compared as the lock compares them: the derived cycle and the shown 12-hour text aside. */
export function sameBasicSettings(a: BasicSettings, b: BasicSettings): boolean {
  const key = (s: BasicSettings) =>
    JSON.stringify([
      s.timeCycle,
      s.timeCycle === 'CUSTOM' ? s.customTime : null,
      s.unitCharging,
      s.chargingTimeMode,
      s.timeCharging,
    ]);
  return key(a) === key(b);
}

// ---------------------------------------------------------------------------------------------------------------
// Amounts: comma in the form, dot on the wire

/**
 * Whether the amount input accepts the typed text (spec 3, section 5: digits and commas only; a value with a comma
 * must be digits, optionally a comma and up to 2 digits, otherwise the input is ignored). At most 10 characters.
 */
export function acceptsAmountInput(text: string): boolean {
  if (text.length > PLAN_LIMITS.amount) return false;
  return /^\d*(,\d{0,2})?$/.test(text);
}

/** The form's message for an amount text (comma decimals), or null. */
export function amountTextMessage(text: string | null | undefined): string | null {
  const value = text ?? '';
  if (value.trim() === '') return PLAN_MESSAGES.required;
  if (!/^[\d,]+$/.test(value)) return PLAN_MESSAGES.amountCharacters;
  if (value.length > PLAN_LIMITS.amount) return PLAN_MESSAGES.amountMax;
  if (!/^\d+(,\d{1,2})?$/.test(value)) return PLAN_MESSAGES.amountCharacters;
  if (!/[1-9]/.test(value)) return PLAN_MESSAGES.amountPositive;
  return null;
}

/** The API's message for an amount string (dot decimals), or null. */
export function wireAmountMessage(text: string | null | undefined): string | null {
  const value = text ?? '';
  if (value.trim() === '') return PLAN_MESSAGES.required;
  if (value.length > PLAN_LIMITS.amount) return PLAN_MESSAGES.amountMax;
  if (!/^\d+(\.\d{1,2})?$/.test(value)) {
    return /^[\d.,]+$/.test(value) ? PLAN_MESSAGES.wireAmount : PLAN_MESSAGES.amountCharacters;
  }
  if (!/[1-9]/.test(value)) return PLAN_MESSAGES.amountPositive;
  return null;
}

/** '9,99' -> '9.99' (form to wire); leading zeros dropped ('009,5' -> '9.5'). Text that is not an amount is kept. */
export function commaToDot(text: string): string {
  if (!/^\d+(,\d{1,2})?$/.test(text)) return text;
  const [whole, fraction] = text.split(',');
  const trimmed = whole!.replace(/^0+(?=\d)/, '');
  return fraction === undefined ? trimmed : `${trimmed}.${fraction}`;
}

/** '9.99' -> '9,99' (wire to form). */
export const dotToComma = (text: string): string => text.replace('.', ',');

/** The form's message for a number of days (trial, retry time, retry interval): digits, no decimals, 3 at most. */
export function daysTextMessage(text: string | null | undefined): string | null {
  const value = (text ?? '').trim();
  if (value === '') return PLAN_MESSAGES.required;
  if (/^\d+[.,]\d*$/.test(value)) return PLAN_MESSAGES.noDecimals;
  if (!/^\d+$/.test(value)) return PLAN_MESSAGES.onlyNumbers;
  if (value.length > PLAN_LIMITS.days) return PLAN_MESSAGES.maxThreeCharacters;
  return null;
}

// ---------------------------------------------------------------------------------------------------------------
// Currency operations (spec 3, section 4). Each returns new settings; the trial (when open) mirrors the plan.

export interface CurrencyState {
  amountSettings: AmountSettings;
  /** null while the trial section is closed. */
  trial: AmountSettings | null;
}

const fixed = (amount: string | null): CurrencyAmount => ({ amount, isDynamic: false, type: 'FIXED' });
const dynamic = (): CurrencyAmount => ({ amount: null, isDynamic: true, type: 'DYNAMIC' });

export function emptyAmountSettings(): AmountSettings {
  return { base: null, currencies: {}, defaultCurrencies: [...PLAN_DEFAULT_CURRENCIES] };
}

/** The trial's amount settings mirroring the plan's: same codes, dynamic flags and leading currency; own amounts. */
export function mirrorTrial(plan: AmountSettings, trial: AmountSettings | null): AmountSettings {
  const currencies: Record<string, CurrencyAmount> = {};
  for (const [code, entry] of Object.entries(plan.currencies)) {
    const previous = trial?.currencies[code];
    currencies[code] = entry.isDynamic ? dynamic() : fixed(previous && !previous.isDynamic ? previous.amount : null);
  }
  return { base: plan.base, currencies, defaultCurrencies: [...plan.defaultCurrencies] };
}

function withPlan(state: CurrencyState, amountSettings: AmountSettings): CurrencyState {
  return { amountSettings, trial: state.trial ? mirrorTrial(amountSettings, state.trial) : null };
}

/** Select a currency (a new row, no amount; dynamic when a leading currency exists and the flag is asked for). */
export function selectCurrency(state: CurrencyState, code: string): CurrencyState {
  const plan = state.amountSettings;
  if (plan.currencies[code] || !PLAN_CURRENCY_CODES.includes(code)) return state;
  return withPlan(state, { ...plan, currencies: { ...plan.currencies, [code]: fixed(null) } });
}

/** Removing the leading currency sets the dynamic flag off on all selected currencies. */
export function removeLeading(state: CurrencyState): CurrencyState {
  const plan = state.amountSettings;
  const currencies = Object.fromEntries(
    Object.entries(plan.currencies).map(([code, entry]) => [code, entry.isDynamic ? fixed(null) : entry]),
  );
  return withPlan(state, { ...plan, base: null, currencies });
}

/** Unselect a currency; unselecting the leading one first removes the lead. */
export function unselectCurrency(state: CurrencyState, code: string): CurrencyState {
  let next = state;
  if (next.amountSettings.base === code) next = removeLeading(next);
  const plan = next.amountSettings;
  if (!plan.currencies[code]) return next;
  const { [code]: _removed, ...rest } = plan.currencies;
  return withPlan(next, { ...plan, currencies: rest });
}

/** Whether the currency can be made leading: only EUR, and only while it is selected. */
export const canLead = (plan: AmountSettings, code: string) =>
  code === LEADING_CURRENCY && Boolean(plan.currencies[code]);

/**
 * Set the leading currency: the leading one becomes fixed, and every other selected currency with no amount becomes
 * dynamic (spec 3, section 4). Anything but a selected EUR is ignored.
 */
export function setLeading(state: CurrencyState, code: string): CurrencyState {
  const plan = state.amountSettings;
  if (!canLead(plan, code)) return state;
  const currencies: Record<string, CurrencyAmount> = {};
  for (const [key, entry] of Object.entries(plan.currencies)) {
    if (key === code) currencies[key] = entry.isDynamic ? fixed(null) : entry;
    else currencies[key] = entry.isDynamic || !entry.amount ? dynamic() : entry;
  }
  return withPlan(state, { ...plan, base: code, currencies });
}

/** Turn dynamic on (clears the amount) or off; only for a selected, non-leading currency while one leads. */
export function toggleDynamic(state: CurrencyState, code: string): CurrencyState {
  const plan = state.amountSettings;
  const entry = plan.currencies[code];
  if (!entry || !plan.base || code === plan.base) return state;
  return withPlan(state, {
    ...plan,
    currencies: { ...plan.currencies, [code]: entry.isDynamic ? fixed(null) : dynamic() },
  });
}

/** Type an amount (form text); ignored for a dynamic currency. */
export function setAmount(state: CurrencyState, code: string, amount: string): CurrencyState {
  const plan = state.amountSettings;
  const entry = plan.currencies[code];
  if (!entry || entry.isDynamic) return state;
  return withPlan(state, { ...plan, currencies: { ...plan.currencies, [code]: fixed(amount === '' ? null : amount) } });
}

/** Type a trial amount; ignored for a dynamic currency or a closed trial. */
export function setTrialAmount(state: CurrencyState, code: string, amount: string): CurrencyState {
  const entry = state.trial?.currencies[code];
  if (!state.trial || !entry || entry.isDynamic) return state;
  return {
    ...state,
    trial: { ...state.trial, currencies: { ...state.trial.currencies, [code]: fixed(amount === '' ? null : amount) } },
  };
}

/** 'Select all' adds every currency (new ones without an amount). */
export function selectAll(state: CurrencyState): CurrencyState {
  return PLAN_CURRENCY_CODES.reduce(selectCurrency, state);
}

/** 'Clear All' removes every non-default currency and the leading currency (after its confirmation). */
export function clearAll(state: CurrencyState): CurrencyState {
  let next = state.amountSettings.base ? unselectCurrency(state, state.amountSettings.base) : state;
  for (const code of Object.keys(next.amountSettings.currencies)) {
    if (!next.amountSettings.defaultCurrencies.includes(code)) next = unselectCurrency(next, code);
  }
  return next;
}

/** Opening the trial section starts it mirroring the plan; closing it drops it. */
export const openTrial = (state: CurrencyState): CurrencyState => ({
  ...state,
  trial: mirrorTrial(state.amountSettings, null),
});
export const closeTrial = (state: CurrencyState): CurrencyState => ({ ...state, trial: null });

/** The amount settings with comma amounts turned into dot amounts (form to wire), or back. */
export function mapAmounts(settings: AmountSettings, convert: (amount: string) => string): AmountSettings {
  return {
    ...settings,
    currencies: Object.fromEntries(
      Object.entries(settings.currencies).map(([code, entry]) => [
        code,
        { ...entry, amount: entry.amount === null ? null : convert(entry.amount) },
      ]),
    ),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Cross-field rules of a whole plan (wire shape), shared by the contract's schema and the form.

export interface PlanIssue {
  path: (string | number)[];
  message: string;
}

export interface PlanShape {
  basicSettings: BasicSettings;
  amountSettings: AmountSettings;
  trialSettings: TrialSettings | null;
  retrySettings: RetrySettings | null;
  cancellationSettings: CancellationSettings | null;
}

function amountIssues(settings: AmountSettings, at: string[], wire: boolean): PlanIssue[] {
  const issues: PlanIssue[] = [];
  const check = wire ? wireAmountMessage : amountTextMessage;
  for (const [code, entry] of Object.entries(settings.currencies)) {
    if (!PLAN_CURRENCY_CODES.includes(code))
      issues.push({ path: [...at, 'currencies', code], message: PLAN_MESSAGES.unknownCurrency });
    if (entry.isDynamic !== (entry.type === 'DYNAMIC')) {
      issues.push({ path: [...at, 'currencies', code, 'type'], message: PLAN_MESSAGES.typeMatchesDynamic });
    }
    if (entry.isDynamic) {
      if (entry.amount !== null)
        issues.push({ path: [...at, 'currencies', code, 'amount'], message: PLAN_MESSAGES.dynamicHasNoAmount });
      if (!settings.base)
        issues.push({ path: [...at, 'currencies', code, 'isDynamic'], message: PLAN_MESSAGES.dynamicNeedsLeading });
    } else {
      const message = check(entry.amount);
      if (message) issues.push({ path: [...at, 'currencies', code, 'amount'], message });
    }
  }
  if (settings.base !== null) {
    if (settings.base !== LEADING_CURRENCY) issues.push({ path: [...at, 'base'], message: PLAN_MESSAGES.onlyEurLeads });
    else if (!settings.currencies[settings.base])
      issues.push({ path: [...at, 'base'], message: PLAN_MESSAGES.leadingNotSelected });
    else if (settings.currencies[settings.base]!.isDynamic)
      issues.push({ path: [...at, 'base'], message: PLAN_MESSAGES.leadingIsFixed });
  }
  return issues;
}

/** Every rule of a whole plan that spans fields (spec 3, sections 4 and 5). `wire`: dot amounts; else form commas. */
export function planIssues(plan: PlanShape, wire = true): PlanIssue[] {
  const issues: PlanIssue[] = [];
  const basic = plan.basicSettings;
  if (basic.timeCycle === 'CUSTOM') {
    const message = customTimeMessage(basic.customTime, basic.unitCharging);
    if (message) issues.push({ path: ['basicSettings', 'customTime'], message });
  }
  if (basic.chargingTimeMode === 'CUSTOM') {
    if (!basic.timeCharging) issues.push({ path: ['basicSettings', 'timeCharging'], message: PLAN_MESSAGES.required });
    else if (!isTimeCharging(basic.timeCharging)) {
      issues.push({ path: ['basicSettings', 'timeCharging'], message: PLAN_MESSAGES.timeCharging });
    } else if (basic.customCharging !== null && basic.customCharging !== toTwelveHour(basic.timeCharging)) {
      issues.push({ path: ['basicSettings', 'customCharging'], message: PLAN_MESSAGES.customChargingMatches });
    }
  }
  const cycle = deriveCycle(basic);
  if (basic.cycle && (basic.cycle.time !== cycle.time || basic.cycle.unit !== cycle.unit)) {
    issues.push({ path: ['basicSettings', 'cycle'], message: PLAN_MESSAGES.cycleMatches });
  }

  const amounts = plan.amountSettings;
  if (Object.keys(amounts.currencies).length === 0) {
    issues.push({ path: ['amountSettings', 'currencies'], message: PLAN_MESSAGES.atLeastOneCurrency });
  }
  issues.push(...amountIssues(amounts, ['amountSettings'], wire));

  const trial = plan.trialSettings;
  if (trial) {
    if (Object.keys(amounts.currencies).length === 0) {
      issues.push({ path: ['trialSettings', 'amountSettings'], message: PLAN_MESSAGES.trialNeedsCurrency });
    } else {
      const mirrored = mirrorTrial(amounts, trial.amountSettings);
      const same =
        trial.amountSettings.base === amounts.base &&
        Object.keys(trial.amountSettings.currencies).sort().join() === Object.keys(mirrored.currencies).sort().join() &&
        Object.entries(mirrored.currencies).every(
          ([code, entry]) => trial.amountSettings.currencies[code]?.isDynamic === entry.isDynamic,
        );
      if (!same) issues.push({ path: ['trialSettings', 'amountSettings'], message: PLAN_MESSAGES.trialMirrors });
      else issues.push(...amountIssues(trial.amountSettings, ['trialSettings', 'amountSettings'], wire));
    }
  }

  const retry = plan.retrySettings;
  if (retry) {
    if (retry.enabled && retry.sequence.length === 0) {
      issues.push({ path: ['retrySettings', 'sequence'], message: PLAN_MESSAGES.atLeastOneRetry });
    }
    if (retry.sequence.length > PLAN_LIMITS.maxRetries) {
      issues.push({ path: ['retrySettings', 'sequence'], message: PLAN_MESSAGES.maxRetries });
    }
    if (retry.sequence.length > 0 && retry.timePeriod === null) {
      issues.push({ path: ['retrySettings', 'timePeriod'], message: PLAN_MESSAGES.required });
    }
    const check = wire ? wireAmountMessage : amountTextMessage;
    if (retry.sequence.some((item) => item.type === 'MAINTENANCE')) {
      const message = check(retry.amount);
      if (message) issues.push({ path: ['retrySettings', 'amount'], message });
    } else if (retry.amount !== null) {
      const message = check(retry.amount);
      if (message && message !== PLAN_MESSAGES.required) issues.push({ path: ['retrySettings', 'amount'], message });
    }
  }
  return issues;
}

// ---------------------------------------------------------------------------------------------------------------
// How a plan reads in the list

const CYCLE_WORDS: Record<CycleUnit, [string, string]> = {
  DAY: ['day', 'days'],
  WEEK: ['week', 'weeks'],
  MONTH: ['month', 'months'],
  YEAR: ['year', 'years'],
};

/** 'Monthly', 'Annually', 'Every 28 days', 'Every 3 months' ... */
export function cycleLabel(basic: Pick<BasicSettings, 'timeCycle' | 'cycle'>): string {
  if (basic.timeCycle !== 'CUSTOM') return TIME_CYCLE_LABELS[basic.timeCycle];
  const { time, unit } = basic.cycle;
  return time === 1 ? `Every ${CYCLE_WORDS[unit][0]}` : `Every ${time} ${CYCLE_WORDS[unit][1]}`;
}

/** The Billing cycle column: 'Monthly - 2 retries' (spec 3, section 2.11). */
export function billingCycleLabel(plan: Pick<PlanShape, 'basicSettings' | 'retrySettings'>): string {
  const retries = plan.retrySettings?.sequence.length ?? 0;
  return `${cycleLabel(plan.basicSettings)} - ${retries} ${retries === 1 ? 'retry' : 'retries'}`;
}

/** The amount column's order: the leading currency first, then the default currencies, then the rest by code. */
export function orderedCurrencies(settings: AmountSettings): string[] {
  const rank = (code: string) =>
    code === settings.base
      ? 0
      : PLAN_DEFAULT_CURRENCIES.includes(code)
        ? 1 + PLAN_DEFAULT_CURRENCIES.indexOf(code)
        : 10;
  return Object.keys(settings.currencies).sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

// ---------------------------------------------------------------------------------------------------------------
// The plan form (spec 3, section 4): its values, their conversion to the payload, and its messages by path. The
// paths are the payload's ('amountSettings.currencies.EUR.amount'), so the server's field messages land on the same
// fields. Amounts are comma texts here and dot texts on the wire; days are texts here and integers on the wire.

export interface RetryDraft {
  type: RetryType;
  time: string;
}

export interface PlanFormValues {
  [key: string]: unknown;
  description: string;
  timeCycle: TimeCycle;
  customTime: string;
  unitCharging: CustomUnit;
  chargingTimeMode: ChargingTimeMode;
  /** 'HH:mm' UTC. */
  timeCharging: string;
  /** The plan's and the trial's amount settings (comma amounts); trial null while the trial section is closed. */
  currencies: CurrencyState;
  trialDays: string;
  /** null while the cancellation section is closed. */
  cancellation: { enabled: boolean } | null;
  /** null while the retry section is closed. */
  retry: { timePeriod: string; amount: string; sequence: RetryDraft[] } | null;
}

export const PLAN_SECTIONS = ['basic', 'amount', 'cancellation', 'trial', 'retry'] as const;
export type PlanSection = (typeof PLAN_SECTIONS)[number];
export const PLAN_SECTION_TITLES: Record<PlanSection, string> = {
  basic: 'Charging cycle and time',
  amount: 'Amount and currency',
  cancellation: 'Cancellation',
  trial: 'Trial period',
  retry: 'Retry sequence',
};

/** The section a message's path belongs to (the name belongs to none). */
export function sectionOf(path: string): PlanSection | null {
  if (path.startsWith('basicSettings')) return 'basic';
  if (path.startsWith('amountSettings')) return 'amount';
  if (path.startsWith('cancellationSettings')) return 'cancellation';
  if (path.startsWith('trialSettings')) return 'trial';
  if (path.startsWith('retrySettings')) return 'retry';
  return null;
}

export const newRetry = (): RetryDraft => ({ type: 'RENEWAL', time: '' });

export function blankPlanForm(): PlanFormValues {
  return {
    description: '',
    timeCycle: 'MONTHLY',
    customTime: '',
    unitCharging: 'DAY',
    chargingTimeMode: 'FIRST_PAYMENT_TIME',
    timeCharging: DEFAULT_TIME_CHARGING,
    currencies: { amountSettings: emptyAmountSettings(), trial: null },
    trialDays: '',
    cancellation: null,
    retry: null,
  };
}

/** Adding a section resets it to its defaults (spec 3, section 4). */
export const openRetry = (): NonNullable<PlanFormValues['retry']> => ({
  timePeriod: '',
  amount: '',
  sequence: [newRetry()],
});

export interface PlanLike {
  description: string;
  basicSettings: BasicSettings;
  amountSettings: AmountSettings;
  trialSettings: TrialSettings | null;
  retrySettings: RetrySettings | null;
  cancellationSettings: CancellationSettings | null;
}

/** The form's values for a stored plan. */
export function planToForm(plan: PlanLike): PlanFormValues {
  const basic = plan.basicSettings;
  return {
    description: plan.description,
    timeCycle: basic.timeCycle,
    customTime: basic.customTime ?? '',
    unitCharging: basic.unitCharging,
    chargingTimeMode: basic.chargingTimeMode,
    timeCharging: basic.timeCharging ?? DEFAULT_TIME_CHARGING,
    currencies: {
      amountSettings: mapAmounts(plan.amountSettings, dotToComma),
      trial: plan.trialSettings ? mapAmounts(plan.trialSettings.amountSettings, dotToComma) : null,
    },
    trialDays: plan.trialSettings ? String(plan.trialSettings.timePeriod) : '',
    cancellation: plan.cancellationSettings ? { enabled: plan.cancellationSettings.enabled } : null,
    retry: plan.retrySettings
      ? {
          timePeriod: plan.retrySettings.timePeriod === null ? '' : String(plan.retrySettings.timePeriod),
          amount: plan.retrySettings.amount === null ? '' : dotToComma(plan.retrySettings.amount),
          sequence: plan.retrySettings.sequence.map((item) => ({ type: item.type, time: String(item.time) })),
        }
      : null,
  };
}

const toDays = (text: string): number => (/^\d{1,3}$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);

/** The payload for the form's values (amounts with dots, days as integers). */
export function formToPayload(values: PlanFormValues): PlanLike {
  const custom = values.chargingTimeMode === 'CUSTOM';
  const partial = {
    timeCycle: values.timeCycle,
    customTime: values.timeCycle === 'CUSTOM' ? values.customTime.trim() : null,
    unitCharging: values.unitCharging,
  };
  return {
    description: values.description.trim(),
    basicSettings: {
      ...partial,
      chargingTimeMode: values.chargingTimeMode,
      timeCharging: custom ? values.timeCharging : DEFAULT_TIME_CHARGING,
      customCharging: custom ? toTwelveHour(values.timeCharging) : null,
      cycle: deriveCycle(partial),
    },
    amountSettings: mapAmounts(values.currencies.amountSettings, commaToDot),
    trialSettings: values.currencies.trial
      ? { timePeriod: toDays(values.trialDays), amountSettings: mapAmounts(values.currencies.trial, commaToDot) }
      : null,
    cancellationSettings: values.cancellation ? { enabled: values.cancellation.enabled, chargebackAmount: 1 } : null,
    retrySettings: values.retry
      ? {
          enabled: true,
          timePeriod: values.retry.sequence.length === 0 ? null : toDays(values.retry.timePeriod),
          amount: values.retry.amount.trim() === '' ? null : commaToDot(values.retry.amount),
          sequence: values.retry.sequence.map((item) => ({
            type: item.type,
            time: toDays(item.time),
            unit: 'DAY' as const,
          })),
        }
      : null,
  };
}

/** Every message the form shows, by the payload's paths; the first per path wins. */
export function planFormErrors(values: PlanFormValues): Record<string, string> {
  const errors: Record<string, string> = {};
  const add = (path: string, message: string | null) => {
    if (message && errors[path] === undefined) errors[path] = message;
  };
  const name = values.description.trim();
  add(
    'description',
    name === '' ? PLAN_MESSAGES.required : name.length > PLAN_LIMITS.name ? PLAN_MESSAGES.nameMax : null,
  );
  if (values.currencies.trial) add('trialSettings.timePeriod', daysTextMessage(values.trialDays));
  if (values.retry) {
    if (values.retry.sequence.length > 0) add('retrySettings.timePeriod', daysTextMessage(values.retry.timePeriod));
    for (const [index, item] of values.retry.sequence.entries()) {
      add(`retrySettings.sequence.${index}.time`, daysTextMessage(item.time));
    }
  }
  // The rules that span fields, on the form's comma amounts (days that are not yet numbers count as 1 here: their
  // own message is above).
  const payload = formToPayload(values);
  const shape: PlanShape = {
    ...payload,
    amountSettings: values.currencies.amountSettings,
    trialSettings: payload.trialSettings ? { timePeriod: 1, amountSettings: values.currencies.trial! } : null,
    retrySettings: payload.retrySettings
      ? {
          ...payload.retrySettings,
          timePeriod: payload.retrySettings.sequence.length ? 1 : null,
          amount: values.retry!.amount.trim() === '' ? null : values.retry!.amount,
        }
      : null,
  };
  for (const issue of planIssues(shape, false)) add(issue.path.join('.'), issue.message);
  return errors;
}
