import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../support/backends.ts';
import { addObjective, addPillar, addStrategicPlan } from '../support/strategy-records.ts';
import { startTestStratum, type Client, type Reply, type TestStratum } from '../support/test-stratum.ts';

const ok = (r: Reply) => expect(r.status, r.body.err_msg ?? '').toBe(200);
const MODULES = ['strategic', 'strategy-management', 'strategy-execution'];

describe.each(backends())('strategy execution on $name', (backend) => {
  let t: TestStratum;
  let exec: Client; // the executive: admin access to the modules
  let abe: Client; // the annual plan's approver
  let olga: Client; // owns the initiatives
  let emma: Client; // a plain employee
  let other: Client; // the executive of another company
  const id: Record<string, number> = {};
  let plan: Record<string, any>;
  let review: Record<string, any>;
  const count = async (path: string) => (await exec.get(path)).body.data.total as number;

  beforeAll(async () => {
    t = await startTestStratum(backend);
    exec = (await t.addCompany('Execo', { modules: MODULES })).executive;
    abe = await t.addEmployee(exec, 'Abe', 'Approver', 'abe@execo.example');
    olga = await t.addEmployee(exec, 'Olga', 'Owner', 'olga@execo.example');
    emma = await t.addEmployee(exec, 'Emma', 'Ployee', 'emma@execo.example');
    other = (await t.addCompany('Otherco', { modules: MODULES })).executive;
    for (const who of ['abe', 'olga'])
      id[who] = (await exec.get(`employee?email=${who}@execo.example`)).body.data.list[0].id;
    id.north = (await exec.post('business-unit/add', { name: 'North' })).body.data.business_unit.id;
    id.south = (await exec.post('business-unit/add', { name: 'South' })).body.data.business_unit.id;
    id.plan = await addStrategicPlan(exec, 'Vision 2030', '2026-01-01', '2030-12-31');
    id.otherPlan = await addStrategicPlan(exec, 'Old vision', '2020-01-01', '2025-12-31');
    id.pillar = await addPillar(exec, id.plan, 'Growth');
    id.otherPillar = await addPillar(exec, id.otherPlan, 'Legacy');
    id.objective = await addObjective(exec, id.pillar, 'Grow exports');
    id.otherObjective = await addObjective(exec, id.otherPillar, 'Old goal');
  });
  afterAll(() => t.close());

  it('titles the calls as the spec writes them', () => {
    const en = t.stratum.registry.messages.en;
    const title = (entity: string, call: string) => en[t.stratum.registry.entity(entity).errors[call]];
    expect(title('execution-plan', 'accept')).toBe('Accept Annual Plan Failed');
    expect(title('execution-plan', 'report')).toBe('Get Execution Failed');
    expect(title('performance-review', 'list')).toBe('Get Performance Reviews Failed');
    expect(title('performance-review', 'add')).toBe('Set Performance Review Failed');
    expect(title('annual-plan-performance-review', 'accept')).toBe('Accept Annual Plan Performance Review Failed');
    const accepted = t.stratum.registry.modules
      .get('strategy-execution')!
      .screens.find((s) => s.path.endsWith('/annual-plan-performance-reviews/accepted'))!;
    expect(en[accepted.errors!.list!]).toBe('Get Annual Plan Performance Review Accept Failed');
  });

  it('adds an annual plan with its approver; an end before the start is refused naming the field', async () => {
    const backwards = await exec.post('execution-plan/add', {
      name: 'FY 2027',
      strategicPlanId: id.plan,
      startDate: '2027-07-01',
      endDate: '2027-06-30',
    });
    expect(backwards.status).toBe(422);
    expect(backwards.body.errors).toEqual([{ field: 'endDate', message: 'End date must not be before Start date' }]);
    expect(
      (
        await emma.post('execution-plan/add', {
          name: 'Mine',
          strategicPlanId: id.plan,
          startDate: '2027-01-01',
          endDate: '2027-12-31',
        })
      ).status,
    ).toBe(403);
    const r = await exec.post('execution-plan/add', {
      name: 'FY 2027',
      strategicPlanId: id.plan,
      startDate: '2027-01-01',
      endDate: '2027-12-31',
      approverId: id.abe,
    });
    ok(r);
    plan = r.body.data.annualPlan;
    expect(plan).toMatchObject({ status: 'Draft', accessControl: 'Open', approverId: id.abe });
    id.execPlan = plan.id;
    // the state changes only by a transition
    const forced = await exec.post('execution-plan/update', { id: plan.id, version: plan.version, status: 'Accepted' });
    expect(forced.status).toBe(422);
  });

  it("adopts the strategic plan's objectives as annual objectives: the possible ones shrink, another plan's are refused", async () => {
    const possible = await emma.get(`execution-plan/possible-objectives?id=${id.execPlan}`);
    ok(possible);
    expect(
      possible.body.data.possibleObjectives.list.map((o: { name: string; pillarName: string }) => [
        o.name,
        o.pillarName,
      ]),
    ).toEqual([['Grow exports', 'Growth']]);
    const foreign = await exec.post('annual-objective/add', {
      executionPlanId: id.execPlan,
      pillarObjectiveId: id.otherObjective,
      name: 'Old goal',
    });
    expect(foreign.status).toBe(422);
    expect(foreign.body.errors).toEqual([
      {
        field: 'pillarObjectiveId',
        message: 'Pillar objective belongs to another strategic plan than this annual objective',
      },
    ]);
    const r = await exec.post('annual-objective/add', {
      executionPlanId: id.execPlan,
      pillarObjectiveId: id.objective,
      name: 'Grow exports in 2027',
      weight: 40,
    });
    ok(r);
    id.annualObjective = r.body.data.annualObjective.id;
    expect(
      (await exec.get(`execution-plan/possible-objectives?id=${id.execPlan}`)).body.data.possibleObjectives,
    ).toMatchObject({ list: [], total: 0 });
    expect(
      (
        await exec.post('annual-objective/add', {
          executionPlanId: id.execPlan,
          pillarObjectiveId: id.objective,
          name: 'Twice',
        })
      ).status,
    ).toBe(409);
  });

  it('plans initiatives per business unit and quarter, each carrying its plan', async () => {
    const north = await olga.post('annual-initiative/add', {
      annualObjectiveId: id.annualObjective,
      businessUnitId: id.north,
      quarterIndex: 0,
      name: 'Open two markets',
      target: 200,
      ownerId: id.olga,
    });
    ok(north);
    expect(north.body.data.annualInitiative).toMatchObject({
      executionPlanId: id.execPlan,
      businessUnitId: id.north,
      quarterIndex: 0,
    });
    id.northInitiative = north.body.data.annualInitiative.id;
    const south = await exec.post('annual-initiative/add', {
      annualObjectiveId: id.annualObjective,
      businessUnitId: id.south,
      quarterIndex: 1,
      name: 'Export fair',
      target: 10,
      ownerId: id.olga,
    });
    ok(south);
    id.southInitiative = south.body.data.annualInitiative.id;
    const forged = await exec.post('annual-initiative/add', {
      annualObjectiveId: id.annualObjective,
      businessUnitId: id.south,
      quarterIndex: 1,
      name: 'Forged',
      executionPlanId: 999,
    });
    expect(forged.status).toBe(422);
    expect(forged.body.errors).toEqual([
      { field: 'executionPlanId', message: 'Annual plan (strategy execution) is read-only' },
    ]);
    const quarter = await exec.post('annual-initiative/add', {
      annualObjectiveId: id.annualObjective,
      businessUnitId: id.south,
      quarterIndex: 4,
      name: 'Q5',
    });
    expect(quarter.status).toBe(422);
    expect(quarter.body.errors?.[0].field).toBe('quarterIndex');
    expect(
      (
        await exec.get(`annual-initiative?executionPlanId=${id.execPlan}&businessUnitId=${id.north}`)
      ).body.data.list.map((i: { name: string }) => i.name),
    ).toEqual(['Open two markets']);
  });

  it('keeps a restricted plan to module admins (set by its own command)', async () => {
    expect(
      (
        await emma.post('execution-plan/set-access-control', {
          id: plan.id,
          version: plan.version,
          accessControl: 'Restricted',
        })
      ).status,
    ).toBe(403);
    const r = await exec.post('execution-plan/set-access-control', {
      id: plan.id,
      version: plan.version,
      accessControl: 'Restricted',
    });
    ok(r);
    plan = r.body.data.annualPlan;
    const refused = await olga.post('annual-initiative/add', {
      annualObjectiveId: id.annualObjective,
      businessUnitId: id.north,
      quarterIndex: 2,
      name: 'Not now',
    });
    expect(refused.status).toBe(403);
    expect(refused.body.err_msg).toMatch(/restricted/);
    plan = (
      await exec.post('execution-plan/set-access-control', {
        id: plan.id,
        version: plan.version,
        accessControl: 'Open',
      })
    ).body.data.annualPlan;
  });

  it('runs review cycles between dates; a cycle ending before it starts is refused naming the field', async () => {
    const backwards = await exec.post('performance-review-cycle/add', {
      executionPlanId: id.execPlan,
      name: 'Q1 review',
      startDate: '2027-04-10',
      endDate: '2027-04-01',
    });
    expect(backwards.status).toBe(422);
    expect(backwards.body.errors).toEqual([{ field: 'endDate', message: 'End date must not be before Start date' }]);
    const r = await exec.post('performance-review-cycle/add', {
      executionPlanId: id.execPlan,
      name: 'Q1 review',
      quarterIndex: 0,
      startDate: '2027-04-01',
      endDate: '2027-04-15',
    });
    ok(r);
    id.cycle = r.body.data.reviewCycle.id;
    // the initiative's target for this cycle overrides its annual one
    ok(
      await exec.post('initiative-cycle/add', {
        annualInitiativeId: id.northInitiative,
        performanceReviewCycleId: id.cycle,
        target: 100,
      }),
    );
  });

  it("lets the initiative's owner set and submit its review; the server derives target, percent and approver", async () => {
    const byEmma = await emma.post('performance-review/add', {
      performanceReviewCycleId: id.cycle,
      annualInitiativeId: id.northInitiative,
      actual: 80,
    });
    expect(byEmma.status).toBe(403);
    const r = await olga.post('performance-review/add', {
      performanceReviewCycleId: id.cycle,
      annualInitiativeId: id.northInitiative,
      actual: 80,
      comment: 'Slow start',
    });
    ok(r);
    review = r.body.data.performanceReview;
    expect(review).toMatchObject({
      status: 'Draft',
      target: 100,
      percent: 80,
      approverId: id.abe,
      ownerId: id.olga,
      businessUnitId: id.north,
      executionPlanId: id.execPlan,
    });
    const forged = await olga.post('performance-review/update', {
      id: review.id,
      version: review.version,
      percent: 120,
    });
    expect(forged.status).toBe(422);
    // the reason for declining is the approver's, written by Return's dialog: never on the owner's form
    const ownReason = await olga.post('performance-review/update', {
      id: review.id,
      version: review.version,
      returnReason: 'Declined by myself',
    });
    expect(ownReason.status).toBe(422);
    const changed = await olga.post('performance-review/update', {
      id: review.id,
      version: review.version,
      actual: 95,
    });
    ok(changed);
    expect(changed.body.data.performanceReview.percent).toBe(95);
    const submitted = await olga.post('performance-review/submit', {
      id: review.id,
      version: changed.body.data.performanceReview.version,
    });
    ok(submitted);
    review = submitted.body.data.performanceReview;
    expect(review.status).toBe('Submitted');
  });

  it("accepts a performance review only by the plan's approver or a module admin", async () => {
    const byEmma = await emma.post('performance-review/accept', { id: review.id, version: review.version });
    expect(byEmma.status).toBe(403);
    expect(byEmma.body.err_msg).toBe(
      'Only the employee it names as “Approver”, or an employee with admin access to the module “Strategy execution” may take the step “Accept” on performance review records',
    );
    expect((await olga.post('performance-review/accept', { id: review.id, version: review.version })).status).toBe(403);
    expect(await (await exec.get(`performance-review/${review.id}`)).body.data.performanceReview.status).toBe(
      'Submitted',
    );
    const r = await abe.post('performance-review/accept', { id: review.id, version: review.version });
    ok(r);
    review = r.body.data.performanceReview;
    expect(review.status).toBe('Accepted');
    // an accepted review is settled
    const late = await exec.post('performance-review/update', { id: review.id, version: review.version, actual: 10 });
    expect(late.status).toBe(409);
    const gone = await exec.post('performance-review/delete', { id: review.id });
    expect(gone.status).toBe(409);
    expect(gone.body.err_msg).toBe(`The performance review no. ${review.id} is Accepted and can no longer be deleted`);
    const trail = (await exec.get(`audit-trail?entity=performance-review&recordId=${review.id}&sort=id`)).body.data
      .list;
    expect(trail.map((e: { action: string }) => e.action)).toEqual(['add', 'update', 'submit', 'accept']);
  });

  it("accepts the annual plan only by its approver or a module admin; an accepted plan's initiatives are settled", async () => {
    const byEmma = await emma.post('execution-plan/accept', { id: plan.id, version: plan.version });
    expect(byEmma.status).toBe(403);
    expect(byEmma.body.err_msg).toMatch(
      /^Only the employee it names as “Approver”, or an employee with admin access to the module “Strategy execution”/,
    );
    const r = await abe.post('execution-plan/accept', { id: plan.id, version: plan.version });
    ok(r);
    plan = r.body.data.annualPlan;
    expect(plan.status).toBe('Accepted');
    const settled = await exec.post('annual-initiative/add', {
      annualObjectiveId: id.annualObjective,
      businessUnitId: id.north,
      quarterIndex: 3,
      name: 'Too late',
    });
    expect(settled.status).toBe(409);
    expect(settled.body.err_msg).toBe(
      'The annual plan (strategy execution) “FY 2027” is Accepted, so no annual initiative can be added to it any more; “Reopen” opens it again',
    );
    // nor does anything of it go: neither an initiative nor an objective, and both are still there
    expect((await exec.post('annual-initiative/delete', { id: id.southInitiative })).status).toBe(409);
    expect((await exec.post('annual-objective/delete', { id: id.annualObjective })).status).toBe(409);
    expect((await exec.get(`annual-initiative/${id.southInitiative}`)).status).toBe(200);
    expect((await exec.get(`annual-objective/${id.annualObjective}`)).status).toBe(200);
    // reopening is for module admins only
    expect((await abe.post('execution-plan/reopen', { id: plan.id, version: plan.version })).status).toBe(403);
    expect((await abe.post('execution-plan/accept', { id: plan.id, version: plan.version })).status).toBe(409);
  });

  it("accepts the annual plan's performance review only by its approver or a module admin", async () => {
    const r = await exec.post('annual-plan-performance-review/add', {
      executionPlanId: id.execPlan,
      performanceReviewCycleId: id.cycle,
      summary: 'Exports behind plan in the north',
    });
    ok(r);
    const planReview = r.body.data.annualPlanPerformanceReview;
    expect(planReview).toMatchObject({ approverId: id.abe, status: 'Draft' });
    const byEmma = await emma.post('annual-plan-performance-review/accept', {
      id: planReview.id,
      version: planReview.version,
    });
    expect(byEmma.status).toBe(403);
    ok(await abe.post('annual-plan-performance-review/accept', { id: planReview.id, version: planReview.version }));
    expect(
      (await emma.get('annual-plan-performance-review?status=Accepted')).body.data.list.map(
        (x: { id: number }) => x.id,
      ),
    ).toEqual([planReview.id]);
  });

  it('reports the execution in SQL by plan, business unit, objective, initiative, cycle and quarter', async () => {
    const report = async (by: string) => {
      const r = await emma.get(`execution-plan/report?by=${by}&executionPlanId=${id.execPlan}`);
      ok(r);
      return r.body.data.report.list as Record<string, any>[];
    };
    expect(await report('annual-plans')).toEqual([
      expect.objectContaining({
        name: 'FY 2027',
        initiatives: 2,
        reviews: 1,
        accepted: 1,
        percent: 95,
        colour: 'success',
      }),
    ]);
    expect((await report('business-units')).map((r) => [r.name, r.initiatives, r.percent])).toEqual([
      ['North', 1, 95],
      ['South', 1, null],
    ]);
    expect((await report('objectives')).map((r) => [r.name, r.percent])).toEqual([['Grow exports in 2027', 95]]);
    expect((await report('initiatives')).map((r) => [r.name, r.reviews, r.percent])).toEqual([
      ['Export fair', 0, null],
      ['Open two markets', 1, 95],
    ]);
    expect((await report('performance-reviews')).map((r) => [r.name, r.reviews, r.accepted])).toEqual([
      ['Q1 review', 1, 1],
    ]);
    expect((await report('all')).map((r) => [r.name, r.cycle, r.status, r.percent])).toEqual([
      ['Open two markets', 'Q1 review', 'Accepted', 95],
    ]);
    expect((await report('annual')).map((r) => [r.name, r.initiatives])).toEqual([
      ['FY 2027 Q1', 1],
      ['FY 2027 Q2', 1],
    ]);
    const unknown = await emma.get('execution-plan/report?by=everything');
    expect(unknown.status).toBe(422);
    expect(unknown.body.err_msg).toMatch(/^By must be annual-plans, business-units/);
  });

  it('rates agencies (business units) and reports them with their figures', async () => {
    const rating = (await exec.post('performance-rating/add', { name: 'Good', rating: 4, min: 80, max: 99 })).body.data
      .performanceRating;
    ok(
      await exec.post('agency-performance-review/add', {
        executionPlanId: id.execPlan,
        businessUnitId: id.north,
        performanceReviewCycleId: id.cycle,
        performanceRatingId: rating.id,
        comment: 'On track',
      }),
    );
    expect(
      (await emma.post('agency-performance-review/add', { executionPlanId: id.execPlan, businessUnitId: id.south }))
        .status,
    ).toBe(403);
    const r = await emma.get(`agency-performance-review/report?executionPlanId=${id.execPlan}`);
    ok(r);
    expect(r.body.data.report.list.map((x: Record<string, unknown>) => [x.name, x.percent, x.rating])).toEqual([
      ['North', 95, 'Good'],
      ['South', null, null],
    ]);
  });

  it('shows another company nothing of it', async () => {
    for (const entity of [
      'execution-plan',
      'annual-objective',
      'annual-initiative',
      'performance-review-cycle',
      'initiative-cycle',
      'performance-review',
      'annual-plan-performance-review',
      'agency-performance-review',
    ])
      expect((await other.get(entity)).body.data.total, entity).toBe(0);
    expect((await other.get(`execution-plan/${id.execPlan}`)).status).toBe(404);
    expect((await other.get('execution-plan/report?by=annual-plans')).body.data.report.total).toBe(0);
    expect((await other.get(`execution-plan/possible-objectives?id=${id.execPlan}`)).status).toBe(404);
    expect((await other.post('performance-review/accept', { id: review.id, version: review.version })).status).toBe(
      404,
    );
    // a reference into this company is refused, not followed
    const cross = await other.post('annual-objective/add', { executionPlanId: id.execPlan, name: 'Stolen' });
    expect(cross.status).toBeGreaterThanOrEqual(400);
    expect(cross.status).toBeLessThan(500);
    expect(await count('annual-objective')).toBe(1);
  });
});
