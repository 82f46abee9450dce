import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import i18next, { type TFunction } from 'i18next';
import { numberFormatter } from '../../engine/i18n/localized-numbers.ts';
import type { RJSFSchema } from '@rjsf/utils';
import { beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../engine/app-error.ts';
import { hooks } from '../../engine/hooks/index.ts';
import { languageOf } from '../../engine/i18n/catalogue.ts';
import { loadRegistry } from '../../engine/metadata/loader.ts';
import type { Language } from '../../engine/metadata/registry.ts';
import { mapDbError } from '../../engine/records/db-error-mapping.ts';
import { checkRules, fieldProblem, validateInput, validateRecord } from '../../engine/records/record-validator.ts';
import { keepsWhitespace, trimText } from '../../engine/records/text-input.ts';
import { SchemaValidator } from '../../renderer/src/forms/schema-validator.ts';
import { describeProblem } from '../../renderer/src/forms/validation-message.ts';
import { ROOT } from '../../server/boot.ts';

const registry = loadRegistry(join(ROOT, 'metadata'), hooks);
const texts = (lang: string) =>
  JSON.parse(readFileSync(join(ROOT, 'metadata', 'i18n', `${lang}.json`), 'utf8')) as Record<string, string>;

/** What a refusal says to a caller of `lang`: the envelope's err_msg and errors. */
function refusal(
  f: () => unknown,
  lang: Language = 'en',
): { message: string; fieldErrors: { field: string; message: string }[] } {
  try {
    f();
  } catch (e) {
    if (e instanceof AppError) return e.inLanguage(lang, registry.messages);
    throw e;
  }
  throw new Error('not refused');
}

describe('texts are trimmed on write', () => {
  it('trims every declared text, keeps whitespace where it is part of the value', () => {
    const company = registry.entity('company');
    const body: Record<string, unknown> = {
      companyName: '  Acme  ',
      eFirstName: '\tAnn\n',
      eLastName: 'B',
      email: ' a@b.example ',
    };
    validateRecord(company, 'add', body);
    expect(body).toEqual({ companyName: 'Acme', eFirstName: 'Ann', eLastName: 'B', email: 'a@b.example' });
    expect(keepsWhitespace({ type: 'string', writeOnly: true })).toBe(true);
    expect(keepsWhitespace({ type: 'string', 'x-html': true })).toBe(true);
    expect(keepsWhitespace({ type: 'string', format: 'password' })).toBe(true);
    expect(keepsWhitespace({ type: 'string' }, 'newPassword')).toBe(true);
    expect(keepsWhitespace({ type: 'string' }, 'name')).toBe(false);
    const schema = {
      type: 'object',
      properties: {
        note: { type: 'string', 'x-html': true },
        secret: { type: 'string', writeOnly: true },
        tags: { type: 'array', items: { type: 'string' } },
        free: {},
      },
    };
    expect(trimText({ note: ' <p>x</p> ', secret: ' s ', tags: [' a ', 'b '], free: ' kept ' }, schema)).toEqual({
      note: ' <p>x</p> ',
      secret: ' s ',
      tags: ['a', 'b'],
      free: ' kept ',
    });
  });

  it('refuses a required text that is only whitespace, naming the field by its label', () => {
    const company = registry.entity('company');
    const say = (lang: Language) =>
      refusal(
        () =>
          validateRecord(company, 'add', { companyName: '   ', eFirstName: ' ', eLastName: 'B', email: 'a@b.example' }),
        lang,
      );
    expect(say('en').fieldErrors).toEqual([
      { field: 'companyName', message: 'Company name is required' },
      { field: 'eFirstName', message: "Executive's first name is required" },
    ]);
    expect(say('de').fieldErrors[0]).toEqual({ field: 'companyName', message: 'Unternehmensname ist erforderlich' });
    expect(say('bn').fieldErrors[0]).toEqual({ field: 'companyName', message: 'কোম্পানির নাম দিতে হবে' });
    // on update too, when the field is sent
    expect(refusal(() => validateRecord(company, 'update', { id: 1, version: 1, companyName: ' ' })).message).toBe(
      'Company name is required',
    );
  });
});

describe("messages in plain words, in the caller's language", () => {
  it('names a list entry by its position: "Score 2: Self score must be at least 0"', () => {
    const assessment = registry.entity('performance-assessment');
    const command = assessment.commands.find((c) => JSON.stringify(c.input ?? {}).includes('selfScore'))!;
    const call = () =>
      validateInput(
        command.input!,
        {
          id: 1,
          scores: [
            { kpiId: 1, selfScore: 1 },
            { kpiId: 2, selfScore: -1 },
          ],
        },
        assessment,
      );
    expect(refusal(call).fieldErrors).toContainEqual({
      field: 'scores.1.selfScore',
      message: 'Score 2: Self score must be at least 0',
    });
    expect(refusal(call, 'de').fieldErrors).toContainEqual({
      field: 'scores.1.selfScore',
      message: 'Bewertung 2: Selbstbewertung muss mindestens 0 sein',
    });
    expect(refusal(call, 'bn').fieldErrors).toContainEqual({
      field: 'scores.1.selfScore',
      message: 'স্কোর ২: স্ব-মূল্যায়ন স্কোর কমপক্ষে ০ হতে হবে',
    });
  });

  it('words a uniqueness conflict with the labels, on each of its fields', () => {
    const qa = registry.entity('qa-member');
    const duplicate = Object.assign(new Error('duplicate key'), {
      code: '23505',
      constraint: 'uq_qa_member__annual_plan_id__list__employee_id',
    });
    const e = mapDbError(duplicate, registry, qa, 'add') as AppError;
    expect(e.code).toBe('conflict');
    const en = e.inLanguage('en', registry.messages);
    expect(en.message).toBe('Another QA member already has this annual plan, QA list and employee');
    expect(en.fieldErrors.map((f) => f.field)).toEqual(['annualPlanId', 'list', 'employeeId']);
    expect(e.inLanguage('de', registry.messages).message).toBe(
      'QS-Mitglied: Es gibt bereits einen Eintrag mit denselben Angaben für Jahresplan, QS-Liste und Mitarbeiter',
    );
    expect(e.inLanguage('bn', registry.messages).message).toBe(
      'একই বার্ষিক পরিকল্পনা, কিউএ তালিকা এবং কর্মী সহ আরেকটি কিউএ সদস্য আগে থেকেই আছে',
    );
  });

  it('words a rule between two fields with both labels', () => {
    const plan = registry.entity('strategic-plan');
    const call = () => checkRules(plan, { startDate: '2027-01-01', endDate: '2026-12-31' });
    expect(refusal(call).fieldErrors).toEqual([
      { field: 'endDate', message: 'End date must not be before Start date' },
    ]);
    expect(refusal(call, 'de').message).toBe('Enddatum darf nicht vor Startdatum liegen');
  });

  it('words a date typed the way people write it', () => {
    const training = registry.entity('employee-training');
    const call = () => validateRecord(training, 'add', { employeeId: 1, trainingId: 1, plannedDate: '20/11/2026' });
    expect(refusal(call).fieldErrors).toEqual([
      { field: 'plannedDate', message: 'Planned date must be a date (day/month/year)' },
    ]);
    expect(refusal(call, 'de').message).toBe('Geplantes Datum muss ein Datum sein (Tag/Monat/Jahr)');
  });

  it('lets a hook refuse a field by its label in one call (fieldProblem)', () => {
    const assessment = registry.entity('performance-assessment');
    const e = AppError.validation([
      fieldProblem(assessment, 'scores.1.selfScore', 'validation.between', { min: 0, max: 5 }),
    ]);
    expect(e.message).toBe('Score 2: Self score must be between 0 and 5');
    expect(e.inLanguage('de', registry.messages).fieldErrors).toEqual([
      { field: 'scores.1.selfScore', message: 'Bewertung 2: Selbstbewertung muss zwischen 0 und 5 liegen' },
    ]);
  });

  it("reads the caller's language from Accept-Language", () => {
    expect(languageOf(undefined)).toBe('en');
    expect(languageOf('de')).toBe('de');
    expect(languageOf('bn-BD,bn;q=0.9,en;q=0.5')).toBe('bn');
    expect(languageOf('fr-FR,fr;q=0.9,de;q=0.8,en;q=0.7')).toBe('de');
    expect(languageOf('en;q=0.2,de;q=0.9')).toBe('de');
    expect(languageOf('fr')).toBe('en');
  });
});

describe('the forms and the server say the same', () => {
  const translators = {} as Record<Language, TFunction>;
  beforeAll(async () => {
    for (const lang of ['en', 'bn', 'de'] as const) {
      // as the renderer words them (renderer/src/i18n/i18n.ts): numbers in the language's digits
      const i = i18next.createInstance().use(numberFormatter);
      await i.init({
        lng: lang,
        resources: { [lang]: { translation: texts(lang) } },
        keySeparator: false,
        interpolation: { escapeValue: false, alwaysFormat: true },
      });
      translators[lang] = i.t;
    }
  });

  it('words a problem both judge in the same words, in every language', () => {
    const cases: [string, Record<string, unknown>][] = [
      ['company', { companyName: '  ', eFirstName: 'A', eLastName: 'B', email: 'not-an-email' }],
      ['employee-training', { employeeId: 1, trainingId: 1, plannedDate: '2026-02-30', notes: 'x'.repeat(2001) }],
      ['business-unit', { name: 'x', strategyPlanOwner: 'Maybe' }],
    ];
    for (const [name, body] of cases)
      for (const lang of ['en', 'bn', 'de'] as const) {
        const entity = registry.entity(name);
        const server = refusal(() => validateRecord(entity, 'add', structuredClone(body)), lang).fieldErrors;
        // the form as the screens build it: the fields' titles worded, the required ones listed
        const t = translators[lang];
        const fields = entity.fields.filter(
          (f) => !f.computed && !f.readOnly && f.name !== entity.workflow?.stateField,
        );
        const schema = {
          type: 'object',
          required: fields.filter((f) => f.required).map((f) => f.name),
          properties: Object.fromEntries(
            fields.map((f) => [f.name, { ...f.schema, title: t(String(f.schema.title)) }]),
          ),
        } as RJSFSchema;
        const client = new SchemaValidator(describeProblem(t, lang))
          .problems(schema, body)
          .map((e) => ({ field: e.property!.slice(1), message: e.message }));
        expect(client, `${name} ${lang}`).toEqual(server);
      }
  });
});
