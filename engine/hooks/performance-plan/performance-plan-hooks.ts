import type { ModuleHookSet } from '../hook-registry.ts';
import { checkDevelopmentArea } from './development-area-rules.ts';
import { checkPlanOpen, setPerformancePlan } from './performance-plan-set.ts';

/** The employee's performance plan and personal development areas of an annual plan. */
export const performancePlanHooks: ModuleHookSet = {
  command: { 'performancePlan.setPerformancePlan': setPerformancePlan },
  beforeWrite: { 'performancePlan.checkDevelopmentArea': checkDevelopmentArea, 'performancePlan.checkPlanOpen': checkPlanOpen },
};
