import type { CallContext } from '../../records/call-context.ts';
import { addRecord, applyUpdate, fetchOne } from '../../records/record-store.ts';
import type { Row } from '../../db/db.ts';

/** The module row ids by module code, from the platform's module table (synced from metadata at boot). */
export async function moduleIds(ctx: CallContext, codes: readonly string[]): Promise<Map<string, number>> {
  const rows = await ctx.tx.query<{ id: number; code: string }>(`SELECT id, code FROM module WHERE code = ANY($1)`, [
    codes,
  ]);
  return new Map(rows.map((r) => [r.code, r.id]));
}

/** Sets one employee's admin access to one module, adding the link when there is none; audited like any write. */
export async function setEmployeeModule(
  ctx: CallContext,
  employeeId: number,
  moduleId: number,
  adminAccess: 'Yes' | 'No',
): Promise<Row> {
  const entity = ctx.registry.entity('employee-module');
  const [existing] = await ctx.tx.query<{ id: number }>(
    `SELECT id FROM employee_module WHERE company_id = $1 AND employee_id = $2 AND module_id = $3`,
    [ctx.companyId, employeeId, moduleId],
  );
  if (!existing) return addRecord(ctx, entity, { employeeId, moduleId, adminAccess }, { checked: true });
  const before = await fetchOne(ctx, entity, existing.id, true);
  return before.adminAccess === adminAccess
    ? before
    : applyUpdate(ctx, entity, before, { adminAccess }, 'set-admin-access');
}

export async function grantAdminAccess(ctx: CallContext, employeeId: number, codes: readonly string[]): Promise<void> {
  for (const id of (await moduleIds(ctx, codes)).values()) await setEmployeeModule(ctx, employeeId, id, 'Yes');
}
