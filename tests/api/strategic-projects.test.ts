import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../support/backends.ts';
import { addStrategicPlan } from '../support/strategy-records.ts';
import { startTestStratum, type Client, type Reply, type TestStratum } from '../support/test-stratum.ts';

const ok = (r: Reply) => expect(r.status, r.body.err_msg ?? '').toBe(200);
const MODULES = ['strategic', 'strategic-projects'];

describe.each(backends())('strategic projects on $name', (backend) => {
  let t: TestStratum;
  let exec: Client;
  let mia: Client; // manages one project
  let emma: Client; // a plain employee
  let other: Client;
  const id: Record<string, number> = {};
  let project: Record<string, any>;

  beforeAll(async () => {
    t = await startTestStratum(backend);
    exec = (await t.addCompany('Projco', { modules: MODULES })).executive;
    mia = await t.addEmployee(exec, 'Mia', 'Manager', 'mia@projco.example');
    emma = await t.addEmployee(exec, 'Emma', 'Ployee', 'emma@projco.example');
    other = (await t.addCompany('Otherco', { modules: MODULES })).executive;
    id.mia = (await exec.get('employee?email=mia@projco.example')).body.data.list[0].id;
    id.plan = await addStrategicPlan(exec, 'Vision 2030', '2026-01-01', '2030-12-31');
  });
  afterAll(() => t.close());

  it('redirects the module to a screen that exists (defect D01) and titles the projects list as the spec writes it', () => {
    const screens = t.stratum.registry.modules.get('strategic-projects')!.screens;
    const redirect = screens.find((s) => s.path === '/app/strategic-projects')!;
    expect(redirect.to).toBe('/app/strategic-projects/annual-plans');
    expect(screens.some((s) => s.path === redirect.to && s.kind === 'list')).toBe(true);
    const en = t.stratum.registry.messages.en;
    expect(en[t.stratum.registry.entity('strategic-project').errors.list]).toBe('Get Projects Failed');
  });

  it('adds annual plans of projects between dates; an end before the start is refused naming the field', async () => {
    const backwards = await exec.post('project-plan/add', {
      name: 'Projects 2027',
      strategicPlanId: id.plan,
      startDate: '2027-12-31',
      endDate: '2027-01-01',
    });
    expect(backwards.status).toBe(422);
    expect(backwards.body.errors).toEqual([{ field: 'endDate', message: 'End date must not be before Start date' }]);
    expect(
      (
        await emma.post('project-plan/add', {
          name: 'Mine',
          strategicPlanId: id.plan,
          startDate: '2027-01-01',
          endDate: '2027-12-31',
        })
      ).status,
    ).toBe(403);
    const r = await exec.post('project-plan/add', {
      name: 'Projects 2027',
      strategicPlanId: id.plan,
      startDate: '2027-01-01',
      endDate: '2027-12-31',
    });
    ok(r);
    id.projectPlan = r.body.data.annualPlan.id;
    id.otherProjectPlan = (
      await exec.post('project-plan/add', {
        name: 'Projects 2028',
        strategicPlanId: id.plan,
        startDate: '2028-01-01',
        endDate: '2028-12-31',
      })
    ).body.data.annualPlan.id;
  });

  it("groups a plan's projects under its pillars; a pillar of another plan is refused", async () => {
    id.digital = (
      await exec.post('project-pillar/add', { projectPlanId: id.projectPlan, name: 'Digital' })
    ).body.data.pillar.id;
    id.later = (
      await exec.post('project-pillar/add', { projectPlanId: id.otherProjectPlan, name: 'Later' })
    ).body.data.pillar.id;
    const wrong = await exec.post('strategic-project/add', {
      projectPlanId: id.projectPlan,
      projectPillarId: id.later,
      name: 'ERP',
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toEqual([
      {
        field: 'projectPillarId',
        message: 'Project pillar belongs to another annual plan (strategic projects) than this strategic project',
      },
    ]);
    const r = await exec.post('strategic-project/add', {
      projectPlanId: id.projectPlan,
      projectPillarId: id.digital,
      name: 'ERP',
      managerId: id.mia,
      estimatedCost: 100000,
      budgetSpent: 40000,
      progress: 40,
    });
    ok(r);
    project = r.body.data.project;
    // on-going is the default execution type
    expect(project.type).toBe('on-going');
    ok(
      await exec.post('strategic-project/add', {
        projectPlanId: id.projectPlan,
        projectPillarId: id.digital,
        name: 'Website',
        type: 'completed',
        estimatedCost: 5000,
        budgetSpent: 5000,
        progress: 100,
      }),
    );
    expect(
      (await emma.get(`strategic-project?projectPlanId=${id.projectPlan}&type=on-going`)).body.data.list.map(
        (p: { name: string }) => p.name,
      ),
    ).toEqual(['ERP']);
    const bad = await exec.post('strategic-project/add', {
      projectPlanId: id.projectPlan,
      name: 'Odd',
      type: 'cancelled',
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors?.[0].field).toBe('type');
  });

  it('lets the project manager move the project on, and nobody else without admin access', async () => {
    expect(
      (await emma.post('strategic-project/update', { id: project.id, version: project.version, progress: 90 })).status,
    ).toBe(403);
    const r = await mia.post('strategic-project/update', {
      id: project.id,
      version: project.version,
      progress: 60,
      budgetSpent: 55000,
    });
    ok(r);
    project = r.body.data.project;
    expect(project).toMatchObject({ progress: 60, budgetSpent: 55000 });
  });

  it('adds and edits project risks (Low to Extreme), read with the project', async () => {
    const bad = await exec.post('strategic-project-risk/add', {
      strategicProjectId: project.id,
      name: 'Vendor lock-in',
      rating: 'Severe',
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual([{ field: 'rating', message: 'Level must be Low, Moderate, High or Extreme' }]);
    const r = await exec.post('strategic-project-risk/add', {
      strategicProjectId: project.id,
      name: 'Vendor lock-in',
      rating: 'High',
      mitigation: 'Open standards',
    });
    ok(r);
    const risk = r.body.data.projectRisk;
    expect(risk.status).toBe('In Progress');
    expect(
      (await emma.post('strategic-project-risk/update', { id: risk.id, version: risk.version, status: 'Complete' }))
        .status,
    ).toBe(403);
    ok(await exec.post('strategic-project-risk/update', { id: risk.id, version: risk.version, rating: 'Moderate' }));
    const read = (await emma.get(`strategic-project/${project.id}`)).body.data.project;
    expect(read.riskList.map((x: Record<string, unknown>) => [x.name, x.rating])).toEqual([
      ['Vendor lock-in', 'Moderate'],
    ]);
  });

  it('reports the execution by type and by pillar, summed in SQL', async () => {
    const byType = await emma.get(`strategic-project/report?projectPlanId=${id.projectPlan}`);
    ok(byType);
    expect(
      byType.body.data.report.list.map((r: Record<string, unknown>) => [
        r.name,
        r.projects,
        r.estimatedCost,
        r.budgetSpent,
        r.percent,
        r.openRisks,
      ]),
    ).toEqual([
      ['completed', 1, 5000, 5000, 100, 0],
      ['on-going', 1, 100000, 55000, 60, 1],
    ]);
    const byPillar = await emma.get(`strategic-project/report?by=pillar&projectPlanId=${id.projectPlan}`);
    expect(byPillar.body.data.report.list.map((r: Record<string, unknown>) => [r.name, r.projects, r.percent])).toEqual(
      [['Digital', 2, 80]],
    );
    expect((await emma.get('strategic-project/report?by=owner')).status).toBe(422);
  });

  it('shows another company nothing of it', async () => {
    for (const entity of ['project-plan', 'project-pillar', 'strategic-project', 'strategic-project-risk'])
      expect((await other.get(entity)).body.data.total, entity).toBe(0);
    expect((await other.get(`strategic-project/${project.id}`)).status).toBe(404);
    expect((await other.get('strategic-project/report')).body.data.report.total).toBe(0);
  });
});
