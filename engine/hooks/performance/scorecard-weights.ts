import { AppError } from '../../app-error.ts';
import type { TransitionHook } from '../hook-registry.ts';
import { text, type Text } from '../../i18n/text.ts';
import { wordedProblem } from '../../records/record-validator.ts';

/** The KPI weights of a scorecard total 100; what is wrong otherwise, for the message. */
export function weightProblem(weights: readonly (number | null | undefined)[]): Text | null {
  if (weights.length === 0) return text('refusal.scorecard.noKpis');
  const total = Math.round(weights.reduce<number>((s, w) => s + (w ?? 0), 0) * 100) / 100;
  if (total === 100) return null;
  const off = Math.round(Math.abs(100 - total) * 100) / 100;
  return text(total < 100 ? 'refusal.scorecard.weightsLeft' : 'refusal.scorecard.weightsOver', { total, off });
}

/** Approving a scorecard needs its weights to total 100. */
export const checkWeights: TransitionHook = async (ctx, _entity, scorecard) => {
  const rows = await ctx.tx.query<{ weight: number | null }>(`SELECT weight FROM performance_kpi WHERE company_id = $1 AND scorecard_id = $2`, [ctx.companyId, scorecard.id]);
  const problem = weightProblem(rows.map((r) => r.weight));
  if (problem) throw AppError.validation([wordedProblem('kpiList', problem)]);
};
