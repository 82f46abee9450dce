import { AppError } from '../../../app-error.ts';
import { fieldProblem } from '../../../records/record-validator.ts';
import type { EntityRecord, TransitionHook } from '../../hook-registry.ts';
import { assertParty, isCommittee } from './review-parties.ts';
import { assertReviewInWindow } from './review-windows.ts';
import { actionLabel, inSentence } from '../../../i18n/message-words.ts';
import { text } from '../../../i18n/text.ts';

/** A step as a refusal names it: "dispute", by its button's label. */
const doing = (action: string) => text('refusal.review.doAction', { action: inSentence(actionLabel(action)) });

/**
 * performance-agreement transitions: agree and dispute are the employee's (the PM committee's for a corporate
 * agreement), inside the agreement window; resolve is the supervisor's (or acting supervisor's), after revising the
 * scorecard. Runs in the transition's transaction: a refusal undoes the step.
 */
export const checkAgreementStep: TransitionHook<'performance-agreement'> = async (ctx, _entity, record, action) => {
  // a dispute is resolved by the supervisor (or acting one), or by the PM committee, whose step it is when he does not
  if (action === 'resolve') return isCommittee(ctx) ? undefined : assertParty(ctx, record, 'supervisor', doing(action));
  await assertParty(ctx, record, 'employee', doing(action));
  assertReviewInWindow(record, 'agreement');
};

/**
 * performance-assessment transitions: the employee self-assesses (in the assessment window), agrees or disputes; the
 * supervisor or acting supervisor assesses (in the window) and reassesses what QA referred back. Every step of a
 * corporate assessment is the PM committee's, in the PM assessment window (period_closed outside it).
 */
export const checkAssessmentStep: TransitionHook<'performance-assessment'> = async (ctx, _entity, record, action) => {
  const party = action === 'assess' || action === 'reassess' ? 'supervisor' : 'employee';
  await assertParty(ctx, record, party, doing(action));
  if (action === 'submit-self-assessment' || action === 'assess') assertReviewInWindow(record, 'assessment');
  if (action === 'submit-self-assessment') await assertSelfScored(ctx, record);
};

/**
 * A self-assessment is submitted with a self score for every KPI of its scorecard: once submitted the scores are the
 * supervisor's to read and no longer the employee's to change, so a blank one would stay blank (a validation, not a
 * state rule: what is missing are values of other records, named KPI by KPI).
 */
async function assertSelfScored(
  ctx: Parameters<TransitionHook<'performance-assessment'>>[0],
  record: EntityRecord<'performance-assessment'>,
): Promise<void> {
  const missing = await ctx.tx.query<{ name: string }>(
    `SELECT k.name FROM performance_kpi k
       LEFT JOIN kpi_assessment a ON a.company_id = k.company_id AND a.kpi_id = k.id AND a.assessment_id = $3
      WHERE k.company_id = $1 AND k.scorecard_id = $2 AND a.self_score IS NULL ORDER BY k.id`,
    [ctx.companyId, record.scorecardId, record.id],
  );
  if (!missing.length) return;
  const kpiAssessment = ctx.registry.entity('kpi-assessment');
  throw AppError.validation([
    fieldProblem(kpiAssessment, 'selfScore', 'refusal.review.selfScoresMissing', {
      kpis: { list: missing.map((k) => k.name), join: 'and' },
    }),
  ]);
}
