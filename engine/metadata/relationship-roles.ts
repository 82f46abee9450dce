import type { EntityDef, Membership, Role } from './registry.ts';
import type { MetadataFault } from './metadata-error.ts';
import { conditionRoles, transitionRuleRoles } from './workflow-conditions.ts';
import { writeConditionRoles } from './write-conditions.ts';

/**
 * Relationship roles, decided per record like self and supervisor:
 *   field:<name>   the employee that the record's <name> (a reference to employee) names, e.g. field:approverId;
 *   member:<name>  a member of the team that the record's <name> references (member:id, of the team record itself);
 *                  the team entity declares `"members": { "entity", "via", "employee" }`, its membership entity;
 *   parent:<name>  (reading only) whoever may read the record that the record's <name> references: a comment is read
 *                  by the readers of its scorecard, a KPI by those of its scorecard, a KPI's comment by those of its KPI;
 *   child:<key>.<field>  (reading only) the employee that <field> names on a record of this record's child collection
 *                  <key>: a finding is read by whoever one of its management responses asks to respond. Judged as a
 *                  membership of the record itself (member:id), with the child entity as the membership.
 *   parentField:<reference>.<field>  (access only) the employee that <field> names on the record the record's
 *                  <reference> names: a project's milestones are added and changed by the project's manager
 *                  (parentField:projectId.managerId). Judged as a membership too: the referenced records that name the
 *                  caller in <field> are the caller's "teams", so an add, `_allowed`, a list's Add and SQL agree.
 * This checks every such role an entity names (access, commands, transitions and their conditions and notices, locks, reminders) and records, for each member role,
 * which table to ask and, for each parent role, which entity; the access policy reads `entity.memberships` and
 * `entity.parents` at run time.
 */
export function resolveRelationshipRoles(
  entity: EntityDef,
  entities: ReadonlyMap<string, EntityDef>,
  faults: MetadataFault[],
): void {
  // the workflow sits beside the entity's file
  const workflowFile = entity.source.replace(/entity\.json$/, 'workflow.json');
  const used: [Role, string, string][] = [
    ...Object.entries(entity.access).flatMap(([a, roles]) =>
      roles.map((r): [Role, string, string] => [r, entity.source, `/access/${a}`]),
    ),
    ...entity.commands.flatMap((c, i) =>
      c.access.map((r): [Role, string, string] => [r, entity.source, `/commands/${i}/access`]),
    ),
    ...entity.commands.flatMap((c, i) =>
      conditionRoles(c.when, `/commands/${i}/when`).map(([r, pointer]): [Role, string, string] => [
        r,
        entity.source,
        pointer,
      ]),
    ),
    ...writeConditionRoles(entity).map(([r, pointer]): [Role, string, string] => [r, entity.source, pointer]),
    ...(entity.workflow?.transitions ?? []).flatMap((t, i) =>
      (t.access ?? []).map((r): [Role, string, string] => [r as Role, workflowFile, `/transitions/${i}/access`]),
    ),
    ...(entity.workflow?.transitions ?? []).flatMap((t, i) =>
      transitionRuleRoles(t, i).map(([r, pointer]): [Role, string, string] => [r, workflowFile, pointer]),
    ),
    ...entity.locks.flatMap((l, i) =>
      l.exceptRoles.map((r): [Role, string, string] => [r, workflowFile, `/locks/${i}/exceptRoles`]),
    ),
    ...entity.reminders.flatMap((x, i) =>
      x.to.map((r): [Role, string, string] => [r, entity.source, `/reminders/${i}/to`]),
    ),
    ...entity.fields.flatMap((f) =>
      (f.writeRoles ?? []).map((r): [Role, string, string] => [
        r,
        entity.source,
        `/schema/properties/${f.name}/x-writeRoles`,
      ]),
    ),
  ];
  for (const [role, file, pointer] of used) {
    const [kind, name] = role.split(':');
    const fault = (message: string) =>
      faults.push({ file, pointer, message: `names the role ${role}, but ${message}` });
    if (kind === 'field') {
      if (entity.field.get(name)?.ref !== 'employee') fault(`"${name}" is not a reference to employee`);
    } else if (kind === 'member') {
      const team = name === 'id' ? entity : entities.get(entity.field.get(name)?.ref ?? '');
      if (!team) {
        fault(`"${name}" is not a reference`);
        continue;
      }
      const membership = membershipOf(team, entities);
      if (typeof membership === 'string') fault(membership);
      else entity.memberships.set(name, narrowed(membership, entity, name, entities, faults));
    } else if (kind === 'parent') {
      const ref = entity.field.get(name);
      const parent = entities.get(ref?.ref ?? '');
      if (pointer !== '/access/read')
        fault('a parent decides who reads a record, not who changes it: name it in access.read only');
      else if (!ref || ref.computed || !parent) fault(`"${name}" is not a stored reference`);
      else if (parent.scope !== 'company' || entity.scope !== 'company')
        fault(`${entity.name} and ${parent.name} are not both records of a company`);
      else entity.parents.set(name, parent);
    } else if (kind === 'child') {
      const [key, field] = name.split('.');
      const collection = entity.children.find((c) => c.key === key);
      const child = entities.get(collection?.entity ?? '');
      if (pointer !== '/access/read')
        fault('a child names who reads a record, not who changes it: name it in access.read only');
      else if (!collection || !child) fault(`"${key}" is not a child collection of ${entity.name}`);
      else if (child.field.get(field)?.ref !== 'employee')
        fault(`${child.name}.${field} is not a reference to employee`);
      else if (child.scope !== 'company' || entity.scope !== 'company')
        fault(`${entity.name} and ${child.name} are not both records of a company`);
      else
        entity.memberships.set(role, {
          table: child.table,
          viaColumn: child.field.get(collection.via)!.column,
          employeeColumn: child.field.get(field)!.column,
        });
    } else if (kind === 'parentField') {
      const [reference, field] = name.split('.');
      const ref = entity.field.get(reference);
      const parent = entities.get(ref?.ref ?? '');
      // reminders, notices and conditions name whom to write to or ask about: this role is for who may act only
      if (!pointer.startsWith('/access/') && !pointer.endsWith('/access'))
        fault('a parent field names who may act on a record: name it in access or a command or transition access only');
      else if (!ref || ref.computed || !parent || ref.ref === 'employee')
        fault(`"${reference}" is not a stored reference to a record`);
      else if (parent.field.get(field)?.ref !== 'employee' || parent.field.get(field)!.computed)
        fault(`${parent.name}.${field} is not a stored reference to employee`);
      else if (parent.scope !== 'company' || entity.scope !== 'company')
        fault(`${entity.name} and ${parent.name} are not both records of a company`);
      else
        entity.memberships.set(role, {
          table: parent.table,
          viaColumn: 'id',
          employeeColumn: parent.field.get(field)!.column,
          namedBy: parent,
        });
    }
  }
}

