import type { EntityDef, Registry, Role } from '../../../engine/metadata/registry.ts';
import type { Client, Reply } from '../../support/test-stratum.ts';

/** A signed-in user of the access matrix and what the metadata's roles say about it. */
export interface RoleUser {
  label: string;
  client: Client;
  kind: 'holder' | 'employee';
  employeeId: number | null;
  /** the modules this employee administers */
  adminModules: ReadonlySet<string>;
}

/** Whether an employee is a member of a team (the team entity's name and the team's id), looked up through the API. */
export type MemberOf = (teamEntity: string, teamId: number, employeeId: number) => Promise<boolean>;
/** A record as stored (by entity name and id), looked up through the API by someone who may read every one; null when there is none. */
export type RecordOf = (entity: string, id: number) => Promise<Record<string, unknown> | null>;

/**
 * Whether the declared roles let this user act, decided from the metadata alone, independently of the
 * engine's predicate: `target` is the record concerned (undefined for a list), with the employee it belongs to;
 * `supervisorOf` tells whose supervisor or acting supervisor each employee is, `memberOf` who is in which team
 * (for the relationship roles field:<name> and member:<name>), `recordOf` what a parent:<name> role's parent is (whose
 * readers, decided the same way, read the record) and a parentField:<reference>.<field> role's referenced record.
 */
export async function declaredAllowed(
  registry: Registry,
  user: RoleUser,
  roles: readonly Role[],
  entity: EntityDef,
  target: { ownerId: number | null; record: Record<string, unknown> } | undefined,
  supervisorOf: ReadonlyMap<number, number | null>,
  memberOf: MemberOf,
  recordOf: RecordOf,
): Promise<boolean> {
  if (user.kind === 'holder') return roles.includes('holder');
  const module = registry.modules.get(entity.module)!;
  if (module.role === 'holder' && entity.scope !== 'platform') return false;
  if (roles.includes('employee')) return true;
  if (roles.includes('employee:moduleAdmin') && user.adminModules.has(entity.module)) return true;
  if (roles.includes('employee:anyModuleAdmin') && user.adminModules.size > 0) return true;
  const ownerRoles = entity.owner ? roles.filter((r) => r === 'self' || r === 'supervisor' || r === 'unowned') : [];
  const relationshipRoles = roles.filter(
    (r) => r.startsWith('field:') || r.startsWith('member:') || r.startsWith('parent:') || r.startsWith('parentField:'),
  );
  // no record concerned (a list): roles decided by the record admit the call, and the list shows only those records; a
  // parent role only where the parent's own roles admit a list of parents (a child of records only admins read is refused)
  if (target === undefined) {
    if (ownerRoles.length > 0 || relationshipRoles.some((r) => !r.startsWith('parent:'))) return true;
    for (const r of relationshipRoles) {
      const parentEntity = registry.entity(entity.field.get(r.slice('parent:'.length))!.ref!);
      if (
        await declaredAllowed(
          registry,
          user,
          parentEntity.access.read,
          parentEntity,
          undefined,
          supervisorOf,
          memberOf,
          recordOf,
        )
      )
        return true;
    }
    return false;
  }
  for (const role of relationshipRoles) {
    const [kind, name] = role.split(':');
    // parentField:<reference>.<field>: the employee the referenced record names in <field>
    if (kind === 'parentField') {
      const [reference, field] = name.split('.');
      const id = target.record[reference];
      const parent = typeof id === 'number' ? await recordOf(entity.field.get(reference)!.ref!, id) : null;
      if (parent && user.employeeId !== null && parent[field] === user.employeeId) return true;
      continue;
    }
    const value = target.record[name];
    if (typeof value !== 'number' || user.employeeId === null) continue;
    if (kind === 'field' && value === user.employeeId) return true;
    const team = name === 'id' ? entity.name : entity.field.get(name)?.ref;
    if (kind === 'member' && team && (await memberOf(team, value, user.employeeId))) return true;
    if (kind === 'parent') {
      const parentEntity = registry.entity(entity.field.get(name)!.ref!);
      const parent = await recordOf(parentEntity.name, value);
      const parentTarget = parent && {
        ownerId: parentEntity.owner ? ((parent[parentEntity.owner] as number | null) ?? null) : null,
        record: parent,
      };
      if (
        parentTarget &&
        (await declaredAllowed(
          registry,
          user,
          parentEntity.access.read,
          parentEntity,
          parentTarget,
          supervisorOf,
          memberOf,
          recordOf,
        ))
      )
        return true;
    }
  }
  const ownerId = target.ownerId;
  if (!entity.owner) return false;
  // a record that belongs to no employee (a corporate or library scorecard) is any employee's to read where unowned says
  // so, and only if it is of the kind the entity shows to employees (unownedWhen: a library card, a visible one)
  if (ownerId === null) {
    const shown =
      !entity.unownedWhen ||
      entity.unownedWhen.some((c) =>
        Object.entries(c).every(([f, values]) => values.includes(target.record[f] as string | number | boolean)),
      );
    return ownerRoles.includes('unowned') && user.employeeId !== null && shown;
  }
  if (ownerRoles.includes('self') && ownerId === user.employeeId) return true;
  return ownerRoles.includes('supervisor') && supervisorOf.get(ownerId) === user.employeeId && user.employeeId !== null;
}

/** A client whose every call names the company (the holder works in a company with ?companyId=). */
export function inCompany(client: Client, companyId: number): Client {
  const withCompany = (path: string) => `${path}${path.includes('?') ? '&' : '?'}companyId=${companyId}`;
  return {
    token: client.token,
    get: (path) => client.get(withCompany(path)),
    post: (path, body) => client.post(withCompany(path), body),
    raw: (path, init) => client.raw(withCompany(path), init),
  };
}

export const describeReply = (r: Reply) => `${r.status} ${r.body.code ?? ''} ${r.body.err_msg ?? ''}`.trim();

/**
 * A record its parent's readers read (`parent:<reference>` in access.read: a comment on a scorecard) is written only
 * under a parent the writer may read: true where the user reads the entity by role, or reads every parent the record
 * names by those roles (as declaredAllowed judges the parent's read).
 */
export async function declaredParentsReadable(
  registry: Registry,
  user: RoleUser,
  entity: EntityDef,
  record: Record<string, unknown>,
  supervisorOf: ReadonlyMap<number, number | null>,
  memberOf: MemberOf,
  recordOf: RecordOf,
): Promise<boolean> {
  if (user.kind === 'holder') return true;
  const read = entity.access.read;
  if (read.includes('employee') || (read.includes('employee:moduleAdmin') && user.adminModules.has(entity.module)))
    return true;
  for (const role of read.filter((r) => r.startsWith('parent:'))) {
    const name = role.slice('parent:'.length);
    const value = record[name];
    if (typeof value !== 'number') continue;
    const parentEntity = registry.entity(entity.field.get(name)!.ref!);
    const parent = await recordOf(parentEntity.name, value);
    const parentTarget = parent && {
      ownerId: parentEntity.owner ? ((parent[parentEntity.owner] as number | null) ?? null) : null,
      record: parent,
    };
    if (
      !parentTarget ||
      !(await declaredAllowed(
        registry,
        user,
        parentEntity.access.read,
        parentEntity,
        parentTarget,
        supervisorOf,
        memberOf,
        recordOf,
      ))
    )
      return false;
  }
  return true;
}
