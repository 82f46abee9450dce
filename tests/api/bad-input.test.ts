import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../support/backends.ts';
import { startTestStratum, type Client, type TestStratum } from '../support/test-stratum.ts';

describe.each(backends())('bad input on $name', (backend) => {
  let t: TestStratum;
  let exec: Client;
  let buId: number;
  /** Rows in the company's tables and audit trail: bad input must change neither. */
  const snapshot = async () => ({
    units: (await exec.get('business-unit')).body.data.total,
    departments: (await exec.get('department')).body.data.total,
    audit: (await exec.get('audit-trail')).body.data.total,
  });
  beforeAll(async () => {
    t = await startTestStratum(backend);
    exec = (await t.addCompany('Bad Input Co', { modules: ['strategic'] })).executive;
    buId = (await exec.post('business-unit/add', { name: 'Main' })).body.data.business_unit.id;
  });
  afterAll(() => t.close());

  const cases: [
    string,
    () => Promise<{ status: number; body: any }>,
    number,
    RegExp,
    { field: string; message: string }[]?,
  ][] = [
    [
      'an unknown field',
      () => exec.post('department/add', { name: 'D', businessUnitId: 0, colour: 'red' }),
      422,
      /“colour” is not a field of department/,
      [{ field: 'colour', message: '“colour” is not a field of department' }],
    ],
    [
      'a wrong type',
      () => exec.post('department/add', { name: 42, businessUnitId: 'one' }),
      422,
      /Name must be text; Business unit must be a whole number/,
    ],
    [
      'a missing required field',
      () => exec.post('department/add', { businessUnitId: 1 }),
      422,
      /^Name is required$/,
      [{ field: 'name', message: 'Name is required' }],
    ],
    [
      'a value outside the enum',
      () => exec.post('business-unit/add', { name: 'X', strategyPlanOwner: 'Maybe' }),
      422,
      /Strategy plan owner must be Yes or No/,
    ],
    [
      'a malformed e-mail',
      () => exec.post('employee/add', { firstName: 'A', lastName: 'B', email: 'not-an-email' }),
      422,
      /E-mail must be an e-mail address/,
    ],
    [
      'an empty name',
      () => exec.post('business-unit/add', { name: '' }),
      422,
      /^Name is required$/,
      [{ field: 'name', message: 'Name is required' }],
    ],
    [
      'a name of spaces only',
      () => exec.post('business-unit/add', { name: '   ' }),
      422,
      /^Name is required$/,
      [{ field: 'name', message: 'Name is required' }],
    ],
    [
      'a read-only field',
      () => exec.post('employee/add', { firstName: 'A', lastName: 'B', fullName: 'C' }),
      422,
      /Full name is read-only/,
    ],
    ['malformed JSON', () => exec.post('department/add', '{"name": "D",'), 400, /The body is not valid JSON/],
    ['a body that is not an object', () => exec.post('department/add', '[1,2]'), 400, /must be a JSON object/],
    [
      'an oversized body',
      () => exec.post('department/add', { name: 'x'.repeat(1024 * 1024 + 10), businessUnitId: 1 }),
      413,
      /larger than 1048576 bytes/,
    ],
    ['an unknown id on read', () => exec.get('department/999999'), 404, /No department with id 999999/],
    [
      'an unknown id on update',
      () => exec.post('department/update', { id: 999999, version: 1, name: 'x' }),
      404,
      /No department with id 999999/,
    ],
    [
      'an unknown id on delete',
      () => exec.post('department/delete', { id: 999999 }),
      404,
      /No department with id 999999/,
    ],
    [
      'update without version',
      () => exec.post('business-unit/update', { id: 1, name: 'x' }),
      422,
      /Version is required/,
    ],
    [
      'a reference to a record that does not exist',
      () => exec.post('department/add', { name: 'D', businessUnitId: 999999 }),
      422,
      /Business unit refers to a record that does not exist/,
    ],
    [
      'a duplicate name under one parent',
      () => exec.post('department/add', { name: 'Dup', businessUnitId: buId }),
      409,
      /Another department already has this business unit and name/,
    ],
    ['an unknown address', () => exec.get('no-such-entity'), 404, /No such address/],
    [
      'an end date before the start date',
      () =>
        exec.post('strategic-plan/add', { description: 'Backwards', startDate: '2027-01-01', endDate: '2026-12-31' }),
      422,
      /End date must not be before Start date/,
      [{ field: 'endDate', message: 'End date must not be before Start date' }],
    ],
  ];

  it.each(cases)(
    'refuses %s with a message that names the problem, writing nothing',
    async (_name, call, status, message, fieldErrors) => {
      if (_name.startsWith('a duplicate'))
        expect((await exec.post('department/add', { name: 'Dup', businessUnitId: buId })).status).toBe(200);
      const before = await snapshot();
      const r = await call();
      expect(r.status).toBe(status);
      expect(r.body.res).toBe('failed');
      expect(r.body.err_msg).toMatch(message);
      if (fieldErrors) expect(r.body.errors).toEqual(fieldErrors);
      expect(await snapshot()).toEqual(before);
    },
  );

  it('keeps an end date from moving before the start date, in the engine and in the database', async () => {
    const plan = (
      await exec.post('strategic-plan/add', { description: 'Forwards', startDate: '2026-01-01', endDate: '2026-12-31' })
    ).body.data.strategic;
    const r = await exec.post('strategic-plan/update', { id: plan.id, version: plan.version, startDate: '2027-06-01' });
    expect(r.status).toBe(422);
    expect(r.body.errors).toEqual([{ field: 'endDate', message: 'End date must not be before Start date' }]);
    const sql = await t.stratum.db
      .query(`UPDATE strategic_plan SET end_date = '2020-01-01' WHERE id = $1`, [plan.id])
      .catch((e: Error) => e);
    expect((sql as { code?: string }).code).toBe('23514');
  });

  it("trims texts on write, and words refusals in the caller's language (Accept-Language)", async () => {
    const bu = await exec.post('business-unit/add', { name: '  Trimmed unit \t' });
    expect(bu.status).toBe(200);
    expect(bu.body.data.business_unit.name).toBe('Trimmed unit');
    const ask = async (lang: string) =>
      (
        await t.app.request('/api/v1/business-unit/add', {
          method: 'POST',
          headers: { token: exec.token, 'content-type': 'application/json', 'accept-language': lang },
          body: JSON.stringify({ name: ' ' }),
        })
      ).json();
    expect(await ask('de-DE,de;q=0.9')).toMatchObject({
      err_msg: 'Name ist erforderlich',
      errors: [{ field: 'name', message: 'Name ist erforderlich' }],
    });
    expect(await ask('bn')).toMatchObject({
      err_msg: 'নাম দিতে হবে',
      errors: [{ field: 'name', message: 'নাম দিতে হবে' }],
    });
    expect(await ask('fr')).toMatchObject({ err_msg: 'Name is required' });
    // a company and its executive named by spaces only
    const blank = await t.holder.post('company/add', {
      companyName: '   ',
      eFirstName: ' ',
      eLastName: 'Quay',
      email: 'blank-names@example.com',
    });
    expect(blank.status).toBe(422);
    expect(blank.body.err_msg).toBe("Company name is required; Executive's first name is required");
    expect(blank.body.errors?.map((e: { field: string }) => e.field)).toEqual(['companyName', 'eFirstName']);
    const dup = await exec.post('business-unit/add', { name: 'Trimmed unit' });
    expect(dup.status, 'the same name once trimmed').toBe(409);
  });

  it('refuses calls without a valid token', async () => {
    expect((await t.anonymous.get('department')).status).toBe(401);
    const forged = await t.anonymous.raw('department', { headers: { token: 'forged' } });
    expect(forged.status).toBe(401);
    expect(forged.body.err_msg).toMatch(/sign in again/);
  });

  it('refuses a stale version and keeps the newer change', async () => {
    const bu = (await exec.post('business-unit/add', { name: 'Versioned' })).body.data.business_unit;
    const first = await exec.post('business-unit/update', { id: bu.id, version: bu.version, name: 'First writer' });
    expect(first.status).toBe(200);
    const second = await exec.post('business-unit/update', { id: bu.id, version: bu.version, name: 'Second writer' });
    expect(second.status).toBe(409);
    expect(second.body.code).toBe('stale_version');
    expect(second.body.err_msg).toMatch(/changed by someone else.*your version 1, now 2/);
    expect((await exec.get(`business-unit/${bu.id}`)).body.data.business_unit).toMatchObject({
      name: 'First writer',
      version: 2,
    });
  });
});
