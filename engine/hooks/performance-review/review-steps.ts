import type { TransitionHook } from '../hook-registry.ts';
import { assertParty } from './review-parties.ts';
import { assertReviewInWindow } from './review-windows.ts';

/**
 * performance-agreement transitions: agree and dispute are the employee's (the PM committee's for a corporate
 * agreement), inside the agreement window; resolve is the supervisor's (or acting supervisor's), after revising the
 * scorecard. Runs in the transition's transaction: a refusal undoes the step.
 */
export const checkAgreementStep: TransitionHook = async (ctx, _entity, record, action) => {
  if (action === 'resolve') return assertParty(ctx, record, 'supervisor', action);
  await assertParty(ctx, record, 'employee', action);
  assertReviewInWindow(record, 'agreement');
};

/**
 * performance-assessment transitions: the employee self-assesses (in the assessment window), agrees or disputes; the
 * supervisor or acting supervisor assesses (in the window) and reassesses what QA referred back. Every step of a
 * corporate assessment is the PM committee's, in the PM assessment window (period_closed outside it).
 */
export const checkAssessmentStep: TransitionHook = async (ctx, _entity, record, action) => {
  const party = action === 'assess' || action === 'reassess' ? 'supervisor' : 'employee';
  await assertParty(ctx, record, party, action.replace(/-/g, ' '));
  if (action === 'submit-self-assessment' || action === 'assess') assertReviewInWindow(record, 'assessment');
};
