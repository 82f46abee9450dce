import { AppError } from '../app-error.ts';
import type { Row } from '../db/db.ts';
import { actionLabel, inSentence, moduleLabel } from '../i18n/message-words.ts';
import { text, type Text, type TextParam } from '../i18n/text.ts';
import type { EntityDef, Membership, Registry, Role } from '../metadata/registry.ts';
import { entityLabel, labelOf } from '../records/record-validator.ts';
import type { Actor } from './actor.ts';
import { allows, decidedByRecord, isRelationshipRole, moduleEnabled, teamOfRole } from './caller-roles.ts';
import { loadReach, membershipKey, type RecordReach } from './record-reach.ts';
import { matchesAny, ownedAdmits, unownedAdmits } from './unowned-condition.ts';

export { allows, decidedByRecord, moduleEnabled } from './caller-roles.ts';

const PLAIN_ACTIONS = new Set(['read', 'add', 'update', 'delete', 'share']);

/**
 * What the caller tried, as the 403 names it: "add compliance submission records", "take the step “Accept” on
 * performance review records" (a transition or command by its button's label).
 */
export function attempt(entity: EntityDef, action: string): Text {
  // asked on every call before it is known whether it is refused: built once per entity and action (a Text is data)
  let byAction = attempts.get(entity);
  if (!byAction) attempts.set(entity, (byAction = new Map()));
  let what = byAction.get(action);
  if (!what) {
    what = PLAIN_ACTIONS.has(action)
      ? text(`refusal.access.${action}`, { entity: entityLabel(entity) })
      : // the step by its button's label, quoted as the button shows it ("Resolve as administrator: keep the
        // assessment" reads as no verb of a sentence)
        text('refusal.access.action', { action: actionLabel(action), entity: entityLabel(entity) });
    byAction.set(action, what);
  }
  return what;
}
const attempts = new WeakMap<EntityDef, Map<string, Text>>();

/**
 * Throws the 403 that names what is missing. Roles that depend on the record (self, supervisor) pass here and are
 * decided by `assertRecordAllowed` once the record is known.
 */
export function assertAllowed(
  registry: Registry,
  entity: EntityDef,
  roles: readonly Role[],
  actor: Actor,
  what: Text,
): void {
  const module = registry.modules.get(entity.module)!;
  if (actor.role === 'employee' && module.role === 'holder' && entity.scope !== 'platform')
    throw AppError.worded('forbidden', text('refusal.access.holderOnly', { what }));
  // an API token reaches only the modules it names, whatever its creator may do elsewhere
  if (actor.apiToken && !actor.apiToken.modules.includes(entity.module))
    throw AppError.worded(
      'forbidden',
      text('refusal.apiToken.outsideModules', { name: actor.apiToken.name, module: moduleLabel(entity.module) }),
    );
  if (actor.role === 'employee' && !moduleEnabled(module, actor))
    throw AppError.worded(
      'module_disabled',
      text('refusal.access.moduleDisabled', { module: text(module.label, undefined, module.id) }),
    );
  if (allows(roles, actor, entity.module) || decidedByRecord(roles, actor, entity)) return;
  throw refusal(roles, actor, entity, what);
}

/**
 * Whether the roles admit the actor to this one record: by role alone, or by the record (self and supervisor by its
 * owner, unowned by its having none and matching `access.unownedWhen`, field:<name> by the employee it names,
 * member:<name> by the team it references, parent:<name> by the caller's reading that parent, child:<key>.<field> by a
 * child record that references it and names the caller). The one predicate
 * behind both the refusal of a call and the "what may I do here" answer sent with every record; `recordRoleWhere` is
 * the same as SQL.
 */
export function recordAdmits(
  roles: readonly Role[],
  actor: Actor,
  entity: EntityDef,
  record: Row,
  reach: RecordReach,
): boolean {
  if (allows(roles, actor, entity.module)) return true;
  if (!decidedByRecord(roles, actor, entity)) return false;
  for (const role of roles.filter(isRelationshipRole)) {
    const [kind, name] = role.split(':');
    const team = teamOfRole(entity, role);
    const value = record[team?.field ?? name];
    if (value === null || value === undefined) continue;
    if (kind === 'field' && value === actor.employeeId) return true;
    if (
      team &&
      reach.teams.get(membershipKey(team.membership))?.has(Number(value)) &&
      membershipReaches(team.membership, entity, record, reach)
    )
      return true;
    if (kind === 'parent' && reach.parents.get(name)?.has(Number(value))) return true;
  }
  const ownerId = entity.owner === undefined ? undefined : record[entity.owner];
  if (ownerId === null || ownerId === undefined)
    return roles.includes('unowned') && entity.owner !== undefined && unownedAdmits(entity, record);
  // a record of a kind that belongs to nobody (a corporate scorecard) is not its named employee's, whoever it names
  if (!ownedAdmits(entity, record)) return false;
  return (
    (roles.includes('self') && ownerId === actor.employeeId) ||
    (roles.includes('supervisor') && reach.reports.has(Number(ownerId)))
  );
}

