import type { RecordAllowed as AllowedOnRecord } from '../../contract/meta-reply.ts';
import type { Row } from '../db/db.ts';
import type { ChildDef, CommandDef, EntityDef, Role } from '../metadata/registry.ts';
import { calendarToday } from '../records/calendar-today.ts';
import type { CallContext } from '../records/call-context.ts';
import { allows, decidedByRecord, recordAdmits } from './access-policy.ts';
import { teamOfRole } from './caller-roles.ts';
import { childOf } from './child-permissions.ts';
import { quoteIdent } from '../metadata/naming.ts';
import { selectColumns } from '../records/record-columns.ts';
import { membershipKey } from './record-reach.ts';
import { loadReach } from './record-reach.ts';
import { closedChildren, holdsOn, openingOfAll, type Opening } from '../records/state-locks.ts';
import { employeeNames, namedOtherThan, recordRolesOf, transitionRoles } from '../records/in-place-of.ts';
import { unmetConditions } from '../records/transition-conditions.ts';
import { closedFieldsOf } from './field-write-roles.ts';

/** "What may I do here" for one record, sent with it as `_allowed`: the renderer's shape too (contract/meta-reply.ts). */
export type { RecordAllowed as AllowedOnRecord } from '../../contract/meta-reply.ts';

/** A transition's window on a record: its dates, and whether today lies inside it (closed while either date is empty). */
function windowOf(
  t: NonNullable<EntityDef['workflow']>['transitions'][number],
  row: Row,
  today: string,
): { from: string | null; to: string | null; open: boolean } | null {
  if (!t.window) return null;
  const day = (v: unknown) => (v === null || v === undefined || v === '' ? null : String(v).slice(0, 10));
  const from = day(row[t.window.from]);
  const to = day(row[t.window.to]);
  return { from, to, open: from !== null && to !== null && from <= today && today <= to };
}

/** Commands about one record; the others (bulk, attach, reports and lists) concern the entity and are in /meta. */
const actsOnRecord = (c: CommandDef) =>
  c.method === 'POST' && (c.kind === 'patch' || c.kind === 'upload' || c.kind === 'share' || c.kind === 'hook');

/** Whether what a lock leaves open takes the fields a write sets. */
const opens = (open: Opening, fields: readonly string[]) => open.all || fields.every((f) => open.fields.includes(f));

/** The fields a patch or an upload writes (an upload: its file and the file's name, size, type and checksum); hook commands decide for themselves. */
const writes = (c: CommandDef): readonly string[] =>
  c.kind === 'patch' ? c.fields : c.kind === 'upload' ? [...c.fields, ...Object.values(c.fileInfo)] : [];

/**
 * Sets `_allowed` on each row (and on the rows of the children loaded with it), judged by the same predicate that refuses a call
 * (`recordAdmits`): role, relationship and state, and by the same locks (engine/records/state-locks.ts). The caller's
 * reach and the rows' locked ancestors are loaded once for the whole page.
 */
