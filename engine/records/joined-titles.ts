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

interface TitlePart {
  name: string;
  target: EntityDef;
  field: string;
  computed: boolean;
}

/** An entity's title subselects, built once: the text with COMPANY where the company's placeholder goes. */
interface TitlePlan {
  parts: TitlePart[];
  sql: string;
  tenant: boolean;
}

/** Stands for the company's placeholder in a plan's text until a call binds it: no SQL text can contain it. */
const COMPANY = '\u0000company\u0000';

const plans = new WeakMap<EntityDef, TitlePlan>();
/**
 * The columns text per entity and placeholder, the same string each call: a read's statement text is then one string
 * whose hash V8 keeps, where a text built afresh per call (some 3 KB for an employee) was hashed again by every lookup
 * of it (the prepared texts, the driver's statements), a few per cent of a read's CPU (README, "Performance").
 */
const texts = new WeakMap<EntityDef, Map<string, string>>();

function planFor(ctx: CallContext, entity: EntityDef): TitlePlan {
  let plan = plans.get(entity);
  if (plan) return plan;
  const parts: TitlePart[] = [];
  const sql: string[] = [];
  let tenant = false;
  for (const f of entity.fields) {
    if (!f.ref || f.computed) continue;
    const target = ctx.registry.entity(f.ref);
    const field = titleFieldOf(target);
    if (field === 'id') continue;
    const title = target.field.get(field)!;
    const table = quoteIdent(target.table);
    const scoped = target.scope === 'company';
    tenant ||= scoped;
    const where = scoped ? ` AND company_id = ${COMPANY}` : '';
    const named = `${RECORD_ALIAS}.${quoteIdent(f.column)}`;
    // the nearest FROM answers an unqualified column, so `id` below is the referenced table's, never the record's
    const expr = title.computed
      ? `(SELECT row_to_json(t)::text FROM (SELECT ${selectColumns(target)} FROM ${table} WHERE id = ${named}${where}) t)`
      : `(SELECT ${quoteIdent(title.column)} FROM ${table} WHERE id = ${named}${where})`;
    sql.push(`${expr} AS ${quoteIdent(columnFor(f.name))}`);
    parts.push({ name: f.name, target, field, computed: !!title.computed });
  }
  plan = { parts, sql: sql.length ? `, ${sql.join(', ')}` : '', tenant };
  plans.set(entity, plan);
  return plan;
}

export function joinedTitles(ctx: CallContext, entity: EntityDef, bind: (value: unknown) => string): JoinedTitles {
  const { parts, sql, tenant } = planFor(ctx, entity);
  const placeholder = tenant ? bind(ctx.companyId) : '';
  let byPlaceholder = texts.get(entity);
  if (!byPlaceholder) texts.set(entity, (byPlaceholder = new Map()));
  let columns = byPlaceholder.get(placeholder);
  if (columns === undefined) byPlaceholder.set(placeholder, (columns = sql.split(COMPANY).join(placeholder)));
  return {
    columns,
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
