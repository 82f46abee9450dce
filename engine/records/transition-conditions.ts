import { recordAdmits, whoHolds } from '../access/access-policy.ts';
import { loadReach } from '../access/record-reach.ts';
import type { Row } from '../db/db.ts';
import type { Condition, FieldCondition } from '../generated/metadata/workflow.ts';
import { dayMonthYear } from '../i18n/day-month-year.ts';
import { actionLabel, optionLabel } from '../i18n/message-words.ts';
import { text, type Text, type TextParam } from '../i18n/text.ts';
import { quoteIdent } from '../metadata/naming.ts';
import type { EntityDef, FieldDef, Role } from '../metadata/registry.ts';
import { fieldAt, kindOf } from '../metadata/workflow-conditions.ts';
import { addDays } from '../reminders/reminder-window.ts';
import type { CallContext } from './call-context.ts';
import { calendarToday } from './calendar-today.ts';
import { entityLabel, labelOf } from './record-validator.ts';

type ChildCondition = Extract<Condition, { children: string }>;
type RelatedCondition = Extract<Condition, { records: string }>;
type Comparison = Extract<Condition, { field: string }>;

/** What the conditions of a transition look at beyond the record: referenced records, child counts, the caller's reach. */
interface Facts {
  /** by reference field, the referenced records by id */
  refs: Map<string, Map<number, Row>>;
  /** by children condition, by parent id: how many child records it counts (count), or how many fail it (every) */
  children: Map<ChildCondition, Map<number, number>>;
  /** by related-records condition, by the row's values of its match fields (matchKey): the same */
  related: Map<RelatedCondition, Map<string, number>>;
  admits: (roles: readonly Role[], row: Row) => boolean;
  today: string;
}

/**
 * Judges a transition's `when` (workflow.json; checked by engine/metadata/workflow-conditions.ts) on records, for the
 * caller (or a command's `when`, on the record it acts on): for each row, the refusal that names the first condition it fails, in the caller's language once worded, or
 * undefined where all hold. What the conditions look at beyond the row is loaded once for all the rows (a page of a
 * list), never per row. The same answer refuses the call (runTransition) and leaves the transition out of `_allowed`.
 */
export async function unmetConditions(
  ctx: CallContext,
  entity: EntityDef,
  t: { readonly action: string; readonly when?: readonly Condition[] },
  rows: readonly Row[],
): Promise<(Text | undefined)[]> {
  const unmet = await firstUnmet(ctx, entity, t.when, rows);
  return unmet.map((condition) =>
    condition === undefined ? undefined : text('refusal.condition.unmet', { action: actionLabel(t.action), condition }),
  );
}

/** For each row, the first condition it fails, in words (not yet a sentence: the caller says what it refuses), or undefined. */
export async function firstUnmet(
  ctx: CallContext,
  entity: EntityDef,
  when: readonly Condition[] | undefined,
  rows: readonly Row[],
): Promise<(TextParam | undefined)[]> {
  if (!when?.length) return rows.map(() => undefined);
  const facts = await loadFacts(ctx, entity, when, rows);
  return rows.map((row) => {
    for (const c of when) {
      const unmet = judge(ctx, entity, c, row, facts);
      if (unmet) return unmet;
    }
    return undefined;
  });
}

/** The condition in words when the row fails it; undefined when it holds. */
function judge(ctx: CallContext, entity: EntityDef, c: Condition, row: Row, facts: Facts): TextParam | undefined {
  if ('anyOf' in c) {
    const unmet = c.anyOf.map((x) => judge(ctx, entity, x, row, facts));
    return unmet.some((u) => u === undefined)
      ? undefined
      : c.message
        ? text(c.message)
        : { list: unmet as TextParam[], join: 'or' };
  }
  const words = (): TextParam =>
    !c.message
      ? describe(ctx, entity, c)
      : 'field' in c
        ? // a declared message may say what the record holds ("it opens on {{actual}}")
          text(c.message, { actual: actualWords(ctx, entity, c.field, row, facts) })
        : text(c.message);
  let holds: boolean;
  if ('field' in c) holds = compares(ctx, entity, c, row, facts);
  else if ('present' in c) holds = c.present.every((p) => filled(valueAt(ctx, entity, p, row, facts)));
  else if ('children' in c) holds = counts(c, facts.children.get(c)?.get(Number(row.id)) ?? 0);
  else if ('records' in c) holds = counts(c, facts.related.get(c)?.get(matchKey(c, row)) ?? 0);
  else holds = facts.admits(c.role as Role[], row);
  return holds ? undefined : words();
}

