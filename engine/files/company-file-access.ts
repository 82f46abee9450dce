import { AppError } from '../app-error.ts';
import { assertAllowed, assertRecordAllowed, attempt } from '../access/access-policy.ts';
import { quoteIdent } from '../metadata/naming.ts';
import type { CallContext } from '../records/call-context.ts';
import { fetchOne } from '../records/record-store.ts';

/**
 * Whether an employee may fetch a file of their company: a file is as confidential as the records that hold it (a
 * final audit report, a signed contract, compliance evidence), so only when they may read a record whose file field
 * names it — judged by the same read access as the record itself — or when they uploaded it (a file not yet saved
 * into its record). File ids are sequential: without this, anyone signed in could step through them.
 */
export async function employeeMayReadFile(ctx: CallContext, fileId: number): Promise<boolean> {
  const [file] = await ctx.tx.query<{ createdBy: number | null }>(
    `SELECT created_by AS "createdBy" FROM stored_file WHERE company_id = $1 AND id = $2`,
    [ctx.companyId, fileId],
  );
  if (!file) return false;
  if (file.createdBy !== null && Number(file.createdBy) === ctx.actor.accountId) return true;
  for (const entity of ctx.registry.entities.values()) {
    if (entity.scope !== 'company') continue;
    const fields = entity.fields.filter((f) => f.schema['x-file'] === true && !f.computed);
    if (!fields.length) continue;
    const holders = await ctx.tx.query<{ id: number }>(
      `SELECT id FROM ${quoteIdent(entity.table)} WHERE company_id = $1 AND (${fields.map((f) => `${quoteIdent(f.column)} = $2`).join(' OR ')}) LIMIT 10`,
      [ctx.companyId, fileId],
    );
    for (const { id } of holders) if (await mayRead(ctx, entity, Number(id))) return true;
  }
  return false;
}

async function mayRead(ctx: CallContext, entity: Parameters<typeof fetchOne>[1], id: number): Promise<boolean> {
  const what = attempt(entity, 'read');
  try {
    assertAllowed(ctx.registry, entity, entity.access.read, ctx.actor, what);
    await assertRecordAllowed(ctx.tx, entity, entity.access.read, ctx.actor, await fetchOne(ctx, entity, id), what);
    return true;
  } catch (e) {
    if (e instanceof AppError && (e.status === 403 || e.status === 404)) return false;
    throw e;
  }
}
