import { BarChartBox, token } from '@console/charts/bar-chart-box';
import type { TransactionsChart } from '@domain/contract/dashboard';
import { chartMaxY } from '@domain/dashboard';
import { formatInteger } from '@domain/format';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { DASHBOARD_CHART_HEIGHT } from './dashboard-chart-size';

// The dashboard's daily sales as bars, drawn by the console's one bar-chart host in this lazily loaded module (echarts
// never weighs on the initial JS). The table beside it holds the same figures.

export default function DashboardChart({ days }: { days: TransactionsChart['days'] }) {
  const option = useMemo(() => {
    const values = days.map((day) => day.sales.total);
    // Spec 3, section 9: the highest value rounded up to a multiple of 10, plus 10 percent.
    // A month without sales still gets an axis to 10.
    const maxY = Math.max(10, chartMaxY(values));
    const secondary = token('--grey-600', '#565e69');
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
        data: days.map((day) => dayjs(day.day).format('DD MMM')),
        axisTick: { show: false },
        axisLine: { lineStyle: { color: token('--grey-300', '#c8cdd4') } },
        axisLabel: { color: secondary, fontSize: 10, hideOverlap: true },
      },
      yAxis: {
        type: 'value',
        min: 0,
        max: maxY,
        splitNumber: 4,
        // Sales are counted: whole ticks only. The top (the spec's maximum) is rarely a tick of its own, so neither its
        // label nor its line is drawn, where they would crowd the tick below.
        minInterval: 1,
        axisLabel: {
          color: secondary,
          fontSize: 10,
          showMaxLabel: false,
          formatter: (value: number) => formatInteger(value),
        },
        splitLine: { showMaxLine: false, lineStyle: { color: token('--grey-150', '#e5e8ec') } },
      },
      series: [
        {
          type: 'bar',
          name: 'Sales',
          barMaxWidth: 18,
          data: values,
          itemStyle: { color: token('--accent', '#334fd1'), borderRadius: [2, 2, 0, 0] },
        },
      ],
    };
  }, [days]);

  return <BarChartBox option={option} height={DASHBOARD_CHART_HEIGHT} className="dashboard-chart__canvas" />;
}
