import type { JsonSchema } from '../metadata/registry.ts';

/**
 * The few shapes the reply schemas are written in, so that a contract reads like the reply it describes:
 * `object({ id: integer, name: text }, ['name'])` is an object with exactly these keys, all of them always there
 * unless `optional` names them.
 */

export const ref = (component: string): JsonSchema => ({ $ref: `#/components/schemas/${component}` });

/** Always there, maybe null: a column that may be empty, a value a query may not find. */
export function orNull(s: JsonSchema): JsonSchema {
  if (s.$ref || s.oneOf || s.anyOf || s.allOf || s.type === undefined) return { oneOf: [s, { type: 'null' }] };
  const types = Array.isArray(s.type) ? (s.type as string[]) : [s.type as string];
  const out: JsonSchema = { ...s, type: types.includes('null') ? types : [...types, 'null'] };
  if (Array.isArray(s.enum) && !s.enum.includes(null)) out.enum = [...s.enum, null];
  return out;
}

/** An object with exactly these properties; every one is always sent except those named in `optional`. */
export function object(properties: Record<string, JsonSchema>, optional: readonly string[] = []): JsonSchema {
  const required = Object.keys(properties).filter((k) => !optional.includes(k));
  return { type: 'object', additionalProperties: false, ...(required.length && { required }), properties };
}

export const listOf = (items: JsonSchema): JsonSchema => ({ type: 'array', items });

export const text: JsonSchema = { type: 'string' };
export const integer: JsonSchema = { type: 'integer' };
export const number: JsonSchema = { type: 'number' };
export const boolean: JsonSchema = { type: 'boolean' };
export const date: JsonSchema = { type: 'string', format: 'date' };
export const dateTime: JsonSchema = { type: 'string', format: 'date-time' };
export const yesNo: JsonSchema = { enum: ['Yes', 'No'] };
export const oneOfValues = (...values: (string | number)[]): JsonSchema => ({ enum: values });

/** A page of rows as the paged reports and hook lists send it: the rows, how many there are, and the page asked for. */
export const page = (row: JsonSchema): JsonSchema =>
  object({ list: listOf(row), total: integer, limit: integer, offset: integer });
