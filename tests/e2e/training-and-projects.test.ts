import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { api, companyWithExecutive } from './support/api-setup.ts';
import { browserSkipReason, launchChromium } from './support/browser.ts';
import { HOLDER, startServer, type RunningServer } from './support/server-process.ts';
import { pick, signIn, snap } from './support/screens.ts';

const skip = browserSkipReason();

describe.skipIf(skip)('personal development and projects: plan and complete a training; a project on its timeline', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let exec: { email: string; password: string };
  let token: string;
  let planId: number;
  const state = () => page.getByTestId('workflow-state').innerText();
  const workflowButton = (name: string) => page.getByTestId('workflow').getByRole('button', { name, exact: true });
  /** Answers the dialog a transition opens with what it asks for. */
  async function answer(value: string) {
    const dialog = page.getByRole('dialog');
    await dialog.locator('textarea').fill(value);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
  }

  beforeAll(async () => {
    server = await startServer();
    const company = await companyWithExecutive(server, 'Learnbuild', 'exec-pass-12', ['personal-development', 'projects', 'performance']);
    exec = { email: company.email, password: company.password };
    token = (await api(server, 'auth/login', exec)).user.token;
    await api(server, 'training/add', { name: 'Forklift safety', provider: 'Depot academy' }, token);
    planId = (await api(server, 'annual-training-plan/add', { name: 'Training plan 2026', year: 2026 }, token)).annualTrainingPlan.id;
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1500, height: 1100 } });
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('requests a training from my inbox; it waits among the requested trainings', async () => {
    await signIn(page, server.url, exec.email, exec.password);
    await page.goto(`${server.url}/app/my-inbox/trainings`);
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.waitForURL('**/app/my-inbox/add-training');
    await page.locator('[data-screen=form][data-entity=employee-training]').waitFor();
    await pick(page, 'trainingId', 'Forklift safety');
    await pick(page, 'annualTrainingPlanId', 'Training plan 2026');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL('**/app/my-inbox/trainings**');
    await page.getByRole('gridcell', { name: 'Requested', exact: true }).waitFor();

    await page.goto(`${server.url}/app/personal-development/training-plans-executions`);
    expect(await page.getByRole('tab', { selected: true }).innerText()).toBe('Requested trainings');
    await page.getByRole('gridcell', { name: 'Forklift safety', exact: true }).waitFor();
    await snap(page, 'training-01-requested');
  });

  it('plans the training, then completes it; the plan executes fully', async () => {
    const [request] = (await api(server, 'employee-training?status=Requested', undefined, token)).list;
    await page.goto(`${server.url}/app/personal-development/edit-employee-training?id=${request.id}`);
    await page.locator('[data-screen=form][data-entity=employee-training]').waitFor();
    expect(await state()).toBe('Requested');
    // a training never planned cannot be completed: the screen does not offer it
    expect(await workflowButton('Complete').count()).toBe(0);
    await workflowButton('Add to planned').click();
    await answer('2026-03-01');
    await page.waitForFunction(() => document.querySelector('[data-testid=workflow-state]')?.textContent === 'Planned');
    await workflowButton('Complete').click();
    await answer('2026-03-02');
    await page.waitForFunction(() => document.querySelector('[data-testid=workflow-state]')?.textContent === 'Completed');
    expect(await workflowButton('Back to planned').count()).toBe(1);
    await snap(page, 'training-02-completed');

    const rate = (await api(server, `annual-training-plan/execution-rate?id=${planId}`, undefined, token)).executionRate;
    expect(rate).toMatchObject({ planned: 0, completed: 1, executionRate: 100 });
    await page.goto(`${server.url}/app/personal-development/training-plans-executions`);
    await page.getByRole('tab', { name: 'Completed trainings' }).click();
    await page.getByRole('gridcell', { name: 'Forklift safety', exact: true }).waitFor();
    await page.getByRole('tab', { name: 'Annual training plans' }).click();
    const row = page.getByRole('row').filter({ hasText: 'Training plan 2026' });
    await row.getByRole('gridcell', { name: '100', exact: true }).waitFor();
    // the personal development report: one row per employee, by full name, with a chart
    await page.goto(`${server.url}/app/reports/personal-development-reports`);
    await page.locator('[data-screen=figure-report] [data-chart=figures] canvas').first().waitFor();
    const cells = await page.locator('[data-figures=personal-development-reports] tr[data-row="Exe Learnbuild"] td').allInnerTexts();
    expect(cells).toEqual(['Exe Learnbuild', '0', '0', '1', '0']);
  });

  it('creates a project with a milestone and a task, and sees them on the timeline', async () => {
    await page.goto(`${server.url}/app/projects/add-project`);
    await page.locator('[data-screen=form][data-entity=project]').waitFor();
    await page.locator('#root_name').fill('New depot');
    await page.locator('#root_startDate').fill('2026-01-01');
    await page.locator('#root_endDate').fill('2026-12-31');
    await page.locator('#root_estimatedCost').fill('5000');
    await page.locator('#root_budgetSpent').fill('1200');
    await page.locator('#root_name').press('Tab');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL('**/app/projects/main**');
    await page.getByRole('gridcell', { name: 'New depot', exact: true }).waitFor();
    const [project] = (await api(server, 'project?q=depot', undefined, token)).list;
    expect(project).toMatchObject({ estimatedCost: 5000, budgetSpent: 1200, remaining: 3800 });

    await page.goto(`${server.url}/app/projects/add-milestone?projectId=${project.id}`);
    await page.locator('[data-screen=form][data-entity=milestone]').waitFor();
    await page.locator('#root_name').fill('Foundations');
    await page.locator('#root_startDate').fill('2026-01-10');
    await page.locator('#root_endDate').fill('2026-03-31');
    await page.locator('#root_name').press('Tab');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL('**/app/projects/milestones**');
    await page.getByRole('gridcell', { name: 'Foundations', exact: true }).waitFor();
    const [milestone] = (await api(server, `milestone?projectId=${project.id}`, undefined, token)).list;

    await page.goto(`${server.url}/app/projects/add-task?milestoneId=${milestone.id}`);
    await page.locator('[data-screen=form][data-entity=project-task]').waitFor();
    await page.locator('#root_name').fill('Dig trenches');
    await page.locator('#root_startDate').fill('2026-01-10');
    await page.locator('#root_endDate').fill('2026-02-15');
    await page.locator('#root_riskRating').selectOption({ label: 'High' });
    await page.locator('#root_name').press('Tab');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL('**/app/projects/tasks**');
    await page.getByRole('gridcell', { name: 'Dig trenches', exact: true }).waitFor();

    await page.goto(`${server.url}/app/projects/timeline?projectId=${project.id}`);
    await page.locator('[data-chart=timeline] canvas').first().waitFor();
    const bars = await page.locator('[data-timeline] tr[data-bar]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-bar')));
    expect(bars).toEqual(['milestone:Foundations', 'task:Dig trenches']);
    await snap(page, 'projects-01-timeline');

    // the reports: the detailed one first, each project with its milestones; the summary and progress ones as charts
    await page.goto(`${server.url}/app/projects/reports`);
    const detail = page.locator('[data-screen=figure-report] [data-project="New depot"]');
    await detail.locator('[data-figures=incompleted-milestones] tr[data-row=Foundations]').waitFor();
    await page.getByRole('tab', { name: 'Progress of tasks' }).click();
    await page.locator('[data-screen=figure-report] [data-chart=figures] canvas').first().waitFor();
    expect(await page.locator('[data-figures=project-progress-tasks-reports] tr[data-row="New depot"] td').allInnerTexts()).toEqual(['New depot', '1', '1', '0', '0', '0', '1', '0']); // overdue: it was to end on 15 February 2026
    await snap(page, 'projects-02-progress');
  });

  it('reads the user manuals of the company’s modules, Markdown shown as HTML', async () => {
    const holder = (await api(server, 'auth/login', HOLDER)).user.token;
    const modules = (await api(server, 'module?limit=100', undefined, holder)).list as { id: number; code: string }[];
    const manual = async (title: string, code: string, markdown: string) => {
      const { item } = await api(server, 'user-manual/add', { title, moduleId: modules.find((m) => m.code === code)!.id }, holder);
      const form = new FormData();
      form.set('id', String(item.id));
      form.set('document', new File([markdown], `${code}.md`, { type: 'text/markdown' }));
      const r = await fetch(`${server.url}/api/v1/user-manual/upload-document`, { method: 'POST', headers: { token: holder }, body: form });
      expect(r.status).toBe(200);
    };
    await manual('Planning trainings', 'personal-development', '# Planning trainings\n\nChoose **Add to planned**.\n\n<script>window.hacked = true</script>');
    await manual('Rating risks', 'risk-management', '# Rating risks');
    await page.goto(`${server.url}/app/user-manuals/read`);
    await page.locator('[data-screen=manual-list] [data-manual="Planning trainings"]').waitFor();
    expect(await page.locator('[data-screen=manual-list] [data-manual]').count()).toBe(1);
    await page.getByRole('link', { name: 'Planning trainings' }).click();
    const article = page.locator('[data-manual=markdown]');
    await article.locator('h1', { hasText: 'Planning trainings' }).waitFor();
    expect(await article.locator('strong').innerText()).toBe('Add to planned');
    expect(await page.evaluate(() => (window as unknown as { hacked?: boolean }).hacked)).toBeUndefined();
    await snap(page, 'manuals-01-markdown');
  });

  it('shows the required actions on the dashboard, each count opening its list', async () => {
    const [task] = (await api(server, 'project-task', undefined, token)).list;
    const me = (await api(server, 'auth/login', exec)).user.employeeId;
    await api(server, 'project-task/update', { id: task.id, version: task.version, ownerId: me }, token);
    await page.goto(`${server.url}/app/dashboard/main`);
    const tile = page.locator('[data-screen=dashboard-main] [data-action=myTasks]');
    await tile.waitFor();
    expect(await tile.locator('strong').innerText()).toBe('1');
    await page.locator('[data-item=company-performance]').waitFor();
    await snap(page, 'dashboard-01-main');
    // My tasks names each kind of task waiting, each opening its list
    await tile.locator('[data-action=projectTasks]').click();
    await page.waitForURL('**/app/projects/my-tasks');
    await page.getByRole('gridcell', { name: 'Dig trenches', exact: true }).waitFor();
  });
});
