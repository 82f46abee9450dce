import { assertRecordAllowed, attempt } from '../../access/access-policy.ts';
import { AppError } from '../../app-error.ts';
import { inSentence } from '../../i18n/message-words.ts';
import { text } from '../../i18n/text.ts';
import type { Row } from '../../db/db.ts';
import type { EntityDef } from '../../metadata/registry.ts';
import type { CallContext } from '../../records/call-context.ts';
import { fetchOne } from '../../records/record-store.ts';
import { entityLabel, labelOf } from '../../records/record-validator.ts';

/** The scorecard a command works on, locked, once the caller may run that command on it (self, supervisor or module admin). */
export async function scorecardFor(ctx: CallContext, entity: EntityDef, id: unknown, command: string): Promise<Row> {
  if (typeof id !== 'number') throw AppError.validation([{ field: 'id', message: 'is required: the scorecard' }]);
  const scorecard = await fetchOne(ctx, entity, id, true);
  await assertMayRun(ctx, entity, scorecard, command);
  return scorecard;
}

/** The record-level half of a hook command's access (the engine has checked the role-level half). */
export async function assertMayRun(ctx: CallContext, entity: EntityDef, record: Row, command: string): Promise<void> {
  const def = entity.commands.find((c) => c.name === command)!;
  await assertRecordAllowed(ctx.tx, entity, def.access, ctx.actor, record, attempt(entity, command));
}

/**
 * Whether the caller may set the KPIs' hand ratings (manual rating scores) of this scorecard: rate-kpis's access. A
 * hand rating is a judgement, the supervisor's (as in the assessment), not the employee's own: theirs would count as
 * the supervisor's, and overwrite it. Refused naming the field, as a field the caller may not change.
 */
export async function assertMayRate(ctx: CallContext, entity: EntityDef, scorecard: Row): Promise<void> {
  const roles = entity.commands.find((c) => c.name === 'rate-kpis')!.access;
  await assertRecordAllowed(
    ctx.tx,
    entity,
    roles,
    ctx.actor,
    scorecard,
    text('refusal.access.changeField', {
      field: inSentence(labelOf(ctx.registry.entity('performance-kpi'), 'manualRatingScore')),
      entity: entityLabel(entity),
    }),
  );
}