/** A children or related-records condition on what it counted: the records (count), or those failing its every. */
const counts = (c: ChildCondition | RelatedCondition, n: number) =>
  c.count ? compare(c.count.op, n, c.count.value) : n === 0;

/** The row's values of the fields a related-records condition matches on, as one key. */
const matchKey = (c: RelatedCondition, row: Row) => keyOf(Object.values(c.match).map((f) => row[f!]));
const keyOf = (values: unknown[]) =>
  JSON.stringify(values.map((v) => (v === null || v === undefined ? null : String(v))));

/** What the record holds in the field a comparison names, in words. */
const actualWords = (ctx: CallContext, entity: EntityDef, path: string, row: Row, facts: Facts) =>
  valueWords(
    fieldAt(entity, ctx.registry.entities, path) as FieldDef,
    dayOf(ctx, entity, path, valueAt(ctx, entity, path, row, facts)),
  );

/** A value as a condition compares it: a day of a date field as YYYY-MM-DD. */
function dayOf(ctx: CallContext, entity: EntityDef, path: string, v: unknown): unknown {
  const field = fieldAt(entity, ctx.registry.entities, path) as FieldDef;
  const norm = v instanceof Date ? v.toISOString() : v;
  return kindOf(field) === 'date' && typeof norm === 'string' ? norm.slice(0, 10) : norm;
}

const filled = (v: unknown) => v !== null && v !== undefined && !(typeof v === 'string' && !v.trim());

function compares(ctx: CallContext, entity: EntityDef, c: Comparison, row: Row, facts: Facts): boolean {
  // a day against a moment compares their days
  const left = dayOf(ctx, entity, c.field, valueAt(ctx, entity, c.field, row, facts));
  if (c.op === 'in' || c.op === 'notIn') return (c.value as unknown[]).includes(left) === (c.op === 'in');
  const right =
    'today' in c
      ? addDays(facts.today, c.today!)
      : dayOf(ctx, entity, c.field, 'otherField' in c ? valueAt(ctx, entity, c.otherField!, row, facts) : c.value);
  if (right === null || left === null || left === undefined || right === undefined)
    return c.op === 'eq'
      ? (left == null) === (right == null)
      : c.op === 'ne'
        ? (left == null) !== (right == null)
        : false;
  return compare(c.op, left, right);
}

function compare(op: string, a: unknown, b: unknown): boolean {
  const x = typeof a === 'string' && typeof b === 'number' ? Number(a) : a;
  const d =
    (x as number | string) < (b as number | string)
      ? -1
      : x === b
        ? 0
        : (x as number | string) > (b as number | string)
          ? 1
          : NaN;
  switch (op) {
    case 'eq':
      return d === 0;
    case 'ne':
      return d !== 0;
    case 'lt':
      return d < 0;
    case 'lte':
      return d <= 0;
    case 'gt':
      return d > 0;
    default:
      return d >= 0;
  }
}

function valueAt(_ctx: CallContext, _entity: EntityDef, path: string, row: Row, facts: Facts): unknown {
  const [first, second] = path.split('.');
  if (second === undefined) return row[first];
  const id = row[first];
  return id === null || id === undefined ? null : facts.refs.get(first)?.get(Number(id))?.[second];
}

