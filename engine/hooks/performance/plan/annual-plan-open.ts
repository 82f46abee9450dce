import { AppError } from '../../../app-error.ts';
import { text } from '../../../i18n/text.ts';
import type { CallContext } from '../../../records/call-context.ts';
import type { EntityDef } from '../../../metadata/registry.ts';
import { entityLabel, noSuchRecord } from '../../../records/record-validator.ts';

/** The annual plan a record (of `entity`) belongs to, refused (409, code invalid_state) once the plan is closed. */
export async function assertPlanOpen(ctx: CallContext, annualPlanId: unknown, entity: EntityDef): Promise<{ id: number; name: string }> {
  const [plan] = await ctx.tx.query<{ id: number; name: string; status: string }>('SELECT id, name, status FROM annual_plan WHERE company_id = $1 AND id = $2', [ctx.companyId, annualPlanId]);
  if (!plan) throw AppError.validation([noSuchRecord('annualPlanId', ctx.registry.entity('annual-plan'))]);
  if (plan.status === 'Closed') throw AppError.worded('invalid_state', text('refusal.plan.closed', { plan: plan.name, entity: entityLabel(entity) }));
  return plan;
}
