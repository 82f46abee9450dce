import { createHookRegistry } from './hook-registry.ts';
import { actionsTrackerHooks } from './actions-tracker/actions-tracker-hooks.ts';
import { auditManagementHooks } from './audit-management/audit-management-hooks.ts';
import { complianceManagementHooks } from './compliance-management/compliance-management-hooks.ts';
import { contractManagementHooks } from './contract-management/contract-management-hooks.ts';
import { dashboardHooks } from './dashboard/dashboard-hooks.ts';
import { degree360Hooks } from './degree-360/degree-360-hooks.ts';
import { organisationHooks } from './organisation/organisation-hooks.ts';
import { organizationalSurveyHooks } from './organizational-survey/organizational-survey-hooks.ts';
import { performanceHooks } from './performance/performance-hooks.ts';
import { personalDevelopmentHooks } from './personal-development/personal-development-hooks.ts';
import { projectsHooks } from './projects/projects-hooks.ts';
import { riskManagementHooks } from './risk-management/risk-management-hooks.ts';
import { strategicProjectsHooks } from './strategic-projects/strategic-projects-hooks.ts';
import { strategyExecutionHooks } from './strategy-execution/strategy-execution-hooks.ts';
import { strategyManagementHooks } from './strategy/strategy-management-hooks.ts';

/**
 * Every hook that metadata may name: one set per module that has hooks, each from its folder's index
 * (`engine/hooks/<module>/index.ts`), which registers its record hooks typed for their entities (`entityHooks`).
 */
export const hooks = createHookRegistry(
  actionsTrackerHooks,
  auditManagementHooks,
  complianceManagementHooks,
  contractManagementHooks,
  dashboardHooks,
  degree360Hooks,
  organisationHooks,
  organizationalSurveyHooks,
  performanceHooks,
  personalDevelopmentHooks,
  projectsHooks,
  riskManagementHooks,
  strategicProjectsHooks,
  strategyExecutionHooks,
  strategyManagementHooks,
);