async function loadFacts(
  ctx: CallContext,
  entity: EntityDef,
  when: readonly Condition[],
  rows: readonly Row[],
): Promise<Facts> {
  const all: Condition[] = [];
  const walk = (c: Condition) => (all.push(c), 'anyOf' in c && c.anyOf.forEach(walk));
  when.forEach(walk);
  const ids = rows.map((r) => Number(r.id));
  const companyOnly = (e: EntityDef, n: number) => (e.scope === 'company' ? ` AND company_id = $${n}` : '');
  // the records the references name, each reference once, with the fields the conditions read
  const refs = new Map<string, Map<number, Row>>();
  const paths = all
    .flatMap((c) =>
      'field' in c ? [c.field, ...('otherField' in c ? [c.otherField!] : [])] : 'present' in c ? c.present : [],
    )
    .filter((p) => p.includes('.'));
  for (const ref of new Set(paths.map((p) => p.split('.')[0]))) {
    const target = ctx.registry.entity(entity.field.get(ref)!.ref!);
    const fields = [...new Set(paths.filter((p) => p.startsWith(`${ref}.`)).map((p) => p.split('.')[1]))];
    const wanted = [
      ...new Set(
        rows
          .map((r) => r[ref])
          .filter((v) => v !== null && v !== undefined)
          .map(Number),
      ),
    ];
    const found = wanted.length
      ? await ctx.tx.query(
          `SELECT id, ${fields.map((f) => `${quoteIdent(target.field.get(f)!.column)} AS ${quoteIdent(f)}`).join(', ')} FROM ${quoteIdent(target.table)} WHERE id = ANY($1)${companyOnly(target, 2)}`,
          target.scope === 'company' ? [wanted, ctx.companyId] : [wanted],
        )
      : [];
    refs.set(ref, new Map(found.map((r) => [Number(r.id), r])));
  }
  // the child records a children condition counts, or those that fail its "every", by parent
  const children = new Map<ChildCondition, Map<number, number>>();
  for (const c of all.filter((x): x is ChildCondition => 'children' in x)) {
    const def = entity.children.find((x) => x.key === c.children)!;
    const counted = await countRecords(ctx, ctx.registry.entity(def.entity), c, { [def.via]: ids });
    children.set(c, new Map(counted.map((r) => [Number(r.keys[0]), r.n])));
  }
  // the same for the records a related-records condition matches, by the values they match on
  const related = new Map<RelatedCondition, Map<string, number>>();
  for (const c of all.filter((x): x is RelatedCondition => 'records' in x)) {
    const by = Object.fromEntries(
      Object.entries(c.match).map(([theirs, ours]) => [theirs, [...new Set(rows.map((r) => r[ours!]))]]),
    );
    const counted = await countRecords(ctx, ctx.registry.entity(c.records), c, by);
    // the query matches each field on its own; a row counts only the records that match it on all of them
    related.set(c, new Map(counted.map((r) => [keyOf(r.keys), r.n])));
  }
  const roles = [...new Set(all.flatMap((c) => ('role' in c ? (c.role as Role[]) : [])))];
  const reach = roles.length ? await loadReach(ctx.tx, ctx.actor, entity, roles, rows) : undefined;
  return {
    refs,
    children,
    related,
    admits: (r, row) => recordAdmits(r, ctx.actor, entity, row, reach!),
    today: calendarToday(),
  };
}

/**
 * Counts the records of `target` (those its `where` admits) whose fields hold one of the values `by` gives them, grouped
 * by those fields (keys in the order of `by`): all of them (count), or those failing its `every`.
 */
async function countRecords(
  ctx: CallContext,
  target: EntityDef,
  c: ChildCondition | RelatedCondition,
  by: Record<string, unknown[]>,
): Promise<{ keys: unknown[]; n: number }[]> {
  const present = Object.values(by).map((values) => values.filter((v) => v !== null && v !== undefined));
  // a record whose match field is empty shares its value with none
  if (present.some((values) => !values.length)) return [];
  const params: unknown[] = [];
  const matches = (cond: FieldCondition | undefined) =>
    Object.entries(cond ?? {}).map(([f, values]) => {
      params.push(values!.map(String));
      return `COALESCE(${quoteIdent(target.field.get(f)!.column)}::text = ANY($${params.length}), false)`;
    });
  const columns = Object.keys(by).map((f) => quoteIdent(target.field.get(f)!.column));
  const within = present.map((values, i) => {
    params.push(values);
    return `${columns[i]} = ANY($${params.length})`;
  });
  const where = [...within, ...matches(c.where)];
  const failsEvery = c.every ? `NOT (${matches(c.every).join(' AND ')})` : 'true';
  if (target.scope === 'company') where.push(`company_id = $${params.push(ctx.companyId)}`);
  const counted = await ctx.tx.query<Row>(
    `SELECT ${columns.map((col, i) => `${col} AS k${i}`).join(', ')}, (count(*) FILTER (WHERE ${failsEvery}))::int AS n
       FROM ${quoteIdent(target.table)} WHERE ${where.join(' AND ')} GROUP BY ${columns.join(', ')}`,
    params,
  );
  return counted.map((r) => ({ keys: columns.map((_, i) => r[`k${i}`]), n: Number(r.n) }));
}

