import type { CallContext } from '../../../records/call-context.ts';
import type { CommandHook } from '../../hook-registry.ts';
import { scoringRules } from '../scorecard-scores.ts';
import type { OrganisationFilter } from './company-performance.ts';

/**
 * The quarter a review report reads when none is chosen: an assessment always names its quarter (0..3), and the
 * year's final assessment of an annual scorecard is the one of its last quarter, Q4.
 */
export const FINAL_QUARTER = 3;

/** The statuses an assessment is counted in on the curve: only a completed one, since its final score is final. */
export const CURVE_STATUSES = ['Completed'] as const;

/**
 * The rating a final score falls in. A final score is a weighted average of KPI ratings (Σ rating × weight ÷ 100),
 * so it lies on the rating scale itself, not on the percents the bands' min/max describe: it falls in the band of
 * the nearest rating, a half going up (2.5 → 3), and a score below the lowest rating (or above the highest: the
 * average target type's 6, an adjusted score) in the lowest (highest) band.
 */
export const curveRatingSql = (score: string, lowest: string, highest: string): string =>
  `least(${highest}, greatest(${lowest}, floor(${score}::float8 + 0.5)::int))`;

/** The same rule in TypeScript, for tests and for anyone checking a figure by hand. */
export function curveRating(finalScore: number, ratings: readonly number[]): number {
  return Math.min(Math.max(...ratings), Math.max(Math.min(...ratings), Math.floor(finalScore + 0.5)));
}

/**
 * The performance curve: how many of the employees' assessments of the quarter (none: the final, Q4 one) fall in each
 * band of the annual plan's rating scale, every band listed (0 when empty), in ascending rating order, with the percent
 * of the counted total rounded half up to one decimal. SQL counts per rating in one aggregate over
 * performance_assessment's (company, annual plan, quarter, status) index (the employee joined only to filter by
 * business unit or department); the five bands are filled in here, so the statement stays small to plan (on PGlite,
 * which plans every statement anew, a statement that also built the bands cost more than the counting).
 */
export const performanceCurve: CommandHook = async (ctx, _entity, input) => {
  const f = input as unknown as OrganisationFilter;
  const rules = await scoringRules(ctx, { annualPlanId: f.annualPlanId });
  const bands = [...rules.bands].sort((a, b) => a.rating - b.rating);
  const counted = await ctx.tx.query<{ rating: number; n: number }>(curveSql(f), curveParams(ctx, f, bands));
  return curveReport(bands, counted);
};

/** Every band with its count and its percent of the total (tenths, half up: exact, as the counts are whole numbers). */
export function curveReport(
  bands: readonly { rating: number; min: number; max: number }[],
  counted: readonly { rating: number; n: number }[],
) {
  const byRating = new Map(counted.map((r) => [r.rating, r.n]));
  const total = counted.reduce((t, r) => t + r.n, 0);
  const list = bands.map((b) => {
    const employees = byRating.get(b.rating) ?? 0;
    return {
      band: `${b.rating} (${b.min}–${b.max} %)`,
      rating: b.rating,
      employees,
      percent: total === 0 ? 0 : Math.round((employees * 1000) / total) / 10,
    };
  });
  return { list, total };
}

/** $1 company, $2 plan, $3 quarter, $4 statuses, $5 lowest rating, $6 highest rating, then the unit filters. */
function curveParams(ctx: CallContext, f: OrganisationFilter, bands: { rating: number }[]): unknown[] {
  const params: unknown[] = [
    ctx.companyId,
    f.annualPlanId,
    f.quarterIndex ?? FINAL_QUARTER,
    [...CURVE_STATUSES],
    bands[0].rating,
    bands[bands.length - 1].rating,
  ];
  if (f.businessUnitId !== undefined) params.push(f.businessUnitId);
  if (f.departmentId !== undefined) params.push(f.departmentId);
  return params;
}

export function curveSql(f: OrganisationFilter): string {
  const unit: string[] = [];
  let n = 6;
  if (f.businessUnitId !== undefined) unit.push(`e.business_unit_id = $${++n}`);
  if (f.departmentId !== undefined) unit.push(`e.department_id = $${++n}`);
  const join = unit.length
    ? `JOIN employee e ON e.company_id = a.company_id AND e.id = a.employee_id AND ${unit.join(' AND ')}`
    : '';
  return `SELECT ${curveRatingSql('a.final_score', '$5::int', '$6::int')} AS rating, count(*)::int AS n
            FROM performance_assessment a ${join}
           WHERE a.company_id = $1 AND a.annual_plan_id = $2 AND a.quarter_index = $3 AND a.status = ANY($4::text[])
             AND a.employee_id IS NOT NULL AND a.final_score IS NOT NULL
           GROUP BY 1`;
}
