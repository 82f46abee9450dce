import { assertAllowed, assertRecordAllowed } from '../access/access-policy.ts';
import { AppError } from '../app-error.ts';
import type { Row } from '../db/db.ts';
import { storeFile, type IncomingFile } from '../files/file-store.ts';
import type { CommandDef, EntityDef, Role } from '../metadata/registry.ts';
import { humanize } from '../metadata/naming.ts';
import { useCompany, type CallContext } from './call-context.ts';
import { addRecord, applyUpdate, fetchOne, updateRecord } from './record-store.ts';
import { validateInput, validateRecord } from './record-validator.ts';

export const MAX_BULK = 5000;

/** Runs one declared command; the reply's data goes under the command's data key. */
export async function runCommand(ctx: CallContext, entity: EntityDef, command: CommandDef, input: unknown, file?: IncomingFile): Promise<unknown> {
  const what = `${humanize(command.name)} (${humanize(entity.name)})`;
  switch (command.kind) {
    case 'patch':
      return updateRecord(ctx, entity, input, { onlyFields: command.fields, action: command.name, roles: command.access });
    case 'bulkAdd': {
      assertAllowed(ctx.registry, entity, command.access, ctx.actor, what);
      const items = Array.isArray(input) ? input : (input as Row | null)?.items;
      if (!Array.isArray(items) || items.length === 0) throw new AppError('bad_request', 'Send the records to add as a non-empty list in "items"');
      if (items.length > MAX_BULK) throw new AppError('payload_too_large', `At most ${MAX_BULK} records can be added at once; got ${items.length}`);
      // Validate all before writing any, so that the reply lists every bad row.
      const faults = items.flatMap((item, i) => {
        try {
          validateRecord(entity, 'add', item, `items.${i}.`);
          return [];
        } catch (e) {
          if (e instanceof AppError) return e.fieldErrors.length ? e.fieldErrors : [{ field: `items.${i}`, message: e.message }];
          throw e;
        }
      });
      if (faults.length) throw AppError.validation(faults);
      const rows: Row[] = [];
      for (const item of items) {
        await assertRecordAllowed(ctx.tx, entity, command.access, ctx.actor, item as Row, what);
        rows.push(await addRecord(ctx, entity, item, { checked: true }));
      }
      return rows;
    }
    case 'upload': {
      assertAllowed(ctx.registry, entity, command.access, ctx.actor, what);
      if (!file) throw new AppError('bad_request', 'Send the file as multipart/form-data in the field "document"');
      const id = Number((input as Row).id);
      if (!Number.isInteger(id) || id < 1) throw new AppError('bad_request', 'id must be a positive whole number');
      const before = await fetchOne(ctx, entity, id, true);
      await assertRecordAllowed(ctx.tx, entity, command.access, ctx.actor, before, what);
      if (entity.scope === 'platform' && entity.tenantKey) await useCompany(ctx, Number(before[entity.tenantKey]));
      const stored = await storeFile(ctx, file, command);
      const after = await applyUpdate(ctx, entity, before, { [command.fields[0]]: stored.id }, command.name);
      return { ...stored, record: after };
    }
    case 'hook': {
      assertAllowed(ctx.registry, entity, command.access, ctx.actor, what);
      if (command.input) validateInput(command.input, input);
      return ctx.hooks.command[command.hook!](ctx, entity, (input ?? {}) as Record<string, unknown>);
    }
  }
}

/** A workflow transition: the state must be one it starts from; it sets the state, runs its hook and writes the audit entry in one transaction. */
export async function runTransition(ctx: CallContext, entity: EntityDef, action: string, input: unknown): Promise<Row> {
  const wf = entity.workflow!;
  const t = wf.transitions.find((x) => x.action === action)!;
  const roles = (t.access ?? entity.access.update) as Role[];
  const what = `${humanize(action)} ${humanize(entity.name)} records`;
  assertAllowed(ctx.registry, entity, roles, ctx.actor, what);
  const body = (input ?? {}) as Row;
  const allowed = new Set(['id', 'version', ...(t.requires ?? [])]);
  const extra = Object.keys(body).filter((k) => !allowed.has(k));
  if (extra.length) throw AppError.validation(extra.map((field) => ({ field, message: `is not taken by ${action}` })));
  const missing = (t.requires ?? []).filter((f) => body[f] === undefined || body[f] === null || body[f] === '');
  if (missing.length) throw AppError.validation(missing.map((field) => ({ field, message: `is required to ${action}` })));
  const before = await fetchOne(ctx, entity, body.id, true);
  await assertRecordAllowed(ctx.tx, entity, roles, ctx.actor, before, what);
  if (body.version !== undefined && body.version !== before.version) throw new AppError('stale_version', `This ${humanize(entity.name)} was changed by someone else; reload it and try again`);
  const state = before[wf.stateField] as string;
  if (!t.from.includes(state)) throw new AppError('invalid_state', `Cannot ${action} a ${humanize(entity.name)} that is ${state}; only one that is ${t.from.join(' or ')}`);
  const changes: Row = { [wf.stateField]: t.to };
  for (const f of t.requires ?? []) changes[f] = body[f];
  const after = await applyUpdate(ctx, entity, before, changes, action);
  if (t.hook) await ctx.hooks.transition[t.hook](ctx, entity, after, action);
  return after;
}
