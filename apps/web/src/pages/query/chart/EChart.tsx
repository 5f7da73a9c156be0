import type { ChartData } from '@eip/contracts';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';

echarts.use([
  BarChart,
  LineChart,
  PieChart,
  GridComponent,
  LegendComponent,
  TooltipComponent,
  CanvasRenderer,
]);

/** The chart's options: one series over the categories, or a pie of them. */
export function chartOption(data: ChartData, dark: boolean): echarts.EChartsCoreOption {
  const series = data.series[0] ?? { name: '', data: [] };
  const base = {
    backgroundColor: 'transparent',
    tooltip: { trigger: data.type === 'pie' ? 'item' : 'axis' },
  };
  if (data.type === 'pie') {
    return {
      ...base,
      legend: { type: 'scroll', bottom: 0, textStyle: { color: dark ? '#ccc' : undefined } },
      series: [
        {
          type: 'pie',
          name: series.name,
          radius: ['30%', '65%'],
          data: data.categories.map((name, i) => ({ name, value: series.data[i] ?? 0 })),
        },
      ],
    };
  }
  return {
    ...base,
    grid: { left: 8, right: 16, top: 24, bottom: 8, containLabel: true },
    xAxis: { type: 'category', data: data.categories },
    yAxis: { type: 'value' },
    series: [{ type: data.type === 'line' ? 'line' : 'bar', name: series.name, data: series.data }],
  };
}

/** A bar, line or pie chart drawn by ECharts, in its dark theme when the portal's style is dark. */
export function EChart({ data, dark, label }: { data: ChartData; dark: boolean; label: string }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const chart = echarts.init(box.current!, dark ? 'dark' : undefined);
    chart.setOption(chartOption(data, dark));
    const resize = new ResizeObserver(() => chart.resize());
    resize.observe(box.current!);
    return () => {
      resize.disconnect();
      chart.dispose();
    };
  }, [data, dark]);
  return <div ref={box} role="img" aria-label={label} style={{ width: '100%', height: 360 }} />;
}
