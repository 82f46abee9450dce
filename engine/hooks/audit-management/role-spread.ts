import { quoteIdent } from '../../metadata/naming.ts';
import type { AfterWriteHook } from '../hook-registry.ts';
import { PARENT } from './engagement-placement.ts';

const ROLES = ['auditorId', 'auditManagerId', 'approverId'] as const;
const COLUMN: Record<(typeof ROLES)[number], string> = { auditorId: 'auditor_id', auditManagerId: 'audit_manager_id', approverId: 'approver_id' };

/**
 * afterWrite (audit, follow-up plan): when the audit names another auditor, audit manager or approver, every record
 * of it carries the new one (the roles are copies, so that access is decided on the record), and the approver's
 * pending tasks move to the new approver. One statement per table, in the write's transaction.
 */
export const spreadRoles: AfterWriteHook<'audit-engagement' | 'audit-follow-up-plan'> = async (ctx, entity, before, after) => {
  if (!before) return;
  const changed = ROLES.filter((r) => before[r] !== after[r]);
  if (!changed.length) return;
  const sets = changed.map((r, i) => `${COLUMN[r]} = $${i + 3}`).join(', ');
  const values = changed.map((r) => after[r]);
  const byFollowUp = entity.name === 'audit-follow-up-plan';
  for (const name of Object.keys(PARENT)) {
    const child = ctx.registry.entity(name);
    if (byFollowUp !== (name === 'audit-follow-up-work')) continue;
    const via = byFollowUp ? 'audit_follow_up_plan_id' : 'audit_engagement_id';
    if (!changed.every((r) => child.field.get(r)?.readOnly)) continue;
    await ctx.tx.query(`UPDATE ${quoteIdent(child.table)} SET ${sets} WHERE company_id = $1 AND ${via} = $2`, [ctx.companyId, after.id, ...values]);
  }
  if (changed.includes('approverId') && !byFollowUp)
    await ctx.tx.query(`UPDATE audit_task SET assignee_id = $3 WHERE company_id = $1 AND audit_engagement_id = $2 AND role = 'approver' AND status = 'Pending'`, [ctx.companyId, after.id, after.approverId]);
};
