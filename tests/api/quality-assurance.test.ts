import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../support/backends.ts';
import { startTestStratum, type Client, type Reply, type TestStratum } from '../support/test-stratum.ts';
import { isoDay } from '../support/iso-day.ts';

const ok = (r: Reply) => expect(r.status, r.body.err_msg ?? '').toBe(200);

describe.each(backends())('quality assurance on $name', (backend) => {
  let t: TestStratum;
  let exec: Client; // admin access to the performance module
  let sam: Client; // Emma's supervisor
  let emma: Client; // the employee reviewed
  let quinn: Client; // QA member of both lists
  let rita: Client; // QA member of the Performance list
  let oz: Client; // on no list
  const id: Record<string, number> = {};
  let plan: number;
  let scorecard: number;
  let assessment: number;
  const member: Record<string, number> = {};

  const assessmentOf = async () => (await exec.get(`performance-assessment/${assessment}`)).body.data.assessment;
  const reviewsOf = async (who: Client, query: string) =>
    (await who.get(`qa-review/reviews?${query}`)).body.data.reviews;
  const addReview = (who: Client, body: Record<string, unknown>) => who.post('qa-review/add', body);

  beforeAll(async () => {
    t = await startTestStratum(backend);
    exec = (await t.addCompany('Qualico', { modules: ['strategic', 'performance'] })).executive;
    sam = await t.addEmployee(exec, 'Sam', 'Super', 'sam@qualico.example');
    emma = await t.addEmployee(exec, 'Emma', 'Ployee', 'emma@qualico.example');
    quinn = await t.addEmployee(exec, 'Quinn', 'Assure', 'quinn@qualico.example');
    rita = await t.addEmployee(exec, 'Rita', 'Review', 'rita@qualico.example');
    oz = await t.addEmployee(exec, 'Oz', 'Outsider', 'oz@qualico.example');
    for (const who of ['sam', 'emma', 'quinn', 'rita', 'oz'])
      id[who] = (await exec.get(`employee?email=${who}@qualico.example`)).body.data.list[0].id;
    const e = (await exec.get(`employee/${id.emma}`)).body.data.employee;
    ok(await exec.post('employee/update', { id: id.emma, version: e.version, supervisorId: id.sam }));
    const strategic = (
      await exec.post('strategic-plan/add', {
        description: 'Vision 2030',
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
    // windows around today in Q1, so that the employee and the supervisor can agree and assess
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
        kpis: [{ name: 'Sales', kpiType: 'Qualitative', weight: 100, manualRatingScore: 3 }],
      }),
    );
    const cascaded = await exec.post('performance-scorecard/cascade', { id: corporate.id, employeeIds: [id.emma] });
    ok(cascaded);
    scorecard = cascaded.body.data.list[0].id;
    // Emma agrees her scorecard; she self-assesses Q1 and Sam assesses it
    const agreement = await exec.post('performance-agreement/add', { scorecardId: scorecard });
    ok(agreement);
    id.agreement = agreement.body.data[Object.keys(agreement.body.data)[0]].id;
    ok(await emma.post('performance-agreement/agree', { id: id.agreement }));
    const a = await exec.post('performance-assessment/add', { scorecardId: scorecard, quarterIndex: 0 });
    ok(a);
    assessment = a.body.data.assessment.id;
    const [sales] = (await exec.get(`performance-kpi?scorecardId=${scorecard}`)).body.data.list;
    ok(
      await emma.post('performance-assessment/save-scores', {
        id: assessment,
        scores: [{ kpiId: sales.id, selfScore: 3 }],
      }),
    );
    ok(await emma.post('performance-assessment/submit-self-assessment', { id: assessment }));
    ok(await sam.post('performance-assessment/assess', { id: assessment }));
    expect((await assessmentOf()).status).toBe('Assessed');
  });
  afterAll(() => t.close());

  it('keeps a member list per plan and list, which only module admins change', async () => {
    for (const [who, list] of [
      ['quinn', 'Scorecard'],
      ['quinn', 'Performance'],
      ['rita', 'Performance'],
    ] as const) {
      const r = await exec.post('qa-member/add', { annualPlanId: plan, list, employeeId: id[who] });
      ok(r);
      member[`${who}${list}`] = r.body.data.member.id;
    }
    const twice = await exec.post('qa-member/add', { annualPlanId: plan, list: 'Performance', employeeId: id.rita });
    expect(twice.status).toBe(409);
    const refused = await quinn.post('qa-member/add', { annualPlanId: plan, list: 'Performance', employeeId: id.oz });
    expect(refused.status).toBe(403);
    expect(refused.body.err_msg).toMatch(/admin access to the module “Performance management”/);
    const spare = (await exec.post('qa-member/add', { annualPlanId: plan, list: 'Scorecard', employeeId: id.oz })).body
      .data.member;
    expect((await quinn.post('qa-member/delete', { id: spare.id })).status).toBe(403);
    ok(await exec.post('qa-member/delete', { id: spare.id }));
    const performance = (await quinn.get(`qa-member?annualPlanId=${plan}&list=Performance&sort=id`)).body.data.list;
    expect(performance.map((m: { employeeId: number }) => m.employeeId)).toEqual([id.quinn, id.rita]);
    const scorecardList = (await quinn.get(`qa-member?annualPlanId=${plan}&list=Scorecard`)).body.data.list;
    expect(scorecardList.map((m: { employeeId: number }) => m.employeeId)).toEqual([id.quinn]);
  });

  it('lets a member add a review of a subject of their list, once, and refuses anyone else', async () => {
    // Oz is on no list: he cannot review as Quinn, nor as himself
    const asQuinn = await addReview(oz, {
      qaMemberId: member.quinnPerformance,
      assessmentId: assessment,
      comment: 'Fine',
    });
    expect(asQuinn.status).toBe(403);
    // the Scorecard list reviews scorecards, the Performance list assessments
    const wrong = await addReview(quinn, { qaMemberId: member.quinnScorecard, assessmentId: assessment });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors?.[0].field).toBe('assessmentId');
    const r = await addReview(quinn, {
      qaMemberId: member.quinnPerformance,
      assessmentId: assessment,
      comment: 'Scores match the evidence',
    });
    ok(r);
    id.quinnReview = r.body.data.review.id;
    expect(r.body.data.review).toMatchObject({
      list: 'Performance',
      annualPlanId: plan,
      reviewerId: id.quinn,
      employeeId: id.emma,
      isComplete: false,
    });
    const again = await addReview(quinn, {
      qaMemberId: member.quinnPerformance,
      assessmentId: assessment,
      comment: 'Twice',
    });
    expect(again.status).toBe(409);
    // nothing half-written
    expect((await reviewsOf(exec, `assessmentId=${assessment}`)).total).toBe(1);
  });

  it('says the set is not complete while a member is still to review, and who would be last', async () => {
    const check = await quinn.post('qa-review/check-complete', { assessmentId: assessment });
    ok(check);
    expect(check.body.data.reviewComplete).toMatchObject({
      isComplete: false,
      memberCount: 2,
      reviewCount: 1,
      lastReviewerEmployeeId: id.rita,
    });
    // anyone may ask whether it is complete; the holder (no employee) may not
    ok(await oz.post('qa-review/check-complete', { assessmentId: assessment }));
    expect((await t.holder.post('qa-review/check-complete', { assessmentId: assessment })).status).toBe(403);
    const list = await reviewsOf(quinn, `employeeId=${id.emma}`);
    expect(list.list.map((r: Record<string, unknown>) => [r.reviewerName, r.isLastReviewer])).toEqual([
      ['Quinn Assure', false],
    ]);
    // Rita's work: Emma's assessment, which she would complete
    const work = (await rita.get('qa-review/my-work')).body.data.work.list;
    expect(
      work.map((w: Record<string, unknown>) => [w.assessmentId, w.employeeName, w.myReviewId, w.isLastReviewer]),
    ).toEqual([[assessment, 'Emma Ployee', null, true]]);
    // completing now is refused: Rita has not reviewed
    const early = await quinn.post('qa-review/complete', { id: id.quinnReview });
    expect(early.status).toBe(409);
    expect(early.body.err_msg).toMatch(/still to review: Rita Review/);
  });

  it('marks the last reviewer once every member has reviewed, and lets only that member complete', async () => {
    const r = await addReview(rita, {
      qaMemberId: member.ritaPerformance,
      assessmentId: assessment,
      comment: 'Agreed',
    });
    ok(r);
    id.ritaReview = r.body.data.review.id;
    expect(
      (await rita.post('qa-review/check-complete', { assessmentId: assessment })).body.data.reviewComplete,
    ).toMatchObject({ isComplete: true, completed: false, reviewCount: 2 });
    const list = (await reviewsOf(exec, `assessmentId=${assessment}`)).list;
    expect(list.map((x: Record<string, unknown>) => [x.reviewerId, x.isLastReviewer])).toEqual([
      [id.quinn, false],
      [id.rita, true],
    ]);
    // each member completes with their own review; only the last reviewer's completes
    const notLast = await quinn.post('qa-review/complete', { id: id.quinnReview });
    expect(notLast.status).toBe(403);
    expect(notLast.body.err_msg).toMatch(/Only the last reviewer \(Rita Review\)/);
    expect((await quinn.post('qa-review/complete', { id: id.ritaReview })).status).toBe(403);
    expect((await oz.post('qa-review/complete', { id: id.ritaReview })).status).toBe(403);
    expect((await assessmentOf()).status).toBe('Assessed');
    // a member recalls only their own review
    const others = await quinn.post('qa-review/recall', { id: id.ritaReview });
    expect(others.status).toBe(403);
  });

  it('refers an assessment back to the supervisor, for performance reviews only', async () => {
    const scorecardReview = await addReview(quinn, {
      qaMemberId: member.quinnScorecard,
      scorecardId: scorecard,
      comment: 'KPIs are measurable',
    });
    ok(scorecardReview);
    id.scorecardReview = scorecardReview.body.data.review.id;
    const refused = await quinn.post('qa-review/refer-back', { id: id.scorecardReview });
    expect(refused.status).toBe(400);
    expect(refused.body.err_msg).toMatch(/performance reviews only/);
    expect((await rita.post('qa-review/refer-back', { id: id.quinnReview })).status).toBe(403);
    // the member's comment is the reason the assessment goes back
    const mine = (await quinn.get(`qa-review/${id.quinnReview}`)).body.data.review;
    const why = 'The Q1 sales score has no evidence attached';
    ok(await quinn.post('qa-review/update', { id: mine.id, version: mine.version, comment: why }));
    const back = await quinn.post('qa-review/refer-back', { id: id.quinnReview });
    ok(back);
    expect(back.body.data.assessment.status).toBe('ReferredBack');
    // the supervisor it goes back to, and the employee assessed, read why; a colleague reads neither the assessment
    // nor the review
    for (const reader of [sam, emma])
      expect((await reader.get(`performance-assessment/${assessment}`)).body.data.assessment.referredBackNote).toBe(
        why,
      );
    expect((await oz.get(`performance-assessment/${assessment}`)).status).toBe(403);
    const ozList = (await oz.get(`performance-assessment?employeeId=${id.emma}`)).body.data?.list ?? [];
    expect(ozList.map((x: { id: number }) => x.id)).not.toContain(assessment);
    expect((await sam.get(`qa-review?assessmentId=${assessment}`)).body.data?.list ?? []).toEqual([]);
    // the reviews of the referred-back assessment are withdrawn: QA reviews the reassessment afresh
    expect((await reviewsOf(exec, `assessmentId=${assessment}`)).total).toBe(0);
    const trail = (await exec.get(`audit-trail?entity=performance-assessment&recordId=${assessment}&sort=id`)).body.data
      .list;
    expect(trail.map((x: { action: string }) => x.action).slice(-1)).toEqual(['refer-back']);
    // an assessment referred back is not reviewed (entity.json writeWhen.add), and nothing is added
    const early = await addReview(quinn, { qaMemberId: member.quinnPerformance, assessmentId: assessment });
    expect(early.status).toBe(409);
    expect(early.body.err_msg).toBe(
      '“Add QA review” is possible only when the performance assessment under review is Assessed, Agreed or Disputed',
    );
    expect((await reviewsOf(exec, `assessmentId=${assessment}`)).total).toBe(0);
    ok(await sam.post('performance-assessment/reassess', { id: assessment }));
    // the reassessment is reviewed afresh: the reason is no longer the assessment's (the trail keeps it)
    expect(await assessmentOf()).toMatchObject({ status: 'Assessed', referredBackNote: null });
  });

  it('completes the performance review by the last reviewer, and the assessment with it', async () => {
    id.ritaReview = (
      await addReview(rita, {
        qaMemberId: member.ritaPerformance,
        assessmentId: assessment,
        comment: 'Reassessment fine',
      })
    ).body.data.review.id;
    id.quinnReview = (
      await addReview(quinn, { qaMemberId: member.quinnPerformance, assessmentId: assessment, comment: 'Fine now' })
    ).body.data.review.id;
    // Quinn recalls his review and adds it again: the set is complete with his, so he is last
    ok(await quinn.post('qa-review/recall', { id: id.quinnReview }));
    expect(
      (await reviewsOf(exec, `assessmentId=${assessment}`)).list.map((x: Record<string, unknown>) => x.isLastReviewer),
    ).toEqual([false]);
    id.quinnReview = (
      await addReview(quinn, {
        qaMemberId: member.quinnPerformance,
        assessmentId: assessment,
        comment: 'Fine now, really',
      })
    ).body.data.review.id;
    const byRita = await rita.post('qa-review/complete', { id: id.ritaReview });
    expect(byRita.status).toBe(403);
    const done = await quinn.post('qa-review/complete', { id: id.quinnReview });
    ok(done);
    expect(done.body.data.reviewComplete).toMatchObject({ isComplete: true, completed: true });
    expect(done.body.data.reviewComplete.assessment.status).toBe('Completed');
    expect((await assessmentOf()).status).toBe('Completed');
    const trail = (await exec.get(`audit-trail?entity=performance-assessment&recordId=${assessment}&sort=id`)).body.data
      .list;
    const last = trail[trail.length - 1];
    expect(last.action).toBe('complete');
    expect([last.before?.status ?? last.beforeData?.status, last.after?.status ?? last.afterData?.status]).toEqual([
      'Assessed',
      'Completed',
    ]);
    const reviews = (await reviewsOf(exec, `assessmentId=${assessment}`)).list;
    expect(reviews.map((x: Record<string, unknown>) => x.isComplete)).toEqual([true, true]);
    // once complete: no recall, no second completion, no refer back, no more reviews
    const recall = await quinn.post('qa-review/recall', { id: id.quinnReview });
    expect(recall.status).toBe(409);
    expect(recall.body.err_msg).toBe('“Recall” is possible only when the QA review is not yet complete');
    expect((await quinn.post('qa-review/complete', { id: id.quinnReview })).status).toBe(409);
    const referBack = await quinn.post('qa-review/refer-back', { id: id.quinnReview });
    expect(referBack.status).toBe(409);
    expect(referBack.body.err_msg).toBe('“Refer back” is possible only when the QA review is not yet complete');
    // the commands' declared conditions leave all three out of what the review offers
    const offered = (await quinn.get(`qa-review/${id.quinnReview}`)).body.data.review._allowed.commands;
    for (const c of ['recall', 'complete', 'refer-back']) expect(offered).not.toContain(c);
    // a complete review no longer changes (entity.json lockedWhen), and says so before a click
    const changed = await quinn.post('qa-review/update', {
      id: id.quinnReview,
      version: reviews[1].version,
      comment: 'Changed',
    });
    expect(changed.status).toBe(409);
    expect(changed.body.err_msg).toMatch(/^The QA review no\. \d+ is complete and can no longer be changed$/);
    expect((await quinn.get(`qa-review/${id.quinnReview}`)).body.data.review._allowed.update).toBe(false);
    // it is no longer in anyone's QA work
    expect((await rita.get('qa-review/my-work')).body.data.work.total).toBe(0);
  });

  it('completes a scorecard review without touching the scorecard', async () => {
    const before = (await exec.get(`performance-scorecard/${scorecard}`)).body.data.scorecard;
    const r = await quinn.post('qa-review/complete', { id: id.scorecardReview });
    ok(r);
    expect(r.body.data.reviewComplete).toMatchObject({
      list: 'Scorecard',
      scorecardId: scorecard,
      isComplete: true,
      completed: true,
    });
    const after = (await exec.get(`performance-scorecard/${scorecard}`)).body.data.scorecard;
    expect([after.status, after.version]).toEqual([before.status, before.version]);
  });

  it('lists the employees by completed review, accepted agreement, assessment and agreement status', async () => {
    const names = async (command: string, query = '') => {
      const r = await exec.get(`qa-review/${command}?annualPlanId=${plan}${query}`);
      ok(r);
      return r.body.data.employees;
    };
    const completed = await names('employees-with-completed-reviews');
    expect(completed.total).toBe(2);
    expect(completed.list.map((x: Record<string, unknown>) => [x.employeeName, x.list])).toEqual(
      expect.arrayContaining([
        ['Emma Ployee', 'Performance'],
        ['Emma Ployee', 'Scorecard'],
      ]),
    );
    expect(
      (await names('employees-with-completed-reviews', '&list=Scorecard')).list.map(
        (x: Record<string, unknown>) => x.scorecardId,
      ),
    ).toEqual([scorecard]);
    expect(
      (await names('employees-with-accepted-agreements')).list.map((x: Record<string, unknown>) => [
        x.employeeId,
        x.status,
      ]),
    ).toEqual([[id.emma, 'Agreed']]);
    expect((await names('employees-with-agreement-status', '&status=Pending')).total).toBe(0);
    expect(
      (await names('employees-with-assessment-status', '&status=Completed')).list.map((x: Record<string, unknown>) => [
        x.employeeName,
        x.quarterIndex,
      ]),
    ).toEqual([['Emma Ployee', 0]]);
    expect((await names('employees-with-assessment-status', '&status=Assessed')).total).toBe(0);
    // paging on the server
    const first = await names('employees-with-completed-reviews', '&limit=1');
    expect([first.list.length, first.total]).toEqual([1, 2]);
    // module admins read them; other employees (QA members too) not; a bad parameter is named
    for (const who of [rita, oz])
      expect((await who.get(`qa-review/employees-with-assessment-status?annualPlanId=${plan}`)).status).toBe(403);
    const bad = await exec.get(`qa-review/employees-with-assessment-status?annualPlanId=${plan}&quarterIndex=7`);
    expect(bad.status).toBe(422);
    expect(bad.body.errors?.[0].field).toBe('quarterIndex');
    expect((await exec.get('qa-review/employees-with-assessment-status')).status).toBe(422);
  });

  it('reports the scorecards of the plan, and its employees and employees with where their agreement, assessment and QA reviews stand', async () => {
    const scorecards = (await exec.get(`qa-review/scorecards-to-review?annualPlanId=${plan}`)).body.data.report;
    expect(
      scorecards.list.map((x: Record<string, unknown>) => [
        x.scorecardId,
        x.employeeName,
        x.reviewCount,
        x.memberCount,
        x.reviewStatus,
      ]),
    ).toEqual([[scorecard, 'Emma Ployee', 1, 1, 'Completed']]);
    const status = await exec.get(`qa-review/employee-status?annualPlanId=${plan}`);
    ok(status);
    expect(status.body.data.report.list).toEqual([
      expect.objectContaining({
        employeeId: id.emma,
        scorecardId: scorecard,
        agreementStatus: 'Agreed',
        assessmentStatus: 'Completed',
        scorecardReview: 'Completed',
        performanceReview: 'Completed',
      }),
    ]);
    // Q2 has no assessment yet
    expect(
      (await exec.get(`qa-review/employee-status?annualPlanId=${plan}&quarterIndex=1`)).body.data.report.list[0],
    ).toMatchObject({ assessmentStatus: null, performanceReview: null });
    expect((await exec.get(`qa-review/employee-status?annualPlanId=${plan}&quarterIndex=9`)).status).toBe(422);
    expect((await exec.get(`qa-review/employee-status`)).status).toBe(422);
    expect((await quinn.get(`qa-review/employee-status?annualPlanId=${plan}`)).status).toBe(403);
    expect((await quinn.get(`qa-review/scorecards-to-review?annualPlanId=${plan}`)).status).toBe(403);
    const csv = await t.app.request(`/api/v1/qa-review/employee-status/export?format=csv&annualPlanId=${plan}`, {
      headers: { token: exec.token },
    });
    expect(csv.status).toBe(200);
    expect(await csv.text()).toMatch(/Emma Ployee/);
  });
});
