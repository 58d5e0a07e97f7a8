import { ChartBoundary } from '@console/charts/chart-boundary';
import { DetailsLoadError } from '@console/ui/empty-state';
import { Select } from '@console/ui/select';
import { LoadingBlock } from '@console/ui/spinner';
import type { TransactionsChart } from '@domain/contract/dashboard';
import { formatDate, formatInteger, formatMinorMoney } from '@domain/format';
import { lazy, Suspense, useId } from 'react';
import { DASHBOARD_CHART_HEIGHT } from './dashboard-chart-size';
import { CHART_MONTH_LABELS, CHART_MONTHS, type ChartMonth } from './dashboard-filters';

// The chart (echarts) loads with the first month of data, never with the console (design.md, section 5).
const DashboardChart = lazy(() => import('./dashboard-chart'));

const dayLabel = (day: string) => formatDate(`${day}T00:00:00Z`, { timeZone: 'UTC' });
const MONTH_OPTIONS = CHART_MONTHS.map((month) => ({ value: month, label: CHART_MONTH_LABELS[month] }));

export interface DailySalesProps {
  month: ChartMonth;
  onMonthChange: (month: ChartMonth) => void;
  chart: { data: TransactionsChart | undefined; isError: boolean; refetch: () => void };
}

/**
 * The daily sales chart (spec 3, section 2.8): successful payments per UTC day of this month or last month, with the
 * month's figures also as a table (the spec's hidden data block), for screen readers and for copy and paste.
 */
export function DailySales({ month, onMonthChange, chart }: DailySalesProps) {
  const headingId = useId();
  const tableId = useId();
  const data = chart.data;
  const sales = data?.days.reduce((sum, day) => sum + day.sales.total, 0) ?? 0;
  return (
    <section className="card dashboard-chart" aria-labelledby={headingId}>
      <header className="dashboard-chart__header">
        <div>
          <h2 id={headingId} className="dashboard-chart__title">
            Daily sales
          </h2>
          {data ? (
            <p className="dashboard-chart__summary">
              {formatInteger(sales)} successful payments, {dayLabel(data.from)} – {dayLabel(data.to)}
            </p>
          ) : null}
        </div>
        <Select
          className="dashboard-chart__month"
          label="Month of the daily sales chart"
          hideLabel
          options={MONTH_OPTIONS}
          value={month}
          onChange={(event) => onMonthChange(event.target.value as ChartMonth)}
        />
      </header>
      {chart.isError && !data ? (
        <DetailsLoadError onRetry={chart.refetch} />
      ) : !data ? (
        <LoadingBlock label="Loading daily sales…" />
      ) : (
        <>
          <ChartBoundary noteClassName="dashboard-chart__note">
            <Suspense fallback={<div style={{ height: DASHBOARD_CHART_HEIGHT }} />}>
              <DashboardChart days={data.days} />
            </Suspense>
          </ChartBoundary>
          <details className="dashboard-chart__details">
            <summary>Daily sales as a table</summary>
            {/* A month of days scrolls within the card: the scrolling box takes the focus, so the keyboard scrolls it. */}
            {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1) */}
            <section className="dashboard-chart__scroll" aria-labelledby={tableId} tabIndex={0}>
              <table className="dashboard-table">
                <caption id={tableId} className="visually-hidden">
                  Daily sales, {CHART_MONTH_LABELS[month].toLowerCase()}
                </caption>
                <thead>
                  <tr>
                    <th scope="col">Day</th>
                    <th scope="col" className="dashboard-table__number">
                      Sales
                    </th>
                    <th scope="col" className="dashboard-table__number">
                      Amount
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.days.map((day) => (
                    <tr key={day.day}>
                      <th scope="row">{dayLabel(day.day)}</th>
                      <td className="dashboard-table__number">{formatInteger(day.sales.total)}</td>
                      <td className="dashboard-table__number">
                        {day.sales.amount === null ? 'Unavailable' : formatMinorMoney(day.sales.amount, data.currency)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
          </details>
        </>
      )}
    </section>
  );
}
