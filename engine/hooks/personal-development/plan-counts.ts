import { AppError } from '../../app-error.ts';
import { fieldProblem } from '../../records/record-validator.ts';
import { optionLabel } from '../../i18n/message-words.ts';
import type { Row } from '../../db/db.ts';
import type { CallContext } from '../../records/call-context.ts';
import { applyUpdate, fetchOne } from '../../records/record-store.ts';
import { validateInput } from '../../records/record-validator.ts';
import type { AfterWriteHook, BeforeDeleteHook, CommandHook } from '../hook-registry.ts';
import { executionRate } from './execution-rate.ts';

interface Counts {
  requested: number;
  planned: number;
  completed: number;
  removed: number;
}

/** The employee trainings of one plan counted by status, in one statement; `without` leaves out a record about to go. */
async function countsOf(ctx: CallContext, planId: number, without: number | null = null): Promise<Counts> {
  const [c] = await ctx.tx.query<Counts>(
    `SELECT count(*) FILTER (WHERE status = 'Requested')::int AS requested, count(*) FILTER (WHERE status = 'Planned')::int AS planned,
            count(*) FILTER (WHERE status = 'Completed')::int AS completed, count(*) FILTER (WHERE status = 'Removed')::int AS removed
       FROM employee_training WHERE company_id = $1 AND annual_training_plan_id = $2 AND ($3::bigint IS NULL OR id <> $3)`,
    [ctx.companyId, planId, without],
  );
  return c;
}

/** Stores a plan's counts when they changed (locked, versioned and audited like any write). */
async function recount(ctx: CallContext, planId: number, without: number | null = null): Promise<void> {
  const plans = ctx.registry.entity('annual-training-plan');
  const plan = await fetchOne(ctx, plans, planId, true);
  const c = await countsOf(ctx, planId, without);
  const changes: Row = { requestedCount: c.requested, plannedCount: c.planned, completedCount: c.completed };
  if (Object.entries(changes).some(([k, v]) => plan[k] !== v))
    await applyUpdate(ctx, plans, plan, changes, 'count-trainings');
}

/**
 * afterWrite of employee-training: a planned or completed training belongs to a plan (a closed plan holds its
 * trainings: entity.json heldBy); the plans it left and joined get their counts again.
 */
export const countPlanTrainings: AfterWriteHook<'employee-training'> = async (ctx, entity, before, after) => {
  const planId = (after.annualTrainingPlanId as number | null) ?? null;
  if (planId === null && after.status !== 'Requested' && after.status !== 'Removed')
    throw AppError.validation([
      fieldProblem(entity, 'annualTrainingPlanId', 'refusal.training.planRequired', {
        state: optionLabel(after.status),
      }),
    ]);
  const plans = new Set([before?.annualTrainingPlanId, planId].filter((x): x is number => typeof x === 'number'));
  for (const id of plans) await recount(ctx, id);
};

/** beforeDelete of employee-training: its plan is counted without it. */
export const uncountPlanTraining: BeforeDeleteHook<'employee-training'> = async (ctx, _entity, record) => {
  if (typeof record.annualTrainingPlanId === 'number')
    await recount(ctx, record.annualTrainingPlanId, record.id as number);
};

const RATE_INPUT = {
  type: 'object',
  additionalProperties: false,
  required: ['id'],
  properties: { id: { type: 'string', pattern: '^[0-9]+$' } },
};

/** GET annual-training-plan/execution-rate?id=: the plan's trainings by status, counted in SQL, and its execution rate. */
export const planExecutionRate: CommandHook = async (ctx, entity, input) => {
  validateInput(RATE_INPUT, input);
  const plan = await fetchOne(ctx, entity, Number(input.id));
  const c = await countsOf(ctx, plan.id as number);
  return { annualTrainingPlanId: plan.id, ...c, executionRate: executionRate(c) };
};
