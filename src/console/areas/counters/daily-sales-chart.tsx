import { BarChartBox, token } from '@console/charts/bar-chart-box';
import type { MidCounter } from '@domain/contract/counters';
import { formatInteger } from '@domain/format';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { DAILY_CHART_HEIGHT } from './daily-sales-chart-size';

// A MID's daily sales as bars, with the series' daily limit (dashed) and alert threshold (dotted) as lines across,
// drawn by the console's one bar-chart host in this lazily loaded module. The table beside it holds the same figures.

type DailySeries = MidCounter['dailySales']['series'][number];

export interface DailySalesChartProps {
  /** The days, YYYY-MM-DD. */
  days: readonly string[];
  series: DailySeries;
  /** The y-axis top the server computed over every series and limit, so switching series keeps the scale. */
  maxY: number;
}

/** A step of 1, 2 or 5 times a power of ten (never below 1: sales are counted), about a third of the top. */
function niceStep(top: number): number {
  const rough = Math.max(1, top / 3);
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].find((factor) => factor * power >= rough) ?? 10;
  return step * power;
}

export default function DailySalesChart({ days, series, maxY }: DailySalesChartProps) {
  const option = useMemo(() => {
    // The same top for every series of the MID (the server's maxY), rounded up to a whole number of steps.
    const step = niceStep(maxY);
    const top = Math.max(step, Math.ceil(maxY / step) * step);
    const accent = token('--accent', '#334fd1');
    const over = token('--tone-error-fg', '#b42323');
    const warning = token('--tone-warning-fg', '#8a5300');
    const secondary = token('--grey-600', '#565e69');
    const grid = token('--grey-150', '#e5e8ec');
    const axis = token('--grey-300', '#c8cdd4');
    const line = (value: number | null, color: string, type: 'dashed' | 'dotted') =>
      value === null ? [] : [{ yAxis: value, lineStyle: { color, type, width: 1.5 } }];
    const limitLines = [...line(series.limit, over, 'dashed'), ...line(series.threshold, warning, 'dotted')];
    return {
      animation: false,
      textStyle: { fontFamily: token('--font-sans', 'system-ui, sans-serif') },
      grid: { left: 4, right: 12, top: 12, bottom: 4, containLabel: true },
      tooltip: {
        trigger: 'axis',
        axisPointer: { type: 'shadow' },
        valueFormatter: (value: number) => formatInteger(value),
      },
      xAxis: {
        type: 'category',
        data: days.map((day) => dayjs(day).format('DD MMM')),
        axisTick: { show: false },
        axisLine: { lineStyle: { color: axis } },
        axisLabel: { color: secondary, fontSize: 10, hideOverlap: true },
      },
      yAxis: {
        type: 'value',
        min: 0,
        max: top,
        interval: step,
        axisLabel: { color: secondary, fontSize: 10, formatter: (value: number) => formatInteger(value) },
        splitLine: { lineStyle: { color: grid } },
      },
      series: [
        {
          type: 'bar',
          name: series.label,
          barMaxWidth: 18,
          data: series.data,
          itemStyle: { color: accent, borderRadius: [2, 2, 0, 0] },
          markLine:
            limitLines.length > 0
              ? { silent: true, symbol: 'none', label: { show: false }, data: limitLines }
              : undefined,
        },
      ],
    };
  }, [days, series, maxY]);

  return <BarChartBox option={option} height={DAILY_CHART_HEIGHT} className="mid-daily__chart" />;
}
