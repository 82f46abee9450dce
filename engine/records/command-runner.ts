import { employeeNames, namedOtherThan, recordRolesOf } from './in-place-of.ts';
import { loadReach } from '../access/record-reach.ts';
import { assertAllowed, assertRecordAllowed, attempt, recordAdmits } from '../access/access-policy.ts';
import { AppError } from '../app-error.ts';
import type { Row } from '../db/db.ts';
import { storeFile, type IncomingFile, type StoredFileInfo } from '../files/file-store.ts';
import type { CommandDef, EntityDef, Role } from '../metadata/registry.ts';
import { shareLink } from '../public-flows/public-flow-service.ts';
import { useCompany, type CallContext } from './call-context.ts';
import { addRecord, applyUpdate, deleteRecord, fetchOne, staleVersion, updateRecord } from './record-store.ts';
import { entityLabel, fieldProblem, validateInput, validateRecord } from './record-validator.ts';
import { actionLabel, optionLabel, optionsOr } from '../i18n/message-words.ts';
import { text } from '../i18n/text.ts';
import { reportParameters } from '../reports/report-parameters.ts';
import { MAX_BULK, runBulkAdd } from './bulk-add.ts';
import { unmetConditions } from './transition-conditions.ts';
import { assertCommandConditions, assertRecordMeets } from './command-conditions.ts';
import { effectChanges, sendNotices } from './transition-effects.ts';

