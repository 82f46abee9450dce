import type { TransitionHook } from '../../hook-registry.ts';
import { assertParty } from './review-parties.ts';
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
  if (action === 'resolve') return assertParty(ctx, record, 'supervisor', doing(action));
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
};
