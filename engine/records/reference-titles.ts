import type { Row } from '../db/db.ts';
import type { ChildDef, EntityDef } from '../metadata/registry.ts';
import { quoteIdent } from '../metadata/naming.ts';
import { titleFieldOf } from '../metadata/title-field.ts';
import type { CallContext } from './call-context.ts';
import { selectColumns } from './record-columns.ts';
import { rememberedTitle, rememberTitle } from './title-cache.ts';
import { withComputed } from './record-store.ts';

/**
 * Names, on each row of a reply, the records its references point to (`_titles`: `{ "kpiId": "Customer
 * satisfaction" }`), so that every screen shows a reference by its title and never by its id. A reference is part of
 * the record: whoever may read the row reads the title of what it names, also where they may not list that entity
 * itself (an employee's KPI assessments name the KPIs of her own scorecard). The rows' children (`children`) get
 * theirs in the same go: one query per referenced entity for the whole reply, however many rows.
 */
export async function attachReferenceTitles(
  ctx: CallContext,
  entity: EntityDef,
  rows: Row[],
  children: readonly ChildDef[] = [],
  opts: { ownTitled?: boolean } = {},
): Promise<void> {
  const pairs: { entity: EntityDef; rows: Row[] }[] = [];
  const gather = (e: EntityDef, rs: Row[], kids: readonly ChildDef[], titled = false) => {
    if (!rs.length) return;
    // `ownTitled`: the rows got theirs in their own statement (joined-titles.ts, a read by id); their children did not
    if (!titled) pairs.push({ entity: e, rows: rs });
    for (const c of kids)
      gather(
        ctx.registry.entity(c.entity),
        rs.flatMap((r) => (Array.isArray(r[c.key]) ? (r[c.key] as Row[]) : [])),
        c.children ?? [],
      );
  };
  gather(entity, rows, children, opts.ownTitled);
  if (!pairs.length) return;

  // the ids each referenced entity is asked for, over every row of the reply
  const wanted = new Map<string, Set<number>>();
  for (const { entity: e, rows: rs } of pairs)
    for (const f of e.fields.filter((x) => x.ref && !x.computed))
      for (const r of rs)
        if (typeof r[f.name] === 'number')
          wanted.set(f.ref!, (wanted.get(f.ref!) ?? new Set()).add(r[f.name] as number));

  // in a read, titles remembered from a moment ago (title-cache.ts) first. The rest go out at once, in one round trip:
  // the titles that are plain text columns in one statement for every entity (UNION ALL), and a title a hook computes
  // (an employee's full name, which needs the fields it is computed from) or one that is not text in a statement of
  // its own. A read by id of an employee whose titles were not remembered asked seven statements, one per entity it
  // names; the database's work per statement, not per row, was then most of the read's (README, "Performance"). A
  // write neither uses nor keeps them: it may have renamed what it names, and what it reads is not committed yet.
  const cached = ctx.readOnly === true;
  const titles = new Map<string, Map<number, string>>();
  const textual: { known: Map<number, string>; target: EntityDef; column: string; ids: number[] }[] = [];
  const apart = [...wanted].flatMap(([name, ids]) => {
    const target = ctx.registry.entity(name);
    const field = titleFieldOf(target);
    if (field === 'id') return [];
    const known = new Map<number, string>();
    titles.set(name, known);
    const missing = [...ids].filter((id) => {
      const t = cached ? rememberedTitle(target.table, ctx.companyId, id) : undefined;
      if (t !== undefined) known.set(id, t);
      return t === undefined;
    });
    if (!missing.length) return [];
    const title = target.field.get(field)!;
    // a text column reads the same as ::text as it does through String() below; a number or a date might not
    if (!title.computed && title.type === 'string' && !title.format && !title.encrypted) {
      textual.push({ known, target, column: title.column, ids: missing });
      return [];
    }
    const columns = title.computed ? selectColumns(target) : `id, ${quoteIdent(title.column)} AS ${quoteIdent(field)}`;
    const tenant = target.scope === 'company' ? ' AND company_id = $2' : '';
    const found = ctx.tx.query(
      `SELECT ${columns} FROM ${quoteIdent(target.table)} WHERE id = ANY($1)${tenant}`,
      target.scope === 'company' ? [missing, ctx.companyId] : [missing],
    );
    found.catch(() => undefined);
    return [{ known, target, field, computed: !!title.computed, found }];
  });
  const together = textual.length ? textTitles(ctx, textual) : undefined;
  together?.catch(() => undefined);
  const keep = (known: Map<number, string>, target: EntityDef, id: number, title: unknown) => {
    if (title === null || title === undefined || title === '') return;
    known.set(id, String(title));
    if (cached) rememberTitle(target.table, ctx.companyId, id, String(title));
  };
  for (const { known, target, field, computed, found } of apart) {
    const rows = await found;
    if (computed) withComputed(ctx, target, rows);
    for (const r of rows) keep(known, target, Number(r.id), r[field]);
  }
  if (together) for (const r of await together) keep(textual[r.k].known, textual[r.k].target, Number(r.id), r.t);

  for (const { entity: e, rows: rs } of pairs) {
    const refs = e.fields.filter((x) => x.ref && !x.computed && titles.has(x.ref));
    if (!refs.length) continue;
    const named = refs.map((f) => ({ name: f.name, titles: titles.get(f.ref!)! }));
    // a plain loop: it runs for every reference of every row of every list, where arrays built per row and thrown away
    // showed in the profile of a 50-row page (the keys stay in field order, so the reply's bytes and ETag do too)
    for (const r of rs) {
      let found: Record<string, string> | undefined;
      for (const { name, titles: known } of named) {
        const id = r[name];
        if (typeof id !== 'number') continue;
        const title = known.get(id);
        if (title !== undefined) (found ??= {})[name] = title;
      }
      if (found) r._titles = found;
    }
  }
}

/**
 * The text titles of several entities in one statement: a branch per entity, told apart by `k` (its index in
 * `lookups`), each kept to the caller's company where the entity is a company's (row-level security keeps it so too).
 */
function textTitles(
  ctx: CallContext,
  lookups: readonly { target: EntityDef; column: string; ids: number[] }[],
): Promise<{ k: number; id: number; t: string | null }[]> {
  const params: unknown[] = [];
  const company = lookups.some((l) => l.target.scope === 'company') ? `$${params.push(ctx.companyId)}` : '';
  const branches = lookups.map(({ target, column, ids }, k) => {
    const tenant = target.scope === 'company' ? ` AND company_id = ${company}` : '';
    return `SELECT ${k} AS k, id, ${quoteIdent(column)}::text AS t FROM ${quoteIdent(target.table)} WHERE id = ANY($${params.push(ids)})${tenant}`;
  });
  return ctx.tx.query(branches.join(' UNION ALL '), params);
}
