import type { Row } from '../db/db.ts';
import type { EntityDef } from '../metadata/registry.ts';
import { quoteIdent } from '../metadata/naming.ts';
import { titleFieldOf } from '../metadata/title-field.ts';
import type { CallContext } from './call-context.ts';
import { RECORD_ALIAS } from './record-alias.ts';
import { selectColumns } from './record-columns.ts';
import { withComputed } from './record-store.ts';

/** How a title column of the record's statement is named: not a field name any entity can have. */
const columnFor = (field: string) => `_title.${field}`;

/**
 * The titles of what one record names (`_titles`, engine/records/reference-titles.ts), read in the record's own
 * statement: a subselect per reference, so that a read by id is one statement and one round trip whether or not the
 * titles were read a moment ago (issue 28). Each subselect runs under the same row-level security as the record and
 * is kept to the caller's company as the separate title query was; a title a hook computes (an employee's full name)
 * comes as the referenced row in JSON, computed here as it is for the row itself.
 */
export interface JoinedTitles {
  /** `, (SELECT …) AS "_title.businessUnitId", …`: to follow the record's own columns; empty when it names nothing. */
  readonly columns: string;
  /** Moves the title columns off the row into its `_titles`, in field order, as attachReferenceTitles writes them. */
  take(row: Row): void;
}

export function joinedTitles(ctx: CallContext, entity: EntityDef, bind: (value: unknown) => string): JoinedTitles {
  const parts: { name: string; target: EntityDef; field: string; computed: boolean }[] = [];
  let company: string | undefined;
  const sql: string[] = [];
  for (const f of entity.fields) {
    if (!f.ref || f.computed) continue;
    const target = ctx.registry.entity(f.ref);
    const field = titleFieldOf(target);
    if (field === 'id') continue;
    const title = target.field.get(field)!;
    const table = quoteIdent(target.table);
    const tenant = target.scope === 'company' ? ` AND company_id = ${(company ??= bind(ctx.companyId))}` : '';
    const named = `${RECORD_ALIAS}.${quoteIdent(f.column)}`;
    // the nearest FROM answers an unqualified column, so `id` below is the referenced table's, never the record's
    const expr = title.computed
      ? `(SELECT row_to_json(t)::text FROM (SELECT ${selectColumns(target)} FROM ${table} WHERE id = ${named}${tenant}) t)`
      : `(SELECT ${quoteIdent(title.column)} FROM ${table} WHERE id = ${named}${tenant})`;
    sql.push(`${expr} AS ${quoteIdent(columnFor(f.name))}`);
    parts.push({ name: f.name, target, field, computed: !!title.computed });
  }
  return {
    columns: sql.length ? `, ${sql.join(', ')}` : '',
    take(row) {
      let titles: Record<string, string> | undefined;
      for (const { name, target, field, computed } of parts) {
        const key = columnFor(name);
        let value = row[key];
        delete row[key];
        if (computed && typeof value === 'string')
          value = withComputed(ctx, target, [JSON.parse(value) as Row])[0][field];
        // as the separate title query keeps them: an empty title names nothing
        if (value === null || value === undefined || value === '') continue;
        (titles ??= {})[name] = String(value);
      }
      if (titles) row._titles = titles;
    },
  };
}
