import { AppError } from '../../../app-error.ts';
import { entityLabel } from '../../../records/record-validator.ts';
import { text, type Text } from '../../../i18n/text.ts';
import { optionLabel } from '../../../i18n/message-words.ts';
import type { Row } from '../../../db/db.ts';
import type { CallContext } from '../../../records/call-context.ts';
import { applyUpdate, deleteRecord, fetchOne } from '../../../records/record-store.ts';
import type { CommandHook } from '../../hook-registry.ts';
import { callerEmployee } from './qa-access.ts';
import { isSetComplete, lastReviewer, membersStillToReview } from './last-reviewer.ts';
import {
  listMembers,
  loadSubject,
  SUBJECT,
  subjectIdOf,
  subjectListOf,
  subjectNamed,
  subjectReviews,
  type QaList,
  type Subject,
} from './qa-subjects.ts';

/** Where a subject's review set stands: members, reviews, who is still to review, who is (or would be) last. */
async function reviewSet(ctx: CallContext, subject: Subject, lock = false) {
  const members = subject.annualPlanId === null ? [] : await listMembers(ctx, subject.annualPlanId, subject.list);
  const reviews = await subjectReviews(ctx, subject.list, subject.id, lock);
  const memberIds = members.map((m) => m.id as number);
  const marks = reviews.map((r) => ({ id: r.id as number, qaMemberId: r.qaMemberId as number }));
  const last = lastReviewer(memberIds, marks);
  return {
    members,
    reviews,
    isComplete: isSetComplete(memberIds, marks),
    completed: reviews.some((r) => r.isComplete),
    stillToReview: members.filter((m) => membersStillToReview(memberIds, marks).includes(m.id as number)),
    lastReviewer: members.find((m) => m.id === last) ?? null,
  };
}

const summary = (subject: Subject, set: Awaited<ReturnType<typeof reviewSet>>) => ({
  list: subject.list,
  [SUBJECT[subject.list].field]: subject.id,
  isComplete: set.isComplete,
  completed: set.completed,
  memberCount: set.members.length,
  reviewCount: set.reviews.length,
  stillToReview: set.stillToReview,
  lastReviewerId: set.lastReviewer?.id ?? null,
  lastReviewerEmployeeId: set.lastReviewer?.employeeId ?? null,
});

/** POST qa-review/check-complete {scorecardId | assessmentId}: whether every member of the list has reviewed the subject (any employee may ask). */
export const checkComplete: CommandHook = async (ctx, _entity, input) => {
  const named = subjectNamed(input);
  const subject = await loadSubject(ctx, named.list, named.id);
  return summary(subject, await reviewSet(ctx, subject));
};

/** The caller's review, locked; refused when it is another's. */
async function ownReview(ctx: CallContext, id: number, what: Text): Promise<Row> {
  const me = callerEmployee(ctx);
  const review = await fetchOne(ctx, ctx.registry.entity('qa-review'), id, true);
  if (review.reviewerId !== me) throw AppError.worded('forbidden', text('refusal.qa.notYours', { what, id }));
  return review;
}

/** The assessment of a performance review, locked (the command's condition, entity.json, has it in a state QA moves it from). */
async function reviewableAssessment(ctx: CallContext, assessmentId: number): Promise<Row> {
  return fetchOne(ctx, ctx.registry.entity('performance-assessment'), assessmentId, true);
}

/**
 * POST qa-review/complete {id}: id is the caller's own review of the subject. Only the last reviewer, once every member
 * has reviewed, completes it: every review of the subject becomes complete, and a performance review's assessment Completed.
 */
export const complete: CommandHook = async (ctx, entity, input) => {
  const me = callerEmployee(ctx);
  const review = await ownReview(ctx, input.id as number, text('refusal.qa.doComplete'));
  const list: QaList = subjectListOf(review);
  const subject = await loadSubject(ctx, list, subjectIdOf(review));
  const set = await reviewSet(ctx, subject, true);
  const noun = entityLabel(ctx.registry.entity(SUBJECT[list].entity));
  // (a complete review is not completed again: the command's condition, entity.json; a subject's reviews complete together)
  // Kept in code: whether every member of the list has reviewed compares two sets of records (the list's members, the subject's reviews), which no condition counts
  if (!set.isComplete)
    throw AppError.worded(
      'invalid_state',
      text('refusal.qa.notAllReviewed', {
        list: optionLabel(list),
        subject: noun,
        done: set.reviews.length,
        all: set.members.length,
        names: { list: set.stillToReview.map((m) => String(m.employeeName)), join: 'and' },
      }),
    );
  if (set.lastReviewer?.employeeId !== me)
    throw AppError.worded(
      'forbidden',
      text('refusal.qa.lastReviewerOnly', { name: String(set.lastReviewer?.employeeName ?? ''), subject: noun }),
    );
  let assessment: Row | null = null;
  if (list === 'Performance') {
    const before = await reviewableAssessment(ctx, subject.id);
    assessment = await applyUpdate(
      ctx,
      ctx.registry.entity('performance-assessment'),
      before,
      { status: 'Completed' },
      'complete',
    );
  }
  const reviews: Row[] = [];
  for (const r of set.reviews)
    reviews.push(
      await applyUpdate(ctx, entity, await fetchOne(ctx, entity, r.id, true), { isComplete: true }, 'complete'),
    );
  return { ...summary(subject, { ...set, completed: true }), reviews, ...(assessment && { assessment }) };
};

/** POST qa-review/recall {id}: a member withdraws their own review while the subject's review is not complete. */
export const recall: CommandHook = async (ctx, entity, input) => {
  // a complete review is not recalled: the command's declared condition (entity.json); a subject's reviews complete together
  const review = await ownReview(ctx, input.id as number, text('refusal.qa.doRecall'));
  return deleteRecord(ctx, entity, { id: review.id }, { checked: true });
};

/**
 * POST qa-review/refer-back {id}: performance reviews only. The member who wrote the review sends the assessment back
 * to the supervisor (ReferredBack); the subject's reviews are withdrawn, so that QA reviews the reassessment afresh.
 */
export const referBack: CommandHook = async (ctx, entity, input) => {
  const review = await ownReview(ctx, input.id as number, text('refusal.qa.doReferBack'));
  if (subjectListOf(review) !== 'Performance')
    throw AppError.worded('bad_request', text('refusal.qa.referBackPerformanceOnly'));
  // (nor referred back once complete: the command's declared condition, entity.json)
  const reviews = await subjectReviews(ctx, 'Performance', subjectIdOf(review), true);
  const before = await reviewableAssessment(ctx, subjectIdOf(review));
  const assessment = await applyUpdate(
    ctx,
    ctx.registry.entity('performance-assessment'),
    before,
    // the reviewer's comment is why: it goes to the supervisor (and the employee) on the assessment, whose readers they
    // are, while the review itself stays with QA and the module's administrators
    { status: 'ReferredBack', referredBackNote: review.comment ?? null },
    'refer-back',
  );
  for (const r of reviews) await deleteRecord(ctx, entity, { id: r.id }, { checked: true });
  return assessment;
};
