import { AppError, type FieldError } from '../app-error.ts';
import type { Row } from '../db/db.ts';
import { quoteIdent } from '../metadata/naming.ts';
import { inSentence, optionLabel } from '../i18n/message-words.ts';
import { dayMonthYear } from '../i18n/day-month-year.ts';
import { entityLabel, fieldProblem, labelOf } from './record-validator.ts';
import type { EntityDef } from '../metadata/registry.ts';
import type { CallContext } from './call-context.ts';
import { pickAmongOf } from '../access/pick-among.ts';
import { text } from '../i18n/text.ts';

/** `totals`: the records sharing `per` (a plan's pillars) may together hold at most `max` of `field` (their weights). */
export interface TotalDef {
  readonly field: string;
  readonly per: string;
  readonly max: number;
}

/** `inside`: the record's dates lie within those of the record `ref` names (a milestone within its project). */
export interface InsideDef {
  readonly ref: string;
  readonly start: string;
  readonly end: string;
}

/** `x-refMatch` on a reference: the referenced record's fields that must equal this record's (a risk's category is of the risk's kind). */
export type RefMatch = Readonly<Record<string, string>>;

const changed = (before: Row | null, after: Row, fields: readonly string[]) =>
  !before || fields.some((f) => after[f] !== undefined && after[f] !== before[f]);
const day = (v: unknown) =>
  typeof v === 'string' ? v.slice(0, 10) : v instanceof Date ? v.toISOString().slice(0, 10) : null;

/**
 * The checks between a record and others that its metadata declares (`totals`, `inside`, `x-refMatch`, `x-pickAmong`), on the record
 * as it will be stored, each only when a field it looks at changes: a refusal names the field and says what would be wrong.
 */
