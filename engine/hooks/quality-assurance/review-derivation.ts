import { AppError } from '../../app-error.ts';
import type { BeforeWriteHook } from '../hook-registry.ts';
import { fetchOne } from '../../records/record-store.ts';
import { loadSubject, REVIEWABLE_ASSESSMENT_STATES, SUBJECT, subjectReviews, type QaList } from './qa-subjects.ts';

/**
 * qa-review beforeWrite. Adding: the QA member must be the caller, the subject the one its list reviews (a scorecard
 * for the Scorecard list, an assessment for the Performance list) of the member's own annual plan, an assessment one
 * that has been assessed, and the subject's review not yet complete; the list, plan, reviewer and reviewed employee
 * are derived. Changing: only the comment of a review that is not complete.
 */
export const deriveReview: BeforeWriteHook = async (ctx, _entity, before, record) => {
  if (before) {
    if (before.isComplete) throw new AppError('invalid_state', 'This QA review is complete; a completed review no longer changes');
    const moved = ['qaMemberId', 'scorecardId', 'assessmentId'].find((f) => (record[f] ?? null) !== (before[f] ?? null));
    if (moved) throw AppError.validation([{ field: moved, message: 'cannot change; recall the review and add a new one instead' }]);
    return {};
  }
  const member = await fetchOne(ctx, ctx.registry.entity('qa-member'), record.qaMemberId);
  if (member.employeeId !== ctx.actor.employeeId)
    throw new AppError('forbidden', `Only a member of the ${member.list} QA list of this annual plan may add a review, as themselves; QA member ${member.id} is another employee`);
  const list = member.list as QaList;
  const { field, noun } = SUBJECT[list];
  const other = SUBJECT[list === 'Scorecard' ? 'Performance' : 'Scorecard'].field;
  if (record[other] !== undefined && record[other] !== null) throw AppError.validation([{ field: other, message: `is not reviewed by the ${list} QA list; its members review a ${noun} (${field})` }]);
  const subjectId = record[field];
  if (subjectId === undefined || subjectId === null) throw AppError.validation([{ field, message: `is required: members of the ${list} QA list review a ${noun}` }]);
  const subject = await loadSubject(ctx, list, subjectId as number);
  if (subject.annualPlanId !== member.annualPlanId) throw AppError.validation([{ field, message: `names a ${noun} of another annual plan than this QA member's` }]);
  if (list === 'Performance' && !REVIEWABLE_ASSESSMENT_STATES.includes(subject.status))
    throw new AppError('invalid_state', `This assessment is ${subject.status}; QA reviews an assessment once it is ${REVIEWABLE_ASSESSMENT_STATES.join(', ')}`);
  if ((await subjectReviews(ctx, list, subject.id)).some((r) => r.isComplete)) throw new AppError('invalid_state', `The QA review of this ${noun} is complete; it takes no more reviews`);
  return { list, annualPlanId: member.annualPlanId, reviewerId: member.employeeId, employeeId: subject.employeeId, isComplete: false };
};
