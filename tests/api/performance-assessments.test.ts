import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../support/backends.ts';
import { startTestStratum, type Client, type Reply, type TestStratum } from '../support/test-stratum.ts';
import { isoDay } from '../support/iso-day.ts';
import { reviewTeam } from '../support/review-team.ts';

const ok = (r: Reply) => expect(r.status, r.body.err_msg ?? '').toBe(200);
const queue = (r: Reply) =>
  (r.body.data.inbox ?? r.body.data.requiredActions).list
    .map((x: { id: number; waitingFor: string }) => [x.id, x.waitingFor])
    .sort();

describe.each(backends())('performance assessments on $name', (backend) => {
  let t: TestStratum;
  let exec: Client; // the PM committee
  let sam: Client; // supervises Emma and Eric
  let emma: Client;
  let eric: Client;
  let olga: Client; // Eric's acting supervisor
  const id: Record<string, number> = {};
  let plan: { id: number };
  const card: Record<string, number> = {};
  const kpi: Record<string, number> = {};
  const assessment: Record<string, Record<string, any>> = {};

  const quarter = async (q: number) =>
    (await exec.get(`quarter?annualPlanId=${plan.id}&quarterIndex=${q}`)).body.data.list[0];
  const setWindow = async (q: number, fields: Record<string, string>) => {
    const row = await quarter(q);
    ok(await exec.post('quarter/update-assessment', { id: row.id, version: row.version, ...fields }));
  };
  const read = async (who: Client, key: string) =>
    (await who.get(`performance-assessment/${assessment[key].id}`)).body.data.assessment;
  /** Stands in for QA's refer-back and complete (built beside this module): the state as QA's commands leave it. */
  const qaSets = async (key: string, status: 'ReferredBack' | 'Completed') => {
    await t.stratum.db.query(`UPDATE performance_assessment SET status = $1, version = version + 1 WHERE id = $2`, [
      status,
      assessment[key].id,
    ]);
  };

  beforeAll(async () => {
    t = await startTestStratum(backend);
    const team = await reviewTeam(t, 'Assessco', { eric: true });
    ({ exec, sam, emma, olga, plan } = team);
    eric = team.eric!;
    Object.assign(id, team.id);
    // Emma's scorecard: Sales (quantitative, 60 %, target 100) and Culture (qualitative, 40 %)
    for (const who of ['emma', 'eric']) {
      card[who] = (
        await exec.post('performance-scorecard/add', {
          name: `${who} FY`,
          level: 'employee',
          annualPlanId: plan.id,
          employeeId: id[who],
          includeKeyPerformanceArea: 'No',
        })
      ).body.data.scorecard.id;
      const saved = await exec.post('performance-scorecard/save-kpis', {
        id: card[who],
        kpis: [
          { name: 'Sales', kpiType: 'Quantitative', optionType: 'ASC', weight: 60, target: 100 },
          { name: 'Culture', kpiType: 'Qualitative', weight: 40 },
        ],
      });
      ok(saved);
      const kpis = saved.body.data.item.kpiList as { id: number; name: string }[];
      for (const k of kpis) kpi[`${who}${k.name}`] = k.id;
      ok(await sam.post('performance-scorecard/approve', { id: card[who] }));
    }
    ok(await emma.post('performance-scorecard/accept', { id: card.emma }));
    card.corporate = (
      await exec.post('performance-scorecard/add', {
        name: 'Company FY',
        level: 'corporate',
        annualPlanId: plan.id,
        includeKeyPerformanceArea: 'No',
      })
    ).body.data.scorecard.id;
    ok(
      await exec.post('performance-scorecard/save-kpis', {
        id: card.corporate,
        kpis: [{ name: 'Profit', kpiType: 'Qualitative', weight: 100 }],
      }),
    );
    kpi.corporateProfit = (await exec.get(`performance-kpi?scorecardId=${card.corporate}`)).body.data.list[0].id;
  });
  afterAll(() => t.close());

  it('adds one assessment per scorecard and quarter, deriving its employee, plan and type', async () => {
    expect((await olga.post('performance-assessment/add', { scorecardId: card.emma, quarterIndex: 0 })).status).toBe(
      403,
    );
    const r = await sam.post('performance-assessment/add', { scorecardId: card.emma, quarterIndex: 0 });
    ok(r);
    assessment.emma = r.body.data.assessment;
    expect(assessment.emma).toMatchObject({
      employeeId: id.emma,
      annualPlanId: plan.id,
      type: 'Personal',
      status: 'Open',
      title: 'emma FY (Q1)',
      selfScore: null,
      score: null,
      finalScore: null,
    });
    expect((await sam.post('performance-assessment/add', { scorecardId: card.emma, quarterIndex: 0 })).status).toBe(
      409,
    );
    expect(
      (await sam.post('performance-assessment/add', { scorecardId: card.emma, quarterIndex: 0, finalScore: 5 })).status,
    ).toBe(422);
    assessment.eric = (
      await eric.post('performance-assessment/add', { scorecardId: card.eric, quarterIndex: 0 })
    ).body.data.assessment;
    assessment.emmaQ2 = (
      await emma.post('performance-assessment/add', { scorecardId: card.emma, quarterIndex: 1 })
    ).body.data.assessment;
    expect(assessment.emmaQ2.title).toBe('emma FY (Q2)');
  });

  it("keeps each party's fields to them (x-writeRoles): the supervisor neither writes the employee's note nor moves the scorecard, and sees them read-only", async () => {
    const bySam = await read(sam, 'emma');
    expect(bySam._allowed.update).toBe(true);
    expect([...bySam._allowed.readOnlyFields].sort()).toEqual([
      'corporateNote',
      'personalNote',
      'quarterIndex',
      'scorecardId',
      'type',
    ]);
    const note = await sam.post('performance-assessment/update', {
      id: bySam.id,
      version: bySam.version,
      personalNote: '<p>Written for her</p>',
    });
    expect(note.status).toBe(403);
    expect(note.body.err_msg).toBe(
      'Only the employee it belongs to may change the personal note of performance assessment records',
    );
    // through a command too: the record store judges every path
    expect(
      (await sam.post('performance-assessment/add-note', { id: bySam.id, version: bySam.version, personalNote: 'x' }))
        .status,
    ).toBe(403);
    const byEmma = await read(emma, 'emma');
    expect([...byEmma._allowed.readOnlyFields].sort()).toEqual([
      'corporateNote',
      'quarterIndex',
      'scorecardId',
      'type',
    ]);
    ok(
      await emma.post('performance-assessment/update', {
        id: byEmma.id,
        version: byEmma.version,
        personalNote: '<p>My quarter</p>',
      }),
    );
    // the PM committee writes the corporate note; the employee may not
    const after = await read(emma, 'emma');
    expect(
      (await emma.post('performance-assessment/update', { id: after.id, version: after.version, corporateNote: 'x' }))
        .status,
    ).toBe(403);
    const byExec = await read(exec, 'emma');
    expect([...byExec._allowed.readOnlyFields].sort()).toEqual(['personalNote', 'quarterIndex', 'scorecardId']);
    ok(
      await exec.post('performance-assessment/update', {
        id: byExec.id,
        version: byExec.version,
        corporateNote: '<p>On track</p>',
      }),
    );
    const stored = await read(emma, 'emma');
    expect([stored.personalNote, stored.corporateNote]).toEqual(['<p>My quarter</p>', '<p>On track</p>']);
    assessment.emma = stored;
  });

  it('takes each KPI score from its own party, for KPIs of the scorecard only', async () => {
    const a = assessment.emma.id;
    // the employee enters self scores, not the supervisor's rating
    const rating = await emma.post('performance-assessment/save-scores', {
      id: a,
      scores: [{ kpiId: kpi.emmaCulture, manualRatingScore: 5 }],
    });
    expect(rating.status).toBe(403);
    expect(
      (
        await sam.post('performance-assessment/save-scores', {
          id: a,
          scores: [{ kpiId: kpi.emmaSales, selfScore: 5 }],
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await olga.post('performance-assessment/save-scores', {
          id: a,
          scores: [{ kpiId: kpi.emmaSales, comment: 'x' }],
        })
      ).status,
    ).toBe(403);
    const foreign = await emma.post('performance-assessment/save-scores', {
      id: a,
      scores: [{ kpiId: kpi.ericSales, selfScore: 4 }],
    });
    expect(foreign.status).toBe(422);
    expect(foreign.body.errors).toEqual([
      { field: 'scores.0.kpiId', message: `KPI ${kpi.ericSales} is not on the assessment's scorecard` },
    ]);
    const saved = await emma.post('performance-assessment/save-scores', {
      id: a,
      scores: [
        { kpiId: kpi.emmaSales, selfScore: 4, comment: 'Good quarter' },
        { kpiId: kpi.emmaCulture, selfScore: 3 },
      ],
    });
    ok(saved);
    expect(
      saved.body.data.item.kpiAssessmentList.map((k: { kpiId: number; selfScore: number }) => [k.kpiId, k.selfScore]),
    ).toEqual(
      [
        [kpi.emmaSales, 4],
        [kpi.emmaCulture, 3],
      ].sort((x, y) => x[0] - y[0]),
    );
    // nothing half-written: one refused score refuses the call
    expect(
      (
        await emma.post('performance-assessment/save-scores', {
          id: a,
          scores: [
            { kpiId: kpi.emmaSales, selfScore: 1 },
            { kpiId: kpi.emmaCulture, adjustedScore: 5 },
          ],
        })
      ).status,
    ).toBe(403);
    expect(
      (await read(emma, 'emma')).kpiAssessmentList.find((k: { kpiId: number }) => k.kpiId === kpi.emmaSales).selfScore,
    ).toBe(4);
  });

  it('shows each queue exactly the assessments waiting for the caller', async () => {
    expect(queue(await emma.get('performance-assessment/inbox'))).toEqual(
      [
        [assessment.emma.id, 'submit-self-assessment'],
        [assessment.emmaQ2.id, 'submit-self-assessment'],
      ].sort(),
    );
    expect(queue(await eric.get('performance-assessment/inbox'))).toEqual([
      [assessment.eric.id, 'submit-self-assessment'],
    ]);
    expect(queue(await sam.get('performance-assessment/inbox'))).toEqual([]);
    // what must be done in the quarter running today: Q1 only
    expect(queue(await emma.get('performance-assessment/required-actions'))).toEqual([
      [assessment.emma.id, 'submit-self-assessment'],
    ]);
  });

  it('takes the self-assessment only from the employee, inside the assessment window', async () => {
    // while the window is not set the step is not offered: _allowed leaves it out and says why
    const waiting = await read(emma, 'emma');
    expect(waiting._allowed.transitions).not.toContain('submit-self-assessment');
    expect(waiting._allowed.closed).toEqual({ 'submit-self-assessment': { from: null, to: null } });
    const unset = await emma.post('performance-assessment/submit-self-assessment', { id: assessment.emma.id });
    expect(unset.status).toBe(422);
    expect(unset.body.code).toBe('outside_window');
    await setWindow(0, { assessmentStartDate: isoDay(0), assessmentEndDate: isoDay(5) });
    const opened = await read(emma, 'emma');
    expect(opened._allowed.transitions).toContain('submit-self-assessment');
    expect(opened._allowed.closed).toBeUndefined();
    expect((await sam.post('performance-assessment/submit-self-assessment', { id: assessment.emma.id })).status).toBe(
      403,
    );
    // a personal assessment is assessed after the self-assessment
    const tooSoon = await sam.post('performance-assessment/assess', { id: assessment.emma.id });
    expect(tooSoon.status).toBe(409);
    expect(tooSoon.body.err_msg).toBe(
      '“Assess” is possible only when the employee has submitted a self-assessment (a personal assessment is assessed after it)',
    );
    // and the supervisor is not offered Assess on it
    expect((await read(sam, 'emma'))._allowed.transitions).not.toContain('assess');
    const r = await emma.post('performance-assessment/submit-self-assessment', { id: assessment.emma.id });
    ok(r);
    // self score: (4 × 60 + 3 × 40) ÷ 100
    expect(r.body.data.assessment).toMatchObject({ status: 'SelfAssessed', selfScore: 3.6, score: null });
    // a self-assessment with a KPI left unscored is refused, naming the KPI: once submitted it could not be scored
    const blank = await eric.post('performance-assessment/submit-self-assessment', { id: assessment.eric.id });
    expect(blank.status).toBe(422);
    expect(blank.body.errors).toEqual([
      {
        field: 'selfScore',
        message:
          'Self score is required for every KPI before the self-assessment is submitted; it is missing for Sales and Culture',
      },
    ]);
    expect((await read(eric, 'eric')).status).toBe('Open');
    ok(
      await eric.post('performance-assessment/save-scores', {
        id: assessment.eric.id,
        scores: [
          { kpiId: kpi.ericSales, selfScore: 3 },
          { kpiId: kpi.ericCulture, selfScore: 4 },
        ],
      }),
    );
    ok(await eric.post('performance-assessment/submit-self-assessment', { id: assessment.eric.id }));
    // self scores are final once submitted
    expect(
      (
        await emma.post('performance-assessment/save-scores', {
          id: assessment.emma.id,
          scores: [{ kpiId: kpi.emmaSales, selfScore: 5 }],
        })
      ).status,
    ).toBe(409);
    expect(queue(await sam.get('performance-assessment/inbox'))).toEqual(
      [
        [assessment.emma.id, 'assess'],
        [assessment.eric.id, 'assess'],
      ].sort(),
    );
    expect(queue(await olga.get('performance-assessment/inbox'))).toEqual([[assessment.eric.id, 'assess']]);
    expect(queue(await emma.get('performance-assessment/inbox'))).toEqual([
      [assessment.emmaQ2.id, 'submit-self-assessment'],
    ]);
  });

  it('lets the supervisor rate and assess, and stores the weighted and adjusted totals', async () => {
    // Q1 actual of Sales: 85 % of target, band 3 of the default bands
    ok(
      await emma.post('performance-scorecard/update-actuals', {
        id: card.emma,
        quarter: 0,
        actuals: [{ kpiId: kpi.emmaSales, actual: 85 }],
      }),
    );
    // Sales is quantitative and the plan scores automatically: a manual rating of it would be ignored, so it is refused, named
    const ignored = await sam.post('performance-assessment/save-scores', {
      id: assessment.emma.id,
      scores: [{ kpiId: kpi.emmaSales, manualRatingScore: 4 }],
    });
    expect(ignored.status).toBe(422);
    expect(ignored.body.errors).toEqual([
      {
        field: 'scores.0.manualRatingScore',
        message:
          'Manual rating score of “Sales” would not count: the plan scores quantitative KPIs from their actuals; enter an adjusted score to change its score',
      },
    ]);
    ok(
      await sam.post('performance-assessment/save-scores', {
        id: assessment.emma.id,
        scores: [{ kpiId: kpi.emmaCulture, manualRatingScore: 4, adjustedScore: 5 }],
      }),
    );
    expect((await emma.post('performance-assessment/assess', { id: assessment.emma.id })).status).toBe(403);
    expect((await olga.post('performance-assessment/assess', { id: assessment.emma.id })).status).toBe(403);
    const r = await sam.post('performance-assessment/assess', { id: assessment.emma.id });
    ok(r);
    // score (3 × 60 + 4 × 40) ÷ 100 = 3.4; final, with Culture adjusted to 5: (3 × 60 + 5 × 40) ÷ 100 = 3.8
    expect(r.body.data.assessment).toMatchObject({ status: 'Assessed', selfScore: 3.6, score: 3.4, finalScore: 3.8 });
    // the supervisor's scores are locked once assessed
    expect(
      (
        await sam.post('performance-assessment/save-scores', {
          id: assessment.emma.id,
          scores: [{ kpiId: kpi.emmaCulture, adjustedScore: 1 }],
        })
      ).status,
    ).toBe(409);
    // the acting supervisor stands in for Eric's supervisor
    ok(await olga.post('performance-assessment/assess', { id: assessment.eric.id }));
    expect(queue(await emma.get('performance-assessment/inbox'))).toContainEqual([assessment.emma.id, 'agree']);
  });

  it('takes a dispute with its note; a referral back is reassessed by the supervisor; a completed assessment is final', async () => {
    expect(
      (await sam.post('performance-assessment/dispute', { id: assessment.emma.id, disputedNote: 'Not me' })).status,
    ).toBe(403);
    expect((await emma.post('performance-assessment/dispute', { id: assessment.emma.id })).status).toBe(422);
    const d = await emma.post('performance-assessment/dispute', {
      id: assessment.emma.id,
      disputedNote: '<p>Culture deserves a 5</p>',
    });
    ok(d);
    expect(d.body.data.assessment).toMatchObject({ status: 'Disputed', disputedNote: '<p>Culture deserves a 5</p>' });
    // a disputed assessment waits for the PM committee (who alone resolve or refer it back), in its inbox and its count
    expect(queue(await exec.get('performance-assessment/inbox'))).toContainEqual([
      assessment.emma.id,
      'resolve-dispute',
    ]);
    expect(queue(await sam.get('performance-assessment/inbox'))).not.toContainEqual([
      assessment.emma.id,
      'resolve-dispute',
    ]);
    expect((await sam.post('performance-assessment/reassess', { id: assessment.emma.id })).status).toBe(409);
    await qaSets('emma', 'ReferredBack');
    expect(queue(await sam.get('performance-assessment/inbox'))).toEqual([[assessment.emma.id, 'reassess']]);
    expect((await emma.post('performance-assessment/reassess', { id: assessment.emma.id })).status).toBe(403);
    ok(
      await sam.post('performance-assessment/save-scores', {
        id: assessment.emma.id,
        scores: [{ kpiId: kpi.emmaCulture, manualRatingScore: 5, adjustedScore: 0 }],
      }),
    );
    const again = await sam.post('performance-assessment/reassess', { id: assessment.emma.id });
    ok(again);
    // (3 × 60 + 5 × 40) ÷ 100 = 3.8 for both: a zero adjusted score leaves the score as it is
    expect(again.body.data.assessment).toMatchObject({ status: 'Assessed', score: 3.8, finalScore: 3.8 });
    await qaSets('emma', 'Completed');
    const dispute = await emma.post('performance-assessment/dispute', {
      id: assessment.emma.id,
      disputedNote: 'Again',
    });
    expect(dispute.status).toBe(409);
    expect(dispute.body.err_msg).toBe(
      'This performance assessment is Completed: “Dispute” is possible only while it is Assessed',
    );
    expect((await sam.post('performance-assessment/reassess', { id: assessment.emma.id })).status).toBe(409);
    expect(
      (
        await sam.post('performance-assessment/save-scores', {
          id: assessment.emma.id,
          scores: [{ kpiId: kpi.emmaCulture, comment: 'late' }],
        })
      ).status,
    ).toBe(409);
    const done = await read(emma, 'emma');
    expect(
      (await emma.post('performance-assessment/add-note', { id: done.id, version: done.version, personalNote: 'x' }))
        .status,
    ).toBe(409);
    expect(done).toMatchObject({ status: 'Completed', finalScore: 3.8 });
    // completed: locked, its KPI scores too, whoever asks; the form offers no Save, the scores no Save, the list no Delete
    expect(done._allowed).toMatchObject({
      update: false,
      delete: false,
      transitions: [],
      lockedChildren: ['kpiAssessmentList'],
    });
    expect(done._allowed.commands).not.toContain('add-note');
    expect(done.kpiAssessmentList.map((s: { _allowed: { update: boolean; delete: boolean } }) => s._allowed)).toEqual(
      done.kpiAssessmentList.map(() => expect.objectContaining({ update: false, delete: false })),
    );
    expect((await read(exec, 'emma'))._allowed).toMatchObject({ update: false, delete: false });
    const changed = await emma.post('performance-assessment/update', {
      id: done.id,
      version: done.version,
      personalNote: 'x',
    });
    expect(changed.status).toBe(409);
    expect(changed.body.err_msg).toBe(
      'The performance assessment “emma FY (Q1)” is Completed and can no longer be changed',
    );
    const inGerman = await t.app.request('/api/v1/performance-assessment/update', {
      method: 'POST',
      headers: { token: emma.token, 'content-type': 'application/json', 'accept-language': 'de' },
      body: JSON.stringify({ id: done.id, version: done.version, personalNote: 'x' }),
    });
    expect(((await inGerman.json()) as { err_msg: string }).err_msg).toBe(
      '„emma FY (Q1)“ (Leistungsbeurteilung) hat den Status „Abgeschlossen“ und kann nicht mehr geändert werden',
    );
    const removed = await exec.post('performance-assessment/delete', { id: done.id });
    expect(removed.body.err_msg).toBe(
      'The performance assessment “emma FY (Q1)” is Completed and can no longer be deleted',
    );
    const late = await sam.post('performance-assessment/save-scores', {
      id: done.id,
      scores: [{ kpiId: kpi.emmaSales, comment: 'late' }],
    });
    expect(late.body.err_msg).toBe(
      'The performance assessment “emma FY (Q1)” is Completed, so this KPI assessment can no longer be changed',
    );
    const trail = (await exec.get(`audit-trail?entity=performance-assessment&recordId=${assessment.emma.id}&sort=id`))
      .body.data.list;
    // the two notes written by their own parties (x-writeRoles), the Q1 assessment window reaching the assessment's copy of it, then the review's steps
    expect(trail.map((e: { action: string }) => e.action)).toEqual([
      'add',
      'update',
      'update',
      'follow-quarter',
      'submit-self-assessment',
      'assess',
      'dispute',
      'reassess',
    ]);
  });

  it('lets the employee agree (review complete), after which a dispute is refused', async () => {
    const agreed = await eric.post('performance-assessment/agree', { id: assessment.eric.id });
    ok(agreed);
    expect(agreed.body.data.assessment.status).toBe('Agreed');
    // agreed: locked until QA completes it or refers it back, but for the notes
    const own = await read(eric, 'eric');
    expect(own._allowed).toMatchObject({
      update: true,
      fields: ['personalNote', 'corporateNote'],
      delete: false,
      lockedChildren: ['kpiAssessmentList'],
    });
    expect(own._allowed.commands).toContain('add-note');
    expect(
      (await exec.post('performance-assessment/set-type', { id: own.id, version: own.version, type: 'Corporate' }))
        .status,
    ).toBe(409);
    ok(
      await eric.post('performance-assessment/add-note', {
        id: own.id,
        version: own.version,
        personalNote: '<p>Fair</p>',
      }),
    );
    const d = await eric.post('performance-assessment/dispute', { id: assessment.eric.id, disputedNote: 'No' });
    expect(d.status).toBe(409);
    expect(d.body.err_msg).toBe(
      'This performance assessment is Agreed: “Dispute” is possible only while it is Assessed',
    );
    expect(queue(await olga.get('performance-assessment/inbox'))).toEqual([]);
  });

  it('lets only the PM committee assess a company assessment, inside the PM assessment window, else period_closed', async () => {
    expect(
      (await emma.post('performance-assessment/add', { scorecardId: card.corporate, quarterIndex: 0 })).status,
    ).toBe(403);
    const r = await exec.post('performance-assessment/add', { scorecardId: card.corporate, quarterIndex: 0 });
    ok(r);
    assessment.corporate = r.body.data.assessment;
    expect(assessment.corporate).toMatchObject({ type: 'Corporate', employeeId: null, status: 'Open' });
    expect(queue(await exec.get('performance-assessment/inbox'))).toEqual([[assessment.corporate.id, 'assess']]);
    ok(
      await exec.post('performance-assessment/save-scores', {
        id: assessment.corporate.id,
        scores: [{ kpiId: kpi.corporateProfit, manualRatingScore: 4 }],
      }),
    );
    expect((await sam.post('performance-assessment/assess', { id: assessment.corporate.id })).status).toBe(403);
    const closed = await exec.post('performance-assessment/assess', { id: assessment.corporate.id });
    expect(closed.status).toBe(422);
    expect(closed.body.code).toBe('period_closed');
    await setWindow(0, { pmAssessmentStartDate: isoDay(-1), pmAssessmentEndDate: isoDay(0) });
    const assessed = await exec.post('performance-assessment/assess', { id: assessment.corporate.id });
    ok(assessed);
    expect(assessed.body.data.assessment).toMatchObject({
      status: 'Assessed',
      score: 4,
      finalScore: 4,
      windowEndDate: isoDay(0),
    });
    expect(
      (await exec.get(`performance-assessment?type=Corporate`)).body.data.list.map((a: { id: number }) => a.id),
    ).toEqual([assessment.corporate.id]);
  });
});
