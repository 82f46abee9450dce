import { describe, expect, it } from 'vitest';
import { partialRecord } from '../support/partial-record.ts';
import { defaultRiskTable, riskColour, riskLevel } from '../../engine/hooks/risk-management/risk.ts';
import { heatMapCells } from '../../engine/hooks/risk-management/heat-map-cells.ts';
import { mitigationStatus } from '../../engine/hooks/risk-management/mitigation-progress.ts';
import { ratingLabel } from '../../engine/hooks/risk-management/rating-label.ts';
import { operationalDateFaults } from '../../engine/hooks/risk-management/risk-rating-derivation.ts';

const matrix = defaultRiskTable().map((e) => ({ ...e, level: riskLevel(e.ratingScore) }));

describe('heatMapCells', () => {
  it('gives 25 cells in rank order, each coloured by its level', () => {
    const cells = heatMapCells(matrix, [], []);
    expect(cells).toHaveLength(25);
    expect(cells[0]).toMatchObject({
      impact: 'Insignificant',
      likelihood: 'Rare',
      ratingScore: 1,
      colour: 'green',
      inherent: 0,
      residual: 0,
    });
    expect(cells[24]).toMatchObject({ impact: 'Catastrophic', likelihood: 'Certain', ratingScore: 25, colour: 'red' });
    for (const c of cells) expect(c.colour).toBe(riskColour(c.level));
  });

  it('counts risks per cell, before and after controls', () => {
    const cells = heatMapCells(
      matrix,
      [{ impact: 'Major', likelihood: 'Likely', n: 3 }],
      [{ impact: 'Minor', likelihood: 'Rare', n: 2 }],
    );
    const at = (i: string, l: string) => cells.find((c) => c.impact === i && c.likelihood === l)!;
    expect(at('Major', 'Likely')).toMatchObject({ inherent: 3, residual: 0, rating: 'High', colour: 'orange' });
    expect(at('Minor', 'Rare')).toMatchObject({ inherent: 0, residual: 2 });
    expect(cells.reduce((s, c) => s + c.inherent + c.residual, 0)).toBe(5);
  });

  it('uses the company’s own ratings and levels, not the default ones', () => {
    const own = matrix.map((c) =>
      c.impact === 'Minor' && c.likelihood === 'Rare'
        ? { ...c, ratingScore: 9, rating: 'Watch', level: 'Moderate' }
        : c,
    );
    expect(heatMapCells(own, [], []).find((c) => c.impact === 'Minor' && c.likelihood === 'Rare')).toMatchObject({
      ratingScore: 9,
      rating: 'Watch',
      colour: 'yellow',
    });
  });
});

describe('operational risk dates', () => {
  it('asks an operational risk for both dates and a strategic one for none', () => {
    expect(operationalDateFaults({ kind: 'Operational' }).map(({ field, message }) => ({ field, message }))).toEqual([
      { field: 'startDate', message: 'Start date is required for an operational risk' },
      { field: 'endDate', message: 'End date is required for an operational risk' },
    ]);
    expect(operationalDateFaults({ kind: 'Operational', startDate: '2027-01-01', endDate: '2027-12-31' })).toEqual([]);
    expect(operationalDateFaults({ kind: 'Strategic' })).toEqual([]);
  });
});

describe('mitigationStatus', () => {
  it.each([
    [0, 'In Progress'],
    [99, 'In Progress'],
    [100, 'Complete'],
  ] as const)('%i %% is %s', (progress, status) => {
    expect(mitigationStatus(progress)).toBe(status);
  });
});

describe('ratingLabel', () => {
  it('names a rated record by its rating and score', () => {
    expect(ratingLabel(partialRecord('residual-rating', { rating: 'Low', ratingScore: 4 }))).toBe('Low (4)');
    expect(ratingLabel(partialRecord('residual-rating', { rating: null, ratingScore: null }))).toBeNull();
  });
});
