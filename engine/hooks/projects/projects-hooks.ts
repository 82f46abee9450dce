import type { ModuleHookSet } from '../hook-registry.ts';
import { stampAuthor } from './comment-author.ts';
import { detailReport, employeeProjects, progressReport, summaryReport } from './project-reports.ts';
import { timeline } from './project-timeline.ts';
import { deriveRemaining } from './remaining-budget.ts';
import { placeTask } from './task-placement.ts';

/** Projects: derived money, comment authors, reports, the timeline. */
export const projectsHooks: ModuleHookSet = {
  beforeWrite: { 'projectManagement.deriveRemaining': deriveRemaining, 'projectManagement.placeTask': placeTask, 'projectManagement.stampAuthor': stampAuthor },
  command: {
    'projectManagement.detailReport': detailReport,
    'projectManagement.summaryReport': summaryReport,
    'projectManagement.progressReport': progressReport,
    'projectManagement.timeline': timeline,
    'projectManagement.employeeProjects': employeeProjects,
  },
};
