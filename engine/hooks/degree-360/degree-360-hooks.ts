import type { ModuleHookSet } from '../hook-registry.ts';
import { invitationStatus, invitationStatusFilter } from './invitation-status.ts';
import { reviewResult } from './rater-groups.ts';
import { reviewInfo } from './review-info.ts';
import { checkAnswer, nameReviewedEmployee, placeQuestion, placeReviewer } from './reviewer-placement.ts';
import { surveyStatusField, surveyStatusFilter } from './survey-status-field.ts';

/** 360-degree feedback: survey status, reviewers and their public review, the result by rater group. */
export const degree360Hooks: ModuleHookSet = {
  computed: { 'degree360.surveyStatus': surveyStatusField, 'degree360.reviewerStatus': invitationStatus },
  filter: { 'degree360.surveyStatus': surveyStatusFilter, 'degree360.reviewerStatus': invitationStatusFilter },
  command: { 'degree360.reviewInfo': reviewInfo, 'degree360.result': reviewResult },
  beforeWrite: { 'degree360.placeReviewer': placeReviewer, 'degree360.placeQuestion': placeQuestion, 'degree360.checkAnswer': checkAnswer, 'degree360.nameReviewedEmployee': nameReviewedEmployee },
};
