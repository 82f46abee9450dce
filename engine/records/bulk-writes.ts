import { writeAudits } from '../audit/audit-writer.ts';
import { affectsCallers, forgetCallers } from '../auth/caller-cache.ts';
import type { Row } from '../db/db.ts';
import { quoteIdent } from '../metadata/naming.ts';
import type { EntityDef, FieldDef } from '../metadata/registry.ts';
import { sqlTypeOf } from '../migrator/desired-schema.ts';
import { AppError } from '../app-error.ts';
import type { CallContext } from './call-context.ts';
import { forgetCapped } from './capped-totals.ts';
import { auditCascadedDeletes } from './cascaded-deletes.ts';
import { checkAcrossRecords } from './cross-record-checks.ts';
import { mapDbError } from './db-error-mapping.ts';
import { sanitiseHtmlFields } from './html-sanitising.ts';
import { selectColumns, storedFields, toParam } from './record-columns.ts';
import { prepareAdd, sameValue, withComputed } from './record-store.ts';
import { checkRules } from './record-validator.ts';
import { checkRequiredWhen } from './required-when.ts';
import { assertRowsUnlocked } from './state-locks.ts';

/**
 * The record store's writes for many rows of one entity at once, for hooks that add, change or delete rows beside the
 * record a call writes (a cascade's copies, a quarter's agreements following its windows, a matrix's re-rated risks).
 * Each row is checked as the single-row store checks it (validation, rules, derived fields, checks across records,
 * locks by state) and leaves its audit entry; the rows go in one INSERT, UPDATE or DELETE per shape of change, the
 * locks are asked once for all rows and the audit entries are one INSERT, so a hook's cost does not grow by a query
 * per row. Access is the hook's to decide, as with the store's `checked` writes. Single rows: `addRecord`,
 * `applyUpdate`, `deleteRecord`.
 */

/** A value as the text the database casts to the column's type (every column travels as one text array). */
function asText(f: FieldDef, v: unknown, secretKey?: Buffer): string | null {
  const p = toParam(f, v, secretKey);
  if (p === null || p === undefined) return null;
  if (p instanceof Date) return p.toISOString();
  return String(p);
}

/**
 * Rows of a bulk write are judged against the records stored before it, not against each other: an entity whose
 * records share a total (`totals`: a plan's pillar weights) is written row by row through the single-row store.
 */
function assertJudgedAlone(entity: EntityDef, rows: number): void {
  if (entity.totals.length && rows > 1)
    throw new AppError(
      'internal',
      `Bulk write misused: ${entity.name} declares totals across its records; write its rows one at a time (addRecord, applyUpdate)`,
    );
}

/** Rows grouped by the fields they carry, so that each group is one statement. */
function byShape<T>(items: readonly T[], fieldsOf: (item: T) => FieldDef[]): { fields: FieldDef[]; items: T[] }[] {
  const groups = new Map<string, { fields: FieldDef[]; items: T[] }>();
  for (const item of items) {
    const fields = fieldsOf(item);
    const key = fields.map((f) => f.name).join(',');
    let g = groups.get(key);
    if (!g) groups.set(key, (g = { fields, items: [] }));
    g.items.push(item);
  }
  return [...groups.values()];
}

/** Rows of the call's company that `where` (SQL over the entity's columns, parameters from $2) finds, locked for the update or delete that follows. */
export async function rowsForWrite(
  ctx: CallContext,
  entity: EntityDef,
  where: string,
  params: readonly unknown[],
): Promise<Row[]> {
  if (entity.scope !== 'company' || ctx.companyId === null)
    throw new AppError(
      'internal',
      `Bulk write misused: rowsForWrite reads the records of one company, not ${entity.name}`,
    );
  return ctx.tx.query(
    `SELECT ${selectColumns(entity)} FROM ${quoteIdent(entity.table)} WHERE company_id = $1 AND (${where}) ORDER BY id FOR UPDATE`,
    [ctx.companyId, ...params],
  );
}

