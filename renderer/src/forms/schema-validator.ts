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
import { adoptServerFormats } from './server-formats.ts';

adoptServerFormats();

/** What a failed check says, before it is put into words: the JSON Schema keyword and what the schema asked for. */
export interface ValidationProblem {
  keyword: string;
  /** the schema's value for the keyword: a length, a bound, a format name, the allowed values, the missing property */
  params: Record<string, unknown>;
}
export type DescribeProblem = (problem: ValidationProblem) => string;

/** Keywords that judge a value themselves; the others (properties, items, allOf, …) only report that a part failed. */
const JUDGING_KEYWORDS = new Set([
  'type', 'required', 'enum', 'const', 'format', 'pattern', 'minLength', 'maxLength', 'minimum', 'maximum',
  'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf', 'minItems', 'maxItems', 'uniqueItems', 'minProperties',
  'maxProperties', 'additionalProperties', 'dependentRequired', 'anyOf', 'oneOf', 'not',
]);

/**
 * react-jsonschema-form's validator over an interpreting JSON Schema validator (@cfworker/json-schema): no code is
 * generated, so the forms run under a Content-Security-Policy without 'unsafe-eval' (ajv, rjsf's own validator,
 * compiles every schema with Function()). Problems come back in rjsf's shape, each worded by `describe` in the
 * user's language and placed on its field.
 */
export class SchemaValidator implements ValidatorType<Record<string, unknown>, RJSFSchema> {
  private readonly compiled = new WeakMap<object, Validator>();

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
    return this.validatorFor(schema, rootSchema).validate(withoutUndefined(formData)).valid;
  }

  rawValidation<Result = OutputUnit>(schema: RJSFSchema, formData?: Record<string, unknown>): { errors?: Result[]; validationError?: Error } {
    try {
      const { errors } = this.validatorFor(schema, schema).validate(withoutUndefined(formData));
      return { errors: errors as Result[] };
    } catch (e) {
      return { validationError: e as Error };
    }
  }

  /** The failed checks of `formData` as rjsf errors: `property` in rjsf's `.a.0.b` notation, the message worded. */
  problems(schema: RJSFSchema, formData: unknown): RJSFValidationError[] {
    const data = withoutUndefined(formData);
    const { errors } = this.validatorFor(schema, schema).validate(data);
    const found: RJSFValidationError[] = [];
    for (const unit of errors) {
      if (!JUDGING_KEYWORDS.has(unit.keyword)) continue;
      const schemaPath = pointerSegments(unit.keywordLocation);
      const instancePath = pointerSegments(unit.instanceLocation);
      const asked = valueAt(schema, schemaPath);
      if (unit.keyword === 'required') {
        // one error per missing property, on that property's field (the validator names it only in its English text)
        const object = (valueAt(data, instancePath) ?? {}) as Record<string, unknown>;
        for (const name of (asked as string[]).filter((n) => !(n in object)))
          found.push(this.error('required', { missingProperty: name }, [...instancePath, name], unit.keywordLocation));
        continue;
      }
      found.push(this.error(unit.keyword, paramsOf(unit.keyword, asked), instancePath, unit.keywordLocation));
    }
    return found;
  }

  private error(keyword: string, params: Record<string, unknown>, path: string[], schemaPath: string): RJSFValidationError {
    const property = path.map((p) => `.${p}`).join('');
    const message = this.describe({ keyword, params });
    return { name: keyword, property, message, params, schemaPath, stack: `${property} ${message}`.trim() };
  }

  /** One interpreter per schema object (the screens memoise their schemas); references resolve into the root schema's definitions. */
  private validatorFor(schema: RJSFSchema, rootSchema: RJSFSchema): Validator {
    let v = this.compiled.get(schema);
    if (!v) {
      const root = rootSchema as { definitions?: unknown; $defs?: unknown };
      const withDefinitions = schema === rootSchema ? schema : { definitions: root.definitions, $defs: root.$defs, ...schema };
      // a copy: the interpreter marks up the schema it is given, and the screens' schemas share parts with /meta
      v = new Validator(structuredClone(withDefinitions) as Schema, '2020-12', false);
      this.compiled.set(schema, v);
    }
    return v;
  }
}

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
    return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined).map(([k, v]) => [k, withoutUndefined(v)]));
  return value;
}