/** A value of a field in words: a day, an option's label, a quoted text. */
function valueWords(f: FieldDef, v: unknown): TextParam {
  if (v === null || v === undefined) return text('condition.empty');
  if (typeof v === 'boolean') return text(v ? 'condition.yes' : 'condition.no');
  if (typeof v === 'number') return v;
  if (f.enum) return optionLabel(v);
  return kindOf(f) === 'date' ? dayMonthYear(v) : text('refusal.quoted', { name: String(v) });
}

/** A condition in words, as it reads after "… is possible only when". */
function describe(ctx: CallContext, entity: EntityDef, c: Exclude<Condition, { anyOf: unknown }>): TextParam {
  const entities = ctx.registry.entities;
  const quoted = (name: TextParam) => text('refusal.quoted', { name });
  const fieldWords = (path: string): TextParam => {
    const [first, second] = path.split('.');
    if (second === undefined) return quoted(labelOf(entity, first));
    return text('condition.ofRecord', {
      field: quoted(labelOf(ctx.registry.entity(entity.field.get(first)!.ref!), second)),
      record: quoted(labelOf(entity, first)),
    });
  };
  if ('field' in c) {
    const f = fieldAt(entity, entities, c.field) as FieldDef;
    const value: TextParam =
      'today' in c
        ? c.today === 0
          ? text('condition.today')
          : text(c.today! > 0 ? 'condition.daysAfterToday' : 'condition.daysBeforeToday', { days: Math.abs(c.today!) })
        : 'otherField' in c
          ? fieldWords(c.otherField!)
          : Array.isArray(c.value)
            ? { list: c.value.map((v) => valueWords(f, v)), join: 'or' }
            : valueWords(f, c.value);
    const op = c.op === 'in' ? 'eq' : c.op === 'notIn' ? 'ne' : c.op;
    const onDays = kindOf(f) === 'date' && !['eq', 'ne'].includes(op);
    return text(`condition.${op}${onDays ? 'Day' : ''}`, { field: fieldWords(c.field), value });
  }
  if ('present' in c) return text('condition.present', { fields: { list: c.present.map(fieldWords), join: 'and' } });
  if ('children' in c || 'records' in c) {
    const child = ctx.registry.entity(
      'records' in c ? c.records : entity.children.find((x) => x.key === c.children)!.entity,
    );
    const matching = (cond: FieldCondition) =>
      Object.entries(cond).map(([f, values]) =>
        text('condition.eq', {
          field: quoted(labelOf(child, f)),
          value: { list: values!.map((v) => valueWords(child.field.get(f)!, v)), join: 'or' },
        }),
      );
    const these = c.where
      ? text('condition.recordsWhere', { entity: entityLabel(child), where: { list: matching(c.where), join: 'and' } })
      : text('condition.records', { entity: entityLabel(child) });
    // related records are those that share the record's values: "“Survey scale” records of the same “Survey”"
    const records =
      'records' in c
        ? text('condition.ofTheSame', {
            records: these,
            fields: { list: Object.values(c.match).map((f) => quoted(labelOf(entity, f!))), join: 'and' },
          })
        : these;
    if (c.count) return text(`condition.count.${c.count.op}`, { records, count: c.count.value });
    return text('condition.every', { records, every: { list: matching(c.every!), join: 'and' } });
  }
  return text('condition.role', { who: { list: whoHolds(c.role as Role[], entity), join: 'or' } });
}
