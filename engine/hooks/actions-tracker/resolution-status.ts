import { addRecord } from '../../records/record-store.ts';
import type { CallContext } from '../../records/call-context.ts';
import type { AfterWriteHook, BeforeWriteHook, ComputedHook, EntityRecord, TransitionHook } from '../hook-registry.ts';
import { today } from '../performance/quarter-windows.ts';

/**
 * A resolution's completion date follows its status: completing one without a completion date dates it today;
 * reopening one clears it (it is no longer complete). A date the committee entered is kept.
 */
/** What the completion date follows. */
type Resolution = EntityRecord<'resolution'>;

export function completionChanges(
  before: Pick<Resolution, 'status'> | null,
  record: Pick<Resolution, 'status' | 'completionDate'>,
  day: string,
): Partial<Resolution> {
  if (record.status === 'Completed' && (record.completionDate === null || record.completionDate === undefined))
    return { completionDate: day };
  if (before?.status === 'Completed' && record.status !== 'Completed') return { completionDate: null };
  return {};
}

export const resolutionCompletion: BeforeWriteHook<'resolution'> = async (_ctx, _entity, before, record) =>
  completionChanges(before, record, today());

/** A status update entry (resolution-status): from, to and who, written and audited in the call's transaction. */
async function addStatusEntry(
  ctx: CallContext,
  resolutionId: unknown,
  previousStatus: unknown,
  status: unknown,
): Promise<void> {
  await addRecord(
    ctx,
    ctx.registry.entity('resolution-status'),
    { resolutionId, previousStatus, status, employeeId: ctx.actor.employeeId },
    { checked: true },
  );
}

/** A new resolution's history starts with its first status and who took it down. */
export const openStatusHistory: AfterWriteHook<'resolution'> = async (ctx, _entity, before, resolution) => {
  if (!before) await addStatusEntry(ctx, resolution.id, null, resolution.status);
};

/**
 * Every status change leaves an entry. Since the history starts when the resolution is added and every change adds
 * to it, the previous status is the latest entry's (the workflow's initial one for a resolution older than that).
 */
export const recordStatusUpdate: TransitionHook<'resolution'> = async (ctx, entity, resolution) => {
  const [last] = await ctx.tx.query<{ status: string }>(
    `SELECT status FROM resolution_status WHERE company_id = $1 AND resolution_id = $2 ORDER BY id DESC LIMIT 1`,
    [ctx.companyId, resolution.id],
  );
  await addStatusEntry(ctx, resolution.id, last?.status ?? entity.workflow!.initial, resolution.status);
};

/** How a status update entry is named in lists and on its resolution: "Open → In Progress", or "Open" for the first (the option values, as stored). */
export const statusChangeLabel: ComputedHook<'resolution-status'> = (r) =>
  r.previousStatus === null || r.previousStatus === undefined
    ? String(r.status)
    : `${String(r.previousStatus)} → ${String(r.status)}`;
