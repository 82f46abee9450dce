import { Validator, type OutputUnit, type Schema } from '@cfworker/json-schema';
import {
  createErrorHandler,
  getDefaultFormState,
  toErrorSchema,
  unwrapErrorHandler,
  validationDataMerge,
  type CustomValidator,
  type ErrorTransformer,
  type RJSFSchema,
  type RJSFValidationError,
  type UiSchema,
  type ValidationData,
  type ValidatorType,
} from '@rjsf/utils';
import { atPath, fieldLabel, problemText, type Text, type TextParam } from '../../../engine/i18n/text.ts';
import { requiringTextIn, trimText } from '../../../engine/records/text-input.ts';
import { adoptServerFormats } from './server-formats.ts';

adoptServerFormats();

/** What a failed check says, before it is put into words: the JSON Schema keyword and what the schema asked for. */
export interface ValidationProblem {
  keyword: string;
  /** the schema's value for the keyword: a length, a bound, a format name, the allowed values, the missing property */
  params: Record<string, unknown>;
}
/** Puts a problem's text (engine/i18n/text.ts, the server's wording) into words of the user's language. */
export type DescribeProblem = (problem: Text) => string;

/** Keywords that judge a value themselves; the others (properties, items, allOf, …) only report that a part failed. */
const JUDGING_KEYWORDS = new Set([
  'type',
  'required',
  'enum',
  'const',
  'format',
  'pattern',
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minItems',
  'maxItems',
  'uniqueItems',
  'minProperties',
  'maxProperties',
  'additionalProperties',
  'dependentRequired',
  'anyOf',
  'oneOf',
  'not',
]);

/**
 * react-jsonschema-form's validator over an interpreting JSON Schema validator (@cfworker/json-schema): no code is
 * generated, so the forms run under a Content-Security-Policy without 'unsafe-eval' (ajv, rjsf's own validator,
 * compiles every schema with Function()). The data is judged as the server will judge it: texts trimmed (except
 * passwords, secrets and rich text), a required text empty after trimming missing. Problems come back in rjsf's shape,
 * each a sentence naming the field by its title ("Company name is required"), worded as the server words it
 * (engine/i18n/text.ts) by `describe` in the user's language, and placed on its field.
 */
export class SchemaValidator implements ValidatorType<Record<string, unknown>, RJSFSchema> {
  private readonly compiled = new WeakMap<object, { validator: Validator; schema: RJSFSchema }>();

  constructor(private readonly describe: DescribeProblem) {}

  validateFormData(
    formData: Record<string, unknown> | undefined,
    schema: RJSFSchema,
    customValidate?: CustomValidator<Record<string, unknown>, RJSFSchema>,
    transformErrors?: ErrorTransformer<Record<string, unknown>, RJSFSchema>,
    uiSchema?: UiSchema<Record<string, unknown>, RJSFSchema>,
  ): ValidationData<Record<string, unknown>> {
    let errors = this.problems(schema, formData);
    if (transformErrors) errors = transformErrors(errors, uiSchema);
    const errorSchema = toErrorSchema<Record<string, unknown>>(errors);
    if (!customValidate) return { errors, errorSchema };
    const full = getDefaultFormState(this, schema, formData, schema, true) as Record<string, unknown>;
    const handler = customValidate(full, createErrorHandler(full), uiSchema, errorSchema);
    return validationDataMerge({ errors, errorSchema }, unwrapErrorHandler(handler));
  }

  isValid(schema: RJSFSchema, formData: Record<string, unknown> | undefined, rootSchema: RJSFSchema): boolean {
    const { validator, schema: judged } = this.validatorFor(schema, rootSchema);
    return validator.validate(asSent(formData, judged)).valid;
  }

  rawValidation<Result = OutputUnit>(
    schema: RJSFSchema,
    formData?: Record<string, unknown>,
  ): { errors?: Result[]; validationError?: Error } {
    try {
      const { validator, schema: judged } = this.validatorFor(schema, schema);
      const { errors } = validator.validate(asSent(formData, judged));
      return { errors: errors as Result[] };
    } catch (e) {
      return { validationError: e as Error };
    }
  }

  /** The failed checks of `formData` as rjsf errors: `property` in rjsf's `.a.0.b` notation, the message worded. */
  problems(schema: RJSFSchema, formData: unknown): RJSFValidationError[] {
    const { validator, schema: judged } = this.validatorFor(schema, schema);
    const data = asSent(formData, judged);
    const { errors } = validator.validate(data);
    const found: RJSFValidationError[] = [];
    for (const unit of errors) {
      if (!JUDGING_KEYWORDS.has(unit.keyword)) continue;
      const schemaPath = pointerSegments(unit.keywordLocation);
      const instancePath = pointerSegments(unit.instanceLocation);
      const asked = valueAt(judged, schemaPath);
      if (unit.keyword === 'required') {
        // one error per missing property, on that property's field (the validator names it only in its English text)
        const object = (valueAt(data, instancePath) ?? {}) as Record<string, unknown>;
        for (const name of (asked as string[]).filter((n) => !(n in object)))
          found.push(
            this.error(judged, 'required', { missingProperty: name }, [...instancePath, name], unit.keywordLocation),
          );
        continue;
      }
      found.push(this.error(judged, unit.keyword, paramsOf(unit.keyword, asked), instancePath, unit.keywordLocation));
    }
    return found;
  }

