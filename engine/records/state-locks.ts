import { loadReach } from '../access/record-reach.ts';
import { recordAdmits } from '../access/access-policy.ts';
import { AppError } from '../app-error.ts';
import type { Row } from '../db/db.ts';
import { readableName, text, type Text, type TextParam } from '../i18n/text.ts';
import { kebabToCamel, quoteIdent } from '../metadata/naming.ts';
import { optionKey } from '../metadata/option-key.ts';
import type { EntityDef, LockDef, LockRoute } from '../metadata/registry.ts';
import { fieldLockHolds } from '../metadata/field-locks.ts';
import { titleFieldOf } from '../metadata/title-field.ts';
import type { CallContext } from './call-context.ts';
import { selectColumns } from './record-columns.ts';
import { entityLabel, labelOf } from './record-validator.ts';

/**
 * Locks by state (workflow.json `locks`): in a locked state a record is neither changed nor deleted, and the records of
 * its child collections are neither added, changed nor deleted, but for the fields and collections the lock opens and
 * the roles it excepts; and a record whose reference holds it (entity.json `heldBy`: an annual plan Closed) likewise.
 * The record store asks here before every write (whoever writes: a call, a command, a hook),
 * and "what may I do here" (`_allowed`) from the same holds. A transition moves a locked record on.
 */

/** A lock holding one record: the record's own (by its state), or an ancestor's (the record sits in a collection of a locked record). */
export interface Hold {
  /** the locked record and its entity: the record itself, or its ancestor */
  readonly entity: EntityDef;
  readonly row: Row;
  readonly lock: LockDef;
  readonly state: string;
  /** an ancestor's hold: the key paths of the collections the record sits in under it; empty for the record's own */
  readonly paths: readonly string[];
}

/**
 * What a hold leaves open of the record it holds: every write (`all`), else changes of `fields` (nothing added, nor
 * deleted unless `deletable`: a lock by a field's value that fixes some fields only).
 */
export interface Opening {
  readonly all: boolean;
  readonly fields: readonly string[];
  readonly deletable?: boolean;
}

export type LockedWrite = 'add' | 'update' | 'delete';

/** The lock the record's state is in, if any. */
export function lockOf(entity: EntityDef, row: Row): { lock: LockDef; state: string } | undefined {
  if (!entity.locks.length) return undefined;
  const state = row[entity.workflow!.stateField];
  const lock = typeof state === 'string' ? entity.locks.find((l) => l.states.includes(state)) : undefined;
  return lock && { lock, state: state as string };
}

/**
 * How a write reads the record that may hold it: FOR SHARE under a lock's collection; FOR NO KEY UPDATE under a hold
 * by reference, whose holder a hook of the held record may then update (a training plan recounting its trainings):
 * two writes that both held it shared and then both asked to update it would deadlock.
 */
const rowLock = (route: LockRoute) => (route.heldWhen ? ' FOR NO KEY UPDATE' : ' FOR SHARE');

/** A reference's hold (`heldBy`) on the referenced record, when its field has one of the values: it opens nothing. */
function heldBy(when: NonNullable<LockRoute['heldWhen']>, row: Row): { lock: LockDef; state: string } | undefined {
  const value = row[when.field];
  if (!when.values.includes(value as string | number | boolean)) return undefined;
  return {
    lock: { states: [String(value)], fields: [], openChildren: [], childFields: {}, exceptRoles: [] },
    state: String(value),
  };
}

/** A collection at `path` is open when the lock opens it or a collection it lies in. */
const openCollection = (lock: LockDef, path: string) =>
  lock.openChildren.some((o) => path === o || path.startsWith(`${o}.`));

export function openingOf(hold: Hold): Opening {
  if (!hold.paths.length)
    return { all: false, fields: hold.lock.fields, ...(hold.lock.byField?.fixed ? { deletable: true } : {}) };
  // a record reached by several collections (a KPI of the scorecard and of its key performance area) is open where any of them is
  if (hold.paths.some((p) => openCollection(hold.lock, p))) return { all: true, fields: [] };
  return { all: false, fields: [...new Set(hold.paths.flatMap((p) => hold.lock.childFields[p] ?? []))] };
}

