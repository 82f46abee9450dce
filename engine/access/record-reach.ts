import type { Row } from '../db/db.ts';
import type { EntityDef, Membership, Role } from '../metadata/registry.ts';
import type { Actor } from './actor.ts';
import { quoteIdent } from '../metadata/naming.ts';
import { allows, decidedByRecord, teamOfRole } from './caller-roles.ts';
import { recordRoleWhere } from './record-role-sql.ts';
import { membershipWhereSql, supervisorLineSql } from './membership-narrowing.ts';

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
  /** by parent:<field> role: the parents, of those the records in question name, that the caller may read */
  readonly parents: ReadonlyMap<string, ReadonlySet<number>>;
  /** the caller and everyone above them in their supervisor line, where a membership excepts them (memberWhen.exceptOwnLine) */
  readonly line: ReadonlySet<number>;
}

export const membershipKey = (m: Membership) =>
  `${m.table}.${m.viaColumn}.${m.employeeColumn}${m.where ? JSON.stringify(m.where) : ''}`;

interface CallReach {
  reports?: Promise<Set<number>>;
  line?: Promise<Set<number>>;
  teams: Map<string, Promise<Set<number>>>;
}
/** per transaction: a call's reach does not change within it (a write of a supervisor is a different call's business) */
const perCall = new WeakMap<object, CallReach>();

/**
 * `records`: the records a parent:<field> role is judged on. Which of their parents the caller may read is asked of the
 * database in one query per parent role, by the parent's own SQL condition (`recordRoleWhere`), so that a read by id
 * and a list agree.
 */
export async function loadReach(
  tx: Tx,
  actor: Actor,
  entity: EntityDef,
  roles: readonly Role[],
  records: readonly Row[] = [],
): Promise<RecordReach> {
  let call = perCall.get(tx);
  if (!call) perCall.set(tx, (call = { teams: new Map() }));
  const me = actor.employeeId;
  if (roles.includes('supervisor') && !call.reports && me !== null)
    call.reports = tx
      .query<{ id: number }>(`SELECT id FROM employee WHERE supervisor_id = $1 OR acting_supervisor_id = $1`, [me])
      .then((rows) => new Set(rows.map((r) => Number(r.id))));
  for (const role of roles) {
    const m = me === null ? undefined : teamOfRole(entity, role)?.membership;
    if (m?.exceptOwnLine && !call.line)
      call.line = tx
        .query<{ id: number }>(`SELECT id FROM ${supervisorLineSql('$1', '$2')} l`, [me, actor.companyId])
        .then((rows) => new Set(rows.map((r) => Number(r.id))));
    if (!m || call.teams.has(membershipKey(m))) continue;
    const params: unknown[] = [actor.companyId, me];
    const narrowing = membershipWhereSql(m, (v) => `$${params.push(v)}`);
    call.teams.set(
      membershipKey(m),
      tx
        .query<{ team: number }>(
          `SELECT ${quoteIdent(m.viaColumn)} AS team FROM ${quoteIdent(m.table)} WHERE company_id = $1 AND ${quoteIdent(m.employeeColumn)} = $2${narrowing}`,
          params,
        )
        .then((rows) => new Set(rows.map((r) => Number(r.team)))),
    );
  }
  const teams = new Map<string, ReadonlySet<number>>();
  for (const [key, set] of call.teams) teams.set(key, await set);
  return {
    reports: (await call.reports) ?? new Set(),
    teams,
    line: (await call.line) ?? new Set(),
    parents: await readableParents(tx, actor, entity, roles, records),
  };
}

async function readableParents(
  tx: Tx,
  actor: Actor,
  entity: EntityDef,
  roles: readonly Role[],
  records: readonly Row[],
): Promise<Map<string, Set<number>>> {
  const readable = new Map<string, Set<number>>();
  for (const role of roles) {
    if (!role.startsWith('parent:')) continue;
    const name = role.slice('parent:'.length);
    const parent = entity.parents.get(name)!;
    const ids = [
      ...new Set(
        records
          .map((r) => r[name])
          .filter((v) => v !== null && v !== undefined)
          .map(Number),
      ),
    ];
    if (!ids.length || allows(parent.access.read, actor, parent.module)) readable.set(name, new Set(ids));
    else if (!decidedByRecord(parent.access.read, actor, parent)) readable.set(name, new Set());
    else {
      const params: unknown[] = [actor.companyId, ids];
      const where = recordRoleWhere({ actor }, parent, (value) => `$${params.push(value)}`, 'rp');
      const rows = await tx.query<{ id: number }>(
        `SELECT rp.id FROM ${quoteIdent(parent.table)} rp WHERE rp.company_id = $1 AND rp.id = ANY($2) AND ${where}`,
        params,
      );
      readable.set(name, new Set(rows.map((r) => Number(r.id))));
    }
  }
  return readable;
}
