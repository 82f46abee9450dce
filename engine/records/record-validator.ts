import type { ErrorObject, ValidateFunction } from 'ajv';
import { AppError, type FieldError } from '../app-error.ts';
import type { EntityDef, JsonSchema } from '../metadata/registry.ts';
import { createAjv } from '../metadata/schema-validator.ts';

const ajv = createAjv();
type Mode = 'add' | 'update';
const cache = new WeakMap<EntityDef, Record<Mode, ValidateFunction>>();

/**
 * The validation schemas of a record, derived from its declared schema: read-only and computed fields are
 * left out (so sending one is refused), optional fields may be null (to clear them), update needs id and version
 * and accepts any subset of the fields.
 */
export function recordSchema(entity: EntityDef, mode: Mode, stateField?: string): JsonSchema {
  const writable = entity.fields.filter((f) => !f.readOnly && f.name !== stateField);
  const properties: Record<string, JsonSchema> = {};
  for (const f of writable) properties[f.name] = f.required ? storable(f.schema) : nullable(storable(f.schema));
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
export function assertNoNul(input: unknown, pathPrefix = ''): void {
  const at = nulPath(input, '');
  if (at) throw AppError.validation([{ field: pathPrefix + at, message: 'must not contain the NUL character (\\u0000)' }]);
}

function nullable(s: JsonSchema): JsonSchema {
  const out: JsonSchema = { ...s, type: [s.type as string, 'null'] };
  if (Array.isArray(s.enum)) out.enum = [...(s.enum as unknown[]), null];
  return out;
}

function validatorFor(entity: EntityDef, mode: Mode): ValidateFunction {
  let v = cache.get(entity);
  if (!v) {
    const state = entity.workflow?.stateField;
    v = { add: ajv.compile(recordSchema(entity, 'add', state)), update: ajv.compile(recordSchema(entity, 'update', state)) };
    cache.set(entity, v);
  }
  return v[mode];
}

/** Throws a 422 that lists every problem by field; a read-only field gets its own message. */
export function validateRecord(entity: EntityDef, mode: Mode, input: unknown, pathPrefix = ''): asserts input is Record<string, unknown> {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) throw new AppError('bad_request', `The body must be a JSON object with the fields of ${entity.name}`);
  const validate = validatorFor(entity, mode);
  if (validate(input)) return assertNoNul(input, pathPrefix);
  throw AppError.validation(fieldErrors(entity, validate.errors ?? [], pathPrefix));
}

export function fieldErrors(entity: EntityDef | null, errors: readonly ErrorObject[], pathPrefix = ''): FieldError[] {
  const seen = new Set<string>();
  const out: FieldError[] = [];
  for (const e of errors) {
    let field = e.instancePath.replace(/^\//, '').replace(/\//g, '.');
    let message = e.message ?? e.keyword;
    if (e.keyword === 'required') {
      field = [field, (e.params as { missingProperty: string }).missingProperty].filter(Boolean).join('.');
      message = 'is required';
    } else if (e.keyword === 'additionalProperties') {
      const extra = (e.params as { additionalProperty: string }).additionalProperty;
      field = [field, extra].filter(Boolean).join('.');
      const f = entity?.field.get(extra);
      message = f?.readOnly ? 'is read-only' : entity && !e.instancePath ? `is not a field of ${entity.name}` : 'is not a known field';
    } else if (e.keyword === 'enum') {
      message = `must be one of ${(e.params as { allowedValues: unknown[] }).allowedValues.filter((v) => v !== null).join(', ')}`;
    } else if (e.keyword === 'type') {
      message = `must be ${String((e.params as { type: string | string[] }).type).replace(',null', '')}`;
    }
    field = pathPrefix + field;
    const k = field + '|' + message;
    if (!seen.has(k)) {
      seen.add(k);
      out.push({ field, message });
    }
  }
  return out;
}

/** Validates a command's payload against its declared input schema. */
const inputCache = new WeakMap<JsonSchema, ValidateFunction>();
export function validateInput(schema: JsonSchema, input: unknown): asserts input is Record<string, unknown> {
  let v = inputCache.get(schema);
  if (!v) inputCache.set(schema, (v = ajv.compile(schema)));
  if (!v(input)) throw AppError.validation(fieldErrors(null, v.errors ?? []));
  assertNoNul(input);
}

/** The entity's rules between fields, on the record as it will be stored; a 422 that names the field. */
export function checkRules(entity: EntityDef, record: Record<string, unknown>): void {
  const faults: FieldError[] = [];
  for (const r of entity.rules) {
    const a = record[r.field];
    const b = record[r.notBefore];
    if (a === null || a === undefined || b === null || b === undefined) continue;
    // dates as YYYY-MM-DD or ISO strings compare as text; numbers as numbers
    if ((a as number | string) >= (b as number | string)) continue;
    faults.push(r.blame === r.field ? { field: r.field, message: `must not be before ${r.notBefore} (${String(b)})` } : { field: r.blame, message: `must not be after ${r.field} (${String(a)})` });
  }
  if (faults.length) throw AppError.validation(faults);
}
