import {
  BACKTEST_OTHER,
  type BacktestResult,
  type BacktestSegment,
  type BacktestVolume,
} from '@domain/contract/backtest';
import { CARD_BRAND_LABELS, type CardBrand } from '@domain/enums';
import { currencyExponent, formatInteger, formatMinorMoney, formatPercent } from '@domain/format';
import { ROUTING_CRITERIA, type RoutingCriterion } from '@domain/routing-criteria';

// Words and numbers of the backtest (issue 15), shared by its panel, its (lazily loaded) chart and its CSV file.
// Payments are expected values (a 70/30 split sends 70 % and 30 % of every kind of payment), so a count may carry a
// fraction: one decimal is shown, in the product's number style ('1.234,5').

/** An expected payment count: '1.234', '12,5'; `signed` adds '+' to a rise ('+3', '-2,5', '0'). */
export function formatPayments(value: number, signed = false): string {
  const rounded = Math.round(value * 10) / 10;
  const absolute = Math.abs(rounded);
  const whole = Math.trunc(absolute);
  const tenth = Math.round((absolute - whole) * 10);
  const sign = rounded < 0 ? '-' : signed && rounded > 0 ? '+' : '';
  return `${sign}${formatInteger(whole)}${tenth > 0 ? `,${tenth}` : ''}`;
}

/** A share from 0 to 1, one decimal in the product's number style: 0.834 -> '83,4%'. */
export function formatShare(value: number): string {
  return formatPercent(value * 100);
}

/** An approval rate, or a dash when no MID the traffic reaches has any history in the window. */
export function formatRate(value: number | null): string {
  return value === null ? '—' : formatShare(value);
}

/** One amount in the money style; `signed` adds '+' to a rise. */
export function formatAmount(amount: number, currency: string, signed = false): string {
  const text = formatMinorMoney(amount, currency);
  return signed && amount > 0 ? `+${text}` : text;
}

/** Amounts per currency, largest currency first as the API sends them; nothing for no money at all. */
export function amountLines(amounts: readonly { currency: string; amount: number }[], signed = false): string[] {
  return amounts
    .filter((entry) => entry.amount !== 0)
    .map((entry) => formatAmount(entry.amount, entry.currency, signed));
}

/** draft minus current, per currency (the currencies of either side). */
export function amountDifference(current: BacktestVolume, draft: BacktestVolume): BacktestVolume['amounts'] {
  const byCurrency = new Map<string, number>();
  for (const entry of draft.amounts) byCurrency.set(entry.currency, entry.amount);
  for (const entry of current.amounts) {
    byCurrency.set(entry.currency, (byCurrency.get(entry.currency) ?? 0) - entry.amount);
  }
  return [...byCurrency].map(([currency, amount]) => ({ currency, amount }));
}

/** The name a MID goes by in the backtest's tables, chart and file. */
export type MidNames = ReadonlyMap<string, string>;

export const NO_ROUTE = 'No route';

export function midNamesOf(result: BacktestResult): Map<string, string> {
  // MIDs that share a description (one per acquirer) are told apart by their acquirer.
  const counts = new Map<string, number>();
  for (const mid of result.mids) counts.set(mid.description, (counts.get(mid.description) ?? 0) + 1);
  return new Map(
    result.mids.map((mid) => [
      mid.midId,
      (counts.get(mid.description) ?? 0) > 1 ? `${mid.description} (${mid.acquirerName})` : mid.description,
    ]),
  );
}

export function midName(names: MidNames, midId: string | null): string {
  if (midId === null) return NO_ROUTE;
  return names.get(midId) ?? midId;
}

/** A criterion's value in a segment, in words: 'None' for payments that carry none, 'Other' for values no route names. */
export function segmentValue(criterion: RoutingCriterion, value: string | null): string {
  if (value === null) return 'None';
  if (value === BACKTEST_OTHER) return 'Other';
  if (criterion === 'cardBrand') return CARD_BRAND_LABELS[value as CardBrand] ?? value;
  return value;
}

