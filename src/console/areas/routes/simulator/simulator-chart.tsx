import { BarChartBox, token } from '@console/charts/bar-chart-box';
import { formatPercent } from '@domain/format';
import { useMemo } from 'react';

// The traffic distribution as bars, one per route (spec 2, section 2.5), drawn by the console's one bar-chart host
// (src/console/charts/bar-chart-box.tsx) in this lazily loaded module.

export interface ChartRow {
  label: string;
  percentage: number;
  serving: boolean;
  /** A row of the route wizard (being created or edited). */
  temporary: boolean;
}

const ROW_HEIGHT = 34;
const CHART_PADDING = 48;

export default function SimulatorChart({ rows }: { rows: readonly ChartRow[] }) {
  const option = useMemo(() => {
    const accent = token('--accent', '#334fd1');
    const temporary = token('--tone-success-fg', '#1d6b3a');
    const muted = token('--grey-300', '#c8cdd4');
    const text = token('--grey-700', '#3d444e');
    const secondary = token('--grey-600', '#565e69');
    const grid = token('--grey-150', '#e5e8ec');
    return {
      animation: false,
      textStyle: { fontFamily: token('--font-sans', 'system-ui, sans-serif') },
      grid: { left: 8, right: 56, top: 8, bottom: 24, containLabel: true },
      xAxis: {
        type: 'value',
        min: 0,
        max: 100,
        interval: 25,
        axisLabel: { color: secondary, formatter: '{value}%' },
        splitLine: { lineStyle: { color: grid } },
      },
      yAxis: {
        type: 'category',
        inverse: true,
        data: rows.map((row) => row.label),
        axisTick: { show: false },
        axisLine: { lineStyle: { color: muted } },
        axisLabel: { color: text, width: 180, overflow: 'truncate' },
      },
      series: [
        {
          type: 'bar',
          barMaxWidth: 18,
          data: rows.map((row) => ({
            value: row.percentage,
            itemStyle: {
              color: row.serving ? (row.temporary ? temporary : accent) : muted,
              borderRadius: [0, 3, 3, 0],
            },
          })),
          label: {
            show: true,
            position: 'right',
            color: text,
            formatter: ({ value }: { value: number }) => formatPercent(value),
          },
        },
      ],
    };
  }, [rows]);

  const height = rows.length * ROW_HEIGHT + CHART_PADDING;
  return <BarChartBox option={option} height={height} className="simulator-chart" />;
}
