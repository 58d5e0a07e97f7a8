import type { MidCounter } from '@domain/contract/counters';
import { CARD_BRAND_LABELS, CARD_BRANDS, type CardBrand } from '@domain/enums';
import { effectiveLimits, type LimitPair } from '@domain/limits';

// The shapes the counters screen draws, built from rows already read: the MID's daily chart and its brands in the
// order of CARD_BRANDS (Visa and Mastercard, the brands limits are set on, first).

const DAY_MS = 86_400_000;

export const isCardBrand = (value: string | null): value is CardBrand =>
  value !== null && (CARD_BRANDS as readonly string[]).includes(value);

export const byBrandOrder = (a: CardBrand, b: CardBrand) => CARD_BRANDS.indexOf(a) - CARD_BRANDS.indexOf(b);

/** Every day from `from` to `to` (YYYY-MM-DD, UTC, both included). */
export function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  for (let at = Date.parse(from); at <= Date.parse(to); at += DAY_MS)
    days.push(new Date(at).toISOString().slice(0, 10));
  return days;
}

/** A saved limit row's values and alert, or none. */
export interface SavedLimit extends LimitPair {
  alertPercentage: number | null;
}

/** The alert's threshold on a limit: the limit times the alert's fraction, to the hundredth (no float noise). */
export function thresholdOf(limit: number | null, alertPercentage: number | null | undefined): number | null {
  if (limit === null || alertPercentage == null) return null;
  return Math.round(limit * alertPercentage * 100) / 100;
}

export interface DailySalesRow {
  day: string;
  cardBrand: string | null;
  sales: number;
}

/**
 * The MID's daily chart: 'All brands' against the MID's daily limit, then one series per brand with sales against
 * the brand's. Sales without a known brand count in 'All brands' only.
 */
export function dailySalesChart(
  days: readonly string[],
  rows: readonly DailySalesRow[],
  limitOf: (cardBrand: CardBrand | null) => SavedLimit | undefined,
): MidCounter['dailySales'] {
  const position = new Map(days.map((day, index) => [day, index]));
  const all = days.map(() => 0);
  const byBrand = new Map<CardBrand, number[]>();
  for (const row of rows) {
    const index = position.get(row.day);
    if (index === undefined) continue;
    all[index]! += row.sales;
    if (!isCardBrand(row.cardBrand)) continue;
    const data = byBrand.get(row.cardBrand) ?? days.map(() => 0);
    data[index]! += row.sales;
    byBrand.set(row.cardBrand, data);
  }
  const series = (label: string, cardBrand: CardBrand | null, data: number[]) => {
    const saved = limitOf(cardBrand);
    const limit = saved ? effectiveLimits(saved).daily : null;
    return { label, cardBrand, data, limit, threshold: thresholdOf(limit, saved?.alertPercentage) };
  };
  const allSeries = [
    series('All brands', null, all),
    ...[...byBrand.keys()]
      .sort(byBrandOrder)
      .map((brand) => series(CARD_BRAND_LABELS[brand], brand, byBrand.get(brand)!)),
  ];
  const reached = allSeries.flatMap((entry) => [...entry.data, entry.limit ?? 0, entry.threshold ?? 0]);
  return { xMetric: [...days], maxY: Math.max(1, ...reached), series: allSeries };
}
