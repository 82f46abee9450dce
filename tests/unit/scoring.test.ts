import { describe, expect, it } from 'vitest';
import {
  DEFAULT_BAND_TARGETS,
  bandScore,
  bandsFromTargets,
  kpiScore,
  progressColour,
  ratingPercent,
  weightedTotal,
} from '../../engine/hooks/performance/scoring.ts';

// The default scale written out by hand (not built with bandsFromTargets) so the scoring tests do not lean on it.
const DEFAULT_BANDS = [
  { rating: 1, min: 0, max: 59 },
  { rating: 2, min: 60, max: 79 },
  { rating: 3, min: 80, max: 99 },
  { rating: 4, min: 100, max: 119 },
  { rating: 5, min: 120, max: 1000 },
];

describe('ratingPercent', () => {
  it.each([
    [80, 100, 80],
    [100, 100, 100],
    [120, 100, 120],
    [2, 3, 67], // 66.67
    [1, 3, 33], // 33.33
    [1, 8, 13], // 12.5 rounds up
    [3, 8, 38], // 37.5 rounds up
    [1, 200, 1], // 0.5 rounds up
    [201, 200, 101], // 100.5 rounds up (no float drift to 100.4999…)
    [199, 200, 100], // 99.5 rounds up
    [0, 100, 0],
    [-1, 2, -50],
  ])('ASC: actual %s against target %s is %s %%', (actual, target, expected) => {
    expect(ratingPercent(actual, target, 'ASC')).toBe(expected);
  });

  it.each([
    [80, 100, 125],
    [100, 100, 100],
    [125, 100, 80],
    [3, 2, 67], // 66.67
    [200, 1, 1], // 0.5 rounds up
    [200, 201, 101], // 100.5 rounds up
    [100, 0, 0],
  ])('DESC: actual %s against target %s is %s %%', (actual, target, expected) => {
    expect(ratingPercent(actual, target, 'DESC')).toBe(expected);
  });

  it('treats every optionType other than exactly ASC as lower-is-better', () => {
    expect(ratingPercent(80, 100, '')).toBe(125);
    expect(ratingPercent(80, 100, 'asc')).toBe(125);
    expect(ratingPercent(80, 100, 'Anything')).toBe(125);
  });

  it('gives 0 for a zero divisor either way', () => {
    expect(ratingPercent(50, 0, 'ASC')).toBe(0);
    expect(ratingPercent(0, 50, 'DESC')).toBe(0);
    expect(ratingPercent(0, 0, 'ASC')).toBe(0);
    expect(ratingPercent(0, 0, 'DESC')).toBe(0);
  });

  it('gives 0 for non-finite input', () => {
    expect(ratingPercent(Number.NaN, 100, 'ASC')).toBe(0);
    expect(ratingPercent(100, Number.NaN, 'DESC')).toBe(0);
    expect(ratingPercent(Number.POSITIVE_INFINITY, 100, 'ASC')).toBe(0);
    expect(ratingPercent(100, Number.NEGATIVE_INFINITY, 'ASC')).toBe(0);
  });

  it('never returns negative zero', () => {
    expect(ratingPercent(-1, 300, 'ASC')).toBe(0); // -0.33 rounds to -0
  });
});

describe('bandsFromTargets', () => {
  it('builds the default scale: mins 0, 60, 80, 100, 120', () => {
    expect(bandsFromTargets([59, 79, 99, 119, 1000])).toEqual([
      { rating: 1, min: 0, max: 59, target: 59 },
      { rating: 2, min: 60, max: 79, target: 79 },
      { rating: 3, min: 80, max: 99, target: 99 },
      { rating: 4, min: 100, max: 119, target: 119 },
      { rating: 5, min: 120, max: 1000, target: 1000 },
    ]);
  });

  it('builds any other ascending scale the same way', () => {
    expect(bandsFromTargets([10, 20, 30, 40, 50]).map((b) => [b.rating, b.min, b.max])).toEqual([
      [1, 0, 10],
      [2, 11, 20],
      [3, 21, 30],
      [4, 31, 40],
      [5, 41, 50],
    ]);
  });

  it('DEFAULT_BAND_TARGETS is the default scale and cannot be changed', () => {
    expect(DEFAULT_BAND_TARGETS).toEqual([59, 79, 99, 119, 1000]);
    expect(Object.isFrozen(DEFAULT_BAND_TARGETS)).toBe(true);
  });

  it.each([
    [[], /exactly five/],
    [[59, 79, 99, 119], /exactly five.*got 4/],
    [[59, 79, 99, 119, 1000, 2000], /exactly five.*got 6/],
    [[59, Number.NaN, 99, 119, 1000], /target 2 is not a finite number/],
    [[59, 79, 99, 119, Number.POSITIVE_INFINITY], /target 5 is not a finite number/],
    [[59, 79, 78, 119, 1000], /ascending.*target 3 \(78\) is not above target 2 \(79\)/],
    [[59, 79, 79, 119, 1000], /ascending.*target 3 \(79\)/],
    [[1000, 119, 99, 79, 59], /ascending/],
  ])('rejects %j', (targets, message) => {
    expect(() => bandsFromTargets(targets)).toThrow(message);
  });
});

