import type { EChartsOption } from 'echarts';
import type { CompetencyResult, RaterGroup } from '../../../../engine/hooks/degree-360/rater-groups.ts';

/** A colour per rater group: the employee's own rating stands out, all others together in a darker tone. */
const COLOURS: Record<RaterGroup, string> = {
  Self: '#7b1fa2',
  Supervisor: '#1976d2',
  Peer: '#26a69a',
  Subordinate: '#f9a825',
  Outsider: '#ef6c00',
  Others: '#455a64',
};

/**
 * Grouped bars: per competency, one bar per rater group with its average rating. A hidden group has no bar (its
 * average never reaches the browser); the table beside the chart says it is hidden.
 */
export function resultOption(
  competencies: CompetencyResult[],
  groups: RaterGroup[],
  label: (g: RaterGroup) => string,
  max: number,
): EChartsOption {
  return {
    animation: false,
    grid: { left: 48, right: 16, top: 40, bottom: 64 },
    legend: { top: 0 },
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    xAxis: {
      type: 'category',
      data: competencies.map((c) => c.competency),
      axisLabel: { interval: 0, overflow: 'truncate', width: 140 },
    },
    yAxis: { type: 'value', min: 0, max },
    series: groups.map((g) => ({
      type: 'bar',
      name: label(g),
      itemStyle: { color: COLOURS[g] },
      // the figures on the bars are written in the user's language (widgets/Chart.tsx)
      label: { show: true, position: 'top' },
      data: competencies.map((c) => c.groups[g]?.average ?? null),
    })),
  };
}
