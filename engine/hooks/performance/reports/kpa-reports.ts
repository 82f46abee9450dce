import type { CallContext } from '../../../records/call-context.ts';
import type { CommandHook } from '../../hook-registry.ts';
import { scoringRules } from '../scorecard-scores.ts';
import type { OrganisationFilter } from './company-performance.ts';
import { figures, kpiScoreSql } from './kpi-score-sql.ts';
import { employeeNameSql, pageSql, periodKey, reportPeriod, scorecardTotalsSql } from './scorecard-totals-sql.ts';

type PagedFilter = OrganisationFilter & { limit?: number; offset?: number };

/** The employees' annual scorecards of a plan (filtered by the employee's business unit and department), as a CTE body. */
function employeeCards(f: PagedFilter, params: unknown[]): string {
  const where = [`s.company_id = $1`, `s.annual_plan_id = $2`, `s.level = 'employee'`, `s.period = 'Annual'`];
  if (f.businessUnitId !== undefined) where.push(`e.business_unit_id = $${params.push(f.businessUnitId)}`);
  if (f.departmentId !== undefined) where.push(`e.department_id = $${params.push(f.departmentId)}`);
  return `SELECT s.id, s.name, s.employee_id, ${employeeNameSql('e')} AS "employeeName", e.business_unit_id, e.department_id
            FROM performance_scorecard s JOIN employee e ON e.company_id = s.company_id AND e.id = s.employee_id WHERE ${where.join(' AND ')}`;
}

const ORG_NAMES = `LEFT JOIN business_unit bu ON bu.company_id = $1 AND bu.id = c.business_unit_id
       LEFT JOIN department d ON d.company_id = $1 AND d.id = c.department_id`;

async function planRules(ctx: CallContext, f: PagedFilter) {
  return scoringRules(ctx, { annualPlanId: f.annualPlanId });
}

/**
 * Employees' KPAs and initiatives: per employee scorecard and key performance area, the KPA's weight (its KPIs'),
 * how many KPIs (initiatives) it holds and its weighted score, Σ(score × weight) ÷ 100, the share it adds to the
 * scorecard's total, with the adjusted one; KPIs outside any KPA form one row with no KPA. Paged on the server.
 */
export const employeeKpaInitiatives: CommandHook = async (ctx, _entity, input) => {
  const f = input as unknown as PagedFilter;
  const rules = await planRules(ctx, f);
  const period = reportPeriod(f.quarterIndex);
  const params: unknown[] = [ctx.companyId, f.annualPlanId];
  const cards = employeeCards(f, params);
  const [{ n }] = await ctx.tx.query<{ n: number }>(
    `WITH c AS (${cards}) SELECT count(*)::int AS n FROM (SELECT DISTINCT k.scorecard_id, k.key_performance_area_id FROM performance_kpi k WHERE k.company_id = $1 AND k.scorecard_id IN (SELECT id FROM c)) g`,
    params,
  );
  const groups = scorecardTotalsSql('performance_kpi', rules, [period], `SELECT id FROM c`, params, [
    'k.scorecard_id',
    'k.key_performance_area_id',
  ]);
  const p = periodKey(period);
  const list = await ctx.tx.query(
    `WITH c AS (${cards})
     SELECT c.employee_id AS "employeeId", c."employeeName", bu.name AS "businessUnit", d.name AS department, c.id AS "scorecardId", c.name AS scorecard,
            g.key_performance_area_id AS "keyPerformanceAreaId", a.name AS "keyPerformanceArea", g.weight::float8 AS weight, g.kpis AS initiatives,
            g.total_${p}::float8 AS "weightedScore", g.adjusted_${p}::float8 AS "adjustedWeightedScore"
       FROM (${groups}) g JOIN c ON c.id = g.scorecard_id
       LEFT JOIN performance_kpa a ON a.company_id = $1 AND a.id = g.key_performance_area_id
       ${ORG_NAMES}
      ORDER BY c."employeeName", c.employee_id, c.id, g.key_performance_area_id NULLS LAST${pageSql(f)}`,
    params,
  );
  return { list, total: n };
};

/**
 * The KPA export: one row per KPI of the employees' annual scorecards of a plan, with its employee, scorecard and
 * KPA, its weight, the target and actual of the quarter (or the year) and the score and adjusted score they give.
 * The page is chosen first, and only its KPIs are scored.
 */
export const kpaExport: CommandHook = async (ctx, _entity, input) => {
  const f = input as unknown as PagedFilter;
  const rules = await planRules(ctx, f);
  const period = reportPeriod(f.quarterIndex);
  const params: unknown[] = [ctx.companyId, f.annualPlanId];
  const cards = employeeCards(f, params);
  const [{ n }] = await ctx.tx.query<{ n: number }>(
    `WITH c AS (${cards}) SELECT count(*)::int AS n FROM performance_kpi k WHERE k.company_id = $1 AND k.scorecard_id IN (SELECT id FROM c)`,
    params,
  );
  const kpi = kpiScoreSql('k', rules, period, params.length + 1);
  params.push(...kpi.params);
  const { actual, target } = figures('k', period);
  const list = await ctx.tx.query(
    `WITH c AS (${cards}),
     k AS (SELECT k.*, c."employeeName", c.employee_id AS emp_id, c.name AS scorecard_name, c.business_unit_id AS unit_id, c.department_id AS dept_id
             FROM performance_kpi k JOIN c ON c.id = k.scorecard_id WHERE k.company_id = $1
            ORDER BY c."employeeName", c.employee_id, c.id, k.key_performance_area_id NULLS LAST, k.id${pageSql(f)})
     SELECT k.id, k."employeeName", bu.name AS "businessUnit", d.name AS department, k.scorecard_name AS scorecard, a.name AS "keyPerformanceArea",
            k.name AS kpi, k.kpi_type AS "kpiType", k.option_type AS "optionType", k.weight::float8 AS weight,
            ${target} AS target, ${actual} AS actual, ${kpi.score} AS score, ${kpi.adjusted} AS "adjustedScore"
       FROM k
       LEFT JOIN performance_kpa a ON a.company_id = $1 AND a.id = k.key_performance_area_id
       LEFT JOIN business_unit bu ON bu.company_id = $1 AND bu.id = k.unit_id
       LEFT JOIN department d ON d.company_id = $1 AND d.id = k.dept_id
      ORDER BY k."employeeName", k.emp_id, k.scorecard_id, k.key_performance_area_id NULLS LAST, k.id`,
    params,
  );
  return { list, total: n };
};
