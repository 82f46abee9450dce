import { assertAllowed, assertRecordAllowed, attempt } from '../access/access-policy.ts';
import type { EntityDef } from '../metadata/registry.ts';
import type { CallContext } from '../records/call-context.ts';
import { useCompany } from '../records/call-context.ts';
import { fetchOne } from '../records/record-store.ts';

/**
 * Opens one record's audit trail for a caller who may read the record (by the same roles and record roles as its
 * read: a colleague who may not read an assessment reads none of its trail either), and says whose trail it is: the
 * company's, a platform record's company by its tenant key (row-level security set to it, as the writer did,
 * engine/audit/audit-writer.ts), else null for the platform's own.
 */
export async function openRecordTrail(ctx: CallContext, entity: EntityDef, id: number): Promise<number | null> {
  const what = attempt(entity, 'read');
  assertAllowed(ctx.registry, entity, entity.access.read, ctx.actor, what);
  const record = await fetchOne(ctx, entity, id);
  await assertRecordAllowed(ctx.tx, entity, entity.access.read, ctx.actor, record, what);
  const companyId =
    entity.scope === 'company' ? ctx.companyId : entity.tenantKey ? Number(record[entity.tenantKey]) : null;
  if (companyId !== null) await useCompany(ctx, companyId);
  return companyId;
}
