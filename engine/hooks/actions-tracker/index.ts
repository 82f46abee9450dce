import { entityHooks, mergeHookSets, type ModuleHookSet } from '../hook-registry.ts';
import { seatCreator } from './committee-founding.ts';
import { stampAuthor, stampCreator } from './employee-stamp.ts';
import { myResolutions } from './my-resolutions.ts';
import { overdue, overdueFilter } from './resolution-overdue.ts';
import { openStatusHistory, recordStatusUpdate, resolutionCompletion, statusChangeLabel } from './resolution-status.ts';

/** The actions tracker: committees and their creators, resolutions with their status history, comments' authors. */
export const actionsTrackerHooks: ModuleHookSet = mergeHookSets(
  entityHooks('committee', {
    beforeWrite: { 'actionsTracker.stampCreator': stampCreator },
    afterWrite: { 'actionsTracker.seatCreator': seatCreator },
  }),
  entityHooks('resolution', {
    computed: { 'actionsTracker.overdue': overdue },
    beforeWrite: { 'actionsTracker.resolutionCompletion': resolutionCompletion },
    afterWrite: { 'actionsTracker.openStatusHistory': openStatusHistory },
    transition: { 'actionsTracker.recordStatusUpdate': recordStatusUpdate },
  }),
  entityHooks('resolution-status', { computed: { 'actionsTracker.statusChangeLabel': statusChangeLabel } }),
  entityHooks(['resolution-comment', 'resolution-progress'], {
    beforeWrite: { 'actionsTracker.stampAuthor': stampAuthor },
  }),
  { command: { 'actionsTracker.myResolutions': myResolutions }, filter: { 'actionsTracker.overdue': overdueFilter } },
);
