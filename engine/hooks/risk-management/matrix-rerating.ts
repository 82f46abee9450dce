import { quoteIdent } from '../../metadata/naming.ts';
import { rowsForWrite, updateRecords } from '../../records/bulk-writes.ts';
import type { CallContext } from '../../records/call-context.ts';
import type { AfterWriteHook } from '../hook-registry.ts';
import { companyRiskMatrix, forgetMatrix, seedingMatrix } from './company-risk-matrix.ts';

/**
 * Stored ratings follow the matrix: when a cell or a rating type changes, every risk and residual rating of the
 * company whose pair now rates differently is re-rated in the same transaction, through the record store's bulk
 * update (one statement per table, each row with its audit entry).
 */
export const rerateRisks: AfterWriteHook<'risk-rating' | 'risk-rating-type'> = async (ctx) => {
  if (seedingMatrix(ctx)) return;
  forgetMatrix(ctx);
  for (const entity of ['risk', 'residual-rating']) await rerateTable(ctx, entity);
};

async function rerateTable(ctx: CallContext, name: string): Promise<void> {
  const entity = ctx.registry.entity(name);
  const table = quoteIdent(entity.table);
  const changed = await rowsForWrite(
    ctx,
    entity,
    `EXISTS (SELECT 1 FROM risk_rating r JOIN risk_rating_type t ON t.company_id = r.company_id AND t.id = r.risk_rating_type_id
              WHERE r.company_id = $1 AND r.impact = ${table}.impact AND r.likelihood = ${table}.likelihood
                AND (${table}.rating_score, ${table}.rating) IS DISTINCT FROM (r.rating_score, t.name))`,
    [],
  );
  if (!changed.length) return;
  const cell = new Map((await companyRiskMatrix(ctx)).map((c) => [`${c.impact}|${c.likelihood}`, c]));
  // the ratings are derived from the matrix: they follow it whatever else the record is doing
  await updateRecords(
    ctx,
    entity,
    changed.map((r) => {
      const c = cell.get(`${r.impact}|${r.likelihood}`)!;
      return { before: r, set: { ratingScore: c.ratingScore, rating: c.rating } };
    }),
    'rerate',
    { derived: true },
  );
}
