import { RATE_BASE_CURRENCY, scaledRate } from '@domain/dashboard';
import { sql } from 'drizzle-orm';
import type { Queryable } from './client';
import { exchangeRates } from './schema';

// Daily exchange rates (schema.ts `exchangeRates`): units of a currency per 1 EUR. The demo world seeds them for its
// days (seed/exchange-rates.ts); `npm run seed -- --import-rates file.csv` replaces them from a file.

export interface RateRow {
  day: string;
  currency: string;
  /** A decimal with at most 8 decimals, as text (never a float). */
  rate: string;
}

export class RatesFileError extends Error {}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const CURRENCY = /^[A-Z]{3}$/;
/** Rows written per statement. */
const BATCH = 2_000;

/**
 * Reads a rates file: one `day,currency,rate` line per rate (2026-03-01,USD,1.0823), an optional header line, blank
 * lines ignored. The whole file is checked before anything is written: a bad line throws with its number, and a day
 * and currency given twice is refused rather than guessed.
 */
export function parseRatesCsv(text: string): RateRow[] {
  const rows: RateRow[] = [];
  const seen = new Set<string>();
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  for (const [index, raw] of lines.entries()) {
    const line = raw.trim();
    if (line === '') continue;
    const cells = line.split(/[,;]/).map((cell) => cell.trim().replace(/^"(.*)"$/, '$1'));
    if (index === 0 && cells[0]?.toLowerCase() === 'day') continue;
    const where = `line ${index + 1}`;
    if (cells.length !== 3) throw new RatesFileError(`${where}: expected day,currency,rate`);
    const [day, code, rate] = cells as [string, string, string];
    const currency = code.toUpperCase();
    if (!DAY.test(day) || Number.isNaN(Date.parse(`${day}T00:00:00Z`))) {
      throw new RatesFileError(`${where}: '${day}' is not a day (YYYY-MM-DD)`);
    }
    if (!CURRENCY.test(currency)) throw new RatesFileError(`${where}: '${code}' is not a currency code`);
    if (currency === RATE_BASE_CURRENCY) throw new RatesFileError(`${where}: rates are per 1 EUR; EUR has none`);
    if (scaledRate(rate) === null) {
      throw new RatesFileError(`${where}: '${rate}' is not a positive rate with at most 8 decimals`);
    }
    const key = `${day} ${currency}`;
    if (seen.has(key)) throw new RatesFileError(`${where}: ${currency} on ${day} is given twice`);
    seen.add(key);
    rows.push({ day, currency, rate });
  }
  return rows;
}

/**
 * Writes rates, replacing the stored rate of each day and currency the rows name (others stay), and converts the
 * dashboard rollup's rows of those days again (migration 0020's dashboard_rollup_reconvert()). Meant for one
 * transaction: a reader sees the old rates and amounts or the new ones, never half a file.
 */
export async function upsertRates(db: Queryable, rows: readonly RateRow[]): Promise<number> {
  for (let start = 0; start < rows.length; start += BATCH) {
    const batch = rows.slice(start, start + BATCH);
    await db.execute(sql`
      insert into ${exchangeRates} (day, currency, rate, updated_at)
      select day, currency, rate, now()
      from unnest(${sql.param(batch.map((row) => row.day))}::date[], ${sql.param(batch.map((row) => row.currency))}::text[],
        ${sql.param(batch.map((row) => row.rate))}::numeric[]) as r(day, currency, rate)
      on conflict (day, currency) do update set rate = excluded.rate, updated_at = excluded.updated_at`);
  }
  const days = [...new Set(rows.map((row) => row.day))];
  if (days.length > 0) await db.execute(sql`select dashboard_rollup_reconvert(${sql.param(days)}::date[])`);
  return rows.length;
}

/** `--import-rates`: reads, checks and writes a rates file in one transaction. Answers the rates written. */
export async function importRatesFile(db: Queryable, text: string): Promise<number> {
  const rows = parseRatesCsv(text);
  if (rows.length === 0) throw new RatesFileError('the file holds no rates');
  return db.transaction((tx) => upsertRates(tx, rows));
}
