import type { CallContext } from '../../../records/call-context.ts';
import type { CommandHook } from '../../hook-registry.ts';
import { scoringRules } from '../scorecard-scores.ts';
import type { OrganisationFilter } from './company-performance.ts';
import { employeeNameSql, pageSql, reportPeriod, scorecardTotalsSql, totalColumns } from './scorecard-totals-sql.ts';

type PagedFilter = OrganisationFilter & { limit?: number; offset?: number };

/**
 * A page of the employees' annual scorecards of a plan, each with its weighted total and adjusted total for the
 * quarter (or the year), and how many there are in all: the page is chosen first and only its KPIs are scored.
 * `scope` narrows the employees (an SQL condition on `e` over `params`).
 */
async function employeeScorecardPage(ctx: CallContext, f: PagedFilter, params: unknown[], scope: string[]) {
  const rules = await scoringRules(ctx, { annualPlanId: f.annualPlanId });
  const where = [`s.company_id = $1`, `s.annual_plan_id = $2`, `s.level = 'employee'`, `s.period = 'Annual'`, ...scope];
  if (f.businessUnitId !== undefined) where.push(`e.business_unit_id = $${params.push(f.businessUnitId)}`);
  if (f.departmentId !== undefined) where.push(`e.department_id = $${params.push(f.departmentId)}`);
  const from = `performance_scorecard s JOIN employee e ON e.company_id = s.company_id AND e.id = s.employee_id WHERE ${where.join(' AND ')}`;
  const [{ n }] = await ctx.tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${from}`, params);
  const period = reportPeriod(f.quarterIndex);
  const pageParams = [...params];
  const page = `SELECT s.id, s.name, s.status, s.employee_id, ${employeeNameSql('e')} AS "employeeName", e.business_unit_id, e.department_id
                  FROM ${from} ORDER BY "employeeName", e.id, s.id${pageSql(f)}`;
  const totals = scorecardTotalsSql('performance_kpi', rules, [period], `SELECT id FROM page`, pageParams);
  const list = await ctx.tx.query(
    `WITH page AS (${page})
     SELECT p.id, p.name, p.status, p.employee_id AS "employeeId", p."employeeName", bu.name AS "businessUnit", d.name AS department,
            coalesce(t.kpis, 0) AS kpis, coalesce(t.weight, 0)::float8 AS weight, ${totalColumns(period)}
       FROM page p
       LEFT JOIN (${totals}) t ON t.scorecard_id = p.id
       LEFT JOIN business_unit bu ON bu.company_id = $1 AND bu.id = p.business_unit_id
       LEFT JOIN department d ON d.company_id = $1 AND d.id = p.department_id
      ORDER BY p."employeeName", p.employee_id, p.id`,
    pageParams,
  );
  return { list, total: n };
}

/** The employee scorecards report: every employee's annual scorecard of the plan with its totals, paged on the server. */
export const employeeScorecards: CommandHook = async (ctx, _entity, input) => {
  return employeeScorecardPage(ctx, input as unknown as PagedFilter, [ctx.companyId, input.annualPlanId], []);
};

/**
 * My inbox's employee scorecards report: the same, for the employees the signed-in employee supervises or stands in
 * for as acting supervisor, and no one else.
 */
export const subordinateScorecards: CommandHook = async (ctx, _entity, input) => {
  if (ctx.actor.employeeId === null) return { list: [], total: 0 };
  return employeeScorecardPage(
    ctx,
    input as unknown as PagedFilter,
    [ctx.companyId, input.annualPlanId, ctx.actor.employeeId],
    [`(e.supervisor_id = $3 OR e.acting_supervisor_id = $3)`],
  );
};
