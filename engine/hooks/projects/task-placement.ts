import { AppError } from '../../app-error.ts';
import type { BeforeWriteHook } from '../hook-registry.ts';
import { remainingBudget } from './remaining-budget.ts';
import { noSuchRecord } from '../../records/record-validator.ts';

/** beforeWrite of project-task: a task belongs to the project of its milestone; its remaining follows estimate and spending. */
export const placeTask: BeforeWriteHook<'project-task'> = async (ctx, _entity, _before, record) => {
  const [milestone] = await ctx.tx.query<{ projectId: number }>(
    `SELECT project_id AS "projectId" FROM milestone WHERE company_id = $1 AND id = $2`,
    [ctx.companyId, record.milestoneId],
  );
  if (!milestone) throw AppError.validation([noSuchRecord('milestoneId', ctx.registry.entity('milestone'))]);
  return { projectId: milestone.projectId, remaining: remainingBudget(record.estimatedCost, record.budgetSpent) };
};
