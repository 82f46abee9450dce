import type { Row } from '../db/db.ts';
import type { EntityDef, FieldDef } from '../metadata/registry.ts';
import type { CallContext } from '../records/call-context.ts';
import { entityLabel, labelOf } from '../records/record-validator.ts';
import { text } from '../i18n/text.ts';
import { inSentence } from '../i18n/message-words.ts';
import { allows, decidedByRecord, recordAdmits, refusal } from './access-policy.ts';
import { loadReach } from './record-reach.ts';

/**
 * Field rights (`x-writeRoles`): where the spec gives a field to one party (the employee's own note on their
 * assessment, the PM committee's corporate note), only the roles it names may change it, however many others may
 * update the record. Judged by the same predicate as the record's access, on the record as stored.
 */
const guarded = (entity: EntityDef): FieldDef[] => entity.fields.filter((f) => f.writeRoles !== undefined);

/** Whether the caller may change `field` of `record`. */
async function mayWrite(ctx: CallContext, entity: EntityDef, field: FieldDef, record: Row): Promise<boolean> {
  const roles = field.writeRoles!;
  if (allows(roles, ctx.actor, entity.module)) return true;
  if (!decidedByRecord(roles, ctx.actor, entity)) return false;
  return recordAdmits(roles, ctx.actor, entity, record, await loadReach(ctx.tx, ctx.actor, entity, roles, [record]));
}

/**
 * Refuses (403) a write that sets a field its roles keep from the caller: on an update the fields it changes, judged
 * on the record as stored; on an add (`before` null) the values it gives other than the field's default, judged on the
 * record as it will be, and a field of no roles (`[]`, set when added and fixed after) only on an update.
 */
export async function assertFieldsWritable(
  ctx: CallContext,
  entity: EntityDef,
  before: Row | null,
  record: Row,
  names: readonly string[],
): Promise<void> {
  for (const field of guarded(entity)) {
    if (!names.includes(field.name)) continue;
    if (
      before === null &&
      (field.writeRoles!.length === 0 ||
        record[field.name] === null ||
        record[field.name] === undefined ||
        record[field.name] === '' ||
        // the field's default, as a form sends it untouched, is no choice of the caller's
        (field.default !== undefined && record[field.name] === field.default))
    )
      continue;
    if (await mayWrite(ctx, entity, field, before ?? record)) continue;
    throw refusal(
      field.writeRoles!,
      ctx.actor,
      entity,
      text('refusal.access.changeField', {
        field: inSentence(labelOf(entity, field.name)),
        entity: entityLabel(entity),
      }),
    );
  }
}

/** The fields of each row the caller may not change (for `_allowed.readOnlyFields`): one reach for the whole page. */
export async function closedFieldsOf(ctx: CallContext, entity: EntityDef, rows: readonly Row[]): Promise<string[][]> {
  const fields = guarded(entity);
  if (!fields.length) return rows.map(() => []);
  const roles = [...new Set(fields.flatMap((f) => f.writeRoles!))];
  const reach = await loadReach(ctx.tx, ctx.actor, entity, roles, rows);
  return rows.map((row) =>
    fields
      .filter((f) => {
        const r = f.writeRoles!;
        if (allows(r, ctx.actor, entity.module)) return false;
        return !decidedByRecord(r, ctx.actor, entity) || !recordAdmits(r, ctx.actor, entity, row, reach);
      })
      .map((f) => f.name),
  );
}
