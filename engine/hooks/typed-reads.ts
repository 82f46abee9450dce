import type { CallContext } from '../records/call-context.ts';
import { fetchOne } from '../records/record-store.ts';
import type { EntityName, EntityRecord } from './hook-registry.ts';

/**
 * One record of another entity that a hook reads by id (row-locked when asked), as its generated type: the fields a
 * hook takes from it are checked like those of the record it was given.
 */
export async function readRecord<E extends EntityName>(
  ctx: CallContext,
  entity: E,
  id: unknown,
  lock = false,
): Promise<EntityRecord<E>> {
  return (await fetchOne(ctx, ctx.registry.entity(entity), id, lock)) as EntityRecord<E>;
}