/** Whether a membership reaches this record of its team: one of the records it is narrowed to, not of the member's own line. */
function membershipReaches(m: Membership, entity: EntityDef, record: Row, reach: RecordReach): boolean {
  if (m.records && !matchesAny(m.records, record)) return false;
  const owner = m.exceptOwnLine && entity.owner !== undefined ? record[entity.owner] : null;
  return owner === null || owner === undefined || !reach.line.has(Number(owner));
}

/** Decides the record roles on one record (as stored, or as it is about to be added); throws the 403 that names who may. */
export async function assertRecordAllowed(
  tx: { query<T = Row>(sql: string, params?: unknown[]): Promise<T[]> },
  entity: EntityDef,
  roles: readonly Role[],
  actor: Actor,
  record: Row,
  what: Text,
): Promise<void> {
  // a refusal by role alone was assertAllowed's to make
  if (allows(roles, actor, entity.module) || !decidedByRecord(roles, actor, entity)) return;
  if (recordAdmits(roles, actor, entity, record, await loadReach(tx, actor, entity, roles, [record]))) return;
  throw refusal(roles, actor, entity, what);
}

/** The 403 naming who may do `what` instead (by the roles), in words. */
export function refusal(roles: readonly Role[], actor: Actor, entity: EntityDef, what: Text): AppError {
  if (roles.length === 0) return AppError.worded('forbidden', text('refusal.access.nobody', { what }));
  if (actor.role === 'employee') {
    const who = whoHolds(roles, entity);
    // "A, or B, or C": the roles' own words may hold an "or" (supervisor or acting supervisor)
    if (who.length)
      return AppError.worded(
        'forbidden',
        text('refusal.access.onlyWho', { who: who.reduce((a, b) => text('refusal.access.orElse', { a, b })), what }),
      );
  }
  return AppError.worded('forbidden', text('refusal.access.yourRole', { what }));
}

/** Who the roles admit, in words (the employee it belongs to, an employee with admin access to the module …), one by role. */
export function whoHolds(roles: readonly Role[], entity: EntityDef): TextParam[] {
  return [
    ...(roles.includes('self') ? [text('refusal.access.who.self')] : []),
    ...(roles.includes('supervisor') ? [text('refusal.access.who.supervisor')] : []),
    ...(roles.includes('unowned')
      ? [text(entity.unownedWhen ? 'refusal.access.who.unownedShown' : 'refusal.access.who.unowned')]
      : []),
    ...roles.filter(isRelationshipRole).map((r) => {
      const name = r.split(':')[1];
      if (r.startsWith('parent:'))
        return text('refusal.access.who.parent', { field: inSentence(labelOf(entity, name)) });
      if (r.startsWith('child:')) return text('refusal.access.who.child');
      if (r.startsWith('parentField:')) {
        const [reference, field] = name.split('.');
        const parent = entity.memberships.get(r)?.namedBy;
        return text('refusal.access.who.parentField', {
          reference: inSentence(labelOf(entity, reference)),
          field: parent ? labelOf(parent, field) : field,
        });
      }
      if (r.startsWith('field:')) return text('refusal.access.who.field', { field: labelOf(entity, name) });
      return name === 'id'
        ? text('refusal.access.who.memberOfThis', { entity: entityLabel(entity) })
        : text('refusal.access.who.member', { field: inSentence(labelOf(entity, name)) });
    }),
    ...(roles.includes('employee:moduleAdmin')
      ? [text('refusal.access.who.moduleAdmin', { module: moduleLabel(entity.module) })]
      : []),
    ...(roles.includes('employee:anyModuleAdmin') ? [text('refusal.access.who.anyModuleAdmin')] : []),
  ];
}
