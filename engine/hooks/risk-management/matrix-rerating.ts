import { writeAudit } from '../../audit/audit-writer.ts';
import type { CallContext } from '../../records/call-context.ts';
import type { AfterWriteHook } from '../hook-registry.ts';
import { forgetMatrix, seedingMatrix } from './company-risk-matrix.ts';

/**
 * Stored ratings follow the matrix: when a cell or a rating type changes, every risk and residual rating of the
 * company whose pair now rates differently is re-rated in the same transaction, each with its audit entry.
 */
export const rerateRisks: AfterWriteHook<'risk-rating' | 'risk-rating-type'> = async (ctx) => {
  if (seedingMatrix(ctx)) return;
  forgetMatrix(ctx);
  for (const entity of ['risk', 'residual-rating']) await rerateTable(ctx, entity);
};

async function rerateTable(ctx: CallContext, name: string): Promise<void> {
  const entity = ctx.registry.entity(name);
  // The self-join "old" sees each row as it was before this statement, so the audit gets before and after.
  const changed = await ctx.tx.query(
    `UPDATE ${entity.table} x SET rating_score = m.rating_score, rating = m.name, version = x.version + 1, updated_at = now(), updated_by = $2
       FROM ${entity.table} old,
            (SELECT r.impact, r.likelihood, r.rating_score, t.name FROM risk_rating r JOIN risk_rating_type t ON t.company_id = r.company_id AND t.id = r.risk_rating_type_id WHERE r.company_id = $1) m
      WHERE x.company_id = $1 AND old.company_id = $1 AND old.id = x.id AND m.impact = x.impact AND m.likelihood = x.likelihood
        AND (x.rating_score, x.rating) IS DISTINCT FROM (m.rating_score, m.name)
  RETURNING x.id, x.version, old.rating_score AS "beforeScore", old.rating AS "beforeRating", x.rating_score AS "ratingScore", x.rating AS rating`,
    [ctx.companyId, ctx.actor.accountId],
  );
  for (const r of changed)
    await writeAudit(ctx, entity, 'rerate', { id: r.id, version: Number(r.version) - 1, ratingScore: r.beforeScore, rating: r.beforeRating }, { id: r.id, version: r.version, ratingScore: r.ratingScore, rating: r.rating });
}
