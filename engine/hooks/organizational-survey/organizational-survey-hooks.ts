import type { ModuleHookSet } from '../hook-registry.ts';
import { invitationStatus, invitationStatusFilter } from '../degree-360/invitation-status.ts';
import { checkOrganizationalAnswer, organizationalReviewInfo, placeOrganizationalQuestion, placeOrganizationalReviewer } from './organizational-review.ts';

/** Organisational (values) surveys per quarter: reviewers, their public review, the answers' scale. */
export const organizationalSurveyHooks: ModuleHookSet = {
  computed: { 'organizationalSurvey.reviewerStatus': invitationStatus },
  filter: { 'organizationalSurvey.reviewerStatus': invitationStatusFilter },
  command: { 'organizationalSurvey.reviewInfo': organizationalReviewInfo },
  beforeWrite: {
    'organizationalSurvey.placeReviewer': placeOrganizationalReviewer,
    'organizationalSurvey.placeQuestion': placeOrganizationalQuestion,
    'organizationalSurvey.checkAnswer': checkOrganizationalAnswer,
  },
};
