import type { CallContext } from '../../records/call-context.ts';
import type { CommandHook } from '../hook-registry.ts';
import { scoringRules } from '../performance/scorecard-scores.ts';
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
 * of the counted total rounded to one decimal. One aggregate query over performance_assessment's
 * (company, annual plan, quarter, status) index; the employee is joined only to filter by business unit or department.
 */
export const performanceCurve: CommandHook = async (ctx, _entity, input) => {
  const f = input as unknown as OrganisationFilter;
  const rules = await scoringRules(ctx, { annualPlanId: f.annualPlanId });
  const bands = [...rules.bands].sort((a, b) => a.rating - b.rating);
  const rows = await ctx.tx.query<{ band: string; rating: number; employees: number; percent: number; total: number }>(curveSql(f), curveParams(ctx, f, bands));
  return { list: rows.map(({ total: _t, ...r }) => r), total: rows[0]?.total ?? 0 };
};

/** $1 company, $2 plan, $3 quarter, $4 statuses, $5 ratings, $6 band mins, $7 band maxes, then the unit filters. */
function curveParams(ctx: CallContext, f: OrganisationFilter, bands: { rating: number; min: number; max: number }[]): unknown[] {
  const params: unknown[] = [ctx.companyId, f.annualPlanId, f.quarterIndex ?? FINAL_QUARTER, [...CURVE_STATUSES], bands.map((b) => b.rating), bands.map((b) => b.min), bands.map((b) => b.max)];
  if (f.businessUnitId !== undefined) params.push(f.businessUnitId);
  if (f.departmentId !== undefined) params.push(f.departmentId);
  return params;
}

export function curveSql(f: OrganisationFilter): string {
  const unit: string[] = [];
  let n = 7;
  if (f.businessUnitId !== undefined) unit.push(`e.business_unit_id = $${++n}`);
  if (f.departmentId !== undefined) unit.push(`e.department_id = $${++n}`);
  const join = unit.length ? `JOIN employee e ON e.company_id = a.company_id AND e.id = a.employee_id AND ${unit.join(' AND ')}` : '';
  return `WITH b AS (SELECT * FROM unnest($5::int[], $6::float8[], $7::float8[]) AS b(rating, min, max)),
     counted AS (
       SELECT ${curveRatingSql('a.final_score', '(SELECT min(rating) FROM b)', '(SELECT max(rating) FROM b)')} AS rating, count(*)::int AS n
         FROM performance_assessment a ${join}
        WHERE a.company_id = $1 AND a.annual_plan_id = $2 AND a.quarter_index = $3 AND a.status = ANY($4::text[])
          AND a.employee_id IS NOT NULL AND a.final_score IS NOT NULL
        GROUP BY 1)
     SELECT b.rating || ' (' || b.min || '–' || b.max || ' %)' AS band, b.rating, coalesce(c.n, 0) AS employees,
            CASE WHEN t.total = 0 THEN 0 ELSE round(100.0 * coalesce(c.n, 0) / t.total, 1)::float8 END AS percent, t.total
       FROM b LEFT JOIN counted c ON c.rating = b.rating
      CROSS JOIN (SELECT coalesce(sum(n), 0)::int AS total FROM counted) t
      ORDER BY b.rating`;
}
