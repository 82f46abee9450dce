import type { EntityDef, Membership, ModuleDef, Role } from '../metadata/registry.ts';
import type { Actor } from './actor.ts';

/** Roles decided by the record's owner field. */
export const OWNER_ROLES: readonly Role[] = ['self', 'supervisor', 'unowned'];
/** Roles decided by another field of the record: an employee it names, a team it belongs to, a parent whose readers read it, a child that names the caller, the employee its parent names. */
export const isRelationshipRole = (r: Role) =>
  r.startsWith('field:') ||
  r.startsWith('member:') ||
  r.startsWith('parent:') ||
  r.startsWith('child:') ||
  r.startsWith('parentField:');

/**
 * The membership a member:<field>, child:<key>.<field> or parentField:<reference>.<field> role is judged by, and the
 * record's field that must be one of the caller's teams: <field> for a member role; the record's own id for a child
 * role (its child records are the "membership": those that reference it and name the caller); <reference> for a
 * parentField role (the referenced records that name the caller in <field> are the "teams": a project its manager's).
 */
export function teamOfRole(entity: EntityDef, role: Role): { field: string; membership: Membership } | undefined {
  if (role.startsWith('member:')) {
    const field = role.slice('member:'.length);
    const membership = entity.memberships.get(field);
    return membership && { field, membership };
  }
  if (role.startsWith('parentField:')) {
    const membership = entity.memberships.get(role);
    return membership && { field: role.slice('parentField:'.length).split('.')[0], membership };
  }
  const membership = role.startsWith('child:') ? entity.memberships.get(role) : undefined;
  return membership && { field: 'id', membership };
}

/** Whether a module is usable by a company: core modules always are; the others when the holder has enabled them. */
export function moduleEnabled(module: ModuleDef, actor: Actor): boolean {
  return module.core || actor.enabledModules.has(module.id);
}

/** The one predicate every call goes through: may this actor take this action, declared by these roles, on this entity's module? */
export function allows(roles: readonly Role[], actor: Actor, moduleId: string): boolean {
  if (actor.role === 'holder') return roles.includes('holder');
  // a respondent of a public flow reaches only what the flow itself writes, never a declared call
  if (actor.role === 'respondent') return false;
  return (
    roles.includes('employee') ||
    (roles.includes('employee:moduleAdmin') && actor.adminModules.has(moduleId)) ||
    (roles.includes('employee:anyModuleAdmin') && actor.adminModules.size > 0)
  );
}

/**
 * Whether the roles leave the decision to the record: the actor is an employee and may pass as self, supervisor or by
 * a relationship. A parent role does only where the actor may read some parent at all (by role, or by that parent's
 * own record roles): a child of records only module admins read is refused outright, as its parent is.
 */
export function decidedByRecord(roles: readonly Role[], actor: Actor, entity: EntityDef): boolean {
  return (
    actor.role === 'employee' &&
    roles.some((r) => {
      if (OWNER_ROLES.includes(r)) return entity.owner !== undefined;
      if (!r.startsWith('parent:')) return isRelationshipRole(r);
      const parent = entity.parents.get(r.slice('parent:'.length));
      return (
        parent !== undefined &&
        (allows(parent.access.read, actor, parent.module) || decidedByRecord(parent.access.read, actor, parent))
      );
    })
  );
}
