import type { EChartsOption } from 'echarts';
import { formatNumber } from './formats.ts';

type Loose = Record<string, any>;

/** A value as a chart shows it: a number in the user's language ("3,27" in German), nothing for none, anything else as it is. */
export const chartValue = (v: unknown): string =>
  v === null || v === undefined ? '' : typeof v === 'number' ? formatNumber(v) : String(v);

const asList = (v: unknown): Loose[] => (Array.isArray(v) ? v : v ? [v] : []);

/**
 * The option with every number ECharts would write by itself (value axes, tooltips, bar and line labels) written in
 * the user's language; ECharts writes "3.27" whatever the page's language. A formatter the option sets stays.
 */
export function localeNumbers(option: EChartsOption): EChartsOption {
  const o = option as Loose;
  const axis = (a: unknown) =>
    asList(a).map((x) =>
      x.type === 'value' && !x.axisLabel?.formatter
        ? { ...x, axisLabel: { ...x.axisLabel, formatter: (v: number) => formatNumber(v) } }
        : x,
    );
  const out: Loose = { ...o };
  if (o.xAxis) out.xAxis = Array.isArray(o.xAxis) ? axis(o.xAxis) : axis(o.xAxis)[0];
  if (o.yAxis) out.yAxis = Array.isArray(o.yAxis) ? axis(o.yAxis) : axis(o.yAxis)[0];
  if (o.tooltip && !Array.isArray(o.tooltip) && !o.tooltip.formatter && !o.tooltip.valueFormatter)
    out.tooltip = { ...o.tooltip, valueFormatter: chartValue };
  if (o.series)
    out.series = asList(o.series).map((s) =>
      (s.type === 'bar' || s.type === 'line') && s.label?.show && !s.label.formatter
        ? { ...s, label: { ...s.label, formatter: (p: { value: unknown }) => chartValue(p.value) } }
        : s,
    );
  return out as EChartsOption;
}
