import type { Row } from '../db/db.ts';
import { actionLabel } from '../hooks/organisation/audit-entry-names.ts';
import type { EntityDef } from '../metadata/registry.ts';
import type { CallContext } from '../records/call-context.ts';
import { openRecordTrail } from './record-trail.ts';
import { parseListQuery } from '../records/list-query.ts';
import { titleFieldOf } from '../metadata/title-field.ts';

/** One write to a record as its history screen shows it: who, when, what, the fields it changed, for whom. */
export interface HistoryEntry {
  id: number;
  action: string;
  /** the i18n key of the action's words ("Added", a transition's button), else the action itself */
  actionLabel: string;
  doneAt: string;
  doneByName: string | null;
  /** the employee the record named for the step, when an administrator took it in their place */
  inPlaceOfName: string | null;
  /** the record's fields whose value the write changed (none for a delete) */
  changed: string[];
  /** a write to a record of one of its child collections (a KPI of a scorecard): which entity, and the record's title */
  child?: { entity: string; title: string };
}

export interface HistoryPage {
  entries: HistoryEntry[];
  total: number;
  limit: number;
  offset: number;
}

/** What every write changes by itself: not what a person did. */
const BOOKKEEPING = new Set(['id', 'version', 'companyId', 'createdAt', 'updatedAt', 'createdBy', 'updatedBy']);
const PAGE = 20;

/**
 * The audit trail of one record, newest first, a page at a time, for a caller who may read the record (by the same
 * roles and record roles as its read: a colleague who may not read an assessment reads none of its history either).
 * One query: the entries and their count together.
 */
export async function recordHistory(
  ctx: CallContext,
  entity: EntityDef,
  id: number,
  query: Readonly<Record<string, string | undefined>>,
): Promise<HistoryPage> {
  const companyId = await openRecordTrail(ctx, entity, id);
  // paged as a list is (its checks and words for a wrong limit or offset), and never by the record's own filters
  const { limit, offset } = parseListQuery(
    entity,
    { limit: [query.limit ?? String(PAGE)], offset: [query.offset ?? '0'] },
    1,
  );
  const params: unknown[] = [companyId, entity.name, id, limit, offset];
  // the writes to its child collections' records too (a scorecard's KPIs, added, changed and deleted ones alike)
  const children = companyId !== null ? followedChildren(ctx, entity) : [];
  const ofChildren = children
    .map(
      (c) =>
        ` OR (entity = $${params.push(c.entity)} AND coalesce(after->>$${params.push(c.via)}, before->>$${params.length}) = $3::text)`,
    )
    .join('');
  const rows = await ctx.tx.query<Row>(
    companyId !== null
      ? `SELECT id, entity, action, done_at AS "doneAt", done_by_name AS "doneByName", in_place_of_name AS "inPlaceOfName", before, after, count(*) OVER () AS total
           FROM audit_trail WHERE company_id = $1 AND ((entity = $2 AND record_id = $3)${ofChildren}) ORDER BY done_at DESC, id DESC LIMIT $4 OFFSET $5`
      : `SELECT id, entity, action, done_at AS "doneAt", done_by_name AS "doneByName", NULL AS "inPlaceOfName", before, after, count(*) OVER () AS total
           FROM platform_audit_trail WHERE $1::bigint IS NULL AND entity = $2 AND record_id = $3 ORDER BY done_at DESC, id DESC LIMIT $4 OFFSET $5`,
    params,
  );
  const readable = (e: EntityDef) => new Set(e.fields.filter((f) => !f.writeOnly).map((f) => f.name));
  const readableOf = new Map(
    [entity, ...children.map((c) => ctx.registry.entity(c.entity))].map((e) => [e.name, readable(e)]),
  );
  const titleOf = await childTitles(ctx, children, rows);
  return {
    entries: rows.map((r) => {
      const own = r.entity === entity.name;
      const child = own ? undefined : ctx.registry.entity(String(r.entity));
      return {
        id: Number(r.id),
        action: String(r.action),
        // a history row carries the trail entry's action, all the computed label reads
        actionLabel: String(actionLabel(r as unknown as Parameters<typeof actionLabel>[0], ctx.registry)),
        doneAt: r.doneAt instanceof Date ? r.doneAt.toISOString() : String(r.doneAt),
        doneByName: (r.doneByName as string | null) ?? null,
        inPlaceOfName: (r.inPlaceOfName as string | null) ?? null,
        changed: changedFields(r.before as Row | null, r.after as Row | null).filter((f) =>
          readableOf.get(String(r.entity))?.has(f),
        ),
        ...(child && { child: { entity: child.name, title: titleOf(r) } }),
      };
    }),
    total: rows.length ? Number(rows[0].total) : await countOf(ctx, entity, id, companyId),
    limit,
    offset,
  };
}

