import { assertRecordAllowed } from '../../../access/access-policy.ts';
import { text } from '../../../i18n/text.ts';
import { AppError } from '../../../app-error.ts';
import type { Row } from '../../../db/db.ts';
import { addRecord, applyUpdate, fetchOne, notFound, readRecord } from '../../../records/record-store.ts';
import { entityLabel, fieldProblem } from '../../../records/record-validator.ts';
import type { BeforeWriteHook, CommandHook } from '../../hook-registry.ts';

/** A performance plan stays with its employee and plan (and is held while that plan is Closed: entity.json heldBy). */
export const checkPlanOpen: BeforeWriteHook<'performance-plan'> = async (_ctx, entity, before, record) => {
  if (before) {
    const moved = (['employeeId', 'annualPlanId'] as const).filter((f) => record[f] !== before[f]);
    if (moved.length)
      throw AppError.validation(
        moved.map((field) => fieldProblem(entity, field, 'refusal.field.fixed', { entity: entityLabel(entity) })),
      );
  }
  return {};
};

/**
 * POST performance-plan/set {annualPlanId, employeeId?, plan?, status?}: the employee's performance plan for an annual
 * plan, added or changed (one per employee and plan), by the employee or their supervisor or acting supervisor.
 */
export const setPerformancePlan: CommandHook = async (ctx, entity, input) => {
  const employeeId = (input.employeeId as number | undefined) ?? ctx.actor.employeeId;
  if (employeeId === null) throw AppError.validation([fieldProblem(entity, 'employeeId', 'validation.required')]);
  // any employee may call set; whose plan it may be is decided here: their own, or that of an employee they supervise
  await assertRecordAllowed(
    ctx.tx,
    entity,
    ['self', 'supervisor'],
    ctx.actor,
    { employeeId },
    text('refusal.access.setPerformancePlan'),
  );
  // another company's plan, or none, is not found (before anything is written)
  const [plan] = await ctx.tx.query('SELECT id FROM annual_plan WHERE company_id = $1 AND id = $2', [
    ctx.companyId,
    input.annualPlanId,
  ]);
  if (!plan) throw notFound(ctx.registry.entity('annual-plan'), input.annualPlanId);
  const values: Row = {};
  for (const f of ['plan', 'status'] as const) if (input[f] !== undefined) values[f] = input[f];
  const [existing] = await ctx.tx.query<{ id: number }>(
    'SELECT id FROM performance_plan WHERE company_id = $1 AND employee_id = $2 AND annual_plan_id = $3',
    [ctx.companyId, employeeId, input.annualPlanId],
  );
  const row = existing
    ? await applyUpdate(ctx, entity, await fetchOne(ctx, entity, existing.id, true), values, 'set')
    : await addRecord(
        ctx,
        entity,
        { employeeId, annualPlanId: input.annualPlanId, ...values },
        { checked: true, action: 'set' },
      );
  return readRecord(ctx, entity, row.id);
};
