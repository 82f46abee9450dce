import { describe, expect, it } from 'vitest';
import {
  IMPACTS,
  LIKELIHOODS,
  defaultRiskTable,
  riskColour,
  riskLevel,
  riskRating,
  type RiskTableEntry,
} from '../../engine/hooks/risk-management/risk.ts';

describe('risk scales', () => {
  it('lists impacts and likelihoods in rank order', () => {
    expect(IMPACTS).toEqual(['Insignificant', 'Minor', 'Moderate', 'Major', 'Catastrophic']);
    expect(LIKELIHOODS).toEqual(['Rare', 'Unlikely', 'Possible', 'Likely', 'Certain']);
  });
});

describe('riskLevel', () => {
  it.each([
    [1, 'Low'],
    [2, 'Low'],
    [3, 'Low'],
    [4, 'Low'],
    [5, 'Moderate'],
    [6, 'Moderate'],
    [8, 'Moderate'],
    [9, 'Moderate'],
    [10, 'High'],
    [12, 'High'],
    [15, 'High'],
    [16, 'High'],
    [20, 'Extreme'],
    [25, 'Extreme'],
  ] as const)('score %i is %s', (score, level) => {
    expect(riskLevel(score)).toBe(level);
  });
  it('never decreases as the score increases (1..25)', () => {
    const order = ['Low', 'Moderate', 'High', 'Extreme'];
    for (let s = 2; s <= 25; s++) {
      expect(order.indexOf(riskLevel(s))).toBeGreaterThanOrEqual(order.indexOf(riskLevel(s - 1)));
    }
  });
  it.each([0, 26, -1, 2.5, Number.NaN])('throws for score %s', (score) => {
    expect(() => riskLevel(score)).toThrow(String(score));
  });
});

describe('defaultRiskTable', () => {
  const table = defaultRiskTable();
  const find = (impact: string, likelihood: string): RiskTableEntry | undefined =>
    table.find((e) => e.impact === impact && e.likelihood === likelihood);

  it('has 25 unique impact/likelihood pairs covering every combination', () => {
    expect(table).toHaveLength(25);
    expect(new Set(table.map((e) => `${e.impact}|${e.likelihood}`)).size).toBe(25);
    for (const i of IMPACTS) for (const l of LIKELIHOODS) expect(find(i, l)).toBeDefined();
  });
  it.each([
    ['Catastrophic', 'Certain', 25, 'Extreme'],
    ['Insignificant', 'Rare', 1, 'Low'],
    ['Moderate', 'Possible', 9, 'Moderate'],
    ['Major', 'Likely', 16, 'High'],
    ['Minor', 'Certain', 10, 'High'],
    ['Insignificant', 'Certain', 5, 'Moderate'],
    ['Catastrophic', 'Rare', 5, 'Moderate'],
    ['Minor', 'Likely', 8, 'Moderate'],
    ['Major', 'Certain', 20, 'Extreme'],
    ['Minor', 'Unlikely', 4, 'Low'],
  ] as const)('%s × %s scores %i, %s', (impact, likelihood, ratingScore, rating) => {
    expect(find(impact, likelihood)).toEqual({ impact, likelihood, ratingScore, rating });
  });
  it('scores equal impact rank × likelihood rank for every entry', () => {
    for (const e of table) {
      const rank = (IMPACTS.indexOf(e.impact as never) + 1) * (LIKELIHOODS.indexOf(e.likelihood as never) + 1);
      expect(e.ratingScore).toBe(rank);
      expect(e.rating).toBe(riskLevel(e.ratingScore));
    }
  });
  it('levels never decrease as the score increases across the table', () => {
    const order = ['Low', 'Moderate', 'High', 'Extreme'];
    const sorted = [...table].sort((a, b) => a.ratingScore - b.ratingScore);
    for (let k = 1; k < sorted.length; k++) {
      expect(order.indexOf(sorted[k].rating)).toBeGreaterThanOrEqual(order.indexOf(sorted[k - 1].rating));
    }
  });
  it('returns a fresh table each call', () => {
    const a = defaultRiskTable();
    a[0].rating = 'changed';
    expect(defaultRiskTable()[0].rating).toBe('Low');
  });
});

describe('riskRating', () => {
  const table = defaultRiskTable();
  it('finds the entry for a pair', () => {
    expect(riskRating('Catastrophic', 'Certain', table)).toEqual({ ratingScore: 25, rating: 'Extreme' });
    expect(riskRating('Insignificant', 'Rare', table)).toEqual({ ratingScore: 1, rating: 'Low' });
    expect(riskRating('Minor', 'Certain', table)).toEqual({ ratingScore: 10, rating: 'High' });
  });
  it('uses the given table, not the default', () => {
    const custom = [{ impact: 'Minor', likelihood: 'Rare', ratingScore: 7, rating: 'Custom' }];
    expect(riskRating('Minor', 'Rare', custom)).toEqual({ ratingScore: 7, rating: 'Custom' });
  });
  it('throws naming both values for an unknown pair', () => {
    expect(() => riskRating('Huge', 'Rare', table)).toThrow('No risk rating for impact "Huge" and likelihood "Rare"');
    expect(() => riskRating('Minor', 'Sometimes', table)).toThrow(
      'No risk rating for impact "Minor" and likelihood "Sometimes"',
    );
  });
  it('matches exactly (case and whitespace matter)', () => {
    expect(() => riskRating('minor', 'rare', table)).toThrow('impact "minor" and likelihood "rare"');
    expect(() => riskRating('Minor ', 'Rare', table)).toThrow(Error);
  });
  it('throws on an empty table', () => {
    expect(() => riskRating('Minor', 'Rare', [])).toThrow('impact "Minor" and likelihood "Rare"');
  });
});

describe('riskColour', () => {
  it.each([
    ['Low', 'green'],
    ['Moderate', 'yellow'],
    ['High', 'orange'],
    ['Extreme', 'red'],
  ] as const)('%s is %s', (level, colour) => {
    expect(riskColour(level)).toBe(colour);
  });
  it('throws naming an unknown level', () => {
    expect(() => riskColour('Severe')).toThrow('Severe');
    expect(() => riskColour('low')).toThrow('"low"');
    expect(() => riskColour('toString')).toThrow('toString');
  });
});
