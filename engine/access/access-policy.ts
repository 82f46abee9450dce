import { AppError } from '../app-error.ts';
import type { Row } from '../db/db.ts';
import type { EntityDef, ModuleDef, Registry, Role } from '../metadata/registry.ts';
import type { Actor } from './actor.ts';
import { camelToSnake, humanize } from '../metadata/naming.ts';
import { loadReach, membershipKey, type RecordReach } from './record-reach.ts';

/** Roles decided by the record (its owner, an employee it names, a team it belongs to), not by the caller alone. */
const OWNER_ROLES: readonly Role[] = ['self', 'supervisor', 'unowned'];
const isRelationshipRole = (r: Role) => r.startsWith('field:') || r.startsWith('member:');

/** Whether a module is usable by a company: core modules always are; the others when the holder has enabled them. */
export function moduleEnabled(module: ModuleDef, actor: Actor): boolean {
  return module.core || actor.enabledModules.has(module.id);
}

/** The one predicate every call goes through: may this actor take this action, declared by these roles, on this entity's module? */
export function allows(roles: readonly Role[], actor: Actor, moduleId: string): boolean {
  if (actor.role === 'holder') return roles.includes('holder');
  // a respondent of a public flow reaches only what the flow itself writes, never a declared call
  if (actor.role === 'respondent') return false;
  return roles.includes('employee') || (roles.includes('employee:moduleAdmin') && actor.adminModules.has(moduleId));
}

/** Whether the roles leave the decision to the record: the actor is an employee and may pass as self or supervisor. */
export function decidedByRecord(roles: readonly Role[], actor: Actor, entity: EntityDef): boolean {
  return actor.role === 'employee' && roles.some((r) => (OWNER_ROLES.includes(r) ? entity.owner !== undefined : isRelationshipRole(r)));
}

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
 * owner, field:<name> by the employee it names, member:<name> by the team it references). The one predicate behind
 * both the refusal of a call and the "what may I do here" answer sent with every record.
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
  }
  const ownerId = entity.owner === undefined ? undefined : record[entity.owner];
  if (ownerId === null || ownerId === undefined) return roles.includes('unowned') && entity.owner !== undefined;
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
  if (recordAdmits(roles, actor, entity, record, await loadReach(tx, actor, entity, roles))) return;
  throw refusal(roles, actor, entity, what);
}

function refusal(roles: readonly Role[], actor: Actor, entity: EntityDef, what: string): AppError {
  if (roles.length === 0) return new AppError('forbidden', `Nobody may ${what}`);
  if (actor.role === 'employee') {
    const who = [
      roles.includes('self') ? 'the employee it belongs to' : '',
      roles.includes('supervisor') ? "that employee's supervisor or acting supervisor" : '',
      roles.includes('unowned') ? 'any employee, where it belongs to no employee' : '',
      ...roles.filter(isRelationshipRole).map((r) => {
        const name = camelToSnake(r.split(':')[1].replace(/Id$/, '')).replace(/_/g, ' ');
        return r.startsWith('field:') ? `its ${name}` : name === 'id' ? `a member of this ${humanize(entity.name)}` : `a member of its ${name}`;
      }),
      roles.includes('employee:moduleAdmin') ? `an employee with admin access to the module "${entity.module}"` : '',
    ].filter(Boolean);
    if (who.length) return new AppError('forbidden', `Only ${who.join(', or ')} may ${what}`);
  }
  return new AppError('forbidden', `Your role may not ${what}`);
}
