import { BarChartBox, token } from '@console/charts/bar-chart-box';
import { useMemo } from 'react';
import { formatPayments } from './backtest-format';

// The backtest's per-MID comparison (issue 15): for each MID, its payments under the current routing and under the
// draft, as two bars, drawn by the console's one bar-chart host (src/console/charts/bar-chart-box.tsx) in this lazily
// loaded module.

export interface BacktestChartRow {
  label: string;
  current: number;
  draft: number;
}

const ROW_HEIGHT = 46;
const CHART_PADDING = 40;

export default function BacktestChart({ rows }: { rows: readonly BacktestChartRow[] }) {
  const option = useMemo(() => {
    const accent = token('--accent', '#334fd1');
    const current = token('--grey-400', '#9aa1ab');
    const text = token('--grey-700', '#3d444e');
    const secondary = token('--grey-600', '#565e69');
    const grid = token('--grey-150', '#e5e8ec');
    const axis = token('--grey-300', '#c8cdd4');
    const bar = (name: string, color: string, values: number[]) => ({
      type: 'bar',
      name,
      barMaxWidth: 14,
      barGap: '15%',
      data: values.map((value) => ({ value, itemStyle: { color, borderRadius: [0, 3, 3, 0] } })),
      label: {
        show: true,
        position: 'right',
        color: text,
        fontSize: 11,
        formatter: ({ value }: { value: number }) => formatPayments(value),
      },
    });
    return {
      animation: false,
      textStyle: { fontFamily: token('--font-sans', 'system-ui, sans-serif') },
      grid: { left: 8, right: 64, top: 4, bottom: 20, containLabel: true },
      xAxis: {
        type: 'value',
        min: 0,
        axisLabel: { color: secondary, formatter: (value: number) => formatPayments(value) },
        splitLine: { lineStyle: { color: grid } },
      },
      yAxis: {
        type: 'category',
        inverse: true,
        data: rows.map((row) => row.label),
        axisTick: { show: false },
        axisLine: { lineStyle: { color: axis } },
        axisLabel: { color: text, width: 240, overflow: 'truncate' },
      },
      series: [
        bar(
          'Current',
          current,
          rows.map((row) => row.current),
        ),
        bar(
          'Draft',
          accent,
          rows.map((row) => row.draft),
        ),
      ],
    };
  }, [rows]);

  const height = rows.length * ROW_HEIGHT + CHART_PADDING;
  return <BarChartBox option={option} height={height} className="backtest-chart" />;
}
