import type { MidCounter } from '@domain/contract/counters';
import {
  alertThreshold,
  effectiveLimits,
  LIMIT_CARD_BRAND_LABELS,
  LIMIT_CARD_BRAND_NAMES,
  type LimitCardBrand,
  type LimitPair,
} from '@domain/limits';

// The MID's daily chart, built from rows already read: 'All brands', then the brand groups it sold on, in their order.

const DAY_MS = 86_400_000;

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

export interface DailySalesRow {
  day: string;
  cardBrand: LimitCardBrand;
  sales: number;
}

/**
 * The MID's daily chart: 'All brands' against the MID's daily limit, then one series per brand group sold on, against
 * the group's; each with the daily sales at which its alert fires.
 */
export function dailySalesChart(
  days: readonly string[],
  rows: readonly DailySalesRow[],
  limitOf: (cardBrand: LimitCardBrand | null) => SavedLimit | undefined,
): MidCounter['dailySales'] {
  const position = new Map(days.map((day, index) => [day, index]));
  const all = days.map(() => 0);
  const byBrand = new Map<LimitCardBrand, number[]>();
  for (const row of rows) {
    const index = position.get(row.day);
    if (index === undefined) continue;
    all[index]! += row.sales;
    const data = byBrand.get(row.cardBrand) ?? days.map(() => 0);
    data[index]! += row.sales;
    byBrand.set(row.cardBrand, data);
  }
  const series = (label: string, cardBrand: LimitCardBrand | null, data: number[]) => {
    const saved = limitOf(cardBrand);
    const limit = saved ? effectiveLimits(saved).daily : null;
    const threshold =
      limit === null || saved?.alertPercentage == null ? null : alertThreshold(limit, saved.alertPercentage);
    return { label, cardBrand, data, limit, threshold };
  };
  const allSeries = [
    series('All brands', null, all),
    ...LIMIT_CARD_BRAND_NAMES.filter((brand) => byBrand.has(brand)).map((brand) =>
      series(LIMIT_CARD_BRAND_LABELS[brand], brand, byBrand.get(brand)!),
    ),
  ];
  const reached = allSeries.flatMap((entry) => [...entry.data, entry.limit ?? 0, entry.threshold ?? 0]);
  return { xMetric: [...days], maxY: Math.max(1, ...reached), series: allSeries };
}
