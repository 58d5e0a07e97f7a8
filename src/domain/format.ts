// Money, number, date, time-zone and risk-score formatting (spec 1, sections 5 and 9). One module, so every screen,
// export and e-mail writes the same text.
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);

type DateInput = string | number | Date;

export interface DateFormatOptions {
  /** Append seconds to the time ('05 Mar 2024, 14:30:15'). */
  seconds?: boolean;
  /** IANA zone to show the moment in; the browser's zone when absent. 'UTC' is accepted. */
  timeZone?: string;
}

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
}

/** Whole numbers with '.' as the thousands separator, the product's number style: 10000 -> '10.000'. */
export function formatInteger(value: number): string {
  const truncated = Math.trunc(value);
  const sign = truncated < 0 ? '-' : '';
  return sign + groupThousands(String(Math.abs(truncated)));
}

/** A percentage (0 to 100) with one decimal in the number style of money: 83.44 -> '83,4%'. */
export function formatPercent(value: number): string {
  return `${(Math.round(value * 10) / 10).toFixed(1).replace('.', ',')}%`;
}

/** Money: two decimals, '.' for thousands, ',' for decimals, then the currency code: '1.234,50 EUR'. */
export function formatMoney(amount: number, currency?: string | null): string {
  // toFixed rounds half away from zero on the decimal representation the user sees, unlike Math.round on floats.
  const fixed = Math.abs(amount).toFixed(2);
  const [whole = '0', decimals = '00'] = fixed.split('.');
  const sign = amount < 0 && Number(fixed) !== 0 ? '-' : '';
  const text = `${sign}${groupThousands(whole)},${decimals}`;
  return currency ? `${text} ${currency}` : text;
}

function toDayjs(value: DateInput, timeZone?: string): dayjs.Dayjs {
  const moment = dayjs(value);
  if (!timeZone) return moment;
  return timeZone === 'UTC' ? moment.utc() : moment.tz(timeZone);
}

/**
 * The long en-GB style: '05 Mar 2024, 14:30' (or '05 Mar 2024, 14:30:15'). dayjs rather than Intl because ICU's
 * en-GB abbreviates September as 'Sept', which breaks column alignment and tests across Node versions.
 */
export function formatDateTime(value: DateInput | null | undefined, options: DateFormatOptions = {}): string {
  if (value === null || value === undefined || value === '') return '';
  const moment = toDayjs(value, options.timeZone);
  if (!moment.isValid()) return '';
  return moment.format(options.seconds ? 'DD MMM YYYY, HH:mm:ss' : 'DD MMM YYYY, HH:mm');
}

/** The date alone in the long style: '05 Mar 2024'. */
export function formatDate(
  value: DateInput | null | undefined,
  options: Pick<DateFormatOptions, 'timeZone'> = {},
): string {
  if (value === null || value === undefined || value === '') return '';
  const moment = toDayjs(value, options.timeZone);
  return moment.isValid() ? moment.format('DD MMM YYYY') : '';
}

/** The short style: '05/03/2024'. */
export function formatShortDate(
  value: DateInput | null | undefined,
  options: Pick<DateFormatOptions, 'timeZone'> = {},
): string {
  if (value === null || value === undefined || value === '') return '';
  const moment = toDayjs(value, options.timeZone);
  return moment.isValid() ? moment.format('DD/MM/YYYY') : '';
}

/** 'UTC+01:00' for an offset of +60 minutes, 'UTC-03:30' for -210, 'UTC+00:00' for 0. */
export function formatUtcOffset(offsetMinutes: number): string {
  const sign = offsetMinutes < 0 ? '-' : '+';
  const absolute = Math.abs(Math.trunc(offsetMinutes));
  const hours = String(Math.floor(absolute / 60)).padStart(2, '0');
  const minutes = String(absolute % 60).padStart(2, '0');
  return `UTC${sign}${hours}:${minutes}`;
}

/** The time-zone label of a moment: the browser's zone when none is given, as 'UTC+01:00'. */
export function timeZoneLabel(at: DateInput = new Date(), timeZone?: string): string {
  if (timeZone) return formatUtcOffset(toDayjs(at, timeZone).utcOffset());
  // getTimezoneOffset is minutes *behind* UTC, so its sign is the opposite of the label's.
  return formatUtcOffset(-new Date(at).getTimezoneOffset());
}

