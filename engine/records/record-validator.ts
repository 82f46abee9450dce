import type { ErrorObject, ValidateFunction } from 'ajv';
import { AppError, type FieldError } from '../app-error.ts';
import { wordIn } from '../i18n/catalogue.ts';
import { atPath, fieldLabel, problemText, readableName, text, type Text, type TextParam } from '../i18n/text.ts';
import type { EntityDef, JsonSchema } from '../metadata/registry.ts';
import { createAjv } from '../metadata/schema-validator.ts';
import { requiringText, trimText } from './text-input.ts';

const ajv = createAjv();
type Mode = 'add' | 'update';
const cache = new WeakMap<EntityDef, Record<Mode, { validate: ValidateFunction; schema: JsonSchema }>>();

/**
 * The validation schemas of a record, derived from its declared schema: read-only and computed fields are
 * left out (so sending one is refused), optional fields may be null (to clear them), a required text needs a
 * character (after trimming), update needs id and version and accepts any subset of the fields.
 */
export function recordSchema(entity: EntityDef, mode: Mode, stateField?: string): JsonSchema {
  const writable = entity.fields.filter((f) => !f.readOnly && f.name !== stateField);
  const properties: Record<string, JsonSchema> = {};
  for (const f of writable)
    properties[f.name] = f.required ? requiringText(storable(f.schema)) : nullable(storable(f.schema));
  if (mode === 'update') {
    properties.id = { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER };
    properties.version = { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER };
  }
  const required = mode === 'add' ? writable.filter((f) => f.required).map((f) => f.name) : ['id', 'version'];
  return { type: 'object', additionalProperties: false, required, properties };
}

/**
 * Bounds that storage implies where the field declares none, so that ajv refuses a value naming its field instead of
 * the database failing on it: integers (bigint, and exact in JavaScript) within ±2^53, numbers finite (a number too
 * big for a double arrives as Infinity).
 */
function storable(s: JsonSchema): JsonSchema {
  const bound = s.type === 'integer' ? Number.MAX_SAFE_INTEGER : s.type === 'number' ? Number.MAX_VALUE : undefined;
  if (bound === undefined) return s;
  return { ...s, minimum: s.minimum ?? -bound, maximum: s.maximum ?? bound };
}

/** The first string inside a value that holds the NUL character (PostgreSQL text cannot), as a path; null when none does. */
function nulPath(v: unknown, path: string): string | null {
  if (typeof v === 'string') return v.includes('\u0000') ? path : null;
  if (Array.isArray(v)) {
    for (const [i, x] of v.entries()) {
      const p = nulPath(x, path ? `${path}.${i}` : String(i));
      if (p) return p;
    }
  } else if (v && typeof v === 'object') {
    for (const [k, x] of Object.entries(v)) {
      const p = nulPath(x, path ? `${path}.${k}` : k);
      if (p) return p;
    }
  }
  return null;
}

/** Refuses the NUL character anywhere in a body, naming where (the database would refuse it without saying which field). */
export function assertNoNul(
  input: unknown,
  pathPrefix = '',
  entity: EntityDef | null = null,
  schema?: JsonSchema,
): void {
  const at = nulPath(input, '');
  if (at) throw AppError.validation([fieldProblem(entity, pathPrefix + at, 'validation.nul', {}, schema, pathPrefix)]);
}

function nullable(s: JsonSchema): JsonSchema {
  const out: JsonSchema = { ...s, type: [s.type as string, 'null'] };
  if (Array.isArray(s.enum)) out.enum = [...(s.enum as unknown[]), null];
  return out;
}

function validatorFor(entity: EntityDef, mode: Mode): { validate: ValidateFunction; schema: JsonSchema } {
  let v = cache.get(entity);
  if (!v) {
    const state = entity.workflow?.stateField;
    const add = recordSchema(entity, 'add', state);
    const update = recordSchema(entity, 'update', state);
    v = { add: { validate: ajv.compile(add), schema: add }, update: { validate: ajv.compile(update), schema: update } };
    cache.set(entity, v);
  }
  return v[mode];
}

/**
 * Trims the record's texts (in place: the body is the call's own) and throws a 422 that lists every problem by field,
 * each named by its label ("Company name is required"); a read-only field gets its own message.
 */
