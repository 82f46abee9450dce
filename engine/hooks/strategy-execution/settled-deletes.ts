import { AppError } from '../../app-error.ts';
import { entityLabel } from '../../records/record-validator.ts';
import { optionLabel } from '../../i18n/message-words.ts';
import { text } from '../../i18n/text.ts';
import type { BeforeDeleteHook } from '../hook-registry.ts';
import { assertPlanOpen, planById } from './execution-placement.ts';

/** An accepted annual plan's objectives are settled: removing one is a change like any other (reopen the plan first). */
export const keepSettledObjective: BeforeDeleteHook = async (ctx, entity, objective) => {
  const plan = await planById(ctx, objective.executionPlanId);
  if (plan) assertPlanOpen(ctx, plan, entity);
};

/** The same for an accepted plan's initiatives. */
export const keepSettledInitiative: BeforeDeleteHook = async (ctx, entity, initiative) => {
  const plan = await planById(ctx, initiative.executionPlanId);
  if (plan) assertPlanOpen(ctx, plan, entity);
};

/** An accepted review is what the strategy map and the reports count: it stays. */
export const keepAcceptedReview: BeforeDeleteHook = async (_ctx, entity, review) => {
  if (review.status === 'Accepted') throw AppError.worded('invalid_state', text('refusal.record.settledDelete', { entity: entityLabel(entity), state: optionLabel(review.status) }));
};
