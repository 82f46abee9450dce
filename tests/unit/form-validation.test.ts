import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import i18next, { type TFunction } from 'i18next';
import type { RJSFSchema } from '@rjsf/utils';
import { beforeAll, describe, expect, it } from 'vitest';
import { hooks } from '../../engine/hooks/index.ts';
import { loadRegistry } from '../../engine/metadata/loader.ts';
import type { FieldDef } from '../../engine/metadata/registry.ts';
import { createAjv } from '../../engine/metadata/schema-validator.ts';
import { SchemaValidator, pointerSegments, withoutUndefined } from '../../renderer/src/forms/schema-validator.ts';
import { describeProblem } from '../../renderer/src/forms/validation-message.ts';
import { ROOT } from '../../server/boot.ts';
import { invalidDate, outOfRangeNumber, wrongTypeValue } from '../security/support/bad-values.ts';

const texts = (lang: string) => JSON.parse(readFileSync(join(ROOT, 'metadata', 'i18n', `${lang}.json`), 'utf8')) as Record<string, string>;
async function translator(lang: string): Promise<TFunction> {
  const i = i18next.createInstance();
  await i.init({ lng: lang, resources: { [lang]: { translation: texts(lang) } }, keySeparator: false, interpolation: { escapeValue: false } });
  return i.t;
}

const schema: RJSFSchema = {
  type: 'object',
  required: ['name', 'startDate'],
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 5 },
    startDate: { type: 'string', format: 'date' },
    email: { type: 'string', format: 'email' },
    weight: { type: 'integer', minimum: 0, maximum: 5 },
    status: { type: 'string', enum: ['Draft', 'Approved'] },
    tags: { type: 'array', maxItems: 2, items: { type: 'string', maxLength: 2 } },
  },
};

describe('the forms validator (no generated code, so no unsafe-eval)', () => {
  let en: SchemaValidator;
  let de: SchemaValidator;
  beforeAll(async () => {
    en = new SchemaValidator(describeProblem(await translator('en')));
    de = new SchemaValidator(describeProblem(await translator('de')));
  });

  it('puts each problem on its field, worded in the language of the screen', () => {
    const bad = { name: 'far too long', email: 'not-an-email', weight: 7.5, status: 'Gone', tags: ['abc', 'b', 'c'] };
    const { errorSchema } = en.validateFormData(bad, schema);
    expect(errorSchema).toEqual({
      name: { __errors: ['must be at most 5 characters long'] },
      startDate: { __errors: ['is required'] },
      email: { __errors: ['must be an email address'] },
      weight: { __errors: ['must be a whole number', 'must be 5 or less'] },
      status: { __errors: ['must be one of: Draft, Approved'] },
      tags: { __errors: ['may have at most 2 entries'], 0: { __errors: ['must be at most 2 characters long'] } },
    });
    expect(de.validateFormData(bad, schema).errorSchema.email).toEqual({ __errors: ['muss eine E-Mail-Adresse sein'] });
    expect(de.validateFormData({ name: '' }, schema).errorSchema).toEqual({
      name: { __errors: ['darf nicht leer sein'] },
      startDate: { __errors: ['ist erforderlich'] },
    });
  });

  it('refuses an impossible date and counts a cleared field as missing', () => {
    const { errorSchema } = en.validateFormData({ name: 'Ok', startDate: '2026-02-30' }, schema);
    expect(errorSchema).toEqual({ startDate: { __errors: ['must be a date (YYYY-MM-DD)'] } });
    // rjsf leaves a cleared input as undefined: that is a missing value, as JSON would carry it
    expect(en.validateFormData({ name: undefined, startDate: '2026-02-28' }, schema).errorSchema).toEqual({ name: { __errors: ['is required'] } });
  });

  it('accepts good data and answers isValid for rjsf', () => {
    const good = { name: 'Ok', startDate: '2026-02-28', email: 'a@b.example', weight: 5, status: 'Draft', tags: ['ab'] };
    expect(en.validateFormData(good, schema).errors).toEqual([]);
    expect(en.isValid(schema, good, schema)).toBe(true);
    expect(en.isValid(schema, { ...good, weight: -1 }, schema)).toBe(false);
  });

  it('reads JSON pointers as the validator writes them', () => {
    expect(pointerSegments('#')).toEqual([]);
    expect(pointerSegments('#/properties/a~1b/items/0')).toEqual(['properties', 'a/b', 'items', '0']);
    expect(pointerSegments('#/x%25y~0z')).toEqual(['x%y~z']);
    expect(withoutUndefined({ a: undefined, b: [undefined, { c: undefined, d: 1 }] })).toEqual({ b: [null, { d: 1 }] });
  });

  /**
   * The same verdicts as ajv (the server's validator, and the forms' validator before): for every entity's form
   * schema, a record with one bad or good value per field is refused on exactly the same fields by both.
   */
  it('judges every entity form as ajv does', () => {
    const registry = loadRegistry(join(ROOT, 'metadata'), hooks);
    const ajv = createAjv();
    const value = (f: FieldDef): fc.Arbitrary<unknown> => {
      const s = f.schema as { minLength?: number; maxLength?: number };
      const options: fc.Arbitrary<unknown>[] = [wrongTypeValue(f)];
      if (f.format === 'date') options.push(invalidDate, fc.constantFrom('2026-11-23', '2024-02-29'));
      else if (f.format === 'email') options.push(fc.constantFrom('a@b.example', 'first.last@company.co.uk', 'no-at-sign', 'two@@signs.example', 'a@b', ' a@b.example'));
      else if (f.format === 'date-time') options.push(fc.constantFrom('2026-11-23T10:00:00Z', '2026-11-23T10:00:00+06:00', '2026-11-23', 'noon'));
      else if (f.format === 'uri') options.push(fc.constantFrom('https://stratum.example/x', 'mailto:a@b.example', 'not a uri', '//no-scheme'));
      else if (f.enum) options.push(fc.constantFrom(...f.enum), fc.constant('NotAnOption'));
      else if (f.type === 'string') options.push(fc.string({ minLength: 0, maxLength: (s.maxLength ?? 40) + 3 }), fc.constant(''));
      const range = outOfRangeNumber(f);
      if (range) options.push(range, fc.integer({ min: -3, max: 10 }));
      return fc.oneof(...options);
    };
    let forms = 0;
    for (const entity of registry.entities.values()) {
      const fields = entity.fields.filter((f) => !f.computed && !f.readOnly && f.name !== entity.workflow?.stateField);
      if (!fields.length) continue;
      forms++;
      const formSchema = {
        type: 'object',
        required: fields.filter((f) => f.required).map((f) => f.name),
        properties: Object.fromEntries(fields.map((f) => [f.name, f.schema])),
      } as RJSFSchema;
      const byAjv = ajv.compile(formSchema);
      const record = fc.record(Object.fromEntries(fields.map((f) => [f.name, value(f)])), { requiredKeys: [] });
      fc.assert(
        fc.property(record, (data) => {
          byAjv(data);
          const ajvFields = new Set((byAjv.errors ?? []).map((e) => (e.keyword === 'required' ? e.params.missingProperty : e.instancePath.split('/')[1])));
          const ours = new Set(en.problems(formSchema, data).map((e) => e.property!.split('.')[1]));
          expect([...ours].sort(), `${entity.name}: ${JSON.stringify(data)}`).toEqual([...ajvFields].sort());
        }),
        { numRuns: 20 },
      );
    }
    expect(forms).toBeGreaterThan(50);
  });
});
