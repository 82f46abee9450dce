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
type Comparison = Extract<Condition, { field: string }>;

/** What the conditions of a transition look at beyond the record: referenced records, child counts, the caller's reach. */
interface Facts {
  /** by reference field, the referenced records by id */
  refs: Map<string, Map<number, Row>>;
  /** by children condition, by parent id: how many child records it counts (count), or how many fail it (every) */
  children: Map<ChildCondition, Map<number, number>>;
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
  const words = (): TextParam => (c.message ? text(c.message) : describe(ctx, entity, c));
  let holds: boolean;
  if ('field' in c) holds = compares(ctx, entity, c, row, facts);
  else if ('present' in c) holds = c.present.every((p) => filled(valueAt(ctx, entity, p, row, facts)));
  else if ('children' in c) {
    const n = facts.children.get(c)?.get(Number(row.id)) ?? 0;
    holds = c.count ? compare(c.count.op, n, c.count.value) : n === 0;
  } else holds = facts.admits(c.role as Role[], row);
  return holds ? undefined : words();
}

const filled = (v: unknown) => v !== null && v !== undefined && !(typeof v === 'string' && !v.trim());

function compares(ctx: CallContext, entity: EntityDef, c: Comparison, row: Row, facts: Facts): boolean {
  const field = fieldAt(entity, ctx.registry.entities, c.field) as FieldDef;
  const date = kindOf(field) === 'date';
  const norm = (v: unknown) => (v instanceof Date ? v.toISOString() : v);
  // a day against a moment compares their days
  const day = (v: unknown) => (date && typeof v === 'string' ? v.slice(0, 10) : v);
  const left = day(norm(valueAt(ctx, entity, c.field, row, facts)));
  if (c.op === 'in' || c.op === 'notIn') return (c.value as unknown[]).includes(left) === (c.op === 'in');
  const right =
    'today' in c
      ? addDays(facts.today, c.today!)
      : day(norm('otherField' in c ? valueAt(ctx, entity, c.otherField!, row, facts) : c.value));
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
    const child = ctx.registry.entity(def.entity);
    const params: unknown[] = [ids];
    const matches = (cond: FieldCondition | undefined) =>
      Object.entries(cond ?? {}).map(([f, values]) => {
        params.push(values!.map(String));
        return `COALESCE(${quoteIdent(child.field.get(f)!.column)}::text = ANY($${params.length}), false)`;
      });
    const where = matches(c.where);
    const failsEvery = c.every ? `NOT (${matches(c.every).join(' AND ')})` : 'true';
    const via = quoteIdent(child.field.get(def.via)!.column);
    if (child.scope === 'company') params.push(ctx.companyId);
    const counted = await ctx.tx.query<{ parent: number; n: number }>(
      `SELECT ${via} AS parent, (count(*) FILTER (WHERE ${failsEvery}))::int AS n FROM ${quoteIdent(child.table)}
        WHERE ${via} = ANY($1)${where.map((w) => ` AND ${w}`).join('')}${child.scope === 'company' ? ` AND company_id = $${params.length}` : ''} GROUP BY ${via}`,
      params,
    );
    children.set(c, new Map(counted.map((r) => [Number(r.parent), Number(r.n)])));
  }
  const roles = [...new Set(all.flatMap((c) => ('role' in c ? (c.role as Role[]) : [])))];
  const reach = roles.length ? await loadReach(ctx.tx, ctx.actor, entity, roles, rows) : undefined;
  return {
    refs,
    children,
    admits: (r, row) => recordAdmits(r, ctx.actor, entity, row, reach!),
    today: calendarToday(),
  };
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
  const valueWords = (f: FieldDef, v: unknown): TextParam => {
    if (v === null) return text('condition.empty');
    if (typeof v === 'boolean') return text(v ? 'condition.yes' : 'condition.no');
    if (typeof v === 'number') return v;
    if (f.enum) return optionLabel(v);
    return kindOf(f) === 'date' ? dayMonthYear(v) : text('refusal.quoted', { name: String(v) });
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
  if ('children' in c) {
    const child = ctx.registry.entity(entity.children.find((x) => x.key === c.children)!.entity);
    const matching = (cond: FieldCondition) =>
      Object.entries(cond).map(([f, values]) =>
        text('condition.eq', {
          field: quoted(labelOf(child, f)),
          value: { list: values!.map((v) => valueWords(child.field.get(f)!, v)), join: 'or' },
        }),
      );
    const records = c.where
      ? text('condition.recordsWhere', { entity: entityLabel(child), where: { list: matching(c.where), join: 'and' } })
      : text('condition.records', { entity: entityLabel(child) });
    if (c.count) return text(`condition.count.${c.count.op}`, { records, count: c.count.value });
    return text('condition.every', { records, every: { list: matching(c.every!), join: 'and' } });
  }
  return text('condition.role', { who: { list: whoHolds(c.role as Role[], entity), join: 'or' } });
}
