import { AppError } from '../../app-error.ts';
import type { TransitionHook } from '../hook-registry.ts';

/** The KPI weights of a scorecard total 100; what is wrong otherwise, for the message. */
export function weightProblem(weights: readonly (number | null | undefined)[]): string | null {
  if (weights.length === 0) return 'A scorecard needs at least one KPI';
  const total = Math.round(weights.reduce<number>((s, w) => s + (w ?? 0), 0) * 100) / 100;
  return total === 100 ? null : `The KPI weights must total 100; they total ${total} (${total < 100 ? `${Math.round((100 - total) * 100) / 100} left` : `${Math.round((total - 100) * 100) / 100} too many`})`;
}

/** Approving a scorecard needs its weights to total 100. */
export const checkWeights: TransitionHook = async (ctx, _entity, scorecard) => {
  const rows = await ctx.tx.query<{ weight: number | null }>(`SELECT weight FROM performance_kpi WHERE company_id = $1 AND scorecard_id = $2`, [ctx.companyId, scorecard.id]);
  const problem = weightProblem(rows.map((r) => r.weight));
  if (problem) throw AppError.validation([{ field: 'kpiList', message: problem }]);
};
