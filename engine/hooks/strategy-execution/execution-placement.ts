import { AppError } from '../../app-error.ts';
import { text } from '../../i18n/text.ts';
import type { Row } from '../../db/db.ts';
import type { CallContext } from '../../records/call-context.ts';
import type { EntityDef } from '../../metadata/registry.ts';
import { moduleLabel } from '../../i18n/message-words.ts';
import { entityLabel, fieldProblem } from '../../records/record-validator.ts';
import type { BeforeWriteHook } from '../hook-registry.ts';
import { ratingPercent } from '../performance/scoring.ts';

interface Plan {
  id: number;
  strategicPlanId: number;
  approverId: number | null;
  accessControl: string;
  status: string;
}

export async function planById(ctx: CallContext, id: unknown): Promise<Plan | undefined> {
  if (id === null || id === undefined) return undefined;
  const [plan] = await ctx.tx.query<Plan>(
    `SELECT id, strategic_plan_id AS "strategicPlanId", approver_id AS "approverId", access_control AS "accessControl", status FROM execution_plan WHERE company_id = $1 AND id = $2`,
    [ctx.companyId, id],
  );
  return plan;
}

/**
 * What a restricted plan refuses: only module admins set its objectives and initiatives. (An accepted plan's are
 * settled by the plan's workflow lock, which holds its objectiveList and initiativeList.)
 */
export function assertPlanOpen(ctx: CallContext, plan: Plan, entity: EntityDef): void {
  if (
    plan.accessControl === 'Restricted' &&
    ctx.actor.role === 'employee' &&
    !ctx.actor.adminModules.has(entity.module)
  )
    throw AppError.worded(
      'forbidden',
      text('refusal.execution.restricted', { entity: entityLabel(entity), module: moduleLabel(entity.module) }),
    );
}

/** An annual objective is adopted from a pillar objective of the plan's own strategic plan. */
export const placeObjective: BeforeWriteHook<'annual-objective'> = async (ctx, entity, _before, objective) => {
  const plan = await planById(ctx, objective.executionPlanId);
  if (!plan) return {};
  assertPlanOpen(ctx, plan, entity);
  if (objective.pillarObjectiveId !== null && objective.pillarObjectiveId !== undefined) {
    const [source] = await ctx.tx.query<{ plan: number }>(
      `SELECT strategic_plan_id AS plan FROM pillar_objective WHERE company_id = $1 AND id = $2`,
      [ctx.companyId, objective.pillarObjectiveId],
    );
    if (source && source.plan !== plan.strategicPlanId)
      throw AppError.validation([
        fieldProblem(entity, 'pillarObjectiveId', 'refusal.field.otherPlan', {
          plan: entityLabel(ctx.registry.entity('strategic-plan')),
          entity: entityLabel(entity),
        }),
      ]);
  }
  return {};
};

/** An annual initiative carries its objective's plan; the plan's access control and acceptance decide whether it may change. */
export const placeInitiative: BeforeWriteHook<'annual-initiative'> = async (ctx, entity, _before, initiative) => {
  const [objective] = await ctx.tx.query<{ planId: number }>(
    `SELECT execution_plan_id AS "planId" FROM annual_objective WHERE company_id = $1 AND id = $2`,
    [ctx.companyId, initiative.annualObjectiveId],
  );
  if (!objective) return {};
  const plan = (await planById(ctx, objective.planId))!;
  assertPlanOpen(ctx, plan, entity);
  return { executionPlanId: plan.id };
};

async function cyclePlan(ctx: CallContext, cycleId: unknown): Promise<number | undefined> {
  if (cycleId === null || cycleId === undefined) return undefined;
  const [cycle] = await ctx.tx.query<{ planId: number }>(
    `SELECT execution_plan_id AS "planId" FROM performance_review_cycle WHERE company_id = $1 AND id = $2`,
    [ctx.companyId, cycleId],
  );
  return cycle?.planId;
}