export async function attachAllowed(
  ctx: CallContext,
  entity: EntityDef,
  rows: Row[],
  children: readonly ChildDef[] = [],
): Promise<void> {
  if (!rows.length) return;
  const wf = entity.workflow;
  const transitions =
    wf?.transitions.map((t) => ({ t, roles: (t.access ?? entity.access.update) as readonly Role[] })) ?? [];
  const commands = entity.commands.filter(actsOnRecord);
  const roleSets = [
    entity.access.update,
    entity.access.delete,
    ...transitions.map((x) => x.roles),
    ...commands.map((c) => c.access),
  ];
  // reach only for the role sets the caller's role does not settle alone (a module admin's needs none)
  const undecided = roleSets.filter((roles) => !allows(roles, ctx.actor, entity.module));
  const reach = await loadReach(ctx.tx, ctx.actor, entity, [...new Set(undecided.flat())]);
  const admits = (roles: readonly Role[], row: Row) => recordAdmits(roles, ctx.actor, entity, row, reach);
  const holds = await holdsOn(ctx, entity, rows, { own: true, forShare: false });
  const today = calendarToday();
  rows.forEach((row, i) => {
    // what the locks on the record leave open (everything, when none holds it); a locked parent's also stops its children's transitions
    const open = openingOfAll(holds[i]);
    const underParent = openingOfAll(holds[i].filter((h) => h.paths.length));
    const update = admits(entity.access.update, row) && (open.all || open.fields.length > 0);
    const lockedChildren = closedChildren(entity, holds[i]);
    const takeable = transitions.filter(
      ({ t, roles }) =>
        t.from.includes(row[wf!.stateField] as string) &&
        admits(roles, row) &&
        opens(underParent, [wf!.stateField, ...(t.requires ?? [])]),
    );
    // a transition outside its window is left out (no button a click would refuse), and its window said instead
    const closed: NonNullable<AllowedOnRecord['closed']> = {};
    for (const { t } of takeable) {
      const w = windowOf(t, row, today);
      if (w && !w.open) closed[t.action] = { from: w.from, to: w.to };
    }
    const allowed: AllowedOnRecord = {
      update,
      delete: admits(entity.access.delete, row) && (open.all || open.deletable === true),
      transitions: takeable.filter(({ t }) => !closed[t.action]).map(({ t }) => t.action),
      // a patch or an upload only where the lock leaves its fields open; hook commands decide for themselves
      commands: commands.filter((c) => admits(c.access, row) && opens(open, writes(c))).map((c) => c.name),
      ...(update && !open.all ? { fields: [...open.fields] } : {}),
      ...(lockedChildren.length ? { lockedChildren } : {}),
      ...(Object.keys(closed).length ? { closed } : {}),
    };
    row._allowed = allowed;
  });
  // a transition whose conditions a record fails is not offered on it: a click would be refused
  for (const { t } of transitions.filter((x) => x.t.when?.length)) {
    const offered = rows.filter((r) => (r._allowed as AllowedOnRecord).transitions.includes(t.action));
    const unmet = await unmetConditions(ctx, entity, t, offered);
    offered.forEach((r, i) => {
      const allowed = r._allowed as AllowedOnRecord;
      if (!unmet[i]) return;
      allowed.transitions = allowed.transitions.filter((a) => a !== t.action);
      allowed.awaiting = { ...allowed.awaiting, [t.action]: unmet[i] };
    });
  }
  // fields the spec gives to another party: the form shows them read-only to this caller
  const closedFields = await closedFieldsOf(ctx, entity, rows);
  rows.forEach((r, i) => {
    const allowed = r._allowed as AllowedOnRecord;
    if (allowed.update && closedFields[i].length) allowed.readOnlyFields = closedFields[i];
  });
  // … nor a command whose conditions it fails
  for (const c of commands.filter((x) => x.when?.length)) {
    const offered = rows.filter((r) => (r._allowed as AllowedOnRecord).commands.includes(c.name));
    const unmet = await unmetConditions(ctx, entity, { action: c.name, when: c.when }, offered);
    offered.forEach((r, i) => {
      const allowed = r._allowed as AllowedOnRecord;
      if (unmet[i]) allowed.commands = allowed.commands.filter((n) => n !== c.name);
    });
  }
  await nameInPlaceOf(ctx, entity, rows, (roles, row) => admits(roles, row));
  for (const c of children) {
    const childRows = rows.flatMap((r) => (Array.isArray(r[c.key]) ? (r[c.key] as Row[]) : []));
    await attachAllowed(ctx, ctx.registry.entity(c.entity), childRows, c.children);
  }
}

/** Names, on each row's `_allowed`, the employee an open transition is the named one's to take when the caller is someone else. */
async function nameInPlaceOf(
  ctx: CallContext,
  entity: EntityDef,
  rows: Row[],
  admits: (roles: readonly Role[], row: Row) => boolean,
): Promise<void> {
  if (!entity.workflow || ctx.actor.role !== 'employee') return;
  const found: { allowed: AllowedOnRecord; action: string; employeeId: number }[] = [];
  for (const row of rows) {
    const allowed = row._allowed as AllowedOnRecord;
    for (const action of allowed.transitions) {
      const roles = transitionRoles(entity, action);
      const other = namedOtherThan(roles, ctx.actor, row, entity.owner);
      // a member of the record's team (or another role the record decides) acts in their own right
      if (other && !admits(recordRolesOf(roles), row)) found.push({ allowed, action, employeeId: other.employeeId });
    }
  }
  if (!found.length) return;
  const names = await employeeNames(
    ctx,
    found.map((f) => f.employeeId),
  );
  for (const f of found)
    f.allowed.inPlaceOf = { ...f.allowed.inPlaceOf, [f.action]: names.get(f.employeeId) ?? `#${f.employeeId}` };
}

/**
 * "May I add here", for a list: by role; or, where the record decides (its owner, a team it names), whether the
 * caller could add any record at all: one of their own or naming themselves, one for a report they supervise, one
 * for a team they are a member of. A contract team's Add is offered to its members, not to every employee. A list of
 * one record's collection (`?scorecardId=3`) offers no Add while that record's lock closes the collection.
 */
export async function mayAdd(
  ctx: CallContext,
  entity: EntityDef,
  query: Record<string, string[]> = {},
): Promise<boolean> {
  if (!(await mayAddByRole(ctx, entity, query))) return false;
  const parents = entity.lockRoutes
    .map((r) => r.up[0].via)
    .filter((via) => query[via]?.length === 1 && /^[1-9][0-9]*$/.test(query[via][0]));
  if (!parents.length) return true;
  const [holds] = await holdsOn(ctx, entity, [Object.fromEntries(parents.map((via) => [via, Number(query[via][0])]))], {
    own: false,
    forShare: false,
  });
  return openingOfAll(holds).all;
}

