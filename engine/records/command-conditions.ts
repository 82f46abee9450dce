import { assertRecordAllowed, attempt } from '../access/access-policy.ts';
import { AppError } from '../app-error.ts';
import type { Row } from '../db/db.ts';
import type { CommandDef, EntityDef } from '../metadata/registry.ts';
import type { CallContext } from './call-context.ts';
import { fetchOne } from './record-store.ts';
import { unmetConditions } from './transition-conditions.ts';

/**
 * Refuses a command whose conditions (`when`, entity.json; checked at boot by engine/metadata/command-conditions.ts)
 * the record it acts on fails: 409 invalid_state naming the first unmet condition in the caller's language, as a
 * transition is refused. The record is the one the input's `id` names, read FOR UPDATE, so that it does not move out
 * of the condition while the command runs. "What may I do here" leaves such a command out of `_allowed.commands` by
 * the same judgement.
 */
export async function assertCommandConditions(
  ctx: CallContext,
  entity: EntityDef,
  command: CommandDef,
  input: unknown,
): Promise<void> {
  if (!command.when?.length) return;
  const record = await fetchOne(ctx, entity, (input as Row | null)?.id, true);
  // the record's state is told only to whom the command is open on it
  await assertRecordAllowed(ctx.tx, entity, command.access, ctx.actor, record, attempt(entity, command.name));
  await assertRecordMeets(ctx, entity, command, record);
}

/** The same, on a record the command has read (locked) and allowed already: an upload's, whose id came as text. */
export async function assertRecordMeets(
  ctx: CallContext,
  entity: EntityDef,
  command: CommandDef,
  record: Row,
): Promise<void> {
  if (!command.when?.length) return;
  const [unmet] = await unmetConditions(ctx, entity, { action: command.name, when: command.when }, [record]);
  if (unmet) throw AppError.worded('invalid_state', unmet);
}
