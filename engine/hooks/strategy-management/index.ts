import { entityHooks, mergeHookSets, type ModuleHookSet } from '../hook-registry.ts';
import { linkObjectives, placeInPlan, placeMonthlyProgress } from './plan-placement.ts';
import { map } from './strategy-map.ts';

/** Strategy management: a strategic plan's records placed in it, objective links, monthly progress, the strategy map. */
export const strategyManagementHooks: ModuleHookSet = mergeHookSets(
  entityHooks(['measure', 'pillar-objective', 'strategic-initiative'], {
    beforeWrite: { 'strategy.placeInPlan': placeInPlan },
  }),
  entityHooks('objective-link', { beforeWrite: { 'strategy.linkObjectives': linkObjectives } }),
  entityHooks('monthly-progress', { beforeWrite: { 'strategy.placeMonthlyProgress': placeMonthlyProgress } }),
  { command: { 'strategy.map': map } },
);
