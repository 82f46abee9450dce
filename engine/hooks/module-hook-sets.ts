import type { ModuleHookSet } from './hook-registry.ts';
import { auditManagementHooks } from './audit-management/audit-management-hooks.ts';
import { auditQuestionnaireHooks } from './audit-questionnaire/audit-questionnaire-hooks.ts';
import { personalDevelopmentHooks } from './personal-development/personal-development-hooks.ts';
import { projectsHooks } from './projects/projects-hooks.ts';
import { dashboardHooks } from './dashboard/dashboard-hooks.ts';
import { degree360Hooks } from './degree-360/degree-360-hooks.ts';
import { organizationalSurveyHooks } from './organizational-survey/organizational-survey-hooks.ts';
import { performanceReviewHooks } from './performance-review/performance-review-hooks.ts';
import { monthlyProgressHooks } from './monthly-progress/monthly-progress-hooks.ts';
import { performancePlanHooks } from './performance-plan/performance-plan-hooks.ts';
import { performanceReportsHooks } from './performance-reports/performance-reports-hooks.ts';
import { qualityAssuranceHooks } from './quality-assurance/quality-assurance-hooks.ts';

/**
 * The hook sets of the modules that keep their hooks in one file of their own
 * (`engine/hooks/<module>/<module>-hooks.ts`); the older modules are still listed in `index.ts`.
 */
export const moduleHookSets: ModuleHookSet[] = [auditManagementHooks, auditQuestionnaireHooks, personalDevelopmentHooks, projectsHooks, dashboardHooks, degree360Hooks, organizationalSurveyHooks, performanceReportsHooks, monthlyProgressHooks, performancePlanHooks, performanceReviewHooks, qualityAssuranceHooks];