export async function checkAcrossRecords(
  ctx: CallContext,
  entity: EntityDef,
  before: Row | null,
  record: Row,
): Promise<void> {
  const problems: FieldError[] = [];
  const value = (f: string) => (record[f] !== undefined ? record[f] : before?.[f]);
  for (const total of entity.totals) {
    const per = value(total.per);
    const own = Number(value(total.field) ?? 0);
    if (per === null || per === undefined || !changed(before, record, [total.field, total.per])) continue;
    const f = entity.field.get(total.field)!;
    const p = entity.field.get(total.per)!;
    const params: unknown[] = [per, before?.id ?? 0];
    let where = `${quoteIdent(p.column)} = $1 AND id <> $2`;
    if (entity.scope === 'company') {
      params.push(ctx.companyId);
      where += ` AND company_id = $${params.length}`;
    }
    const [{ others }] = await ctx.tx.query<{ others: number | string | null }>(
      `SELECT coalesce(sum(${quoteIdent(f.column)}), 0) AS others FROM ${quoteIdent(entity.table)} WHERE ${where}`,
      params,
    );
    const sum = Number(others) + own;
    if (sum > total.max) {
      const parent = p.ref ? entityLabel(ctx.registry.entity(p.ref)) : inSentence(labelOf(entity, total.per));
      problems.push(
        fieldProblem(entity, total.field, 'refusal.check.total', {
          entity: entityLabel(entity),
          parent,
          max: total.max,
          sum: +sum.toFixed(6),
        }),
      );
    }
  }
  for (const inside of entity.inside) {
    const refId = value(inside.ref);
    if (typeof refId !== 'number' || !changed(before, record, [inside.ref, inside.start, inside.end])) continue;
    const refEntity = ctx.registry.entity(entity.field.get(inside.ref)!.ref!);
    const [outer] = await ctx.tx.query<Row>(
      `SELECT ${quoteIdent(refEntity.field.get(inside.start)!.column)} AS s, ${quoteIdent(refEntity.field.get(inside.end)!.column)} AS e FROM ${quoteIdent(refEntity.table)} WHERE id = $1${refEntity.scope === 'company' ? ' AND company_id = $2' : ''}`,
      refEntity.scope === 'company' ? [refId, ctx.companyId] : [refId],
    );
    if (!outer) continue;
    const [start, end, outerStart, outerEnd] = [
      day(value(inside.start)),
      day(value(inside.end)),
      day(outer.s),
      day(outer.e),
    ];
    const parent = entityLabel(refEntity);
    for (const [field, v] of [
      [inside.start, start],
      [inside.end, end],
    ] as const) {
      if (v === null) continue;
      if (outerStart && v < outerStart)
        problems.push(
          fieldProblem(entity, field, 'refusal.check.notBeforeParent', {
            other: inSentence(labelOf(refEntity, inside.start)),
            parent,
            day: dayMonthYear(outerStart),
          }),
        );
      else if (outerEnd && v > outerEnd)
        problems.push(
          fieldProblem(entity, field, 'refusal.check.notAfterParent', {
            other: inSentence(labelOf(refEntity, inside.end)),
            parent,
            day: dayMonthYear(outerEnd),
          }),
        );
    }
  }
  for (const f of entity.fields) {
    const match = f.schema['x-refMatch'] as RefMatch | undefined;
    const refId = value(f.name);
    if (
      !match ||
      !f.ref ||
      typeof refId !== 'number' ||
      !changed(before, record, [f.name, ...Object.values(match).map((o) => o.split('.')[0])])
    )
      continue;
    const target = ctx.registry.entity(f.ref);
    const row = await fieldsOf(ctx, target, refId, Object.keys(match));
    if (!row) continue;
    for (const [theirs, ours] of Object.entries(match)) {
      const want = await matchValue(ctx, entity, ours, value);
      if (want === null || want === undefined || row[theirs] === want) continue;
      // a record the reference names belongs elsewhere (a perspective of another plan): its id would tell a person nothing
      const parentRef = target.field.get(theirs)!.ref;
      if (parentRef)
        problems.push(
          fieldProblem(entity, f.name, 'refusal.field.otherPlan', {
            plan: entityLabel(ctx.registry.entity(parentRef)),
            entity: entityLabel(entity),
          }),
        );
      else
        problems.push(
          fieldProblem(entity, f.name, 'refusal.check.refMatch', {
            match: inSentence(labelOf(target, theirs)),
            want: optionLabel(want),
            got: optionLabel(row[theirs]),
          }),
        );
    }
  }
  for (const f of entity.fields) {
    const among = pickAmongOf(f);
    const employeeId = value(f.name);
    if (!among || typeof employeeId !== 'number' || !changed(before, record, [f.name])) continue;
    const list = ctx.registry.entity(among.entity);
    const [row] = await ctx.tx.query<{ kept: boolean; on: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM ${quoteIdent(list.table)} WHERE company_id = $1) AS kept,
              EXISTS (SELECT 1 FROM ${quoteIdent(list.table)} WHERE company_id = $1 AND ${quoteIdent(list.field.get(among.field)!.column)} = $2) AS on`,
      [ctx.companyId, employeeId],
    );
    if (row.kept && !row.on) {
      const [who] = await ctx.tx.query<{ name: string }>(
        `SELECT concat_ws(' ', first_name, last_name) AS name FROM employee WHERE company_id = $1 AND id = $2`,
        [ctx.companyId, employeeId],
      );
      // an employee not of the company is the reference check's to refuse (no such record), not the list's
      if (!who) continue;
      problems.push(
        fieldProblem(entity, f.name, 'refusal.check.pickAmong', {
          name: who.name,
          // the list by its name, as the settings tab shows it
          list: text(list.label),
        }),
      );
    }
  }
  if (problems.length) throw AppError.validation(problems);
}

/** Some fields of one record of `target`, by id, in the caller's company; none when it is not there. */
async function fieldsOf(
  ctx: CallContext,
  target: EntityDef,
  id: number,
  fields: readonly string[],
): Promise<Row | undefined> {
  const cols = fields.map((k) => `${quoteIdent(target.field.get(k)!.column)} AS ${quoteIdent(k)}`);
  const [row] = await ctx.tx.query<Row>(
    `SELECT ${cols.join(', ')} FROM ${quoteIdent(target.table)} WHERE id = $1${target.scope === 'company' ? ' AND company_id = $2' : ''}`,
    target.scope === 'company' ? [id, ctx.companyId] : [id],
  );
  return row;
}

/**
 * What a reference must match, named by `x-refMatch`: a field of the record (`strategicPlanId`), or a field of the
 * record another of its references names (`pillarId.strategicPlanId`: the plan of the objective's pillar), which a
 * form knows before any hook has derived it.
 */
async function matchValue(
  ctx: CallContext,
  entity: EntityDef,
  ours: string,
  value: (f: string) => unknown,
): Promise<unknown> {
  const [ref, field] = ours.split('.');
  if (field === undefined) return value(ref);
  const id = value(ref);
  if (typeof id !== 'number') return undefined;
  const row = await fieldsOf(ctx, ctx.registry.entity(entity.field.get(ref)!.ref!), id, [field]);
  return row?.[field];
}
