import { AppError } from '../../app-error.ts';
import { wordedProblem } from '../../records/record-validator.ts';
import { text, type Text } from '../../i18n/text.ts';
import { dayMonthYear } from '../../i18n/day-month-year.ts';
import { applyUpdate } from '../../records/record-store.ts';
import type { CallContext } from '../../records/call-context.ts';
import type { Row } from '../../db/db.ts';
import type { TransitionHook } from '../hook-registry.ts';
import { nextComplianceDate, type Frequency } from './compliance-dates.ts';
import { referenced } from './compliance-records.ts';

/** The submission's activity, locked: two submissions of one activity are decided one after the other. */
const lockedActivity = (ctx: CallContext, submission: Row) =>
  referenced(ctx, 'compliance-activity', submission.complianceActivityId, 'complianceActivityId', true);

/** A submission dated before the activity's last compliance would move its dates backwards. */
function assertNotBeforeLast(submission: Row, activity: Row, refuse: (message: Text) => AppError): void {
  if (activity.lastComplianceDate && String(submission.complianceDate) < String(activity.lastComplianceDate))
    throw refuse(
      text('refusal.compliance.beforeLast', {
        day: dayMonthYear(submission.complianceDate),
        last: dayMonthYear(activity.lastComplianceDate),
      }),
    );
}

/**
 * submit: the team hands the submission to the approver. One submission of an activity waits
 * for approval at a time, and the activity shows the next date that this submission would give
 * (nextComplianceDatePendingApproval, derived by the activity's own hook when it is written here).
 */
export const markPending: TransitionHook<'compliance-submission'> = async (ctx, _entity, submission) => {
  const activity = await lockedActivity(ctx, submission);
  // (a submission without evidence is not submitted: the transition's condition, workflow.json)
  const [waiting] = await ctx.tx.query<{ id: number }>(
    `SELECT id FROM compliance_submission WHERE company_id = $1 AND compliance_activity_id = $2 AND status = 'Submitted' AND id <> $3 LIMIT 1`,
    [ctx.companyId, activity.id, submission.id],
  );
  if (waiting)
    throw AppError.worded(
      'conflict',
      text('refusal.compliance.otherWaiting', { activity: String(activity.name), id: waiting.id }),
    );
  assertNotBeforeLast(submission, activity, (m) => AppError.validation([wordedProblem('complianceDate', m)]));
  await applyUpdate(ctx, ctx.registry.entity('compliance-activity'), activity, {}, 'compliance-submitted');
};

/** decline: the submission goes back to its team with the approver's reason; the activity no longer shows a pending date. */
export const clearPending: TransitionHook<'compliance-submission'> = async (ctx, _entity, submission) => {
  const activity = await lockedActivity(ctx, submission);
  await applyUpdate(ctx, ctx.registry.entity('compliance-activity'), activity, {}, 'compliance-declined');
};

/**
 * process and admin-process: the activity was complied with on the submission's date, which becomes its last
 * compliance date; its next date follows from its frequency. An approver does not process what they submitted
 * themselves (a module administrator may, by admin-process).
 */
export const applyProcessed: TransitionHook<'compliance-submission'> = async (ctx, _entity, submission, action) => {
  if (action === 'process' && submission.submittedById !== null && submission.submittedById === ctx.actor.employeeId)
    throw AppError.worded('forbidden', text('refusal.compliance.ownSubmission'));
  // (a date before the activity's last compliance date is not processed: the transitions' condition, workflow.json)
  const activity = await lockedActivity(ctx, submission);
  const last = String(submission.complianceDate);
  await applyUpdate(
    ctx,
    ctx.registry.entity('compliance-activity'),
    activity,
    { lastComplianceDate: last, nextComplianceDate: nextComplianceDate(last, activity.frequency as Frequency) },
    'compliance-processed',
  );
};
