import { BarChart } from 'echarts/charts';
import { GridComponent, MarkLineComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import ReactEChartsCore from 'echarts-for-react/esm/core';
import { useLayoutEffect, useRef, useState } from 'react';

// The one host of the console's bar charts (the simulator's traffic distribution, the backtest's per-MID comparison, a
// MID's daily sales on the counters screen, whose limit lines are mark lines and whose days show a hover tooltip).
// Only imported by lazily loaded chart modules, so echarts never weighs on the initial JS (design.md, section 5): the
// bar chart, the grid, mark lines, the tooltip and the SVG renderer only, through echarts-for-react's ES module build
// (its CommonJS lib/core reaches a production bundle as a module object, not a component: React error #130). Charts
// are for sighted users; the table beside each holds the same figures, so the chart is hidden from assistive
// technology.

echarts.use([BarChart, GridComponent, MarkLineComponent, TooltipComponent, SVGRenderer]);

/** A token of src/console/styles/tokens.css, read where the chart is drawn so chart and page stay one palette. */
export function token(name: string, fallback: string): string {
  if (typeof document === 'undefined') return fallback;
  const value = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  return value || fallback;
}

export function BarChartBox({
  option,
  height,
  className,
}: {
  option: Record<string, unknown>;
  height: number;
  className: string;
}) {
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
    <div ref={box} className={className} aria-hidden="true" style={{ height }}>
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