/**
 * How a child's write names its record: by its title field as written, or, for a record without one (a KPI
 * assessment), by the title of the record its other reference names (the KPI), read in one query per referenced entity.
 */
async function childTitles(
  ctx: CallContext,
  children: readonly { entity: string; via: string }[],
  rows: readonly Row[],
): Promise<(r: Row) => string> {
  const written = (r: Row) => ((r.after ?? r.before) as Row | null) ?? {};
  const namedBy = new Map<string, { field: string; ref: EntityDef } | undefined>();
  for (const c of children) {
    const child = ctx.registry.entity(c.entity);
    const field =
      titleFieldOf(child) === 'id' ? child.fields.find((f) => f.ref && !f.computed && f.name !== c.via) : undefined;
    namedBy.set(c.entity, field && { field: field.name, ref: ctx.registry.entity(field.ref!) });
  }
  const titles = new Map<string, Map<number, string>>();
  for (const by of new Set([...namedBy.values()].filter((b) => b !== undefined))) {
    const ids = rows
      .filter((r) => namedBy.get(String(r.entity)) === by)
      .map((r) => Number(written(r)[by.field]))
      .filter((n) => Number.isInteger(n));
    if (!ids.length) continue;
    const column = by.ref.field.get(titleFieldOf(by.ref))?.column ?? 'id';
    const found = await ctx.tx.query<{ id: number; title: string }>(
      `SELECT id, ${column}::text AS title FROM ${by.ref.table} WHERE company_id = $1 AND id = ANY($2)`,
      [ctx.companyId, [...new Set(ids)]],
    );
    titles.set(by.ref.name, new Map(found.map((f) => [Number(f.id), f.title])));
  }
  return (r) => {
    const w = written(r);
    const by = namedBy.get(String(r.entity));
    if (by) return titles.get(by.ref.name)?.get(Number(w[by.field])) ?? String(w[by.field] ?? w.id ?? '');
    return String(w[titleFieldOf(ctx.registry.entity(String(r.entity)))] ?? w.id ?? '');
  };
}

/**
 * The child collections whose writes belong to a record's history: those whose records are read by whoever reads the
 * record (`parent:<via>` in their read access, a scorecard's KPAs and KPIs), so that the history shows no one a write
 * to a record they could not read. One per child entity and reference.
 */
function followedChildren(ctx: CallContext, entity: EntityDef): { entity: string; via: string }[] {
  const seen = new Map<string, { entity: string; via: string }>();
  for (const c of entity.children)
    if (ctx.registry.entity(c.entity).access.read.includes(`parent:${c.via}` as never))
      seen.set(`${c.entity}|${c.via}`, { entity: c.entity, via: c.via });
  return [...seen.values()];
}

/** The fields an update changed; an add's filled fields; nothing for a delete. */
function changedFields(before: Row | null, after: Row | null): string[] {
  if (!after) return [];
  return Object.keys(after).filter(
    (k) =>
      !BOOKKEEPING.has(k) &&
      (before
        ? JSON.stringify(before[k] ?? null) !== JSON.stringify(after[k] ?? null)
        : after[k] !== null && after[k] !== undefined && after[k] !== ''),
  );
}

/** A page past the last entry still says how many there are. */
async function countOf(ctx: CallContext, entity: EntityDef, id: number, companyId: number | null): Promise<number> {
  const [r] = await ctx.tx.query<{ n: string }>(
    companyId !== null
      ? `SELECT count(*) AS n FROM audit_trail WHERE company_id = $1 AND entity = $2 AND record_id = $3`
      : `SELECT count(*) AS n FROM platform_audit_trail WHERE $1::bigint IS NULL AND entity = $2 AND record_id = $3`,
    [companyId, entity.name, id],
  );
  return Number(r.n);
}