/** An initiative's target for a cycle: the cycle must be one of the initiative's plan. */
export const checkInitiativeCycle: BeforeWriteHook<'initiative-cycle'> = async (ctx, entity, _before, row) => {
  const [initiative] = await ctx.tx.query<{ planId: number }>(
    `SELECT execution_plan_id AS "planId" FROM annual_initiative WHERE company_id = $1 AND id = $2`,
    [ctx.companyId, row.annualInitiativeId],
  );
  const planId = await cyclePlan(ctx, row.performanceReviewCycleId);
  if (initiative && planId !== undefined && planId !== initiative.planId)
    throw AppError.validation([
      fieldProblem(entity, 'performanceReviewCycleId', 'refusal.field.otherPlan', {
        plan: entityLabel(ctx.registry.entity('execution-plan')),
        entity: entityLabel(entity),
      }),
    ]);
  return {};
};

/**
 * A performance review of one initiative in one cycle: derives its plan, business unit, owner (who sets and submits it),
 * the plan's approver (who accepts it), the target (the initiative's for that cycle, else its own) and the percent
 * achieved, so that none of them can be forged; the cycle must be of the initiative's plan.
 */
export const placeReview: BeforeWriteHook<'performance-review'> = async (ctx, entity, _before, review) => {
  const [initiative] = await ctx.tx.query<{
    planId: number;
    businessUnitId: number;
    ownerId: number | null;
    target: number | null;
    optionType: string;
    cycleTarget: number | null;
    approverId: number | null;
  }>(
    `SELECT ai.execution_plan_id AS "planId", ai.business_unit_id AS "businessUnitId", ai.owner_id AS "ownerId", ai.target::float8 AS target, ai.option_type AS "optionType",
            ic.target::float8 AS "cycleTarget", ep.approver_id AS "approverId"
       FROM annual_initiative ai
       JOIN execution_plan ep ON ep.company_id = ai.company_id AND ep.id = ai.execution_plan_id
       LEFT JOIN initiative_cycle ic ON ic.company_id = ai.company_id AND ic.annual_initiative_id = ai.id AND ic.performance_review_cycle_id = $3
      WHERE ai.company_id = $1 AND ai.id = $2`,
    [ctx.companyId, review.annualInitiativeId, review.performanceReviewCycleId],
  );
  if (!initiative) return {};
  const planId = await cyclePlan(ctx, review.performanceReviewCycleId);
  if (planId !== undefined && planId !== initiative.planId)
    throw AppError.validation([
      fieldProblem(entity, 'performanceReviewCycleId', 'refusal.field.otherPlan', {
        plan: entityLabel(ctx.registry.entity('execution-plan')),
        entity: entityLabel(entity),
      }),
    ]);
  const target = initiative.cycleTarget ?? initiative.target;
  const actual = review.actual === null || review.actual === undefined ? null : Number(review.actual);
  const derived: Row = {
    executionPlanId: initiative.planId,
    businessUnitId: initiative.businessUnitId,
    ownerId: initiative.ownerId,
    approverId: initiative.approverId,
    target,
    percent: actual === null || target === null ? null : ratingPercent(actual, target, initiative.optionType ?? 'ASC'),
  };
  return derived;
};

/** A review of the whole annual plan: accepted by the plan's approver; its cycle must be of that plan. */
export const placePlanReview: BeforeWriteHook<'annual-plan-performance-review'> = async (
  ctx,
  entity,
  _before,
  review,
) => {
  const plan = await planById(ctx, review.executionPlanId);
  if (!plan) return {};
  const planId = await cyclePlan(ctx, review.performanceReviewCycleId);
  if (planId !== undefined && planId !== plan.id)
    throw AppError.validation([
      fieldProblem(entity, 'performanceReviewCycleId', 'refusal.field.otherPlan', {
        plan: entityLabel(ctx.registry.entity('execution-plan')),
        entity: entityLabel(entity),
      }),
    ]);
  return { approverId: plan.approverId };
};
