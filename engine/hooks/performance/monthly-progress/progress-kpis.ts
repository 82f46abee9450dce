import { assertRecordAllowed } from '../../../access/access-policy.ts';
import { text } from '../../../i18n/text.ts';
import { recordRoleWhere } from '../../../access/record-role-sql.ts';
import { AppError } from '../../../app-error.ts';
import { notFound } from '../../../records/record-store.ts';
import { fieldProblem } from '../../../records/record-validator.ts';
import type { CommandHook } from '../../hook-registry.ts';
import { ORGANISATION_LEVELS } from './progress-checks.ts';
import { progressFilters } from './report-filters.ts';

async function periodPlan(ctx: Parameters<CommandHook>[0], periodId: number): Promise<number> {
  const [period] = await ctx.tx.query<{ annualPlanId: number }>(
    'SELECT annual_plan_id AS "annualPlanId" FROM monthly_progress_period WHERE company_id = $1 AND id = $2',
    [ctx.companyId, periodId],
  );
  if (!period) throw notFound(ctx.registry.entity('monthly-progress-period'), periodId);
  return period.annualPlanId;
}

/**
 * GET employee-progress/kpis?periodId=[&employeeId=]: the KPIs of an employee's annual scorecards of the period's plan,
 * each with the progress recorded for that month (null where none yet): what the entry screen edits. The employee
 * themselves, their supervisor or acting supervisor, or a module admin.
 */
export const employeeKpis: CommandHook = async (ctx, entity, input) => {
  const f = progressFilters(input, ['periodId', 'employeeId'], ['periodId']);
  const employeeId = f.employeeId ?? ctx.actor.employeeId;
  if (employeeId === null) throw AppError.validation([fieldProblem(entity, 'employeeId', 'validation.required')]);
  await assertRecordAllowed(
    ctx.tx,
    entity,
    entity.access.read,
    ctx.actor,
    { employeeId },
    text('refusal.access.readEmployeeProgress'),
  );
  const planId = await periodPlan(ctx, f.periodId!);
  return ctx.tx.query(
    `SELECT k.id AS "kpiId", k.name AS kpi, s.id AS "scorecardId", s.name AS scorecard, k.target, k.weight, k.option_type AS "optionType",
            ep.id, ep.version, ep.actual, ep.percent, ep.comment
       FROM performance_scorecard s
       JOIN performance_kpi k ON k.company_id = s.company_id AND k.scorecard_id = s.id
       LEFT JOIN employee_progress ep ON ep.company_id = k.company_id AND ep.period_id = $3 AND ep.kpi_id = k.id
      WHERE s.company_id = $1 AND s.employee_id = $2 AND s.annual_plan_id = $4 AND s.period = 'Annual'
      ORDER BY s.name, s.id, k.id`,
    [ctx.companyId, employeeId, f.periodId, planId],
  );
};

/**
 * GET company-progress/kpis?periodId=: the corporate, business unit and department KPIs of the period's plan, with the
 * month's progress; of the scorecards the caller may read (a module admin every one, an employee the visible ones).
 */
export const companyKpis: CommandHook = async (ctx, _entity, input) => {
  const f = progressFilters(input, ['periodId'], ['periodId']);
  const planId = await periodPlan(ctx, f.periodId!);
  const params: unknown[] = [ctx.companyId, f.periodId, planId, [...ORGANISATION_LEVELS]];
  const readable = recordRoleWhere(
    ctx,
    ctx.registry.entity('performance-scorecard'),
    (value) => `$${params.push(value)}`,
    's',
  );
  return ctx.tx.query(
    `SELECT k.id AS "kpiId", k.name AS kpi, s.id AS "scorecardId", s.name AS scorecard, s.level, k.target, k.weight, k.option_type AS "optionType",
            cp.id, cp.version, cp.actual, cp.percent, cp.comment
       FROM performance_scorecard s
       JOIN performance_kpi k ON k.company_id = s.company_id AND k.scorecard_id = s.id
       LEFT JOIN company_progress cp ON cp.company_id = k.company_id AND cp.period_id = $2 AND cp.kpi_id = k.id
      WHERE s.company_id = $1 AND s.annual_plan_id = $3 AND s.level = ANY($4::text[]) AND s.period = 'Annual'${readable ? ` AND ${readable}` : ''}
      ORDER BY s.name, s.id, k.id`,
    params,
  );
};
