import { entityHooks, mergeHookSets, type ModuleHookSet } from '../hook-registry.ts';
import { stampAuthor } from './comment-author.ts';
import { detailReport, employeeProjects, progressReport, summaryReport } from './project-reports.ts';
import { timeline } from './project-timeline.ts';
import { deriveRemaining } from './remaining-budget.ts';
import { placeTask } from './task-placement.ts';

/** Projects: derived money, comment authors, reports, the timeline. */
export const projectsHooks: ModuleHookSet = mergeHookSets(
  entityHooks(['milestone', 'project'], { beforeWrite: { 'projectManagement.deriveRemaining': deriveRemaining } }),
  entityHooks('project-task', { beforeWrite: { 'projectManagement.placeTask': placeTask } }),
  entityHooks(['milestone-comment', 'task-comment'], { beforeWrite: { 'projectManagement.stampAuthor': stampAuthor } }),
  {
    command: {
      'projectManagement.detailReport': detailReport,
      'projectManagement.summaryReport': summaryReport,
      'projectManagement.progressReport': progressReport,
      'projectManagement.timeline': timeline,
      'projectManagement.employeeProjects': employeeProjects,
    },
  },
);
