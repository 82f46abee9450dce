/**
 * Text as it is written: leading and trailing whitespace removed, and a required text that is empty after that refused
 * ("Company name is required"). Shared by the engine (every record and command input, before validation) and the
 * forms (the same verdicts before sending). Whitespace is kept where it is part of the value: passwords, secrets and
 * write-only fields, and rich text (`x-html`).
 */
type Schema = Record<string, unknown>;

const typeOf = (s: Schema | undefined): string[] => (s ? ([] as unknown[]).concat(s.type ?? []).map(String) : []);

/** A string field whose whitespace is part of the value. */
export function keepsWhitespace(schema: Schema | undefined, name = ''): boolean {
  if (!schema) return true;
  return (
    Boolean(schema.writeOnly || schema['x-html'] || schema['x-encrypted'] || schema.format === 'password') ||
    /password|secret/i.test(name)
  );
}

/**
 * Trims, in place, every string the schema declares as a string (in objects' properties and arrays' items), except
 * where whitespace matters; returns the value (a string is returned trimmed). Values the schema does not describe are
 * left as they are (they are refused by name, or free-form).
 */
export function trimText(value: unknown, schema: Schema | undefined, name = ''): unknown {
  if (typeof value === 'string')
    return typeOf(schema).includes('string') && !keepsWhitespace(schema, name) ? value.trim() : value;
  if (Array.isArray(value)) {
    const items = schema?.items as Schema | undefined;
    if (!items || keepsWhitespace(schema, name)) return value;
    for (let i = 0; i < value.length; i++) value[i] = trimText(value[i], items, name);
    return value;
  }
  if (value && typeof value === 'object') {
    const props = schema?.properties as Record<string, Schema> | undefined;
    if (!props) return value;
    const record = value as Record<string, unknown>;
    for (const k of Object.keys(record)) {
      if (!Object.hasOwn(props, k)) continue;
      const v = record[k];
      if (typeof v === 'string') {
        const trimmed = trimText(v, props[k], k);
        if (trimmed !== v) record[k] = trimmed;
      } else if (v && typeof v === 'object') trimText(v, props[k], k);
    }
  }
  return value;
}

/** A required plain text field needs a character (after trimming): its schema with `minLength` at least 1. Enums and formats say so already. */
export function requiringText(schema: Schema): Schema {
  if (!typeOf(schema).includes('string') || schema.enum || schema.format || keepsWhitespace(schema)) return schema;
  return ((schema.minLength as number | undefined) ?? 0) >= 1 ? schema : { ...schema, minLength: 1 };
}

/** An object schema whose required plain text properties need a character (the forms' schemas, as the server holds them). */
export function requiringTextIn(schema: Schema): Schema {
  const props = schema.properties as Record<string, Schema> | undefined;
  const required = (schema.required as string[] | undefined) ?? [];
  if (!props || !required.length) return schema;
  return {
    ...schema,
    properties: Object.fromEntries(
      Object.entries(props).map(([k, s]) => [k, required.includes(k) ? requiringText(s) : s]),
    ),
  };
}
