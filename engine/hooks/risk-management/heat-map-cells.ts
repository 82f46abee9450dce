import { IMPACTS, LIKELIHOODS, riskColour } from './risk.ts';

export interface HeatMapCell {
  impact: string;
  likelihood: string;
  ratingScore: number;
  rating: string;
  level: string;
  colour: ReturnType<typeof riskColour>;
  /** risks whose inherent rating falls in this cell */
  inherent: number;
  /** risks whose residual rating falls in this cell */
  residual: number;
}

export interface PairCount {
  impact: string;
  likelihood: string;
  n: number;
}

const pairKey = (impact: string, likelihood: string) => `${impact}\u0000${likelihood}`;

/**
 * The 5 × 5 heat map: one cell per impact and likelihood in rank order (Insignificant/Rare first), coloured by the
 * level of the rating the company's matrix gives the pair, with how many risks fall in it before and after controls.
 */
export function heatMapCells(
  matrix: readonly { impact: string; likelihood: string; ratingScore: number; rating: string; level: string }[],
  inherent: readonly PairCount[],
  residual: readonly PairCount[],
): HeatMapCell[] {
  const cells = new Map(matrix.map((c) => [pairKey(c.impact, c.likelihood), c]));
  const counts = (list: readonly PairCount[]) =>
    new Map(list.map((c) => [pairKey(c.impact, c.likelihood), Number(c.n)]));
  const before = counts(inherent);
  const after = counts(residual);
  return IMPACTS.flatMap((impact) =>
    LIKELIHOODS.flatMap((likelihood) => {
      const cell = cells.get(pairKey(impact, likelihood));
      if (!cell) return [];
      const key = pairKey(impact, likelihood);
      return [
        {
          impact,
          likelihood,
          ratingScore: cell.ratingScore,
          rating: cell.rating,
          level: cell.level,
          colour: riskColour(cell.level),
          inherent: before.get(key) ?? 0,
          residual: after.get(key) ?? 0,
        },
      ];
    }),
  );
}
