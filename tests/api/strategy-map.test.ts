import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BAND_COLOURS, UNSCORED_COLOUR } from '../../engine/hooks/strategy-management/strategy-map-graph.ts';
import { backends } from '../support/backends.ts';
import { addObjective, addPerspective, addPillar, addStrategicPlan } from '../support/strategy-records.ts';
import { startTestStratum, type Client, type Reply, type TestStratum } from '../support/test-stratum.ts';

const ok = (r: Reply) => expect(r.status, r.body.err_msg ?? '').toBe(200);
const MODULES = ['strategic', 'strategy-management', 'strategy-execution'];

describe.each(backends())('the strategy map on $name', (backend) => {
  let t: TestStratum;
  let exec: Client;
  let emma: Client; // a plain employee: reads the map
  let other: Client;
  const id: Record<string, number> = {};
  const map = async (who: Client = emma) => {
    const r = await who.get(`pillar-objective/map?strategicPlanId=${id.plan}`);
    ok(r);
    return r.body.data.map as {
      nodes: Record<string, any>[];
      edges: Record<string, any>[];
      bands: Record<string, any>[];
    };
  };
  const node = (m: Awaited<ReturnType<typeof map>>, key: string) => m.nodes.find((n) => n.key === key)!;

  beforeAll(async () => {
    t = await startTestStratum(backend);
    exec = (await t.addCompany('Mapco', { modules: MODULES })).executive;
    emma = await t.addEmployee(exec, 'Emma', 'Ployee', 'emma@mapco.example');
    other = (await t.addCompany('Otherco', { modules: MODULES })).executive;
    id.plan = await addStrategicPlan(exec, 'Vision 2030', '2026-01-01', '2030-12-31');
    id.customers = await addPerspective(exec, id.plan, 'Customers');
    id.learning = await addPerspective(exec, id.plan, 'Learning');
    id.growth = await addPillar(exec, id.plan, 'Growth');
    id.people = await addPillar(exec, id.plan, 'People');
    id.exports = await addObjective(exec, id.growth, 'Grow exports', { perspectiveId: id.customers });
    id.skills = await addObjective(exec, id.people, 'Build skills', { perspectiveId: id.learning });
    ok(
      await exec.post('objective-link/add', {
        causeObjectiveId: id.skills,
        effectObjectiveId: id.exports,
        description: 'Skilled people sell abroad',
      }),
    );
    const bu = (await exec.post('business-unit/add', { name: 'North' })).body.data.business_unit.id;
    id.execPlan = (
      await exec.post('execution-plan/add', {
        name: 'FY 2027',
        strategicPlanId: id.plan,
        startDate: '2027-01-01',
        endDate: '2027-12-31',
      })
    ).body.data.annualPlan.id;
    const objective = (
      await exec.post('annual-objective/add', {
        executionPlanId: id.execPlan,
        pillarObjectiveId: id.skills,
        name: 'Skills 2027',
      })
    ).body.data.annualObjective.id;
    id.initiative = (
      await exec.post('annual-initiative/add', {
        annualObjectiveId: objective,
        businessUnitId: bu,
        quarterIndex: 0,
        name: 'Academy',
        target: 50,
      })
    ).body.data.annualInitiative.id;
    id.cycle = (
      await exec.post('performance-review-cycle/add', {
        executionPlanId: id.execPlan,
        name: 'Q1',
        startDate: '2027-04-01',
        endDate: '2027-04-15',
      })
    ).body.data.reviewCycle.id;
  });
  afterAll(() => t.close());

  it("shows the plan's perspectives, pillars and objectives, unscored and grey before anything is measured, with the cause-and-effect link", async () => {
    const m = await map();
    expect(m.nodes.map((n) => n.key).sort()).toEqual(
      [
        `objective:${id.exports}`,
        `objective:${id.skills}`,
        `perspective:${id.customers}`,
        `perspective:${id.learning}`,
        `pillar:${id.growth}`,
        `pillar:${id.people}`,
      ].sort(),
    );
    for (const n of m.nodes) expect(n).toMatchObject({ percent: null, score: null, colour: UNSCORED_COLOUR });
    expect(m.edges.filter((e) => e.kind === 'causes')).toEqual([
      {
        source: `objective:${id.skills}`,
        target: `objective:${id.exports}`,
        kind: 'causes',
        description: 'Skilled people sell abroad',
      },
    ]);
    expect(m.bands.map((b) => [b.min, b.max])).toEqual([
      [0, 59],
      [60, 79],
      [80, 99],
      [100, 119],
      [120, 1000],
    ]);
  });

  it("colours an objective by its measures against the plan's own rating scale and its colours", async () => {
    const colours = ['#d32f2f', '#f57c00', '#fbc02d', '#689f38', '#1b5e20'];
    for (const [i, target] of [50, 70, 90, 110, 1000].entries())
      ok(
        await exec.post('rating-scale/add', {
          strategicPlanId: id.plan,
          rating: i + 1,
          description: `Band ${i + 1}`,
          target,
          colorValue: colours[i],
        }),
      );
    ok(
      await exec.post('measure/add', { pillarObjectiveId: id.exports, name: 'Export revenue', target: 20, actual: 15 }),
    );
    const m = await map();
    // 15 of 20 = 75 % → band 3 (71–90) of this scale
    expect(node(m, `objective:${id.exports}`)).toMatchObject({ percent: 75, score: 3, colour: '#fbc02d' });
    expect(node(m, `pillar:${id.growth}`)).toMatchObject({ percent: 75, colour: '#fbc02d' });
    expect(node(m, `perspective:${id.customers}`)).toMatchObject({ percent: 75 });
  });

  it("changes an objective's colour only once its initiative's review is accepted", async () => {
    const review = (
      await exec.post('performance-review/add', {
        performanceReviewCycleId: id.cycle,
        annualInitiativeId: id.initiative,
        actual: 60,
      })
    ).body.data.performanceReview;
    const submitted = (await exec.post('performance-review/submit', { id: review.id, version: review.version })).body
      .data.performanceReview;
    expect(node(await map(), `objective:${id.skills}`).colour).toBe(UNSCORED_COLOUR);
    ok(await exec.post('performance-review/accept', { id: submitted.id, version: submitted.version }));
    // 60 of 50 = 120 % → band 5 (111–1000)
    expect(node(await map(), `objective:${id.skills}`)).toMatchObject({ percent: 120, score: 5, colour: '#1b5e20' });
  });

  it('falls back to the default colours when the scale has none', async () => {
    const scale = (await exec.get(`rating-scale?strategicPlanId=${id.plan}`)).body.data.list.find(
      (s: { rating: number }) => s.rating === 3,
    );
    ok(await exec.post('rating-scale/update', { id: scale.id, version: scale.version, colorValue: null }));
    expect(node(await map(), `objective:${id.exports}`).colour).toBe(BAND_COLOURS[3]);
  });

  it('refuses a missing or unknown plan, and shows another company nothing', async () => {
    const missing = await emma.get('pillar-objective/map');
    expect(missing.status).toBe(422);
    expect(missing.body.err_msg).toBe('Strategic plan is required');
    expect((await emma.get('pillar-objective/map?strategicPlanId=999999')).status).toBe(404);
    expect((await other.get(`pillar-objective/map?strategicPlanId=${id.plan}`)).status).toBe(404);
  });
});
