import { entityHooks, mergeHookSets, type ModuleHookSet } from '../hook-registry.ts';
import { invitationStatus, invitationStatusFilter } from './invitation-status.ts';
import { reviewResult } from './rater-groups.ts';
import { reviewInfo } from './review-info.ts';
import { checkAnswer, nameReviewedEmployee, placeQuestion, placeReviewer } from './reviewer-placement.ts';
import { surveyStatusField, surveyStatusFilter } from './survey-status-field.ts';

/** 360-degree feedback: survey status, reviewers and their public review, the result by rater group. */
export const degree360Hooks: ModuleHookSet = mergeHookSets(
  entityHooks('survey', { computed: { 'degree360.surveyStatus': surveyStatusField } }),
  entityHooks('survey-reviewer', {
    computed: { 'degree360.reviewerStatus': invitationStatus },
    beforeWrite: { 'degree360.placeReviewer': placeReviewer },
  }),
  entityHooks('survey-question', { beforeWrite: { 'degree360.placeQuestion': placeQuestion } }),
  entityHooks('survey-answer', { beforeWrite: { 'degree360.checkAnswer': checkAnswer } }),
  entityHooks('reviewed-employee', { beforeWrite: { 'degree360.nameReviewedEmployee': nameReviewedEmployee } }),
  {
    filter: { 'degree360.surveyStatus': surveyStatusFilter, 'degree360.reviewerStatus': invitationStatusFilter },
    command: { 'degree360.reviewInfo': reviewInfo, 'degree360.result': reviewResult },
  },
);