/** The browser's IANA zone, sent with exports so files use the zone the user sees. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

export type RiskLevel = 'Low' | 'Medium' | 'High' | 'Critical';

/**
 * Risk score = value * 100, truncated (spec 1, section 5). The multiplication is rounded to 6 places first so float
 * noise does not cost a point: 0.29 * 100 is 28.999999999999996 in binary floating point, and must read 29.
 */
export function riskScore(value: number): number {
  const scaled = Math.round(value * 100 * 1e6) / 1e6;
  return Math.max(0, Math.min(100, Math.trunc(scaled)));
}

/** Bands of spec 1, section 9: Low 0-30, Medium 31-70, High 71-90, Critical 91-100. */
export function riskLevel(score: number): RiskLevel {
  if (score >= 91) return 'Critical';
  if (score >= 71) return 'High';
  if (score >= 31) return 'Medium';
  return 'Low';
}

/** The '+N' rest of a list that shows only its first items: ['a','b','c','d'] with 2 shown -> { shown, rest: 2 }. */
export function splitForDisplay<T>(items: readonly T[], shown = 2): { shown: T[]; rest: T[] } {
  return { shown: items.slice(0, shown), rest: items.slice(shown) };
}

/** Long text cut at `max` characters (50 by default, spec 1 section 9) with an ellipsis. */
export function truncateText(text: string, max = 50): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/** Date range presets of spec 1, section 9, in the order the pickers list them ('custom' and 'single' are pickers). */
export const DATE_PRESETS = [
  'Yesterday',
  'This week',
  'Last 7 days',
  'This month',
  'This year',
  'Last week',
  'Last month',
  'Two months ago',
  'Last 30 days',
  'Previous to last 30 days',
] as const;
export type DatePreset = (typeof DATE_PRESETS)[number];

export interface DateRange {
  /** Start of the first day, 00:00:00.000. */
  from: Date;
  /** End of the last day, 23:59:59.999. */
  to: Date;
}

/**
 * The days a preset covers, ending at the end of a day and starting at the start of one (spec 1, section 5 day
 * helpers), in the given zone or the browser's. Weeks start on Monday, as en-GB calendars do.
 */
export function presetRange(preset: DatePreset, now: DateInput = new Date(), timeZone?: string): DateRange {
  const today = toDayjs(now, timeZone).startOf('day');
  const mondayOffset = (today.day() + 6) % 7;
  const thisMonday = today.subtract(mondayOffset, 'day');
  const range = (from: dayjs.Dayjs, lastDay: dayjs.Dayjs): DateRange => ({
    from: from.startOf('day').toDate(),
    to: lastDay.endOf('day').toDate(),
  });
  switch (preset) {
    case 'Yesterday':
      return range(today.subtract(1, 'day'), today.subtract(1, 'day'));
    case 'This week':
      return range(thisMonday, today);
    case 'Last 7 days':
      return range(today.subtract(6, 'day'), today);
    case 'This month':
      return range(today.startOf('month'), today);
    case 'This year':
      return range(today.startOf('year'), today);
    case 'Last week':
      return range(thisMonday.subtract(7, 'day'), thisMonday.subtract(1, 'day'));
    case 'Last month': {
      const month = today.startOf('month').subtract(1, 'month');
      return range(month, month.endOf('month'));
    }
    case 'Two months ago': {
      const month = today.startOf('month').subtract(2, 'month');
      return range(month, month.endOf('month'));
    }
    case 'Last 30 days':
      return range(today.subtract(29, 'day'), today);
    case 'Previous to last 30 days':
      return range(today.subtract(59, 'day'), today.subtract(30, 'day'));
  }
}

// Money in minor units (spec 1, section 5; design section 6). The API and the database carry amounts as whole
// numbers of the currency's minor unit (cents), so sums and refund limits are exact; these helpers turn them into the
// product's text and read what a user types.

/** ISO 4217 currencies whose minor unit is not a hundredth. Every other code has two decimals. */
export const ZERO_DECIMAL_CURRENCIES = new Set([
  'BIF',
  'CLP',
  'DJF',
  'GNF',
  'ISK',
  'JPY',
  'KMF',
  'KRW',
  'PYG',
  'RWF',
  'UGX',
  'UYI',
  'VND',
  'VUV',
  'XAF',
  'XOF',
  'XPF',
]);
export const THREE_DECIMAL_CURRENCIES = new Set(['BHD', 'IQD', 'JOD', 'KWD', 'LYD', 'OMR', 'TND']);

/** Digits of the currency's minor unit: 2 for EUR (cents), 0 for JPY, 3 for KWD. */
export function currencyExponent(currency: string): number {
  const code = currency.toUpperCase();
  if (ZERO_DECIMAL_CURRENCIES.has(code)) return 0;
  if (THREE_DECIMAL_CURRENCIES.has(code)) return 3;
  return 2;
}

