import { createHookRegistry } from './hook-registry.ts';
import { actionsTrackerHooks } from './actions-tracker/index.ts';
import { auditManagementHooks } from './audit-management/index.ts';
import { complianceManagementHooks } from './compliance-management/index.ts';
import { contractManagementHooks } from './contract-management/index.ts';
import { dashboardHooks } from './dashboard/index.ts';
import { degree360Hooks } from './degree-360/index.ts';
import { organisationHooks } from './organisation/index.ts';
import { organizationalSurveyHooks } from './organizational-survey/index.ts';
import { performanceHooks } from './performance/index.ts';
import { personalDevelopmentHooks } from './personal-development/index.ts';
import { projectsHooks } from './projects/index.ts';
import { riskManagementHooks } from './risk-management/index.ts';
import { strategicProjectsHooks } from './strategic-projects/index.ts';
import { strategyExecutionHooks } from './strategy-execution/index.ts';
import { strategyManagementHooks } from './strategy-management/index.ts';

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
