import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../support/backends.ts';
import { startTestStratum, type Client, type Reply, type TestStratum } from '../support/test-stratum.ts';
import { isoDay } from '../support/iso-day.ts';
import { reviewTeam } from '../support/review-team.ts';

const ok = (r: Reply) => expect(r.status, r.body.err_msg ?? '').toBe(200);

/**
 * What a walk of the performance journeys found stuck or lost (issue 26), server side: a dispute nobody could resolve
 * in a plan without QA members, a supervisor's comment overwriting the employee's, a scorecard's History without its
 * KPIs, an annual agreement waiting for Q1's window without saying so, the dashboard's link to monthly progress.
 */
describe.each(backends())('performance walk findings on $name', (backend) => {
  let t: TestStratum;
  let exec: Client; // module administrator (the executive)
  let sam: Client; // Emma's supervisor
  let emma: Client;
  let olga: Client; // a colleague
  const id: Record<string, number> = {};
  let plan: { id: number };
  let card: number;
  const kpi: Record<string, number> = {};
  let assessmentId: number;

  const read = async (who: Client) =>
    (await who.get(`performance-assessment/${assessmentId}`)).body.data.assessment as Record<string, any>;

  beforeAll(async () => {
    t = await startTestStratum(backend);
    const team = await reviewTeam(t, 'Walkco');
    ({ exec, sam, emma, olga, plan } = team);
    Object.assign(id, team.id);
    card = (
      await exec.post('performance-scorecard/add', {
        name: 'Emma FY',
        level: 'employee',
        annualPlanId: plan.id,
        employeeId: id.emma,
        includeKeyPerformanceArea: 'No',
      })
    ).body.data.scorecard.id;
    const saved = await exec.post('performance-scorecard/save-kpis', {
      id: card,
      kpis: [
        { name: 'Sales', kpiType: 'Quantitative', optionType: 'ASC', weight: 60, target: 100 },
        { name: 'Culture', kpiType: 'Qualitative', weight: 40 },
      ],
    });
    ok(saved);
    for (const k of saved.body.data.item.kpiList as { id: number; name: string }[]) kpi[k.name] = k.id;
    ok(await sam.post('performance-scorecard/approve', { id: card }));
    ok(await emma.post('performance-scorecard/accept', { id: card }));
  });
  afterAll(() => t.close());

  it('keeps the employee’s and the supervisor’s KPI comments apart', async () => {
    const q1 = (await exec.get(`quarter?annualPlanId=${plan.id}&quarterIndex=0`)).body.data.list[0];
    ok(
      await exec.post('quarter/update-assessment', {
        id: q1.id,
        version: q1.version,
        assessmentStartDate: isoDay(-1),
        assessmentEndDate: isoDay(5),
      }),
    );
    const added = await sam.post('performance-assessment/add', { scorecardId: card, quarterIndex: 0 });
    ok(added);
    assessmentId = added.body.data.assessment.id;
    ok(
      await emma.post('performance-assessment/save-scores', {
        id: assessmentId,
        scores: [
          { kpiId: kpi.Sales, selfScore: 3 },
          { kpiId: kpi.Culture, selfScore: 4, comment: 'I led the team day' },
        ],
      }),
    );
    // the supervisor cannot write the employee's comment, nor the employee the supervisor's
    expect(
      (
        await sam.post('performance-assessment/save-scores', {
          id: assessmentId,
          scores: [{ kpiId: kpi.Culture, comment: 'overwritten' }],
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await emma.post('performance-assessment/save-scores', {
          id: assessmentId,
          scores: [{ kpiId: kpi.Culture, supervisorComment: 'self-praise' }],
        })
      ).status,
    ).toBe(403);
    ok(await emma.post('performance-assessment/submit-self-assessment', { id: assessmentId }));
    const rated = await sam.post('performance-assessment/save-scores', {
      id: assessmentId,
      scores: [{ kpiId: kpi.Culture, manualRatingScore: 3, supervisorComment: 'Good, but late twice' }],
    });
    ok(rated);
    expect(rated.body.data.item.kpiAssessmentList).toEqual([
      expect.objectContaining({ kpiId: kpi.Sales, selfScore: 3, comment: null, supervisorComment: null }),
      expect.objectContaining({
        kpiId: kpi.Culture,
        selfScore: 4,
        manualRatingScore: 3,
        comment: 'I led the team day',
        supervisorComment: 'Good, but late twice',
      }),
    ]);
    ok(await sam.post('performance-assessment/assess', { id: assessmentId }));
  });

  it('lets a module administrator resolve a dispute where the plan has no QA member, and records who did', async () => {
    expect((await exec.get(`qa-member?annualPlanId=${plan.id}`)).body.data.total).toBe(0);
    const a = await read(emma);
    ok(await emma.post('performance-assessment/dispute', { id: a.id, version: a.version, disputedNote: 'Too low' }));
    // the buttons follow who may: the administrator gets both resolutions, the parties and a colleague none
    expect((await read(exec))._allowed.transitions).toEqual(['resolve-dispute', 'refer-back-dispute']);
    for (const who of [emma, sam]) expect((await read(who))._allowed.transitions).toEqual([]);
    // the dispute waits for the administrators: in their queue and My tasks, not the supervisor's
    const queue = (await exec.get('performance-assessment/inbox')).body.data.inbox.list;
    expect(queue.map((r: { id: number; waitingFor: string }) => [r.id, r.waitingFor])).toContainEqual([
      a.id,
      'resolve-dispute',
    ]);
    const tasks = (await exec.get('dashboard-item/required-actions')).body.data.item.list[0];
    expect(tasks.parts.find((p: { kind: string }) => p.kind === 'assessmentsWaiting').count).toBeGreaterThan(0);
    expect(
      (await sam.get('performance-assessment/inbox')).body.data.inbox.list.map((r: { id: number }) => r.id),
    ).not.toContain(a.id);
    // and the supervisor's screen can say so, and later read why it came back to him
    const samFlow = (await sam.get('meta')).body.data.entities.find(
      (e: { name: string }) => e.name === 'performance-assessment',
    ).workflow;
    expect(samFlow.next.Disputed).toEqual([
      { action: 'resolve-dispute', who: expect.objectContaining({ key: 'refusal.access.who.moduleAdmin' }) },
      { action: 'refer-back-dispute', who: expect.objectContaining({ key: 'refusal.access.who.moduleAdmin' }) },
    ]);
    expect(samFlow.reasons.ReferredBack).toEqual(expect.arrayContaining(['resolutionNote', 'disputedNote']));
    expect((await sam.post('performance-assessment/resolve-dispute', { id: a.id, resolutionNote: 'x' })).status).toBe(
      403,
    );
    expect((await olga.get(`performance-assessment/${a.id}`)).status).toBe(403);
    const noNote = await exec.post('performance-assessment/resolve-dispute', { id: a.id });
    expect(noNote.status).toBe(422);
    const resolved = await exec.post('performance-assessment/resolve-dispute', {
      id: a.id,
      resolutionNote: 'The rating stands: two late deliveries are on record',
    });
    ok(resolved);
    const execEmployee = (await exec.get(`employee/${resolved.body.data.assessment.resolvedBy}`)).body.data.employee;
    expect(resolved.body.data.assessment).toMatchObject({
      status: 'Completed',
      resolutionNote: 'The rating stands: two late deliveries are on record',
    });
    expect(execEmployee.id).not.toBe(id.emma);
    expect(execEmployee.id).not.toBe(id.sam);
    const history = (await emma.get(`performance-assessment/${a.id}/history`)).body.data.history.entries;
    expect(history[0]).toMatchObject({
      action: 'resolve-dispute',
      actionLabel: 'action.resolveDispute',
      doneByName: `${execEmployee.firstName} ${execEmployee.lastName}`,
    });
    // the KPI scores' writes are in the assessment's history, named by their KPI
    expect(history.filter((e: { child?: unknown }) => e.child).map((e: { child: unknown }) => e.child)).toEqual(
      expect.arrayContaining([{ entity: 'kpi-assessment', title: 'Culture' }]),
    );
    expect(history[0].changed).toEqual(
      expect.arrayContaining(['status', 'resolutionNote', 'resolvedBy', 'resolvedAt']),
    );
  });

  it('shows the KPIs’ writes in the scorecard’s History, each named', async () => {
    const entries = (await emma.get(`performance-scorecard/${card}/history?limit=50`)).body.data.history.entries as {
      action: string;
      child?: { entity: string; title: string };
    }[];
    expect(entries.filter((e) => e.child).map((e) => [e.child!.entity, e.child!.title, e.action])).toEqual(
      expect.arrayContaining([
        ['performance-kpi', 'Sales', 'add'],
        ['performance-kpi', 'Culture', 'add'],
      ]),
    );
    // the scorecard's own steps are still there, without a child
    expect(entries.find((e) => e.action === 'approve')?.child).toBeUndefined();
  });

  it('says which quarter’s window an annual agreement waits for', async () => {
    ok(await exec.post('performance-agreement/add', { scorecardId: card }));
    const [agreement] = (await emma.get(`performance-agreement?scorecardId=${card}`)).body.data.list;
    expect(agreement).toMatchObject({ quarterIndex: null, windowQuarterIndex: 0, windowStartDate: null });
    expect(agreement._allowed.closed).toEqual({
      agree: { from: null, to: null },
      dispute: { from: null, to: null },
    });
  });

  it('makes an annual agreement in the quarter chosen on add, following that quarter’s window, fixed after', async () => {
    const late = (
      await exec.post('performance-scorecard/add', {
        name: 'Olga FY',
        level: 'employee',
        annualPlanId: plan.id,
        employeeId: id.olga,
        includeKeyPerformanceArea: 'No',
      })
    ).body.data.scorecard.id;
    const added = await exec.post('performance-agreement/add', { scorecardId: late, windowQuarterIndex: 2 });
    ok(added);
    expect(added.body.data.agreement).toMatchObject({
      quarterIndex: null,
      windowQuarterIndex: 2,
      windowStartDate: null,
    });
    // Q3's agreement window, when set, is the agreement's
    const q3 = (await exec.get(`quarter?annualPlanId=${plan.id}&quarterIndex=2`)).body.data.list[0];
    ok(
      await exec.post('quarter/update-agreement', {
        id: q3.id,
        version: q3.version,
        agreementStartDate: q3.startDate,
        agreementEndDate: q3.endDate,
      }),
    );
    const agreement = (await exec.get(`performance-agreement/${added.body.data.agreement.id}`)).body.data.agreement;
    expect(agreement).toMatchObject({ windowStartDate: q3.startDate, windowEndDate: q3.endDate });
    // the quarter is chosen once
    const moved = await exec.post('performance-agreement/update', {
      id: agreement.id,
      version: agreement.version,
      windowQuarterIndex: 0,
    });
    expect(moved.status).toBe(403);
    expect((await exec.get(`performance-agreement/${agreement.id}`)).body.data.agreement.windowQuarterIndex).toBe(2);
  });

  it('links the monthly progress owed to its plan and month', async () => {
    const [month] = (await exec.get(`monthly-progress-period?annualPlanId=${plan.id}&sort=month&limit=1`)).body.data
      .list;
    ok(await exec.post('monthly-progress-period/open', { id: month.id }));
    const parts = (await emma.get('dashboard-item/required-actions')).body.data.item.list[0].parts;
    expect(parts.find((p: { kind: string }) => p.kind === 'monthlyProgressDue')).toEqual({
      kind: 'monthlyProgressDue',
      count: 1,
      query: { annualPlanId: plan.id, periodId: month.id },
    });
  });
});
