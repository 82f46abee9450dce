import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { FormatsPlugin } from 'ajv-formats';

// ajv-formats is CommonJS; its default export arrives as the module object under NodeNext.
const addFormats = ((addFormatsModule as unknown as { default?: FormatsPlugin }).default ??
  addFormatsModule) as FormatsPlugin;

/** The x- keywords of entity schemas: annotations that ajv accepts and ignores when validating records. */
export const X_KEYWORDS = [
  'x-ref',
  'x-onDelete',
  'x-computed',
  'x-renamedFrom',
  'x-money',
  'x-file',
  'x-html',
  'x-encrypted',
  'x-i18n',
  'x-optionText',
  'x-periodTitle',
  'x-ratingTitle',
  'x-stateMoveTitle',
  'x-help',
  'x-titleOf',
  'x-caseSensitive',
  'x-ownerFrom',
] as const;

/**
 * The x- keywords whose value is an object: `x-questions` on an array of answers names the questions they answer and
 * the scale they are rated on, so that a form asks each question (renderer/src/custom/QuestionAnswers.tsx).
 */
export const X_OBJECT_KEYWORDS = [
  'x-questions',
  'x-refMatch',
  'x-refExcept',
  'x-choicesFrom',
  'x-pickAmong',
  // a field set only while the record holds these values (a contract's status once signed): the form's rule
  'x-openWhen',
] as const;

/** The x- keywords whose value is an array: `x-writeRoles`, the roles that may change a field (engine/access/field-write-roles.ts). */
export const X_ARRAY_KEYWORDS = ['x-writeRoles'] as const;

/** One ajv for metadata and records alike: JSON Schema 2020-12, formats, every error reported. */
export function createAjv(): Ajv2020 {
  const ajv = new Ajv2020({
    allErrors: true,
    strict: true,
    allowUnionTypes: true,
    strictRequired: false,
    useDefaults: false,
    coerceTypes: false,
  });
  addFormats(ajv);
  for (const k of X_KEYWORDS) ajv.addKeyword({ keyword: k, schemaType: ['string', 'boolean'] });
  for (const k of X_OBJECT_KEYWORDS) ajv.addKeyword({ keyword: k, schemaType: ['object'] });
  for (const k of X_ARRAY_KEYWORDS) ajv.addKeyword({ keyword: k, schemaType: ['array'] });
  return ajv;
}

export type { Ajv2020 };
