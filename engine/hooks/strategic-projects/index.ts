import { entityHooks, mergeHookSets, type ModuleHookSet } from '../hook-registry.ts';
import { checkPillar } from './project-placement.ts';
import { report } from './project-report.ts';

/** Strategic projects: a project's pillar within its plan, the projects report. */
export const strategicProjectsHooks: ModuleHookSet = mergeHookSets(
  entityHooks('strategic-project', { beforeWrite: { 'projects.checkPillar': checkPillar } }),
  { command: { 'projects.report': report } },
);
