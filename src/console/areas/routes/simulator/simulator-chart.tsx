import { formatPercent } from '@domain/format';
import { BarChart } from 'echarts/charts';
import { GridComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import ReactEChartsCore from 'echarts-for-react/esm/core';
import { useLayoutEffect, useMemo, useRef, useState } from 'react';

// The traffic distribution as bars, one per route (spec 2, section 2.5). Loaded on demand by the simulator panel
// (React.lazy), so echarts never weighs on the console's initial JS (design.md, section 5): only the bar chart, the
// grid and the SVG renderer are registered. echarts-for-react's ES module build: its CommonJS lib/core reaches the
// production bundle as a module object, not a component (React error #130). The chart is decoration for sighted users; the panel's table beside it
// carries the same figures for screen readers and copy-paste, so the chart is hidden from assistive technology.

echarts.use([BarChart, GridComponent, SVGRenderer]);

export interface ChartRow {
  label: string;
  percentage: number;
  serving: boolean;
  /** A row of the route wizard (being created or edited). */
  temporary: boolean;
}

const ROW_HEIGHT = 34;
const CHART_PADDING = 48;

/** The tokens of src/console/styles/tokens.css, read where the chart is drawn so both stay one palette. */
function token(name: string, fallback: string): string {
  if (typeof document === 'undefined') return fallback;
  const value = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  return value || fallback;
}

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
  const box = useRef<HTMLDivElement>(null);
  // echarts needs a laid-out box: the chart starts once its place has a width (never in jsdom, which lays nothing
  // out; a panel shown later starts it when it appears).
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
    <div ref={box} className="simulator-chart" aria-hidden="true" style={{ height }}>
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
