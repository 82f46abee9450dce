import type { Row } from '../db/db.ts';
import type { EntityDef } from '../metadata/registry.ts';
import { quoteIdent } from '../metadata/naming.ts';
import type { CallContext } from '../records/call-context.ts';

/**
 * The day a recipient's link works to the end of (a public flow's `expiresWith`: the 360 survey's end date), as
 * YYYY-MM-DD, read in the caller's transaction; null where the flow names none or the date is empty (its
 * `expiresInDays` then applies). The loader checked the path names a date field (public-flow-definition.ts).
 */
export async function linkLastDay(ctx: CallContext, entity: EntityDef, record: Row): Promise<string | null> {
  const path = entity.publicFlow?.expiresWith;
  if (!path) return null;
  const [first, second] = path.split('.');
  if (second === undefined) return record[first] ? String(record[first]).slice(0, 10) : null;
  const target = ctx.registry.entity(entity.field.get(first)!.ref!);
  if (record[first] === null || record[first] === undefined) return null;
  const [row] = await ctx.tx.query<{ day: string | null }>(
    `SELECT to_char(${quoteIdent(target.field.get(second)!.column)}, 'YYYY-MM-DD') AS day FROM ${quoteIdent(target.table)} WHERE company_id = $1 AND id = $2`,
    [ctx.companyId, record[first]],
  );
  return row?.day ?? null;
}

/**
 * The last moment of `day` where the server runs (as "today" is there for the flow's conditions): a link that works to
 * the end of the day, whose expiry is then written as that day.
 */
export function endOfDay(day: string): Date {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(new Date(y, m - 1, d + 1).getTime() - 1);
}
