import { AppError } from '../../app-error.ts';
import type { CallContext } from '../../records/call-context.ts';
import { noSuchRecord } from '../../records/record-validator.ts';

/** The annual plan a record belongs to, refused (409, code invalid_state) once the plan is closed. */
export async function assertPlanOpen(ctx: CallContext, annualPlanId: unknown, what: string): Promise<{ id: number; name: string }> {
  const [plan] = await ctx.tx.query<{ id: number; name: string; status: string }>('SELECT id, name, status FROM annual_plan WHERE company_id = $1 AND id = $2', [ctx.companyId, annualPlanId]);
  if (!plan) throw AppError.validation([noSuchRecord('annualPlanId', ctx.registry.entity('annual-plan'))]);
  if (plan.status === 'Closed') throw new AppError('invalid_state', `The annual plan "${plan.name}" is closed; ${what} can no longer be changed`);
  return plan;
}
