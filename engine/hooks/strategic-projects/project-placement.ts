import { AppError } from '../../app-error.ts';
import type { BeforeWriteHook } from '../hook-registry.ts';

/** A strategic project's pillar must be one of its own annual plan's pillars. */
export const checkPillar: BeforeWriteHook = async (ctx, _entity, _before, project) => {
  if (project.projectPillarId === null || project.projectPillarId === undefined) return {};
  const [pillar] = await ctx.tx.query<{ planId: number }>(`SELECT project_plan_id AS "planId" FROM project_pillar WHERE company_id = $1 AND id = $2`, [ctx.companyId, project.projectPillarId]);
  if (pillar && pillar.planId !== project.projectPlanId) throw AppError.validation([{ field: 'projectPillarId', message: "is a pillar of another annual plan than the project's" }]);
  return {};
};