/** Adds records (each `input` validated as an add body; `set`: read-only values the hook sets itself, such as the source a copy links to). */
export async function addRecords(
  ctx: CallContext,
  entity: EntityDef,
  items: readonly { input: Row; set?: Row }[],
  action = 'add',
): Promise<Row[]> {
  if (!items.length) return [];
  assertJudgedAlone(entity, items.length);
  // a hook writes in its call's company: the call's own write has refused a holder who named none
  if (entity.scope === 'company' && ctx.companyId === null)
    throw new AppError(
      'internal',
      `Bulk write misused: ${entity.name} records belong to one company, and the call names none`,
    );
  const values: Row[] = [];
  for (const { input, set } of items) values.push(await prepareAdd(ctx, entity, input, set, false));
  await assertRowsUnlocked(ctx, entity, 'add', values);
  const added: Row[] = new Array(values.length);
  const stored = storedFields(entity);
  for (const group of byShape(
    values.map((v, i) => ({ v, i })),
    ({ v }) => stored.filter((f) => v[f.name] !== undefined),
  )) {
    const columns = [
      ...(entity.scope === 'company' ? ['company_id'] : []),
      ...group.fields.map((f) => quoteIdent(f.column)),
      'created_by',
      'updated_by',
    ];
    const params: unknown[] = [ctx.actor.accountId];
    const selected = group.fields.map((f, k) => {
      params.push(group.items.map(({ v }) => asText(f, v[f.name], ctx.secretKey)));
      return `v.c${k}::${sqlTypeOf(f)}`;
    });
    if (entity.scope === 'company') params.push(ctx.companyId);
    const company = entity.scope === 'company' ? [`$${params.length}`] : [];
    const arrays = group.fields.map((_, k) => `$${k + 2}::text[]`);
    const names = [...group.fields.map((_, k) => `c${k}`), 'n'];
    let rows: Row[];
    try {
      rows = await ctx.tx.query(
        `INSERT INTO ${quoteIdent(entity.table)} (${columns.join(', ')})
         SELECT ${[...company, ...selected, '$1', '$1'].join(', ')} FROM unnest(${arrays.length ? arrays.join(', ') : `$${params.push(group.items.map(() => null))}::text[]`}) WITH ORDINALITY AS v(${arrays.length ? names.join(', ') : 'c, n'}) ORDER BY v.n
         RETURNING ${selectColumns(entity)}`,
        params,
      );
    } catch (e) {
      throw mapDbError(e, ctx.registry, entity, 'add');
    }
    // rows come back in the order they were inserted, which is the items' (ORDER BY the ordinality)
    rows.forEach((row, k) => (added[group.items[k].i] = row));
  }
  forgetCapped(entity.table);
  if (affectsCallers(entity.table, 'add')) ctx.afterCommit.add(forgetCallers);
  withComputed(ctx, entity, added);
  if (entity.afterWrite) for (const row of added) await ctx.hooks.afterWrite[entity.afterWrite](ctx, entity, null, row);
  await writeAudits(
    ctx,
    entity,
    action,
    added.map((after) => ({ before: null, after })),
  );
  return added;
}

/**
 * Changes records (each `before` as read for update, e.g. by `rowsForWrite`; `set` its changes). Rows whose changes
 * change nothing are left alone. `derived`: the values are copies the engine keeps of another record's (a quarter's
 * window dates on its agreements, an audit's roles on its working papers), which follow their source whatever the
 * state of the row, as a beforeWrite hook's derived fields do; a lock holds what people write, not these, and the
 * row's own beforeWrite, which derives the same copies, is not asked again (it would read per row).
 */
