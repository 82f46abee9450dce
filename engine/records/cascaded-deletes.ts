import { writeAudits } from '../audit/audit-writer.ts';
import type { Row } from '../db/db.ts';
import { quoteIdent } from '../metadata/naming.ts';
import type { EntityDef, FieldDef } from '../metadata/registry.ts';
import type { CallContext } from './call-context.ts';
import { selectColumns } from './record-columns.ts';

/** A reference the database follows when the record it names is deleted: `cascade` deletes its records, `setNull` empties it (`x-onDelete`). */
interface CascadingRef {
  readonly entity: EntityDef;
  readonly field: FieldDef;
}

const refsCache = new WeakMap<EntityDef, CascadingRef[]>();

function cascadingRefs(ctx: CallContext, entity: EntityDef): CascadingRef[] {
  let refs = refsCache.get(entity);
  if (!refs) {
    refs = [...ctx.registry.entities.values()].flatMap((e) =>
      e.fields
        .filter((f) => f.ref === entity.name && f.onDelete !== 'restrict' && !f.computed)
        .map((field) => ({ entity: e, field })),
    );
    refsCache.set(entity, refs);
  }
  return refs;
}

/**
 * Writes the audit entries of the rows the database deletes with `rows` (ON DELETE CASCADE, level by level: a
 * scorecard's key performance areas and KPIs, an audit's working papers) and of the rows whose reference it empties
 * (ON DELETE SET NULL: the copies a deleted scorecard was cascaded to, as an `update`): read before the delete, one
 * query per referencing entity and level and one audit INSERT per entity, never a query per row. Called just before
 * the delete, so that every row it writes leaves its entry.
 */
export async function auditCascadedDeletes(
  ctx: CallContext,
  entity: EntityDef,
  rows: readonly Row[],
  action: string,
): Promise<void> {
  const seen = new Map<EntityDef, Set<number>>([[entity, new Set(rows.map((r) => Number(r.id)))]]);
  let level: [EntityDef, number[]][] = [[entity, rows.map((r) => Number(r.id))]];
  while (level.length) {
    const next: [EntityDef, number[]][] = [];
    for (const [parent, ids] of level)
      for (const { entity: child, field } of cascadingRefs(ctx, parent)) {
        const company = child.scope === 'company' ? ' AND company_id = $2' : '';
        const found = await ctx.tx.query(
          `SELECT ${selectColumns(child)} FROM ${quoteIdent(child.table)} WHERE ${quoteIdent(field.column)} = ANY($1)${company}`,
          company ? [ids, ctx.companyId] : [ids],
        );
        const known = seen.get(child) ?? new Set<number>();
        seen.set(child, known);
        const fresh = found.filter((r) => !known.has(Number(r.id)));
        if (!fresh.length) continue;
        if (field.onDelete === 'setNull') {
          await writeAudits(
            ctx,
            child,
            'update',
            fresh.map((before) => ({ before, after: { ...before, [field.name]: null } })),
          );
          continue;
        }
        for (const r of fresh) known.add(Number(r.id));
        await writeAudits(
          ctx,
          child,
          action,
          fresh.map((before) => ({ before, after: null })),
        );
        next.push([child, fresh.map((r) => Number(r.id))]);
      }
    level = next;
  }
}
