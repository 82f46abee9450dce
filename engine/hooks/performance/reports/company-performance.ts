import type { Row } from '../../../db/db.ts';
import type { CallContext } from '../../../records/call-context.ts';
import type { CommandHook } from '../../hook-registry.ts';
import { recordRoleWhere } from '../../../access/record-role-sql.ts';
import { hiddenGroup, unreadablePeopleSql } from '../../../access/small-groups.ts';
import { scoringRules } from '../scorecard-scores.ts';
import { kpiScoreSql, weightedTotalSql } from './kpi-score-sql.ts';
import { periodKey, scorecardTotalsSql } from './scorecard-totals-sql.ts';

const QUARTERS = [0, 1, 2, 3] as const;

/** The filters every performance report takes: the plan, a quarter (none: the year), a business unit, a department. */
export interface OrganisationFilter {
  annualPlanId: number;
  quarterIndex?: number;
  businessUnitId?: number;
  departmentId?: number;
}

/**
 * Each employee's annual scorecard with its weighted total and adjusted total for the quarter, scored in SQL: the
 * rows a report groups, each with its employee (`employee_id`) and whether the caller may read the scorecard
 * (`readable`, for `unreadablePeopleSql`). Only scorecards with KPIs count (a scorecard still being written has no
 * score yet).
 */
async function scoredScorecards(
  ctx: CallContext,
  f: OrganisationFilter,
  quarter: number | null,
  select: string,
  groupBy: string,
  having = '',
): Promise<Row[]> {
  const rules = await scoringRules(ctx, { annualPlanId: f.annualPlanId });
  const params: unknown[] = [ctx.companyId, f.annualPlanId];
  const where = [`s.company_id = $1`, `s.annual_plan_id = $2`, `s.level = 'employee'`, `s.period = 'Annual'`];
  if (f.businessUnitId !== undefined) where.push(`e.business_unit_id = $${params.push(f.businessUnitId)}`);
  if (f.departmentId !== undefined) where.push(`e.department_id = $${params.push(f.departmentId)}`);
  const kpi = kpiScoreSql('k', rules, quarter, params.length + 1);
  params.push(...kpi.params);
  const readable =
    recordRoleWhere(ctx, ctx.registry.entity('performance-scorecard'), (value) => `$${params.push(value)}`, 's') ??
    'TRUE';
  return ctx.tx.query(
    `WITH scored AS (
       SELECT s.id, s.employee_id, e.business_unit_id, e.department_id, ${weightedTotalSql(kpi.score, 'k.weight')} AS total, ${weightedTotalSql(kpi.adjusted, 'k.weight')} AS adjusted_total,
              bool_and((${readable}) IS TRUE) AS readable
         FROM performance_scorecard s
         JOIN employee e ON e.company_id = s.company_id AND e.id = s.employee_id
         JOIN performance_kpi k ON k.company_id = s.company_id AND k.scorecard_id = s.id
        WHERE ${where.join(' AND ')}
        GROUP BY s.id, s.employee_id, e.business_unit_id, e.department_id)
     ${select} FROM scored ${groupBy} ${having}`,
    params,
  );
}

const FIGURES = `count(*)::int AS scorecards, round(avg(total)::numeric, 2)::float8 AS "averageScore", round(avg(adjusted_total)::numeric, 2)::float8 AS "averageAdjustedScore",
  min(total)::float8 AS "lowestScore", max(total)::float8 AS "highestScore"`;

/**
 * Company performance: the average weighted score of the employees' scorecards per business unit, or per department
 * of the business unit (or department) chosen, for a quarter or the year.
 */
export const companyPerformance: CommandHook = async (ctx, _entity, input) =>
  unitPerformance(ctx, input as unknown as OrganisationFilter);

/**
 * The company performance report's figures: per business unit, or per department of the unit (department) chosen.
 * A unit whose scores would tell the caller one or two people's they may not read keeps its count of scorecards but
 * not its figures (`hidden`, see small-groups.ts); a module admin, who reads every scorecard, sees every unit's.
 */
export async function unitPerformance(
  ctx: CallContext,
  f: OrganisationFilter,
): Promise<{ list: Row[]; total: number }> {
  const byDepartment = f.businessUnitId !== undefined || f.departmentId !== undefined;
  const [unitTable, unitColumn] = byDepartment
    ? ['department', 'department_id']
    : ['business_unit', 'business_unit_id'];
  const rows = await scoredScorecards(
    ctx,
    f,
    f.quarterIndex ?? null,
    `SELECT coalesce(u.name, '—') AS unit, ${FIGURES}, ${unreadablePeopleSql('readable', 'employee_id')} AS unreadable`,
    `LEFT JOIN ${unitTable} u ON u.company_id = $1 AND u.id = scored.${unitColumn} GROUP BY scored.${unitColumn}, u.name ORDER BY u.name NULLS LAST`,
  );
  const list = rows.map(({ unreadable, ...row }) =>
    hiddenGroup(Number(unreadable))
      ? { ...row, averageScore: null, averageAdjustedScore: null, lowestScore: null, highestScore: null, hidden: true }
      : row,
  );
  return { list, total: list.length };
}

/**
 * Progressive company performance: the average score in each quarter, and the average of the quarters so far; the
 * four quarters scored in one query.
 */
export const companyPerformanceProgressive: CommandHook = async (ctx, _entity, input) => {
  const f = input as unknown as OrganisationFilter;
  const rules = await scoringRules(ctx, { annualPlanId: f.annualPlanId });
  const params: unknown[] = [ctx.companyId, f.annualPlanId];
  const where = [`s.company_id = $1`, `s.annual_plan_id = $2`, `s.level = 'employee'`, `s.period = 'Annual'`];
  if (f.businessUnitId !== undefined) where.push(`e.business_unit_id = $${params.push(f.businessUnitId)}`);
  if (f.departmentId !== undefined) where.push(`e.department_id = $${params.push(f.departmentId)}`);
  const ids = `SELECT s.id FROM performance_scorecard s JOIN employee e ON e.company_id = s.company_id AND e.id = s.employee_id WHERE ${where.join(' AND ')}`;
  // only scorecards with KPIs have a row here, as in the company performance report
  const totals = scorecardTotalsSql('performance_kpi', rules, QUARTERS, ids, params);
  const [q] = await ctx.tx.query(
    `SELECT count(*)::int AS scorecards, ${QUARTERS.map((n) => `round(avg(total_${periodKey(n)})::numeric, 2)::float8 AS ${periodKey(n)}`).join(', ')} FROM (${totals}) t`,
    params,
  );
  const list: Row[] = [];
  let sum = 0;
  for (const quarter of QUARTERS) {
    const average = q.scorecards ? Number(q[periodKey(quarter)]) : 0;
    sum += average;
    list.push({
      quarter: `Q${quarter + 1}`,
      scorecards: q.scorecards,
      averageScore: q.scorecards ? average : null,
      cumulativeScore: Math.round((sum / (quarter + 1)) * 100) / 100,
    });
  }
  return { list, total: list.length };
};
