import { AppError, type FieldError } from '../../app-error.ts';
import { fieldProblem } from '../../records/record-validator.ts';
import { optionLabel } from '../../i18n/message-words.ts';
import type { BeforeWriteHook, EntityRecord } from '../hook-registry.ts';
import { rateByMatrix } from './company-risk-matrix.ts';

/** An operational risk runs from a start date to an end date; a strategic one need not. */
export function operationalDateFaults(
  risk: Partial<Pick<EntityRecord<'risk'>, 'kind' | 'startDate' | 'endDate'>>,
): FieldError[] {
  if (risk.kind !== 'Operational') return [];
  return (['startDate', 'endDate'] as const)
    .filter((f) => !risk[f])
    .map((field) => fieldProblem(null, field, 'refusal.risk.operationalDates'));
}

/**
 * A risk's inherent rating, derived from its impact and likelihood against the company's matrix whenever it is
 * written, so that a client can never set it; also refuses an operational risk without dates and a category of the
 * other kind.
 */
export const rateRisk: BeforeWriteHook<'risk'> = async (ctx, entity, _before, risk) => {
  const faults = operationalDateFaults(risk);
  if (risk.riskCategoryId !== null && risk.riskCategoryId !== undefined) {
    // a category of another company is not found here; the foreign key refuses it with its own message
    const [category] = await ctx.tx.query<{ kind: string }>(
      `SELECT kind FROM risk_category WHERE company_id = $1 AND id = $2`,
      [ctx.companyId, risk.riskCategoryId],
    );
    if (category && category.kind !== risk.kind)
      faults.push(
        fieldProblem(entity, 'riskCategoryId', 'refusal.risk.categoryKind', {
          kind: optionLabel(category.kind),
          riskKind: optionLabel(risk.kind),
        }),
      );
  }
  if (faults.length) throw AppError.validation(faults);
  return rateByMatrix(ctx, risk.impact, risk.likelihood);
};

/** A residual rating (the risk after its controls), derived the same way from its own impact and likelihood. */
export const rateResidual: BeforeWriteHook<'residual-rating'> = (ctx, _entity, _before, residual) =>
  rateByMatrix(ctx, residual.impact, residual.likelihood);
