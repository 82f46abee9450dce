import { AppError } from '../app-error.ts';
import type { EntityDef, Registry, Role } from '../metadata/registry.ts';
import { quoteIdent } from '../metadata/naming.ts';
import type { Actor } from './actor.ts';
import { allows, isRelationshipRole, OWNER_ROLES } from './caller-roles.ts';
import { pickAmongWhere } from './pick-among.ts';

/**
 * `?pickableFor=<entity>.<field>` on the employee list: only the employees the caller may name in that field of a new
 * <entity> record, where that field alone decides the add (the entity's owner under self and supervisor, or a
 * field:<field> role): the caller themselves for self or field:<field>, the employees they supervise or stand in for
 * for supervisor. A form offers those, so that nobody picks an employee the add then refuses. Null (every employee
 * the caller may list) where the caller's role adds for anyone (a module admin) or the field does not decide (another
 * role of the record, a kind of record that belongs to nobody, `access.ownedWhen`, also admits). A field declaring
 * `x-pickAmong` offers, besides, only the employees its list keeps (pick-among.ts), whoever adds.
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
  // a field that names only the employees a list keeps (x-pickAmong) offers those, to whoever adds
  const among = pickAmongWhere(registry, entity!.field.get(fieldName), companyParam);
  const reach = reachWhere(entity!, fieldName, actor, bind, companyParam);
  return among && reach ? `(${among} AND ${reach})` : (among ?? reach);
}

/** The employees the caller may add the record for, where the field alone decides the add (above); null where all. */
function reachWhere(
  entity: EntityDef,
  fieldName: string,
  actor: Actor,
  bind: (value: unknown) => string,
  companyParam: string,
): string | null {
  const roles = entity.access.add;
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

/**
 * `?pickableFor=<entity>.<field>` on any list: on the employee list the employees the caller may name (above); on the
 * list of the entity <field> references, where <field> declares `x-ownerFrom` (a new record belongs to the referenced
 * record's employee: an agreement to its scorecard's), the records whose employee the caller may add one for, so
 * that an agreement's form offers only the scorecards an agreement may be made for (not the company's scorecard to an
 * employee). Null where nothing narrows; `bind` and `companyParam` as above.
 */
export function pickableWhere(
  registry: Registry,
  actor: Actor,
  listed: EntityDef,
  pickableFor: string,
  bind: (value: unknown) => string,
  companyParam: string,
): string | null {
  if (listed.name === 'employee') return pickableEmployeesWhere(registry, actor, pickableFor, bind, companyParam);
  const [entityName, fieldName] = pickableFor.split('.');
  const entity = registry.entities.get(entityName);
  const field = entity?.field.get(fieldName ?? '');
  const ownerFrom = field?.schema['x-ownerFrom'];
  const via = typeof ownerFrom === 'string' ? listed.field.get(ownerFrom) : undefined;
  if (!entity?.owner || field?.ref !== listed.name || !via || via.ref !== 'employee')
    throw new AppError(
      'bad_request',
      `pickableFor names <entity>.<field>: a reference to employee, or one to ${listed.name} declaring x-ownerFrom; "${pickableFor}" is neither`,
    );
  const employees = pickableEmployeesWhere(registry, actor, `${entityName}.${entity.owner}`, bind, companyParam);
  if (employees === null) return null;
  return `${quoteIdent(via.column)} IN (SELECT id FROM employee WHERE company_id = ${companyParam} AND ${employees})`;
}
