import type { Row } from '../db/db.ts';
import type { Actor } from '../access/actor.ts';
import type { EntityDef, Role } from '../metadata/registry.ts';
import type { CallContext } from './call-context.ts';

/** Who an administrator acted for: the employee a transition names (its approver) when someone else took it. */
export interface InPlaceOf {
  field: string;
  employeeId: number;
  name: string;
}

/**
 * The employee a transition names through its relationship roles (`field:approverId`, or `self`: the record's owner,
 * whose own step it is, as an employee's accepting her scorecard) whom the caller is not: taking it by another standing
 * (an administrator) is acting in place of that employee. None when the transition names nobody, the record names no
 * one in those fields, or the caller is one of them; the caller of `admittedByRecord` (a member of the record's team,
 * a supervisor, say) also acts in their own right.
 */
export function namedOtherThan(
  roles: readonly Role[],
  actor: Actor,
  record: Row,
  owner?: string,
): { field: string; employeeId: number } | undefined {
  const named = roles
    .flatMap((r) => (r.startsWith('field:') ? [r.slice('field:'.length)] : r === 'self' && owner ? [owner] : []))
    .filter((f) => typeof record[f] === 'number');
  if (!named.length || named.some((f) => record[f] === actor.employeeId)) return undefined;
  return { field: named[0], employeeId: record[named[0]] as number };
}

/** The roles a record decides (its named employees, its team's members, its owner and the owner's supervisor), not the caller's standing. */
export const recordRolesOf = (roles: readonly Role[]): Role[] =>
  roles.filter(
    (r) => r !== 'employee' && r !== 'holder' && r !== 'employee:moduleAdmin' && r !== 'employee:anyModuleAdmin',
  );

/** The names of employees, by id, in one query. */
export async function employeeNames(ctx: CallContext, ids: readonly number[]): Promise<Map<number, string>> {
  const unique = [...new Set(ids)];
  if (!unique.length || ctx.companyId === null) return new Map();
  const rows = await ctx.tx.query<{ id: number; name: string }>(
    `SELECT id, concat_ws(' ', first_name, last_name) AS name FROM employee WHERE company_id = $1 AND id = ANY($2)`,
    [ctx.companyId, unique],
  );
  return new Map(rows.map((r) => [Number(r.id), r.name]));
}

/** The transition's roles as the engine judges them. */
export const transitionRoles = (entity: EntityDef, action: string): readonly Role[] => {
  const t = entity.workflow?.transitions.find((x) => x.action === action);
  return (t?.access ?? entity.access.update) as readonly Role[];
};
