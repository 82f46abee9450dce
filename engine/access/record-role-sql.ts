import type { EntityDef } from '../metadata/registry.ts';
import { quoteIdent } from '../metadata/naming.ts';
import type { Actor } from './actor.ts';
import { allows, decidedByRecord, teamOfRole } from './caller-roles.ts';
import { matchesAnySql, ownedSql, unownedSql } from './unowned-condition.ts';
import { membershipWhereSql, supervisorLineSql } from './membership-narrowing.ts';

/** Who asks, and in which company (the holder names one; an employee's is their own). */
export interface RoleSqlCaller {
  readonly actor: Actor;
  readonly companyId?: number | null;
}

/**
 * When only roles decided by the record let an employee read an entity, the records those roles reach, as one SQL
 * condition (subqueries, never a query per row), so that a list, a report or an export shows the caller nothing that
 * reading one record by id would refuse: self, the caller's own; supervisor, those of the employees the caller
 * supervises or stands in for; unowned, those of nobody that `access.unownedWhen` admits; field:<name>, those that name
 * the caller in <name>; member:<name>, those whose team <name> (the record itself for member:id) the caller is a member
 * of; child:<key>.<field>, those a record of their child collection <key> references and names the caller in <field>;
 * parent:<name>, those whose parent <name> the caller may read (the parent's own condition, nested). `bind` binds a
 * value and returns its placeholder; `alias` qualifies the entity's columns in a query that joins it. Null when the
 * caller's role reads every record; FALSE when no role reaches any.
 */
export function recordRoleWhere(
  caller: RoleSqlCaller,
  entity: EntityDef,
  bind: (value: unknown) => string,
  alias?: string,
): string | null {
  return roleWhere(caller, entity, entity.access.read, bind, alias);
}

/**
 * The records for which the caller holds one of these roles decided by the record (an inbox kind's `who`: the
 * supervisor of its employee, the approver it names), as one SQL condition, whatever else the caller may read.
 */
export function recordRolesWhere(
  caller: RoleSqlCaller,
  entity: EntityDef,
  roles: readonly EntityDef['access']['read'][number][],
  bind: (value: unknown) => string,
  alias?: string,
): string {
  return roleWhere(caller, entity, roles, bind, alias) ?? 'FALSE';
}

function roleWhere(
  caller: RoleSqlCaller,
  entity: EntityDef,
  roles: EntityDef['access']['read'],
  bind: (value: unknown) => string,
  alias?: string,
): string | null {
  const { actor } = caller;
  if (allows(roles, actor, entity.module) || !decidedByRecord(roles, actor, entity)) return null;
  const column = (name: string) =>
    `${alias ? `${alias}.` : ''}${quoteIdent(name === 'id' ? 'id' : entity.field.get(name)!.column)}`;
  let me: string | undefined;
  const meParam = () => (me ??= bind(actor.employeeId));
  let company: string | undefined;
  const companyParam = () => (company ??= bind(caller.companyId ?? actor.companyId));
  const reach: string[] = [];
  if (entity.owner !== undefined) {
    const owner = column(entity.owner);
    // the owner roles judge only the records of a kind that belongs to its employee (access.ownedWhen)
    const owned = entity.ownedWhen ? ` AND ${ownedSql(entity, bind, alias)}` : '';
    if (roles.includes('self')) reach.push(`(${owner} = ${meParam()}${owned})`);
    if (roles.includes('supervisor'))
      reach.push(
        `(${owner} IN (SELECT id FROM employee WHERE company_id = ${companyParam()} AND (supervisor_id = ${meParam()} OR acting_supervisor_id = ${meParam()}))${owned})`,
      );
    if (roles.includes('unowned')) reach.push(`(${owner} IS NULL AND ${unownedSql(entity, bind, alias)})`);
  }
  for (const role of roles) {
    const [kind, name] = role.split(':');
    if (kind === 'field') reach.push(`${column(name)} = ${meParam()}`);
    const team = teamOfRole(entity, role);
    if (team) {
      const m = team.membership;
      // access.memberWhen: the memberships that admit, the records they reach, never the member's own line
      const records = m.records ? ` AND ${matchesAnySql(entity, m.records, bind, alias)}` : '';
      const line =
        m.exceptOwnLine && entity.owner !== undefined
          ? ` AND (${column(entity.owner)} IS NULL OR ${column(entity.owner)} NOT IN ${supervisorLineSql(meParam(), companyParam())})`
          : '';
      reach.push(
        `(${column(team.field)} IN (SELECT ${quoteIdent(m.viaColumn)} FROM ${quoteIdent(m.table)} WHERE company_id = ${companyParam()} AND ${quoteIdent(m.employeeColumn)} = ${meParam()}${membershipWhereSql(m, bind)})${records}${line})`,
      );
    }
    if (kind === 'parent') {
      const parent = entity.parents.get(name)!;
      if (allows(parent.access.read, actor, parent.module)) reach.push(`${column(name)} IS NOT NULL`);
      else if (decidedByRecord(parent.access.read, actor, parent)) {
        // the parent's own condition on its table, under an alias of its own (a chain of parents nests one level each)
        const p = `${alias ?? 'r'}p`;
        reach.push(
          `${column(name)} IN (SELECT ${p}.id FROM ${quoteIdent(parent.table)} ${p} WHERE ${p}.company_id = ${companyParam()} AND ${roleWhere(caller, parent, parent.access.read, bind, p)})`,
        );
      }
    }
  }
  return reach.length ? `(${reach.join(' OR ')})` : 'FALSE';
}
