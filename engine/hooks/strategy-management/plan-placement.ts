import { AppError } from '../../app-error.ts';
import { fieldProblem, labelOf } from '../../records/record-validator.ts';
import { inSentence } from '../../i18n/message-words.ts';
import type { Db } from '../../db/db.ts';
import type { BeforeWriteHook, RecordDraft } from '../hook-registry.ts';

/** The strategic plan a pillar or a pillar objective belongs to (undefined when it is not the caller's company's: its foreign key refuses it). */
async function planOf(
  tx: Db,
  companyId: number | null,
  table: 'strategic_pillar' | 'pillar_objective',
  id: unknown,
): Promise<number | undefined> {
  if (id === null || id === undefined) return undefined;
  const [row] = await tx.query<{ plan: number }>(
    `SELECT strategic_plan_id AS plan FROM ${table} WHERE company_id = $1 AND id = $2`,
    [companyId, id],
  );
  return row?.plan;
}

/**
 * Pillar objectives, measures and initiatives carry the strategic plan of their pillar or objective, derived on every
 * write, so that a plan's lists filter by it directly and a client can never place them in another plan (that an
 * objective's perspective is one of that plan's, its `x-refMatch` declares).
 */
export const placeInPlan: BeforeWriteHook<'measure' | 'pillar-objective' | 'strategic-initiative'> = async (
  ctx,
  entity,
  _before,
  record,
) => {
  // the entity decides which of the two a record is
  const objective = record as RecordDraft<'pillar-objective'>;
  const underObjective = record as RecordDraft<'measure' | 'strategic-initiative'>;
  const strategicPlanId =
    entity.name === 'pillar-objective'
      ? await planOf(ctx.tx, ctx.companyId, 'strategic_pillar', objective.pillarId)
      : await planOf(ctx.tx, ctx.companyId, 'pillar_objective', underObjective.pillarObjectiveId);
  return strategicPlanId === undefined ? {} : { strategicPlanId };
};

/** A cause-and-effect link joins two different objectives of one plan; it carries that plan. */
export const linkObjectives: BeforeWriteHook<'objective-link'> = async (ctx, entity, _before, link) => {
  if (link.causeObjectiveId === link.effectObjectiveId)
    throw AppError.validation([
      fieldProblem(entity, 'effectObjectiveId', 'refusal.strategy.sameObjective', {
        cause: inSentence(labelOf(entity, 'causeObjectiveId')),
      }),
    ]);
  const [cause, effect] = await Promise.all([
    planOf(ctx.tx, ctx.companyId, 'pillar_objective', link.causeObjectiveId),
    planOf(ctx.tx, ctx.companyId, 'pillar_objective', link.effectObjectiveId),
  ]);
  if (cause !== undefined && effect !== undefined && cause !== effect)
    throw AppError.validation([
      fieldProblem(entity, 'effectObjectiveId', 'refusal.strategy.otherPlanThanCause', {
        cause: inSentence(labelOf(entity, 'causeObjectiveId')),
      }),
    ]);
  return cause === undefined ? {} : { strategicPlanId: cause };
};

/** A month's progress on a corporate scorecard's KPI carries that scorecard, so that the monthly view filters by the card. */
export const placeMonthlyProgress: BeforeWriteHook<'monthly-progress'> = async (ctx, _entity, _before, progress) => {
  const [kpi] = await ctx.tx.query<{ scorecardId: number }>(
    `SELECT scorecard_id AS "scorecardId" FROM performance_kpi WHERE company_id = $1 AND id = $2`,
    [ctx.companyId, progress.performanceKpiId],
  );
  return kpi ? { scorecardId: kpi.scorecardId } : {};
};
