import { entityHooks, mergeHookSets, type ModuleHookSet } from '../hook-registry.ts';
import { developmentReport } from './development-report.ts';
import { planExecutionRateField } from './execution-rate.ts';
import { countPlanTrainings, planExecutionRate, uncountPlanTraining } from './plan-counts.ts';

/** Personal development and training: plan counts, execution rate, the development report. */
export const personalDevelopmentHooks: ModuleHookSet = mergeHookSets(
  entityHooks('annual-training-plan', { computed: { 'personalDevelopment.executionRate': planExecutionRateField } }),
  entityHooks('employee-training', {
    afterWrite: { 'personalDevelopment.countPlanTrainings': countPlanTrainings },
    beforeDelete: { 'personalDevelopment.uncountPlanTraining': uncountPlanTraining },
  }),
  {
    command: {
      'personalDevelopment.planExecutionRate': planExecutionRate,
      'personalDevelopment.report': developmentReport,
    },
  },
);
