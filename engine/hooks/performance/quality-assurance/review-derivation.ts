import { AppError } from '../../../app-error.ts';
import { entityLabel, fieldProblem } from '../../../records/record-validator.ts';
import { text } from '../../../i18n/text.ts';
import { optionLabel } from '../../../i18n/message-words.ts';
import type { BeforeWriteHook } from '../../hook-registry.ts';
import { readRecord } from '../../typed-reads.ts';
import { inSupervisorLine } from '../../../access/membership-narrowing.ts';
import { employeeNames } from '../../../records/in-place-of.ts';
import { loadSubject, SUBJECT, subjectReviews, type QaList } from './qa-subjects.ts';

/**
 * qa-review beforeWrite. Adding: the QA member must be the caller, the subject the one its list reviews (a scorecard
 * for the Scorecard list, an assessment for the Performance list) of the member's own annual plan, an assessment one
 * that has been assessed, and the subject's review not yet complete; the list, plan, reviewer and reviewed employee
 * are derived. Changing: only the comment of a review that is not complete.
 */
export const deriveReview: BeforeWriteHook<'qa-review'> = async (ctx, entity, before, record) => {
  if (before) {
    // a complete review no longer changes: entity.json lockedWhen
    const moved = (['qaMemberId', 'scorecardId', 'assessmentId'] as const).find(
      (f) => (record[f] ?? null) !== (before[f] ?? null),
    );
    if (moved) throw AppError.validation([fieldProblem(entity, moved, 'refusal.qa.fieldFixed')]);
    return {};
  }
  const member = await readRecord(ctx, 'qa-member', record.qaMemberId);
  if (member.employeeId !== ctx.actor.employeeId)
    throw AppError.worded(
      'forbidden',
      text('refusal.qa.memberOnly', { list: optionLabel(member.list), id: Number(member.id) }),
    );
  const list = member.list as QaList;
  const { field } = SUBJECT[list];
  const noun = entityLabel(ctx.registry.entity(SUBJECT[list].entity));
  const other = SUBJECT[list === 'Scorecard' ? 'Performance' : 'Scorecard'].field;
  if (record[other] !== undefined && record[other] !== null)
    throw AppError.validation([
      fieldProblem(entity, other, 'refusal.qa.otherList', { list: optionLabel(list), subject: noun }),
    ]);
  const subjectId = record[field];
  if (subjectId === undefined || subjectId === null)
    throw AppError.validation([
      fieldProblem(entity, field, 'refusal.qa.subjectRequired', { list: optionLabel(list), subject: noun }),
    ]);
  const subject = await loadSubject(ctx, list, subjectId as number);
  if (subject.annualPlanId !== member.annualPlanId)
    throw AppError.validation([fieldProblem(entity, field, 'refusal.qa.otherPlan', { subject: noun })]);
  // the same line the member's read access excepts (access.memberWhen.exceptOwnLine): nobody reviews their manager
  if (subject.employeeId !== null && (await inSupervisorLine(ctx, member.employeeId, subject.employeeId)))
    throw AppError.worded(
      'forbidden',
      text('refusal.qa.ownLine', {
        subject: noun,
        name: (await employeeNames(ctx, [subject.employeeId])).get(subject.employeeId) ?? '',
      }),
    );
  // an assessment is reviewed once assessed: entity.json writeWhen.add, judged on the list derived here
  // Kept in code: a complete review of the same subject is a sibling record (by subject, not a child collection), which no condition counts
  if ((await subjectReviews(ctx, list, subject.id)).some((r) => r.isComplete))
    throw AppError.worded('invalid_state', text('refusal.qa.completeNoMore', { subject: noun }));
  return {
    list,
    annualPlanId: member.annualPlanId,
    reviewerId: member.employeeId,
    employeeId: subject.employeeId,
    isComplete: false,
  };
};
