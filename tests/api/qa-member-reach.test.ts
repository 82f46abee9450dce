import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../support/backends.ts';
import { startTestStratum, type Client, type Reply, type TestStratum } from '../support/test-stratum.ts';
import { isoDay } from '../support/iso-day.ts';

const ok = (r: Reply) => expect(r.status, r.body.err_msg ?? '').toBe(200);

/**
 * What a QA member reads by his membership (access.memberWhen): a member of either list the employee scorecards of his
 * plan (a Performance-list member reviews assessments against their KPIs), a Performance-list member its assessments
 * once they reach QA; never agreements; never a record of his own or of a supervisor above him, whom he may not review
 * either.
 */
describe.each(backends())('what a QA member reads on $name', (backend) => {
  let t: TestStratum;
  let exec: Client;
  let sam: Client; // Emma's supervisor
  let emma: Client; // reviewed
  let lee: Client; // reports to Emma; on both QA lists
  let cara: Client; // Scorecard list only
  let pia: Client; // Performance list only
  const id: Record<string, number> = {};
  let plan: number;
  const member: Record<string, number> = {};

  beforeAll(async () => {
    t = await startTestStratum(backend);
    exec = (await t.addCompany('Reachco', { modules: ['strategic', 'performance'] })).executive;
    sam = await t.addEmployee(exec, 'Sam', 'Super', 'sam@reachco.example');
    emma = await t.addEmployee(exec, 'Emma', 'Ployee', 'emma@reachco.example');
    lee = await t.addEmployee(exec, 'Lee', 'Under', 'lee@reachco.example');
    cara = await t.addEmployee(exec, 'Cara', 'Card', 'cara@reachco.example');
    pia = await t.addEmployee(exec, 'Pia', 'Perf', 'pia@reachco.example');
    for (const who of ['sam', 'emma', 'lee', 'cara', 'pia'])
      id[who] = (await exec.get(`employee?email=${who}@reachco.example`)).body.data.list[0].id;
    for (const [who, supervisor] of [
      ['emma', 'sam'],
      ['lee', 'emma'],
    ]) {
      const e = (await exec.get(`employee/${id[who]}`)).body.data.employee;
      ok(
        await exec.post('employee/update', {
          id: id[who],
          version: e.version,
          supervisorId: id[supervisor],
        }),
      );
    }
    const strategic = (
      await exec.post('strategic-plan/add', {
        description: 'Vision',
        startDate: isoDay(-400),
        endDate: isoDay(2000),
      })
    ).body.data.strategic;
    const p = await exec.post('annual-plan/add', {
      name: 'FY',
      strategicPlanId: strategic.id,
      startDate: isoDay(-10),
      endDate: isoDay(354),
    });
    ok(p);
    plan = p.body.data.annualPlan.id;
    const q1 = (await exec.get(`quarter?annualPlanId=${plan}&quarterIndex=0`)).body.data.list[0];
    ok(
      await exec.post('quarter/update-agreement', {
        id: q1.id,
        version: q1.version,
        agreementStartDate: isoDay(-1),
        agreementEndDate: isoDay(5),
      }),
    );
    const q1b = (await exec.get(`quarter/${q1.id}`)).body.data.quarter;
    ok(
      await exec.post('quarter/update-assessment', {
        id: q1.id,
        version: q1b.version,
        assessmentStartDate: isoDay(-1),
        assessmentEndDate: isoDay(5),
      }),
    );
    const corporate = (
      await exec.post('performance-scorecard/add', {
        name: 'Company FY',
        level: 'corporate',
        annualPlanId: plan,
        includeKeyPerformanceArea: 'No',
      })
    ).body.data.scorecard;
    ok(
      await exec.post('performance-scorecard/save-kpis', {
        id: corporate.id,
        kpis: [
          {
            name: 'Sales',
            kpiType: 'Qualitative',
            weight: 100,
            manualRatingScore: 3,
          },
        ],
      }),
    );
    const cascaded = await exec.post('performance-scorecard/cascade', {
      id: corporate.id,
      employeeIds: [id.emma],
    });
    ok(cascaded);
    id.scorecard = cascaded.body.data.list[0].id;
    const agreement = await exec.post('performance-agreement/add', {
      scorecardId: id.scorecard,
    });
    ok(agreement);
    id.agreement = agreement.body.data[Object.keys(agreement.body.data)[0]].id;
    ok(await emma.post('performance-agreement/agree', { id: id.agreement }));
    const a = await exec.post('performance-assessment/add', {
      scorecardId: id.scorecard,
      quarterIndex: 0,
    });
    ok(a);
    id.assessment = a.body.data.assessment.id;
    for (const [who, list] of [
      ['lee', 'Scorecard'],
      ['lee', 'Performance'],
      ['cara', 'Scorecard'],
      ['pia', 'Performance'],
    ] as const) {
      const r = await exec.post('qa-member/add', {
        annualPlanId: plan,
        list,
        employeeId: id[who],
      });
      ok(r);
      member[`${who}${list}`] = r.body.data.member.id;
    }
  });
  afterAll(() => t.close());

  const status = async (who: Client, path: string) => (await who.get(path)).status;

  it('lets a Scorecard-list member read the scorecards of his plan, never its assessments or agreements', async () => {
    expect(await status(cara, `performance-scorecard/${id.scorecard}`)).toBe(200);
    expect(await status(cara, `performance-assessment/${id.assessment}`)).toBe(403);
    expect(await status(cara, `performance-agreement/${id.agreement}`)).toBe(403);
    expect((await cara.get(`performance-assessment?annualPlanId=${plan}`)).body.data.list).toEqual([]);
    expect((await cara.get(`performance-agreement`)).body.data.list).toEqual([]);
    const cards = (await cara.get(`performance-scorecard?annualPlanId=${plan}&level=employee`)).body.data.list;
    expect(cards.map((s: { id: number }) => s.id)).toEqual([id.scorecard]);
  });

  it('lets a Performance-list member read an assessment only once it has reached QA', async () => {
    expect(await status(pia, `performance-assessment/${id.assessment}`)).toBe(403);
    expect((await pia.get(`performance-assessment?annualPlanId=${plan}`)).body.data.list).toEqual([]);
    const [sales] = (await exec.get(`performance-kpi?scorecardId=${id.scorecard}`)).body.data.list;
    ok(
      await emma.post('performance-assessment/save-scores', {
        id: id.assessment,
        scores: [{ kpiId: sales.id, selfScore: 3 }],
      }),
    );
    id.kpiAssessment = (await exec.get(`kpi-assessment?assessmentId=${id.assessment}`)).body.data.list[0].id;
    ok(
      await emma.post('performance-assessment/submit-self-assessment', {
        id: id.assessment,
      }),
    );
    // self-assessed: still the employee's and the supervisor's business
    expect(await status(pia, `performance-assessment/${id.assessment}`)).toBe(403);
    expect(await status(pia, `kpi-assessment/${id.kpiAssessment}`)).toBe(403);
    ok(await sam.post('performance-assessment/assess', { id: id.assessment }));
    expect(await status(pia, `performance-assessment/${id.assessment}`)).toBe(200);
    expect(await status(pia, `kpi-assessment/${id.kpiAssessment}`)).toBe(200);
    const listed = (await pia.get(`performance-assessment?annualPlanId=${plan}`)).body.data.list;
    expect(listed.map((a: { id: number }) => a.id)).toEqual([id.assessment]);
    // his list reviews assessments, against the scorecard's KPIs (which he reads, as the assessment's screen shows
    // them), never the agreement
    expect(await status(pia, `performance-scorecard/${id.scorecard}`)).toBe(200);
    expect(await status(pia, `performance-agreement/${id.agreement}`)).toBe(403);
    // and the Scorecard-list member still does not read it, nor its scores
    expect(await status(cara, `performance-assessment/${id.assessment}`)).toBe(403);
    expect(await status(cara, `kpi-assessment/${id.kpiAssessment}`)).toBe(403);
  });

  it("keeps a member from reading or reviewing his supervisor's work, and names her", async () => {
    expect((await exec.get(`performance-assessment/${id.assessment}`)).body.data.assessment.status).toBe('Assessed');
    expect(await status(lee, `performance-scorecard/${id.scorecard}`)).toBe(403);
    expect(await status(lee, `performance-assessment/${id.assessment}`)).toBe(403);
    expect((await lee.get(`performance-assessment?annualPlanId=${plan}`)).body.data.list).toEqual([]);
    // his QA work leaves her out; another member's holds her scorecard and assessment
    expect((await lee.get(`qa-review/my-work?annualPlanId=${plan}`)).body.data.work.list).toEqual([]);
    const others = (await pia.get(`qa-review/my-work?annualPlanId=${plan}`)).body.data.work.list;
    expect(others.map((w: { assessmentId: number }) => w.assessmentId)).toEqual([id.assessment]);
    const review = await lee.post('qa-review/add', {
      qaMemberId: member.leePerformance,
      assessmentId: id.assessment,
      comment: 'Fine',
    });
    expect(review.status).toBe(403);
    expect(review.body.err_msg).toMatch(/Emma Ployee/);
    const card = await lee.post('qa-review/add', {
      qaMemberId: member.leeScorecard,
      scorecardId: id.scorecard,
    });
    expect(card.status).toBe(403);
    // the others on the lists review her as before
    ok(
      await pia.post('qa-review/add', {
        qaMemberId: member.piaPerformance,
        assessmentId: id.assessment,
      }),
    );
    ok(
      await cara.post('qa-review/add', {
        qaMemberId: member.caraScorecard,
        scorecardId: id.scorecard,
      }),
    );
  });
});
