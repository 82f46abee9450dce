import { applyUpdate, fetchOne } from '../../records/record-store.ts';
import type { AfterWriteHook } from '../hook-registry.ts';

/** A mitigation is complete when its progress reaches 100 %, in progress until then. */
export const mitigationStatus = (progress: number): 'Complete' | 'In Progress' =>
  progress >= 100 ? 'Complete' : 'In Progress';

/**
 * A progress note updates its mitigation: the note's progress becomes the mitigation's, and with it the status; the
 * mitigation's change is written and audited in the note's transaction ("update mitigation progress").
 */
export const applyMitigationProgress: AfterWriteHook<'mitigation-progress'> = async (ctx, _entity, _before, note) => {
  const mitigations = ctx.registry.entity('mitigation');
  const mitigation = await fetchOne(ctx, mitigations, note.mitigationId, true);
  const progress = Number(note.progress);
  if (mitigation.progress === progress && mitigation.status === mitigationStatus(progress)) return;
  await applyUpdate(ctx, mitigations, mitigation, { progress, status: mitigationStatus(progress) }, 'update-progress');
};
