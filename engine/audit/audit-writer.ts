import type { InPlaceOf } from '../records/in-place-of.ts';
import type { Row } from '../db/db.ts';
import type { EntityDef } from '../metadata/registry.ts';
import { useCompany, type CallContext } from '../records/call-context.ts';

export type AuditAction = 'add' | 'update' | 'delete' | string;

/** The company an entry belongs to: the call's, or for a platform record with a tenant key that record's company. */
export function auditCompany(ctx: CallContext, entity: EntityDef, record: Row): number | null {
  if (entity.scope === 'company') return ctx.companyId;
  if (entity.tenantKey) return Number(record[entity.tenantKey]);
  return null;
}

/** Writes one audit-trail entry (who, when, what, before and after) in the call's transaction. */
export async function writeAudit(
  ctx: CallContext,
  entity: EntityDef,
  action: AuditAction,
  before: Row | null,
  after: Row | null,
  inPlaceOf?: InPlaceOf,
): Promise<void> {
  const record = (after ?? before)!;
  const companyId = auditCompany(ctx, entity, record);
  const values = [
    entity.name,
    record.id,
    action,
    ctx.actor.accountId,
    ctx.actor.name,
    before && JSON.stringify(before),
    after && JSON.stringify(after),
  ];
  if (companyId === null) {
    // platform records that belong to no company (user manuals, platform rating scales): the holder's own trail
    await ctx.tx.query(
      `INSERT INTO platform_audit_trail (entity, record_id, action, done_by, done_by_name, done_at, before, after)
       VALUES ($1, $2, $3, $4, $5, now(), $6::text::jsonb, $7::text::jsonb)`,
      values,
    );
    return;
  }
  await useCompany(ctx, companyId);
  await ctx.tx.query(
    `INSERT INTO audit_trail (company_id, entity, record_id, action, done_by, done_by_name, done_at, before, after, in_place_of_id, in_place_of_name)
     VALUES ($1, $2, $3, $4, $5, $6, now(), $7::text::jsonb, $8::text::jsonb, $9, $10)`,
    // an administrator acting for the employee the record names (its approver): who, in place of whom
    [companyId, ...values, inPlaceOf?.employeeId ?? null, inPlaceOf?.name ?? null],
  );
}

/** One entry per row a bulk write changed (before and after each; null where the row was added or deleted), in one INSERT. */
export async function writeAudits(
  ctx: CallContext,
  entity: EntityDef,
  action: AuditAction,
  entries: readonly { before: Row | null; after: Row | null }[],
): Promise<void> {
  if (!entries.length) return;
  if (entity.scope !== 'company' || ctx.companyId === null) {
    // a platform record's entry may belong to its own company (tenant key): entry by entry
    for (const e of entries) await writeAudit(ctx, entity, action, e.before, e.after);
    return;
  }
  const json = (r: Row | null) => r && JSON.stringify(r);
  await ctx.tx.query(
    `INSERT INTO audit_trail (company_id, entity, record_id, action, done_by, done_by_name, done_at, before, after)
     SELECT $1, $2, e.record_id, $3, $4, $5, now(), e.before::jsonb, e.after::jsonb FROM unnest($6::bigint[], $7::text[], $8::text[]) AS e(record_id, before, after)`,
    [
      ctx.companyId,
      entity.name,
      action,
      ctx.actor.accountId,
      ctx.actor.name,
      entries.map((e) => (e.after ?? e.before)!.id),
      entries.map((e) => json(e.before)),
      entries.map((e) => json(e.after)),
    ],
  );
}
