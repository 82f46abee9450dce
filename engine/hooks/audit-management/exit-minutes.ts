import { text } from '../../i18n/text.ts';
import { assertRecordAllowed } from '../../access/access-policy.ts';
import type { CallContext } from '../../records/call-context.ts';
import { applyUpdate, fetchOne, staleVersion } from '../../records/record-store.ts';
import type { CommandHook } from '../hook-registry.ts';

/** remove-exit-minutes (audit report): the exit meeting minutes attachment goes, file and all; the report says so in its trail (the command's condition, entity.json: there are minutes to remove). */
export const removeExitMinutes: CommandHook = async (ctx: CallContext, entity, input) => {
  const report = await fetchOne(ctx, entity, input.id, true);
  const command = entity.commands.find((c) => c.name === 'remove-exit-minutes')!;
  await assertRecordAllowed(
    ctx.tx,
    entity,
    command.access,
    ctx.actor,
    report,
    text('refusal.access.removeExitMinutes'),
  );
  if (input.version !== undefined && input.version !== report.version) throw staleVersion(entity);
  const after = await applyUpdate(
    ctx,
    entity,
    report,
    { exitMinutesFileId: null, exitMinutesName: null },
    'remove-exit-minutes',
  );
  await ctx.tx.query(`DELETE FROM stored_file WHERE company_id = $1 AND id = $2`, [
    ctx.companyId,
    report.exitMinutesFileId,
  ]);
  return after;
};
