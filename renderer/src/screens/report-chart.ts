import type { EChartsOption } from 'echarts';
import type { ReportMeta } from '../meta/meta-types.ts';

type Row = Record<string, unknown>;

/**
 * The ECharts option that draws a report's rows as its metadata declares: one series per value column along the
 * category column (bar, stacked bar, line), or the first value column as slices (pie). Titles arrive translated.
 */
export function reportChartOption(
  report: ReportMeta & { chart: NonNullable<ReportMeta['chart']> },
  rows: readonly Row[],
  title: (key: string) => string,
  category: (v: unknown) => string,
): EChartsOption {
  const chart = report.chart;
  // counts are drawn on a whole-number axis (no "0.5 employees")
  const counts = chart.values.every((v) => report.columns.find((c) => c.key === v)?.format === 'integer');
  const categories = rows.map((r) => category(r[chart.category]));
  const number = (v: unknown) => (v === null || v === undefined || v === '' ? null : Number(v));
  if (chart.type === 'pie') {
    const value = chart.values[0];
    return {
      tooltip: { trigger: 'item' },
      legend: { bottom: 0 },
      series: [
        {
          type: 'pie',
          radius: ['35%', '65%'],
          name: title(value),
          data: rows.map((r, i) => ({ name: categories[i], value: number(r[value]) ?? 0 })),
        },
      ],
    };
  }
  return {
    tooltip: { trigger: 'axis' },
    legend: { bottom: 0 },
    grid: { left: 48, right: 16, top: 16, bottom: 64, containLabel: true },
    xAxis: { type: 'category', data: categories, axisLabel: { interval: 0, rotate: categories.length > 8 ? 30 : 0 } },
    yAxis: { type: 'value', ...(counts && { minInterval: 1 }) },
    series: chart.values.map((v) => ({
      type: chart.type === 'line' ? 'line' : 'bar',
      name: title(v),
      ...(chart.type === 'stackedBar' && { stack: 'total' }),
      data: rows.map((r) => number(r[v])),
    })),
  } as EChartsOption;
}
