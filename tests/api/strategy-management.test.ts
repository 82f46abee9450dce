import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../support/backends.ts';
import { addObjective, addPerspective, addPillar, addStrategicPlan } from '../support/strategy-records.ts';
import { startTestStratum, type Client, type Reply, type TestStratum } from '../support/test-stratum.ts';

const ok = (r: Reply) => expect(r.status, r.body.err_msg ?? '').toBe(200);
const MODULES = ['strategic', 'strategy-management', 'performance'];

describe.each(backends())('strategy management on $name', (backend) => {
  let t: TestStratum;
  let exec: Client; // the executive: admin access to the modules
  let emma: Client; // a plain employee
  let other: Client; // the executive of another company
  const id: Record<string, number> = {};

  beforeAll(async () => {
    t = await startTestStratum(backend);
    exec = (await t.addCompany('Stratco', { modules: MODULES })).executive;
    emma = await t.addEmployee(exec, 'Emma', 'Ployee', 'emma@stratco.example');
    other = (await t.addCompany('Otherco', { modules: MODULES })).executive;
    id.plan = await addStrategicPlan(exec, 'Vision 2030', '2026-01-01', '2030-12-31');
    id.oldPlan = await addStrategicPlan(exec, 'Vision 2025', '2021-01-01', '2025-12-31');
    id.customers = await addPerspective(exec, id.plan, 'Customers');
    id.oldPerspective = await addPerspective(exec, id.oldPlan, 'Finance');
  });
  afterAll(() => t.close());

  it('titles the strategic plans of this module as the spec writes it, and redirects the module to my tasks', () => {
    const en = t.stratum.registry.messages.en;
    const screens = t.stratum.registry.modules.get('strategy-management')!.screens;
    const plans = screens.find((s) => s.path === '/app/strategy-management/strategic-plans')!;
    expect(en[plans.errors!.list!]).toBe('Get All Strategic Plan Failed');
    expect(screens.find((s) => s.path === '/app/strategy-management')).toMatchObject({
      kind: 'redirect',
      to: '/app/strategy-management/my-task',
    });
    expect(en[t.stratum.registry.entity('performance-rating').errors.add]).toBe('Add Performance Rating Failed');
  });

  it('keeps performance and implementation ratings as settings that only module admins change', async () => {
    const r = await exec.post('performance-rating/add', {
      name: 'Outstanding',
      rating: 5,
      min: 120,
      max: 1000,
      colorValue: '#2e7d32',
    });
    ok(r);
    id.outstanding = r.body.data.performanceRating.id;
    const backwards = await exec.post('performance-rating/add', { name: 'Odd', rating: 4, min: 100, max: 80 });
    expect(backwards.status).toBe(422);
    expect(backwards.body.errors).toEqual([{ field: 'max', message: 'Maximum must not be less than Minimum' }]);
    expect((await exec.post('performance-rating/add', { name: 'Twice', rating: 5 })).status).toBe(409);
    expect((await emma.post('performance-rating/add', { name: 'Mine', rating: 1 })).status).toBe(403);
    const impl = await exec.post('implementation-rating/add', { name: 'On track', rating: 3 });
    ok(impl);
    const rating = impl.body.data.implementationRating;
    expect(
      (await emma.post('implementation-rating/update', { id: rating.id, version: rating.version, name: 'Mine' }))
        .status,
    ).toBe(403);
    const updated = await exec.post('implementation-rating/update', {
      id: rating.id,
      version: rating.version,
      name: 'Largely on track',
      colorValue: '#7cb342',
    });
    ok(updated);
    expect(updated.body.data.implementationRating).toMatchObject({
      name: 'Largely on track',
      colorValue: '#7cb342',
      version: 2,
    });
    id.onTrack = rating.id;
    ok(await emma.get('performance-rating'));
    expect((await emma.get('implementation-rating')).body.data.list.map((x: { name: string }) => x.name)).toEqual([
      'Largely on track',
    ]);
  });

  it('builds a plan of pillars and objectives; each objective carries its plan and only its plan’s perspectives', async () => {
    const pillar = await exec.post('strategic-pillar/add', {
      strategicPlanId: id.plan,
      name: 'Growth',
      perspectiveId: id.customers,
    });
    ok(pillar);
    id.growth = pillar.body.data.pillar.id;
    id.people = await addPillar(exec, id.plan, 'People');
    expect((await emma.post('strategic-pillar/add', { strategicPlanId: id.plan, name: 'Mine' })).status).toBe(403);
    const objective = await exec.post('pillar-objective/add', {
      pillarId: id.growth,
      name: 'Grow exports',
      perspectiveId: id.customers,
      weight: 60,
    });
    ok(objective);
    expect(objective.body.data.objective).toMatchObject({ strategicPlanId: id.plan, pillarId: id.growth });
    id.exports = objective.body.data.objective.id;
    id.skills = await addObjective(exec, id.people, 'Build skills');
    const foreign = await exec.post('pillar-objective/add', {
      pillarId: id.growth,
      name: 'Wrong lens',
      perspectiveId: id.oldPerspective,
    });
    expect(foreign.status).toBe(422);
    expect(foreign.body.errors).toEqual([
      { field: 'perspectiveId', message: 'Perspective belongs to another strategic plan than this pillar objective' },
    ]);
    const forged = await exec.post('pillar-objective/add', {
      pillarId: id.growth,
      name: 'Forged',
      strategicPlanId: id.oldPlan,
    });
    expect(forged.status).toBe(422);
    expect(forged.body.errors).toEqual([{ field: 'strategicPlanId', message: 'Strategic plan is read-only' }]);
    expect(
      (await emma.get(`pillar-objective?strategicPlanId=${id.plan}`)).body.data.list.map(
        (o: { name: string }) => o.name,
      ),
    ).toEqual(['Build skills', 'Grow exports']);
    // a read carries the pillar's objectives with their measures and initiatives
    const read = (await emma.get(`strategic-pillar/${id.growth}`)).body.data.pillar;
    expect(read.objectiveList.map((o: { name: string }) => o.name)).toEqual(['Grow exports']);
  });

  it('measures an objective and plans its initiatives; an initiative ending before it starts is refused naming the field', async () => {
    const measure = await exec.post('measure/add', {
      pillarObjectiveId: id.exports,
      name: 'Export revenue',
      unit: 'M€',
      baseline: 10,
      target: 20,
      actual: 15,
    });
    ok(measure);
    expect(measure.body.data.measure.strategicPlanId).toBe(id.plan);
    const backwards = await exec.post('strategic-initiative/add', {
      pillarObjectiveId: id.exports,
      name: 'Trade fairs',
      startDate: '2027-05-01',
      endDate: '2027-04-01',
    });
    expect(backwards.status).toBe(422);
    expect(backwards.body.errors).toEqual([{ field: 'endDate', message: 'End date must not be before Start date' }]);
    const initiative = await exec.post('strategic-initiative/add', {
      pillarObjectiveId: id.exports,
      name: 'Trade fairs',
      startDate: '2027-01-01',
      endDate: '2027-12-31',
      budget: 25000,
      implementationRatingId: id.onTrack,
    });
    ok(initiative);
    expect(initiative.body.data.initiative).toMatchObject({ strategicPlanId: id.plan, budget: 25000 });
    const read = (await exec.get(`pillar-objective/${id.exports}`)).body.data.objective;
    expect(read.measureList.map((m: { name: string }) => m.name)).toEqual(['Export revenue']);
    expect(read.initiativeList.map((i: { name: string }) => i.name)).toEqual(['Trade fairs']);
    expect((await exec.get(`measure?strategicPlanId=${id.oldPlan}`)).body.data.total).toBe(0);
  });

  it('links objectives as cause and effect within one plan', async () => {
    const self = await exec.post('objective-link/add', { causeObjectiveId: id.exports, effectObjectiveId: id.exports });
    expect(self.status).toBe(422);
    expect(self.body.errors).toEqual([
      {
        field: 'effectObjectiveId',
        message: 'Effect (objective) must be another objective than the cause (objective)',
      },
    ]);
    const oldPillar = (await exec.post('strategic-pillar/add', { strategicPlanId: id.oldPlan, name: 'Legacy' })).body
      .data.pillar.id;
    const oldObjective = (await exec.post('pillar-objective/add', { pillarId: oldPillar, name: 'Old goal' })).body.data
      .objective.id;
    const across = await exec.post('objective-link/add', {
      causeObjectiveId: id.skills,
      effectObjectiveId: oldObjective,
    });
    expect(across.status).toBe(422);
    expect(across.body.errors?.[0].field).toBe('effectObjectiveId');
    const link = await exec.post('objective-link/add', {
      causeObjectiveId: id.skills,
      effectObjectiveId: id.exports,
      description: 'Skilled people sell abroad',
    });
    ok(link);
    expect(link.body.data.objectiveLink.strategicPlanId).toBe(id.plan);
    expect(
      (await exec.post('objective-link/add', { causeObjectiveId: id.skills, effectObjectiveId: id.exports })).status,
    ).toBe(409);
  });

  it("records a corporate scorecard's monthly progress by KPI, carrying the scorecard", async () => {
    const annual = (
      await exec.post('annual-plan/add', {
        name: 'FY 2027',
        strategicPlanId: id.plan,
        startDate: '2027-01-01',
        endDate: '2027-12-31',
      })
    ).body.data.annualPlan.id;
    const card = (
      await exec.post('performance-scorecard/add', { name: 'Corporate 2027', level: 'corporate', annualPlanId: annual })
    ).body.data;
    const cardId = (card.scorecard ?? card.item ?? card.performanceScorecard).id;
    const kpi = (await exec.post('performance-kpi/add', { name: 'Export revenue', scorecardId: cardId, target: 20 }))
      .body.data;
    const kpiId = (kpi.kpi ?? kpi.item ?? kpi.performanceKpi).id;
    const r = await exec.post('monthly-progress/add', { performanceKpiId: kpiId, month: 3, actual: 4.5 });
    ok(r);
    expect(r.body.data.monthlyProgress).toMatchObject({ scorecardId: cardId, month: 3, actual: 4.5 });
    const month = await exec.post('monthly-progress/add', { performanceKpiId: kpiId, month: 13, actual: 1 });
    expect(month.status).toBe(422);
    expect(month.body.errors?.[0].field).toBe('month');
    expect((await exec.get(`monthly-progress?scorecardId=${cardId}&month=3`)).body.data.total).toBe(1);
    expect((await emma.post('monthly-progress/add', { performanceKpiId: kpiId, month: 4, actual: 1 })).status).toBe(
      403,
    );
  });

  it('shows another company nothing of it', async () => {
    for (const entity of [
      'performance-rating',
      'implementation-rating',
      'strategic-pillar',
      'pillar-objective',
      'measure',
      'strategic-initiative',
      'objective-link',
      'monthly-progress',
    ])
      expect((await other.get(entity)).body.data.total, entity).toBe(0);
    expect((await other.get(`pillar-objective/${id.exports}`)).status).toBe(404);
    const cross = await other.post('pillar-objective/add', { pillarId: id.growth, name: 'Stolen' });
    expect(cross.status).toBeGreaterThanOrEqual(400);
    expect(cross.status).toBeLessThan(500);
    expect((await exec.get(`pillar-objective?pillarId=${id.growth}`)).body.data.total).toBe(1);
  });
});
