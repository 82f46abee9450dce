import { AppError } from '../app-error.ts';
import type { Row } from '../db/db.ts';
import type { EntityDef, Registry, Role } from '../metadata/registry.ts';
import type { Actor } from './actor.ts';
import { camelToSnake, humanize } from '../metadata/naming.ts';
import { allows, decidedByRecord, isRelationshipRole, moduleEnabled } from './caller-roles.ts';
import { loadReach, membershipKey, type RecordReach } from './record-reach.ts';
import { unownedAdmits } from './unowned-condition.ts';

export { allows, decidedByRecord, moduleEnabled } from './caller-roles.ts';

/**
 * Throws the 403 that names what is missing. Roles that depend on the record (self, supervisor) pass here and are
 * decided by `assertRecordAllowed` once the record is known.
 */
export function assertAllowed(registry: Registry, entity: EntityDef, roles: readonly Role[], actor: Actor, what: string): void {
  const module = registry.modules.get(entity.module)!;
  if (actor.role === 'employee' && module.role === 'holder' && entity.scope !== 'platform') throw new AppError('forbidden', `Only the platform administrator may ${what}`);
  if (actor.role === 'employee' && !moduleEnabled(module, actor))
    throw new AppError('module_disabled', `The module "${module.id}" is not enabled for your company`);
  if (allows(roles, actor, entity.module) || decidedByRecord(roles, actor, entity)) return;
  throw refusal(roles, actor, entity, what);
}

/**
 * Whether the roles admit the actor to this one record: by role alone, or by the record (self and supervisor by its
 * owner, unowned by its having none and matching `access.unownedWhen`, field:<name> by the employee it names,
 * member:<name> by the team it references, parent:<name> by the caller's reading that parent). The one predicate
 * behind both the refusal of a call and the "what may I do here" answer sent with every record; `recordRoleWhere` is
 * the same as SQL.
 */
export function recordAdmits(roles: readonly Role[], actor: Actor, entity: EntityDef, record: Row, reach: RecordReach): boolean {
  if (allows(roles, actor, entity.module)) return true;
  if (!decidedByRecord(roles, actor, entity)) return false;
  for (const role of roles.filter(isRelationshipRole)) {
    const [kind, name] = role.split(':');
    const value = record[name];
    if (value === null || value === undefined) continue;
    if (kind === 'field' && value === actor.employeeId) return true;
    if (kind === 'member' && reach.teams.get(membershipKey(entity.memberships.get(name)!))?.has(Number(value))) return true;
    if (kind === 'parent' && reach.parents.get(name)?.has(Number(value))) return true;
  }
  const ownerId = entity.owner === undefined ? undefined : record[entity.owner];
  if (ownerId === null || ownerId === undefined) return roles.includes('unowned') && entity.owner !== undefined && unownedAdmits(entity, record);
  return (roles.includes('self') && ownerId === actor.employeeId) || (roles.includes('supervisor') && reach.reports.has(Number(ownerId)));
}

/** Decides the record roles on one record (as stored, or as it is about to be added); throws the 403 that names who may. */
export async function assertRecordAllowed(
  tx: { query<T = Row>(sql: string, params?: unknown[]): Promise<T[]> },
  entity: EntityDef,
  roles: readonly Role[],
  actor: Actor,
  record: Row,
  what: string,
): Promise<void> {
  // a refusal by role alone was assertAllowed's to make
  if (allows(roles, actor, entity.module) || !decidedByRecord(roles, actor, entity)) return;
  if (recordAdmits(roles, actor, entity, record, await loadReach(tx, actor, entity, roles, [record]))) return;
  throw refusal(roles, actor, entity, what);
}

function refusal(roles: readonly Role[], actor: Actor, entity: EntityDef, what: string): AppError {
  if (roles.length === 0) return new AppError('forbidden', `Nobody may ${what}`);
  if (actor.role === 'employee') {
    const who = [
      roles.includes('self') ? 'the employee it belongs to' : '',
      roles.includes('supervisor') ? "that employee's supervisor or acting supervisor" : '',
      roles.includes('unowned') ? (entity.unownedWhen ? 'any employee, where it belongs to no employee and is shown to employees' : 'any employee, where it belongs to no employee') : '',
      ...roles.filter(isRelationshipRole).map((r) => {
        const name = camelToSnake(r.split(':')[1].replace(/Id$/, '')).replace(/_/g, ' ');
        if (r.startsWith('parent:')) return `whoever may read its ${name}`;
        return r.startsWith('field:') ? `its ${name}` : name === 'id' ? `a member of this ${humanize(entity.name)}` : `a member of its ${name}`;
      }),
      roles.includes('employee:moduleAdmin') ? `an employee with admin access to the module "${entity.module}"` : '',
    ].filter(Boolean);
    if (who.length) return new AppError('forbidden', `Only ${who.join(', or ')} may ${what}`);
  }
  return new AppError('forbidden', `Your role may not ${what}`);
}
