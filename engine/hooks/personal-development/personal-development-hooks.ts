import type { ModuleHookSet } from '../hook-registry.ts';
import { developmentReport } from './development-report.ts';
import { planExecutionRateField } from './execution-rate.ts';
import { countPlanTrainings, planExecutionRate, uncountPlanTraining } from './plan-counts.ts';

/** Personal development and training: plan counts, execution rate, the development report. */
export const personalDevelopmentHooks: ModuleHookSet = {
  computed: { 'personalDevelopment.executionRate': planExecutionRateField },
  command: { 'personalDevelopment.planExecutionRate': planExecutionRate, 'personalDevelopment.report': developmentReport },
  afterWrite: { 'personalDevelopment.countPlanTrainings': countPlanTrainings },
  beforeDelete: { 'personalDevelopment.uncountPlanTraining': uncountPlanTraining },
};
