import type { QueryParams } from '@console/api/query';
import { isDay } from '@console/table/date-range';
import {
  addDays,
  DASHBOARD_CURRENCIES,
  DASHBOARD_DEFAULT_CURRENCY,
  type DashboardCurrency,
  type DashboardKpi,
  type DayRange,
  kpiTransactionFilters,
} from '@domain/dashboard';

// The dashboard's filter bar (spec 3, section 2.8) as the address keeps it and as the calls send it. Days are UTC, the
// rollup's days: the KPI call, the chart call and a KPI's transactions export all cover the same instants, from the
// first day's 00:00:00.000Z to the last day's 23:59:59.999Z, so an exported file holds exactly what the box counted.

/** The range presets of the dashboard's filter bar, in the order it lists them; a single date is the other choice. */
export const DASHBOARD_PRESETS = ['this-month', 'last-7-days', 'last-month', 'last-30-days'] as const;
export type DashboardPreset = (typeof DASHBOARD_PRESETS)[number];
export const DEFAULT_PRESET: DashboardPreset = 'this-month';

export const PRESET_LABELS: Record<DashboardPreset, string> = {
  'this-month': 'This month',
  'last-7-days': 'Last 7 days',
  'last-month': 'Last month',
  'last-30-days': 'Last 30 days',
};
export const SINGLE_DATE_LABEL = 'Single date';

/** The daily chart's own choice (spec 3, section 2.8: This month / Last month). */
export const CHART_MONTHS = ['this-month', 'last-month'] as const;
export type ChartMonth = (typeof CHART_MONTHS)[number];
export const CHART_MONTH_LABELS: Record<ChartMonth, string> = {
  'this-month': 'This month',
  'last-month': 'Last month',
};

/** The address's names: the KPI call's own, plus the range, the chart's month and the currency. */
export const DASHBOARD_PARAMS = {
  range: 'range',
  solution: 'solution',
  issuerCountry: 'issuerCountry',
  currency: 'currency',
  chart: 'chart',
} as const;

export type DashboardRange = { kind: 'preset'; preset: DashboardPreset } | { kind: 'day'; day: string };

export interface DashboardFilters {
  range: DashboardRange;
  /** Provider solutions by name, as the KPI call and the transactions export filter them. */
  solutions: string[];
  issuerCountry: string | null;
  currency: DashboardCurrency;
  chart: ChartMonth;
}

const isPreset = (value: string | null): value is DashboardPreset =>
  (DASHBOARD_PRESETS as readonly (string | null)[]).includes(value);
const isCurrency = (value: string | null): value is DashboardCurrency =>
  (DASHBOARD_CURRENCIES as readonly (string | null)[]).includes(value);
const isChartMonth = (value: string | null): value is ChartMonth =>
  (CHART_MONTHS as readonly (string | null)[]).includes(value);

/** Reads the address; anything unknown falls back to the default, so a mangled link still shows a dashboard. */
export function parseDashboardFilters(params: URLSearchParams): DashboardFilters {
  const range = params.get(DASHBOARD_PARAMS.range);
  const currency = params.get(DASHBOARD_PARAMS.currency);
  const chart = params.get(DASHBOARD_PARAMS.chart);
  const country = params.get(DASHBOARD_PARAMS.issuerCountry)?.toUpperCase() ?? '';
  return {
    range:
      range !== null && isDay(range)
        ? { kind: 'day', day: range }
        : { kind: 'preset', preset: isPreset(range) ? range : DEFAULT_PRESET },
    solutions: [...new Set(params.getAll(DASHBOARD_PARAMS.solution).filter((name) => name.trim() !== ''))],
    issuerCountry: /^[A-Z]{2}$/.test(country) ? country : null,
    currency: isCurrency(currency) ? currency : DASHBOARD_DEFAULT_CURRENCY,
    chart: isChartMonth(chart) ? chart : 'this-month',
  };
}

/** The address value of a range: the preset's slug or the day; the default is left out of the address. */
export function rangeParam(range: DashboardRange): string | null {
  if (range.kind === 'day') return range.day;
  return range.preset === DEFAULT_PRESET ? null : range.preset;
}

/** Whether the filters Clear All resets (range, solution, issuer country) differ from the defaults. */
export function hasFiltersToClear(filters: DashboardFilters): boolean {
  return rangeParam(filters.range) !== null || filters.solutions.length > 0 || filters.issuerCountry !== null;
}

/** The UTC day of an instant (the dashboard's calendar). */
export const utcDay = (now: Date = new Date()): string => now.toISOString().slice(0, 10);

const monthStart = (day: string) => `${day.slice(0, 8)}01`;

/** The UTC days a range covers on `today` (YYYY-MM-DD, UTC); presets stay relative, so a link means the same period. */
export function rangeDays(range: DashboardRange, today: string): DayRange {
  if (range.kind === 'day') return { from: range.day, to: range.day };
  switch (range.preset) {
    case 'this-month':
      return { from: monthStart(today), to: today };
    case 'last-7-days':
      return { from: addDays(today, -6), to: today };
    case 'last-month': {
      const last = addDays(monthStart(today), -1);
      return { from: monthStart(last), to: last };
    }
    case 'last-30-days':
      return { from: addDays(today, -29), to: today };
  }
}

export function chartDays(month: ChartMonth, today: string): DayRange {
  return rangeDays({ kind: 'preset', preset: month }, today);
}

/** The instants of a range of UTC days, as both the dashboard and the transactions list read them. */
export function rangeInstants(days: DayRange): { creationDateFrom: string; creationDateTo: string } {
  return { creationDateFrom: `${days.from}T00:00:00.000Z`, creationDateTo: `${days.to}T23:59:59.999Z` };
}

/** GET /account/{accountId}/transactions-kpis. */
export function kpisQuery(filters: DashboardFilters, days: DayRange, merchantId: string | undefined): QueryParams {
  return {
    ...rangeInstants(days),
    merchantId,
    solution: filters.solutions,
    issuerCountry: filters.issuerCountry,
    currency: filters.currency,
  };
}

/** GET /account/{accountId}/transactions-chart: the spec's call takes the period and the merchant only. */
export function chartQuery(days: DayRange, currency: DashboardCurrency, merchantId: string | undefined): QueryParams {
  return { ...rangeInstants(days), merchantId, currency };
}

/**
 * GET /account/{accountId}/transaction/export for one KPI box (spec 3, section 7, 'KPI export filters'): the box's
 * transaction types and statuses (and only fallback payments for Fallback sales, only the codes it lists for Top 5
 * rejected errors), the period, the solutions, the issuer country and the merchant. The list's own names, so the same
 * query lists them on the transactions screen.
 */
export function kpiExportQuery(
  kpi: DashboardKpi,
  filters: DashboardFilters,
  days: DayRange,
  merchantId: string | undefined,
  /** The error codes the Top 5 rejected errors box lists. */
  topErrorCodes: readonly string[],
): Record<string, string | readonly string[]> {
  const { transactionType, status, isFallback } = kpiTransactionFilters(kpi);
  return {
    ...rangeInstants(days),
    transactionType,
    status,
    ...(isFallback ? { isFallback: 'true' } : {}),
    ...(kpi === 'errors' ? { errorCode: topErrorCodes } : {}),
    ...(filters.solutions.length > 0 ? { solution: filters.solutions } : {}),
    ...(filters.issuerCountry ? { issuerCountry: [filters.issuerCountry] } : {}),
    ...(merchantId ? { merchantId: [merchantId] } : {}),
  };
}