async function mayAddByRole(ctx: CallContext, entity: EntityDef, query: Record<string, string[]>): Promise<boolean> {
  const roles = entity.access.add;
  if (allows(roles, ctx.actor, entity.module)) return true;
  if (!decidedByRecord(roles, ctx.actor, entity)) return false;
  // a list of one record's children (?auditEngagementId=3): judged on the child as it would be added there, as the add is
  const bound = await childOfBoundParents(ctx, entity, query);
  if (bound === null) return false;
  if (bound)
    return recordAdmits(roles, ctx.actor, entity, bound, await loadReach(ctx.tx, ctx.actor, entity, roles, [bound]));
  const owned = ownedMayBe(entity, query);
  if (roles.includes('unowned') || (owned && roles.includes('self'))) return true;
  for (const r of roles.filter((x) => x.startsWith('field:')))
    if (await mayBeNamed(ctx, entity, r.slice('field:'.length))) return true;
  const reach = await loadReach(ctx.tx, ctx.actor, entity, roles);
  if (owned && roles.includes('supervisor') && reach.reports.size > 0) return true;
  return roles.some((r) => {
    const m = teamOfRole(entity, r)?.membership;
    return m !== undefined && (reach.teams.get(membershipKey(m))?.size ?? 0) > 0;
  });
}

/**
 * Whether a record added under the list's query can be one its employee owns (access.ownedWhen): a list that pins the
 * level to corporate adds scorecards the owner roles do not judge, so self and supervisor cannot add there.
 */
const ownedMayBe = (entity: EntityDef, query: Record<string, string[]>): boolean =>
  !entity.ownedWhen ||
  entity.ownedWhen.some((condition) =>
    Object.entries(condition).every(
      ([name, values]) => !query[name]?.length || query[name].some((q) => values.some((v) => String(v) === q)),
    ),
  );

/** The references to other records the list's query pins to one id each (not employees: those are whose, not where). */
const boundParents = (ctx: CallContext, entity: EntityDef, query: Record<string, string[]>) =>
  entity.fields.filter(
    (f) =>
      f.ref &&
      f.ref !== 'employee' &&
      !f.computed &&
      ctx.registry.entities.get(f.ref)?.scope === 'company' &&
      query[f.name]?.length === 1 &&
      /^[1-9][0-9]{0,15}$/.test(query[f.name][0]),
  );

/**
 * The record an add would start from under the parents the query pins (what it shares with each by name, as a child
 * panel's Add judges it); undefined when the query pins none; null when a pinned parent is not one the company has.
 */
async function childOfBoundParents(
  ctx: CallContext,
  entity: EntityDef,
  query: Record<string, string[]>,
): Promise<Row | null | undefined> {
  const fields = boundParents(ctx, entity, query);
  if (!fields.length) return undefined;
  let row: Row = {};
  for (const f of fields) {
    const parent = ctx.registry.entity(f.ref!);
    const [found] = await ctx.tx.query(
      `SELECT ${selectColumns(parent)} FROM ${quoteIdent(parent.table)} WHERE id = $1 AND company_id = $2`,
      [Number(query[f.name][0]), ctx.actor.companyId],
    );
    if (!found) return null;
    row = { ...childOf(entity, f.name, found), ...row };
  }
  return row;
}

/**
 * field:<name> on an add with no parent chosen: the caller may name themselves where the form lets them choose it; a
 * field the engine copies from a referenced record (an audit report's auditor, from its audit) admits only an employee
 * some such record names there.
 */
async function mayBeNamed(ctx: CallContext, entity: EntityDef, name: string): Promise<boolean> {
  const field = entity.field.get(name)!;
  if (!field.readOnly && !field.computed) return true;
  let copiedByName = false;
  for (const ref of entity.fields.filter((f) => f.ref && f.ref !== 'employee')) {
    const parent = ctx.registry.entity(ref.ref!);
    const same = parent.field.get(name);
    if (parent.scope !== 'company' || same?.ref !== 'employee' || same.computed) continue;
    copiedByName = true;
    const [hit] = await ctx.tx.query(
      `SELECT 1 FROM ${quoteIdent(parent.table)} WHERE company_id = $1 AND ${quoteIdent(same.column)} = $2 LIMIT 1`,
      [ctx.actor.companyId, ctx.actor.employeeId],
    );
    if (hit) return true;
  }
  // a field a hook fills from a field of another name (a mitigation's riskOwnerId, from its risk's ownerId): the
  // metadata does not say from where, so the list offers Add and the add itself judges
  return !copiedByName;
}
