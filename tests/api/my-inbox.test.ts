import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../support/backends.ts';
import { SAMPLE_PDF } from '../support/sample-records.ts';
import { addObjective, addPillar, addStrategicPlan } from '../support/strategy-records.ts';
import { startTestStratum, type Client, type Reply, type TestStratum } from '../support/test-stratum.ts';

const ok = (r: Reply) => expect(r.status, r.body.err_msg ?? '').toBe(200);
const first = (r: Reply) => Object.values(r.body.data)[0] as { id: number };
/** The day `offset` days from today (YYYY-MM-DD): the kinds that wait while something is due or open judge by today. */
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

interface Item {
  kind: string;
  area: string;
  id: number;
  title: string | null;
  person: string | null;
  state: string | null;
  date: string | null;
  month: string | null;
  link: string;
}

/**
 * My inbox (GET dashboard-item/inbox): each kind of item appears for the person it waits for — not for a colleague,
 * not in another company — and leaves once the step is taken; the tabs count their kinds; a filter narrows the kinds
 * that carry it; a module the company has not switched on adds nothing.
 */
describe.each(backends())('my inbox on $name', (backend) => {
  let t: TestStratum;
  let exec: Client;
  let bella: Client; // supervises Eve; approver of the audit scope and of the execution plan
  let eve: Client;
  let dan: Client; // Eve's colleague, supervises nobody
  let abe: Client; // the auditor
  let other: Client; // another company's executive, with every module Dashco has
  const id: Record<string, number> = {};

  const inbox = async (who: Client, query = '') => {
    const r = await who.get(`dashboard-item/inbox${query}`);
    ok(r);
    return r.body.data.inbox as {
      tabs: Record<string, number>;
      list: Item[];
      total: number;
      kinds: { kind: string; count: number }[];
    };
  };
  const items = async (who: Client, kind: string, query = '') =>
    (await inbox(who, query)).list.filter((i) => i.kind === kind);

  beforeAll(async () => {
    t = await startTestStratum(backend);
    const modules = [
      'performance',
      'strategic',
      'projects',
      'personal-development',
      'audit-management',
      'strategy-execution',
      'strategy-management',
      'compliance-management',
      'actions-tracker',
    ];
    exec = (await t.addCompany('Inboxco', { modules })).executive;
    other = (await t.addCompany('Otherco', { modules })).executive;
    for (const [k, first, last] of [
      ['bella', 'Bella', 'Boss'],
      ['eve', 'Eve', 'Staff'],
      ['dan', 'Dan', 'Peer'],
      ['abe', 'Abe', 'Auditor'],
    ] as const) {
      const client = await t.addEmployee(exec, first, last, `${k}@inboxco.example`);
      if (k === 'bella') bella = client;
      if (k === 'eve') eve = client;
      if (k === 'dan') dan = client;
      if (k === 'abe') abe = client;
      id[k] = (await exec.get(`employee?email=${k}@inboxco.example`)).body.data.list[0].id;
    }
    for (const who of ['eve', 'dan']) {
      const e = (await exec.get(`employee/${id[who]}`)).body.data.employee;
      ok(await exec.post('employee/update', { id: id[who], version: e.version, supervisorId: id.bella }));
    }
    id.strategic = await addStrategicPlan(exec, 'Vision', '2025-01-01', '2030-12-31');
    const plan = await exec.post('annual-plan/add', {
      name: 'FY2026',
      strategicPlanId: id.strategic,
      startDate: '2026-01-01',
      endDate: '2026-12-31',
    });
    ok(plan);
    id.plan = first(plan).id;
    const card = await exec.post('performance-scorecard/add', {
      annualPlanId: id.plan,
      includeKeyPerformanceArea: 'No',
      name: 'Eve 2026',
      level: 'employee',
      employeeId: id.eve,
    });
    ok(card);
    id.card = first(card).id;
    const kpi = await exec.post('performance-kpi/add', {
      scorecardId: id.card,
      name: 'Deliveries',
      kpiType: 'Quantitative',
      optionType: 'ASC',
      weight: 100,
      target: 100,
    });
    ok(kpi);
    id.kpi = first(kpi).id;
  });
  afterAll(() => t.close());

  it('lists an employee’s draft scorecard for her supervisor, then for her to accept once approved', async () => {
    const [waiting] = await items(bella, 'scorecardsToApprove');
    expect(waiting).toMatchObject({
      area: 'scorecards',
      id: id.card,
      title: 'Eve 2026',
      person: 'Eve Staff',
      state: 'Draft',
      link: `/app/my-inbox/annual-employee-scorecards/edit-scorecard?id=${id.card}`,
    });
    // not for a colleague, not for herself to approve, not in another company
    expect(await items(dan, 'scorecardsToApprove')).toEqual([]);
    expect(await items(eve, 'scorecardsToApprove')).toEqual([]);
    expect((await inbox(other)).total).toBe(0);
    // the filters: another annual plan, or the periodic type, leave it out; its own plan keeps it
    const fy27 = first(
      await exec.post('annual-plan/add', {
        name: 'FY2027',
        strategicPlanId: id.strategic,
        startDate: '2027-01-01',
        endDate: '2027-12-31',
      }),
    ).id;
    expect(await items(bella, 'scorecardsToApprove', `?annualPlanId=${fy27}`)).toEqual([]);
    expect(await items(bella, 'scorecardsToApprove', '?type=Periodic')).toEqual([]);
    expect(await items(bella, 'scorecardsToApprove', `?annualPlanId=${id.plan}&type=Annual`)).toHaveLength(1);
    expect((await inbox(bella, '?tab=audit')).list.map((i) => i.kind)).not.toContain('scorecardsToApprove');
    // a quarter of its plan keeps the annual scorecard (it belongs to every quarter); a quarter of another plan does not
    const quarterOf = async (plan: number) =>
      (await exec.get(`quarter?annualPlanId=${plan}&sort=quarterIndex`)).body.data.list[0].id as number;
    expect(await items(bella, 'scorecardsToApprove', `?quarterId=${await quarterOf(id.plan)}`)).toHaveLength(1);
    expect(await items(bella, 'scorecardsToApprove', `?quarterId=${await quarterOf(fy27)}`)).toEqual([]);

    ok(await bella.post('performance-scorecard/approve', { id: id.card }));
    expect(await items(bella, 'scorecardsToApprove')).toEqual([]);
    expect(await items(eve, 'scorecardsToAccept')).toMatchObject([{ id: id.card, state: 'Approved', person: null }]);
    expect(await items(dan, 'scorecardsToAccept')).toEqual([]);
    ok(await eve.post('performance-scorecard/accept', { id: id.card }));
    expect(await items(eve, 'scorecardsToAccept')).toEqual([]);
  });

  it('lists a scorecard for a QA member of its plan until he has reviewed it', async () => {
    const member = first(
      await exec.post('qa-member/add', { annualPlanId: id.plan, list: 'Scorecard', employeeId: id.dan }),
    );
    expect(await items(dan, 'qaScorecardsToReview')).toMatchObject([
      {
        id: id.card,
        title: 'Eve 2026',
        person: 'Eve Staff',
        area: 'reviews',
        link: '/app/performance/quality-assurance',
      },
    ]);
    // not for her, not for her supervisor who is no member
    expect(await items(eve, 'qaScorecardsToReview')).toEqual([]);
    expect(await items(bella, 'qaScorecardsToReview')).toEqual([]);
    ok(await dan.post('qa-review/add', { qaMemberId: member.id, scorecardId: id.card, comment: 'Targets read well' }));
    expect(await items(dan, 'qaScorecardsToReview')).toEqual([]);
  });

  it('lists an audit step for its approver until she decides it, and a task for its owner until it is done', async () => {
    const auditPlan = first(await exec.post('audit-plan/add', { name: 'Audits 2026', year: 2026 })).id;
    const engagement = first(
      await exec.post('audit-engagement/add', {
        name: 'Stores',
        auditPlanId: auditPlan,
        auditorId: id.abe,
        auditManagerId: id.dan,
        approverId: id.bella,
      }),
    ).id;
    const scope = first(await abe.post('audit-scope/add', { auditEngagementId: engagement, description: 'Scope' })).id;
    ok(await abe.post('audit-scope/send', { id: scope }));
    const [step] = await items(bella, 'auditApprovals');
    expect(step).toMatchObject({
      area: 'audit',
      state: 'Pending',
      link: `/app/audit-management/my-task/pending-audit/${scope}/approver`,
    });
    // its date: the day the step reached her (the task holds no other), which the month filter goes by too
    const [{ today }] = await t.stratum.db.query<{ today: string }>(`SELECT to_char(now(), 'YYYY-MM-DD') AS today`);
    expect(step!.date).toBe(today);
    expect(await items(bella, 'auditApprovals', `?month=${today.slice(0, 7)}`)).toHaveLength(1);
    expect((await inbox(bella, '?tab=audit')).list.map((i) => i.kind)).toEqual(['auditApprovals']);
    // a step without words of its own (a survey response's) is named by its audit, not by the kind's label again
    await t.stratum.db.query(`UPDATE audit_task SET title = NULL WHERE id = $1`, [step!.id]);
    expect((await items(bella, 'auditApprovals'))[0]!.title).toBe('Stores');
    expect(await items(abe, 'auditApprovals')).toEqual([]);
    ok(await bella.post('audit-scope/approve', { id: scope }));
    expect(await items(bella, 'auditApprovals')).toEqual([]);

    // a management response asked of Eve waits for her until she sends it, then for its approver
    const finding = first(
      await abe.post('audit-finding/add', {
        auditEngagementId: engagement,
        title: 'Keys unlogged',
        observation: 'The key log has gaps.',
        riskRating: 'High',
      }),
    ).id;
    const response = await abe.post('audit-management-response/add', {
      auditFindingId: finding,
      responseOwnerId: id.eve,
      dueDate: '2026-12-15',
    });
    ok(response);
    const responseId = first(response).id;
    expect(await items(eve, 'managementResponsesDue')).toMatchObject([
      { area: 'audit', link: `/app/audit-management/my-task/pending-response/${responseId}/responseOwner` },
    ]);
    expect(await items(dan, 'managementResponsesDue')).toEqual([]);
    ok(
      await eve.post('audit-management-response/send-response', {
        id: responseId,
        response: 'We log every key from Monday.',
      }),
    );
    expect(await items(eve, 'managementResponsesDue')).toEqual([]);
    expect((await items(bella, 'auditApprovals')).map((i) => i.link)).toContain(
      `/app/audit-management/my-task/pending-response/${responseId}/approver`,
    );

    const project = first(await exec.post('project/add', { name: 'Depot' })).id;
    const milestone = first(
      await exec.post('milestone/add', { projectId: project, name: 'Design', ownerId: id.bella }),
    ).id;
    const task = await exec.post('project-task/add', {
      milestoneId: milestone,
      name: 'Sketch',
      ownerId: id.eve,
      endDate: '2026-06-30',
    });
    ok(task);
    expect(await items(eve, 'projectTasks')).toMatchObject([
      { title: 'Sketch', date: '2026-06-30', link: `/app/projects/edit-task?id=${first(task).id}` },
    ]);
    expect(await items(dan, 'projectTasks')).toEqual([]);
    // the month filter keeps the dated items of that month
    expect(await items(eve, 'projectTasks', '?month=2026-07')).toEqual([]);
    expect(await items(eve, 'projectTasks', '?month=2026-06')).toHaveLength(1);
    const row = (await exec.get(`project-task/${first(task).id}`)).body.data;
    const current = Object.values(row)[0] as { version: number };
    ok(await exec.post('project-task/update', { id: first(task).id, version: current.version, status: 'Completed' }));
    expect(await items(eve, 'projectTasks')).toEqual([]);
  });

  it('lists a training request for the supervisor until it is planned', async () => {
    const training = first(await exec.post('training/add', { name: 'Forklift safety' })).id;
    const trainingPlan = first(
      await exec.post('annual-training-plan/add', {
        name: 'Training plan 2026',
        year: 2026,
        startDate: '2026-01-01',
        endDate: '2026-12-31',
      }),
    ).id;
    const request = first(
      await eve.post('employee-training/add', {
        employeeId: id.eve,
        trainingId: training,
        annualTrainingPlanId: trainingPlan,
      }),
    ).id;
    // a request holds no planned day yet: its date is the day it was asked for
    const [{ today }] = await t.stratum.db.query<{ today: string }>(`SELECT to_char(now(), 'YYYY-MM-DD') AS today`);
    expect(await items(bella, 'trainingsToApprove')).toMatchObject([
      {
        id: request,
        title: 'Forklift safety',
        person: 'Eve Staff',
        state: 'Requested',
        area: 'development',
        date: today,
      },
    ]);
    expect(await items(dan, 'trainingsToApprove')).toEqual([]);
    expect(await items(eve, 'trainingsToApprove')).toEqual([]);
    ok(await bella.post('employee-training/add-to-planned', { id: request, plannedDate: '2026-05-04' }));
    expect(await items(bella, 'trainingsToApprove')).toEqual([]);
  });

  it('lists an annual plan of strategy execution for its approver until accepted, and counts every tab', async () => {
    const plan = first(
      await exec.post('execution-plan/add', {
        name: 'FY 2027',
        strategicPlanId: id.strategic,
        startDate: '2027-01-01',
        endDate: '2027-12-31',
        approverId: id.bella,
      }),
    ).id;
    const page = await inbox(bella);
    expect(page.list.filter((i) => i.kind === 'executionPlansToAccept')).toMatchObject([
      { id: plan, title: 'FY 2027', area: 'strategy', link: `/app/strategy-execution/annual-plans/edit?id=${plan}` },
    ]);
    expect(page.tabs.strategy).toBe(1);
    expect(page.tabs.all).toBe(Object.entries(page.tabs).reduce((s, [k, n]) => (k === 'all' ? s : s + n), 0));
    expect(page.total).toBe(page.tabs.all);
    expect((await inbox(bella, '?tab=strategy')).total).toBe(1);
    expect(await items(eve, 'executionPlansToAccept')).toEqual([]);
    ok(await bella.post('execution-plan/accept', { id: plan }));
    expect(await items(bella, 'executionPlansToAccept')).toEqual([]);
  });

  it('lists an open month’s progress for the employee who owes it, and for her supervisor as a report’s, by the type filter', async () => {
    const [month] = (await exec.get(`monthly-progress-period?annualPlanId=${id.plan}&sort=month&limit=1`)).body.data
      .list;
    ok(await exec.post('monthly-progress-period/open', { id: month.id }));
    // the month is data (the screens word it), the title the plan
    const [own] = await items(eve, 'monthlyProgressDue', '?tab=monthly');
    expect(own).toMatchObject({ id: month.id, title: 'FY2026', month: month.month, person: null, area: 'monthly' });
    expect(own!.date).toBe(month.endDate);
    // Bella supervises Eve: Eve's month waits for her too, as her report's, naming Eve and opening the screen on her
    expect(await items(bella, 'reportsMonthlyProgressDue')).toMatchObject([
      {
        id: month.id,
        title: 'FY2026',
        month: month.month,
        person: 'Eve Staff',
        link: `/app/my-inbox/monthly-progress/employee-progresses?annualPlanId=${id.plan}&periodId=${month.id}&employeeId=${id.eve}`,
      },
    ]);
    expect(await items(dan, 'reportsMonthlyProgressDue')).toEqual([]);
    expect(await items(eve, 'reportsMonthlyProgressDue')).toEqual([]);
    // type: mine keeps the caller's own monthly updates, reports her reports'; a scorecard's period leaves both alone
    const kindsOf = async (who: Client, type: string) =>
      (await inbox(who, `?tab=monthly&type=${type}`)).list.map((i) => i.kind);
    expect(await kindsOf(eve, 'mine')).toEqual(['monthlyProgressDue']);
    expect(await kindsOf(eve, 'reports')).toEqual([]);
    expect(await kindsOf(bella, 'mine')).toEqual([]);
    expect(await kindsOf(bella, 'reports')).toEqual(['reportsMonthlyProgressDue']);
    expect(await kindsOf(bella, 'Annual')).toEqual(['reportsMonthlyProgressDue']);
    expect((await inbox(bella, '?tab=monthly&type=mine')).tabs.monthly).toBe(0);
    // the month filter: another month leaves it out
    const other = month.month.endsWith('-12') ? `${month.month.slice(0, 4)}-11` : `${month.month.slice(0, 5)}12`;
    expect(await items(bella, 'reportsMonthlyProgressDue', `?month=${other}`)).toEqual([]);
    expect(await items(bella, 'reportsMonthlyProgressDue', `?month=${month.month}`)).toHaveLength(1);
    // the supervisor enters Eve's progress: the month waits for neither any more
    ok(
      await bella.post('employee-progress/set', {
        periodId: month.id,
        employeeId: id.eve,
        entries: [{ kpiId: id.kpi, actual: 40 }],
      }),
    );
    expect(await items(bella, 'reportsMonthlyProgressDue')).toEqual([]);
    expect(await items(eve, 'monthlyProgressDue')).toEqual([]);
  });

  it('lists a compliance submission for its approver, naming who submitted it, until it is processed', async () => {
    const team = first(await exec.post('compliance-team/add', { name: 'Payroll compliance' })).id;
    ok(await exec.post('compliance-team-member/add', { complianceTeamId: team, employeeId: id.dan }));
    const activity = first(
      await exec.post('compliance-activity/add', {
        name: 'Monthly payroll return',
        complianceTeamId: team,
        approverId: id.bella,
        frequency: 'Monthly',
        nextComplianceDate: '2026-01-31',
      }),
    ).id;
    const submission = first(
      await dan.post('compliance-submission/add', { complianceActivityId: activity, complianceDate: '2026-01-15' }),
    ).id;
    // a draft waits for no one
    expect(await items(bella, 'submissionsToProcess')).toEqual([]);
    const evidence = new FormData();
    evidence.set('complianceSubmissionId', String(submission));
    evidence.set(
      'document',
      new File([SAMPLE_PDF as Uint8Array<ArrayBuffer>], 'return.pdf', { type: 'application/pdf' }),
    );
    ok(await dan.raw('compliance-evidence/attach', { method: 'POST', body: evidence }));
    ok(await dan.post('compliance-submission/submit', { id: submission }));
    expect(await items(bella, 'submissionsToProcess')).toMatchObject([
      {
        id: submission,
        area: 'strategy',
        title: 'Monthly payroll return',
        person: 'Dan Peer',
        state: 'Submitted',
        date: '2026-01-15',
        link: `/app/compliance-management/edit-submission?id=${submission}`,
      },
    ]);
    // not for the team member who sent it, nor for anyone else
    expect(await items(dan, 'submissionsToProcess')).toEqual([]);
    expect(await items(eve, 'submissionsToProcess')).toEqual([]);
    ok(await bella.post('compliance-submission/process', { id: submission }));
    expect(await items(bella, 'submissionsToProcess')).toEqual([]);
  });

  it('lists a compliance activity due for a team to its members, to start and then to continue, until submitted', async () => {
    const team = first(await exec.post('compliance-team/add', { name: 'Effluent team' })).id;
    ok(await exec.post('compliance-team-member/add', { complianceTeamId: team, employeeId: id.eve }));
    ok(await exec.post('compliance-team-member/add', { complianceTeamId: team, employeeId: id.abe }));
    const activity = first(
      await exec.post('compliance-activity/add', {
        name: 'Quarterly effluent report',
        complianceTeamId: team,
        approverId: id.bella,
        frequency: 'Monthly',
        nextComplianceDate: day(3),
      }),
    ).id;
    const mine = async (who: Client, kind: string) =>
      (await items(who, kind)).filter((i) => i.title === 'Quarterly effluent report');
    // due soon, nothing in the making: the team's members are to start it where Required actions are
    expect(await mine(eve, 'complianceSubmissionsToStart')).toMatchObject([
      {
        id: activity,
        area: 'strategy',
        person: null,
        date: day(3),
        link: '/app/compliance-management/required-actions',
      },
    ]);
    expect(await mine(abe, 'complianceSubmissionsToStart')).toHaveLength(1);
    // the same rule as the Required actions list: what it lists, the inbox lists
    const required = (await eve.get('compliance-activity/required-actions')).body.data.requiredActions.list as {
      id: number;
    }[];
    expect(required.map((r) => r.id)).toContain(activity);
    // not for someone outside the team (the approver included), nor another company
    expect(await mine(dan, 'complianceSubmissionsToStart')).toEqual([]);
    expect(await mine(bella, 'complianceSubmissionsToStart')).toEqual([]);
    expect(await mine(other, 'complianceSubmissionsToStart')).toEqual([]);
    // a draft: to continue, on the submission
    const submission = first(
      await eve.post('compliance-submission/add', { complianceActivityId: activity, complianceDate: day(0) }),
    ).id;
    expect(await mine(eve, 'complianceSubmissionsToStart')).toEqual([]);
    expect(await mine(abe, 'complianceSubmissionsToContinue')).toMatchObject([
      { id: submission, state: 'Draft', link: `/app/compliance-management/edit-submission?id=${submission}` },
    ]);
    const evidence = new FormData();
    evidence.set('complianceSubmissionId', String(submission));
    evidence.set(
      'document',
      new File([SAMPLE_PDF as Uint8Array<ArrayBuffer>], 'report.pdf', { type: 'application/pdf' }),
    );
    ok(await eve.raw('compliance-evidence/attach', { method: 'POST', body: evidence }));
    ok(await eve.post('compliance-submission/submit', { id: submission }));
    // submitted: it waits for the approver, no longer for the team
    expect(await mine(eve, 'complianceSubmissionsToContinue')).toEqual([]);
    expect(await mine(abe, 'complianceSubmissionsToStart')).toEqual([]);
    // declined: back to the team to continue, naming who submitted it to a colleague
    ok(await bella.post('compliance-submission/decline', { id: submission, reason: 'Figures missing' }));
    expect(await mine(abe, 'complianceSubmissionsToContinue')).toMatchObject([
      { id: submission, state: 'Declined', person: 'Eve Staff' },
    ]);
    ok(await eve.post('compliance-submission/submit', { id: submission }));
    ok(await bella.post('compliance-submission/process', { id: submission }));
    // processed: its next date is a month on, on track
    for (const kind of ['complianceSubmissionsToStart', 'complianceSubmissionsToContinue'])
      expect(await mine(eve, kind)).toEqual([]);
  });

  it('lists an open resolution for its responsible person and its team until it is completed', async () => {
    const committee = first(await exec.post('committee/add', { name: 'Board' })).id;
    const team = first(await exec.post('resolution-team/add', { name: 'Water team' })).id;
    ok(await exec.post('resolution-team-member/add', { resolutionTeamId: team, employeeId: id.abe }));
    const resolution = first(
      await exec.post('resolution/add', {
        committeeId: committee,
        title: 'Cut water use by 15%',
        ownerId: id.eve,
        resolutionTeamId: team,
        dateTaken: day(0),
        dueDate: day(30),
      }),
    ).id;
    expect(await items(eve, 'resolutionsToComplete')).toMatchObject([
      {
        id: resolution,
        area: 'strategy',
        title: 'Cut water use by 15%',
        state: 'Open',
        date: day(30),
        link: `/app/actions-tracker/edit-resolution?id=${resolution}`,
      },
    ]);
    expect(await items(abe, 'resolutionsToComplete')).toMatchObject([{ id: resolution }]);
    expect(await items(dan, 'resolutionsToComplete')).toEqual([]);
    expect(await items(other, 'resolutionsToComplete')).toEqual([]);
    ok(await eve.post('resolution/start', { id: resolution }));
    expect(await items(eve, 'resolutionsToComplete')).toMatchObject([{ id: resolution, state: 'In Progress' }]);
    ok(await eve.post('resolution/complete', { id: resolution }));
    expect(await items(eve, 'resolutionsToComplete')).toEqual([]);
    expect(await items(abe, 'resolutionsToComplete')).toEqual([]);
  });

  it('lists an initiative review for its owner while its cycle is open, for the approver once submitted, and back once returned', async () => {
    const pillar = await addPillar(exec, id.strategic, 'Growth');
    const objective = await addObjective(exec, pillar, 'Grow exports');
    const plan = first(
      await exec.post('execution-plan/add', {
        name: 'FY now',
        strategicPlanId: id.strategic,
        startDate: day(-60),
        endDate: day(300),
        approverId: id.bella,
      }),
    ).id;
    const unit = (await exec.post('business-unit/add', { name: 'North' })).body.data.business_unit.id as number;
    const annual = first(
      await exec.post('annual-objective/add', { executionPlanId: plan, pillarObjectiveId: objective, name: 'Exports' }),
    ).id;
    const initiative = first(
      await exec.post('annual-initiative/add', {
        annualObjectiveId: annual,
        businessUnitId: unit,
        quarterIndex: 0,
        name: 'Open two markets',
        target: 2,
        ownerId: id.eve,
      }),
    ).id;
    const cycle = first(
      await exec.post('performance-review-cycle/add', {
        executionPlanId: plan,
        name: 'Q4 review',
        quarterIndex: 3,
        startDate: day(-5),
        endDate: day(10),
      }),
    ).id;
    const review = first(
      await eve.post('performance-review/add', {
        performanceReviewCycleId: cycle,
        annualInitiativeId: initiative,
        actual: 1,
      }),
    ).id;
    const link = `/app/strategy-execution/performance-reviews/edit?id=${review}`;
    // a draft in its open cycle: the owner's to submit
    expect(await items(eve, 'performanceReviewsToSubmit')).toMatchObject([
      { id: review, area: 'strategy', title: 'Open two markets (Q4 review)', state: 'Draft', date: day(10), link },
    ]);
    expect(await items(bella, 'performanceReviewsToAccept')).toEqual([]);
    ok(await eve.post('performance-review/submit', { id: review }));
    expect(await items(eve, 'performanceReviewsToSubmit')).toEqual([]);
    // submitted: the approver's, naming the owner; not a colleague's, not another company's
    expect(await items(bella, 'performanceReviewsToAccept')).toMatchObject([
      { id: review, person: 'Eve Staff', state: 'Submitted', link },
    ]);
    for (const who of [dan, eve, other]) expect(await items(who, 'performanceReviewsToAccept')).toEqual([]);
    // returned: the owner's again, even once its cycle has closed
    ok(await bella.post('performance-review/return', { id: review, returnReason: 'Count only signed contracts' }));
    expect(await items(bella, 'performanceReviewsToAccept')).toEqual([]);
    const c = (await exec.get(`performance-review-cycle/${cycle}`)).body.data.reviewCycle;
    ok(
      await exec.post('performance-review-cycle/update', {
        id: cycle,
        version: c.version,
        startDate: day(-20),
        endDate: day(-10),
      }),
    );
    expect(await items(eve, 'performanceReviewsToSubmit')).toMatchObject([{ id: review, date: day(-10) }]);
    ok(await eve.post('performance-review/submit', { id: review }));
    ok(await bella.post('performance-review/accept', { id: review }));
    expect(await items(bella, 'performanceReviewsToAccept')).toEqual([]);
    expect(await items(eve, 'performanceReviewsToSubmit')).toEqual([]);
  });

  it('counts the new kinds in My tasks, each part of a module the company has on', async () => {
    const parts = (await eve.get('dashboard-item/required-actions')).body.data.item.list[0].parts as {
      kind: string;
      count: number;
    }[];
    expect(parts.map((p) => p.kind)).toEqual(
      expect.arrayContaining(['complianceRequiredActions', 'resolutionsToComplete', 'executionReviews']),
    );
    const counts = Object.fromEntries((await inbox(eve)).kinds.map((k) => [k.kind, k.count]));
    expect(parts.find((p) => p.kind === 'complianceRequiredActions')!.count).toBe(
      counts.complianceSubmissionsToStart! + counts.complianceSubmissionsToContinue!,
    );
    // neither survey module is on here: their parts are left out
    expect(parts.map((p) => p.kind)).not.toContain('surveyReviewsToAnswer');
  });

  it('lets an administrator accept an employee’s scorecard only as acting for her, which the button and the history say', async () => {
    const card = first(
      await exec.post('performance-scorecard/add', {
        annualPlanId: id.plan,
        includeKeyPerformanceArea: 'No',
        name: 'Dan 2026',
        level: 'employee',
        employeeId: id.dan,
      }),
    ).id;
    ok(
      await exec.post('performance-kpi/add', {
        scorecardId: card,
        name: 'Visits',
        kpiType: 'Quantitative',
        optionType: 'ASC',
        weight: 100,
        target: 10,
      }),
    );
    ok(await bella.post('performance-scorecard/approve', { id: card }));
    const allowed = async (who: Client) =>
      (await who.get(`performance-scorecard?id=${card}`)).body.data.list[0]._allowed as {
        transitions: string[];
        inPlaceOf?: Record<string, string>;
      };
    // the administrator's Accept is Dan's step taken for him; Dan's own is his
    expect((await allowed(exec)).inPlaceOf).toMatchObject({ accept: 'Dan Peer' });
    expect((await allowed(dan)).transitions).toContain('accept');
    expect((await allowed(dan)).inPlaceOf).toBeUndefined();
    ok(await exec.post('performance-scorecard/accept', { id: card }));
    const { entries } = (await exec.get(`performance-scorecard/${card}/history`)).body.data.history as {
      entries: { action: string; inPlaceOfName: string | null }[];
    };
    expect(entries.find((e) => e.action === 'accept')).toMatchObject({ inPlaceOfName: 'Dan Peer' });
    expect(await items(dan, 'scorecardsToAccept')).toEqual([]);
  });

  it('builds only the kinds of the modules a company has switched on', async () => {
    const solo = (await t.addCompany('Soloco', { modules: ['projects'] })).executive;
    const kinds = (await inbox(solo)).kinds.map((k) => k.kind);
    expect(kinds).toContain('projectTasks');
    expect(kinds).not.toContain('scorecardsToApprove');
    expect(kinds).not.toContain('auditApprovals');
    expect((await t.holder.get('dashboard-item/inbox')).status).toBe(403);
    expect((await eve.get('dashboard-item/inbox?tab=nowhere')).status).toBe(422);
  });
});
