import { listRecords, loadChildren } from '../../records/record-store.ts';
import type { CommandHook } from '../hook-registry.ts';

/**
 * GET risk/detailed[?kind=Strategic|Operational&…]: the spec's detailed strategic and operational risks, a page of
 * risks (any list filter, sort and paging) each with its controls, residual rating, mitigations and their progress
 * notes; one query per level of children, never one per risk.
 */
export const detailedRisks: CommandHook = async (ctx, entity, input) => {
  const query = Object.fromEntries(Object.entries(input).map(([k, v]) => [k, [String(v)]]));
  const page = await listRecords(ctx, entity, query);
  await loadChildren(ctx, entity.children, page.rows);
  return { list: page.rows, total: page.total, limit: page.limit, offset: page.offset };
};
