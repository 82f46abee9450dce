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
import { requiringTextIn, trimText } from '../../engine/records/text-input.ts';
import { SchemaValidator, pointerSegments, withoutUndefined } from '../../renderer/src/forms/schema-validator.ts';
import { describeProblem } from '../../renderer/src/forms/validation-message.ts';
import { ROOT } from '../../server/boot.ts';
import { invalidDate, outOfRangeNumber, wrongTypeValue } from '../security/support/bad-values.ts';

const texts = (lang: string) =>
  JSON.parse(readFileSync(join(ROOT, 'metadata', 'i18n', `${lang}.json`), 'utf8')) as Record<string, string>;
async function translator(lang: string): Promise<TFunction> {
  const i = i18next.createInstance();
  await i.init({
    lng: lang,
    resources: { [lang]: { translation: texts(lang) } },
    keySeparator: false,
    interpolation: { escapeValue: false },
  });
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
  let bn: SchemaValidator;
  beforeAll(async () => {
    en = new SchemaValidator(describeProblem(await translator('en'), 'en'));
    de = new SchemaValidator(describeProblem(await translator('de'), 'de'));
    bn = new SchemaValidator(describeProblem(await translator('bn'), 'bn'));
  });

  it('puts each problem on its field, a sentence naming the field, worded in the language of the screen', () => {
    const bad = { name: 'far too long', email: 'not-an-email', weight: 7.5, status: 'Gone', tags: ['abc', 'b', 'c'] };
    const { errorSchema } = en.validateFormData(bad, schema);
    expect(errorSchema).toEqual({
      name: { __errors: ['Name must be at most 5 characters long'] },
      startDate: { __errors: ['Start date is required'] },
      email: { __errors: ['E-mail must be an e-mail address'] },
      weight: { __errors: ['Weight (%) must be a whole number', 'Weight (%) must be at most 5'] },
      status: { __errors: ['Status must be Draft or Approved'] },
      tags: {
        __errors: ['Tags may have at most 2 entries'],
        0: { __errors: ['Entry 1 of Tags must be at most 2 characters long'] },
      },
    });
    expect(de.validateFormData(bad, schema).errorSchema.email).toEqual({
      __errors: ['E-Mail muss eine E-Mail-Adresse sein'],
    });
    expect(de.validateFormData({ name: '' }, schema).errorSchema).toEqual({
      name: { __errors: ['Name ist erforderlich'] },
      startDate: { __errors: ['Startdatum ist erforderlich'] },
    });
    expect(bn.validateFormData({ name: 'Ok' }, schema).errorSchema).toEqual({
      startDate: { __errors: ['শুরুর তারিখ দিতে হবে'] },
    });
  });

  it('names a field by the title the screen gives it', () => {
    const titled = {
      ...schema,
      properties: { ...schema.properties, name: { ...(schema.properties!.name as object), title: 'Company name' } },
    } as RJSFSchema;
    expect(en.validateFormData({ name: ' ', startDate: '2026-02-28' }, titled).errorSchema).toEqual({
      name: { __errors: ['Company name is required'] },
    });
  });

  it('trims texts as the server does: whitespace alone is no value for a required field, whitespace around one is no fault', () => {
    expect(en.validateFormData({ name: '   ', startDate: '2026-02-28' }, schema).errorSchema).toEqual({
      name: { __errors: ['Name is required'] },
    });
    expect(en.validateFormData({ name: '  Ok  ', startDate: ' 2026-02-28 ' }, schema).errors).toEqual([]);
    // five letters between the spaces: within maxLength once trimmed
    expect(en.validateFormData({ name: ' Hello ', startDate: '2026-02-28' }, schema).errors).toEqual([]);
  });

  it('refuses an impossible date and counts a cleared field as missing', () => {
    const { errorSchema } = en.validateFormData({ name: 'Ok', startDate: '2026-02-30' }, schema);
    expect(errorSchema).toEqual({ startDate: { __errors: ['Start date must be a date (day/month/year)'] } });
    // rjsf leaves a cleared input as undefined: that is a missing value, as JSON would carry it
    expect(en.validateFormData({ name: undefined, startDate: '2026-02-28' }, schema).errorSchema).toEqual({
      name: { __errors: ['Name is required'] },
    });
  });

  it('accepts good data and answers isValid for rjsf', () => {
    const good = {
      name: 'Ok',
      startDate: '2026-02-28',
      email: 'a@b.example',
      weight: 5,
      status: 'Draft',
      tags: ['ab'],
    };
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
   * schema, a record with one bad or good value per field is refused on exactly the same fields by both; ajv judging
   * it as the server prepares a record (engine/records/text-input.ts: texts trimmed, a required text needs a character).
   */
  it('judges every entity form as ajv does', () => {
    const registry = loadRegistry(join(ROOT, 'metadata'), hooks);
    const ajv = createAjv();
    const value = (f: FieldDef): fc.Arbitrary<unknown> => {
      const s = f.schema as { minLength?: number; maxLength?: number };
      const options: fc.Arbitrary<unknown>[] = [wrongTypeValue(f)];
      if (f.format === 'date') options.push(invalidDate, fc.constantFrom('2026-11-23', '2024-02-29'));
      else if (f.format === 'email')
        options.push(
          fc.constantFrom(
            'a@b.example',
            'first.last@company.co.uk',
            'no-at-sign',
            'two@@signs.example',
            'a@b',
            ' a@b.example',
          ),
        );
      else if (f.format === 'date-time')
        options.push(fc.constantFrom('2026-11-23T10:00:00Z', '2026-11-23T10:00:00+06:00', '2026-11-23', 'noon'));
      else if (f.format === 'uri')
        options.push(fc.constantFrom('https://stratum.example/x', 'mailto:a@b.example', 'not a uri', '//no-scheme'));
      else if (f.enum) options.push(fc.constantFrom(...f.enum), fc.constant('NotAnOption'));
      else if (f.type === 'string')
        options.push(
          fc.string({ minLength: 0, maxLength: (s.maxLength ?? 40) + 3 }),
          fc.constantFrom('', '   ', ' padded '),
        );
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
      const byAjv = ajv.compile(requiringTextIn(formSchema as Record<string, unknown>));
      const record = fc.record(Object.fromEntries(fields.map((f) => [f.name, value(f)])), { requiredKeys: [] });
      fc.assert(
        fc.property(record, (data) => {
          byAjv(trimText(structuredClone(data), formSchema as Record<string, unknown>));
          const ajvFields = new Set(
            (byAjv.errors ?? []).map((e) =>
              e.keyword === 'required' ? e.params.missingProperty : e.instancePath.split('/')[1],
            ),
          );
          const ours = new Set(en.problems(formSchema, data).map((e) => e.property!.split('.')[1]));
          expect([...ours].sort(), `${entity.name}: ${JSON.stringify(data)}`).toEqual([...ajvFields].sort());
        }),
        { numRuns: 20 },
      );
    }
    expect(forms).toBeGreaterThan(50);
  });
});
