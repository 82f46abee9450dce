import type { ModuleHookSet } from '../hook-registry.ts';
import { employeeStatus } from './employee-status-report.ts';
import { employeesWithAcceptedAgreements, employeesWithAgreementStatus, employeesWithAssessmentStatus, employeesWithCompletedReviews } from './employee-status-lists.ts';
import { myWork, scorecardsToReview } from './qa-work.ts';
import { checkComplete, complete, recall, referBack } from './review-commands.ts';
import { deriveReview } from './review-derivation.ts';
import { reviews } from './review-list.ts';

/** Quality assurance of scorecards and performance assessments: QA members' reviews, their completion, refer back, the QA lists. */
export const qualityAssuranceHooks: ModuleHookSet = {
  beforeWrite: { 'qualityAssurance.deriveReview': deriveReview },
  command: {
    'qualityAssurance.reviews': reviews,
    'qualityAssurance.checkComplete': checkComplete,
    'qualityAssurance.complete': complete,
    'qualityAssurance.recall': recall,
    'qualityAssurance.referBack': referBack,
    'qualityAssurance.myWork': myWork,
    'qualityAssurance.scorecardsToReview': scorecardsToReview,
    'qualityAssurance.employeeStatus': employeeStatus,
    'qualityAssurance.employeesWithCompletedReviews': employeesWithCompletedReviews,
    'qualityAssurance.employeesWithAcceptedAgreements': employeesWithAcceptedAgreements,
    'qualityAssurance.employeesWithAgreementStatus': employeesWithAgreementStatus,
    'qualityAssurance.employeesWithAssessmentStatus': employeesWithAssessmentStatus,
  },
};
