import {
  currencyExponent,
  formatDate,
  formatDateTime,
  formatInteger,
  formatMinorAmount,
  formatMinorMoney,
  formatMoney,
  formatShortDate,
  formatUtcOffset,
  fromMinorUnits,
  moneyInputValue,
  parseMoneyInput,
  presetRange,
  riskLevel,
  riskScore,
  sanitiseMoneyInput,
  splitForDisplay,
  timeZoneLabel,
  toMinorUnits,
  truncateText,
} from '@domain/format';
import { describe, expect, it } from 'vitest';

describe('formatMoney', () => {
  it('writes two decimals, dot thousands, comma decimals, then the currency code', () => {
    expect(formatMoney(1234.5, 'EUR')).toBe('1.234,50 EUR');
    expect(formatMoney(1234567.891, 'USD')).toBe('1.234.567,89 USD');
    expect(formatMoney(0, 'GBP')).toBe('0,00 GBP');
    expect(formatMoney(999.999, 'EUR')).toBe('1.000,00 EUR');
  });

  it('keeps the sign of negative amounts and drops it when they round to zero', () => {
    expect(formatMoney(-1500, 'EUR')).toBe('-1.500,00 EUR');
    expect(formatMoney(-0.001, 'EUR')).toBe('0,00 EUR');
  });

  it('leaves the code out when there is none', () => {
    expect(formatMoney(12.3)).toBe('12,30');
  });
});

describe('formatInteger', () => {
  it('groups thousands with dots', () => {
    expect(formatInteger(10000)).toBe('10.000');
    expect(formatInteger(326)).toBe('326');
    expect(formatInteger(-1234567)).toBe('-1.234.567');
  });
});

describe('dates', () => {
  const moment = '2024-09-05T13:07:09Z';

  it('writes the long en-GB style with and without seconds, in the given zone', () => {
    expect(formatDateTime(moment, { timeZone: 'UTC' })).toBe('05 Sep 2024, 13:07');
    expect(formatDateTime(moment, { timeZone: 'Europe/Madrid', seconds: true })).toBe('05 Sep 2024, 15:07:09');
    expect(formatDate(moment, { timeZone: 'UTC' })).toBe('05 Sep 2024');
  });

  it('writes the short dd/mm/yyyy style', () => {
    expect(formatShortDate(moment, { timeZone: 'UTC' })).toBe('05/09/2024');
    expect(formatShortDate('2024-12-31T23:30:00Z', { timeZone: 'Europe/Madrid' })).toBe('01/01/2025');
  });

  it('shows nothing for missing or invalid dates', () => {
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime('not a date')).toBe('');
    expect(formatShortDate(undefined)).toBe('');
  });
});

describe('time-zone label', () => {
  it('writes UTC plus a signed hh:mm offset', () => {
    expect(formatUtcOffset(60)).toBe('UTC+01:00');
    expect(formatUtcOffset(0)).toBe('UTC+00:00');
    expect(formatUtcOffset(-210)).toBe('UTC-03:30');
    expect(formatUtcOffset(330)).toBe('UTC+05:30');
  });

  it('follows daylight saving time of the zone', () => {
    expect(timeZoneLabel('2024-01-15T12:00:00Z', 'Europe/Madrid')).toBe('UTC+01:00');
    expect(timeZoneLabel('2024-07-15T12:00:00Z', 'Europe/Madrid')).toBe('UTC+02:00');
    expect(timeZoneLabel('2024-07-15T12:00:00Z', 'America/New_York')).toBe('UTC-04:00');
  });
});

describe('risk score', () => {
  it('is the value times 100, truncated, without floating-point losses', () => {
    expect(riskScore(0.29)).toBe(29);
    expect(riskScore(0.567)).toBe(56);
    expect(riskScore(0.999)).toBe(99);
    expect(riskScore(1)).toBe(100);
    expect(riskScore(0)).toBe(0);
  });

  it('falls in the bands Low 0-30, Medium 31-70, High 71-90, Critical 91-100', () => {
    expect([0, 30, 31, 70, 71, 90, 91, 100].map(riskLevel)).toEqual([
      'Low',
      'Low',
      'Medium',
      'Medium',
      'High',
      'High',
      'Critical',
      'Critical',
    ]);
  });
});

describe('list helpers', () => {
  it('splits a list into the first two and the rest for the +N tooltip', () => {
    expect(splitForDisplay(['a', 'b', 'c', 'd'])).toEqual({ shown: ['a', 'b'], rest: ['c', 'd'] });
    expect(splitForDisplay(['a'])).toEqual({ shown: ['a'], rest: [] });
  });

  it('cuts long text at 50 characters by default', () => {
    expect(truncateText('x'.repeat(60))).toBe(`${'x'.repeat(50)}…`);
    expect(truncateText('short')).toBe('short');
    expect(truncateText('abcdef', 3)).toBe('abc…');
  });
});

