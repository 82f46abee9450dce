import { AppError } from '../../app-error.ts';
import { fieldProblem } from '../../records/record-validator.ts';
import { dayMonthYear } from '../../i18n/day-month-year.ts';
import type { Row } from '../../db/db.ts';
import type { BeforeWriteHook } from '../hook-registry.ts';
import { today } from '../performance/quarter-windows.ts';
import { nextComplianceDate, type Frequency } from './compliance-dates.ts';
import { referenced } from './compliance-records.ts';

/**
 * A submission follows its activity: the activity's compliance team (whose members submit it) and approver (who
 * processes or declines it) are copied onto it on every write, so that the workflow's roles member:complianceTeamId
 * and field:approverId decide on the submission itself. Who submitted and who decided are recorded as the state
 * changes. It stays with its activity and its date is never in the future (its content is fixed once it is submitted:
 * the workflow's lock).
 */
export const deriveSubmission: BeforeWriteHook<'compliance-submission'> = async (ctx, entity, before, record) => {
  if (before && record.complianceActivityId !== before.complianceActivityId)
    throw AppError.validation([fieldProblem(entity, 'complianceActivityId', 'refusal.compliance.activityFixed')]);
  const activity = await referenced(ctx, 'compliance-activity', record.complianceActivityId, 'complianceActivityId');
  if (!before || record.complianceDate !== before.complianceDate) {
    const now = today();
    if (String(record.complianceDate) > now)
      throw AppError.validation([
        fieldProblem(entity, 'complianceDate', 'refusal.compliance.future', { today: dayMonthYear(now) }),
      ]);
  }
  const derived: Row = { complianceTeamId: activity.complianceTeamId, approverId: activity.approverId };
  if (before && record.status !== before.status) {
    if (record.status === 'Submitted')
      Object.assign(derived, { submittedById: ctx.actor.employeeId, decidedById: null });
    else derived.decidedById = ctx.actor.employeeId;
  }
  return derived;
};

/** Evidence belongs to its submission's team (it is attached only while the submission is open: the workflow's lock). */
export const deriveEvidence: BeforeWriteHook<'compliance-evidence'> = async (ctx, _entity, _before, record) => {
  const submission = await referenced(
    ctx,
    'compliance-submission',
    record.complianceSubmissionId,
    'complianceSubmissionId',
  );
  return { complianceTeamId: submission.complianceTeamId };
};

/** A note is its author's; the activity's team and approver may write notes on it. */
export const deriveNote: BeforeWriteHook<'compliance-note'> = async (ctx, _entity, before, record) => {
  const activity = await referenced(ctx, 'compliance-activity', record.complianceActivityId, 'complianceActivityId');
  return {
    complianceTeamId: activity.complianceTeamId,
    approverId: activity.approverId,
    authorId: before ? before.authorId : ctx.actor.employeeId,
  };
};

/**
 * An activity's next date pending approval is the next date that its submitted (not yet processed) submission would
 * give by the activity's frequency, and empty when none waits: derived on every write of the activity.
 */
export const scheduleActivity: BeforeWriteHook<'compliance-activity'> = async (ctx, _entity, before, record) => {
  if (!before) return { nextComplianceDatePendingApproval: null };
  const [pending] = await ctx.tx.query<{ complianceDate: string }>(
    `SELECT compliance_date AS "complianceDate" FROM compliance_submission WHERE company_id = $1 AND compliance_activity_id = $2 AND status = 'Submitted' ORDER BY id DESC LIMIT 1`,
    [ctx.companyId, before.id],
  );
  return {
    nextComplianceDatePendingApproval: pending
      ? nextComplianceDate(pending.complianceDate, record.frequency as Frequency)
      : null,
  };
};
