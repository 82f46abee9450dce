import { rowsForWrite, updateRecords } from '../../records/bulk-writes.ts';
import type { AfterWriteHook } from '../hook-registry.ts';
import { PARENT } from './engagement-placement.ts';

const ROLES = ['auditorId', 'auditManagerId', 'approverId'] as const;

/**
 * afterWrite (audit, follow-up plan): when the audit names another auditor, audit manager or approver, every record
 * of it carries the new one (the roles are copies, so that access is decided on the record), and the approver's
 * pending tasks move to the new approver. Through the record store's bulk update: one statement per table, an audit
 * entry per row, in the write's transaction.
 */
export const spreadRoles: AfterWriteHook<'audit-engagement' | 'audit-follow-up-plan'> = async (
  ctx,
  entity,
  before,
  after,
) => {
  if (!before) return;
  const changed = ROLES.filter((r) => before[r] !== after[r]);
  if (!changed.length) return;
  const roles = Object.fromEntries(changed.map((r) => [r, after[r]]));
  const byFollowUp = entity.name === 'audit-follow-up-plan';
  for (const name of Object.keys(PARENT)) {
    const child = ctx.registry.entity(name);
    if (byFollowUp !== (name === 'audit-follow-up-work')) continue;
    const via = byFollowUp ? 'audit_follow_up_plan_id' : 'audit_engagement_id';
    if (!changed.every((r) => child.field.get(r)?.readOnly)) continue;
    const rows = await rowsForWrite(ctx, child, `${via} = $2`, [after.id]);
    // copies of the audit's roles follow it whatever the state of the record they sit on
    await updateRecords(
      ctx,
      child,
      rows.map((r) => ({ before: r, set: roles })),
      'follow-audit',
      { derived: true },
    );
  }
  if (changed.includes('approverId') && !byFollowUp) {
    const tasks = ctx.registry.entity('audit-task');
    const pending = await rowsForWrite(
      ctx,
      tasks,
      `audit_engagement_id = $2 AND role = 'approver' AND status = 'Pending'`,
      [after.id],
    );
    await updateRecords(
      ctx,
      tasks,
      pending.map((r) => ({ before: r, set: { assigneeId: after.approverId } })),
      'follow-audit',
    );
  }
};
