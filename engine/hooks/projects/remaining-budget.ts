import type { BeforeWriteHook } from '../hook-registry.ts';

/** What is left of an estimate once the budget spent is taken off (negative when overspent); unknown without an estimate. */
export function remainingBudget(estimatedCost: unknown, budgetSpent: unknown): number | null {
  if (estimatedCost === null || estimatedCost === undefined || estimatedCost === '') return null;
  const spent = budgetSpent === null || budgetSpent === undefined || budgetSpent === '' ? 0 : Number(budgetSpent);
  return Math.round((Number(estimatedCost) - spent) * 100) / 100;
}

/** beforeWrite of project and milestone: the stored remaining follows the estimate and the spending. */
export const deriveRemaining: BeforeWriteHook<'milestone' | 'project'> = async (_ctx, _entity, _before, record) => ({
  remaining: remainingBudget(record.estimatedCost, record.budgetSpent),
});
