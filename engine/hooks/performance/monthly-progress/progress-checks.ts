import { AppError } from '../../../app-error.ts';
import { text } from '../../../i18n/text.ts';
import type { CallContext } from '../../../records/call-context.ts';
import type { BeforeWriteHook } from '../../hook-registry.ts';
import { fieldProblem, noSuchRecord, wordedProblem } from '../../../records/record-validator.ts';
import { notFound } from '../../../records/record-store.ts';
import type { EntityDef } from '../../../metadata/registry.ts';
import { optionLabel } from '../../../i18n/message-words.ts';

/** The scorecard levels whose KPIs are the organisation's own (company progress), not an employee's. */
export const ORGANISATION_LEVELS = ['corporate', 'business-unit', 'department'] as const;

interface Period {
  id: number;
  annualPlanId: number;
  month: string;
  status: string;
}

interface KpiPlace {
  id: number;
  name: string;
  employeeId: number | null;
  annualPlanId: number | null;
  level: string;
}

/** The period progress is entered in; refused (422, code outside_window) unless a module admin has opened it. */
export async function openPeriod(ctx: CallContext, periodId: unknown): Promise<Period> {
  const [period] = await ctx.tx.query<Period>(
    'SELECT id, annual_plan_id AS "annualPlanId", month, status FROM monthly_progress_period WHERE company_id = $1 AND id = $2',
    [ctx.companyId, periodId],
  );
  if (!period) throw notFound(ctx.registry.entity('monthly-progress-period'), periodId);
  if (period.status !== 'Open')
    throw AppError.worded('outside_window', text('refusal.progress.periodClosed', { month: period.month }));
  return period;
}

/** A KPI with the scorecard it sits on (whose employee, which plan, which level). */
export async function kpiPlace(ctx: CallContext, kpiId: unknown): Promise<KpiPlace> {
  const [kpi] = await ctx.tx.query<KpiPlace>(
    `SELECT k.id, k.name, s.employee_id AS "employeeId", s.annual_plan_id AS "annualPlanId", s.level
       FROM performance_kpi k JOIN performance_scorecard s ON s.company_id = k.company_id AND s.id = k.scorecard_id
      WHERE k.company_id = $1 AND k.id = $2`,
    [ctx.companyId, kpiId],
  );
  if (!kpi) throw AppError.validation([noSuchRecord('kpiId', ctx.registry.entity('performance-kpi'))]);
  return kpi;
}

/** A progress record stays on its period and KPI (and employee): to move it, delete it and enter it anew. */
function assertNotMoved<R extends object>(
  entity: EntityDef,
  before: R | null,
  record: NoInfer<Partial<R>>,
  fields: readonly (keyof R & string)[],
): void {
  if (!before) return;
  const moved = fields.filter((f) => record[f] !== before[f]);
  if (moved.length)
    throw AppError.validation(moved.map((field) => fieldProblem(entity, field, 'refusal.progress.fixed')));
}

function assertSamePlan(kpi: KpiPlace, period: Period): void {
  if (kpi.annualPlanId !== period.annualPlanId)
    throw AppError.validation([
      wordedProblem('kpiId', text('refusal.progress.otherPlan', { kpi: kpi.name, month: period.month })),
    ]);
}

/**
 * Employee progress: in an open period, on a KPI of an employee's scorecard of that period's plan; the progress
 * belongs to that employee (derived, so that self and supervisor are decided on the KPI's owner).
 */
export const checkEmployeeProgress: BeforeWriteHook<'employee-progress'> = async (ctx, entity, before, record) => {
  assertNotMoved(entity, before, record, ['periodId', 'kpiId']);
  const period = await openPeriod(ctx, record.periodId);
  const kpi = await kpiPlace(ctx, record.kpiId);
  if (kpi.employeeId === null)
    throw AppError.validation([wordedProblem('kpiId', text('refusal.progress.notEmployeeKpi', { kpi: kpi.name }))]);
  assertSamePlan(kpi, period);
  return { employeeId: kpi.employeeId };
};

/** Company progress: in an open period, on a KPI of a corporate, business-unit or department scorecard of that period's plan. */
export const checkCompanyProgress: BeforeWriteHook<'company-progress'> = async (ctx, entity, before, record) => {
  assertNotMoved(entity, before, record, ['periodId', 'kpiId']);
  const period = await openPeriod(ctx, record.periodId);
  const kpi = await kpiPlace(ctx, record.kpiId);
  if (!(ORGANISATION_LEVELS as readonly string[]).includes(kpi.level))
    throw AppError.validation([
      wordedProblem('kpiId', text('refusal.progress.notCompanyKpi', { kpi: kpi.name, level: optionLabel(kpi.level) })),
    ]);
  assertSamePlan(kpi, period);
  return {};
};
