import type { BeforeDeleteHook } from '../hook-registry.ts';
import { assertPlanOpen, planById } from './execution-placement.ts';

/** A restricted plan's objectives are removed by module admins only (an accepted plan's lock keeps them all). */
export const keepSettledObjective: BeforeDeleteHook<'annual-objective'> = async (ctx, entity, objective) => {
  const plan = await planById(ctx, objective.executionPlanId);
  if (plan) assertPlanOpen(ctx, plan, entity);
};

/** The same for a restricted plan's initiatives. */
export const keepSettledInitiative: BeforeDeleteHook<'annual-initiative'> = async (ctx, entity, initiative) => {
  const plan = await planById(ctx, initiative.executionPlanId);
  if (plan) assertPlanOpen(ctx, plan, entity);
};
