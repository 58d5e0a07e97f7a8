import { addDays } from '@domain/dashboard';
import { type RateRow, upsertRates } from '../exchange-rates';
import { PAYMENTS_WINDOW_DAYS } from './payments';
import type { GeneratorStep } from './seed-types';

// The demo's exchange rates: every day of the payments window, and a year after the seed's now so that a demo left
// running (live demo traffic) keeps converting. A real deployment imports its rates (npm run seed -- --import-rates).

/** Rough units per 1 EUR of the currencies the demo's payments are charged in (payments-orders.ts). */
const DEMO_RATES: Readonly<Record<string, number>> = { USD: 1.08, GBP: 0.85, CHF: 0.95, SEK: 11.3, PLN: 4.3 };
/** Days of rates after the seed's now. */
const DAYS_AHEAD = 366;

/**
 * The demo rate of a currency on a day: its rough rate moved by two slow waves (a few percent), a function of the
 * day alone, so every seed and every run gives a day the same rate. Six decimals.
 */
export function demoRate(currency: string, day: string): string {
  const base = DEMO_RATES[currency];
  if (base === undefined) throw new Error(`no demo rate for ${currency}`);
  const n = Date.parse(`${day}T00:00:00.000Z`) / 86_400_000;
  const phase = [...currency].reduce((sum, character) => sum + character.charCodeAt(0), 0);
  const wave = 0.03 * Math.sin((2 * Math.PI * n) / 97 + phase) + 0.008 * Math.sin((2 * Math.PI * n) / 11 + phase / 7);
  return (base * (1 + wave)).toFixed(6);
}

/** The demo rates of every currency on every day from `from` to `to`. */
export function demoRates(from: string, to: string): RateRow[] {
  const rows: RateRow[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) {
    for (const currency of Object.keys(DEMO_RATES)) rows.push({ day, currency, rate: demoRate(currency, day) });
  }
  return rows;
}

export const exchangeRatesStep: GeneratorStep = {
  name: 'exchange rates',
  async run(ctx) {
    const today = ctx.baseDate.toISOString().slice(0, 10);
    await upsertRates(ctx.db, demoRates(addDays(today, -PAYMENTS_WINDOW_DAYS - 1), addDays(today, DAYS_AHEAD)));
  },
};