/** Minor units to the currency's major unit, for charts and sums: 123450 EUR -> 1234.5. */
export function fromMinorUnits(minor: number, currency: string): number {
  return minor / 10 ** currencyExponent(currency);
}

/** A major-unit amount to minor units, rounded to the nearest minor unit: 12.345 EUR -> 1235. */
export function toMinorUnits(major: number, currency: string): number {
  return Math.round(Number((major * 10 ** currencyExponent(currency)).toFixed(6)));
}

/**
 * The number part of a minor-unit amount in the money style, computed on the integer so no float ever rounds it:
 * 123450 EUR -> '1.234,50'. Two decimals as the spec says; a three-decimal currency keeps its third.
 */
export function formatMinorAmount(minor: number, currency: string): string {
  const exponent = currencyExponent(currency);
  const whole = Math.trunc(minor);
  const absolute = Math.abs(whole);
  const unit = 10 ** exponent;
  const major = Math.floor(absolute / unit);
  const fraction = exponent === 0 ? '' : String(absolute % unit).padStart(exponent, '0');
  const decimals = fraction.padEnd(Math.max(2, exponent), '0');
  const sign = whole < 0 ? '-' : '';
  return `${sign}${groupThousands(String(major))},${decimals}`;
}

/**
 * A minor-unit amount with its currency code, the product's one money style: 123450 EUR -> '1.234,50 EUR'. Messages
 * write money this way too, so a modal never says '62,99€' beside '62,99 EUR'.
 */
export function formatMinorMoney(minor: number, currency: string): string {
  return `${formatMinorAmount(minor, currency)} ${currency.toUpperCase()}`;
}

/** The value an amount input shows for a minor-unit amount: no grouping, ',' as the decimal mark ('1234,50'). */
export function moneyInputValue(minor: number, currency: string): string {
  const exponent = currencyExponent(currency);
  const absolute = Math.abs(Math.trunc(minor));
  const sign = minor < 0 ? '-' : '';
  if (exponent === 0) return `${sign}${absolute}`;
  const unit = 10 ** exponent;
  return `${sign}${Math.floor(absolute / unit)},${String(absolute % unit).padStart(exponent, '0')}`;
}

/** Whole digits an amount input takes: 12 keeps any minor-unit amount a safe integer. */
const MAX_WHOLE_DIGITS = 12;

/**
 * What an amount input keeps of what was typed or pasted: digits and one decimal mark ('.' or ',', shown as ','),
 * at most as many decimals as the currency has. Thousands separators cannot be told from decimal marks, so none are
 * accepted: '12.5' is twelve and a half.
 */
export function sanitiseMoneyInput(text: string, currency: string): string {
  const exponent = currencyExponent(currency);
  let whole = '';
  let fraction = '';
  let seenMark = false;
  for (const character of text) {
    if (character >= '0' && character <= '9') {
      if (!seenMark) {
        if (whole.length < MAX_WHOLE_DIGITS) whole += character;
      } else if (fraction.length < exponent) {
        fraction += character;
      }
    } else if ((character === ',' || character === '.') && !seenMark && exponent > 0) {
      seenMark = true;
    }
  }
  return seenMark ? `${whole},${fraction}` : whole;
}

/**
 * Reads a typed amount into minor units: '12,5' or '12.50' EUR -> 1250, '1250' JPY -> 1250. Null for an empty text,
 * a text without digits, grouping, or more decimals than the currency has.
 */
export function parseMoneyInput(text: string, currency: string): number | null {
  const exponent = currencyExponent(currency);
  const match = /^(\d*)(?:[.,](\d*))?$/.exec(text.trim());
  if (!match) return null;
  const whole = match[1] ?? '';
  const fraction = match[2] ?? '';
  if (whole === '' && fraction === '') return null;
  if (fraction.length > exponent || whole.length > MAX_WHOLE_DIGITS) return null;
  return Number(whole || '0') * 10 ** exponent + Number(fraction.padEnd(exponent, '0') || '0');
}

function oneDecimal(value: number): string {
  return value.toFixed(1).replace('.', ',').replace(/,0$/, '');
}

/** A file size in the product's number style: '812 bytes', '24,5 KB', '2,9 MB'. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${oneDecimal(bytes / 1024)} KB`;
  return `${oneDecimal(bytes / (1024 * 1024))} MB`;
}