  private error(
    schema: RJSFSchema,
    keyword: string,
    params: Record<string, unknown>,
    path: string[],
    schemaPath: string,
  ): RJSFValidationError {
    const property = path.map((p) => `.${p}`).join('');
    const parent = schemaAt(schema, path.slice(0, -1)) as { required?: string[] } | undefined;
    const required = keyword === 'required' || Boolean(parent?.required?.includes(path[path.length - 1]));
    const message = this.describe(
      atPath(path, titles(schema), (field) => problemText({ keyword, params }, field, required)),
    );
    return { name: keyword, property, message, params, schemaPath, stack: `${property} ${message}`.trim() };
  }

  /**
   * One interpreter per schema object (the screens memoise their schemas), over the schema as the server holds it (a
   * required text needs a character); references resolve into the root schema's definitions.
   */
  private validatorFor(schema: RJSFSchema, rootSchema: RJSFSchema): { validator: Validator; schema: RJSFSchema } {
    let v = this.compiled.get(schema);
    if (!v) {
      const root = rootSchema as { definitions?: unknown; $defs?: unknown };
      const withDefinitions = requiringTextIn(
        (schema === rootSchema ? schema : { definitions: root.definitions, $defs: root.$defs, ...schema }) as Record<
          string,
          unknown
        >,
      ) as RJSFSchema;
      // a copy: the interpreter marks up the schema it is given, and the screens' schemas share parts with /meta
      v = {
        validator: new Validator(structuredClone(withDefinitions) as Schema, '2020-12', false),
        schema: withDefinitions,
      };
      this.compiled.set(schema, v);
    }
    return v;
  }
}

/** The form's data as the server will judge it: as JSON carries it, its texts trimmed (a copy; the form keeps what was typed). */
function asSent(formData: unknown, schema: RJSFSchema): unknown {
  return trimText(withoutUndefined(formData), schema as Record<string, unknown>);
}

/** The schema of the value at a path (properties by name, items by position). */
function schemaAt(schema: RJSFSchema | undefined, path: readonly string[]): RJSFSchema | undefined {
  let at: unknown = schema;
  for (const p of path)
    at = /^\d+$/.test(p)
      ? (at as { items?: unknown } | undefined)?.items
      : (at as { properties?: Record<string, unknown> } | undefined)?.properties?.[p];
  return at as RJSFSchema | undefined;
}

/** A field named as the form shows it: its title (the screens put the worded title in the schema), else its `field.<name>` text. */
const titles =
  (schema: RJSFSchema) =>
  (name: string, parents: readonly string[]): TextParam => {
    const title = schemaAt(schema, [...parents, name])?.title;
    return typeof title === 'string' && title ? title : fieldLabel(name);
  };

/** What the schema asked for, under the name the messages use. */
function paramsOf(keyword: string, asked: unknown): Record<string, unknown> {
  switch (keyword) {
    case 'format':
      return { format: asked };
    case 'enum':
      return { allowedValues: asked };
    case 'type':
      return { type: asked };
    case 'pattern':
      return { pattern: asked };
    default:
      return typeof asked === 'number' ? { limit: asked } : {};
  }
}

/** `#/properties/a~1b/0` → ['properties', 'a/b', '0'] (RFC 6901, percent-decoded as the validator encodes it). */
export function pointerSegments(pointer: string): string[] {
  const body = pointer.replace(/^#/, '');
  if (!body) return [];
  return body
    .slice(1)
    .split('/')
    .map((s) => decodeURIComponent(s).replace(/~1/g, '/').replace(/~0/g, '~'));
}

function valueAt(root: unknown, path: string[]): unknown {
  let at = root;
  for (const p of path) at = (at as Record<string, unknown> | undefined)?.[p];
  return at;
}

/**
 * The form's data as JSON would carry it: rjsf leaves a cleared field as `undefined`, which JSON Schema (and ajv
 * before) counts as missing, while the interpreter would count the key as present.
 */
export function withoutUndefined(value: unknown): unknown {
  if (Array.isArray(value)) return value.map((v) => (v === undefined ? null : withoutUndefined(v)));
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype)
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => [k, withoutUndefined(v)]),
    );
  return value;
}
