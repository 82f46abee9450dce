import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../support/backends.ts';
import { startTestStratum, type Client, type Reply, type TestStratum } from '../support/test-stratum.ts';
import { specTitlesOf, specRoutes } from '../support/spec-catalogue.ts';

const ok = (r: Reply) => expect(r.status, r.body.err_msg ?? '').toBe(200);

describe.each(backends())('projects on $name', (backend) => {
  let t: TestStratum;
  let exec: Client; // admin access to the module
  let pam: Client; // the project manager
  let tom: Client; // owns a milestone and a task
  let oz: Client; // neither
  let other: Client; // another company's executive
  const id: Record<string, number> = {};
  const get = async (path: string, key: string) => (await exec.get(path)).body.data[key];

  beforeAll(async () => {
    t = await startTestStratum(backend);
    exec = (await t.addCompany('Buildco', { modules: ['projects', 'performance', 'strategic'] })).executive;
    pam = await t.addEmployee(exec, 'Pam', 'Manager', 'pam@buildco.example');
    tom = await t.addEmployee(exec, 'Tom', 'Owner', 'tom@buildco.example');
    oz = await t.addEmployee(exec, 'Oz', 'Outsider', 'oz@buildco.example');
    for (const who of ['pam', 'tom', 'oz'])
      id[who] = (await exec.get(`employee?email=${who}@buildco.example`)).body.data.list[0].id;
    other = (await t.addCompany('Otherco', { modules: ['projects'] })).executive;
  });
  afterAll(() => t.close());

  it('titles the project calls as the spec writes them', () => {
    const spec = specTitlesOf('projects');
    const { registry } = t.stratum;
    const en = registry.messages.en;
    const used = [...registry.entities.values()]
      .filter((e) => e.module === 'projects')
      .flatMap((e) => Object.values(e.errors))
      .map((k) => en[k]);
    expect(spec.filter((title) => !used.includes(title))).toEqual([]);
    expect(en[registry.entity('project').errors.list]).toBe('Get Projects Failed');
    // every /app/projects route of the spec is a screen
    const routes = specRoutes
      .filter((r) => r.path.startsWith('/app/projects/') || r.path.startsWith('/app/dashboard/project/'))
      .map((r) => r.path);
    const screens = new Set([...registry.modules.values()].flatMap((m) => m.screens.map((s) => s.path)));
    expect(routes.filter((p: string) => !screens.has(p))).toEqual([]);
  });

  it('keeps projects with estimated cost, budget spent and the remaining derived, and dates in order', async () => {
    const added = await exec.post('project/add', {
      name: 'New warehouse',
      managerId: id.pam,
      estimatedCost: 1000,
      budgetSpent: 250.5,
      startDate: '2026-01-01',
      endDate: '2026-12-31',
    });
    ok(added);
    expect(added.body.data.project).toMatchObject({
      status: 'Not Started',
      estimatedCost: 1000,
      budgetSpent: 250.5,
      remaining: 749.5,
      completion: 0,
    });
    id.project = added.body.data.project.id;
    const backwards = await exec.post('project/add', {
      name: 'Backwards',
      startDate: '2026-06-01',
      endDate: '2026-05-01',
    });
    expect(backwards.status).toBe(422);
    expect(backwards.body.errors).toEqual([{ field: 'endDate', message: 'End date must not be before Start date' }]);
    const forged = await exec.post('project/add', { name: 'Forged', remaining: 5 });
    expect(forged.status).toBe(422);
    expect(forged.body.errors).toEqual([{ field: 'remaining', message: 'Remaining is read-only' }]);
    expect((await exec.post('project/add', { name: 'Negative', budgetSpent: -1 })).status).toBe(422);
    expect((await pam.post('project/add', { name: 'Mine' })).status).toBe(403);
    // the manager updates it; the remaining follows
    const p = await get(`project/${id.project}`, 'project');
    const spent = await pam.post('project/update', { id: id.project, version: p.version, budgetSpent: 400 });
    ok(spent);
    expect(spent.body.data.project.remaining).toBe(600);
    expect((await oz.post('project/update', { id: id.project, version: p.version + 1, budgetSpent: 1 })).status).toBe(
      403,
    );
    // the status update changes the status and its figures, nothing else
    const status = await pam.post('project/update-status', {
      id: id.project,
      version: p.version + 1,
      status: 'In Progress',
      completion: 10,
      reportDate: '2026-02-01',
    });
    ok(status);
    expect(status.body.data.project).toMatchObject({ status: 'In Progress', completion: 10, reportDate: '2026-02-01' });
    expect(
      (await pam.post('project/update-status', { id: id.project, version: p.version + 2, status: 'Done' })).status,
    ).toBe(422);
    expect(
      (await pam.post('project/update-status', { id: id.project, version: p.version + 2, name: 'Renamed' })).status,
    ).toBe(422);
    expect(
      (await oz.post('project/update-status', { id: id.project, version: p.version + 2, status: 'On Hold' })).status,
    ).toBe(403);
    // another company neither sees nor touches it
    expect((await other.get(`project/${id.project}`)).status).toBe(404);
    expect((await other.get('project')).body.data.total).toBe(0);
  });

  it('keeps milestones and tasks with their money and dates; owners update their own', async () => {
    const m = await exec.post('milestone/add', {
      projectId: id.project,
      name: 'Foundations',
      ownerId: id.tom,
      estimatedCost: 300,
      budgetSpent: 100,
      startDate: '2026-01-10',
      endDate: '2026-03-31',
    });
    ok(m);
    expect(m.body.data.milestone.remaining).toBe(200);
    id.foundations = m.body.data.milestone.id;
    id.roof = (
      await exec.post('milestone/add', {
        projectId: id.project,
        name: 'Roof',
        ownerId: id.pam,
        startDate: '2026-04-01',
        endDate: '2026-06-30',
      })
    ).body.data.milestone.id;
    const backwards = await exec.post('milestone/add', {
      projectId: id.project,
      name: 'Backwards',
      startDate: '2026-04-01',
      endDate: '2026-03-01',
    });
    expect(backwards.status).toBe(422);
    const task = await exec.post('project-task/add', {
      milestoneId: id.foundations,
      name: 'Dig',
      ownerId: id.tom,
      riskRating: 'High',
      estimatedCost: 120,
      budgetSpent: 20,
      startDate: '2026-01-10',
      endDate: '2026-02-10',
    });
    ok(task);
    expect(task.body.data.task).toMatchObject({
      projectId: id.project,
      remaining: 100,
      riskRating: 'High',
      status: 'Not Started',
    });
    id.dig = task.body.data.task.id;
    id.pour = (
      await exec.post('project-task/add', {
        milestoneId: id.foundations,
        name: 'Pour concrete',
        ownerId: id.pam,
        estimatedCost: 80,
        startDate: '2026-02-11',
        endDate: '2026-03-31',
      })
    ).body.data.task.id;
    id.tiles = (
      await exec.post('project-task/add', {
        milestoneId: id.roof,
        name: 'Lay tiles',
        ownerId: id.tom,
        startDate: '2026-04-01',
        endDate: '2026-05-31',
      })
    ).body.data.task.id;
    expect(
      (await exec.post('project-task/add', { milestoneId: id.foundations, name: 'Odd', riskRating: 'Severe' })).status,
    ).toBe(422);
    expect(
      (await exec.post('project-task/add', { milestoneId: id.foundations, name: 'Placed', projectId: 999 })).status,
    ).toBe(422);
    const lost = await exec.post('project-task/add', { milestoneId: 999999, name: 'Lost' });
    expect(lost.status).toBe(422);
    expect(lost.body.errors![0].field).toBe('milestoneId');
    // my milestones and my tasks
    expect((await tom.get('milestone?owner=me')).body.data.list.map((x: { name: string }) => x.name)).toEqual([
      'Foundations',
    ]);
    expect(
      (await tom.get('project-task?owner=me&sort=startDate')).body.data.list.map((x: { name: string }) => x.name),
    ).toEqual(['Dig', 'Lay tiles']);
    // the owner completes their task; someone else may not touch it
    const dig = await get(`project-task/${id.dig}`, 'task');
    const done = await tom.post('project-task/update', {
      id: id.dig,
      version: dig.version,
      status: 'Completed',
      completion: 100,
      completionDate: '2026-02-09',
      budgetSpent: 130,
    });
    ok(done);
    expect(done.body.data.task.remaining).toBe(-10);
    expect((await oz.post('project-task/update', { id: id.pour, version: 1, status: 'Completed' })).status).toBe(403);
    expect((await tom.post('project-task/update', { id: id.pour, version: 1, status: 'Completed' })).status).toBe(403);
    const fm = await get(`milestone/${id.foundations}`, 'milestone');
    ok(
      await tom.post('milestone/update', {
        id: id.foundations,
        version: fm.version,
        status: 'Completed',
        completion: 100,
      }),
    );
    expect((await tom.post('milestone/update', { id: id.roof, version: 1, status: 'Completed' })).status).toBe(403);
    // completed views and milestone detail with its tasks
    expect(
      (await oz.get(`milestone?status=Completed&projectId=${id.project}`)).body.data.list.map(
        (x: { name: string }) => x.name,
      ),
    ).toEqual(['Foundations']);
    expect((await oz.get('project-task?status=Completed')).body.data.list.map((x: { name: string }) => x.name)).toEqual(
      ['Dig'],
    );
    const detail = await get(`milestone/${id.foundations}`, 'milestone');
    expect(detail.taskList.map((x: { name: string }) => x.name).sort()).toEqual(['Dig', 'Pour concrete']);
  });

  it("lets a project's manager add, change and delete the milestones, tasks and risks of his project, and no other", async () => {
    // Pam manages the warehouse project; Oz manages another; Tom manages none
    const depot = (await exec.post('project/add', { name: 'Depot', managerId: id.oz })).body.data.project.id;
    const m = await pam.post('milestone/add', { projectId: id.project, name: 'Walls', ownerId: id.tom });
    ok(m);
    const walls = m.body.data.milestone;
    expect(walls._allowed).toMatchObject({ update: true, delete: true });
    const renamed = await pam.post('milestone/update', { id: walls.id, version: walls.version, name: 'Outer walls' });
    ok(renamed);
    // a task under his milestone takes its project from the milestone, and is judged on it
    const brick = await pam.post('project-task/add', { milestoneId: walls.id, name: 'Brick', ownerId: id.tom });
    ok(brick);
    const rain = await pam.post('project-risk/add', {
      projectId: id.project,
      name: 'Rain',
      ownerId: id.tom,
      rating: 'High',
    });
    ok(rain);
    // not on another's project, nor moving his own milestone there
    const refused = await pam.post('milestone/add', { projectId: depot, name: 'Gate' });
    expect(refused.status).toBe(403);
    expect(refused.body.err_msg).toContain('the employee its project names as “Project manager”');
    expect((await pam.post('project-risk/add', { projectId: depot, name: 'Flood', rating: 'High' })).status).toBe(403);
    const moved = renamed.body.data.milestone;
    expect(
      (await pam.post('milestone/update', { id: moved.id, version: moved.version, projectId: depot })).status,
    ).toBe(403);
    // an employee who manages no project adds nowhere; the owner of a milestone changes only his own
    expect((await tom.post('milestone/add', { projectId: id.project, name: 'Sneaky' })).status).toBe(403);
    expect((await tom.post('milestone/delete', { id: moved.id, version: moved.version })).status).toBe(403);
    // what the screens show: Add on his project's lists and panels, none on the other's, none for Tom
    const add = async (who: Client, path: string) => (await who.get(path)).body.data.allowed?.add;
    expect(await add(pam, `milestone?projectId=${id.project}`)).toBe(true);
    expect(await add(pam, `milestone?projectId=${depot}`)).toBe(false);
    expect(await add(pam, `project-task?milestoneId=${walls.id}`)).toBe(true);
    expect(await add(pam, 'milestone')).toBe(true);
    expect(await add(tom, 'milestone')).toBe(false);
    expect(await add(tom, `milestone?projectId=${id.project}`)).toBe(false);
    const panels = async (who: Client, project: number) =>
      (await who.get(`project/${project}`)).body.data.project._allowed.addChildren;
    // the milestones and the risks of his project are his to add from its page; its team and scorecard links are not
    expect(await panels(pam, id.project)).toEqual(['milestoneList', 'riskList']);
    expect(await panels(pam, depot)).toEqual([]);
    expect(await panels(tom, id.project)).toEqual([]);
    // the rows of his project's lists say he may change them; another's rows do not
    const rows = (await pam.get(`milestone?projectId=${id.project}`)).body.data.list;
    expect(rows.every((r: { _allowed: { update: boolean } }) => r._allowed.update)).toBe(true);
    ok(await pam.post('project-task/delete', { id: brick.body.data.task.id, version: brick.body.data.task.version }));
    const last = (await pam.get(`milestone/${walls.id}`)).body.data.milestone;
    ok(await pam.post('milestone/delete', { id: walls.id, version: last.version }));
    const risk = rain.body.data[Object.keys(rain.body.data)[0]];
    ok(await pam.post('project-risk/delete', { id: risk.id, version: risk.version }));
    ok(await exec.post('project/delete', { id: depot, version: 1 }));
  });

  it('keeps comments on milestones and tasks, each written by the signed-in employee', async () => {
    const c = await oz.post('milestone-comment/add', { milestoneId: id.foundations, comment: 'Soil report attached' });
    ok(c);
    expect(c.body.data.milestoneComment.authorId).toBe(id.oz);
    expect(
      (await oz.post('milestone-comment/add', { milestoneId: id.foundations, comment: 'Forged', authorId: id.pam }))
        .status,
    ).toBe(422);
    const tc = await tom.post('task-comment/add', { projectTaskId: id.dig, comment: 'Done a day early' });
    ok(tc);
    expect(tc.body.data.taskComment.authorId).toBe(id.tom);
    expect((await exec.post('task-comment/add', { projectTaskId: id.dig, comment: '' })).status).toBe(422);
    // only the author changes a comment
    expect(
      (await pam.post('task-comment/update', { id: tc.body.data.taskComment.id, version: 1, comment: 'Mine now' }))
        .status,
    ).toBe(403);
    const edited = await tom.post('task-comment/update', {
      id: tc.body.data.taskComment.id,
      version: 1,
      comment: 'Done two days early',
    });
    ok(edited);
    expect(edited.body.data.taskComment.authorId).toBe(id.tom);
    expect(
      (await get(`milestone/${id.foundations}`, 'milestone')).commentList.map((x: { comment: string }) => x.comment),
    ).toEqual(['Soil report attached']);
    expect(
      (await exec.get(`task-comment?projectTaskId=${id.dig}`)).body.data.list.map(
        (x: { comment: string }) => x.comment,
      ),
    ).toEqual(['Done two days early']);
  });

  it('keeps project risks rated Extreme to Low with mitigation strategies Complete or In Progress', async () => {
    const r = await exec.post('project-risk/add', {
      projectId: id.project,
      name: 'Flooding',
      rating: 'Extreme',
      ownerId: id.tom,
    });
    ok(r);
    expect(r.body.data.projectRisk.implementationStatus).toBe('Not Started');
    id.flood = r.body.data.projectRisk.id;
    id.theft = (
      await exec.post('project-risk/add', { projectId: id.project, name: 'Theft', rating: 'Low' })
    ).body.data.projectRisk.id;
    const bad = await exec.post('project-risk/add', { projectId: id.project, name: 'Odd', rating: 'Severe' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual([
      { field: 'rating', message: 'Risk rating must be Extreme, High, Moderate or Low' },
    ]);
    const ms = await exec.post('mitigation-strategy/add', {
      projectRiskId: id.flood,
      description: 'Pumps on site',
      ownerId: id.tom,
      dueDate: '2026-02-01',
    });
    ok(ms);
    expect(ms.body.data.mitigationStrategy.status).toBe('In Progress');
    id.pumps = ms.body.data.mitigationStrategy.id;
    id.drains = (
      await exec.post('mitigation-strategy/add', {
        projectRiskId: id.flood,
        description: 'Drains',
        dueDate: '2026-03-01',
      })
    ).body.data.mitigationStrategy.id;
    const wrong = await exec.post('mitigation-strategy/add', {
      projectRiskId: id.flood,
      description: 'Odd',
      status: 'Done',
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toEqual([{ field: 'status', message: 'Status must be In progress or Complete' }]);
    ok(await tom.post('mitigation-strategy/update', { id: id.pumps, version: 1, status: 'Complete' }));
    expect(
      (await tom.post('mitigation-strategy/update', { id: id.drains, version: 1, status: 'Complete' })).status,
    ).toBe(403);
    // the risk implementation status update
    const impl = await tom.post('project-risk/update-implementation-status', {
      id: id.flood,
      version: 1,
      implementationStatus: 'Implemented',
    });
    ok(impl);
    expect(impl.body.data.projectRisk.implementationStatus).toBe('Implemented');
    expect(
      (
        await oz.post('project-risk/update-implementation-status', {
          id: id.theft,
          version: 1,
          implementationStatus: 'Implemented',
        })
      ).status,
    ).toBe(403);
    expect(
      (await exec.get(`project-risk?projectId=${id.project}&implementationStatus=Implemented`)).body.data.list.map(
        (x: { name: string }) => x.name,
      ),
    ).toEqual(['Flooding']);
    expect((await exec.get(`project-risk/${id.flood}`)).body.data.projectRisk.mitigationStrategyList).toHaveLength(2);
  });

  it('links employees and employee scorecards to projects', async () => {
    ok(await exec.post('project-employee/add', { projectId: id.project, employeeId: id.tom, role: 'Site lead' }));
    ok(await exec.post('project-employee/add', { projectId: id.project, employeeId: id.pam, role: 'Manager' }));
    expect((await exec.post('project-employee/add', { projectId: id.project, employeeId: id.tom })).status).toBe(409);
    expect((await pam.post('project-employee/add', { projectId: id.project, employeeId: id.oz })).status).toBe(403);
    expect((await tom.get('project-employee?owner=me')).body.data.total).toBe(1);
    const strategic = (
      await exec.post('strategic-plan/add', { description: 'Vision', startDate: '2025-01-01', endDate: '2030-12-31' })
    ).body.data.strategic;
    const plan = await exec.post('annual-plan/add', {
      name: 'FY2026',
      strategicPlanId: strategic.id,
      startDate: '2026-01-01',
      endDate: '2026-12-31',
    });
    ok(plan);
    const card = await exec.post('performance-scorecard/add', {
      name: 'Tom 2026',
      level: 'employee',
      annualPlanId: plan.body.data.annualPlan.id,
      employeeId: id.tom,
      includeKeyPerformanceArea: 'No',
    });
    ok(card);
    id.card = card.body.data.scorecard.id;
    ok(await exec.post('project-scorecard/add', { projectId: id.project, performanceScorecardId: id.card }));
    expect(
      (await exec.post('project-scorecard/add', { projectId: id.project, performanceScorecardId: id.card })).status,
    ).toBe(409);
    // projects by employee scorecard
    expect(
      (await oz.get(`project-scorecard?performanceScorecardId=${id.card}`)).body.data.list.map(
        (x: { projectId: number }) => x.projectId,
      ),
    ).toEqual([id.project]);
    const byEmployee = await exec.get(`project/by-employee?projectId=${id.project}`);
    ok(byEmployee);
    expect(
      byEmployee.body.data.report.list.map((r: Record<string, unknown>) => [r.name, r.projects, r.tasks, r.openTasks]),
    ).toEqual([
      ['Pam Manager', 1, 1, 1],
      ['Tom Owner', 1, 2, 1],
    ]);
  });

  it('reports projects in detail, in summary and by progress, aggregated in SQL', async () => {
    const detail = await oz.get(`project/detail-report?projectId=${id.project}`);
    ok(detail);
    const [row] = detail.body.data.report.list;
    expect(row.project).toMatchObject({
      id: id.project,
      name: 'New warehouse',
      estimatedCost: 1000,
      budgetSpent: 400,
      remaining: 600,
    });
    expect(
      row.completedMilestone.map((m: { name: string; tasks: number; completedTasks: number }) => [
        m.name,
        m.tasks,
        m.completedTasks,
      ]),
    ).toEqual([['Foundations', 2, 1]]);
    expect(row.inCompletedMilestone.map((m: { name: string }) => m.name)).toEqual(['Roof']);

    const spare = (await exec.post('project/add', { name: 'Annex', estimatedCost: 50 })).body.data.project;
    const summary = await oz.get('project/summary-report');
    ok(summary);
    expect(summary.body.data.report.list).toEqual([
      expect.objectContaining({
        name: 'Annex',
        milestones: 0,
        tasks: 0,
        estimatedCost: 50,
        remaining: 50,
        openRisks: 0,
      }),
      expect.objectContaining({
        name: 'New warehouse',
        milestones: 2,
        completedMilestones: 1,
        tasks: 3,
        completedTasks: 1,
        tasksEstimatedCost: 200,
        tasksBudgetSpent: 130,
        openRisks: 1,
      }),
    ]);
    const tasks = await oz.get(`project/progress-report?of=tasks&projectId=${id.project}&limit=500&offset=0`);
    ok(tasks);
    expect(tasks.body.data.report.list).toEqual([
      expect.objectContaining({ name: 'New warehouse', total: 3, notStarted: 2, completed: 1 }),
    ]);
    const risks = (await oz.get('project/progress-report?of=risks')).body.data.report.list;
    expect(risks.map((r: Record<string, unknown>) => [r.name, r.total, r.implemented])).toEqual([
      ['Extreme', 1, 1],
      ['Low', 1, 0],
    ]);
    const mitigations = (await oz.get('project/progress-report?of=mitigation-strategies')).body.data.report.list;
    expect(mitigations.map((r: Record<string, unknown>) => [r.name, r.total, r.complete, r.inProgress])).toEqual([
      ['Extreme', 2, 1, 1],
    ]);
    expect(
      (await oz.get('project/progress-report?of=completed-tasks')).body.data.report.list.map(
        (r: { name: string }) => r.name,
      ),
    ).toEqual(['Dig']);
    expect(
      (await oz.get('project/progress-report?of=completed-risks')).body.data.report.list.map(
        (r: { name: string }) => r.name,
      ),
    ).toEqual(['Flooding']);
    const bad = await oz.get('project/progress-report?of=everything');
    expect(bad.status).toBe(422);
    expect((await oz.get('project/progress-report')).status).toBe(422);
    // another company's reports are empty
    expect((await other.get('project/summary-report')).body.data.report.total).toBe(0);
    ok(await exec.post('project/delete', { id: spare.id }));
  });

  it('gives the timeline of milestones and their tasks in order', async () => {
    const r = await oz.get(`project/timeline?projectId=${id.project}`);
    ok(r);
    const { project, bars } = r.body.data.timeline;
    expect(project).toMatchObject({
      id: id.project,
      name: 'New warehouse',
      startDate: '2026-01-01',
      endDate: '2026-12-31',
    });
    expect(bars.map((b: { kind: string; name: string }) => `${b.kind}:${b.name}`)).toEqual([
      'milestone:Foundations',
      'task:Dig',
      'task:Pour concrete',
      'milestone:Roof',
      'task:Lay tiles',
    ]);
    expect(bars[1]).toEqual({
      kind: 'task',
      id: id.dig,
      milestoneId: id.foundations,
      name: 'Dig',
      status: 'Completed',
      startDate: '2026-01-10',
      endDate: '2026-02-10',
      completion: 100,
    });
    expect((await oz.get('project/timeline')).status).toBe(422);
    expect((await oz.get('project/timeline?projectId=999999')).status).toBe(404);
    expect((await other.get(`project/timeline?projectId=${id.project}`)).status).toBe(404);
  });

  it('deletes a project with its milestones, tasks, comments and risks, audited', async () => {
    expect((await pam.post('project/delete', { id: id.project })).status).toBe(403);
    ok(await exec.post('project/delete', { id: id.project }));
    for (const e of [
      'milestone',
      'project-task',
      'task-comment',
      'milestone-comment',
      'project-risk',
      'mitigation-strategy',
      'project-employee',
      'project-scorecard',
    ])
      expect((await exec.get(e)).body.data.total, e).toBe(0);
    const trail = (await exec.get(`audit-trail?entity=project&recordId=${id.project}&sort=id`)).body.data.list.map(
      (e: { action: string }) => e.action,
    );
    expect(trail).toEqual(['add', 'update', 'update-status', 'delete']);
  });
});
