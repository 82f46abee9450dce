import { entityHooks, mergeHookSets, type ModuleHookSet } from '../hook-registry.ts';
import { invitationStatus, invitationStatusFilter } from '../degree-360/invitation-status.ts';
import {
  checkOrganizationalAnswer,
  organizationalReviewInfo,
  placeOrganizationalQuestion,
  placeOrganizationalReviewer,
} from './organizational-review.ts';

/** Organisational (values) surveys per quarter: reviewers, their public review, the answers' scale. */
export const organizationalSurveyHooks: ModuleHookSet = mergeHookSets(
  entityHooks('organizational-survey-reviewer', {
    computed: { 'organizationalSurvey.reviewerStatus': invitationStatus },
    beforeWrite: { 'organizationalSurvey.placeReviewer': placeOrganizationalReviewer },
  }),
  entityHooks('organizational-survey-question', {
    beforeWrite: { 'organizationalSurvey.placeQuestion': placeOrganizationalQuestion },
  }),
  entityHooks('organizational-survey-answer', {
    beforeWrite: { 'organizationalSurvey.checkAnswer': checkOrganizationalAnswer },
  }),
  {
    filter: { 'organizationalSurvey.reviewerStatus': invitationStatusFilter },
    command: { 'organizationalSurvey.reviewInfo': organizationalReviewInfo },
  },
);
