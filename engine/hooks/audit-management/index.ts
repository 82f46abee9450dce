import { entityHooks, mergeHookSets, type ModuleHookSet } from '../hook-registry.ts';
import { actionTracker, actionTrackerFilter, planContentStatus, planContentStatusFilter } from './audit-derived.ts';
import {
  approvePaper,
  closeApproval,
  findingDecided,
  findingToValidate,
  openApproval,
  reopenApproval,
  reportDecided,
  reportToManager,
  requestResponse,
} from './audit-tasks.ts';
import { checkSurveyAnswers, submitSurvey } from './customer-survey.ts';
import { engagementNames, mailNotification, planYears } from './engagement-lifecycle.ts';
import { APPROVAL_STEPS, ENGAGEMENT_PARTS } from './engagement-parts.ts';
import { checkRoles, placeInEngagement } from './engagement-placement.ts';
import { removeDraftReport, removeExitMinutes } from './report-attachments.ts';
import { placeReport } from './final-report.ts';
import { spreadRoles } from './role-spread.ts';
import { info as questionnaireInfo } from './questionnaire-info.ts';
import { placeAnswer, placeRecipient, recipientStatus, recipientStatusFilter } from './questionnaire-placement.ts';

/**
 * Internal audit management: engagement placement and locks, approvals and my tasks, the final report, the survey,
 * and the questionnaire sent to auditees outside the audit team (a public flow).
 */
export const auditManagementHooks: ModuleHookSet = mergeHookSets(
  entityHooks(ENGAGEMENT_PARTS, { beforeWrite: { 'audit.placeInEngagement': placeInEngagement } }),
  entityHooks(APPROVAL_STEPS, {
    transition: {
      'audit.openApproval': openApproval,
      'audit.closeApproval': closeApproval,
      'audit.reopenApproval': reopenApproval,
    },
  }),
  entityHooks(['audit-engagement', 'audit-follow-up-plan'], {
    beforeWrite: { 'audit.checkRoles': checkRoles },
    afterWrite: { 'audit.spreadRoles': spreadRoles },
  }),
  entityHooks('audit-plan-content', { computed: { 'audit.planContentStatus': planContentStatus } }),
  entityHooks('audit-management-action', { computed: { 'audit.actionTracker': actionTracker } }),
  entityHooks('audit-management-response', { afterWrite: { 'audit.requestResponse': requestResponse } }),
  entityHooks('audit-finding', {
    afterWrite: { 'audit.findingToValidate': findingToValidate },
    transition: { 'audit.findingDecided': findingDecided },
  }),
  entityHooks('audit-report', {
    beforeWrite: { 'audit.placeReport': placeReport },
    transition: { 'audit.reportToManager': reportToManager, 'audit.reportDecided': reportDecided },
  }),
  entityHooks('audit-working-paper', { transition: { 'audit.approvePaper': approvePaper } }),
  entityHooks('audit-notification-letter', { transition: { 'audit.mailNotification': mailNotification } }),
  entityHooks('audit-survey-response', {
    transition: { 'audit.checkSurveyAnswers': checkSurveyAnswers, 'audit.submitSurvey': submitSurvey },
  }),
  entityHooks('audit-questionnaire-recipient', {
    computed: { 'auditQuestionnaire.recipientStatus': recipientStatus },
    beforeWrite: { 'auditQuestionnaire.placeRecipient': placeRecipient },
  }),
  entityHooks('audit-questionnaire-answer', { beforeWrite: { 'auditQuestionnaire.placeAnswer': placeAnswer } }),
  {
    filter: {
      'audit.planContentStatus': planContentStatusFilter,
      'audit.actionTracker': actionTrackerFilter,
      'auditQuestionnaire.recipientStatus': recipientStatusFilter,
    },
    command: {
      'audit.planYears': planYears,
      'audit.engagementNames': engagementNames,
      'audit.removeExitMinutes': removeExitMinutes,
      'audit.removeDraftReport': removeDraftReport,
      'auditQuestionnaire.info': questionnaireInfo,
    },
  },
);
