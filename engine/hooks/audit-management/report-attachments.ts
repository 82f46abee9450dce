import { text } from '../../i18n/text.ts';
import { assertRecordAllowed } from '../../access/access-policy.ts';
import type { CallContext } from '../../records/call-context.ts';
import { applyUpdate, fetchOne, staleVersion } from '../../records/record-store.ts';
import type { CommandHook } from '../hook-registry.ts';

/**
 * A remove command of an audit report's attachment (the exit meeting minutes, the draft report): the file goes, its
 * field and its name are cleared, and the report's trail names the command. That there is a file to remove is the
 * command's declared condition (entity.json), so the form offers the button only then.
 */
function removeAttachment(
  command: string,
  fields: {
    file: 'exitMinutesFileId' | 'draftReportFileId';
    name: 'exitMinutesName' | 'draftReportName';
  },
  refusal: string,
): CommandHook {
  return async (ctx: CallContext, entity, input) => {
    const report = await fetchOne(ctx, entity, input.id, true);
    await assertRecordAllowed(
      ctx.tx,
      entity,
      entity.commands.find((c) => c.name === command)!.access,
      ctx.actor,
      report,
      text(refusal),
    );
    if (input.version !== undefined && input.version !== report.version) throw staleVersion(entity);
    const after = await applyUpdate(ctx, entity, report, { [fields.file]: null, [fields.name]: null }, command);
    await ctx.tx.query(`DELETE FROM stored_file WHERE company_id = $1 AND id = $2`, [
      ctx.companyId,
      report[fields.file],
    ]);
    return after;
  };
}

/** remove-exit-minutes (audit report): the exit meeting minutes attachment goes, file and all. */
export const removeExitMinutes = removeAttachment(
  'remove-exit-minutes',
  { file: 'exitMinutesFileId', name: 'exitMinutesName' },
  'refusal.access.removeExitMinutes',
);

/** remove-draft-report (audit report): the draft report's attachment goes, file and all (a new one may be uploaded). */
export const removeDraftReport = removeAttachment(
  'remove-draft-report',
  { file: 'draftReportFileId', name: 'draftReportName' },
  'refusal.access.removeDraftReport',
);
