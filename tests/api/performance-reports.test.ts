import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  scoreKpi,
  scoreScorecard,
  type ScoredKpi,
  type ScoringRules,
} from '../../engine/hooks/performance/quarter-score.ts';
import { bandsFromTargets } from '../../engine/hooks/performance/scoring.ts';
import { backends } from '../support/backends.ts';
import { startTestStratum, type Client, type Reply, type TestStratum } from '../support/test-stratum.ts';

const ok = (r: Reply) => expect(r.status, r.body.err_msg ?? '').toBe(200);
const PROPERTY_RUNS = Number(process.env.REPORT_PROPERTY_RUNS ?? 20);

describe.each(backends())('performance reports on $name', (backend) => {
  let t: TestStratum;
  let exec: Client; // the executive: module admin, no supervisor, so the CEO
  let sam: Client; // supervises Emma
  let emma: Client;
  let olga: Client; // supervised by the executive
  let other: Client; // another company's executive
  const id: Record<string, number> = {};
  let plan: number;
  let strategicPlan: number;

  /** The report's rows, once the call succeeded. */
  const report = async (
    who: Client,
    command: string,
    query: Record<string, unknown>,
    entity = 'performance-scorecard',
  ) => {
    const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
    const r = await who.get(`${entity}/${command}?${qs}`);
    ok(r);
    return r.body.data.report as { list: Record<string, any>[]; total: number; [k: string]: unknown };
  };
  const addCard = async (values: Record<string, unknown>) => {
    const r = await exec.post('performance-scorecard/add', {
      annualPlanId: plan,
      includeKeyPerformanceArea: 'Yes',
      ...values,
    });
    ok(r);
    return r.body.data.scorecard.id as number;
  };
  const addKpa = async (scorecardId: number, name: string) => {
    const r = await exec.post('performance-kpa/add', { scorecardId, name });
    ok(r);
    return r.body.data.keyPerformanceArea.id as number;
  };
  const addKpi = async (scorecardId: number, kpi: Record<string, unknown>, entity = 'performance-kpi') => {
    const r = await exec.post(`${entity}/add`, { scorecardId, ...kpi });
    ok(r);
    return r.body.data.kpi.id as number;
  };

  beforeAll(async () => {
    t = await startTestStratum(backend);
    const c = await t.addCompany('Reportco', { modules: ['strategic', 'performance'] });
    exec = c.executive;
    id.exec = (await exec.get(`employee?email=${encodeURIComponent(c.executiveEmail)}`)).body.data.list[0].id;
    sam = await t.addEmployee(exec, 'Sam', 'Super', 'sam@reportco.example');
    emma = await t.addEmployee(exec, 'Emma', 'Ployee', 'emma@reportco.example');
    olga = await t.addEmployee(exec, 'Olga', 'Other', 'olga@reportco.example');
    for (const who of ['sam', 'emma', 'olga'])
      id[who] = (await exec.get(`employee?email=${who}@reportco.example`)).body.data.list[0].id;
    const unit = async (name: string) => (await exec.post('business-unit/add', { name })).body.data;
    const sales = await unit('Sales');
    id.sales = (sales.business_unit ?? sales.businessUnit ?? sales.item).id;
    const ops = await unit('Ops');
    id.ops = (ops.business_unit ?? ops.businessUnit ?? ops.item).id;
    const field = (await exec.post('department/add', { name: 'Field', businessUnitId: id.sales })).body.data;
    id.field = (field.department ?? field.item).id;
    const set = async (who: string, values: Record<string, unknown>) => {
      const e = (await exec.get(`employee/${id[who]}`)).body.data.employee;
      ok(await exec.post('employee/update', { id: id[who], version: e.version, ...values }));
    };
    await set('sam', { businessUnitId: id.sales, supervisorId: id.exec });
    await set('emma', { businessUnitId: id.sales, departmentId: id.field, supervisorId: id.sam });
    await set('olga', { businessUnitId: id.ops, supervisorId: id.exec });
    strategicPlan = (
      await exec.post('strategic-plan/add', { description: 'Vision', startDate: '2025-01-01', endDate: '2030-12-31' })
    ).body.data.strategic.id;
    plan = (
      await exec.post('annual-plan/add', {
        name: 'FY2026',
        strategicPlanId: strategicPlan,
        startDate: '2026-01-01',
        endDate: '2026-12-31',
      })
    ).body.data.annualPlan.id;

    // default bands: ≤59 % → 1, 60–79 → 2, 80–99 → 3, 100–119 → 4, ≥120 → 5
    // Emma: Q1 (3 × 60 + 5 × 20 + 3 × 20) ÷ 100 = 3.4, adjusted (KPI 2 at 4) 3.2; the year 4.0 and 3.8; Q2 3.0 and 3.8
    const emmaCard = await addCard({ name: 'Emma 2026', level: 'employee', employeeId: id.emma });
    const customers = await addKpa(emmaCard, 'Customers');
    const people = await addKpa(emmaCard, 'People');
    await addKpi(emmaCard, {
      keyPerformanceAreaId: customers,
      name: 'Satisfaction',
      kpiType: 'Quantitative',
      optionType: 'ASC',
      weight: 60,
      target: 100,
      periodicTarget2: 100,
      actual1: 85,
      actual2: 110,
      actual: 110,
    });
    await addKpi(emmaCard, {
      keyPerformanceAreaId: customers,
      name: 'Complaints',
      kpiType: 'Quantitative',
      optionType: 'DESC',
      weight: 20,
      target: 10,
      actual1: 8,
      actual: 8,
      adjustedScore: 4,
    });
    await addKpi(emmaCard, {
      keyPerformanceAreaId: people,
      name: 'Culture',
      kpiType: 'Qualitative',
      weight: 20,
      manualRatingScore: 3,
    });
    // Olga: 30 of 50 is 60 % → 2, in Q1 and the year
    const olgaCard = await addCard({
      name: 'Olga 2026',
      level: 'employee',
      employeeId: id.olga,
      includeKeyPerformanceArea: 'No',
    });
    await addKpi(olgaCard, {
      name: 'Throughput',
      kpiType: 'Quantitative',
      optionType: 'ASC',
      weight: 100,
      target: 50,
      actual1: 30,
      actual: 30,
    });
    // the executive: 50 %, 100 %, 130 % and nothing in Q4 → 1, 4, 5, 0
    const execCard = await addCard({
      name: 'CEO 2026',
      level: 'employee',
      employeeId: id.exec,
      includeKeyPerformanceArea: 'No',
    });
    await addKpi(execCard, {
      name: 'Growth',
      kpiType: 'Quantitative',
      optionType: 'ASC',
      weight: 100,
      target: 100,
      actual1: 50,
      actual2: 100,
      actual3: 130,
      actual: 130,
    });
    // the organisation's own: corporate 4 in Q1; Sales by hand 2; Field has no KPIs yet; a periodic corporate scorecard of Q2
    const corporate = await addCard({ name: 'Company 2026', level: 'corporate', includeKeyPerformanceArea: 'No' });
    await addKpi(corporate, {
      name: 'Revenue',
      kpiType: 'Quantitative',
      optionType: 'ASC',
      weight: 100,
      target: 200,
      actual1: 200,
      actual: 150,
    });
    const salesCard = await addCard({
      name: 'Sales 2026',
      level: 'business-unit',
      businessUnitId: id.sales,
      includeKeyPerformanceArea: 'No',
    });
    await addKpi(salesCard, { name: 'Market share', kpiType: 'Qualitative', weight: 100, manualRatingScore: 2 });
    await addCard({ name: 'Field 2026', level: 'department', businessUnitId: id.sales, departmentId: id.field });
    const periodic = await addCard({
      name: 'Company Q2',
      level: 'corporate',
      period: 'Periodic',
      quarterIndex: 1,
      includeKeyPerformanceArea: 'No',
    });
    await addKpi(periodic, {
      name: 'Orders',
      kpiType: 'Quantitative',
      optionType: 'ASC',
      weight: 100,
      target: 100,
      periodicTarget2: 50,
      actual2: 50,
    });
    // a strategic scorecard of the plan's strategic plan: 10 of 10 in Q1 → 4
    const strategic = (
      await exec.post('strategic-scorecard/add', {
        name: 'Balanced scorecard',
        strategicPlanId: strategicPlan,
        includeKeyPerformanceArea: 'No',
      })
    ).body.data.scorecard.id;
    await addKpi(
      strategic,
      { name: 'Brand', kpiType: 'Quantitative', optionType: 'ASC', weight: 100, target: 10, actual1: 10 },
      'scorecard-kpi',
    );
    other = (await t.addCompany('Otherco', { modules: ['strategic', 'performance'] })).executive;
  });
  afterAll(() => t.close());

  it('averages the employees’ scores per business unit, and per quarter progressively', async () => {
    const byUnit = await report(exec, 'company-performance', { annualPlanId: plan, quarterIndex: 0 });
    expect(byUnit.list.map((r) => [r.unit, r.scorecards, r.averageScore, r.averageAdjustedScore])).toEqual([
      ['Ops', 1, 2, 2],
      ['Sales', 1, 3.4, 3.2],
      ['—', 1, 1, 1],
    ]);
    const field = await report(exec, 'company-performance', { annualPlanId: plan, businessUnitId: id.sales });
    expect(field.list.map((r) => [r.unit, r.averageScore])).toEqual([['Field', 4]]);
    const progressive = await report(exec, 'company-performance-progressive', { annualPlanId: plan });
    // Q1 (3.4 + 2 + 1) ÷ 3 = 2.13; Q2 (3 + 0 + 4) ÷ 3 = 2.33, so far (2.13 + 2.33) ÷ 2 = 2.23; Q3 (0.6 + 0 + 5) ÷ 3; Q4 (0.6 + 0 + 0) ÷ 3
    expect(progressive.list.map((r) => [r.quarter, r.scorecards, r.averageScore, r.cumulativeScore])).toEqual([
      ['Q1', 3, 2.13, 2.13],
      ['Q2', 3, 2.33, 2.23],
      ['Q3', 3, 1.87, 2.11],
      ['Q4', 3, 0.2, 1.63],
    ]);
    const ops = await report(exec, 'company-performance-progressive', { annualPlanId: plan, businessUnitId: id.ops });
    expect(ops.list.map((r) => r.averageScore)).toEqual([2, 0, 0, 0]);
  });

  it('scores the corporate, business unit and department scorecards of the annual plan, narrowed by unit', async () => {
    const q1 = await report(exec, 'annual-plan-scorecards', { annualPlanId: plan, quarterIndex: 0 });
    expect(
      q1.list.map((r) => [r.name, r.level, r.businessUnit, r.department, r.kpis, r.total, r.adjustedTotal]),
    ).toEqual([
      ['Company 2026', 'corporate', null, null, 1, 4, 4],
      ['Sales 2026', 'business-unit', 'Sales', null, 1, 2, 2],
      ['Field 2026', 'department', 'Sales', 'Field', 0, 0, 0],
    ]);
    expect(q1.total).toBe(3);
    // the year: 150 of 200 is 75 % → 2
    const year = await report(exec, 'annual-plan-scorecards', { annualPlanId: plan });
    expect(year.list[0]).toMatchObject({ name: 'Company 2026', total: 2 });
    const sales = await report(exec, 'annual-plan-scorecards', { annualPlanId: plan, businessUnitId: id.sales });
    expect(sales.list.map((r) => r.name)).toEqual(['Sales 2026', 'Field 2026']);
    const field = await report(exec, 'annual-plan-scorecards', { annualPlanId: plan, departmentId: id.field });
    expect(field.list.map((r) => r.name)).toEqual(['Field 2026']);
  });

  it('scores each periodic corporate scorecard on its own quarter', async () => {
    const all = await report(exec, 'periodic-corporate-scorecards', { annualPlanId: plan });
    expect(all.list.map((r) => [r.quarter, r.name, r.total, r.adjustedTotal])).toEqual([['Q2', 'Company Q2', 4, 4]]);
    expect((await report(exec, 'periodic-corporate-scorecards', { annualPlanId: plan, quarterIndex: 0 })).list).toEqual(
      [],
    );
    expect((await report(exec, 'periodic-corporate-scorecards', { annualPlanId: plan, quarterIndex: 1 })).total).toBe(
      1,
    );
  });

  it('scores the strategic scorecards of the annual plan’s strategic plan', async () => {
    const q1 = await report(exec, 'scorecard-report', { annualPlanId: plan, quarterIndex: 0 }, 'strategic-scorecard');
    expect(q1.list.map((r) => [r.name, r.kpis, r.weight, r.total])).toEqual([['Balanced scorecard', 1, 100, 4]]);
    // no actual for the year yet
    expect((await report(exec, 'scorecard-report', { annualPlanId: plan }, 'strategic-scorecard')).list[0].total).toBe(
      0,
    );
    expect((await emma.get(`strategic-scorecard/scorecard-report?annualPlanId=${plan}`)).status).toBe(403);
  });

  it('draws the CEO’s score in each quarter: the employee at the top of the organisation', async () => {
    const ceo = await report(exec, 'ceo-performance', { annualPlanId: plan });
    expect(ceo.list.map((r) => [r.quarter, r.total])).toEqual([
      ['Q1', 1],
      ['Q2', 4],
      ['Q3', 5],
      ['Q4', 0],
    ]);
    expect(ceo.scorecard).toMatchObject({ name: 'CEO 2026', employeeName: 'Exe Reportco' });
    expect((await report(exec, 'ceo-performance', { annualPlanId: plan, quarterIndex: 2 })).list).toEqual([
      { quarter: 'Q3', total: 5, adjustedTotal: 5 },
    ]);
  });

  it('pages every employee’s scorecard with its totals, filtered by unit', async () => {
    const first = await report(exec, 'employee-scorecards', {
      annualPlanId: plan,
      quarterIndex: 0,
      limit: 2,
      offset: 0,
    });
    expect(first.total).toBe(3);
    expect(
      first.list.map((r) => [r.employeeName, r.businessUnit, r.department, r.kpis, r.total, r.adjustedTotal]),
    ).toEqual([
      ['Emma Ployee', 'Sales', 'Field', 3, 3.4, 3.2],
      ['Exe Reportco', null, null, 1, 1, 1],
    ]);
    const second = await report(exec, 'employee-scorecards', {
      annualPlanId: plan,
      quarterIndex: 0,
      limit: 2,
      offset: 2,
    });
    expect(second.list.map((r) => [r.employeeName, r.total])).toEqual([['Olga Other', 2]]);
    const year = await report(exec, 'employee-scorecards', { annualPlanId: plan, businessUnitId: id.sales });
    expect(year.list.map((r) => [r.employeeName, r.total, r.adjustedTotal])).toEqual([['Emma Ployee', 4, 3.8]]);
    expect(
      (
        await report(exec, 'employee-scorecards', { annualPlanId: plan, departmentId: id.field, quarterIndex: 1 })
      ).list.map((r) => [r.total, r.adjustedTotal]),
    ).toEqual([[3, 3.8]]);
  });

  it('shows a supervisor the scorecards of their own subordinates only', async () => {
    const mine = await report(sam, 'subordinate-scorecards', {
      annualPlanId: plan,
      quarterIndex: 0,
      limit: 50,
      offset: 0,
    });
    expect(mine.list.map((r) => [r.employeeName, r.total])).toEqual([['Emma Ployee', 3.4]]);
    expect(
      (await report(exec, 'subordinate-scorecards', { annualPlanId: plan })).list.map((r) => r.employeeName),
    ).toEqual(['Olga Other']);
    expect(await report(emma, 'subordinate-scorecards', { annualPlanId: plan })).toMatchObject({ list: [], total: 0 });
    // an acting supervisor stands in
    const e = (await exec.get(`employee/${id.emma}`)).body.data.employee;
    ok(
      await exec.post('employee/set-acting-supervisor', {
        id: id.emma,
        version: e.version,
        actingSupervisorId: id.olga,
      }),
    );
    expect(
      (await report(olga, 'subordinate-scorecards', { annualPlanId: plan })).list.map((r) => r.employeeName),
    ).toEqual(['Emma Ployee']);
  });

  it('gives each employee’s KPAs their weight, initiatives and weighted score, adding up to the total', async () => {
    const kpas = await report(exec, 'employee-kpa-initiatives', { annualPlanId: plan, quarterIndex: 0 });
    expect(kpas.total).toBe(4);
    expect(
      kpas.list.map((r) => [
        r.employeeName,
        r.keyPerformanceArea,
        r.weight,
        r.initiatives,
        r.weightedScore,
        r.adjustedWeightedScore,
      ]),
    ).toEqual([
      ['Emma Ployee', 'Customers', 80, 2, 2.8, 2.6],
      ['Emma Ployee', 'People', 20, 1, 0.6, 0.6],
      ['Exe Reportco', null, 100, 1, 1, 1],
      ['Olga Other', null, 100, 1, 2, 2],
    ]);
    const page = await report(exec, 'employee-kpa-initiatives', {
      annualPlanId: plan,
      quarterIndex: 0,
      limit: 1,
      offset: 1,
    });
    expect([page.total, page.list.map((r) => r.keyPerformanceArea)]).toEqual([4, ['People']]);
    expect(
      (await report(exec, 'employee-kpa-initiatives', { annualPlanId: plan, businessUnitId: id.ops })).list.map(
        (r) => r.employeeName,
      ),
    ).toEqual(['Olga Other']);
  });

  it('exports one row per KPI with the quarter’s target, actual and score', async () => {
    const q2 = await report(exec, 'kpa-export', { annualPlanId: plan, quarterIndex: 1 });
    expect(q2.total).toBe(5);
    expect(
      q2.list
        .filter((r) => r.employeeName === 'Emma Ployee')
        .map((r) => [r.keyPerformanceArea, r.kpi, r.weight, r.target, r.actual, r.score, r.adjustedScore]),
    ).toEqual([
      ['Customers', 'Satisfaction', 60, 100, 110, 4, 4],
      ['Customers', 'Complaints', 20, 10, null, 0, 4],
      ['People', 'Culture', 20, null, null, 3, 3],
    ]);
    const csv = await t.app.request(
      `/api/v1/performance-scorecard/kpa-export/export?format=csv&annualPlanId=${plan}&quarterIndex=1&limit=1`,
      { headers: { token: exec.token } },
    );
    expect(csv.status).toBe(200);
    const lines = (await csv.text()).trim().split(/\r?\n/);
    // every row, not the page: the heading and five KPIs
    expect(lines).toHaveLength(6);
    expect(lines[0]).toContain('Key performance area');
  });

  it('refuses bad parameters naming them, other employees and other companies', async () => {
    const refused = async (who: Client, path: string, status: number, field?: string) => {
      const r = await who.get(path);
      expect(r.status, path).toBe(status);
      if (field) expect(r.body.errors?.map((e) => e.field)).toEqual([field]);
      return r;
    };
    await refused(exec, 'performance-scorecard/employee-scorecards', 422, 'annualPlanId');
    await refused(
      exec,
      `performance-scorecard/annual-plan-scorecards?annualPlanId=${plan}&quarterIndex=4`,
      422,
      'quarterIndex',
    );
    await refused(exec, `performance-scorecard/employee-scorecards?annualPlanId=${plan}&limit=0`, 422, 'limit');
    await refused(exec, `performance-scorecard/kpa-export?annualPlanId=${plan}&limit=501`, 422, 'limit');
    await refused(exec, `performance-scorecard/employee-kpa-initiatives?annualPlanId=${plan}&offset=-1`, 422, 'offset');
    await refused(
      exec,
      `performance-scorecard/ceo-performance?annualPlanId=${plan}&businessUnitId=1`,
      422,
      'businessUnitId',
    );
    await refused(exec, `performance-scorecard/annual-plan-scorecards?annualPlanId=x`, 422, 'annualPlanId');
    for (const command of [
      'annual-plan-scorecards',
      'periodic-corporate-scorecards',
      'ceo-performance',
      'employee-scorecards',
      'employee-kpa-initiatives',
      'kpa-export',
      'company-performance',
    ]) {
      const r = await refused(sam, `performance-scorecard/${command}?annualPlanId=${plan}`, 403);
      expect(r.body.err_msg).toBeTruthy();
    }
    // another company's plan is not found, and its reports hold none of ours
    await refused(other, `performance-scorecard/employee-scorecards?annualPlanId=${plan}`, 404);
    await refused(other, `strategic-scorecard/scorecard-report?annualPlanId=${plan}`, 404);
    const theirVision = (
      await other.post('strategic-plan/add', { description: 'Theirs', startDate: '2025-01-01', endDate: '2030-12-31' })
    ).body.data.strategic.id;
    const added = await other.post('annual-plan/add', {
      name: 'Theirs',
      strategicPlanId: theirVision,
      startDate: '2026-01-01',
      endDate: '2026-12-31',
    });
    ok(added);
    const theirs = added.body.data.annualPlan.id;
    expect(await report(other, 'employee-scorecards', { annualPlanId: theirs })).toMatchObject({ list: [], total: 0 });
    expect(await report(other, 'kpa-export', { annualPlanId: theirs })).toMatchObject({ list: [], total: 0 });
  });

  // kpi-score-sql.ts writes the scoring hooks as SQL; this holds the two to the same figures on KPIs stored through the API
  it('scores in SQL exactly as the scoring hook does, on random KPIs, for every quarter and the year, in both modes', async () => {
    // a plan of its own, under a strategic plan with its own rating scale (targets 49, 69, 89, 109, 129)
    const targets = [49, 69, 89, 109, 129];
    const vision = (
      await exec.post('strategic-plan/add', { description: 'Random', startDate: '2025-01-01', endDate: '2030-12-31' })
    ).body.data.strategic.id;
    for (const [i, target] of targets.entries())
      ok(
        await exec.post('rating-scale/add', {
          description: `R${i + 1}`,
          rating: i + 1,
          target,
          strategicPlanId: vision,
        }),
      );
    const prop = (
      await exec.post('annual-plan/add', {
        name: 'Random',
        strategicPlanId: vision,
        startDate: '2026-01-01',
        endDate: '2026-12-31',
      })
    ).body.data.annualPlan.id;
    const people = [id.exec, id.sam, id.emma, id.olga];
    // figures near the targets, and now and then one at the edge of what a float holds (PostgreSQL would refuse to overflow)
    const extreme = fc.constantFrom(1e300, -1e300, 1e-300, 5e-324, 1.7e308, 1e-20);
    const figure = fc.option(
      fc.oneof(
        { arbitrary: fc.integer({ min: -20, max: 300 }), weight: 6 },
        { arbitrary: fc.integer({ min: -2000, max: 30000 }).map((n) => n / 100), weight: 3 },
        { arbitrary: extreme, weight: 1 },
      ),
      { nil: null, freq: 4 },
    );
    const rating = fc.option(
      fc.integer({ min: 0, max: 12 }).map((n) => n / 2),
      { nil: null, freq: 4 },
    );
    const kpi = fc.record({
      kpiType: fc.constantFrom('Quantitative', 'Qualitative'),
      optionType: fc.constantFrom('ASC', 'DESC'),
      weight: fc.oneof(
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: 0, max: 10000 }).map((n) => n / 100),
      ),
      target: figure,
      actual: figure,
      periodicTarget1: figure,
      periodicTarget2: figure,
      periodicTarget3: figure,
      periodicTarget4: figure,
      actual1: figure,
      actual2: figure,
      actual3: figure,
      actual4: figure,
      manualRatingScore: rating,
      adjustedScore: rating,
    });
    const cards = fc.array(fc.array(kpi, { maxLength: 6 }), { minLength: 1, maxLength: people.length });
    let made: number[] = [];
    for (const mode of ['automatic', 'manual'] as const) {
      await fc.assert(
        fc.asyncProperty(cards, fc.boolean(), async (generated, averageTargetType) => {
          for (const s of made) ok(await exec.post('performance-scorecard/delete', { id: s }));
          const p = (await exec.get(`annual-plan/${prop}`)).body.data.annualPlan;
          ok(
            await exec.post('annual-plan/update', {
              id: prop,
              version: p.version,
              scoringMode: mode,
              averageTargetType,
            }),
          );
          made = [];
          const kpiIds: number[] = [];
          for (const [i, kpis] of generated.entries()) {
            const card = (
              await exec.post('performance-scorecard/add', {
                name: `Card ${i}`,
                level: 'employee',
                employeeId: people[i],
                annualPlanId: prop,
                includeKeyPerformanceArea: 'No',
              })
            ).body.data.scorecard.id;
            made.push(card);
            for (const [j, k] of kpis.entries())
              kpiIds.push(
                await addKpi(card, {
                  name: `KPI ${j}`,
                  ...Object.fromEntries(Object.entries(k).filter(([, v]) => v !== null)),
                }),
              );
          }
          const rules: ScoringRules = { bands: bandsFromTargets(targets), mode, averageTargetType };
          for (const quarter of [null, 0, 1, 2, 3]) {
            const r = await report(exec, 'employee-scorecards', {
              annualPlanId: prop,
              ...(quarter !== null && { quarterIndex: quarter }),
            });
            expect(r.total).toBe(generated.length);
            const got = new Map(r.list.map((row) => [row.id, [row.total, row.adjustedTotal]]));
            for (const [i, kpis] of generated.entries()) {
              const expected = scoreScorecard(kpis as ScoredKpi[], rules, quarter);
              expect(got.get(made[i]), `scorecard ${i}, quarter ${quarter}`).toEqual([
                expected.total,
                expected.adjustedTotal,
              ]);
            }
            // each KPI's score in the KPA export, against scoreKpi
            const rows = (
              await report(exec, 'kpa-export', {
                annualPlanId: prop,
                ...(quarter !== null && { quarterIndex: quarter }),
              })
            ).list;
            const byId = new Map(rows.map((row) => [row.id, row]));
            for (const [i, k] of generated.flat().entries()) {
              const row = byId.get(kpiIds[i])!;
              const score = scoreKpi(k as ScoredKpi, rules, quarter);
              const adjusted = k.adjustedScore != null && k.adjustedScore !== 0 ? k.adjustedScore : score;
              expect([row.score, row.adjustedScore], `KPI ${i}, quarter ${quarter}`).toEqual([score, adjusted]);
            }
          }
        }),
        { numRuns: PROPERTY_RUNS },
      );
    }
  }, 600_000);
});