export function validateRecord(
  entity: EntityDef,
  mode: Mode,
  input: unknown,
  pathPrefix = '',
): asserts input is Record<string, unknown> {
  if (typeof input !== 'object' || input === null || Array.isArray(input))
    throw new AppError('bad_request', `The body must be a JSON object with the fields of ${entity.name}`);
  const { validate, schema } = validatorFor(entity, mode);
  trimText(input, schema);
  if (validate(input)) return assertNoNul(input, pathPrefix, entity, schema);
  throw AppError.validation(fieldErrors(entity, validate.errors ?? [], pathPrefix, schema));
}

const isIndex = (s: string) => /^\d+$/.test(s);

/** The schema of the value at a path inside `schema` (properties by name, items by position). */
function schemaAt(schema: JsonSchema | undefined, path: readonly string[]): JsonSchema | undefined {
  let at = schema;
  for (const p of path)
    at = (isIndex(p) ? at?.items : (at?.properties as Record<string, JsonSchema> | undefined)?.[p]) as
      | JsonSchema
      | undefined;
  return at;
}

/**
 * How a field at a path is named to a person: the title its schema gives (an i18n key such as field.companyName),
 * the entity field's title at the top of a record, else its `field.<name>` text (field.selfScore), else its name
 * made readable. `prefix`: the segments before the record (a bulk add's `items.3`), named by their own texts.
 */
function labels(entity: EntityDef | null, schema: JsonSchema | undefined, prefix: readonly string[] = []) {
  return (name: string, parents: readonly string[]): TextParam => {
    if (parents.length < prefix.length) return fieldLabel(name);
    const inRecord = parents.slice(prefix.length);
    const title =
      schemaAt(schema, [...inRecord, name])?.title ??
      (inRecord.length === 0 ? entity?.field.get(name)?.schema.title : undefined);
    return typeof title === 'string' ? text(title, undefined, readableName(name)) : fieldLabel(name);
  };
}

const splitPath = (path: string): string[] => (path ? path.split('.') : []);

/**
 * A refused field, named by its label and worded in the caller's language: the way for the engine and for hooks to
 * refuse a value. `path` is the field's JSON path in the body (`selfScore`, `scores.1.selfScore`); `key` a text of
 * metadata/i18n whose {{field}} placeholder takes the label (`validation.between`: "{{field}} must be between {{min}}
 * and {{max}}"); `params` its other placeholders (a number, words, or another text). Entries of lists are named by
 * their position ("Score 2: …", from field.scores.item, else "Entry 2 of Scores: …").
 *
 *   throw AppError.validation([fieldProblem(entity, `scores.${i}.selfScore`, 'validation.between', { min: 0, max: 5 })]);
 *   // en "Score 2: Self score must be between 0 and 5", de "Bewertung 2: Selbstbewertung muss zwischen 0 und 5 liegen"
 *
 * `schema` (optional) is the body's schema, whose titles name nested fields; `pathPrefix` the part of the path before
 * the record (a bulk add's `items.3.`).
 */
export function fieldProblem(
  entity: EntityDef | null,
  path: string,
  key: string | readonly string[],
  params: Record<string, TextParam> = {},
  schema?: JsonSchema,
  pathPrefix = '',
): FieldError {
  const segments = splitPath(path);
  const t = atPath(
    segments,
    labels(entity, schema ?? entity?.schema, splitPath(pathPrefix.replace(/\.$/, ''))),
    (field) => text(key, { ...params, field }),
  );
  return { field: path, message: wordIn('en', t), text: t };
}

/** A field problem from a text already made (a rule's, a uniqueness conflict's): `message` is its English wording. */
export const wordedProblem = (field: string, t: Text): FieldError => ({ field, message: wordIn('en', t), text: t });

/**
 * A reference that names no record (none of the call's company): "Compliance activity refers to a record that does
 * not exist". The field is named by the referring entity's label for it when given, else by the referred entity's.
 */
export function noSuchRecord(field: string, referred: EntityDef, referring: EntityDef | null = null): FieldError {
  const label = referring?.field.has(field)
    ? labelOf(referring, field)
    : text(referred.label, undefined, readableName(field));
  return wordedProblem(field, text('validation.noSuchRecord', { field: label }));
}

