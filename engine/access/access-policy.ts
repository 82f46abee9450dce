import { AppError } from '../app-error.ts';
import type { Row } from '../db/db.ts';
import type { EntityDef, ModuleDef, Registry, Role } from '../metadata/registry.ts';
import type { Actor } from './actor.ts';
import { camelToSnake, humanize, quoteIdent } from '../metadata/naming.ts';

/** Roles decided by the record (its owner, an employee it names, a team it belongs to), not by the caller alone. */
const OWNER_ROLES: readonly Role[] = ['self', 'supervisor'];
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

/** Decides the record roles on one record (as stored, or as it is about to be added): self and supervisor by its owner, field:<name> by the employee it names, member:<name> by the team it references. */
export async function assertRecordAllowed(
  tx: { query<T = Row>(sql: string, params?: unknown[]): Promise<T[]> },
  entity: EntityDef,
  roles: readonly Role[],
  actor: Actor,
  record: Row,
  what: string,
): Promise<void> {
  if (allows(roles, actor, entity.module) || !decidedByRecord(roles, actor, entity)) return;
  for (const role of roles.filter(isRelationshipRole)) {
    const [kind, name] = role.split(':');
    const value = record[name];
    if (value === null || value === undefined) continue;
    if (kind === 'field' && value === actor.employeeId) return;
    if (kind === 'member') {
      const m = entity.memberships.get(name)!;
      const rows = await tx.query(`SELECT 1 FROM ${quoteIdent(m.table)} WHERE company_id = $1 AND ${quoteIdent(m.viaColumn)} = $2 AND ${quoteIdent(m.employeeColumn)} = $3 LIMIT 1`, [actor.companyId, value, actor.employeeId]);
      if (rows.length) return;
    }
  }
  const ownerId = entity.owner === undefined ? undefined : record[entity.owner];
  if (ownerId !== null && ownerId !== undefined) {
    if (roles.includes('self') && ownerId === actor.employeeId) return;
    if (roles.includes('supervisor')) {
      const rows = await tx.query(`SELECT 1 FROM employee WHERE id = $1 AND (supervisor_id = $2 OR acting_supervisor_id = $2)`, [ownerId, actor.employeeId]);
      if (rows.length) return;
    }
  }
  throw refusal(roles, actor, entity, what);
}

function refusal(roles: readonly Role[], actor: Actor, entity: EntityDef, what: string): AppError {
  if (roles.length === 0) return new AppError('forbidden', `Nobody may ${what}`);
  if (actor.role === 'employee') {
    const who = [
      roles.includes('self') ? 'the employee it belongs to' : '',
      roles.includes('supervisor') ? "that employee's supervisor or acting supervisor" : '',
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
