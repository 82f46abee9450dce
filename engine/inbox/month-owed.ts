/**
 * The rule of a month's progress owed, written once for My inbox (the caller's and their reports') and the
 * dashboard's link: an open month of a plan in which the employee has an annual scorecard with KPIs and has reported
 * nothing. `period` is the monthly_progress_period's alias, `employee` the SQL of the employee's id; $1 is the company.
 */
export const monthOwedWhere = (period: string, employee: string): string =>
  `${period}.company_id = $1 AND ${period}.status = 'Open'
    AND EXISTS (SELECT 1 FROM performance_scorecard s JOIN performance_kpi k ON k.company_id = s.company_id AND k.scorecard_id = s.id
       WHERE s.company_id = $1 AND s.employee_id = ${employee} AND s.annual_plan_id = ${period}.annual_plan_id AND s.period = 'Annual')
    AND NOT EXISTS (SELECT 1 FROM employee_progress g WHERE g.company_id = $1 AND g.period_id = ${period}.id AND g.employee_id = ${employee})`;
