import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../support/backends.ts';
import { startTestStratum, type Client, type Reply, type TestStratum } from '../support/test-stratum.ts';
import { specTitlesOf } from '../support/spec-catalogue.ts';

const ok = (r: Reply) => expect(r.status, r.body.err_msg ?? '').toBe(200);

describe.each(backends())('personal development and training on $name', (backend) => {
  let t: TestStratum;
  let exec: Client; // admin access to the module
  let sam: Client; // supervises Emma and Eli
  let emma: Client;
  let eli: Client;
  let oz: Client; // supervises nobody
  let other: Client; // another company's executive
  const id: Record<string, number> = {};
  const training = async (trainingId: number) =>
    (await exec.get(`employee-training/${trainingId}`)).body.data.employeeTraining;
  const plan = async (planId = id.plan) =>
    (await exec.get(`annual-training-plan/${planId}`)).body.data.annualTrainingPlan;

  beforeAll(async () => {
    t = await startTestStratum(backend);
    exec = (await t.addCompany('Learnco', { modules: ['personal-development', 'performance'] })).executive;
    sam = await t.addEmployee(exec, 'Sam', 'Supervisor', 'sam@learnco.example');
    emma = await t.addEmployee(exec, 'Emma', 'Employee', 'emma@learnco.example');
    eli = await t.addEmployee(exec, 'Eli', 'Employee', 'eli@learnco.example');
    oz = await t.addEmployee(exec, 'Oz', 'Outsider', 'oz@learnco.example');
    for (const who of ['sam', 'emma', 'eli', 'oz'])
      id[who] = (await exec.get(`employee?email=${who}@learnco.example`)).body.data.list[0].id;
    for (const who of ['emma', 'eli']) {
      const e = (await exec.get(`employee/${id[who]}`)).body.data.employee;
      ok(await exec.post('employee/update', { id: id[who], version: e.version, supervisorId: id.sam }));
    }
    other = (await t.addCompany('Otherco', { modules: ['personal-development'] })).executive;
  });
  afterAll(() => t.close());

  it('titles the training calls as the spec writes them', () => {
    const spec = specTitlesOf('personal development / training');
    const { registry } = t.stratum;
    const en = registry.messages.en;
    const transitions = Object.fromEntries(
      registry.entity('employee-training').workflow!.transitions.map((x) => [x.action, en[x.error!]]),
    );
    expect(spec.filter((title) => !Object.values(transitions).includes(title))).toEqual([]);
    expect(transitions).toEqual({
      'add-to-planned': 'Add To Planned Failed',
      'remove-planned': 'Remove Planned Employees Failed',
      'complete-planned': 'Complete Planned Employees Failed',
      'remove-completed': 'Remove Completed Employees Failed',
    });
    expect(en[registry.entity('employee-training').errors.report]).toBe('Get Personal Development Reports Failed');
  });

  it('keeps the training catalogue: categories and trainings, active ones shown by default', async () => {
    const cat = await exec.post('training-category/add', { name: 'Leadership', description: 'Leading people' });
    ok(cat);
    id.category = cat.body.data.trainingCategory.id;
    const lead = await exec.post('training/add', {
      name: 'Coaching conversations',
      trainingCategoryId: id.category,
      provider: 'In house',
      durationDays: 2,
    });
    ok(lead);
    expect(lead.body.data.training.status).toBe('Active');
    id.coaching = lead.body.data.training.id;
    id.excel = (
      await exec.post('training/add', { name: 'Spreadsheet modelling', trainingCategoryId: id.category })
    ).body.data.training.id;
    const old = (await exec.post('training/add', { name: 'Fax etiquette', status: 'Inactive' })).body.data.training;
    expect(old.status).toBe('Inactive');
    // the catalogue's first view lists the active trainings
    const main = t.stratum.registry.modules
      .get('personal-development')!
      .screens.find((s) => s.path === '/app/personal-development/main')!;
    const first = t.stratum.registry.modules
      .get('personal-development')!
      .screens.find((s) => s.path === main.tabs![0])!;
    expect(first.preset).toEqual({ status: 'Active' });
    const active = (await emma.get('training?status=Active&sort=name')).body.data.list.map(
      (x: { name: string }) => x.name,
    );
    expect(active).toEqual(['Coaching conversations', 'Spreadsheet modelling']);
    // duplicates, bad values and employees without admin access are refused
    expect((await exec.post('training/add', { name: 'Coaching conversations' })).status).toBe(409);
    const bad = await exec.post('training/add', { name: 'Odd', status: 'Retired' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors![0].field).toBe('status');
    expect((await emma.post('training/add', { name: 'Mine' })).status).toBe(403);
    expect((await emma.post('training-category/add', { name: 'Mine' })).status).toBe(403);
    // company trainings identified by assessment
    const company = await exec.post('company-training/add', { trainingId: id.coaching, quarterIndex: 1 });
    ok(company);
    expect(company.body.data.companyTraining).toMatchObject({ origin: 'Assessment', status: 'Active' });
    expect((await emma.get('company-training?origin=Assessment')).body.data.total).toBe(1);
    // another company sees none of it
    expect((await other.get('training')).body.data.total).toBe(0);
    expect((await other.get(`training/${id.coaching}`)).status).toBe(404);
  });

  it('keeps annual training plans with their status update', async () => {
    const added = await exec.post('annual-training-plan/add', {
      name: 'Training plan 2026',
      year: 2026,
      startDate: '2026-01-01',
      endDate: '2026-12-31',
    });
    ok(added);
    expect(added.body.data.annualTrainingPlan).toMatchObject({
      status: 'Draft',
      requestedCount: 0,
      plannedCount: 0,
      completedCount: 0,
      executionRate: null,
    });
    id.plan = added.body.data.annualTrainingPlan.id;
    const backwards = await exec.post('annual-training-plan/add', {
      name: 'Backwards',
      year: 2026,
      startDate: '2026-12-31',
      endDate: '2026-01-01',
    });
    expect(backwards.status).toBe(422);
    expect(backwards.body.errors).toEqual([{ field: 'endDate', message: 'End date must not be before Start date' }]);
    const status = await exec.post('annual-training-plan/update-status', {
      id: id.plan,
      version: 1,
      status: 'Approved',
    });
    ok(status);
    expect(status.body.data.annualTrainingPlan.status).toBe('Approved');
    const more = await exec.post('annual-training-plan/update-status', {
      id: id.plan,
      version: 2,
      status: 'Approved',
      name: 'Renamed',
    });
    expect(more.status).toBe(422);
    expect(
      (await sam.post('annual-training-plan/update-status', { id: id.plan, version: 2, status: 'Closed' })).status,
    ).toBe(403);
    expect((await exec.post('annual-training-plan/add', { name: 'Forged', year: 2026, plannedCount: 5 })).status).toBe(
      422,
    );
  });

  it('moves a requested training to planned, then completed, removed back to planned, or removed', async () => {
    // employees request trainings for themselves; a supervisor for their reports; nobody for a stranger
    const asked = await emma.post('employee-training/add', {
      employeeId: id.emma,
      trainingId: id.coaching,
      annualTrainingPlanId: id.plan,
      status: 'Completed',
    });
    expect(asked.status).toBe(422); // the state is the workflow's to set
    const request = await emma.post('employee-training/add', {
      employeeId: id.emma,
      trainingId: id.coaching,
      annualTrainingPlanId: id.plan,
    });
    ok(request);
    expect(request.body.data.employeeTraining).toMatchObject({ status: 'Requested', origin: 'Request' });
    id.emmaCoaching = request.body.data.employeeTraining.id;
    id.eliExcel = (
      await sam.post('employee-training/add', {
        employeeId: id.eli,
        trainingId: id.excel,
        annualTrainingPlanId: id.plan,
        origin: 'Assessment',
      })
    ).body.data.employeeTraining.id;
    id.eliCoaching = (
      await exec.post('employee-training/add', { employeeId: id.eli, trainingId: id.coaching })
    ).body.data.employeeTraining.id;
    expect((await oz.post('employee-training/add', { employeeId: id.emma, trainingId: id.excel })).status).toBe(403);
    expect((await plan()).requestedCount).toBe(2);
    // an employee does not change a request once made; the supervisor and module admins do
    expect(
      (await emma.post('employee-training/update', { id: id.emmaCoaching, version: 1, notes: 'Please' })).status,
    ).toBe(403);

    // completing a training that was never planned is refused, and changes nothing
    const early = await exec.post('employee-training/complete-planned', {
      id: id.emmaCoaching,
      completionDate: '2026-03-01',
    });
    expect(early.status).toBe(409);
    expect(early.body.err_msg).toMatch(/is Requested: “Complete” is possible only while it is Planned/);
    expect((await training(id.emmaCoaching)).status).toBe('Requested');
    expect((await exec.post('employee-training/remove-planned', { id: id.emmaCoaching })).status).toBe(409);

    // planning names the plan and the date; only module admins and the employee's supervisor plan
    const missing = await exec.post('employee-training/add-to-planned', { id: id.emmaCoaching });
    expect(missing.status).toBe(422);
    expect(missing.body.errors!.map((e: { field: string }) => e.field)).toEqual(['plannedDate']);
    expect(
      (await emma.post('employee-training/add-to-planned', { id: id.emmaCoaching, plannedDate: '2026-03-01' })).status,
    ).toBe(403);
    expect(
      (await oz.post('employee-training/add-to-planned', { id: id.emmaCoaching, plannedDate: '2026-03-01' })).status,
    ).toBe(403);
    const planned = await sam.post('employee-training/add-to-planned', {
      id: id.emmaCoaching,
      plannedDate: '2026-03-01',
    });
    ok(planned);
    expect(planned.body.data.employeeTraining).toMatchObject({ status: 'Planned', plannedDate: '2026-03-01' });
    ok(await exec.post('employee-training/add-to-planned', { id: id.eliExcel, plannedDate: '2026-04-01' }));
    // a training is planned in a plan: one requested without a plan gets it first
    const planless = await exec.post('employee-training/add-to-planned', {
      id: id.eliCoaching,
      plannedDate: '2026-05-01',
    });
    expect(planless.status).toBe(422);
    expect(planless.body.errors).toEqual([
      {
        field: 'annualTrainingPlanId',
        message: expect.stringMatching(/is required: a training that is Planned belongs to an annual training plan/),
      },
    ]);
    expect((await training(id.eliCoaching)).status).toBe('Requested');
    const eliCoaching = await training(id.eliCoaching);
    ok(
      await sam.post('employee-training/update', {
        id: id.eliCoaching,
        version: eliCoaching.version,
        annualTrainingPlanId: id.plan,
      }),
    );
    ok(await exec.post('employee-training/add-to-planned', { id: id.eliCoaching, plannedDate: '2026-05-01' }));
    expect(await plan()).toMatchObject({ requestedCount: 0, plannedCount: 3, completedCount: 0, executionRate: 0 });

    // complete one: one of three planned trainings done
    const missingDate = await exec.post('employee-training/complete-planned', { id: id.emmaCoaching });
    expect(missingDate.status).toBe(422);
    const done = await sam.post('employee-training/complete-planned', {
      id: id.emmaCoaching,
      completionDate: '2026-03-02',
    });
    ok(done);
    expect(done.body.data.employeeTraining).toMatchObject({ status: 'Completed', completionDate: '2026-03-02' });
    expect(await plan()).toMatchObject({ plannedCount: 2, completedCount: 1, executionRate: 33.3 });
    const rate = await emma.get(`annual-training-plan/execution-rate?id=${id.plan}`);
    ok(rate);
    expect(rate.body.data.executionRate).toEqual({
      annualTrainingPlanId: id.plan,
      requested: 0,
      planned: 2,
      completed: 1,
      removed: 0,
      executionRate: 33.3,
    });

    // a completed training is removed back to planned; a planned one is removed (out of the rate)
    const back = await exec.post('employee-training/remove-completed', { id: id.emmaCoaching });
    ok(back);
    expect(back.body.data.employeeTraining.status).toBe('Planned');
    ok(await exec.post('employee-training/complete-planned', { id: id.emmaCoaching, completionDate: '2026-03-03' }));
    ok(await exec.post('employee-training/remove-planned', { id: id.eliCoaching }));
    expect((await training(id.eliCoaching)).status).toBe('Removed');
    expect((await exec.post('employee-training/remove-completed', { id: id.eliCoaching })).status).toBe(409);
    expect(await plan()).toMatchObject({ plannedCount: 1, completedCount: 1, executionRate: 50 });
    // another company's training is not found, whatever is sent with it; a stranger is refused before the values are judged
    expect(
      (await other.post('employee-training/complete-planned', { id: id.eliExcel, completionDate: 'soon' })).status,
    ).toBe(404);
    expect(
      (await oz.post('employee-training/complete-planned', { id: id.eliExcel, completionDate: 'soon' })).status,
    ).toBe(403);
    expect(
      (await exec.post('employee-training/complete-planned', { id: id.eliExcel, completionDate: 'soon' })).status,
    ).toBe(422);
    // the state moves only through the workflow
    const forged = await exec.post('employee-training/update', {
      id: id.eliExcel,
      version: (await training(id.eliExcel)).version,
      status: 'Completed',
    });
    expect(forged.status).toBe(422);

    // the plan lists its trainings, and every step is in the audit trail
    const children = (await plan()).employeeTrainingList.map((x: { id: number; status: string }) => [x.id, x.status]);
    expect(children).toEqual(
      expect.arrayContaining([
        [id.emmaCoaching, 'Completed'],
        [id.eliExcel, 'Planned'],
        [id.eliCoaching, 'Removed'],
      ]),
    );
    // every employee reads the plan (to ask for a training in it), but only the trainings she may read come with it:
    // her own, and her reports' for their supervisor
    const asRead = async (who: Client) =>
      (
        (await who.get(`annual-training-plan/${id.plan}`)).body.data.annualTrainingPlan.employeeTrainingList as {
          employeeId: number;
        }[]
      ).map((x) => x.employeeId);
    expect(new Set(await asRead(emma))).toEqual(new Set([id.emma]));
    expect(new Set(await asRead(eli))).toEqual(new Set([id.eli]));
    expect(new Set(await asRead(sam))).toEqual(new Set([id.emma, id.eli]));
    expect((await emma.get(`annual-training-plan?limit=10`)).status).toBe(200);
    const trail = (
      await exec.get(`audit-trail?entity=employee-training&recordId=${id.emmaCoaching}&sort=id`)
    ).body.data.list.map((e: { action: string }) => e.action);
    expect(trail).toEqual(['add', 'add-to-planned', 'complete-planned', 'remove-completed', 'complete-planned']);
    const eliTrail = (
      await exec.get(`audit-trail?entity=employee-training&recordId=${id.eliCoaching}&sort=id`)
    ).body.data.list.map((e: { action: string }) => e.action);
    expect(eliTrail).toEqual(['add', 'update', 'add-to-planned', 'remove-planned']);
  });

  it('refuses to change trainings of a closed plan, and recounts the plan when a training goes', async () => {
    const p = await plan();
    ok(await exec.post('annual-training-plan/update-status', { id: id.plan, version: p.version, status: 'Closed' }));
    const refused = await exec.post('employee-training/complete-planned', {
      id: id.eliExcel,
      completionDate: '2026-04-02',
    });
    expect(refused.status).toBe(409);
    expect(refused.body.err_msg).toBe(
      'The annual training plan “Training plan 2026” is Closed, so this employee training can no longer be changed',
    );
    // held by its closed plan (entity.json heldBy): nothing of it is offered
    expect((await training(id.eliExcel))._allowed).toMatchObject({ update: false, delete: false, transitions: [] });
    expect((await training(id.eliExcel)).status).toBe('Planned');
    const reopened = await plan();
    ok(
      await exec.post('annual-training-plan/update-status', {
        id: id.plan,
        version: reopened.version,
        status: 'Approved',
      }),
    );
    ok(await exec.post('employee-training/delete', { id: id.eliCoaching }));
    ok(await exec.post('employee-training/delete', { id: id.eliExcel }));
    expect(await plan()).toMatchObject({ plannedCount: 0, completedCount: 1, executionRate: 100 });
  });

  it('shows each employee their own trainings and a supervisor those of their reports', async () => {
    id.eliExcel = (
      await eli.post('employee-training/add', { employeeId: id.eli, trainingId: id.excel })
    ).body.data.employeeTraining.id;
    const mine = (await emma.get('employee-training?owner=me')).body.data.list.map((x: { id: number }) => x.id);
    expect(mine).toEqual([id.emmaCoaching]);
    // an employee reads no one else's trainings
    expect((await emma.get('employee-training')).body.data.list.map((x: { id: number }) => x.id)).toEqual([
      id.emmaCoaching,
    ]);
    expect((await emma.get(`employee-training/${id.eliExcel}`)).status).toBe(403);
    const reports = (await sam.get('employee-training?owner=reports&sort=id')).body.data.list.map(
      (x: { employeeId: number }) => x.employeeId,
    );
    expect(reports).toEqual([id.emma, id.eli]);
    expect((await oz.get('employee-training?owner=reports')).body.data.total).toBe(0);
    // the my-inbox trainings screen is now the employee's own trainings of the plans
    const screens = t.stratum.registry.modules.get('performance')!.screens;
    expect(screens.find((s) => s.path === '/app/my-inbox/trainings')).toMatchObject({
      kind: 'list',
      entity: 'employee-training',
      owner: 'me',
    });
    expect(screens.find((s) => s.path === '/app/my-inbox/add-training')).toMatchObject({
      kind: 'form',
      entity: 'employee-training',
      owner: 'me',
    });
    // the subordinate development view starts with the employee view, over the caller's reports
    const sub = t.stratum.registry.modules.get('personal-development')!.screens;
    const tabs = sub.find((s) => s.path === '/app/personal-development/my-subordinate-personal-development/trainings')!
      .tabs!;
    expect(sub.find((s) => s.path === tabs[0])).toMatchObject({
      owner: 'reports',
      label: 'screen.subordinateTrainingsByEmployee',
    });
    const plans = sub.find((s) => s.path === '/app/personal-development/training-plans-executions')!.tabs!;
    expect(sub.find((s) => s.path === plans[0])!.preset).toEqual({ status: 'Requested' });
  });

  it('lets an employee delete her own request only while it is Requested; a planned or completed one stays', async () => {
    const mine = async (who: Client, trainingId: number) =>
      (await who.get(`employee-training/${trainingId}`)).body.data.employeeTraining;
    const asked = (
      await eli.post('employee-training/add', {
        employeeId: id.eli,
        trainingId: id.coaching,
        annualTrainingPlanId: id.plan,
      })
    ).body.data.employeeTraining;
    expect((await mine(eli, asked.id))._allowed.delete).toBe(true);
    ok(await sam.post('employee-training/add-to-planned', { id: asked.id, plannedDate: '2026-05-04' }));
    // planned by her supervisor: hers to read, no longer hers to delete (nor to change)
    expect((await mine(eli, asked.id))._allowed).toMatchObject({ update: false, delete: false });
    const refused = await eli.post('employee-training/delete', { id: asked.id });
    expect(refused.status).toBe(409);
    expect(refused.body.err_msg).toMatch(/Planned/);
    expect((await mine(exec, asked.id)).status).toBe('Planned');
    // the one the module admin completed for Emma stays too
    expect((await mine(emma, id.emmaCoaching)).status).toBe('Completed');
    expect((await emma.post('employee-training/delete', { id: id.emmaCoaching })).status).toBe(409);
    // her supervisor and the module admin still may
    expect((await mine(sam, asked.id))._allowed.delete).toBe(true);
    ok(await sam.post('employee-training/delete', { id: asked.id }));
  });

  it('offers on a training request only the employees the caller may request it for', async () => {
    const pickable = async (who: Client, query = 'pickableFor=employee-training.employeeId') =>
      ((await who.get(`employee?limit=100&${query}`)).body.data.list as { id: number }[]).map((e) => e.id).sort();
    const sorted = (...ids: number[]) => [...ids].sort();
    // the supervisor: himself and his reports; an employee: herself; the module admin: everyone
    expect(await pickable(sam)).toEqual(sorted(id.sam, id.emma, id.eli));
    expect(await pickable(emma)).toEqual([id.emma]);
    expect((await pickable(exec)).length).toBe((await pickable(exec, '')).length);
    // an acting supervisor's stand-in reports too, and only while he stands in
    const e = (await exec.get(`employee/${id.emma}`)).body.data.employee;
    const acting = await exec.post('employee/update', { id: id.emma, version: e.version, actingSupervisorId: id.oz });
    ok(acting);
    expect(await pickable(oz)).toEqual(sorted(id.oz, id.emma));
    const back = acting.body.data.employee;
    ok(await exec.post('employee/update', { id: id.emma, version: back.version, actingSupervisorId: null }));
    expect(await pickable(oz)).toEqual([id.oz]);
    // every one offered is accepted by the add, one not offered is refused
    const asked = await sam.post('employee-training/add', { trainingId: id.excel, employeeId: id.eli });
    ok(asked);
    expect((await sam.post('employee-training/add', { trainingId: id.excel, employeeId: id.oz })).status).toBe(403);
    const made = asked.body.data.employeeTraining;
    ok(await sam.post('employee-training/delete', { id: made.id, version: made.version }));
    // only a reference to employee of a known entity, and only on the employee list
    expect((await exec.get('employee?pickableFor=employee-training.name')).status).toBe(400);
    expect((await exec.get('department?pickableFor=employee-training.employeeId')).status).toBe(400);
  });

  it('reports each employee’s trainings by status, with the full name, aggregated in SQL', async () => {
    const r = await exec.get('employee-training/report');
    ok(r);
    expect(r.body.data.report.list).toEqual([
      {
        id: id.eli,
        firstName: 'Eli',
        lastName: 'Employee',
        fullName: 'Eli Employee',
        requested: 1,
        planned: 0,
        completed: 0,
        removed: 0,
      },
      {
        id: id.emma,
        firstName: 'Emma',
        lastName: 'Employee',
        fullName: 'Emma Employee',
        requested: 0,
        planned: 0,
        completed: 1,
        removed: 0,
      },
    ]);
    expect((await exec.get(`employee-training/report?annualTrainingPlanId=${id.plan}`)).body.data.report.total).toBe(1);
    expect((await exec.get('employee-training/report?annualTrainingPlanId=x')).status).toBe(422);
    expect((await other.get('employee-training/report')).body.data.report.total).toBe(0);
  });

  it('keeps training tags working beside the new trainings', async () => {
    ok(
      await emma.post('training-tag/add', {
        employeeId: id.emma,
        quarterIndex: 0,
        kind: 'employee',
        training: 'Negotiation skills',
      }),
    );
    expect(
      (await emma.get('training-tag?owner=me')).body.data.list.map((x: { training: string }) => x.training),
    ).toEqual(['Negotiation skills']);
  });
});
