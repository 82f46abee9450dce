import { AppError } from '../../app-error.ts';
import { entityLabel, fieldProblem } from '../../records/record-validator.ts';
import type { BeforeWriteHook } from '../hook-registry.ts';

/** A strategic project's pillar must be one of its own annual plan's pillars. */
export const checkPillar: BeforeWriteHook<'strategic-project'> = async (ctx, entity, _before, project) => {
  if (project.projectPillarId === null || project.projectPillarId === undefined) return {};
  const [pillar] = await ctx.tx.query<{ planId: number }>(
    `SELECT project_plan_id AS "planId" FROM project_pillar WHERE company_id = $1 AND id = $2`,
    [ctx.companyId, project.projectPillarId],
  );
  if (pillar && pillar.planId !== project.projectPlanId)
    throw AppError.validation([
      fieldProblem(entity, 'projectPillarId', 'refusal.field.otherPlan', {
        plan: entityLabel(ctx.registry.entity('project-plan')),
        entity: entityLabel(entity),
      }),
    ]);
  return {};
};
