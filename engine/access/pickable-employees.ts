import { AppError } from '../app-error.ts';
import type { Registry, Role } from '../metadata/registry.ts';
import type { Actor } from './actor.ts';
import { allows, isRelationshipRole, OWNER_ROLES } from './caller-roles.ts';

/**
 * `?pickableFor=<entity>.<field>` on the employee list: only the employees the caller may name in that field of a new
 * <entity> record, where that field alone decides the add (the entity's owner under self and supervisor, or a
 * field:<field> role): the caller themselves for self or field:<field>, the employees they supervise or stand in for
 * for supervisor. A form offers those, so that nobody picks an employee the add then refuses. Null (every employee
 * the caller may list) where the caller's role adds for anyone (a module admin) or the field does not decide (another
 * role of the record, a kind of record that belongs to nobody, `access.ownedWhen`, also admits).
 * `bind` binds a value and returns its placeholder; `companyParam` is the company's.
 */
export function pickableEmployeesWhere(
  registry: Registry,
  actor: Actor,
  pickableFor: string,
  bind: (value: unknown) => string,
  companyParam: string,
): string | null {
  const [entityName, fieldName] = pickableFor.split('.');
  const entity = registry.entities.get(entityName);
  if (entity?.field.get(fieldName ?? '')?.ref !== 'employee')
    throw new AppError(
      'bad_request',
      `pickableFor names <entity>.<field>, a reference to employee; "${pickableFor}" is not one`,
    );
  const roles = entity!.access.add;
  if (actor.role !== 'employee' || allows(roles, actor, entity.module)) return null;
  const owner = entity.owner === fieldName && !entity.ownedWhen;
  if (!decidesAlone(roles, fieldName, owner)) return null;
  const me = bind(actor.employeeId);
  const reach: string[] = [];
  if ((owner && roles.includes('self')) || roles.includes(`field:${fieldName}`)) reach.push(`id = ${me}`);
  if (owner && roles.includes('supervisor'))
    reach.push(
      `id IN (SELECT id FROM employee WHERE company_id = ${companyParam} AND (supervisor_id = ${me} OR acting_supervisor_id = ${me}))`,
    );
  return reach.length ? `(${reach.join(' OR ')})` : 'FALSE';
}

/** Whether every role that could admit an employee to the add is one the field's value decides, or one by role alone. */
const decidesAlone = (roles: readonly Role[], fieldName: string, owner: boolean): boolean =>
  roles.every(
    (r) =>
      (!isRelationshipRole(r) && !OWNER_ROLES.includes(r)) ||
      r === `field:${fieldName}` ||
      (owner && (r === 'self' || r === 'supervisor')),
  );
