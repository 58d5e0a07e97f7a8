import { BarChart } from 'echarts/charts';
import { GridComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import ReactEChartsCore from 'echarts-for-react/esm/core';
import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { formatPayments } from './backtest-format';

// The backtest's per-MID comparison (issue 15): for each MID, its payments under the current routing and under the
// draft, as two bars. Loaded on demand by the backtest panel (React.lazy) like the simulator's chart, so echarts never
// weighs on the console's initial JS: the bar chart, the grid and the SVG renderer only, through echarts-for-react's
// ES module build (its CommonJS lib/core reaches a production bundle as a module object, not a component). The chart
// is for sighted users; the table beside it holds the same figures, so the chart is hidden from assistive technology.

echarts.use([BarChart, GridComponent, SVGRenderer]);

export interface BacktestChartRow {
  label: string;
  current: number;
  draft: number;
}

const ROW_HEIGHT = 46;
const CHART_PADDING = 40;

/** The tokens of src/console/styles/tokens.css, read where the chart is drawn so both stay one palette. */
function token(name: string, fallback: string): string {
  if (typeof document === 'undefined') return fallback;
  const value = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  return value || fallback;
}

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
  const box = useRef<HTMLDivElement>(null);
  // echarts needs a laid-out box: the chart starts once its place has a width (never in jsdom, which lays nothing out).
  const [laidOut, setLaidOut] = useState(false);
  useLayoutEffect(() => {
    const element = box.current;
    if (!element || laidOut) return;
    if (element.clientWidth > 0) {
      setLaidOut(true);
      return;
    }
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (element.clientWidth > 0) setLaidOut(true);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [laidOut]);

  return (
    <div ref={box} className="backtest-chart" aria-hidden="true" style={{ height }}>
      {laidOut ? (
        <ReactEChartsCore
          echarts={echarts}
          option={option}
          notMerge
          opts={{ renderer: 'svg' }}
          style={{ height, width: '100%' }}
        />
      ) : null}
    </div>
  );
}
