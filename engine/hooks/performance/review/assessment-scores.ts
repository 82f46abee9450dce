import type { Row } from '../../../db/db.ts';
import type { CallContext } from '../../../records/call-context.ts';
import { weightedTotal } from '../scoring.ts';
import { scoreScorecard, type ScoredKpi, type ScoringRules } from '../quarter-score.ts';
import { KPI_SCORE_COLUMNS, scoringRules } from '../scorecard-scores.ts';

/** One KPI's scores in an assessment, as entered by the employee (self) and the supervisor (manual rating, adjusted). */
export interface KpiAssessmentScores {
  kpiId: number;
  selfScore?: number | null;
  manualRatingScore?: number | null;
  adjustedScore?: number | null;
}

/** The stored totals of an assessment: weighted self score, weighted score and the adjusted (final) score. */
export interface AssessmentTotals {
  selfScore: number;
  score: number;
  finalScore: number;
}

/**
 * The totals of a quarter's assessment of a scorecard: Quantitative KPIs score from that quarter's actuals against its
 * targets (automatic mode), the others from the supervisor's manual rating (else the KPI's own); the final score uses
 * each non-zero adjusted score given in the assessment in place of the KPI's score; the self score weights the
 * employee's own scores.
 */
export function assessmentTotals(
  kpis: readonly (ScoredKpi & { id: number })[],
  entered: readonly KpiAssessmentScores[],
  rules: ScoringRules,
  quarterIndex: number,
): AssessmentTotals {
  const byKpi = new Map(entered.map((e) => [Number(e.kpiId), e]));
  const merged = kpis.map((k) => {
    const e = byKpi.get(Number(k.id));
    return {
      ...k,
      manualRatingScore: e?.manualRatingScore ?? k.manualRatingScore ?? null,
      adjustedScore: e?.adjustedScore ?? null,
    };
  });
  const { total, adjustedTotal } = scoreScorecard(merged, rules, quarterIndex);
  const selfScore = weightedTotal(
    kpis.map((k) => ({ score: Number(byKpi.get(Number(k.id))?.selfScore ?? 0), weight: Number(k.weight ?? 0) })),
  );
  return { selfScore, score: total, finalScore: adjustedTotal };
}

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/** Reads what an assessment is scored from (its scorecard's KPIs, the scores entered, the plan's rules) and totals it. */
export async function computeAssessmentTotals(ctx: CallContext, assessment: Row): Promise<AssessmentTotals> {
  const kpis = await ctx.tx.query(
    `SELECT id, ${KPI_SCORE_COLUMNS} FROM performance_kpi WHERE company_id = $1 AND scorecard_id = $2`,
    [ctx.companyId, assessment.scorecardId],
  );
  const entered = assessment.id
    ? await ctx.tx.query<KpiAssessmentScores>(
        `SELECT kpi_id AS "kpiId", self_score AS "selfScore", manual_rating_score AS "manualRatingScore", adjusted_score AS "adjustedScore" FROM kpi_assessment WHERE company_id = $1 AND assessment_id = $2`,
        [ctx.companyId, assessment.id],
      )
    : [];
  const numeric = [
    'weight',
    'target',
    'actual',
    'periodicTarget1',
    'periodicTarget2',
    'periodicTarget3',
    'periodicTarget4',
    'actual1',
    'actual2',
    'actual3',
    'actual4',
    'manualRatingScore',
    'adjustedScore',
  ];
  const typed = kpis.map((k) => ({
    ...k,
    id: Number(k.id),
    ...Object.fromEntries(numeric.map((f) => [f, num(k[f])])),
  })) as (ScoredKpi & { id: number })[];
  const scores = entered.map((e) => ({
    kpiId: Number(e.kpiId),
    selfScore: num(e.selfScore),
    manualRatingScore: num(e.manualRatingScore),
    adjustedScore: num(e.adjustedScore),
  }));
  const rules = await scoringRules(ctx, { annualPlanId: Number(assessment.annualPlanId) });
  return assessmentTotals(typed, scores, rules, Number(assessment.quarterIndex));
}