/** What several holds leave open together: each closes what it does not open. */
export function openingOfAll(holds: readonly Hold[]): Opening {
  let open: Opening = { all: true, fields: [] };
  for (const o of holds.map(openingOf)) {
    if (o.all) continue;
    open = open.all
      ? o
      : {
          all: false,
          fields: open.fields.filter((f) => o.fields.includes(f)),
          ...(open.deletable && o.deletable ? { deletable: true } : {}),
        };
  }
  return open;
}

/** The record's own child collections (by key) that its holds close to new records (a lock by a field's value closes none). */
export function closedChildren(entity: EntityDef, holds: readonly Hold[]): string[] {
  return entity.children
    .filter((c) =>
      holds.some(
        (h) =>
          !h.lock.byField &&
          !(h.paths.length ? h.paths.map((p) => `${p}.${c.key}`) : [c.key]).some((p) => openCollection(h.lock, p)),
      ),
    )
    .map((c) => c.key);
}

/**
 * The holds on each row for this caller: the row's own lock (`own`: not for a record being added, nor for a move of its
 * state) and its locked ancestors', less those whose exceptRoles admit the caller on the locked record. Ancestors are
 * read in one query per step of each route, never per row; for a write (`forShare`) they are locked (`rowLock`), so
 * that none moves into a locked state while the write is judged.
 */
export async function holdsOn(
  ctx: CallContext,
  entity: EntityDef,
  rows: readonly Row[],
  opts: { own: boolean; forShare: boolean },
): Promise<Hold[][]> {
  const holds: Hold[][] = rows.map(() => []);
  if (opts.own)
    rows.forEach((row, i) => {
      const locked = lockOf(entity, row);
      if (locked) holds[i].push({ entity, row, ...locked, paths: [] });
      for (const l of entity.fieldLocks)
        if (fieldLockHolds(l, row)) holds[i].push({ entity, row, lock: l.lock, state: l.field, paths: [] });
    });
  for (const route of entity.lockRoutes) {
    let ids: unknown[] = rows.map((r) => r[route.up[0].via]);
    let found = new Map<number, Row>();
    for (const [s, step] of route.up.entries()) {
      const stepEntity = ctx.registry.entity(step.entity);
      const last = s === route.up.length - 1;
      const next = last ? undefined : stepEntity.field.get(route.up[s + 1].via)!;
      const wanted = [...new Set(ids.filter((id) => id !== null && id !== undefined).map(Number))].filter(
        Number.isSafeInteger,
      );
      const columns = last ? selectColumns(stepEntity) : `id, ${quoteIdent(next!.column)} AS next`;
      const company = stepEntity.scope === 'company' ? ' AND company_id = $2' : '';
      const stepRows = wanted.length
        ? await ctx.tx.query(
            `SELECT ${columns} FROM ${quoteIdent(stepEntity.table)} WHERE id = ANY($1)${company}${last && opts.forShare ? rowLock(route) : ''}`,
            company ? [wanted, ctx.companyId] : [wanted],
          )
        : [];
      found = new Map(stepRows.map((r) => [Number(r.id), r]));
      if (!last) ids = ids.map((id) => (id === null || id === undefined ? undefined : found.get(Number(id))?.next));
    }
    const holder = ctx.registry.entity(route.holder);
    ids.forEach((id, i) => {
      const row = id === null || id === undefined ? undefined : found.get(Number(id));
      const locked = row && (route.heldWhen ? heldBy(route.heldWhen, row) : lockOf(holder, row));
      if (!row || !locked) return;
      const same = holds[i].findIndex((h) => h.entity === holder && h.row.id === row.id && h.paths.length);
      if (same >= 0) holds[i][same] = { ...holds[i][same], paths: [...holds[i][same].paths, route.path] };
      else holds[i].push({ entity: holder, row, ...locked, paths: [route.path] });
    });
  }
  for (const list of holds)
    for (let i = list.length - 1; i >= 0; i--) {
      const { entity: held, row, lock } = list[i];
      if (
        lock.exceptRoles.length &&
        recordAdmits(lock.exceptRoles, ctx.actor, held, row, await loadReach(ctx.tx, ctx.actor, held, lock.exceptRoles))
      )
        list.splice(i, 1);
    }
  return holds;
}

/**
 * Refuses a write a lock holds: a record added to a closed collection, a change of a field left closed, a delete
 * (409 invalid_state, in the caller's language, naming the locked record, its state and the transitions that open it).
 * `changed`: the fields an update changes; `own`: whether the record's own state counts (not for a move of it).
 */
