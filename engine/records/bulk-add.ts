import { assertAllowed, assertRecordAllowed, attempt } from '../access/access-policy.ts';
import { AppError, type FieldError } from '../app-error.ts';
import type { Row } from '../db/db.ts';
import type { CommandDef, EntityDef, FieldDef } from '../metadata/registry.ts';
import { humanize } from '../metadata/naming.ts';
import { fieldLabel, itemText, text } from '../i18n/text.ts';
import type { CallContext } from './call-context.ts';
import { addRecord } from './record-store.ts';
import { validateRecord } from './record-validator.ts';
import { RolledBack } from './rolled-back.ts';

export const MAX_BULK = 5000;

/** A reference an item names by a unique field of the referenced record (`"supervisorId": {"email": "…"}`). */
interface Lookup {
  field: string;
  value: string;
  /** the earlier item it names (a reference to the entity itself), resolved to its id once that item is added */
  item?: number;
}

/** An e-mail address is the same in any case (sign-ins are compared so); other values as stored. */
const normalised = (f: FieldDef | undefined, v: unknown): string =>
  f?.format === 'email' && typeof v === 'string' ? v.toLowerCase() : JSON.stringify(v);
const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * A bulkAdd command: every item checked before any is written, then all added in one transaction (all or none).
 * The check finds every problem of every item at once, each named `items.<index>.<field>`: the schema, a unique value
 * an earlier item repeats or a stored record already has, a reference to a record that does not exist, a reference
 * looked up by a unique field (the command's `lookups`) that finds nothing. A failure while writing (a rule of a hook)
 * still names its item. `"dryRun": true` runs the very same import, writes included, and rolls it back: the reply is
 * the records it would add (without ids), or the same refusal the import would give.
 */
export async function runBulkAdd(
  ctx: CallContext,
  entity: EntityDef,
  command: CommandDef,
  input: unknown,
): Promise<Row[]> {
  const what = attempt(entity, command.name);
  assertAllowed(ctx.registry, entity, command.access, ctx.actor, what);
  const body = Array.isArray(input) ? { items: input } : ((input ?? {}) as Row);
  const items = body.items;
  if (!Array.isArray(items) || items.length === 0)
    throw new AppError('bad_request', 'Send the records to add as a non-empty list in "items"');
  if (items.length > MAX_BULK)
    throw new AppError('payload_too_large', `At most ${MAX_BULK} records can be added at once; got ${items.length}`);
  const extra = Object.keys(body).filter((k) => k !== 'items' && k !== 'dryRun');
  if (extra.length)
    throw AppError.validation(
      extra.map((field) => ({
        field,
        message: 'is not taken by a bulk add (send "items" and, to check only, "dryRun")',
      })),
    );
  if (body.dryRun !== undefined && typeof body.dryRun !== 'boolean')
    throw AppError.validation([{ field: 'dryRun', message: 'must be true or false' }]);

  const faults: FieldError[] = [];
  // lookups taken out of the items first: the rest is the entity's own record, validated as such
  const lookups = new Map<number, Lookup[]>();
  const records = items.map((item, i) => {
    if (!isPlainObject(item)) return item;
    const record = { ...item };
    for (const [field, key] of Object.entries(command.lookups)) {
      const v = record[field];
      if (!isPlainObject(v)) continue;
      delete record[field];
      const keys = Object.keys(v);
      if (keys.length !== 1 || keys[0] !== key || typeof v[key] !== 'string' || !v[key])
        faults.push({
          field: `items.${i}.${field}`,
          message: `must be an id, or {"${key}": "…"} naming the record by its ${key}`,
        });
      else lookups.set(i, [...(lookups.get(i) ?? []), { field, value: v[key] as string }]);
    }
    return record;
  });
  records.forEach((record, i) => {
    try {
      validateRecord(entity, 'add', record, `items.${i}.`);
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
      faults.push(...(e.fieldErrors.length ? e.fieldErrors : [{ field: `items.${i}`, message: e.message }]));
    }
  });
  const valid = (i: number) => isPlainObject(records[i]);
  faults.push(...uniqueWithinList(entity, records), ...(await uniqueAgainstStored(ctx, entity, records)));
  faults.push(
    ...(await referencesFound(ctx, entity, records)),
    ...(await resolveLookups(ctx, entity, command, records, lookups)),
  );
  for (const [i, record] of records.entries())
    if (valid(i)) await assertRecordAllowed(ctx.tx, entity, command.access, ctx.actor, record as Row, what);
  if (faults.length) throw AppError.validation(faults.sort((a, b) => itemIndex(a) - itemIndex(b)));

  const added: Row[] = [];
  for (const [i, record] of (records as Row[]).entries()) {
    for (const l of lookups.get(i) ?? []) if (l.item !== undefined) record[l.field] = added[l.item]!.id;
    try {
      added.push(await addRecord(ctx, entity, record, { checked: true }));
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
      // the failure of one item names it, whatever checked it (a hook, a constraint)
      const named: FieldError[] = e.fieldErrors.length
        ? e.fieldErrors.map((f) => ({
            field: `items.${i}.${f.field}`,
            message: f.message,
            ...(f.text && { text: f.text }),
          }))
        : [{ field: `items.${i}`, message: e.message, ...(e.text && { text: e.text }) }];
      // the refusal in the caller's language names the item ("Item 4: …")
      const said =
        e.text && text('validation.inItem', { item: itemText('items', i, fieldLabel('items')), message: e.text });
      if (!said && e.code === 'validation_failed') throw AppError.validation(named);
      throw new AppError(e.code, named.map((f) => `${f.field}: ${f.message}`).join('; '), named, {}, said);
    }
  }
  if (body.dryRun) throw new RolledBack(added.map(({ id: _id, version: _version, ...rest }) => rest));
  return added;
}

const itemIndex = (f: FieldError) => Number(/^items\.(\d+)/.exec(f.field)?.[1] ?? -1);

/** Items that repeat a unique value (or combination) of an earlier item: the earlier one is named. */
function uniqueWithinList(entity: EntityDef, records: readonly unknown[]): FieldError[] {
  const faults: FieldError[] = [];
  for (const fields of entity.unique) {
    const seen = new Map<string, number>();
    records.forEach((r, i) => {
      if (!isPlainObject(r) || fields.some((f) => r[f] === undefined || r[f] === null)) return;
      const key = fields.map((f) => normalised(entity.field.get(f), r[f])).join('\u0000');
      const first = seen.get(key);
      if (first === undefined) seen.set(key, i);
      else faults.push({ field: `items.${i}.${fields[fields.length - 1]}`, message: `is the same as item ${first}'s` });
    });
  }
  return faults;
}

/** Items whose unique value (or combination) a stored record of the company already has: one query per unique set. */
async function uniqueAgainstStored(
  ctx: CallContext,
  entity: EntityDef,
  records: readonly unknown[],
): Promise<FieldError[]> {
  const faults: FieldError[] = [];
  for (const fields of entity.unique) {
    const defs = fields.map((f) => entity.field.get(f)!);
    const given = records.flatMap((r, i) =>
      isPlainObject(r) && fields.every((f) => r[f] !== undefined && r[f] !== null) ? [{ i, r }] : [],
    );
    if (!given.length) continue;
    // the first field narrows the rows read (its column is indexed as the set's first); the rest is compared here
    const first = defs[0]!;
    const email = first.format === 'email';
    const column = email ? `lower(${quote(first.column)})` : quote(first.column);
    const values = [...new Set(given.map(({ r }) => (email ? String(r[first.name]).toLowerCase() : r[first.name])))];
    const scope = entity.scope === 'company' ? `company_id = $2 AND ` : '';
    const stored = await ctx.tx.query<Row>(
      `SELECT ${defs.map((d) => `${quote(d.column)} AS ${quote(d.name)}`).join(', ')} FROM ${quote(entity.table)} WHERE ${scope}${column} = ANY($1)`,
      entity.scope === 'company' ? [values, ctx.companyId] : [values],
    );
    const taken = new Set(stored.map((s) => defs.map((d) => normalised(d, s[d.name])).join('\u0000')));
    for (const { i, r } of given)
      if (taken.has(defs.map((d) => normalised(d, r[d.name])).join('\u0000')))
        faults.push({
          field: `items.${i}.${fields[fields.length - 1]}`,
          message:
            fields.length === 1
              ? 'is already taken'
              : `is already taken together with ${fields.slice(0, -1).join(', ')}`,
        });
  }
  return faults;
}

/** References by id to records that do not exist (or are another company's): one query per reference field. */
async function referencesFound(
  ctx: CallContext,
  entity: EntityDef,
  records: readonly unknown[],
): Promise<FieldError[]> {
  const faults: FieldError[] = [];
  for (const f of entity.fields) {
    if (!f.ref || f.computed) continue;
    const ids = [
      ...new Set(
        records.flatMap((r) => (isPlainObject(r) && Number.isInteger(r[f.name]) ? [r[f.name] as number] : [])),
      ),
    ];
    if (!ids.length) continue;
    const target = ctx.registry.entity(f.ref);
    const scope = target.scope === 'company' ? ` AND company_id = $2` : '';
    const found = new Set(
      (
        await ctx.tx.query<{ id: number }>(
          `SELECT id FROM ${quote(target.table)} WHERE id = ANY($1)${scope}`,
          target.scope === 'company' ? [ids, ctx.companyId] : [ids],
        )
      ).map((r) => Number(r.id)),
    );
    records.forEach((r, i) => {
      if (isPlainObject(r) && Number.isInteger(r[f.name]) && !found.has(r[f.name] as number))
        faults.push({ field: `items.${i}.${f.name}`, message: `no ${humanize(f.ref!)} with that id` });
    });
  }
  return faults;
}

/**
 * The references items name by a unique field: a stored record of the company (one query per field), else, for a
 * reference to the entity itself, an earlier item with that value (added first, so its id is known in time).
 */
async function resolveLookups(
  ctx: CallContext,
  entity: EntityDef,
  command: CommandDef,
  records: unknown[],
  lookups: Map<number, Lookup[]>,
): Promise<FieldError[]> {
  const faults: FieldError[] = [];
  for (const [field, key] of Object.entries(command.lookups)) {
    const wanted = [...lookups.entries()].flatMap(([i, ls]) =>
      ls.filter((l) => l.field === field).map((l) => ({ i, l })),
    );
    if (!wanted.length) continue;
    const target = ctx.registry.entity(entity.field.get(field)!.ref!);
    const keyField = target.field.get(key)!;
    const norm = (v: unknown) => normalised(keyField, v);
    // earlier items of the same list, by their value of the key
    const earlier = new Map<string, number>();
    if (target.name === entity.name)
      records.forEach((r, i) => {
        if (isPlainObject(r) && r[key] !== undefined && r[key] !== null && !earlier.has(norm(r[key])))
          earlier.set(norm(r[key]), i);
      });
    const email = keyField.format === 'email';
    const column = email ? `lower(${quote(keyField.column)})` : quote(keyField.column);
    const values = [...new Set(wanted.map(({ l }) => (email ? l.value.toLowerCase() : l.value)))];
    const scope = target.scope === 'company' ? ` AND company_id = $2` : '';
    const stored = new Map(
      (
        await ctx.tx.query<{ id: number; key: unknown }>(
          `SELECT id, ${quote(keyField.column)} AS key FROM ${quote(target.table)} WHERE ${column} = ANY($1)${scope}`,
          target.scope === 'company' ? [values, ctx.companyId] : [values],
        )
      ).map((r) => [norm(r.key), Number(r.id)]),
    );
    for (const { i, l } of wanted) {
      const k = norm(l.value);
      const item = earlier.get(k);
      const record = records[i] as Row;
      if (item !== undefined && item < i) l.item = item;
      else if (item === i)
        faults.push({ field: `items.${i}.${field}`, message: `names this item itself (${key} ${l.value})` });
      else if (stored.has(k)) record[field] = stored.get(k);
      else if (item !== undefined)
        faults.push({
          field: `items.${i}.${field}`,
          message: `names item ${item} (${key} ${l.value}), which comes later: list it first`,
        });
      else
        faults.push({ field: `items.${i}.${field}`, message: `no ${humanize(target.name)} has the ${key} ${l.value}` });
    }
  }
  return faults;
}