/**
 * The criteria worth a column in the segments table: those where some segment names a value. A criterion that is
 * 'Other' (or absent) in every segment is one no route distinguishes, and would only repeat the same word.
 */
export function segmentCriteria(segments: readonly BacktestSegment[]): RoutingCriterion[] {
  return ROUTING_CRITERIA.filter((criterion) =>
    segments.some((segment) => segment[criterion] !== null && segment[criterion] !== BACKTEST_OTHER),
  );
}

// --- The segments as a CSV file ---
//
// The file is built here, from the answer on screen, not by the server's export engine: the one export flow
// (machines/export.machine.ts) requests a list's export from the API, and the backtest is a computed answer with no
// list behind it. It follows the server's CSV rules (src/server/lib/export/csv.ts) to the letter: UTF-8 with a byte
// order mark, CRLF, a cell quoted when it holds a quote, comma or line break, and text a spreadsheet would run as a
// formula (starting with = + - @, tab or carriage return) prefixed with a single quote. tests/console/backtest.test.tsx
// checks every cell against the server's own csvCell.

export const UTF8_BOM = '\uFEFF';
export const CSV_LINE_END = '\r\n';
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export type CsvValue = string | number | null | undefined;

export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvLine(cells: readonly CsvValue[]): string {
  return cells.map(csvCell).join(',') + CSV_LINE_END;
}

/** Minor units as a plain decimal in the major unit, as the server's exports write amounts: 123450 EUR -> '1234.50'. */
export function majorAmount(minor: number, currency: string): string {
  const exponent = currencyExponent(currency);
  if (exponent === 0) return String(minor);
  const sign = minor < 0 ? '-' : '';
  const digits = String(Math.abs(Math.trunc(minor))).padStart(exponent + 1, '0');
  return `${sign}${digits.slice(0, -exponent)}.${digits.slice(-exponent)}`;
}

const CSV_CRITERIA_HEADERS: Record<RoutingCriterion, string> = {
  currency: 'Currency',
  issuerCountry: 'Issuer country',
  cardBrand: 'Card brand',
  url: 'URL',
  customTag: 'Custom tag',
  binCode: 'BIN code',
};

/**
 * The moving segments, one line each: the six criteria as the API names them (empty for payments without a value,
 * OTHER for values no route names), from and to which MID (name and id), the payments, and one amount column per
 * currency in the major unit.
 */
export function segmentsCsv(result: BacktestResult, names: MidNames): string {
  const { segments } = result.moved;
  const currencies = [...new Set(segments.flatMap((segment) => segment.amounts.map((entry) => entry.currency)))].sort();
  const header = [
    ...ROUTING_CRITERIA.map((criterion) => CSV_CRITERIA_HEADERS[criterion]),
    'From MID',
    'From MID ID',
    'To MID',
    'To MID ID',
    'Payments',
    ...currencies.map((currency) => `Amount ${currency}`),
  ];
  let text = UTF8_BOM + csvLine(header);
  for (const segment of segments) {
    const amounts = new Map(segment.amounts.map((entry) => [entry.currency, entry.amount]));
    text += csvLine([
      ...ROUTING_CRITERIA.map((criterion) => segment[criterion]),
      midName(names, segment.fromMidId),
      segment.fromMidId,
      midName(names, segment.toMidId),
      segment.toMidId,
      Math.round(segment.payments * 100) / 100,
      ...currencies.map((currency) => {
        const amount = amounts.get(currency);
        return amount === undefined ? null : majorAmount(amount, currency);
      }),
    ]);
  }
  return text;
}

/** 'backtest-segments-<merchant>-<date>.csv': the merchant's name made file-safe, and the local date. */
export function segmentsFileName(merchant: string, at: Date = new Date()): string {
  const safe =
    merchant
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'merchant';
  const pad = (value: number) => String(value).padStart(2, '0');
  const date = `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
  return `backtest-segments-${safe}-${date}.csv`;
}