/** Refuses a chain of parent roles that comes back to where it started: whose readers would read it? */
export function checkParentChains(entities: ReadonlyMap<string, EntityDef>, faults: MetadataFault[]): void {
  for (const entity of entities.values()) {
    const seen = new Set<string>();
    const walk = (e: EntityDef, path: string[]): boolean => {
      for (const [name, parent] of e.parents) {
        const next = [...path, `${e.name}.${name}`];
        if (parent.name === entity.name) {
          faults.push({
            file: entity.source,
            pointer: '/access/read',
            message: `its parent roles go round in a circle (${next.join(' → ')} → ${entity.name})`,
          });
          return true;
        }
        if (seen.has(parent.name)) continue;
        seen.add(parent.name);
        if (walk(parent, next)) return true;
      }
      return false;
    };
    walk(entity, []);
  }
}

/** A member:<name> role's membership with what the entity's access.memberWhen.<name> narrows it to, its fields as columns. */
function narrowed(
  membership: Membership,
  entity: EntityDef,
  name: string,
  entities: ReadonlyMap<string, EntityDef>,
  faults: MetadataFault[],
): Membership {
  const when = entity.memberWhen?.[name];
  if (!when) return membership;
  const members = [...entities.values()].find((e) => e.table === membership.table)!;
  const where: Record<string, readonly (string | number | boolean)[]> = {};
  for (const [field, values] of Object.entries(when.members ?? {})) {
    const f = members.field.get(field);
    if (!f || f.computed)
      faults.push({
        file: entity.source,
        pointer: `/access/memberWhen/${name}/members/${field}`,
        message: `names "${field}", which is not a stored field of ${members.name}`,
      });
    else if (f.enum && values.some((v) => !f.enum!.includes(v as string | number)))
      faults.push({
        file: entity.source,
        pointer: `/access/memberWhen/${name}/members/${field}`,
        message: `holds a value that "${field}" cannot have`,
      });
    else where[f.column] = values;
  }
  return { ...membership, where, records: when.records, exceptOwnLine: when.exceptOwnLine ?? false };
}

function membershipOf(team: EntityDef, entities: ReadonlyMap<string, EntityDef>): Membership | string {
  if (!team.members) return `${team.name} declares no "members"`;
  const m = entities.get(team.members.entity);
  if (!m) return `${team.name}'s members entity "${team.members.entity}" does not exist`;
  const via = m.field.get(team.members.via);
  const employee = m.field.get(team.members.employee);
  if (via?.ref !== team.name) return `${m.name}.${team.members.via} is not a reference to ${team.name}`;
  if (employee?.ref !== 'employee') return `${m.name}.${team.members.employee} is not a reference to employee`;
  return { table: m.table, viaColumn: via.column, employeeColumn: employee.column };
}
