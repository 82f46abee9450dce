import { entityHooks, mergeHookSets, type ModuleHookSet } from '../hook-registry.ts';
import {
  checkInitiativeCycle,
  placeInitiative,
  placeObjective,
  placePlanReview,
  placeReview,
} from './execution-placement.ts';
import { agencyReport, report } from './execution-report.ts';
import { possibleObjectives } from './possible-objectives.ts';
import { keepSettledInitiative, keepSettledObjective } from './settled-deletes.ts';

/** Strategy execution: annual objectives and initiatives placed in their plan and kept once settled, reviews, reports. */
export const strategyExecutionHooks: ModuleHookSet = mergeHookSets(
  entityHooks('annual-objective', {
    beforeWrite: { 'execution.placeObjective': placeObjective },
    beforeDelete: { 'execution.keepSettledObjective': keepSettledObjective },
  }),
  entityHooks('annual-initiative', {
    beforeWrite: { 'execution.placeInitiative': placeInitiative },
    beforeDelete: { 'execution.keepSettledInitiative': keepSettledInitiative },
  }),
  entityHooks('initiative-cycle', { beforeWrite: { 'execution.checkInitiativeCycle': checkInitiativeCycle } }),
  entityHooks('performance-review', { beforeWrite: { 'execution.placeReview': placeReview } }),
  entityHooks('annual-plan-performance-review', { beforeWrite: { 'execution.placePlanReview': placePlanReview } }),
  {
    command: {
      'execution.report': report,
      'execution.agencyReport': agencyReport,
      'execution.possibleObjectives': possibleObjectives,
    },
  },
);
