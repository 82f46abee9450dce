import { rowsForWrite, updateRecords } from '../../records/bulk-writes.ts';
import type { AfterWriteHook } from '../hook-registry.ts';
import { OPEN_STATES } from './compliance-records.ts';

/**
 * When an activity gets another compliance team or approver, its open submissions (draft, submitted, declined) follow:
 * the new team submits them and the new approver decides them. Each change is written and audited; decided
 * submissions keep who they were decided by.
 */
export const followActivity: AfterWriteHook<'compliance-activity'> = async (ctx, _entity, before, activity) => {
  if (!before || (before.complianceTeamId === activity.complianceTeamId && before.approverId === activity.approverId))
    return;
  const submissions = ctx.registry.entity('compliance-submission');
  const open = await rowsForWrite(ctx, submissions, 'compliance_activity_id = $2 AND status = ANY($3)', [
    activity.id,
    [...OPEN_STATES],
  ]);
  // the copies of the activity's team and approver that the submission's own hook derives, set for all at once
  await updateRecords(
    ctx,
    submissions,
    open.map((before) => ({
      before,
      set: { complianceTeamId: activity.complianceTeamId, approverId: activity.approverId },
    })),
    'follow-activity',
    { derived: true },
  );
};
