/**
 * The records of an engagement (or a follow-up plan) that hang from a parent inside it: each takes its engagement and
 * roles from its parent (`audit.placeInEngagement`); what holds it when settled is declared (workflow locks, heldBy).
 * That hook is typed for all of them, so they read only the fields every one has, and the rest by metadata.
 */
export const ENGAGEMENT_PARTS = [
  'audit-completion-checklist',
  'audit-control-objective',
  'audit-description-interview',
  'audit-entrance-meeting',
  'audit-finding',
  'audit-follow-up-work',
  'audit-interviewer',
  'audit-issue-progress',
  'audit-management-action',
  'audit-management-response',
  'audit-memorandum',
  'audit-notification-letter',
  'audit-overall-opinion',
  'audit-personnel',
  'audit-procedure',
  'audit-process',
  'audit-process-documentation',
  'audit-questionnaire-area',
  'audit-questionnaire-question',
  'audit-report',
  'audit-report-section',
  'audit-risk-control',
  'audit-risk-control-background',
  'audit-risk-control-matrix',
  'audit-sample-documentation',
  'audit-sample-selection',
  'audit-scope',
  'audit-survey-response',
  'audit-working-paper',
] as const;
export type EngagementPart = (typeof ENGAGEMENT_PARTS)[number];

/** The records an approver (or a receiver) decides on: sending opens their task, the decision or a reopening settles it. */
export const APPROVAL_STEPS = [
  'audit-completion-checklist',
  'audit-follow-up-work',
  'audit-management-response',
  'audit-overall-opinion',
  'audit-process',
  'audit-risk-control-matrix',
  'audit-scope',
  'audit-survey-response',
  'audit-working-paper',
] as const;
export type ApprovalStep = (typeof APPROVAL_STEPS)[number];
