import type { Row } from '../db/db.ts';
import type { EntityDef, Membership, Role } from '../metadata/registry.ts';
import type { Actor } from './actor.ts';
import { quoteIdent } from '../metadata/naming.ts';

type Tx = { query<T = Row>(sql: string, params?: unknown[]): Promise<T[]> };

/**
 * What the record roles of one employee reach: the employees they supervise or stand in for (the role supervisor),
 * and the teams they are a member of (member:<field>). Loaded once per call and only as far as the roles in question
 * need, so that judging a page of records costs one or two small queries, never one per record.
 */
export interface RecordReach {
  readonly reports: ReadonlySet<number>;
  /** by membership (see `membershipKey`): the ids of the teams the caller is a member of */
  readonly teams: ReadonlyMap<string, ReadonlySet<number>>;
}

export const membershipKey = (m: Membership) => `${m.table}.${m.viaColumn}.${m.employeeColumn}`;

interface CallReach {
  reports?: Promise<Set<number>>;
  teams: Map<string, Promise<Set<number>>>;
}
/** per transaction: a call's reach does not change within it (a write of a supervisor is a different call's business) */
const perCall = new WeakMap<object, CallReach>();

export async function loadReach(tx: Tx, actor: Actor, entity: EntityDef, roles: readonly Role[]): Promise<RecordReach> {
  let call = perCall.get(tx);
  if (!call) perCall.set(tx, (call = { teams: new Map() }));
  const me = actor.employeeId;
  if (roles.includes('supervisor') && !call.reports && me !== null)
    call.reports = tx.query<{ id: number }>(`SELECT id FROM employee WHERE supervisor_id = $1 OR acting_supervisor_id = $1`, [me]).then((rows) => new Set(rows.map((r) => Number(r.id))));
  for (const role of roles) {
    if (!role.startsWith('member:') || me === null) continue;
    const m = entity.memberships.get(role.slice('member:'.length));
    if (!m || call.teams.has(membershipKey(m))) continue;
    call.teams.set(
      membershipKey(m),
      tx
        .query<{ team: number }>(`SELECT ${quoteIdent(m.viaColumn)} AS team FROM ${quoteIdent(m.table)} WHERE company_id = $1 AND ${quoteIdent(m.employeeColumn)} = $2`, [actor.companyId, me])
        .then((rows) => new Set(rows.map((r) => Number(r.team)))),
    );
  }
  const teams = new Map<string, ReadonlySet<number>>();
  for (const [key, set] of call.teams) teams.set(key, await set);
  return { reports: (await call.reports) ?? new Set(), teams };
}