export async function updateRecords(
  ctx: CallContext,
  entity: EntityDef,
  items: readonly { before: Row; set: Row }[],
  action: string,
  opts: { derived?: boolean } = {},
): Promise<Row[]> {
  assertJudgedAlone(entity, items.length);
  const work: { before: Row; changes: Row; changed: string[] }[] = [];
  for (const { before, set } of items) {
    const given = sanitiseHtmlFields(entity, set);
    const changed = Object.keys(given).filter((k) => !sameValue(given[k], before[k]));
    if (!changed.length) continue;
    const whole = { ...before, ...given };
    checkRules(entity, whole);
    checkRequiredWhen(entity, whole, Object.keys(given));
    const changes =
      entity.beforeWrite && !opts.derived
        ? { ...given, ...(await ctx.hooks.beforeWrite[entity.beforeWrite](ctx, entity, before, whole)) }
        : given;
    await checkAcrossRecords(ctx, entity, before, changes);
    work.push({ before, changes, changed });
  }
  if (!work.length) return [];
  if (!opts.derived)
    await assertRowsUnlocked(
      ctx,
      entity,
      'update',
      work.map((w) => w.before),
      work.map((w) => w.changed),
    );
  const stored = storedFields(entity);
  const afterById = new Map<number, Row>();
  for (const group of byShape(work, (w) => stored.filter((f) => w.changes[f.name] !== undefined))) {
    const params: unknown[] = [ctx.actor.accountId, group.items.map((w) => String(w.before.id))];
    const sets = group.fields.map((f, k) => {
      params.push(group.items.map((w) => asText(f, w.changes[f.name], ctx.secretKey)));
      return `${quoteIdent(f.column)} = v.c${k}::${sqlTypeOf(f)}`;
    });
    let where = 't.id = v.row_id::bigint';
    if (entity.scope === 'company') where += ` AND t.company_id = $${params.push(ctx.companyId)}`;
    const arrays = ['$2::text[]', ...group.fields.map((_, k) => `$${k + 3}::text[]`)];
    let rows: Row[];
    try {
      rows = await ctx.tx.query(
        `UPDATE ${quoteIdent(entity.table)} t SET ${[...sets, 'version = t.version + 1', 'updated_at = now()', 'updated_by = $1'].join(', ')}
           FROM unnest(${arrays.join(', ')}) AS v(${['row_id', ...group.fields.map((_, k) => `c${k}`)].join(', ')})
          WHERE ${where} RETURNING ${selectColumns(entity)}`,
        params,
      );
    } catch (e) {
      throw mapDbError(e, ctx.registry, entity, 'update');
    }
    for (const r of rows) afterById.set(Number(r.id), r);
  }
  forgetCapped(entity.table);
  if (affectsCallers(entity.table, 'update')) ctx.afterCommit.add(forgetCallers);
  const pairs = work.map((w) => ({
    before: withComputed(ctx, entity, [w.before])[0],
    after: afterById.get(Number(w.before.id))!,
  }));
  withComputed(
    ctx,
    entity,
    pairs.map((p) => p.after),
  );
  if (entity.afterWrite)
    for (const p of pairs) await ctx.hooks.afterWrite[entity.afterWrite](ctx, entity, p.before, p.after);
  await writeAudits(ctx, entity, action, pairs);
  return pairs.map((p) => p.after);
}

/** Deletes records (each as read for update, e.g. by `rowsForWrite`), and audits them and the rows their delete takes along (ON DELETE CASCADE). */
export async function deleteRecords(
  ctx: CallContext,
  entity: EntityDef,
  rows: readonly Row[],
  action = 'delete',
): Promise<void> {
  if (!rows.length) return;
  await assertRowsUnlocked(ctx, entity, 'delete', rows);
  withComputed(ctx, entity, [...rows]);
  if (entity.beforeDelete) for (const row of rows) await ctx.hooks.beforeDelete[entity.beforeDelete](ctx, entity, row);
  await auditCascadedDeletes(ctx, entity, rows, action);
  const ids = rows.map((r) => r.id);
  try {
    await ctx.tx.query(
      `DELETE FROM ${quoteIdent(entity.table)} WHERE id = ANY($1)${entity.scope === 'company' ? ' AND company_id = $2' : ''}`,
      entity.scope === 'company' ? [ids, ctx.companyId] : [ids],
    );
  } catch (e) {
    throw mapDbError(e, ctx.registry, entity, 'delete');
  }
  forgetCapped(entity.table);
  if (affectsCallers(entity.table, 'delete')) ctx.afterCommit.add(forgetCallers);
  await writeAudits(
    ctx,
    entity,
    action,
    rows.map((before) => ({ before, after: null })),
  );
}
