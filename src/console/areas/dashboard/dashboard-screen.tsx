import { useCurrentScope } from '@console/app/current-scope';
import { useHoldKeys } from '@console/commands/key-queue';
import { useExportFlow } from '@console/export/use-export-flow';
import { useSession } from '@console/session/session-provider';
import { DetailsLoadError } from '@console/ui/empty-state';
import type { MenuHandle } from '@console/ui/menu';
import { PageHeader } from '@console/ui/page-header';
import { useQueryParams } from '@console/ui/use-query-params';
import { DASHBOARD_KPIS, type DashboardCurrency, type DashboardKpi } from '@domain/dashboard';
import { formatDate } from '@domain/format';
import { can, PERMISSIONS as P } from '@domain/permissions';
import { createRef, type RefObject, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { DailySales } from './daily-sales';
import { KPI_MENU_KEYS, useDashboardCommands } from './dashboard-commands';
import { DashboardFilterBar } from './dashboard-filter-bar';
import {
  type ChartMonth,
  chartDays,
  chartQuery,
  DASHBOARD_PARAMS,
  type DashboardPreset,
  type DashboardRange,
  kpiExportQuery,
  kpisQuery,
  parseDashboardFilters,
  rangeDays,
  rangeParam,
  utcDay,
} from './dashboard-filters';
import { KPI_TITLES, kpiBoxes } from './dashboard-kpis';
import { useDashboardChart, useDashboardKpis, useSolutionOptions } from './dashboard-queries';
import { KpiBoxes } from './kpi-boxes';
import './dashboard.css';

// The dashboard (spec 3, section 2.8; issue 17) of an account, or of one of its merchants: the filter bar kept in the
// address, the KPI boxes with their exports, and the daily sales chart. Every figure comes from the sales rollup
// through GET .../transactions-kpis and .../transactions-chart; days are UTC, the rollup's days.

/** /accounts/{accountId}/dashboard. */
export function DashboardScreen() {
  const { accountId } = useCurrentScope();
  return accountId ? <Dashboard accountId={accountId} merchantId={undefined} /> : null;
}

/** /accounts/{accountId}/merchants/{merchantId}/dashboard. */
export function MerchantDashboardScreen() {
  const { accountId, merchantId } = useCurrentScope();
  return accountId && merchantId ? <Dashboard accountId={accountId} merchantId={merchantId} /> : null;
}

const dayText = (day: string) => formatDate(`${day}T00:00:00Z`, { timeZone: 'UTC' });
const periodText = (from: string, to: string) => (from === to ? dayText(from) : `${dayText(from)} – ${dayText(to)}`);

function Dashboard({ accountId, merchantId }: { accountId: string; merchantId: string | undefined }) {
  const { account, merchant } = useCurrentScope();
  const { grants } = useSession();
  const { params, setParams } = useQueryParams();
  const filters = useMemo(() => parseDashboardFilters(params), [params]);
  // The dashboard's calendar is UTC (the rollup's days); presets count back from today there.
  const [today] = useState(utcDay);
  const days = useMemo(() => rangeDays(filters.range, today), [filters.range, today]);

  const kpiParams = useMemo(() => kpisQuery(filters, days, merchantId), [filters, days, merchantId]);
  const kpis = useDashboardKpis(accountId, kpiParams);
  const chartParams = useMemo(
    () => chartQuery(chartDays(filters.chart, today), filters.currency, merchantId),
    [filters.chart, filters.currency, today, merchantId],
  );
  const chart = useDashboardChart(accountId, chartParams);
  const solutions = useSolutionOptions(accountId, merchantId);
  // Digits typed while the boxes load wait for their menus instead of vanishing.
  useHoldKeys(kpis.isPending);

  const boxes = useMemo(() => (kpis.data ? kpiBoxes(kpis.data) : []), [kpis.data]);

  // ---- Changing the filters: each writes the address, which is the truth ----
  const setRange = useCallback(
    (range: DashboardRange) => setParams({ [DASHBOARD_PARAMS.range]: rangeParam(range) }),
    [setParams],
  );
  const dayInputRef = useRef<HTMLInputElement>(null);
  const [focusDay, setFocusDay] = useState(0);
  useEffect(() => {
    if (focusDay > 0) dayInputRef.current?.focus();
  }, [focusDay]);
  const choosePreset = useCallback((preset: DashboardPreset) => setRange({ kind: 'preset', preset }), [setRange]);
  const chooseSingleDate = useCallback(() => {
    if (filters.range.kind !== 'day') setRange({ kind: 'day', day: today });
    setFocusDay((count) => count + 1);
  }, [filters.range.kind, setRange, today]);
  const chooseCurrency = useCallback(
    (currency: DashboardCurrency) => setParams({ [DASHBOARD_PARAMS.currency]: currency === 'EUR' ? null : currency }),
    [setParams],
  );
  const chooseChartMonth = useCallback(
    (month: ChartMonth) => setParams({ [DASHBOARD_PARAMS.chart]: month === 'this-month' ? null : month }),
    [setParams],
  );
  const clearAll = useCallback(
    () =>
      setParams({
        [DASHBOARD_PARAMS.range]: null,
        [DASHBOARD_PARAMS.solution]: null,
        [DASHBOARD_PARAMS.issuerCountry]: null,
      }),
    [setParams],
  );

  // ---- KPI exports: the one export flow, on the transactions export ----
  const exportFlow = useExportFlow();
  const canExport = can(grants, P.transactionExport);
  const { start } = exportFlow;
  const topErrorCodes = useMemo(() => kpis.data?.providersErrors.map((error) => error.code) ?? [], [kpis.data]);
  const exportKpi = useCallback(
    (kpi: DashboardKpi) =>
      start(
        { path: `/account/${accountId}/transaction/export`, fileLabel: `transactions-${kpi}` },
        kpiExportQuery(kpi, filters, days, merchantId, topErrorCodes),
      ),
    [start, accountId, filters, days, merchantId, topErrorCodes],
  );
  const menuRefs = useMemo(
    () =>
      Object.fromEntries(DASHBOARD_KPIS.map((kpi) => [kpi, createRef<MenuHandle>()])) as Record<
        DashboardKpi,
        RefObject<MenuHandle | null>
      >,
    [],
  );
  const openMenu = useCallback((kpi: DashboardKpi) => menuRefs[kpi].current?.open(), [menuRefs]);

  useDashboardCommands({
    choosePreset,
    chooseSingleDate,
    chooseCurrency,
    chooseChartMonth,
    clearAll,
    boxes,
    openMenu: canExport ? openMenu : null,
    exportKpi: canExport ? exportKpi : null,
  });

  const answer = kpis.data;
  return (
    <div className="screen dashboard">
      <PageHeader
        title="Dashboard"
        subtitle={merchantId ? merchant?.prettyName : account?.prettyName}
        actions={
          <p className="dashboard__period" aria-live="polite">
            {periodText(days.from, days.to)} (UTC)
            {answer ? (
              <span className="dashboard__comparison">
                compared with {answer.comparison.name}, {periodText(answer.comparison.from, answer.comparison.to)}
              </span>
            ) : null}
          </p>
        }
      />
      <DashboardFilterBar
        filters={filters}
        solutionOptions={solutions.data ?? []}
        today={today}
        onRangeChange={setRange}
        onSolutionsChange={(names) => setParams({ [DASHBOARD_PARAMS.solution]: names })}
        onCountryChange={(country) => setParams({ [DASHBOARD_PARAMS.issuerCountry]: country })}
        onCurrencyChange={chooseCurrency}
        onClearAll={clearAll}
        dayInputRef={dayInputRef}
      />
      {kpis.isError && !answer ? (
        <DetailsLoadError onRetry={() => void kpis.refetch()} />
      ) : answer ? (
        <div aria-busy={kpis.isPlaceholderData || undefined}>
          <KpiBoxes
            boxes={boxes}
            currency={answer.currency}
            comparisonName={answer.comparison.name}
            onExport={canExport ? exportKpi : null}
            exporting={exportFlow.exporting}
            menuRefs={menuRefs}
            menuKeys={KPI_MENU_KEYS}
          />
        </div>
      ) : (
        <KpiPlaceholders />
      )}
      <DailySales
        month={filters.chart}
        onMonthChange={chooseChartMonth}
        chart={{ data: chart.data, isError: chart.isError, refetch: () => void chart.refetch() }}
      />
      {exportFlow.dialog}
    </div>
  );
}

/** The boxes' places while the KPIs load, so the page does not jump when they come. */
function KpiPlaceholders() {
  return (
    <ul className="bare-list dashboard-kpis" aria-hidden="true">
      {DASHBOARD_KPIS.map((kpi) => (
        <li key={kpi} className="card dashboard-kpi dashboard-kpi--loading">
          <span className="dashboard-kpi__title">{KPI_TITLES[kpi]}</span>
        </li>
      ))}
    </ul>
  );
}
