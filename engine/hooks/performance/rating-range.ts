import { AppError, type FieldError } from '../../app-error.ts';
import type { CallContext } from '../../records/call-context.ts';
import { fieldProblem } from '../../records/record-validator.ts';

/** The ratings a person may give: whole numbers from the lowest to the highest rating of a plan's rating scale. */
export interface RatingRange {
  min: number;
  max: number;
}

/** Ratings 1..5 when a plan has no rating scale yet (the default bands' ratings). */
export const DEFAULT_RATING_RANGE: RatingRange = Object.freeze({ min: 1, max: 5 });

/**
 * The rating range of the plan a scorecard is scored under: its annual plan's strategic plan's rating scale, or its
 * operational plan's; the default 1..5 when that plan has no bands.
 */
export async function scorecardRatingRange(ctx: CallContext, scorecardId: unknown): Promise<RatingRange> {
  const [r] = await ctx.tx.query<{ min: unknown; max: unknown }>(
    `SELECT min(r.rating) AS min, max(r.rating) AS max
       FROM performance_scorecard s
       LEFT JOIN annual_plan a ON a.company_id = s.company_id AND a.id = s.annual_plan_id
       JOIN rating_scale r ON r.company_id = s.company_id
        AND (r.strategic_plan_id = a.strategic_plan_id OR (s.annual_plan_id IS NULL AND r.operational_plan_id = s.operational_plan_id))
      WHERE s.company_id = $1 AND s.id = $2`,
    [ctx.companyId, scorecardId],
  );
  return r && r.min !== null && r.max !== null ? { min: Number(r.min), max: Number(r.max) } : DEFAULT_RATING_RANGE;
}

/** The rating range of a plan's rating scale (an annual plan's strategic plan's, or an operational plan's); 1..5 without bands. */
export async function planRatingRange(
  ctx: CallContext,
  plan: { annualPlanId: number } | { operationalPlanId: number },
): Promise<RatingRange> {
  const [r] = await ctx.tx.query<{ min: unknown; max: unknown }>(
    'annualPlanId' in plan
      ? `SELECT min(rating) AS min, max(rating) AS max FROM rating_scale WHERE company_id = $1 AND strategic_plan_id = (SELECT strategic_plan_id FROM annual_plan WHERE company_id = $1 AND id = $2)`
      : `SELECT min(rating) AS min, max(rating) AS max FROM rating_scale WHERE company_id = $1 AND operational_plan_id = $2`,
    [ctx.companyId, 'annualPlanId' in plan ? plan.annualPlanId : plan.operationalPlanId],
  );
  return r && r.min !== null && r.max !== null ? { min: Number(r.min), max: Number(r.max) } : DEFAULT_RATING_RANGE;
}

/**
 * The problem with a score someone entered, as the key of its message, or null: it must be a whole rating of the
 * scale (a 7 or a 3.5 on a 1–5 scale is refused); `zeroAllowed` for a score whose 0 means "none" (an adjusted score
 * that adjusts nothing).
 */
export function scoreProblem(
  value: unknown,
  range: RatingRange,
  zeroAllowed = false,
): 'validation.between' | 'refusal.score.wholeBetween' | null {
  if (value === null || value === undefined) return null;
  if (zeroAllowed && value === 0) return null;
  const n = value as number;
  if (typeof n !== 'number' || n < range.min || n > range.max) return 'validation.between';
  if (!Number.isInteger(n)) return 'refusal.score.wholeBetween';
  return null;
}

/** Refuses (422) the scores of `values` that are not ratings of the scale, each named by its field and its label. */
export function assertScores(
  ctx: CallContext,
  entityName: string,
  values: Record<string, unknown>,
  fields: readonly string[],
  range: RatingRange,
  opts: { zeroAllowed?: readonly string[]; pathPrefix?: string } = {},
): void {
  const entity = ctx.registry.entity(entityName);
  const faults: FieldError[] = [];
  for (const field of fields) {
    const key = scoreProblem(values[field], range, opts.zeroAllowed?.includes(field));
    if (key)
      faults.push(
        fieldProblem(
          entity,
          `${opts.pathPrefix ?? ''}${field}`,
          key,
          { min: range.min, max: range.max },
          undefined,
          opts.pathPrefix,
        ),
      );
  }
  if (faults.length) throw AppError.validation(faults);
}
