import { AppError } from '../app-error.ts';
import type { Row } from '../db/db.ts';
import { text } from '../i18n/text.ts';
import type { EntityDef } from '../metadata/registry.ts';
import type { CallContext } from './call-context.ts';
import { entityLabel } from './record-validator.ts';
import { firstUnmet } from './transition-conditions.ts';

/**
 * Refuses an add or an update whose record, as it will be stored, fails the entity's conditions for that write
 * (entity.json `writeWhen`, checked at boot as a transition's `when`): 409 invalid_state naming the first unmet
 * condition in the caller's language. The record store asks here on every path (a call, a command, a hook's write),
 * after the beforeWrite hook, so that a condition may look at what the hook derives (a QA review's list, from its member).
 */
export async function assertWriteConditions(
  ctx: CallContext,
  entity: EntityDef,
  write: 'add' | 'update',
  record: Row,
): Promise<void> {
  const when = entity.writeWhen[write];
  if (!when?.length) return;
  const [unmet] = await firstUnmet(ctx, entity, when, [record]);
  if (unmet)
    throw AppError.worded(
      'invalid_state',
      text(`refusal.condition.${write}`, { entity: entityLabel(entity), condition: unmet }),
    );
}
