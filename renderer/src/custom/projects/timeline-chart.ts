import type { EChartsOption } from 'echarts';
import type { CustomSeriesRenderItemAPI, CustomSeriesRenderItemParams, CustomSeriesRenderItemReturn } from 'echarts';
import { formatDate, formatPercent } from '../../format/formats.ts';
import type { TimelineBar } from '../../../../engine/hooks/projects/project-timeline.ts';

const DAY = 86_400_000;
const time = (d: string) => Date.parse(`${d}T00:00:00Z`);
const COLOURS = { milestone: '#6a3fb5', task: '#3f8fd2', done: '#4caf50' };

/** The rows of the chart, top to bottom: each milestone, then its tasks indented; a bar without both dates is listed, not drawn. */
export function timelineRows(bars: readonly TimelineBar[]) {
  return bars.map((b, row) => ({
    ...b,
    row,
    label: b.kind === 'milestone' ? b.name : `   ${b.name}`,
    drawn: b.startDate !== null && b.endDate !== null,
  }));
}

/** A Gantt chart: ECharts custom series, one rectangle per milestone or task from its start to the end of its end day, its completion filled darker. */
export function timelineOption(bars: readonly TimelineBar[], labels: { completion: string }): EChartsOption {
  const rows = timelineRows(bars);
  const data = rows
    .filter((r) => r.drawn)
    .map((r) => ({
      name: r.name,
      value: [r.row, time(r.startDate!), time(r.endDate!) + DAY, r.completion, r.kind === 'milestone' ? 1 : 0],
    }));
  const renderItem = (
    _params: CustomSeriesRenderItemParams,
    api: CustomSeriesRenderItemAPI,
  ): CustomSeriesRenderItemReturn => {
    const row = api.value(0) as number;
    const start = api.coord([api.value(1), row]);
    const end = api.coord([api.value(2), row]);
    const milestone = api.value(4) === 1;
    const height = (api.size!([0, 1]) as number[])[1] * (milestone ? 0.7 : 0.5);
    const width = Math.max(end[0] - start[0], 2);
    const done = (width * Math.min(Math.max(Number(api.value(3)), 0), 100)) / 100;
    const y = start[1] - height / 2;
    return {
      type: 'group',
      children: [
        {
          type: 'rect',
          shape: { x: start[0], y, width, height, r: 3 },
          style: { fill: milestone ? COLOURS.milestone : COLOURS.task, opacity: 0.35 },
        },
        {
          type: 'rect',
          shape: { x: start[0], y, width: done, height, r: 3 },
          style: { fill: done >= width ? COLOURS.done : milestone ? COLOURS.milestone : COLOURS.task },
        },
      ],
    };
  };
  return {
    animation: false,
    tooltip: {
      formatter: (p: unknown) => {
        const { name, value } = p as { name: string; value: number[] };
        const day = (ms: number) => formatDate(new Date(ms).toISOString().slice(0, 10));
        const esc = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
        return `${esc(name)}<br/>${day(value[1])} – ${day(value[2] - DAY)}<br/>${esc(labels.completion)}: ${formatPercent(value[3])}`;
      },
    },
    grid: { left: 8, right: 24, top: 16, bottom: 48, containLabel: true },
    dataZoom: [{ type: 'slider', xAxisIndex: 0, bottom: 8, height: 18 }],
    xAxis: { type: 'time', position: 'top', splitLine: { show: true } },
    yAxis: {
      type: 'category',
      data: rows.map((r) => r.label),
      inverse: true,
      axisTick: { show: false },
      axisLabel: { fontWeight: 'normal' },
    },
    series: [{ type: 'custom', renderItem, encode: { x: [1, 2], y: 0 }, data }],
  };
}
