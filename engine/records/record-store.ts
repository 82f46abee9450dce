import { assertFieldsWritable } from '../access/field-write-roles.ts';
import { auditCascadedDeletes } from './cascaded-deletes.ts';
import { checkAcrossRecords } from './cross-record-checks.ts';
import type { InPlaceOf } from './in-place-of.ts';
import { assertUnlocked } from './state-locks.ts';
import { assertWriteConditions } from './write-conditions.ts';
import { pickableWhere } from '../access/pickable-employees.ts';
import { allows, assertAllowed, assertRecordAllowed, attempt, decidedByRecord } from '../access/access-policy.ts';
import { recordRoleWhere } from '../access/record-role-sql.ts';
import { assertParentsReadable } from '../access/parent-reads.ts';
import { AppError } from '../app-error.ts';
import { writeAudit } from '../audit/audit-writer.ts';
import type { Row } from '../db/db.ts';
import type { ChildDef, EntityDef, Role } from '../metadata/registry.ts';
import { quoteIdent } from '../metadata/naming.ts';
import { RECORD_ALIAS } from './record-alias.ts';
import type { CallContext } from './call-context.ts';
import { mapDbError } from './db-error-mapping.ts';
import { affectsCallers, forgetCallers } from '../auth/caller-cache.ts';
import { forgetCapped, knownCapped, settleCapped } from './capped-totals.ts';
import { afterAnchor } from './keyset-condition.ts';
import { parseListQuery, TOTAL_CAP } from './list-query.ts';
import { paramCast, selectColumns, storedFields, toParam } from './record-columns.ts';
import { checkRules, entityLabel, validateRecord } from './record-validator.ts';
import { text } from '../i18n/text.ts';
import { checkRequiredWhen } from './required-when.ts';
import { sanitiseHtmlFields } from './html-sanitising.ts';

export interface ListResult {
  rows: Row[];
  total: number;
  /** true when there are more than TOTAL_CAP matches and total is that cap. */
  totalCapped: boolean;
  limit: number;
  offset: number;
}

/** The WHERE that keeps a call inside its company: company_id for company tables, the tenant key for platform ones an employee may read. */
function tenantWhere(ctx: CallContext, entity: EntityDef, firstParam: number): { sql: string[]; params: unknown[] } {
  if (entity.scope === 'company') {
    if (ctx.companyId === null)
      throw new AppError('bad_request', `Name the company: ${entity.name} records belong to one company (?companyId=)`);
    return { sql: [`company_id = $${firstParam}`], params: [ctx.companyId] };
  }
  if (ctx.actor.role === 'employee' && entity.tenantKey)
    return {
      sql: [`${quoteIdent(entity.field.get(entity.tenantKey)?.column ?? 'id')} = $${firstParam}`],
      params: [ctx.actor.companyId],
    };
  if (ctx.actor.role === 'employee' && entity.moduleKey) {
    // a record of a module the company has not enabled is not there for its employees; one without a module is everyone's
    const column = quoteIdent(entity.field.get(entity.moduleKey)!.column);
    return {
      sql: [
        `(${column} IS NULL OR ${column} IN (SELECT id FROM module WHERE core = 'Yes' OR code = ANY($${firstParam}::text[])))`,
      ],
      params: [[...ctx.actor.enabledModules]],
    };
  }
  return { sql: [], params: [] };
}

/** ?owner=me: the caller's own records; ?owner=reports: those of the employees the caller supervises or stands in for. */
function ownerWhere(ctx: CallContext, entity: EntityDef, owner: string | undefined, param: number): string | null {
  if (owner === undefined) return null;
  if (!entity.owner)
    throw new AppError(
      'bad_request',
      `${entity.name} records belong to no employee, so they cannot be filtered by owner`,
    );
  if (ctx.actor.employeeId === null)
    throw new AppError('bad_request', 'owner= is for employees; the platform administrator owns no records');
  const col = quoteIdent(entity.field.get(entity.owner)!.column);
  if (owner === 'me') return `${col} = $${param}`;
  if (owner === 'reports')
    return `${col} IN (SELECT id FROM employee WHERE company_id = $1 AND (supervisor_id = $${param} OR acting_supervisor_id = $${param}))`;
  throw new AppError('bad_request', `owner must be me or reports, not "${owner}"`);
}

