import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../support/backends.ts';
import { addStrategicPlan } from '../support/strategy-records.ts';
import { startTestStratum, type Client, type Reply, type TestStratum } from '../support/test-stratum.ts';
import { specErrorTitles } from '../support/spec-catalogue.ts';

const ok = (r: Reply) => expect(r.status, r.body.err_msg ?? '').toBe(200);

describe.each(backends())('dashboard on $name', (backend) => {
  let t: TestStratum;
  let exec: Client;
  let bella: Client; // business unit head, supervises Dan and Eve
  let dan: Client; // department head
  let eve: Client;
  let other: Client; // another company's executive
  const id: Record<string, number> = {};
  const item = async (who: Client, name: string) => {
    const r = await who.get(`dashboard-item/${name}`);
    ok(r);
    return r.body.data.item;
  };

  beforeAll(async () => {
    t = await startTestStratum(backend);
    exec = (
      await t.addCompany('Dashco', {
        modules: ['performance', 'strategic', 'projects', 'personal-development', 'audit-management'],
      })
    ).executive;
    bella = await t.addEmployee(exec, 'Bella', 'Head', 'bella@dashco.example');
    dan = await t.addEmployee(exec, 'Dan', 'Head', 'dan@dashco.example');
    eve = await t.addEmployee(exec, 'Eve', 'Staff', 'eve@dashco.example');
    for (const who of ['bella', 'dan', 'eve'])
      id[who] = (await exec.get(`employee?email=${who}@dashco.example`)).body.data.list[0].id;
    const bu = (await exec.post('business-unit/add', { name: 'Operations' })).body.data;
    id.bu = (bu.business_unit ?? bu.businessUnit ?? bu.item).id;
    const dept = (await exec.post('department/add', { name: 'Logistics', businessUnitId: id.bu })).body.data;
    id.dept = (dept.department ?? dept.item).id;
    const set = async (who: string, values: Record<string, unknown>) => {
      const e = (await exec.get(`employee/${id[who]}`)).body.data.employee;
      ok(await exec.post('employee/update', { id: id[who], version: e.version, ...values }));
    };
    await set('bella', { businessUnitId: id.bu, businessUnitHead: 'Yes' });
    await set('dan', { businessUnitId: id.bu, departmentId: id.dept, departmentHead: 'Yes', supervisorId: id.bella });
    await set('eve', { businessUnitId: id.bu, departmentId: id.dept, supervisorId: id.bella });
    const strategic = (
      await exec.post('strategic-plan/add', { description: 'Vision', startDate: '2025-01-01', endDate: '2030-12-31' })
    ).body.data.strategic;
    const plan = (
      await exec.post('annual-plan/add', {
        name: 'FY2026',
        strategicPlanId: strategic.id,
        startDate: '2026-01-01',
        endDate: '2026-12-31',
      })
    ).body.data.annualPlan;
    const card = (values: Record<string, unknown>) =>
      exec.post('performance-scorecard/add', { annualPlanId: plan.id, includeKeyPerformanceArea: 'No', ...values });
    ok(await card({ name: 'Company', level: 'corporate' }));
    ok(await card({ name: 'Operations', level: 'business-unit', businessUnitId: id.bu }));
    const bellaCard = await card({ name: 'Bella 2026', level: 'employee', employeeId: id.bella });
    ok(bellaCard);
    ok(await card({ name: 'Dan 2026', level: 'employee', employeeId: id.dan }));
    const eveCard = await card({ name: 'Eve 2026', level: 'employee', employeeId: id.eve });
    ok(eveCard);
    // scored for the year (default bands: 100–119 % → 4, under 60 % → 1); Dan's scorecard has no KPIs yet, so no score
    const kpi = (scorecard: Reply, values: Record<string, unknown>) =>
      exec.post('performance-kpi/add', {
        scorecardId: scorecard.body.data.scorecard.id,
        kpiType: 'Quantitative',
        optionType: 'ASC',
        weight: 100,
        target: 100,
        ...values,
      });
    ok(await kpi(bellaCard, { name: 'Throughput', actual1: 110, actual: 110 }));
    ok(await kpi(eveCard, { name: 'Deliveries', actual1: 50, actual: 50, adjustedScore: 3 }));
    // work waiting for people
    const project = (await exec.post('project/add', { name: 'Depot' })).body.data.project;
    const milestone = (await exec.post('milestone/add', { projectId: project.id, name: 'Design', ownerId: id.bella }))
      .body.data.milestone;
    ok(await exec.post('project-task/add', { milestoneId: milestone.id, name: 'Sketch', ownerId: id.bella }));
    ok(await exec.post('project-task/add', { milestoneId: milestone.id, name: 'Survey', ownerId: id.eve }));
    ok(
      await exec.post('project-task/add', {
        milestoneId: milestone.id,
        name: 'Done already',
        ownerId: id.bella,
        status: 'Completed',
      }),
    );
    const training = (await exec.post('training/add', { name: 'Forklift safety' })).body.data.training;
    ok(await eve.post('employee-training/add', { employeeId: id.eve, trainingId: training.id }));
    ok(await dan.post('employee-training/add', { employeeId: id.dan, trainingId: training.id }));
    // two audit approvals wait for Bella (the approver of two scopes sent by the auditor), one audit decided already
    const auditor = await t.addEmployee(exec, 'Abe', 'Auditor', 'abe@dashco.example');
    id.abe = (await exec.get('employee?email=abe@dashco.example')).body.data.list[0].id;
    const auditPlan = (await exec.post('audit-plan/add', { name: 'Audits 2026', year: 2026 })).body.data.item;
    for (const name of ['Stores', 'Fleet', 'Yard']) {
      const engagement = (
        await exec.post('audit-engagement/add', {
          name,
          auditPlanId: auditPlan.id,
          auditorId: id.abe,
          auditManagerId: id.dan,
          approverId: id.bella,
        })
      ).body.data.item;
      const scope = await auditor.post('audit-scope/add', {
        auditEngagementId: engagement.id,
        description: `${name} scope`,
      });
      ok(scope);
      ok(await auditor.post('audit-scope/send', { id: scope.body.data.item.id }));
      if (name === 'Yard') ok(await bella.post('audit-scope/approve', { id: scope.body.data.item.id }));
    }
    other = (await t.addCompany('Otherco', { modules: ['performance'] })).executive;
  });
  afterAll(() => t.close());

  it('titles the dashboard calls as the spec writes them', () => {
    const en = t.stratum.registry.messages.en;
    const errors = t.stratum.registry.entity('dashboard-item').errors;
    const spec = new Set(specErrorTitles.map((x) => x.title));
    const titles = [
      'company-performance',
      'business-unit-heads',
      'department-heads',
      'direct-reportees',
      'required-actions',
    ].map((c) => en[errors[c]]);
    expect(titles).toEqual([
      'Get Dashboard Company Performance Items Failed',
      'Get Dashboard Business Unit Head Items Failed',
      'Get Dashboard Department Head Items Failed',
      'Get Direct Reportees Employees Failed',
      'Get Required My Actions Failed',
    ]);
    expect(titles.filter((x) => !spec.has(x))).toEqual([]);
    const dashboard = t.stratum.registry.modules.get('dashboard')!;
    expect(dashboard.screens.find((s) => s.path === '/app/dashboard/main')).toMatchObject({
      kind: 'custom',
      component: 'Dashboard',
    });
  });

  const figures = (company: { list: Record<string, unknown>[] }) =>
    company.list.map((r) => [r.unit, r.scorecards, r.averageScore, r.averageAdjustedScore, r.hidden ?? false]);

  it('shows the current plan’s performance: the average weighted score of the employees’ scorecards per business unit, as the company performance report computes it', async () => {
    const company = await item(exec, 'company-performance');
    expect(company.annualPlan).toBe('FY2026');
    // Bella 110 % → 4, Eve 50 % → 1 (adjusted 3): (4 + 1) ÷ 2 and (4 + 3) ÷ 2; Dan's scorecard without KPIs has no score
    expect(figures(company)).toEqual([['Operations', 2, 2.5, 3.5, false]]);
    const report = await exec.get(`performance-scorecard/company-performance?annualPlanId=${company.annualPlanId}`);
    ok(report);
    const reported = report.body.data[Object.keys(report.body.data)[0]].list;
    expect(company.list).toEqual(
      reported.map(({ unit, scorecards, averageScore, averageAdjustedScore }: Record<string, unknown>) => ({
        unit,
        scorecards,
        averageScore,
        averageAdjustedScore,
      })),
    );
    // Bella reads both scorecards (her own and her report Eve's): the average tells her nothing she may not know
    expect(figures(await item(bella, 'company-performance'))).toEqual([['Operations', 2, 2.5, 3.5, false]]);
    expect(await item(other, 'company-performance')).toEqual({ annualPlan: null, annualPlanId: null, list: [] });
  });

  it('withholds a unit’s average from an employee it would tell the score of one or two people she may not read', async () => {
    // Eve knows her own score: the average of two would be Bella's
    const eveSees = await item(eve, 'company-performance');
    expect(figures(eveSees)).toEqual([['Operations', 2, null, null, true]]);
    expect(JSON.stringify(eveSees)).not.toMatch(/2\.5|3\.5/);
    // three more scored people in the unit, none of them hers to read: the average hides no one any longer
    const plan = eveSees.annualPlanId as number;
    for (const [name, actual] of [
      ['Fay', 100],
      ['Gus', 80],
      ['Hal', 120],
    ] as const) {
      const person = (await exec.post('employee/add', { firstName: name, lastName: 'Staff', businessUnitId: id.bu }))
        .body.data.employee.id;
      const card = await exec.post('performance-scorecard/add', {
        annualPlanId: plan,
        includeKeyPerformanceArea: 'No',
        name: `${name} 2026`,
        level: 'employee',
        employeeId: person,
      });
      ok(card);
      ok(
        await exec.post('performance-kpi/add', {
          scorecardId: card.body.data.scorecard.id,
          kpiType: 'Quantitative',
          optionType: 'ASC',
          weight: 100,
          target: 100,
          name: 'Output',
          actual1: actual,
          actual: actual,
        }),
      );
    }
    const now = figures(await item(eve, 'company-performance'));
    expect(now).toEqual(figures(await item(exec, 'company-performance')));
    expect(now[0]).toEqual(['Operations', 5, expect.any(Number), expect.any(Number), false]);
  });

  it('lists the business unit and department heads with their scorecards to whoever may read those scorecards', async () => {
    const bellaRow = {
      id: id.bella,
      name: 'Bella Head',
      unit: 'Operations',
      scorecards: 1,
      accepted: 0,
      approved: 0,
      draft: 1,
    };
    const danRow = {
      id: id.dan,
      name: 'Dan Head',
      unit: 'Logistics',
      scorecards: 1,
      accepted: 0,
      approved: 0,
      draft: 1,
    };
    // the module administrator reads every scorecard: every head
    const bu = await item(exec, 'business-unit-heads');
    expect(bu.list).toEqual([bellaRow]);
    expect(bu.total).toBe(1);
    expect((await item(exec, 'department-heads')).list).toEqual([danRow]);
    // a head reads her own, and her report's as his supervisor
    expect((await item(bella, 'business-unit-heads')).list).toEqual([bellaRow]);
    expect((await item(bella, 'department-heads')).list).toEqual([danRow]);
    // Dan reads his own, not his supervisor's
    expect((await item(dan, 'department-heads')).list).toEqual([danRow]);
    expect((await item(dan, 'business-unit-heads')).total).toBe(0);
    // a colleague learns nobody's scorecard status
    for (const name of ['business-unit-heads', 'department-heads']) expect((await item(eve, name)).total).toBe(0);
    expect((await item(other, 'department-heads')).total).toBe(0);
  });

  it('lists the caller’s direct reportees with what they have open', async () => {
    const reportees = await item(bella, 'direct-reportees');
    expect(reportees.list.map((r: Record<string, unknown>) => [r.name, r.openTrainings, r.openTasks])).toEqual([
      ['Dan Head', 1, 0],
      ['Eve Staff', 1, 1],
    ]);
    expect((await item(eve, 'direct-reportees')).total).toBe(0);
    expect((await eve.get('dashboard-item/direct-reportees?limit=x')).status).toBe(422);
  });

  it('counts the caller’s required actions, each kind in one query', async () => {
    const counts = async (who: Client) =>
      Object.fromEntries(
        (await item(who, 'required-actions')).list.map((r: { kind: string; count: number }) => [r.kind, r.count]),
      );
    // Bella: one project task and two audit approvals waiting (the third she decided)
    // and the draft scorecards of her two reports, Dan and Eve, to approve
    expect(await counts(bella)).toEqual({
      myTasks: 5,
      myMilestones: 1,
      myMitigationStrategies: 0,
      myTrainings: 0,
      subordinateTrainingRequests: 2,
    });
    // a month owed carries the plan and month its link opens
    let owed: { annualPlanId: number; periodId: number } | undefined;
    const performance = (n: { approve: number; accept: number; progress: number; reports?: number }) => [
      { kind: 'scorecardsToApprove', count: n.approve },
      { kind: 'scorecardsToAccept', count: n.accept },
      { kind: 'agreementsWaiting', count: 0 },
      { kind: 'assessmentsWaiting', count: 0 },
      { kind: 'monthlyProgressDue', count: n.progress, ...(n.progress > 0 && { query: owed }) },
      // a report's month (as My inbox lists it for the supervisor) and QA reviews (none here) are the caller's tasks too
      { kind: 'reportsMonthlyProgressDue', count: n.reports ?? 0 },
      { kind: 'qaReviews', count: 0 },
    ];
    expect((await item(bella, 'required-actions')).list[0]).toEqual({
      kind: 'myTasks',
      count: 5,
      parts: [
        { kind: 'projectTasks', count: 1 },
        { kind: 'auditTasks', count: 2 },
        ...performance({ approve: 2, accept: 0, progress: 0 }),
      ],
    });
    expect((await bella.get('audit-task?owner=me&status=Pending')).body.data.total).toBe(2);
    expect(await counts(eve)).toEqual({
      myTasks: 1,
      myMilestones: 0,
      myMitigationStrategies: 0,
      myTrainings: 1,
      subordinateTrainingRequests: 0,
    });
    // Bella approves Eve's scorecard: it leaves her count and waits for Eve's acceptance; an open month waits for Eve's
    // progress and Bella's (both have KPIs for the plan), not Dan's (his scorecard has none)
    const eveCard = (await eve.get(`performance-scorecard?employeeId=${id.eve}`)).body.data.list[0];
    ok(await bella.post('performance-scorecard/approve', { id: eveCard.id }));
    const [month] = (await exec.get(`monthly-progress-period?annualPlanId=${eveCard.annualPlanId}&sort=month&limit=1`))
      .body.data.list;
    ok(await exec.post('monthly-progress-period/open', { id: month.id }));
    owed = { annualPlanId: eveCard.annualPlanId, periodId: month.id };
    // and Eve's month waits for Bella too, her supervisor, who may enter it for her (Dan's not: he has no KPIs)
    expect((await item(bella, 'required-actions')).list[0].parts.slice(2)).toEqual(
      performance({ approve: 1, accept: 0, progress: 1, reports: 1 }),
    );
    expect((await item(eve, 'required-actions')).list[0]).toEqual({
      kind: 'myTasks',
      count: 3,
      parts: [
        { kind: 'projectTasks', count: 1 },
        { kind: 'auditTasks', count: 0 },
        ...performance({ approve: 0, accept: 1, progress: 1 }),
      ],
    });
    expect((await item(dan, 'required-actions')).list[0].parts.slice(2)).toEqual(
      performance({ approve: 0, accept: 0, progress: 0 }),
    );
    // a module the company has not switched on counts nothing: Otherco has performance, but no projects and no audits
    expect((await item(other, 'required-actions')).list[0]).toEqual({
      kind: 'myTasks',
      count: 0,
      parts: performance({ approve: 0, accept: 0, progress: 0 }),
    });
  });

  it('counts an annual plan of strategy execution among its approver’s tasks until it is accepted', async () => {
    const taskco = await t.addCompany('Taskco', { modules: ['strategic', 'strategy-execution'] });
    const abe = await t.addEmployee(taskco.executive, 'Abe', 'Approver', 'abe@taskco.example');
    const abeId = (await taskco.executive.get('employee?email=abe@taskco.example')).body.data.list[0].id;
    const strategicPlanId = await addStrategicPlan(taskco.executive, 'Vision 2030', '2026-01-01', '2030-12-31');
    const plan = await taskco.executive.post('execution-plan/add', {
      name: 'FY 2027',
      strategicPlanId,
      startDate: '2027-01-01',
      endDate: '2027-12-31',
      approverId: abeId,
    });
    ok(plan);
    const toAccept = async () =>
      (await item(abe, 'required-actions')).list[0].parts.find(
        (p: { kind: string }) => p.kind === 'executionPlansToAccept',
      )?.count;
    expect(await toAccept()).toBe(1);
    // the executive is no approver of it: nothing waits for them
    expect(
      (await item(taskco.executive, 'required-actions')).list[0].parts.find(
        (p: { kind: string }) => p.kind === 'executionPlansToAccept',
      )?.count,
    ).toBe(0);
    ok(await abe.post('execution-plan/accept', { id: (Object.values(plan.body.data)[0] as { id: number }).id }));
    expect(await toAccept()).toBe(0);
  });

  it('lets each employee hide and order their own dashboard items, and nobody else’s', async () => {
    const hidden = await eve.post('dashboard-item/add', {
      employeeId: id.eve,
      item: 'company-performance',
      shown: 'No',
    });
    ok(hidden);
    expect(hidden.body.data.dashboardItem).toMatchObject({ item: 'company-performance', shown: 'No', position: 0 });
    ok(await eve.post('dashboard-item/add', { employeeId: id.eve, item: 'department-heads', position: 1 }));
    expect((await eve.post('dashboard-item/add', { employeeId: id.eve, item: 'weather' })).status).toBe(422);
    expect(
      (await bella.post('dashboard-item/add', { employeeId: id.eve, item: 'direct-reportees', shown: 'No' })).status,
    ).toBe(403);
    expect(
      (await eve.get('dashboard-item?owner=me&sort=position')).body.data.list.map((x: { item: string }) => x.item),
    ).toEqual(['company-performance', 'department-heads']);
    expect((await bella.get('dashboard-item')).body.data.total).toBe(0);
    expect((await bella.get(`dashboard-item/${hidden.body.data.dashboardItem.id}`)).status).toBe(403);
    expect((await other.get('dashboard-item')).body.data.total).toBe(0);
  });

  it('keeps the holder out of employee items', async () => {
    expect((await t.holder.get('dashboard-item/required-actions')).status).toBe(403);
  });
});
