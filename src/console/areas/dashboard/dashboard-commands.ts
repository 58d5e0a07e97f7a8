import { useRegisterCommands } from '@console/commands/registry';
import type { Command } from '@console/commands/types';
import { DASHBOARD_CURRENCIES, type DashboardCurrency, type DashboardKpi } from '@domain/dashboard';
import {
  CHART_MONTH_LABELS,
  CHART_MONTHS,
  type ChartMonth,
  DASHBOARD_PRESETS,
  type DashboardPreset,
  PRESET_LABELS,
  SINGLE_DATE_LABEL,
} from './dashboard-filters';
import type { KpiBoxModel } from './dashboard-kpis';

// The dashboard's keys and palette commands (issue 17). Ranges are `r` then a letter or digit (r m: This month, r 7,
// r l: Last month, r 3: Last 30 days, r d: a single date), the currency `v` ('View amount in') then its initial, and a
// KPI box's menu its place in the grid, 1 to 7. Letters after r and v are sequences, so they never shadow the
// single-key commands of other screens; digits are free on this screen.

export const RANGE_KEYS: Record<DashboardPreset | 'single', string> = {
  'this-month': 'r>m',
  'last-7-days': 'r>7',
  'last-month': 'r>l',
  'last-30-days': 'r>3',
  single: 'r>d',
};

export const CURRENCY_KEYS: Record<DashboardCurrency, string> = { EUR: 'v>e', USD: 'v>u', GBP: 'v>g' };

export const KPI_MENU_KEYS: Record<DashboardKpi, string> = {
  total: '1',
  sales: '2',
  rejected: '3',
  errors: '4',
  fallback: '5',
  refunds: '6',
  chargebacks: '7',
};

export const DASHBOARD_COMMAND_IDS = {
  range: (range: DashboardPreset | 'single') => `dashboard.range.${range}`,
  currency: (currency: DashboardCurrency) => `dashboard.currency.${currency}`,
  chart: (month: ChartMonth) => `dashboard.chart.${month}`,
  clearAll: 'dashboard.clear-all',
  openMenu: (kpi: DashboardKpi) => `dashboard.kpi.${kpi}.menu`,
  exportKpi: (kpi: DashboardKpi) => `dashboard.kpi.${kpi}.export`,
} as const;

export interface DashboardCommandHandlers {
  choosePreset: (preset: DashboardPreset) => void;
  chooseSingleDate: () => void;
  chooseCurrency: (currency: DashboardCurrency) => void;
  chooseChartMonth: (month: ChartMonth) => void;
  clearAll: () => void;
  /** The boxes on screen; none while the KPIs load. */
  boxes: readonly KpiBoxModel[];
  /** Null when the user may not export transactions (the boxes have no menu then). */
  openMenu: ((kpi: DashboardKpi) => void) | null;
  exportKpi: ((kpi: DashboardKpi) => void) | null;
}

export function useDashboardCommands(handlers: DashboardCommandHandlers): void {
  const { choosePreset, chooseSingleDate, chooseCurrency, chooseChartMonth, clearAll, boxes, openMenu, exportKpi } =
    handlers;
  const commands: Command[] = [
    ...DASHBOARD_PRESETS.map(
      (preset): Command => ({
        id: DASHBOARD_COMMAND_IDS.range(preset),
        title: `Dashboard: ${PRESET_LABELS[preset]}`,
        group: 'Actions',
        keys: [RANGE_KEYS[preset]],
        scope: 'page',
        keywords: ['range', 'period', 'dates'],
        run: () => choosePreset(preset),
      }),
    ),
    {
      id: DASHBOARD_COMMAND_IDS.range('single'),
      title: `Dashboard: ${SINGLE_DATE_LABEL}`,
      group: 'Actions',
      keys: [RANGE_KEYS.single],
      scope: 'page',
      keywords: ['range', 'day', 'date'],
      run: () => chooseSingleDate(),
    },
    ...DASHBOARD_CURRENCIES.map(
      (currency): Command => ({
        id: DASHBOARD_COMMAND_IDS.currency(currency),
        title: `View amounts in ${currency}`,
        group: 'Actions',
        keys: [CURRENCY_KEYS[currency]],
        scope: 'page',
        keywords: ['currency', 'dashboard'],
        run: () => chooseCurrency(currency),
      }),
    ),
    ...CHART_MONTHS.map(
      (month): Command => ({
        id: DASHBOARD_COMMAND_IDS.chart(month),
        title: `Daily sales chart: ${CHART_MONTH_LABELS[month]}`,
        group: 'Actions',
        scope: 'page',
        keywords: ['dashboard', 'chart', 'month'],
        run: () => chooseChartMonth(month),
      }),
    ),
    {
      id: DASHBOARD_COMMAND_IDS.clearAll,
      title: 'Dashboard: Clear All filters',
      group: 'Actions',
      scope: 'page',
      keywords: ['reset', 'filters'],
      run: () => clearAll(),
    },
    ...(openMenu
      ? boxes.map(
          (box): Command => ({
            id: DASHBOARD_COMMAND_IDS.openMenu(box.kpi),
            title: `Open the ${box.title} box's menu`,
            group: 'Actions',
            keys: [KPI_MENU_KEYS[box.kpi]],
            scope: 'page',
            hiddenInPalette: true,
            run: () => openMenu(box.kpi),
          }),
        )
      : []),
    ...(exportKpi
      ? boxes.map(
          (box): Command => ({
            id: DASHBOARD_COMMAND_IDS.exportKpi(box.kpi),
            title: `Export transactions: ${box.title}`,
            group: 'Actions',
            scope: 'page',
            keywords: ['dashboard', 'kpi', 'download'],
            // As the menu item: nothing to export while the box counts none.
            when: () => box.value > 0,
            run: () => exportKpi(box.kpi),
          }),
        )
      : []),
  ];
  useRegisterCommands(commands, [
    choosePreset,
    chooseSingleDate,
    chooseCurrency,
    chooseChartMonth,
    clearAll,
    boxes,
    openMenu,
    exportKpi,
  ]);
}