describe('bandScore', () => {
  it.each([
    [0, 1],
    [59, 1],
    [60, 2],
    [79, 2],
    [80, 3],
    [99, 3],
    [100, 4],
    [119, 4],
    [120, 5],
    [1000, 5],
  ])('%s %% is rating %s (in both modes)', (percent, rating) => {
    expect(bandScore(percent, DEFAULT_BANDS)).toBe(rating);
    expect(bandScore(percent, DEFAULT_BANDS, true)).toBe(rating);
  });

  it('below the lowest band is 0 in both modes', () => {
    expect(bandScore(-1, DEFAULT_BANDS)).toBe(0);
    expect(bandScore(-1, DEFAULT_BANDS, true)).toBe(0);
    expect(bandScore(-0.5, DEFAULT_BANDS, true)).toBe(0);
  });

  it('above every band is 0, or 6 with averageTargetType', () => {
    expect(bandScore(1001, DEFAULT_BANDS)).toBe(0);
    expect(bandScore(1001, DEFAULT_BANDS, true)).toBe(6);
    expect(bandScore(5000, DEFAULT_BANDS, true)).toBe(6);
  });

  it('is 0 and 6 around a scale whose lowest band does not start at 0', () => {
    const bands = [
      { rating: 1, min: 50, max: 59 },
      { rating: 2, min: 60, max: 100 },
    ];
    expect(bandScore(49, bands)).toBe(0);
    expect(bandScore(49, bands, true)).toBe(0);
    expect(bandScore(50, bands)).toBe(1);
    expect(bandScore(100, bands)).toBe(2);
    expect(bandScore(101, bands)).toBe(0);
    expect(bandScore(101, bands, true)).toBe(6);
  });

  it('counts a percent in a gap between bands as the higher band, in both modes', () => {
    expect(bandScore(59.5, DEFAULT_BANDS)).toBe(2);
    expect(bandScore(59.5, DEFAULT_BANDS, true)).toBe(2);
    expect(bandScore(119.01, DEFAULT_BANDS)).toBe(5);
    expect(bandScore(0.5, DEFAULT_BANDS)).toBe(1); // inside band 1, not a gap
  });

  it('does not depend on the order the bands are given in', () => {
    const reversed = [...DEFAULT_BANDS].reverse();
    expect(bandScore(85, reversed)).toBe(3);
    expect(bandScore(59.5, reversed)).toBe(2);
    expect(bandScore(1001, reversed, true)).toBe(6);
  });

  it('is 0 without bands or for NaN', () => {
    expect(bandScore(85, [])).toBe(0);
    expect(bandScore(85, [], true)).toBe(0);
    expect(bandScore(Number.NaN, DEFAULT_BANDS, true)).toBe(0);
  });
});

