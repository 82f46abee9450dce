import { AppError } from '../../app-error.ts';
import { text } from '../../i18n/text.ts';
import type { EntityDef } from '../../metadata/registry.ts';
import type { CallContext } from '../../records/call-context.ts';
import { attachReferenceTitles } from '../../records/reference-titles.ts';
import type { BeforeWriteHook } from '../hook-registry.ts';
import { CASCADE_TARGETS } from './cascade-scope.ts';

/** The plan period a scorecard counts in: its annual plan, annual or periodic, and the quarter of a periodic one. */
interface PlanPeriod {
  readonly annualPlanId?: unknown;
  readonly period?: unknown;
  readonly quarterIndex?: unknown;
}

/**
 * One scorecard per employee (or unit) and annual plan period: a second one (made by hand, from the library or
 * cascaded from another scorecard) would be counted twice in every average. Refuses when any of `targets` (ids named
 * in `field` at `level`) has one already, other than `except` (the scorecard being changed); the caller is told
 * whose, by name, and where to go instead (`hint`: the cascade's words or the form's).
 */
export async function refuseSecondScorecard(
  ctx: CallContext,
  entity: EntityDef,
  period: PlanPeriod,
  level: string,
  field: string,
  targets: readonly number[],
  hint: 'refusal.scorecard.hasScorecardAlready' | 'refusal.scorecard.hasScorecardAlreadyAdd',
  except: number | null = null,
): Promise<void> {
  if (period.annualPlanId == null || !targets.length) return;
  const column = entity.field.get(field)!.column;
  const existing = await ctx.tx.query(
    `SELECT id, name, ${column} AS "${field}" FROM performance_scorecard
      WHERE company_id = $1 AND annual_plan_id = $2 AND level = $3 AND period = $4 AND quarter_index IS NOT DISTINCT FROM $5
        AND ${column} = ANY($6) AND id IS DISTINCT FROM $7 ORDER BY id`,
    [
      ctx.companyId,
      period.annualPlanId,
      level,
      period.period ?? 'Annual',
      period.quarterIndex ?? null,
      targets,
      except,
    ],
  );
  if (!existing.length) return;
  await attachReferenceTitles(ctx, entity, existing);
  const whose = [
    ...new Set(existing.map((r) => (r._titles as Record<string, string> | undefined)?.[field] ?? String(r[field]))),
  ];
  throw AppError.worded('conflict', text(hint, { names: whose.join(', '), scorecard: existing[0].name as string }));
}

/**
 * performance-scorecard beforeWrite: the same rule on every add and on a change of whose, which plan or which period
 * a scorecard is, whatever the path (the Add form, the API, a copy from the library, the cascade's copies).
 */
export const oneScorecardPerPlan: BeforeWriteHook<'performance-scorecard'> = async (ctx, entity, before, record) => {
  const target = CASCADE_TARGETS.find((t) => t.level === record.level);
  const id = target ? record[target.field] : undefined;
  if (!target || typeof id !== 'number') return {};
  const moved =
    !before ||
    (['level', 'annualPlanId', 'period', 'quarterIndex', target.field] as const).some(
      (f) => (before[f] ?? null) !== (record[f] ?? null),
    );
  if (moved)
    await refuseSecondScorecard(
      ctx,
      entity,
      record,
      target.level,
      target.field,
      [id],
      'refusal.scorecard.hasScorecardAlreadyAdd',
      before ? Number(before.id) : null,
    );
  return {};
};
