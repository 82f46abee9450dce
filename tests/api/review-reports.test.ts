import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { curveRating } from '../../engine/hooks/performance/reports/performance-curve.ts';
import { backends } from '../support/backends.ts';
import { startTestStratum, type Client, type Reply, type TestStratum } from '../support/test-stratum.ts';

const ok = (r: Reply) => expect(r.status, r.body.err_msg ?? '').toBe(200);
const report = (r: Reply) => {
  ok(r);
  return r.body.data.report as { list: Record<string, unknown>[]; total: number };
};
const pick = (rows: Record<string, unknown>[], keys: string[]) =>
  rows.map((r) => Object.fromEntries(keys.map((k) => [k, r[k]])));

describe('the performance curve rating of a final score', () => {
  it('is the nearest rating, a half going up, clamped to the scale', () => {
    const ratings = [1, 2, 3, 4, 5];
    expect([0, 0.4, 1.49, 1.5, 2.5, 4.3, 4.5, 6, 120].map((s) => curveRating(s, ratings))).toEqual([
      1, 1, 1, 2, 3, 4, 5, 5, 5,
    ]);
  });
});

describe.each(backends())('review reports on $name', (backend) => {
  let t: TestStratum;
  let exec: Client; // the PM committee (module admin)
  let sam: Client; // supervises Emma and Eric
  let olga: Client; // Eric's acting supervisor
  let paul: Client; // supervises Pia and Quinn
  let emma: Client;
  const id: Record<string, number> = {};
  const card: Record<string, number> = {};
  let planId: number;
  let other: Client; // another company's admin

  const get = (who: Client, entity: string, command: string, query: string) =>
    who.get(`${entity}/${command}?annualPlanId=${planId}${query}`);
  /** Stands in for the review workflow (agree, assess, QA's complete: tested in performance-agreements/assessments): the state and scores it leaves. */
  const setReview = async (table: string, recordId: number, status: string, scores?: [number, number, number]) => {
    const sql = scores
      ? `UPDATE ${table} SET status = $1, self_score = $3, score = $4, final_score = $5, version = version + 1 WHERE id = $2`
      : `UPDATE ${table} SET status = $1, version = version + 1 WHERE id = $2`;
    await t.stratum.db.query(sql, [status, recordId, ...(scores ?? [])]);
  };
  const addAgreement = async (who: string, status: string) => {
    const r = await exec.post('performance-agreement/add', { scorecardId: card[who] });
    ok(r);
    await setReview('performance_agreement', r.body.data.agreement.id, status);
  };
  const addAssessment = async (
    who: string,
    quarterIndex: number,
    status: string,
    scores?: [number, number, number],
  ) => {
    const r = await exec.post('performance-assessment/add', { scorecardId: card[who], quarterIndex });
    ok(r);
    await setReview('performance_assessment', r.body.data.assessment.id, status, scores);
  };

  beforeAll(async () => {
    t = await startTestStratum(backend);
    const c = await t.addCompany('Reviewco', { modules: ['strategic', 'performance'] });
    exec = c.executive;
    const unit = async (name: string) =>
      (await exec.post('business-unit/add', { name })).body.data.business_unit.id as number;
    id.sales = await unit('Sales');
    id.ops = await unit('Ops');
    id.field = (await exec.post('department/add', { name: 'Field', businessUnitId: id.sales })).body.data.department.id;
    id.desk = (await exec.post('department/add', { name: 'Desk', businessUnitId: id.sales })).body.data.department.id;
    const people: [string, string, string | null, string | null][] = [
      ['sam', 'Sam', null, null],
      ['olga', 'Olga', null, null],
      ['paul', 'Paul', null, null],
      ['emma', 'Emma', 'sales', 'field'],
      ['eric', 'Eric', 'sales', 'desk'],
      ['pia', 'Pia', 'ops', null],
      ['quinn', 'Quinn', 'ops', null],
    ];
    const clients: Record<string, Client> = {};
    for (const [key, first] of people) {
      clients[key] = await t.addEmployee(exec, first, 'Review', `${key}@reviewco.example`);
      id[key] = (await exec.get(`employee?email=${key}@reviewco.example`)).body.data.list[0].id;
    }
    ({ sam, olga, paul, emma } = clients);
    const supervisor: Record<string, string> = { emma: 'sam', eric: 'sam', pia: 'paul', quinn: 'paul' };
    for (const [key, , bu, dept] of people.filter((p) => p[2] !== null)) {
      const e = (await exec.get(`employee/${id[key]}`)).body.data.employee;
      ok(
        await exec.post('employee/update', {
          id: id[key],
          version: e.version,
          supervisorId: id[supervisor[key]],
          businessUnitId: id[bu!],
          ...(dept && { departmentId: id[dept] }),
        }),
      );
    }
    const eric = (await exec.get(`employee/${id.eric}`)).body.data.employee;
    ok(
      await exec.post('employee/set-acting-supervisor', {
        id: id.eric,
        version: eric.version,
        actingSupervisorId: id.olga,
      }),
    );

    const strategic = (
      await exec.post('strategic-plan/add', { description: 'Vision', startDate: '2026-01-01', endDate: '2030-12-31' })
    ).body.data.strategic;
    planId = (
      await exec.post('annual-plan/add', {
        name: 'FY',
        strategicPlanId: strategic.id,
        startDate: '2026-01-01',
        endDate: '2026-12-31',
      })
    ).body.data.annualPlan.id;
    for (const who of ['emma', 'eric', 'pia', 'quinn']) {
      const r = await exec.post('performance-scorecard/add', {
        name: `${who} FY`,
        level: 'employee',
        annualPlanId: planId,
        employeeId: id[who],
        includeKeyPerformanceArea: 'No',
      });
      ok(r);
      card[who] = r.body.data.scorecard.id;
    }
    card.corporate = (
      await exec.post('performance-scorecard/add', {
        name: 'Company FY',
        level: 'corporate',
        annualPlanId: planId,
        includeKeyPerformanceArea: 'No',
      })
    ).body.data.scorecard.id;

    // the annual agreements
    await addAgreement('emma', 'Agreed');
    await addAgreement('eric', 'Pending');
    await addAgreement('pia', 'Agreed');
    await addAgreement('quinn', 'Disputed');
    await addAgreement('corporate', 'Agreed');
    // the year's final (Q4) assessments: [self score, supervisor's score, final score]
    await addAssessment('emma', 3, 'Completed', [3, 2.5, 2.5]);
    await addAssessment('eric', 3, 'Completed', [4, 4, 4.3]);
    await addAssessment('pia', 3, 'Completed', [1, 0.4, 0.4]);
    await addAssessment('quinn', 3, 'Assessed', [3, 3, 3]);
    await addAssessment('corporate', 3, 'Open');
    // Q1: only Emma's is completed
    await addAssessment('emma', 0, 'Completed', [5, 5, 5.2]);
    await addAssessment('eric', 0, 'SelfAssessed');

    other = (await t.addCompany('Elsewhere', { modules: ['strategic', 'performance'] })).executive;
  });
  afterAll(() => t.close());

  describe('the performance curve', () => {
    const curve = (query = '', who = exec) => get(who, 'performance-assessment', 'performance-curve', query);

    it('counts the completed final assessments in every band of the plan’s scale, with their share', async () => {
      const r = report(await curve());
      expect(r.list).toEqual([
        { band: '1 (0–59 %)', rating: 1, employees: 1, percent: 33.3 },
        { band: '2 (60–79 %)', rating: 2, employees: 0, percent: 0 },
        { band: '3 (80–99 %)', rating: 3, employees: 1, percent: 33.3 },
        { band: '4 (100–119 %)', rating: 4, employees: 1, percent: 33.3 },
        { band: '5 (120–1000 %)', rating: 5, employees: 0, percent: 0 },
      ]);
      // Quinn's assessed but not completed assessment is not counted
      expect(r.total).toBe(3);
    });

    it('filters by quarter, business unit and department', async () => {
      expect(pick(report(await curve('&quarterIndex=0')).list, ['rating', 'employees', 'percent'])).toEqual([
        { rating: 1, employees: 0, percent: 0 },
        { rating: 2, employees: 0, percent: 0 },
        { rating: 3, employees: 0, percent: 0 },
        { rating: 4, employees: 0, percent: 0 },
        { rating: 5, employees: 1, percent: 100 },
      ]);
      const sales = report(await curve(`&businessUnitId=${id.sales}`));
      expect(sales.list.map((b) => [b.employees, b.percent])).toEqual([
        [0, 0],
        [0, 0],
        [1, 50],
        [1, 50],
        [0, 0],
      ]);
      expect(sales.total).toBe(2);
      const desk = report(await curve(`&departmentId=${id.desk}`));
      expect(desk.list.map((b) => b.employees)).toEqual([0, 0, 0, 1, 0]);
      // a quarter with nothing completed lists every band empty
      const q3 = report(await curve('&quarterIndex=2'));
      expect(q3.list.map((b) => [b.employees, b.percent])).toEqual([
        [0, 0],
        [0, 0],
        [0, 0],
        [0, 0],
        [0, 0],
      ]);
      expect(q3.total).toBe(0);
    });

    it('refuses a bad parameter by name, and anyone but the module’s admins', async () => {
      const missing = await exec.get('performance-assessment/performance-curve');
      expect(missing.status).toBe(422);
      expect(missing.body.errors?.map((e) => e.field)).toContain('annualPlanId');
      const quarter = await curve('&quarterIndex=4');
      expect(quarter.status).toBe(422);
      expect(quarter.body.errors?.map((e) => e.field)).toContain('quarterIndex');
      const word = await curve('&businessUnitId=sales');
      expect(word.status).toBe(422);
      expect(word.body.errors?.map((e) => e.field)).toEqual(['businessUnitId']);
      expect((await curve('', emma)).status).toBe(403);
      expect((await curve('', sam)).status).toBe(403);
    });

    it('never shows another company’s assessments', async () => {
      // the plan is this company's: to another company it is no plan at all
      expect((await curve('', other)).status).toBe(404);
    });

    it('exports as CSV', async () => {
      const r = await exec.raw(
        `performance-assessment/performance-curve/export?format=csv&lang=en&annualPlanId=${planId}`,
        { method: 'GET' },
      );
      expect(r.status).toBe(200);
    });
  });

  describe('the employee performance report', () => {
    const rows = [
      'employee',
      'businessUnit',
      'department',
      'agreementStatus',
      'assessmentStatus',
      'selfScore',
      'score',
      'finalScore',
    ];

    it('lists every employee’s agreement and final assessment, paged, in name order', async () => {
      const r = report(await get(exec, 'performance-assessment', 'employee-performance', ''));
      expect(r.total).toBe(4);
      expect(pick(r.list, rows)).toEqual([
        {
          employee: 'Emma Review',
          businessUnit: 'Sales',
          department: 'Field',
          agreementStatus: 'Agreed',
          assessmentStatus: 'Completed',
          selfScore: 3,
          score: 2.5,
          finalScore: 2.5,
        },
        {
          employee: 'Eric Review',
          businessUnit: 'Sales',
          department: 'Desk',
          agreementStatus: 'Pending',
          assessmentStatus: 'Completed',
          selfScore: 4,
          score: 4,
          finalScore: 4.3,
        },
        {
          employee: 'Pia Review',
          businessUnit: 'Ops',
          department: null,
          agreementStatus: 'Agreed',
          assessmentStatus: 'Completed',
          selfScore: 1,
          score: 0.4,
          finalScore: 0.4,
        },
        {
          employee: 'Quinn Review',
          businessUnit: 'Ops',
          department: null,
          agreementStatus: 'Disputed',
          assessmentStatus: 'Assessed',
          selfScore: 3,
          score: 3,
          finalScore: 3,
        },
      ]);
      const second = report(await get(exec, 'performance-assessment', 'employee-performance', '&limit=3&offset=3'));
      expect(second.list.map((x) => x.employee)).toEqual(['Quinn Review']);
      expect(second.total).toBe(4);
    });

    it('shows the quarter chosen, an employee not yet assessed with no scores', async () => {
      const r = report(
        await get(exec, 'performance-assessment', 'employee-performance', `&quarterIndex=0&businessUnitId=${id.sales}`),
      );
      expect(pick(r.list, ['employee', 'assessmentStatus', 'finalScore'])).toEqual([
        { employee: 'Emma Review', assessmentStatus: 'Completed', finalScore: 5.2 },
        { employee: 'Eric Review', assessmentStatus: 'SelfAssessed', finalScore: null },
      ]);
      const q2 = report(
        await get(exec, 'performance-assessment', 'employee-performance', `&quarterIndex=1&departmentId=${id.field}`),
      );
      expect(pick(q2.list, ['employee', 'agreementStatus', 'assessmentStatus'])).toEqual([
        { employee: 'Emma Review', agreementStatus: 'Agreed', assessmentStatus: null },
      ]);
    });

    it('is the module admins’ only', async () => {
      expect((await get(sam, 'performance-assessment', 'employee-performance', '')).status).toBe(403);
      const limit = await get(exec, 'performance-assessment', 'employee-performance', '&limit=0');
      expect(limit.status).toBe(422);
      expect(limit.body.errors?.map((e) => e.field)).toEqual(['limit']);
    });
  });

  describe('the assessment score report', () => {
    it('averages the assessed scores per business unit, per department once a unit is chosen', async () => {
      const r = report(await get(exec, 'performance-assessment', 'assessment-scores', ''));
      expect(r.list).toEqual([
        {
          unit: 'Ops',
          assessments: 2,
          averageSelfScore: 2,
          averageScore: 1.7,
          averageFinalScore: 1.7,
          lowestScore: 0.4,
          highestScore: 3,
        },
        {
          unit: 'Sales',
          assessments: 2,
          averageSelfScore: 3.5,
          averageScore: 3.25,
          averageFinalScore: 3.4,
          lowestScore: 2.5,
          highestScore: 4.3,
        },
      ]);
      const byDept = report(
        await get(exec, 'performance-assessment', 'assessment-scores', `&businessUnitId=${id.sales}`),
      );
      expect(pick(byDept.list, ['unit', 'assessments', 'averageFinalScore'])).toEqual([
        { unit: 'Desk', assessments: 1, averageFinalScore: 4.3 },
        { unit: 'Field', assessments: 1, averageFinalScore: 2.5 },
      ]);
    });
  });

  describe('the agreement and assessment completion reports', () => {
    it('counts the employees’ agreements per status and business unit', async () => {
      const r = report(await get(exec, 'performance-agreement', 'employee-agreements', ''));
      expect(r.list).toEqual([
        { unit: 'Ops', pending: 0, disputed: 1, agreed: 1, total: 2, completedPercent: 50 },
        { unit: 'Sales', pending: 1, disputed: 0, agreed: 1, total: 2, completedPercent: 50 },
      ]);
      // no periodic scorecard in Q2, so no agreement of that quarter
      expect(report(await get(exec, 'performance-agreement', 'employee-agreements', '&quarterIndex=1')).list).toEqual(
        [],
      );
    });

    it('counts the employees’ assessments per status, per department once a unit is chosen', async () => {
      const r = report(await get(exec, 'performance-assessment', 'employee-assessments', ''));
      expect(pick(r.list, ['unit', 'assessed', 'completed', 'total', 'completedPercent'])).toEqual([
        { unit: 'Ops', assessed: 1, completed: 1, total: 2, completedPercent: 50 },
        { unit: 'Sales', assessed: 0, completed: 2, total: 2, completedPercent: 100 },
      ]);
      const q1 = report(
        await get(exec, 'performance-assessment', 'employee-assessments', `&quarterIndex=0&businessUnitId=${id.sales}`),
      );
      expect(pick(q1.list, ['unit', 'selfAssessed', 'completed', 'total', 'completedPercent'])).toEqual([
        { unit: 'Desk', selfAssessed: 1, completed: 0, total: 1, completedPercent: 0 },
        { unit: 'Field', selfAssessed: 0, completed: 1, total: 1, completedPercent: 100 },
      ]);
    });

    it('counts the PM committee’s (corporate) reviews apart from the employees’', async () => {
      expect(report(await get(exec, 'performance-agreement', 'pm-committee-agreements', '')).list).toEqual([
        { unit: '—', pending: 0, disputed: 0, agreed: 1, total: 1, completedPercent: 100 },
      ]);
      const a = report(await get(exec, 'performance-assessment', 'pm-committee-assessments', '')).list;
      expect(pick(a, ['unit', 'open', 'completed', 'total'])).toEqual([{ unit: '—', open: 1, completed: 0, total: 1 }]);
      expect((await get(paul, 'performance-agreement', 'pm-committee-agreements', '')).status).toBe(403);
    });
  });

  describe('the inbox reports', () => {
    it('show a supervisor only the reviews of the employees they supervise, directly or acting', async () => {
      const names = async (who: Client) =>
        report(await get(who, 'performance-assessment', 'my-employee-reviews', '')).list.map((r) => r.employee);
      expect(await names(sam)).toEqual(['Emma Review', 'Eric Review']);
      expect(await names(olga)).toEqual(['Eric Review']);
      expect(await names(paul)).toEqual(['Pia Review', 'Quinn Review']);
      expect(await names(emma)).toEqual([]);
      const paged = report(await get(sam, 'performance-assessment', 'my-employee-reviews', '&limit=1&offset=1'));
      expect([paged.list.map((r) => r.employee), paged.total]).toEqual([['Eric Review'], 2]);
    });

    it('count the completion of a supervisor’s team only', async () => {
      const agreements = report(await get(sam, 'performance-agreement', 'my-agreements-completion', '')).list;
      expect(agreements).toEqual([
        { unit: 'Sales', pending: 1, disputed: 0, agreed: 1, total: 2, completedPercent: 50 },
      ]);
      const assessments = report(await get(paul, 'performance-assessment', 'my-assessments-completion', '')).list;
      expect(pick(assessments, ['unit', 'assessed', 'completed', 'total'])).toEqual([
        { unit: 'Ops', assessed: 1, completed: 1, total: 2 },
      ]);
      expect(
        report(await get(olga, 'performance-assessment', 'my-assessments-completion', '')).list.map((r) => r.total),
      ).toEqual([1]);
    });

    it('list the scores of a supervisor’s team only', async () => {
      const scores = report(await get(olga, 'performance-assessment', 'my-assessment-scores', '')).list;
      expect(pick(scores, ['employee', 'status', 'selfScore', 'score', 'finalScore'])).toEqual([
        { employee: 'Eric Review', status: 'Completed', selfScore: 4, score: 4, finalScore: 4.3 },
      ]);
      const pauls = report(await get(paul, 'performance-assessment', 'my-assessment-scores', '')).list.map(
        (r) => r.employee,
      );
      expect(pauls).toEqual(['Pia Review', 'Quinn Review']);
    });

    it('refuse the platform administrator, who supervises no one', async () => {
      const r = await get(t.holder, 'performance-assessment', 'my-employee-reviews', '');
      expect(r.status).not.toBe(200);
    });
  });
});
