import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../support/backends.ts';
import { startTestStratum, type Client, type Reply, type TestStratum } from '../support/test-stratum.ts';

const ok = (r: Reply) => expect(r.status, r.body.err_msg ?? '').toBe(200);

describe.each(backends())('employee import (add-bulk) on $name', (backend) => {
  let t: TestStratum;
  let exec: Client;
  let other: Client;
  const employees = async (who: Client = exec) =>
    (await who.get('employee?limit=100&sort=id')).body.data.list as {
      id: number;
      email: string | null;
      supervisorId: number | null;
      firstName: string;
    }[];
  const trail = async () => (await exec.get('audit-trail?limit=1')).body.data.total as number;

  beforeAll(async () => {
    t = await startTestStratum(backend);
    exec = (await t.addCompany('Importco')).executive;
    other = (await t.addCompany('Elsewhere')).executive;
    ok(
      await exec.post('employee/add', {
        firstName: 'Stored',
        lastName: 'Boss',
        email: 'boss@importco.example',
        employeeNumber: 'E1',
      }),
    );
    ok(await other.post('employee/add', { firstName: 'Their', lastName: 'Person', email: 'taken@elsewhere.example' }));
  });
  afterAll(() => t.close());

  it('checks every item before writing: duplicates within the list and against the company, unknown references, each named by its item', async () => {
    const before = { employees: (await employees()).length, trail: await trail() };
    const items = [
      { firstName: 'Ann', lastName: 'One', email: 'ann@importco.example' },
      { firstName: 'Ben', lastName: 'Two', email: 'BOSS@importco.example' },
      { firstName: 'Cat', lastName: 'Three', email: 'Ann@Importco.example', employeeNumber: 'E1' },
      { firstName: 'Dan', lastName: 'Four', departmentId: 999999 },
      { firstName: 'Eve', lastName: 'Five', supervisorId: { email: 'nobody@importco.example' } },
    ];
    for (const dryRun of [true, false]) {
      const r = await exec.post('employee/add-bulk', { items, dryRun });
      expect(r.status).toBe(422);
      expect(r.body.errors).toEqual([
        { field: 'items.1.email', message: 'is already taken' },
        { field: 'items.2.email', message: "is the same as item 0's" },
        { field: 'items.2.employeeNumber', message: 'is already taken' },
        { field: 'items.3.departmentId', message: 'no department with that id' },
        { field: 'items.4.supervisorId', message: 'no employee has the email nobody@importco.example' },
      ]);
    }
    expect((await employees()).length).toBe(before.employees);
    expect(await trail()).toBe(before.trail);
  });

  it('a dry run is the import rolled back: the same checks, what it would add, nothing written', async () => {
    const before = { employees: (await employees()).length, trail: await trail() };
    const items = [
      {
        firstName: 'Fay',
        lastName: 'Lead',
        email: 'fay@importco.example',
        supervisorId: { email: 'Boss@importco.example' },
      },
      {
        firstName: 'Gus',
        lastName: 'Report',
        email: 'gus@importco.example',
        supervisorId: { email: 'fay@importco.example' },
      },
    ];
    const dry = await exec.post('employee/add-bulk', { items, dryRun: true });
    ok(dry);
    expect(dry.body.data.list.map((e: Record<string, unknown>) => [e.fullName, e.id, 'supervisorId' in e])).toEqual([
      ['Fay Lead', undefined, true],
      ['Gus Report', undefined, true],
    ]);
    expect((await employees()).length).toBe(before.employees);
    expect(await trail()).toBe(before.trail);
    // a sign-in another company's employee has: found by the import's own write, so the dry run finds it too, with its item
    const taken = await exec.post('employee/add-bulk', {
      items: [...items, { firstName: 'Hal', lastName: 'Clash', email: 'taken@elsewhere.example' }],
      dryRun: true,
    });
    expect(taken.status).toBe(409);
    expect(taken.body.errors).toEqual([{ field: 'items.2.email', message: 'is already the sign-in of another user' }]);
    expect((await employees()).length).toBe(before.employees);
    expect((await exec.post('employee/add-bulk', { items, dryRun: 'yes' })).status).toBe(422);
    expect((await exec.post('employee/add-bulk', { items, commit: true })).body.errors).toEqual([
      { field: 'commit', message: expect.stringMatching(/is not taken/) },
    ]);
  });

  it('resolves a supervisor named by e-mail: a stored employee, or an earlier row of the same list', async () => {
    const items = [
      {
        firstName: 'Ida',
        lastName: 'Head',
        email: 'ida@importco.example',
        supervisorId: { email: 'BOSS@importco.example' },
      },
      {
        firstName: 'Jon',
        lastName: 'Staff',
        email: 'jon@importco.example',
        supervisorId: { email: 'ida@importco.example' },
      },
      { firstName: 'Kim', lastName: 'Staff', supervisorId: { email: 'Ida@importco.example' } },
    ];
    const r = await exec.post('employee/add-bulk', { items });
    ok(r);
    const [ida, jon, kim] = r.body.data.list;
    const boss = (await employees()).find((e) => e.email === 'boss@importco.example')!;
    expect([ida.supervisorId, jon.supervisorId, kim.supervisorId]).toEqual([boss.id, ida.id, ida.id]);
    // a later row, the row itself, a malformed lookup and another company's employee are refused, by item
    const bad = await exec.post('employee/add-bulk', {
      items: [
        {
          firstName: 'Lee',
          lastName: 'Early',
          email: 'lee@importco.example',
          supervisorId: { email: 'mo@importco.example' },
        },
        {
          firstName: 'Mo',
          lastName: 'Late',
          email: 'mo@importco.example',
          supervisorId: { email: 'mo@importco.example' },
        },
        { firstName: 'Ned', lastName: 'Odd', supervisorId: { name: 'Ida' } },
        { firstName: 'Oli', lastName: 'Far', supervisorId: { email: 'taken@elsewhere.example' } },
      ],
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual([
      {
        field: 'items.0.supervisorId',
        message: 'names item 1 (email mo@importco.example), which comes later: list it first',
      },
      { field: 'items.1.supervisorId', message: 'names this item itself (email mo@importco.example)' },
      { field: 'items.2.supervisorId', message: 'must be an id, or {"email": "…"} naming the record by its email' },
      { field: 'items.3.supervisorId', message: 'no employee has the email taken@elsewhere.example' },
    ]);
    // an id still works as before, and another company cannot see the stored ones
    ok(
      await exec.post('employee/add-bulk', { items: [{ firstName: 'Pat', lastName: 'ById', supervisorId: boss.id }] }),
    );
    expect(
      (await other.post('employee/add-bulk', { items: [{ firstName: 'Q', lastName: 'R', supervisorId: boss.id }] }))
        .body.errors,
    ).toEqual([{ field: 'items.0.supervisorId', message: 'no employee with that id' }]);
  });
});