/** Runs one declared command; the reply's data goes under the command's data key. */
export async function runCommand(
  ctx: CallContext,
  entity: EntityDef,
  command: CommandDef,
  input: unknown,
  file?: IncomingFile,
): Promise<unknown> {
  // a GET command is a way of reading (a list, a report): refused as a read, not as an action named by its path
  const what = attempt(entity, command.method === 'GET' ? 'read' : command.name);
  switch (command.kind) {
    case 'patch':
      if (command.when) {
        assertAllowed(ctx.registry, entity, command.access, ctx.actor, what);
        await assertCommandConditions(ctx, entity, command, input);
      }
      return updateRecord(ctx, entity, input, {
        onlyFields: command.fields,
        action: command.name,
        roles: command.access,
      });
    case 'bulkAdd':
      return runBulkAdd(ctx, entity, command, input);
    case 'bulkDelete': {
      assertAllowed(ctx.registry, entity, command.access, ctx.actor, what);
      const ids = Array.isArray(input) ? input : (input as Row | null)?.ids;
      if (!Array.isArray(ids) || ids.length === 0)
        throw new AppError('bad_request', 'Send the ids of the records to delete as a non-empty list in "ids"');
      if (ids.length > MAX_BULK)
        throw new AppError(
          'payload_too_large',
          `At most ${MAX_BULK} records can be deleted at once; got ${ids.length}`,
        );
      const bad = ids.findIndex((id) => typeof id !== 'number' || !Number.isInteger(id) || id < 1);
      if (bad >= 0) throw AppError.validation([{ field: `ids.${bad}`, message: 'must be a positive whole number' }]);
      if (new Set(ids).size !== ids.length)
        throw AppError.validation([{ field: 'ids', message: 'names a record more than once' }]);
      // One transaction: an id that is unknown, another company's or not the caller's to delete refuses them all.
      const rows: Row[] = [];
      for (const id of ids as number[]) {
        await assertRecordAllowed(ctx.tx, entity, command.access, ctx.actor, await fetchOne(ctx, entity, id), what);
        rows.push(await deleteRecord(ctx, entity, { id }, { checked: true }));
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
      await assertRecordMeets(ctx, entity, command, before);
      if (entity.scope === 'platform' && entity.tenantKey) await useCompany(ctx, Number(before[entity.tenantKey]));
      const stored = await storeFile(ctx, file, command);
      const after = await applyUpdate(
        ctx,
        entity,
        before,
        { [command.fields[0]]: stored.id, ...fileInfoValues(command, stored) },
        command.name,
      );
      return { ...stored, record: after };
    }
    case 'attach': {
      assertAllowed(ctx.registry, entity, command.access, ctx.actor, what);
      if (!file)
        throw new AppError(
          'bad_request',
          'Send the file as multipart/form-data in the field "document", and the record\'s fields beside it',
        );
      // the record's fields and the file are judged before anything is stored; a refusal later rolls it all back
      const values = formValues(entity, (input ?? {}) as Record<string, string>);
      validateRecord(entity, 'add', values);
      const stored = await storeFile(ctx, file, command);
      const record = await addRecord(ctx, entity, values, {
        roles: command.access,
        action: command.name,
        set: { [command.fields[0]]: stored.id, ...fileInfoValues(command, stored) },
      });
      return { ...stored, record };
    }
    case 'share':
      if (command.when) {
        assertAllowed(ctx.registry, entity, command.access, ctx.actor, what);
        await assertCommandConditions(ctx, entity, command, input);
      }
      return shareLink(ctx, entity, command.access, input);
    case 'hook': {
      assertAllowed(ctx.registry, entity, command.access, ctx.actor, what);
      if (command.input) validateInput(command.input, input, entity);
      await assertCommandConditions(ctx, entity, command, input);
      // a report's query string arrives as text: typed and checked against its declared parameters first
      const values = command.report
        ? reportParameters(command.report, (input ?? {}) as Record<string, string>)
        : ((input ?? {}) as Record<string, unknown>);
      return ctx.hooks.command[command.hook!](ctx, entity, values);
    }
  }
}

const requiredSchemas = new WeakMap<object, Record<string, unknown>>();
/** The JSON Schema of the values a transition requires, from the fields' declared schemas. */
function requiredValuesSchema(
  entity: EntityDef,
  t: NonNullable<EntityDef['workflow']>['transitions'][number],
): Record<string, unknown> {
  let schema = requiredSchemas.get(t);
  if (!schema) {
    const properties = Object.fromEntries((t.requires ?? []).map((f) => [f, entity.field.get(f)!.schema]));
    requiredSchemas.set(t, (schema = { type: 'object', properties }));
  }
  return schema;
}

/** The read-only fields a command names for the stored file's name, size, type and checksum. */
function fileInfoValues(command: CommandDef, stored: StoredFileInfo): Row {
  const { name, size, mimeType, sha256 } = command.fileInfo;
  return {
    ...(name && { [name]: stored.name }),
    ...(size && { [size]: stored.size }),
    ...(mimeType && { [mimeType]: stored.mimeType }),
    ...(sha256 && { [sha256]: stored.sha256 }),
  };
}

/** The text fields of a multipart form as the record's values: numbers, whole numbers and true/false by their field's type; an empty field is left out. */
function formValues(entity: EntityDef, form: Record<string, string>): Row {
  const out: Row = {};
  for (const [k, v] of Object.entries(form)) {
    if (v === '') continue;
    const type = entity.field.get(k)?.type;
    if ((type === 'integer' && /^-?\d+$/.test(v)) || (type === 'number' && v.trim() !== '' && !Number.isNaN(Number(v))))
      out[k] = Number(v);
    else if (type === 'boolean' && (v === 'true' || v === 'false')) out[k] = v === 'true';
    else out[k] = v;
  }
  return out;
}

/**
 * A workflow transition: the state must be one it starts from and its conditions (`when`) must hold; it sets the state
 * with what it stamps and sets, runs its hook, writes the audit entry and queues its notices, in one transaction.
 */
export async function runTransition(ctx: CallContext, entity: EntityDef, action: string, input: unknown): Promise<Row> {
  const wf = entity.workflow!;
  const t = wf.transitions.find((x) => x.action === action)!;
  const roles = (t.access ?? entity.access.update) as Role[];
  const what = attempt(entity, action);
  assertAllowed(ctx.registry, entity, roles, ctx.actor, what);
  const body = (input ?? {}) as Row;
  // the record first: another company's or an unknown record is not found, and one the caller may not act on refused,
  // whatever the values sent with it
  const before = await fetchOne(ctx, entity, body.id, true);
  await assertRecordAllowed(ctx.tx, entity, roles, ctx.actor, before, what);
  const allowed = new Set(['id', 'version', ...(t.requires ?? [])]);
  const extra = Object.keys(body).filter((k) => !allowed.has(k));
  if (extra.length) throw AppError.validation(extra.map((field) => ({ field, message: `is not taken by ${action}` })));
  const missing = (t.requires ?? []).filter(
    (f) => body[f] === undefined || body[f] === null || (typeof body[f] === 'string' && !body[f].trim()),
  );
  if (missing.length)
    throw AppError.validation(missing.map((field) => fieldProblem(entity, field, 'validation.required')));
  // what a transition takes is checked against the fields' own schemas (a reason's type and length), its texts trimmed
  const given: Row = Object.fromEntries((t.requires ?? []).map((f) => [f, body[f]]));
  if (t.requires?.length) validateInput(requiredValuesSchema(entity, t), given, entity);
  if (body.version !== undefined && body.version !== before.version) throw staleVersion(entity);
  const state = before[wf.stateField] as string;
  if (!t.from.includes(state))
    throw AppError.worded(
      'invalid_state',
      text('refusal.workflow.notOpen', {
        action: actionLabel(action),
        entity: entityLabel(entity),
        state: optionLabel(state),
        states: optionsOr(t.from),
      }),
    );
  // the conditions judge the record as the transition would leave it with what it takes (a reason given now)
  const [unmet] = await unmetConditions(ctx, entity, t, [{ ...before, ...given }]);
  if (unmet) throw AppError.worded('invalid_state', unmet);
  const changes: Row = { ...effectChanges(ctx, entity, t), [wf.stateField]: t.to };
  for (const f of t.requires ?? []) changes[f] = given[f];
  // an administrator taking a step the record names someone for (its approver) acts in place of them, on the record
  const own = recordRolesOf(roles);
  const named = namedOtherThan(roles, ctx.actor, before, entity.owner);
  const other =
    named && !recordAdmits(own, ctx.actor, entity, before, await loadReach(ctx.tx, ctx.actor, entity, own))
      ? named
      : undefined;
  const inPlaceOf = other && {
    ...other,
    name: (await employeeNames(ctx, [other.employeeId])).get(other.employeeId) ?? `#${other.employeeId}`,
  };
  const after = await applyUpdate(ctx, entity, before, changes, action, { inPlaceOf, transition: true });
  if (t.hook) await ctx.hooks.transition[t.hook](ctx, entity, after, action);
  await sendNotices(ctx, entity, t, after);
  return after;
}
