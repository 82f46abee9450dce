import type { EntityRecord } from '../hook-registry.ts';

/**
 * A training plan's execution rate: the completed trainings as a percentage (one decimal) of all the trainings the plan
 * has planned, still planned or completed; removed ones do not count. null while nothing is planned.
 */
export function executionRate(counts: { planned: number; completed: number }): number | null {
  const all = counts.planned + counts.completed;
  if (!(all > 0)) return null;
  return Math.round((counts.completed * 1000) / all) / 10;
}

/** The computed field annual-training-plan.executionRate, from the plan's stored counts. */
export const planExecutionRateField = (
  plan: Pick<EntityRecord<'annual-training-plan'>, 'plannedCount' | 'completedCount'>,
): number | null =>
  executionRate({ planned: Number(plan.plannedCount ?? 0), completed: Number(plan.completedCount ?? 0) });
