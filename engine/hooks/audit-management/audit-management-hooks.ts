import type { ModuleHookSet } from '../hook-registry.ts';
import { actionTracker, actionTrackerFilter, planContentStatus, planContentStatusFilter } from './audit-derived.ts';
import { approvePaper, closeApproval, openApproval, reopenApproval, requestResponse } from './audit-tasks.ts';
import { checkSurveyAnswers, submitSurvey } from './customer-survey.ts';
import { engagementNames, mailNotification, planYears } from './engagement-lifecycle.ts';
import { checkRoles, placeInEngagement } from './engagement-placement.ts';
import { removeExitMinutes } from './exit-minutes.ts';
import { placeReport } from './final-report.ts';
import { spreadRoles } from './role-spread.ts';

/** Internal audit management: engagement placement and locks, approvals and my tasks, the final report, the survey. */
export const auditManagementHooks: ModuleHookSet = {
  computed: { 'audit.planContentStatus': planContentStatus, 'audit.actionTracker': actionTracker },
  filter: { 'audit.planContentStatus': planContentStatusFilter, 'audit.actionTracker': actionTrackerFilter },
  command: { 'audit.planYears': planYears, 'audit.engagementNames': engagementNames, 'audit.removeExitMinutes': removeExitMinutes },
  beforeWrite: { 'audit.placeInEngagement': placeInEngagement, 'audit.placeReport': placeReport, 'audit.checkRoles': checkRoles },
  afterWrite: { 'audit.requestResponse': requestResponse, 'audit.spreadRoles': spreadRoles },
  transition: {
    'audit.openApproval': openApproval,
    'audit.closeApproval': closeApproval,
    'audit.reopenApproval': reopenApproval,
    'audit.approvePaper': approvePaper,
    'audit.mailNotification': mailNotification,
    'audit.checkSurveyAnswers': checkSurveyAnswers,
    'audit.submitSurvey': submitSurvey,
  },
};
