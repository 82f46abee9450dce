import { recordRoleWhere } from '../../../access/record-role-sql.ts';
import { hiddenGroup, unreadablePeopleSql } from '../../../access/small-groups.ts';
import type { CommandHook } from '../../hook-registry.ts';
import { progressFilters } from './report-filters.ts';

/**
 * The percent of one progress entry: the percent entered, else actual against the KPI's target (target against
 * actual for a KPI where less is better), two decimals. `p` is the progress, `k` the KPI.
 */
const PERCENT = `COALESCE(p.percent, CASE WHEN k.option_type = 'DESC' THEN CASE WHEN p.actual <> 0 THEN round(k.target / p.actual * 100, 2) END
  ELSE CASE WHEN k.target <> 0 THEN round(p.actual / k.target * 100, 2) END END)`;

/**
 * GET company-progress/report?annualPlanId=[&month=&businessUnitId=&departmentId=]: per organisation KPI and month
 * with recorded progress, its target, the actual and the percent; business unit and department filter the scorecard.
 * Only the progress the caller may read: that of the scorecards they may read.
 */
export const companyReport: CommandHook = async (ctx, entity, input) => {
  const f = progressFilters(input, ['annualPlanId', 'month', 'businessUnitId', 'departmentId'], ['annualPlanId']);
  const params: unknown[] = [ctx.companyId, f.annualPlanId, f.month, f.businessUnitId, f.departmentId];
  const readable = recordRoleWhere(ctx, entity, (value) => `$${params.push(value)}`, 'p');
  const list = await ctx.tx.query(
    `SELECT m.id AS "periodId", m.month, s.id AS "scorecardId", s.name AS scorecard, k.id AS "kpiId", k.name AS kpi, k.target, p.actual, ${PERCENT} AS percent, p.comment
       FROM company_progress p
       JOIN monthly_progress_period m ON m.company_id = p.company_id AND m.id = p.period_id
       JOIN performance_kpi k ON k.company_id = p.company_id AND k.id = p.kpi_id
       JOIN performance_scorecard s ON s.company_id = k.company_id AND s.id = k.scorecard_id
      WHERE p.company_id = $1 AND m.annual_plan_id = $2 AND ($3::text IS NULL OR m.month = $3)
        AND ($4::bigint IS NULL OR s.business_unit_id = $4) AND ($5::bigint IS NULL OR s.department_id = $5)${readable ? ` AND ${readable}` : ''}
      ORDER BY m.start_date, s.name, s.id, k.id`,
    params,
  );
  return { list };
};

/**
 * GET employee-progress/report?annualPlanId=[&month=&businessUnitId=&departmentId=&groupBy=businessUnit|department]:
 * per business unit (or per department, the default) of the employees who reported, how many reported, how many
 * entries, and their average percent. A group whose average would tell the caller the progress of one or two
 * employees they may not read comes without it (`hidden`, see small-groups.ts).
 */
export const organisationalReport: CommandHook = async (ctx, entity, input) => {
  const f = progressFilters(
    input,
    ['annualPlanId', 'month', 'businessUnitId', 'departmentId', 'groupBy'],
    ['annualPlanId'],
  );
  const byDepartment = f.groupBy !== 'businessUnit';
  const params: unknown[] = [ctx.companyId, f.annualPlanId, f.month, f.businessUnitId, f.departmentId];
  const readable = recordRoleWhere(ctx, entity, (value) => `$${params.push(value)}`, 'p');
  const rows = await ctx.tx.query(
    `SELECT bu.id AS "businessUnitId", bu.name AS "businessUnit", ${byDepartment ? 'd.id' : 'NULL::bigint'} AS "departmentId", ${byDepartment ? 'd.name' : 'NULL::text'} AS department,
            count(DISTINCT p.employee_id)::int AS "employeesReporting", count(*)::int AS entries, round(avg(${PERCENT}), 2) AS "averagePercent",
            ${unreadablePeopleSql(readable, 'p.employee_id')} AS unreadable
       FROM employee_progress p
       JOIN monthly_progress_period m ON m.company_id = p.company_id AND m.id = p.period_id
       JOIN performance_kpi k ON k.company_id = p.company_id AND k.id = p.kpi_id
       JOIN employee e ON e.company_id = p.company_id AND e.id = p.employee_id
       LEFT JOIN business_unit bu ON bu.company_id = e.company_id AND bu.id = e.business_unit_id
       LEFT JOIN department d ON d.company_id = e.company_id AND d.id = e.department_id
      WHERE p.company_id = $1 AND m.annual_plan_id = $2 AND ($3::text IS NULL OR m.month = $3)
        AND ($4::bigint IS NULL OR e.business_unit_id = $4) AND ($5::bigint IS NULL OR e.department_id = $5)
      GROUP BY bu.id, bu.name${byDepartment ? ', d.id, d.name' : ''}
      ORDER BY bu.name NULLS LAST, bu.id${byDepartment ? ', d.name NULLS LAST, d.id' : ''}`,
    params,
  );
  const list = rows.map(({ unreadable, ...row }) =>
    hiddenGroup(Number(unreadable)) ? { ...row, averagePercent: null, hidden: true } : row,
  );
  return { list };
};
