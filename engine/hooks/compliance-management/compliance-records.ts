import { AppError } from '../../app-error.ts';
import { quoteIdent } from '../../metadata/naming.ts';
import type { CallContext } from '../../records/call-context.ts';
import type { EntityName, EntityRecord } from '../hook-registry.ts';
import { selectColumns } from '../../records/record-columns.ts';
import { noSuchRecord } from '../../records/record-validator.ts';

/**
 * The record of `entity` that a reference field of another record names, in the call's company (locked when asked);
 * an unknown id, or one of another company, is refused as the foreign key would refuse it (422 naming the field).
 */
export async function referenced<E extends EntityName>(
  ctx: CallContext,
  entity: E,
  id: unknown,
  field: string,
  lock = false,
): Promise<EntityRecord<E>> {
  const e = ctx.registry.entity(entity);
  const [row] =
    typeof id === 'number' && Number.isInteger(id)
      ? await ctx.tx.query(
          `SELECT ${selectColumns(e)} FROM ${quoteIdent(e.table)} WHERE company_id = $1 AND id = $2${lock ? ' FOR UPDATE' : ''}`,
          [ctx.companyId, id],
        )
      : [];
  if (!row) throw AppError.validation([noSuchRecord(field, e)]);
  return row as EntityRecord<E>;
}

/** States of a submission that the activity's team and approver still follow. */
export const OPEN_STATES = ['Draft', 'Submitted', 'Declined'] as const;
