import type { Row } from '../db/db.ts';
import type { EntityDef, Role } from '../metadata/registry.ts';
import { quoteIdent } from '../metadata/naming.ts';

type Tx = { query<T = Row>(sql: string, params?: unknown[]): Promise<T[]> };

/**
 * The e-mail addresses each due record's reminder goes to, by record id: the employees its roles name (self,
 * supervisor, field:…, member:…, employee:moduleAdmin), active and with an e-mail, each once. A few queries per
 * batch of records, never one per record.
 */
export async function reminderRecipients(
  tx: Tx,
  companyId: number,
  entity: EntityDef,
  roles: readonly Role[],
  records: readonly Row[],
): Promise<Map<number, string[]>> {
  const people = new Map<number, Set<number>>(records.map((r) => [Number(r.id), new Set<number>()]));
  const add = (recordId: number, employeeId: unknown) => {
    if (typeof employeeId === 'number') people.get(recordId)!.add(employeeId);
  };
  const owners = entity.owner
    ? records.map((r) => r[entity.owner!]).filter((v): v is number => typeof v === 'number')
    : [];
  for (const role of roles) {
    if (role === 'self' && entity.owner) for (const r of records) add(Number(r.id), r[entity.owner]);
    else if (role === 'supervisor' && entity.owner) {
      const bosses = await tx.query<{ id: number; supervisorId: number | null; actingSupervisorId: number | null }>(
        `SELECT id, supervisor_id AS "supervisorId", acting_supervisor_id AS "actingSupervisorId" FROM employee WHERE company_id = $1 AND id = ANY($2)`,
        [companyId, owners],
      );
      const of = new Map(bosses.map((b) => [Number(b.id), b]));
      for (const r of records) {
        const b = of.get(Number(r[entity.owner]));
        add(Number(r.id), b?.supervisorId);
        add(Number(r.id), b?.actingSupervisorId);
      }
    } else if (role.startsWith('field:')) {
      const name = role.slice('field:'.length);
      for (const r of records) add(Number(r.id), r[name]);
    } else if (role.startsWith('member:')) {
      const name = role.slice('member:'.length);
      const m = entity.memberships.get(name)!;
      const teams = records.map((r) => r[name]).filter((v) => v !== null && v !== undefined);
      const rows = await tx.query<{ team: number; employee: number }>(
        `SELECT ${quoteIdent(m.viaColumn)} AS team, ${quoteIdent(m.employeeColumn)} AS employee FROM ${quoteIdent(m.table)} WHERE company_id = $1 AND ${quoteIdent(m.viaColumn)} = ANY($2)`,
        [companyId, teams],
      );
      for (const r of records) for (const x of rows) if (x.team === r[name]) add(Number(r.id), x.employee);
    } else if (role === 'employee:moduleAdmin') {
      const admins = await tx.query<{ id: number }>(
        `SELECT em.employee_id AS id FROM employee_module em JOIN module m ON m.id = em.module_id WHERE em.company_id = $1 AND m.code = $2 AND em.admin_access = 'Yes'`,
        [companyId, entity.module],
      );
      for (const r of records) for (const a of admins) add(Number(r.id), a.id);
    }
  }
  const everyone = [...new Set([...people.values()].flatMap((s) => [...s]))];
  const emails = new Map(
    (
      await tx.query<{ id: number; email: string }>(
        `SELECT id, email FROM employee WHERE company_id = $1 AND id = ANY($2) AND email IS NOT NULL AND (status IS NULL OR status <> 'Inactive')`,
        [companyId, everyone],
      )
    ).map((e) => [Number(e.id), e.email]),
  );
  return new Map(
    [...people].map(([id, ids]) => [id, [...ids].map((e) => emails.get(e)).filter((x): x is string => !!x)]),
  );
}