describe('kpiScore', () => {
  it('automatic mode scores a Quantitative KPI from actual against target', () => {
    expect(
      kpiScore({ kpiType: 'Quantitative', optionType: 'ASC', actual: 85, target: 100 }, DEFAULT_BANDS, 'automatic'),
    ).toBe(3); // 85 %
    expect(
      kpiScore({ kpiType: 'Quantitative', optionType: 'ASC', actual: 2, target: 3 }, DEFAULT_BANDS, 'automatic'),
    ).toBe(2); // 67 %
    expect(
      kpiScore({ kpiType: 'Quantitative', optionType: 'DESC', actual: 80, target: 100 }, DEFAULT_BANDS, 'automatic'),
    ).toBe(5); // 125 %
    expect(
      kpiScore({ kpiType: 'Quantitative', optionType: 'ASC', actual: 595, target: 1000 }, DEFAULT_BANDS, 'automatic'),
    ).toBe(2); // 59.5 → 60 %
  });

  it('automatic mode ignores the manual rating of a Quantitative KPI', () => {
    expect(
      kpiScore(
        { kpiType: 'Quantitative', optionType: 'ASC', actual: 100, target: 100, manualRatingScore: 1 },
        DEFAULT_BANDS,
        'automatic',
      ),
    ).toBe(4);
  });

  it('a missing optionType is lower-is-better', () => {
    expect(
      kpiScore({ kpiType: 'Quantitative', optionType: null, actual: 50, target: 100 }, DEFAULT_BANDS, 'automatic'),
    ).toBe(5); // 200 %
    expect(kpiScore({ kpiType: 'Quantitative', actual: 100, target: 50 }, DEFAULT_BANDS, 'automatic')).toBe(1); // 50 %
  });

  it('passes averageTargetType through', () => {
    const kpi = { kpiType: 'Quantitative', optionType: 'ASC', actual: 1100, target: 100 }; // 1100 %
    expect(kpiScore(kpi, DEFAULT_BANDS, 'automatic')).toBe(0);
    expect(kpiScore(kpi, DEFAULT_BANDS, 'automatic', true)).toBe(6);
  });

  it('a zero target scores as 0 % (band 1 on the default scale)', () => {
    expect(
      kpiScore({ kpiType: 'Quantitative', optionType: 'ASC', actual: 10, target: 0 }, DEFAULT_BANDS, 'automatic'),
    ).toBe(1);
  });

  it('automatic mode gives 0 when actual or target is missing, whatever the manual rating', () => {
    expect(
      kpiScore(
        { kpiType: 'Quantitative', optionType: 'ASC', actual: null, target: 100, manualRatingScore: 4 },
        DEFAULT_BANDS,
        'automatic',
      ),
    ).toBe(0);
    expect(
      kpiScore({ kpiType: 'Quantitative', optionType: 'ASC', actual: 100, target: null }, DEFAULT_BANDS, 'automatic'),
    ).toBe(0);
    expect(kpiScore({ kpiType: 'Quantitative', optionType: 'ASC' }, DEFAULT_BANDS, 'automatic')).toBe(0);
  });

  it('automatic mode uses the manual rating for a Qualitative or untyped KPI', () => {
    expect(
      kpiScore(
        { kpiType: 'Qualitative', optionType: 'ASC', actual: 85, target: 100, manualRatingScore: 5 },
        DEFAULT_BANDS,
        'automatic',
      ),
    ).toBe(5);
    expect(kpiScore({ kpiType: 'Qualitative', manualRatingScore: null }, DEFAULT_BANDS, 'automatic')).toBe(0);
    expect(kpiScore({ kpiType: null, manualRatingScore: 2 }, DEFAULT_BANDS, 'automatic')).toBe(2);
    expect(
      kpiScore({ kpiType: 'quantitative', actual: 85, target: 100, manualRatingScore: 2 }, DEFAULT_BANDS, 'automatic'),
    ).toBe(2);
  });

  it('manual mode always uses the manual rating', () => {
    expect(
      kpiScore(
        { kpiType: 'Quantitative', optionType: 'ASC', actual: 85, target: 100, manualRatingScore: 2 },
        DEFAULT_BANDS,
        'manual',
      ),
    ).toBe(2);
    expect(
      kpiScore({ kpiType: 'Quantitative', optionType: 'ASC', actual: 85, target: 100 }, DEFAULT_BANDS, 'manual'),
    ).toBe(0);
    expect(kpiScore({ kpiType: 'Qualitative', manualRatingScore: 4 }, DEFAULT_BANDS, 'manual', true)).toBe(4);
    expect(kpiScore({}, DEFAULT_BANDS, 'manual')).toBe(0);
  });
});

describe('weightedTotal', () => {
  const items = [
    { score: 4, weight: 30, adjustedScore: 5 },
    { score: 3, weight: 50, adjustedScore: 0 },
    { score: 5, weight: 20, adjustedScore: null },
  ];

  it('is the sum of score × weight over 100', () => {
    expect(weightedTotal([])).toBe(0);
    expect(weightedTotal(items)).toBe(3.7); // (120 + 150 + 100) / 100
    expect(weightedTotal(items, false)).toBe(3.7);
    expect(
      weightedTotal([
        { score: 1, weight: 33 },
        { score: 2, weight: 33 },
        { score: 3, weight: 34 },
      ]),
    ).toBe(2.01); // 201 / 100
  });

  it('adjusted uses each non-zero adjustedScore, falling back to score for 0, null and missing', () => {
    expect(weightedTotal(items, true)).toBe(4); // (5×30 + 3×50 + 5×20) / 100 = 400 / 100
    expect(weightedTotal([{ score: 2, weight: 100 }], true)).toBe(2);
    expect(
      weightedTotal(
        [
          { score: 2, weight: 50, adjustedScore: -1 },
          { score: 4, weight: 50 },
        ],
        true,
      ),
    ).toBe(1.5); // (-50 + 200) / 100
  });

  it('rounds to 2 decimals', () => {
    expect(weightedTotal([{ score: 1, weight: 33.333 }])).toBe(0.33); // 0.33333
    expect(weightedTotal([{ score: 2, weight: 33.337 }])).toBe(0.67); // 0.66674
    expect(weightedTotal([{ score: 3, weight: 33.5 }])).toBe(1.01); // 1.005 rounds up
    expect(weightedTotal([{ score: 3, weight: 33.3333 }])).toBe(1); // 0.999999
  });
});

describe('progressColour', () => {
  it.each([
    [-5, 'danger'],
    [0, 'danger'],
    [59, 'danger'],
    [59.9, 'danger'],
    [60, 'warning'],
    [89, 'warning'],
    [89.9, 'warning'],
    [90, 'success'],
    [100, 'success'],
    [150, 'success'],
  ] as const)('%s %% is %s', (percent, colour) => {
    expect(progressColour(percent)).toBe(colour);
  });

  it('a non-number percent is danger', () => {
    expect(progressColour(Number.NaN)).toBe('danger');
  });
});
