import { kpiScore, weightedTotal } from './scoring.ts';

/** A KPI as stored, the fields scoring reads. */
export interface ScoredKpi {
  kpiType?: string | null;
  optionType?: string | null;
  weight?: number | null;
  target?: number | null;
  actual?: number | null;
  periodicTarget1?: number | null;
  periodicTarget2?: number | null;
  periodicTarget3?: number | null;
  periodicTarget4?: number | null;
  actual1?: number | null;
  actual2?: number | null;
  actual3?: number | null;
  actual4?: number | null;
  manualRatingScore?: number | null;
  adjustedScore?: number | null;
}

export interface ScoringRules {
  bands: { rating: number; min: number; max: number }[];
  mode: 'automatic' | 'manual';
  averageTargetType: boolean;
}

/**
 * The actual and target a quarter is scored on (Q1..Q4 = 0..3): that quarter's actual against its periodic target,
 * or the plain target where the quarter has none; with no quarter, the year's actual against the target.
 */
export function quarterFigures(
  kpi: ScoredKpi,
  quarter: number | null,
): { actual: number | null; target: number | null } {
  if (quarter === null) return { actual: kpi.actual ?? null, target: kpi.target ?? null };
  const n = quarter + 1;
  const k = kpi as Record<string, number | null | undefined>;
  return { actual: k[`actual${n}`] ?? null, target: k[`periodicTarget${n}`] ?? kpi.target ?? null };
}

/** One KPI's score for a quarter (or the year) under a plan's rules. */
export function scoreKpi(kpi: ScoredKpi, rules: ScoringRules, quarter: number | null): number {
  return kpiScore({ ...kpi, ...quarterFigures(kpi, quarter) }, rules.bands, rules.mode, rules.averageTargetType);
}

/** A scorecard's weighted total and adjusted total for a quarter (or the year). */
export function scoreScorecard(
  kpis: readonly ScoredKpi[],
  rules: ScoringRules,
  quarter: number | null,
): { total: number; adjustedTotal: number } {
  const items = kpis.map((k) => ({
    score: scoreKpi(k, rules, quarter),
    weight: k.weight ?? 0,
    adjustedScore: k.adjustedScore ?? 0,
  }));
  return { total: weightedTotal(items), adjustedTotal: weightedTotal(items, true) };
}