describe('date presets', () => {
  // Wednesday 5 June 2024, mid-morning in UTC.
  const now = '2024-06-05T10:00:00Z';
  const days = (preset: Parameters<typeof presetRange>[0]) => {
    const { from, to } = presetRange(preset, now, 'UTC');
    return [from.toISOString(), to.toISOString()];
  };

  it('covers whole days from the start of the first to the end of the last', () => {
    expect(days('Yesterday')).toEqual(['2024-06-04T00:00:00.000Z', '2024-06-04T23:59:59.999Z']);
    expect(days('Last 7 days')).toEqual(['2024-05-30T00:00:00.000Z', '2024-06-05T23:59:59.999Z']);
    expect(days('Last 30 days')).toEqual(['2024-05-07T00:00:00.000Z', '2024-06-05T23:59:59.999Z']);
    expect(days('Previous to last 30 days')).toEqual(['2024-04-07T00:00:00.000Z', '2024-05-06T23:59:59.999Z']);
  });

  it('starts weeks on Monday', () => {
    expect(days('This week')).toEqual(['2024-06-03T00:00:00.000Z', '2024-06-05T23:59:59.999Z']);
    expect(days('Last week')).toEqual(['2024-05-27T00:00:00.000Z', '2024-06-02T23:59:59.999Z']);
  });

  it('takes whole calendar months and the year so far', () => {
    expect(days('This month')).toEqual(['2024-06-01T00:00:00.000Z', '2024-06-05T23:59:59.999Z']);
    expect(days('Last month')).toEqual(['2024-05-01T00:00:00.000Z', '2024-05-31T23:59:59.999Z']);
    expect(days('Two months ago')).toEqual(['2024-04-01T00:00:00.000Z', '2024-04-30T23:59:59.999Z']);
    expect(days('This year')).toEqual(['2024-01-01T00:00:00.000Z', '2024-06-05T23:59:59.999Z']);
  });
});

describe('money in minor units', () => {
  it('knows the minor unit of each currency', () => {
    expect(currencyExponent('EUR')).toBe(2);
    expect(currencyExponent('jpy')).toBe(0);
    expect(currencyExponent('KWD')).toBe(3);
    expect(fromMinorUnits(123450, 'EUR')).toBe(1234.5);
    expect(toMinorUnits(12.345, 'EUR')).toBe(1235);
    expect(toMinorUnits(0.29, 'EUR')).toBe(29);
    expect(toMinorUnits(1250, 'JPY')).toBe(1250);
  });

  it('writes cents in the money style without floating point', () => {
    expect(formatMinorMoney(123450, 'EUR')).toBe('1.234,50 EUR');
    expect(formatMinorMoney(5, 'USD')).toBe('0,05 USD');
    expect(formatMinorMoney(0, 'GBP')).toBe('0,00 GBP');
    expect(formatMinorMoney(-1999, 'EUR')).toBe('-19,99 EUR');
    // The largest safe amount keeps every digit.
    expect(formatMinorAmount(9007199254740991, 'EUR')).toBe('90.071.992.547.409,91');
    expect(formatMinorMoney(1250, 'JPY')).toBe('1.250,00 JPY');
    expect(formatMinorMoney(1234567, 'KWD')).toBe('1.234,567 KWD');
  });

  it('shows an amount in an input without grouping, with a comma', () => {
    expect(moneyInputValue(123450, 'EUR')).toBe('1234,50');
    expect(moneyInputValue(7, 'EUR')).toBe('0,07');
    expect(moneyInputValue(1250, 'JPY')).toBe('1250');
  });

  it('keeps only digits and one decimal mark of what is typed, up to the currency decimals', () => {
    expect(sanitiseMoneyInput('12.5', 'EUR')).toBe('12,5');
    expect(sanitiseMoneyInput('1a2,345', 'EUR')).toBe('12,34');
    expect(sanitiseMoneyInput('1.2.3', 'EUR')).toBe('1,23');
    expect(sanitiseMoneyInput('-5', 'EUR')).toBe('5');
    expect(sanitiseMoneyInput('12,5', 'JPY')).toBe('125');
    expect(sanitiseMoneyInput('9'.repeat(20), 'EUR')).toBe('9'.repeat(12));
  });

  it('reads a typed amount into minor units', () => {
    expect(parseMoneyInput('12,5', 'EUR')).toBe(1250);
    expect(parseMoneyInput('12.50', 'EUR')).toBe(1250);
    expect(parseMoneyInput(',05', 'EUR')).toBe(5);
    expect(parseMoneyInput('7,', 'EUR')).toBe(700);
    expect(parseMoneyInput(' 0 ', 'EUR')).toBe(0);
    expect(parseMoneyInput('1250', 'JPY')).toBe(1250);
    expect(parseMoneyInput('', 'EUR')).toBeNull();
    expect(parseMoneyInput(',', 'EUR')).toBeNull();
    expect(parseMoneyInput('1.234,50', 'EUR')).toBeNull();
    expect(parseMoneyInput('1,234', 'EUR')).toBeNull();
    expect(parseMoneyInput('12,5', 'JPY')).toBeNull();
    expect(parseMoneyInput('abc', 'EUR')).toBeNull();
  });
});
