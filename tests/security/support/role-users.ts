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

/**
 * Whether the declared roles let this user act, decided from the metadata alone, independently of the
 * engine's predicate: `target` is the record concerned (undefined for a list), with the employee it belongs to;
 * `supervisorOf` tells whose supervisor or acting supervisor each employee is, `memberOf` who is in which team
 * (for the relationship roles field:<name> and member:<name>).
 */
export async function declaredAllowed(
  registry: Registry,
  user: RoleUser,
  roles: readonly Role[],
  entity: EntityDef,
  target: { ownerId: number | null; record: Record<string, unknown> } | undefined,
  supervisorOf: ReadonlyMap<number, number | null>,
  memberOf: MemberOf,
): Promise<boolean> {
  if (user.kind === 'holder') return roles.includes('holder');
  const module = registry.modules.get(entity.module)!;
  if (module.role === 'holder' && entity.scope !== 'platform') return false;
  if (roles.includes('employee')) return true;
  if (roles.includes('employee:moduleAdmin') && user.adminModules.has(entity.module)) return true;
  const ownerRoles = entity.owner ? roles.filter((r) => r === 'self' || r === 'supervisor' || r === 'unowned') : [];
  const relationshipRoles = roles.filter((r) => r.startsWith('field:') || r.startsWith('member:'));
  // no record concerned (a list): roles decided by the record admit the call, and the list shows only those records
  if (target === undefined) return ownerRoles.length > 0 || relationshipRoles.length > 0;
  for (const role of relationshipRoles) {
    const [kind, name] = role.split(':');
    const value = target.record[name];
    if (typeof value !== 'number' || user.employeeId === null) continue;
    if (kind === 'field' && value === user.employeeId) return true;
    const team = name === 'id' ? entity.name : entity.field.get(name)?.ref;
    if (kind === 'member' && team && (await memberOf(team, value, user.employeeId))) return true;
  }
  const ownerId = target.ownerId;
  if (!entity.owner) return false;
  // a record that belongs to no employee (a corporate or library scorecard) is any employee's to read where unowned says so
  if (ownerId === null) return ownerRoles.includes('unowned') && user.employeeId !== null;
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