export function withComputed(ctx: CallContext, entity: EntityDef, rows: Row[]): Row[] {
  const computed = entity.fields.filter((f) => f.computed);
  if (computed.length)
    for (const r of rows) for (const f of computed) r[f.name] = ctx.hooks.computed[f.computed!](r, ctx.registry);
  return rows;
}

/**
 * A condition a hook adds to a list (contracts that have ended, the caller's resolutions): SQL over the entity's
 * columns; `param` binds a value and returns its placeholder.
 */
export type ListCondition = (param: (value: unknown) => string) => string;

export async function listRecords(
  ctx: CallContext,
  entity: EntityDef,
  query: Record<string, string[]>,
  condition?: ListCondition,
): Promise<ListResult> {
  assertAllowed(ctx.registry, entity, entity.access.read, ctx.actor, attempt(entity, 'read'));
  const tenant = tenantWhere(ctx, entity, 1);
  const q = parseListQuery(entity, query, tenant.params.length + 1, ctx.hooks.filter, ctx.registry);
  const where = [...tenant.sql, ...q.where];
  const params = [...tenant.params, ...q.params];
  const owner = ownerWhere(ctx, entity, query.owner?.[0], params.length + 1);
  if (owner) {
    where.push(owner);
    params.push(ctx.actor.employeeId);
  }
  const pickableFor = query.pickableFor?.[0];
  if (pickableFor !== undefined) {
    const pickable = pickableWhere(
      ctx.registry,
      ctx.actor,
      entity,
      pickableFor,
      (value) => {
        params.push(value);
        return `$${params.length}`;
      },
      '$1',
    );
    if (pickable) where.push(pickable);
  }
  if (condition)
    where.push(
      `(${condition((value) => {
        params.push(value);
        return `$${params.length}`;
      })})`,
    );
  const reach = recordRoleWhere(ctx, entity, (value) => {
    params.push(value);
    return `$${params.length}`;
  });
  if (reach) where.push(reach);
  const whereSql = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const table = quoteIdent(entity.table);
  let page: Promise<Row[]>;
  if (q.after !== null) {
    // Keyset: the rows after the anchor record's place in this order; an index on the sort serves it directly.
    const anchorWhere = ['id = $' + (params.length + 1), ...tenant.sql].join(' AND ');
    const after = afterAnchor(
      q.sortColumns,
      (columns) => `(SELECT ${columns.join(', ')} FROM ${table} WHERE ${anchorWhere})`,
    );
    page = ctx.tx.query(
      `SELECT ${selectColumns(entity)} FROM ${table} WHERE ${[...where, after].join(' AND ')} ORDER BY ${q.orderBy} LIMIT ${q.limit}`,
      [...params, q.after],
    );
  } else if (q.offset === 0) {
    page = ctx.tx.query(
      `SELECT ${selectColumns(entity)} FROM ${table} ${whereSql} ORDER BY ${q.orderBy} LIMIT ${q.limit}`,
      params,
    );
  } else {
    // A page past the first reads only the ids of the rows it skips (an index-only scan where the sort has an index)
    // and whole rows for itself alone. Its plan does not depend on the offset, so the offset is a parameter and the
    // text stays prepared.
    page = ctx.tx.query(
      `SELECT ${selectColumns(entity)} FROM ${table} ${whereSql ? `${whereSql} AND` : 'WHERE'} id IN (SELECT id FROM ${table} ${whereSql} ORDER BY ${q.orderBy} LIMIT ${q.limit} OFFSET $${params.length + 1}) ORDER BY ${q.orderBy}`,
      [...params, q.offset],
    );
  }
  // The count travels with the page (one round trip for both) unless its cap is known, or the list is searched: a
  // search that finds less than a page has read the whole table once, and its count would read it again.
  const capped = knownCapped(entity.table, whereSql, params);
  const count = () =>
    ctx.tx.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM (SELECT 1 FROM ${table} ${whereSql} LIMIT ${TOTAL_CAP + 1}) s`,
      params,
    );
  const early = capped || q.searched ? null : count();
  early?.catch(() => undefined);
  const rows = await page;
  if (q.after !== null && !rows.length) await fetchOne(ctx, entity, q.after);
  let total = q.offset + rows.length;
  let totalCapped = false;
  // The page tells the total unless it is full, empty past the start, or paged by after=; never counted past the cap.
  if (q.after !== null || rows.length === q.limit || (rows.length === 0 && q.offset > 0)) {
    if (capped) {
      total = TOTAL_CAP;
      totalCapped = true;
    } else {
      const [{ n }] = await (early ?? count());
      totalCapped = n > TOTAL_CAP;
      total = Math.min(n, TOTAL_CAP);
      settleCapped(entity.table, whereSql, params, totalCapped);
    }
  } else if (early) settleCapped(entity.table, whereSql, params, (await early)[0].n > TOTAL_CAP);
  return { rows: withComputed(ctx, entity, rows), total, totalCapped, limit: q.limit, offset: q.offset };
}

/** The 404 of a record that is not there (or is another company's): "No department with id 7". */
export const notFound = (entity: EntityDef, id: unknown): AppError =>
  AppError.worded('not_found', text('refusal.record.notFound', { entity: entityLabel(entity), id: String(id) }));

/** The 409 of a write on a record that changed since the caller loaded it. */
export const staleVersion = (entity: EntityDef): AppError =>
  AppError.worded('stale_version', text('refusal.record.stale', { entity: entityLabel(entity) }));

/**
 * Columns a read asks for beside the record's own, in the same statement (engine/records/joined-titles.ts): `bind`
 * gives a value its placeholder; the table is aliased RECORD_ALIAS.
 */
export type AlsoSelected = (bind: (value: unknown) => string) => { columns: string; take(row: Row): void };

/**
 * One record of the call's company (or a platform record the caller may see), locked for update when asked; 404
 * otherwise. `endsRead`: the read most likely asks nothing after it (QueryOptions.endsRead).
 */
/**
 * fetchOne's statement texts by shape and by what the read adds (`also`: joinedTitles keeps one string per entity and
 * placeholder, whose hash V8 then keeps too), each the same string every call: see joined-titles.ts for why.
 */
const recordStatements = new Map<string, Map<string, string>>();
const MAX_RECORD_STATEMENTS = 2_000;
/** recordStatement's key for a read without `also`: no SQL text (an `also`, even an empty one) can be it. */
const NOTHING_ADDED = '\u0000';

function recordStatement(entity: EntityDef, where: string, lock: boolean, also: string | undefined): string {
  const shape = `${entity.name}|${where}|${lock}`;
  let byAlso = recordStatements.get(shape);
  if (!byAlso) {
    if (recordStatements.size >= MAX_RECORD_STATEMENTS) recordStatements.clear();
    recordStatements.set(shape, (byAlso = new Map()));
  }
  // a read that adds nothing (no `also`) names its table without the alias a read with `also` gives it
  const added = also ?? NOTHING_ADDED;
  let text = byAlso.get(added);
  if (text === undefined) {
    const from = also !== undefined ? `${quoteIdent(entity.table)} AS ${RECORD_ALIAS}` : quoteIdent(entity.table);
    text = `SELECT ${selectColumns(entity)}${also ?? ''} FROM ${from} WHERE ${where}${lock ? ' FOR UPDATE' : ''}`;
    byAlso.set(added, text);
  }
  return text;
}

export async function fetchOne(
  ctx: CallContext,
  entity: EntityDef,
  id: unknown,
  lock = false,
  also?: AlsoSelected,
  endsRead = false,
): Promise<Row> {
  if (typeof id !== 'number' || !Number.isInteger(id) || id < 1)
    throw new AppError('bad_request', `id must be a positive whole number`);
  // past 2^53 a JSON number is no longer the id that was sent, and past 2^63 the database cannot even compare it
  if (id > Number.MAX_SAFE_INTEGER) throw notFound(entity, id);
  const tenant = tenantWhere(ctx, entity, 2);
  const where = ['id = $1', ...tenant.sql].join(' AND ');
  const params: unknown[] = [id, ...tenant.params];
  const extra = also?.((value) => `$${params.push(value)}`);
  const [row] = await ctx.tx.query(recordStatement(entity, where, lock, extra?.columns), params, { endsRead });
  if (!row) throw notFound(entity, id);
  extra?.take(row);
  return row;
}

/** One record as a read by id gives it, its children loaded; `also`: what the read asks for in the record's statement (its titles). */
export async function readRecord(ctx: CallContext, entity: EntityDef, id: unknown, also?: AlsoSelected): Promise<Row> {
  const what = attempt(entity, 'read');
  assertAllowed(ctx.registry, entity, entity.access.read, ctx.actor, what);
  // a read whose role decides it and that loads no children asks nothing after its record, unless `_allowed` needs the
  // caller's reach (the adapter then opens the read again, in that statement's round trip)
  const endsRead =
    ctx.readOnly === true &&
    !entity.children.length &&
    (allows(entity.access.read, ctx.actor, entity.module) || !decidedByRecord(entity.access.read, ctx.actor, entity));
  const row = await fetchOne(ctx, entity, id, false, also, endsRead);
  // self and supervisor are decided on the record (assertAllowed lets them through to here)
  await assertRecordAllowed(ctx.tx, entity, entity.access.read, ctx.actor, row, what);
  withComputed(ctx, entity, [row]);
  await loadChildren(ctx, entity.children, [row]);
  return row;
}

/**
 * Which children of an entity an employee reads when they come with their parent: all (true), none (false), or those
 * a condition reaches (her own, her reports', those under a parent she reads). Others read what the parent has.
 */
function childrenReadable(ctx: CallContext, child: EntityDef, bind: (value: unknown) => string): boolean | string {
  if (ctx.actor.role !== 'employee') return true;
  const roles = child.access.read;
  if (allows(roles, ctx.actor, child.module)) return true;
  if (!decidedByRecord(roles, ctx.actor, child)) return false;
  return recordRoleWhere(ctx, child, bind) ?? true;
}

/** One query per child level, never per parent row. */
export async function loadChildren(ctx: CallContext, children: readonly ChildDef[], parents: Row[]): Promise<void> {
  for (const c of children) {
    const child = ctx.registry.entity(c.entity);
    const via = child.field.get(c.via)!;
    const ids = parents.map((p) => p.id);
    const tenant = tenantWhere(ctx, child, 2);
    const params: unknown[] = [ids, ...tenant.params];
    // an employee gets only the children she may read herself (a plan every employee reads carries every employee's
    // trainings): by the child's own read roles, as its list would give them
    const readable = childrenReadable(ctx, child, (value) => `$${params.push(value)}`);
    const rows =
      readable === false
        ? []
        : withComputed(
            ctx,
            child,
            await ctx.tx.query(
              `SELECT ${selectColumns(child)} FROM ${quoteIdent(child.table)} WHERE ${[`${quoteIdent(via.column)} = ANY($1)`, ...tenant.sql, ...(readable === true ? [] : [readable])].join(' AND ')} ORDER BY ${quoteIdent(child.field.get(child.list.sort.replace(/^-/, ''))?.column ?? 'id')}, id`,
              params,
            ),
          );
    const byParent = new Map<unknown, Row[]>(parents.map((p) => [p.id, []]));
    for (const r of rows) byParent.get(r[c.via])?.push(r);
    for (const p of parents) p[c.key] = byParent.get(p.id);
    if (c.children?.length && rows.length) await loadChildren(ctx, c.children, rows);
  }
}

/**
 * Adds one record; `checked` when the caller (a command or hook) has already decided access. A command that adds
 * (attach) names its own `roles`, its `action` for the audit trail, and read-only values it `set`s itself (a file).
 * Roles decided by the record (a team it belongs to) are decided on the record as it will be stored, derived fields
 * included.
 */
export async function addRecord(
  ctx: CallContext,
  entity: EntityDef,
  input: unknown,
  opts: { checked?: boolean; roles?: readonly Role[]; action?: string; set?: Row } = {},
): Promise<Row> {
  const roles = opts.roles ?? entity.access.add;
  const what = attempt(entity, opts.action ?? 'add');
  if (!opts.checked) assertAllowed(ctx.registry, entity, roles, ctx.actor, what);
  const values = await prepareAdd(ctx, entity, input, opts.set, true);
  if (!opts.checked) {
    await assertRecordAllowed(ctx.tx, entity, roles, ctx.actor, values, what);
    await assertParentsReadable(ctx.tx, ctx.actor, entity, values, what);
  }
  if (entity.scope === 'company' && ctx.companyId === null)
    throw new AppError('bad_request', `Name the company: ${entity.name} records belong to one company (?companyId=)`);
  const columns: { sql: string; value: unknown; cast: string }[] = [];
  if (entity.scope === 'company') columns.push({ sql: 'company_id', value: ctx.companyId, cast: '' });
  for (const f of storedFields(entity))
    if (values[f.name] !== undefined)
      columns.push({ sql: quoteIdent(f.column), value: toParam(f, values[f.name], ctx.secretKey), cast: paramCast(f) });
  columns.push(
    { sql: 'created_by', value: ctx.actor.accountId, cast: '' },
    { sql: 'updated_by', value: ctx.actor.accountId, cast: '' },
  );
  const cols = columns.map((c) => c.sql);
  const params = columns.map((c) => c.value);
  const placeholders = columns.map((c, i) => `$${i + 1}${c.cast}`);
  let row: Row;
  try {
    [row] = await ctx.tx.query(
      `INSERT INTO ${quoteIdent(entity.table)} (${cols.join(', ')}) VALUES (${placeholders.join(', ')}) RETURNING ${selectColumns(entity)}`,
      params,
    );
  } catch (e) {
    throw mapDbError(e, ctx.registry, entity, 'add');
  }
  if (affectsCallers(entity.table, 'add')) ctx.afterCommit.add(forgetCallers);
  withComputed(ctx, entity, [row]);
  // the write's own entry first, then those of what its hook writes in consequence: a history reads cause before effect
  await writeAudit(ctx, entity, opts.action ?? 'add', null, row);
  if (entity.afterWrite) await ctx.hooks.afterWrite[entity.afterWrite](ctx, entity, null, row);
  return row;
}

/**
 * A record to add as it will be stored: validated, its workflow's initial state, its rules, its derived fields
 * (beforeWrite), the checks across records; `checkLocks` false for a bulk add, which asks the locks for all its rows at once.
 */
export async function prepareAdd(
  ctx: CallContext,
  entity: EntityDef,
  input: unknown,
  set: Row | undefined,
  checkLocks: boolean,
): Promise<Row> {
  validateRecord(entity, 'add', input);
  const values: Row = sanitiseHtmlFields(entity, { ...input, ...set });
  if (entity.workflow) values[entity.workflow.stateField] = entity.workflow.initial;
  checkRules(entity, values);
  checkRequiredWhen(entity, values);
  // nothing is added to a collection of a locked record (its parent as given here; again below if a hook derives it)
  const parents = parentsOf(entity, values);
  if (checkLocks) await assertUnlocked(ctx, entity, 'add', values);
  if (entity.beforeWrite)
    Object.assign(values, await ctx.hooks.beforeWrite[entity.beforeWrite](ctx, entity, null, values));
  if (checkLocks && parentsOf(entity, values) !== parents) await assertUnlocked(ctx, entity, 'add', values);
  await assertWriteConditions(ctx, entity, 'add', values);
  await checkAcrossRecords(ctx, entity, null, values);
  // a field the spec gives to one party is given only by them (x-writeRoles), whoever else may add the record
  if (ctx.actor.role === 'employee') await assertFieldsWritable(ctx, entity, null, values, Object.keys(input as Row));
  return values;
}

/**
 * Changes the given fields of one record. The caller's version must be the stored one, else nothing is written.
 * `onlyFields` limits a patch command to the fields it declares.
 */
export async function updateRecord(
  ctx: CallContext,
  entity: EntityDef,
  input: unknown,
  opts: { onlyFields?: readonly string[]; action?: string; roles?: EntityDef['access']['update'] } = {},
): Promise<Row> {
  const action = opts.action ?? 'update';
  const roles = opts.roles ?? entity.access.update;
  const what = attempt(entity, action);
  assertAllowed(ctx.registry, entity, roles, ctx.actor, what);
  validateRecord(entity, 'update', input);
  const { id, version, ...changes } = input as Row & { id: number; version: number };
  if (opts.onlyFields) {
    const extra = Object.keys(changes).filter((k) => !opts.onlyFields!.includes(k));
    if (extra.length)
      throw AppError.validation(
        extra.map((field) => ({
          field,
          message: `is not changed by ${action}; it changes ${opts.onlyFields!.join(', ')}`,
        })),
      );
  }
  const before = await fetchOne(ctx, entity, id, true);
  // Both as stored and as it would be: nobody hands a record over to an employee they may not act for.
  await assertRecordAllowed(ctx.tx, entity, roles, ctx.actor, before, what);
  await assertRecordAllowed(ctx.tx, entity, roles, ctx.actor, { ...before, ...changes }, what);
  // nor moved under a parent the caller may not read
  await assertParentsReadable(ctx.tx, ctx.actor, entity, { ...before, ...changes }, what);
  if (before.version !== version)
    throw AppError.worded(
      'stale_version',
      text('refusal.record.staleVersions', {
        entity: entityLabel(entity),
        yours: version,
        now: Number(before.version),
      }),
    );
  return applyUpdate(ctx, entity, before, changes, action);
}

/**
 * Writes changes to a fetched (and row-locked) record: version + 1, afterWrite hook, audit entry. Also used by commands,
 * transitions (`transition`: the state moves, which a lock by state does not stop) and hooks.
 */
export async function applyUpdate(
  ctx: CallContext,
  entity: EntityDef,
  before: Row,
  rawGiven: Row,
  action: string,
  opts: { inPlaceOf?: InPlaceOf; transition?: boolean } = {},
): Promise<Row> {
  const given = sanitiseHtmlFields(entity, rawGiven);
  // a locked record, or one in a locked record's collection, changes only what the lock opens; a move of its state
  // (a transition, or a hook moving it as one: a QA review completing an assessment) is how a locked record moves on
  const changed = Object.keys(given).filter((k) => !sameValue(given[k], before[k]));
  const moves =
    opts.transition === true || (entity.workflow !== undefined && changed.includes(entity.workflow.stateField));
  await assertUnlocked(ctx, entity, 'update', before, changed, !moves);
  // on every path (an update, a command, a transition, a hook): a field the spec gives to one party changes only by them
  if (ctx.actor.role === 'employee') await assertFieldsWritable(ctx, entity, before, { ...before, ...given }, changed);
  checkRules(entity, { ...before, ...given });
  checkRequiredWhen(entity, { ...before, ...given }, Object.keys(given));
  // derived fields follow the record as it will be stored, whatever the write changed
  const changes = entity.beforeWrite
    ? { ...given, ...(await ctx.hooks.beforeWrite[entity.beforeWrite](ctx, entity, before, { ...before, ...given })) }
    : given;
  // a record moved to another parent is added to that parent's collection
  if (parentsOf(entity, { ...before, ...changes }) !== parentsOf(entity, before))
    await assertUnlocked(ctx, entity, 'add', { ...before, ...changes });
  await assertWriteConditions(ctx, entity, 'update', { ...before, ...changes });
  await checkAcrossRecords(ctx, entity, before, changes);
  withComputed(ctx, entity, [before]);
  const fields = storedFields(entity).filter((f) => changes[f.name] !== undefined);
  const sets = fields.map((f, i) => `${quoteIdent(f.column)} = $${i + 1}${paramCast(f)}`);
  const params = fields.map((f) => toParam(f, changes[f.name], ctx.secretKey));
  params.push(ctx.actor.accountId);
  const updatedBy = `$${params.length}`;
  params.push(before.id);
  let where = `id = $${params.length}`;
  if (entity.scope === 'company') {
    params.push(ctx.companyId);
    where += ` AND company_id = $${params.length}`;
  }
  let after: Row;
  try {
    [after] = await ctx.tx.query(
      `UPDATE ${quoteIdent(entity.table)} SET ${[...sets, 'version = version + 1', 'updated_at = now()', `updated_by = ${updatedBy}`].join(', ')} WHERE ${where} RETURNING ${selectColumns(entity)}`,
      params,
    );
  } catch (e) {
    throw mapDbError(e, ctx.registry, entity, 'update');
  }
  forgetCapped(entity.table);
  if (affectsCallers(entity.table, 'update')) ctx.afterCommit.add(forgetCallers);
  withComputed(ctx, entity, [after]);
  await writeAudit(ctx, entity, action, before, after, opts.inPlaceOf);
  if (entity.afterWrite) await ctx.hooks.afterWrite[entity.afterWrite](ctx, entity, before, after);
  return after;
}

/** Deletes one record; `checked` when the caller (a command or hook) has already decided access. */
export async function deleteRecord(
  ctx: CallContext,
  entity: EntityDef,
  input: unknown,
  opts: { checked?: boolean } = {},
): Promise<Row> {
  const what = attempt(entity, 'delete');
  if (!opts.checked) assertAllowed(ctx.registry, entity, entity.access.delete, ctx.actor, what);
  const id = (input as Row | null)?.id;
  const extra =
    input && typeof input === 'object' ? Object.keys(input).filter((k) => k !== 'id' && k !== 'version') : [];
  if (extra.length)
    throw AppError.validation(extra.map((field) => ({ field, message: 'is not used by delete, which takes only id' })));
  const before = await fetchOne(ctx, entity, id, true);
  if (!opts.checked) await assertRecordAllowed(ctx.tx, entity, entity.access.delete, ctx.actor, before, what);
  // checked or not (a bulk delete, a hook's): a locked record, or one in a locked record's collection, stays
  await assertUnlocked(ctx, entity, 'delete', before);
  const version = (input as Row).version;
  if (version !== undefined && version !== before.version) throw staleVersion(entity);
  withComputed(ctx, entity, [before]);
  if (entity.beforeDelete) await ctx.hooks.beforeDelete[entity.beforeDelete](ctx, entity, before);
  // the rows the database deletes with it leave their entries too
  await auditCascadedDeletes(ctx, entity, [before], 'delete');
  try {
    // A refused delete (a record still refers to it) rolls back the whole call's transaction.
    await ctx.tx.query(
      `DELETE FROM ${quoteIdent(entity.table)} WHERE id = $1${entity.scope === 'company' ? ' AND company_id = $2' : ''}`,
      entity.scope === 'company' ? [before.id, ctx.companyId] : [before.id],
    );
  } catch (e) {
    throw mapDbError(e, ctx.registry, entity, 'delete');
  }
  forgetCapped(entity.table);
  if (affectsCallers(entity.table, 'delete')) ctx.afterCommit.add(forgetCallers);
  await writeAudit(ctx, entity, 'delete', before, null);
  return before;
}

/** The parents a record names along the routes a lock may hold it by, as one key to compare. */
const parentsOf = (entity: EntityDef, row: Row): string =>
  entity.lockRoutes.map((r) => String(row[r.up[0].via] ?? '')).join(',');

/** Whether a value sent is the one stored: a number as the number stored, nothing as null. */
export function sameValue(given: unknown, stored: unknown): boolean {
  if ((given ?? null) === (stored ?? null)) return true;
  if (typeof given === 'number' || typeof stored === 'number')
    return Number(given) === Number(stored) && given !== null && stored !== null;
  return JSON.stringify(given ?? null) === JSON.stringify(stored ?? null);
}
