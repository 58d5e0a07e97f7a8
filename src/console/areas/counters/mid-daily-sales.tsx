import { ChartBoundary } from '@console/charts/chart-boundary';
import { Select } from '@console/ui/select';
import type { MidCounter } from '@domain/contract/counters';
import { formatDate, formatInteger } from '@domain/format';
import { lazy, Suspense, useId, useState } from 'react';
import { DAILY_CHART_HEIGHT } from './daily-sales-chart-size';

// The chart (echarts) loads with the first MID card that has data, never with the console (design.md, section 5).
const DailySalesChart = lazy(() => import('./daily-sales-chart'));

type DailySales = MidCounter['dailySales'];

const dayLabel = (day: string) => formatDate(`${day}T00:00:00Z`, { timeZone: 'UTC' });
/** Sales, limits and alert thresholds are whole numbers (the threshold is the sales at which the alert fires). */
const orDash = (value: number | null) => (value === null ? '—' : formatInteger(value));

/**
 * A MID's daily sales (spec 3, "Counter data"): one series at a time in the chart (all brands, or one brand) with its
 * daily limit and alert threshold drawn as lines, and every series in a table for screen readers and exact figures.
 */
export function MidDailySales({ midName, daily }: { midName: string; daily: DailySales }) {
  const tableId = useId();
  const [chosen, setChosen] = useState(0);
  const series = daily.series[chosen] ?? daily.series[0];
  return (
    <div className="mid-daily">
      <div className="mid-daily__header">
        <h4 className="mid-card__subtitle">Daily sales</h4>
        {daily.series.length > 1 ? (
          <Select
            className="mid-daily__series"
            label={`Card brand of the daily sales chart of ${midName}`}
            hideLabel
            options={daily.series.map((item, index) => ({ value: String(index), label: item.label }))}
            value={String(chosen)}
            onChange={(event) => setChosen(Number(event.target.value))}
          />
        ) : null}
      </div>
      {series ? (
        <>
          <ChartBoundary noteClassName="mid-daily__note">
            <Suspense fallback={<div className="mid-daily__chart" style={{ height: DAILY_CHART_HEIGHT }} />}>
              <DailySalesChart days={daily.xMetric} series={series} maxY={daily.maxY} />
            </Suspense>
          </ChartBoundary>
          {series.limit !== null || series.threshold !== null ? (
            <p className="mid-daily__legend">
              {series.limit !== null ? (
                <span className="mid-daily__key mid-daily__key--limit">Daily limit {orDash(series.limit)}</span>
              ) : null}
              {series.threshold !== null ? (
                <span className="mid-daily__key mid-daily__key--threshold">Alert at {orDash(series.threshold)}</span>
              ) : null}
            </p>
          ) : null}
        </>
      ) : null}
      <details className="mid-daily__details">
        <summary>Daily sales as a table</summary>
        {/* A month of days scrolls within the card: the scrolling box takes the focus, so the keyboard scrolls it too. */}
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1) */}
        <section className="mid-daily__scroll" aria-labelledby={tableId} tabIndex={0}>
          <table className="counter-table">
            <caption id={tableId} className="visually-hidden">
              Daily sales of {midName}
            </caption>
            <thead>
              <tr>
                <th scope="col">Day</th>
                {daily.series.map((item) => (
                  <th key={item.label} scope="col" className="counter-table__number">
                    {item.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {daily.xMetric.map((day, index) => (
                <tr key={day}>
                  <th scope="row" className="counter-table__day">
                    {dayLabel(day)}
                  </th>
                  {daily.series.map((item) => (
                    <td key={item.label} className="counter-table__number">
                      {formatInteger(item.data[index] ?? 0)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">Daily limit</th>
                {daily.series.map((item) => (
                  <td key={item.label} className="counter-table__number">
                    {orDash(item.limit)}
                  </td>
                ))}
              </tr>
              <tr>
                <th scope="row">Alert at</th>
                {daily.series.map((item) => (
                  <td key={item.label} className="counter-table__number">
                    {orDash(item.threshold)}
                  </td>
                ))}
              </tr>
            </tfoot>
          </table>
        </section>
      </details>
    </div>
  );
}
