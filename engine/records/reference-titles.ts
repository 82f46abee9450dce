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
export async function attachReferenceTitles(ctx: CallContext, entity: EntityDef, rows: Row[], children: readonly ChildDef[] = []): Promise<void> {
  const pairs: { entity: EntityDef; rows: Row[] }[] = [];
  const gather = (e: EntityDef, rs: Row[], kids: readonly ChildDef[]) => {
    if (!rs.length) return;
    pairs.push({ entity: e, rows: rs });
    for (const c of kids) gather(ctx.registry.entity(c.entity), rs.flatMap((r) => (Array.isArray(r[c.key]) ? (r[c.key] as Row[]) : [])), c.children ?? []);
  };
  gather(entity, rows, children);

  // the ids each referenced entity is asked for, over every row of the reply
  const wanted = new Map<string, Set<number>>();
  for (const { entity: e, rows: rs } of pairs)
    for (const f of e.fields.filter((x) => x.ref && !x.computed))
      for (const r of rs) if (typeof r[f.name] === 'number') wanted.set(f.ref!, (wanted.get(f.ref!) ?? new Set()).add(r[f.name] as number));

  // in a read, titles remembered from a moment ago (title-cache.ts) first; for the rest one statement per referenced
  // entity, all sent at once (one round trip for the lot, not one each: an employee names seven other entities). A
  // write neither uses nor keeps them: it may have renamed what it names, and what it reads is not committed yet.
  const cached = ctx.readOnly === true;
  const titles = new Map<string, Map<number, string>>();
  const lookups = [...wanted].flatMap(([name, ids]) => {
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
    // a title a hook computes (an employee's full name) needs the fields it is computed from
    const columns = title.computed ? selectColumns(target) : `id, ${quoteIdent(title.column)} AS ${quoteIdent(field)}`;
    const tenant = target.scope === 'company' ? ' AND company_id = $2' : '';
    const found = ctx.tx.query(`SELECT ${columns} FROM ${quoteIdent(target.table)} WHERE id = ANY($1)${tenant}`, target.scope === 'company' ? [missing, ctx.companyId] : [missing]);
    found.catch(() => undefined);
    return [{ known, target, field, computed: !!title.computed, found }];
  });
  for (const { known, target, field, computed, found } of lookups) {
    const rows = await found;
    if (computed) withComputed(ctx, target, rows);
    for (const r of rows) {
      if (r[field] === null || r[field] === undefined || r[field] === '') continue;
      known.set(Number(r.id), String(r[field]));
      if (cached) rememberTitle(target.table, ctx.companyId, Number(r.id), String(r[field]));
    }
  }

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
