import type { CallContext } from '../../records/call-context.ts';

/** The paging a report call takes (?limit=&offset=), as JSON Schema properties of its query. */
export const PAGE_PROPERTIES = {
  limit: { type: 'string', pattern: '^[0-9]+$' },
  offset: { type: 'string', pattern: '^[0-9]+$' },
} as const;

/** One page of an aggregating query and its total: two statements, whatever the number of rows. */
export async function reportPage(ctx: CallContext, sql: string, params: unknown[], input: Record<string, unknown>) {
  const limit = Math.min(Math.max(Number(input.limit ?? 100), 1), 500);
  const offset = Number(input.offset ?? 0);
  const [list, [{ n }]] = await Promise.all([
    ctx.tx.query<Record<string, unknown>>(`SELECT * FROM (${sql}) r LIMIT ${limit} OFFSET ${offset}`, params, {
      prepare: false,
    }),
    ctx.tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM (${sql}) r`, params, { prepare: false }),
  ]);
  return { list, total: n, limit, offset };
}
