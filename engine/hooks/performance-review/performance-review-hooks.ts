import type { ModuleHookSet } from '../hook-registry.ts';
import { checkKpiAssessment, saveKpiScores } from './kpi-assessment-scores.ts';
import { deriveAgreement, deriveAssessment } from './review-derivation.ts';
import { agreementNote, assessmentNote } from './review-notes.ts';
import { agreementInbox, agreementRequiredActions, assessmentInbox, assessmentRequiredActions } from './review-queues.ts';
import { checkAgreementStep, checkAssessmentStep } from './review-steps.ts';
import { syncWindowDates } from './window-sync.ts';

/** Performance agreements and assessments: derivation, steps and their windows, KPI scores, queues, window dates. */
export const performanceReviewHooks: ModuleHookSet = {
  command: {
    'performanceReview.agreementNote': agreementNote,
    'performanceReview.assessmentNote': assessmentNote,
    'performanceReview.agreementInbox': agreementInbox,
    'performanceReview.assessmentInbox': assessmentInbox,
    'performanceReview.agreementRequiredActions': agreementRequiredActions,
    'performanceReview.assessmentRequiredActions': assessmentRequiredActions,
    'performanceReview.saveKpiScores': saveKpiScores,
  },
  beforeWrite: {
    'performanceReview.deriveAgreement': deriveAgreement,
    'performanceReview.deriveAssessment': deriveAssessment,
    'performanceReview.checkKpiAssessment': checkKpiAssessment,
  },
  afterWrite: { 'performanceReview.syncWindowDates': syncWindowDates },
  transition: { 'performanceReview.checkAgreementStep': checkAgreementStep, 'performanceReview.checkAssessmentStep': checkAssessmentStep },
};
