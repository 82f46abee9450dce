import { describe, expect, it } from 'vitest';
import { approvalGaps } from '../../engine/hooks/performance/scorecard-readiness.ts';
import { quarterDates, quarterOn } from '../../engine/hooks/performance/plan-calendar.ts';

const keys = (gaps: ReturnType<typeof approvalGaps>) => gaps.map((g) => [g.key, g.params ?? {}]);

describe('what a scorecard still lacks before approval', () => {
  it('is nothing for a complete scorecard: named areas with KPIs, targets for the quantitative ones, weights totalling 100', () => {
    const areas = [
      { name: 'Customers', kpis: [{ name: 'Satisfaction', kpiType: 'Quantitative', weight: 60, target: 90 }] },
      { name: 'People', kpis: [{ name: 'Culture', kpiType: 'Qualitative', weight: 40 }] },
    ];
    expect(approvalGaps(areas, true)).toEqual([]);
  });

  it('lists every gap of a half-built one, in the order a person would fix them', () => {
    const areas = [
      {
        name: 'Customers',
        kpis: [
          { name: 'Satisfaction', kpiType: 'Quantitative', weight: 20.5 },
          { name: ' ', kpiType: 'Qualitative', weight: 10 },
        ],
      },
      { name: 'Finance', kpis: [] },
      { name: '', kpis: [{ name: 'Margin', kpiType: 'Quantitative', weight: 10, target: 5 }] },
    ];
    expect(keys(approvalGaps(areas, true))).toEqual([
      ['scorecard.gap.areaWithoutKpis', { area: 'Finance' }],
      ['scorecard.gap.areaWithoutName', {}],
      ['scorecard.gap.kpiWithoutTarget', { kpi: 'Satisfaction' }],
      ['scorecard.gap.kpiWithoutName', {}],
      ['scorecard.gap.weights', { total: 40.5 }],
    ]);
  });

  it('takes four quarterly targets for a target, and says only that there is no KPI of an empty scorecard', () => {
    const quarterly = {
      name: 'Output',
      kpiType: 'Quantitative',
      weight: 100,
      periodicTarget1: 1,
      periodicTarget2: 2,
      periodicTarget3: 3,
      periodicTarget4: 4,
    };
    expect(approvalGaps([{ kpis: [quarterly] }], false)).toEqual([]);
    expect(keys(approvalGaps([{ kpis: [{ ...quarterly, periodicTarget4: null }] }], false))).toEqual([
      ['scorecard.gap.kpiWithoutTarget', { kpi: 'Output' }],
    ]);
    expect(keys(approvalGaps([{ name: 'Empty', kpis: [] }], true))).toEqual([['scorecard.gap.noKpis', {}]]);
  });
});

describe('the quarter a day falls in', () => {
  const year = quarterDates('2026-01-01', '2026-12-31');
  it('is the quarter whose dates hold it', () => {
    expect(quarterOn(year, '2026-01-01')).toBe(0);
    expect(quarterOn(year, '2026-05-15')).toBe(1);
    expect(quarterOn(year, '2026-09-30')).toBe(2);
    expect(quarterOn(year, '2026-11-25')).toBe(3);
  });
  it('is Q1 before the plan and Q4 after it', () => {
    expect(quarterOn(year, '2025-12-31')).toBe(0);
    expect(quarterOn(year, '2027-02-01')).toBe(3);
  });
  it('follows a plan that does not start in January', () => {
    expect(quarterOn(quarterDates('2026-07-01', '2027-06-30'), '2026-11-25')).toBe(1);
  });
});
