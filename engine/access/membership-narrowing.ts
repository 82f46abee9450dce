import type { Membership } from '../metadata/registry.ts';
import { quoteIdent } from '../metadata/naming.ts';

/** The membership's own narrowing (memberWhen.members) as SQL on its table's columns. */
export function membershipWhereSql(m: Membership, bind: (value: unknown) => string): string {
  return Object.entries(m.where ?? {})
    .map(([column, values]) => ` AND ${quoteIdent(column)} IN (${values.map(bind).join(', ')})`)
    .join('');
}

/**
 * The employee `me` and everyone above them: their supervisors and acting supervisors, theirs, up to the top, as a
 * subquery of ids (UNION ends a line that goes round).
 */
export const supervisorLineSql = (me: string, company: string) =>
  `(WITH RECURSIVE line(id) AS (SELECT ${me}::bigint UNION SELECT up.id::bigint FROM line JOIN employee e ON e.company_id = ${company} AND e.id = line.id CROSS JOIN LATERAL (VALUES (e.supervisor_id), (e.acting_supervisor_id)) up(id) WHERE up.id IS NOT NULL) SELECT id FROM line)`;

/** Whether `employee` is `member` or above them in their supervisor line (the line `supervisorLineSql` walks). */
export async function inSupervisorLine(
  ctx: { tx: { query<T>(sql: string, params?: unknown[]): Promise<T[]> }; companyId: number | null },
  member: number,
  employee: number,
): Promise<boolean> {
  const rows = await ctx.tx.query<{ id: number }>(`SELECT id FROM ${supervisorLineSql('$1', '$2')} l WHERE id = $3`, [
    member,
    ctx.companyId,
    employee,
  ]);
  return rows.length > 0;
}
