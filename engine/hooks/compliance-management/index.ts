import { entityHooks, mergeHookSets, type ModuleHookSet } from '../hook-registry.ts';
import { dueStatus, dueStatusFilter } from './activity-due-status.ts';
import { followActivity } from './activity-follow.ts';
import { noteLabel, submissionLabel } from './compliance-labels.ts';
import { requiredActionCount, requiredActions } from './required-actions.ts';
import { deriveEvidence, deriveNote, deriveSubmission, scheduleActivity } from './submission-derivation.ts';
import { applyProcessed, clearPending, markPending } from './submission-transitions.ts';

/** Compliance management: activities and their due dates, submissions with their evidence and notes, required actions. */
export const complianceManagementHooks: ModuleHookSet = mergeHookSets(
  entityHooks('compliance-activity', {
    computed: { 'compliance.dueStatus': dueStatus },
    beforeWrite: { 'compliance.scheduleActivity': scheduleActivity },
    afterWrite: { 'compliance.followActivity': followActivity },
  }),
  entityHooks('compliance-submission', {
    computed: { 'compliance.submissionLabel': submissionLabel },
    beforeWrite: { 'compliance.deriveSubmission': deriveSubmission },
    transition: {
      'compliance.markPending': markPending,
      'compliance.clearPending': clearPending,
      'compliance.applyProcessed': applyProcessed,
    },
  }),
  entityHooks('compliance-evidence', { beforeWrite: { 'compliance.deriveEvidence': deriveEvidence } }),
  entityHooks('compliance-note', {
    computed: { 'compliance.noteLabel': noteLabel },
    beforeWrite: { 'compliance.deriveNote': deriveNote },
  }),
  {
    command: { 'compliance.requiredActions': requiredActions, 'compliance.requiredActionCount': requiredActionCount },
    filter: { 'compliance.dueStatus': dueStatusFilter },
  },
);