export async function assertUnlocked(
  ctx: CallContext,
  entity: EntityDef,
  write: LockedWrite,
  row: Row,
  changed: readonly string[] = [],
  own = true,
): Promise<void> {
  await assertRowsUnlocked(ctx, entity, write, [row], [changed], own);
}

/** assertUnlocked for many rows of one entity (a hook's bulk write): their ancestors read once per step, not per row. */
export async function assertRowsUnlocked(
  ctx: CallContext,
  entity: EntityDef,
  write: LockedWrite,
  rows: readonly Row[],
  changed: readonly (readonly string[])[] = [],
  own = true,
): Promise<void> {
  if ((!entity.locks.length && !entity.lockRoutes.length && !entity.fieldLocks.length) || !rows.length) return;
  const holds = await holdsOn(ctx, entity, rows, { own: own && write !== 'add', forShare: true });
  holds.forEach((list, i) => {
    for (const hold of list) {
      const opening = openingOf(hold);
      if (
        opening.all ||
        (write === 'delete' && opening.deletable) ||
        (write === 'update' && (changed[i] ?? []).every((f) => opening.fields.includes(f)))
      )
        continue;
      throw hold.lock.byField
        ? fieldLockRefusal(entity, hold, write, changed[i] ?? [])
        : lockRefusal(entity, hold, write, opening);
    }
  });
}

/** The locked record by its title, else (a review of nothing but figures) by its number. */
function lockedRecord(hold: Hold): Text {
  const titleField = titleFieldOf(hold.entity);
  const title = titleField === 'id' ? undefined : hold.row[titleField];
  return title === null || title === undefined || title === ''
    ? text('lock.recordNumbered', { entity: entityLabel(hold.entity), id: Number(hold.row.id) })
    : text('lock.record', { entity: entityLabel(hold.entity), title: String(title) });
}

/** A write a lock by a field's value holds: the record and why (its reason), and the fixed fields the update changes. */
function fieldLockRefusal(entity: EntityDef, hold: Hold, write: LockedWrite, changed: readonly string[]): AppError {
  const { reason, fixed } = hold.lock.byField!;
  const params = { record: lockedRecord(hold), reason: text(reason) };
  if (write === 'update' && fixed) {
    const fields = {
      list: changed.filter((f) => fixed.includes(f)).map((f) => labelOf(entity, f)),
      join: 'and',
      midSentence: true,
    } as const;
    return AppError.worded('invalid_state', text('lock.whenFixed', { ...params, fields }));
  }
  return AppError.worded('invalid_state', text(write === 'delete' ? 'lock.whenDeleted' : 'lock.whenChanged', params));
}

function lockRefusal(entity: EntityDef, hold: Hold, write: LockedWrite, opening: Opening): AppError {
  const params: Record<string, TextParam> = {
    record: lockedRecord(hold),
    state: text(optionKey(hold.state), undefined, hold.state),
  };
  const fields = { list: opening.fields.map((f) => labelOf(entity, f)), join: 'and', midSentence: true } as const;
  const own = !hold.paths.length;
  const key =
    write === 'add'
      ? 'childAdded'
      : write === 'delete'
        ? own
          ? 'deleted'
          : 'childDeleted'
        : opening.fields.length
          ? own
            ? 'onlyFields'
            : 'childOnlyFields'
          : own
            ? 'changed'
            : 'childChanged';
  let message: Text = text(`lock.${key}`, {
    ...params,
    ...(own ? {} : { child: entityLabel(entity) }),
    ...(opening.fields.length && write === 'update' ? { fields } : {}),
  });
  const reopen = reopeners(hold.entity, hold.state);
  if (reopen.length)
    message = text('lock.reopen', {
      message,
      actions: {
        list: reopen.map((a) =>
          text('lock.action', { action: text(`action.${kebabToCamel(a)}`, undefined, readableName(a)) }),
        ),
        join: 'or',
      },
    });
  return AppError.worded('invalid_state', message);
}

/** The transitions that open a record in `state` again: to a state no lock holds. */
function reopeners(entity: EntityDef, state: string): string[] {
  // a record that holds by reference (`heldBy`) need have no workflow: its form moves it on
  if (!entity.workflow) return [];
  const locked = new Set(entity.locks.flatMap((l) => l.states));
  return entity.workflow!.transitions.filter((t) => t.from.includes(state) && !locked.has(t.to)).map((t) => t.action);
}
