import { applyUpdate } from '../../records/record-store.ts';
import { selectColumns } from '../../records/record-columns.ts';
import type { AfterWriteHook } from '../hook-registry.ts';
import { OPEN_STATES } from './compliance-records.ts';

/**
 * When an activity gets another compliance team or approver, its open submissions (draft, submitted, declined) follow:
 * the new team submits them and the new approver decides them. Each change is written and audited; decided
 * submissions keep who they were decided by.
 */
export const followActivity: AfterWriteHook<'compliance-activity'> = async (ctx, _entity, before, activity) => {
  if (!before || (before.complianceTeamId === activity.complianceTeamId && before.approverId === activity.approverId)) return;
  const submissions = ctx.registry.entity('compliance-submission');
  const open = await ctx.tx.query(
    `SELECT ${selectColumns(submissions)} FROM compliance_submission WHERE company_id = $1 AND compliance_activity_id = $2 AND status = ANY($3) ORDER BY id FOR UPDATE`,
    [ctx.companyId, activity.id, [...OPEN_STATES]],
  );
  // the submission's own hook copies the activity's team and approver
  for (const s of open) await applyUpdate(ctx, submissions, s, {}, 'follow-activity');
};