/** The label of an entity's field, as a text: its schema's title, else its name made readable. */
export function labelOf(entity: EntityDef, name: string): TextParam {
  return labels(entity, entity.schema)(name, []);
}

/** An entity's name inside a sentence ("Another QA member …"), in the caller's language. */
export const entityLabel = (entity: EntityDef): TextParam => ({
  list: [text(entity.label, undefined, readableName(entity.camelName))],
  join: 'and',
  midSentence: true,
});

export function fieldErrors(
  entity: EntityDef | null,
  errors: readonly ErrorObject[],
  pathPrefix = '',
  schema?: JsonSchema,
): FieldError[] {
  const seen = new Set<string>();
  const out: FieldError[] = [];
  const prefix = splitPath(pathPrefix.replace(/\.$/, ''));
  const labelOfPath = labels(entity, schema ?? entity?.schema, prefix);
  for (const e of errors) {
    const at = e.instancePath
      .replace(/^\//, '')
      .split('/')
      .filter(Boolean)
      .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
    let path = at;
    let say: (field: TextParam) => Text;
    if (e.keyword === 'required') {
      path = [...at, (e.params as { missingProperty: string }).missingProperty];
      say = (field) => problemText({ keyword: 'required', params: {} }, field);
    } else if (e.keyword === 'additionalProperties') {
      const extra = (e.params as { additionalProperty: string }).additionalProperty;
      path = [...at, extra];
      const f = !at.length ? entity?.field.get(extra) : undefined;
      say = f?.readOnly
        ? (field) => text('validation.readOnly', { field })
        : entity && !at.length
          ? () => text('validation.notAField', { field: extra, entity: entityLabel(entity) })
          : () => text('validation.unknownField', { field: extra });
    } else {
      const parent = schemaAt(schema, at.slice(0, -1));
      const name = at[at.length - 1];
      const required = Boolean(
        (!at.slice(0, -1).length && name && entity?.field.get(name)?.required) ||
          ((parent?.required as string[] | undefined) ?? []).includes(name),
      );
      say = (field) =>
        problemText({ keyword: e.keyword, params: e.params as Record<string, unknown> }, field, required);
    }
    const t = atPath([...prefix, ...path], labelOfPath, say);
    const field = [...prefix, ...path].join('.');
    const message = wordIn('en', t);
    const k = field + '|' + message;
    if (!seen.has(k)) {
      seen.add(k);
      out.push({ field, message, text: t });
    }
  }
  return out;
}

/**
 * Validates a command's payload against its declared input schema, its texts trimmed first (in place). `entity`, the
 * command's, names the fields the payload shares with it.
 */
const inputCache = new WeakMap<JsonSchema, ValidateFunction>();
export function validateInput(
  schema: JsonSchema,
  input: unknown,
  entity: EntityDef | null = null,
): asserts input is Record<string, unknown> {
  let v = inputCache.get(schema);
  if (!v) inputCache.set(schema, (v = ajv.compile(schema)));
  trimText(input, schema);
  if (!v(input)) throw AppError.validation(fieldErrors(entity, v.errors ?? [], '', schema));
  assertNoNul(input, '', entity, schema);
}

/** The entity's rules between fields, on the record as it will be stored; a 422 that names both fields by their labels. */
export function checkRules(entity: EntityDef, record: Record<string, unknown>): void {
  const faults: FieldError[] = [];
  for (const r of entity.rules) {
    const a = record[r.field];
    const b = record[r.notBefore];
    if (a === null || a === undefined || b === null || b === undefined) continue;
    // dates as YYYY-MM-DD or ISO strings compare as text; numbers as numbers
    if ((a as number | string) >= (b as number | string)) continue;
    // numbers are less or more than each other; dates before or after
    const numeric = typeof a === 'number' && typeof b === 'number';
    faults.push(
      r.blame === r.field
        ? wordedProblem(
            r.field,
            text(numeric ? 'validation.notLess' : 'validation.notBefore', {
              field: labelOf(entity, r.field),
              other: labelOf(entity, r.notBefore),
            }),
          )
        : wordedProblem(
            r.blame,
            text(numeric ? 'validation.notMore' : 'validation.notAfter', {
              field: labelOf(entity, r.blame),
              other: labelOf(entity, r.field),
            }),
          ),
    );
  }
  if (faults.length) throw AppError.validation(faults);
}
