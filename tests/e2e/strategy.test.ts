import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { api, companyWithExecutive } from './support/api-setup.ts';
import { browserSkipReason, launchChromium } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server-process.ts';
import { pick, signIn, snap } from './support/screens.ts';

const skip = browserSkipReason();
const UNSCORED = '#9e9e9e';

describe.skipIf(skip)('strategy: from a strategic plan to an accepted review on the strategy map', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let exec: { email: string; password: string };
  let token: string;
  let planId: number;
  let annualPlanId: number;

  const save = async () => {
    await page.getByRole('button', { name: 'Save' }).click();
  };
  /** Fills a form's text and date fields by their ids (#root_<field>). */
  const fill = async (values: Record<string, string>) => {
    for (const [field, value] of Object.entries(values)) await page.locator(`#root_${field}`).fill(value);
  };
  const objectiveColour = async (name: string) => {
    const row = page.locator('[data-testid=strategy-map-nodes] tr[data-node^="objective:"]', { hasText: name });
    await row.waitFor();
    return row.getAttribute('data-colour');
  };

  beforeAll(async () => {
    server = await startServer();
    const company = await companyWithExecutive(server, 'Stratline', 'exec-pass-12', ['strategic', 'strategy-management', 'strategy-execution']);
    exec = { email: company.email, password: company.password };
    token = (await api(server, 'auth/login', exec)).user.token;
    // the organisation the initiatives are planned for
    for (const name of ['North', 'South']) await api(server, 'business-unit/add', { name }, token);
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1500, height: 1100 } });
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('creates a strategic plan with two pillars and an objective under each', async () => {
    await signIn(page, server.url, exec.email, exec.password);
    await page.goto(`${server.url}/app/strategy-management/strategic-plan/add`);
    await page.locator('[data-screen=form][data-entity=strategic-plan]').waitFor();
    await fill({ description: 'Vision 2030', startDate: '2026-01-01', endDate: '2030-12-31' });
    await save();
    await page.waitForURL((u) => !u.pathname.endsWith('/strategic-plan/add'));
    [{ id: planId }] = (await api(server, 'strategic-plan?q=Vision', undefined, token)).list;

    for (const pillar of ['Growth', 'People']) {
      await page.goto(`${server.url}/app/strategy-management/strategic-plan/${planId}/pillar`);
      await page.locator('[data-screen=list][data-entity=strategic-pillar]').waitFor();
      await page.getByRole('button', { name: 'Add' }).click();
      // the add form is the plan's: the plan is filled in from the route and not asked for
      await page.waitForURL(`**/strategic-plan/${planId}/pillar/add**`);
      await expect(page.locator('#root_strategicPlanId').isVisible()).resolves.toBe(false);
      await fill({ name: pillar });
      await save();
      await page.waitForURL(`**/strategic-plan/${planId}/pillar`);
      await page.getByRole('gridcell', { name: pillar, exact: true }).waitFor();
    }

    for (const [pillar, objective] of [['Growth', 'Grow exports'], ['People', 'Build skills']]) {
      await page.goto(`${server.url}/app/strategy-management/strategic-plan/${planId}/objective/add`);
      await page.locator('[data-screen=form][data-entity=pillar-objective]').waitFor();
      await pick(page, 'pillarId', pillar);
      await fill({ name: objective });
      await save();
      await page.waitForURL((u) => !u.pathname.endsWith('/objective/add'));
    }
    await page.goto(`${server.url}/app/strategy-management/strategic-plan/${planId}/objective`);
    await page.getByRole('gridcell', { name: 'Build skills', exact: true }).waitFor();
    await page.getByRole('gridcell', { name: 'Grow exports', exact: true }).waitFor();
    const objectives = (await api(server, `pillar-objective?strategicPlanId=${planId}`, undefined, token)).list;
    expect(objectives.map((o: { name: string }) => o.name)).toEqual(['Build skills', 'Grow exports']);
    await snap(page, 'strategy-01-objectives');
  });

  it('adopts the objectives into an annual plan and plans an initiative for each business unit', async () => {
    await page.goto(`${server.url}/app/strategy-execution/annual-plans/add`);
    await page.locator('[data-screen=form][data-entity=execution-plan]').waitFor();
    await fill({ name: 'FY 2027' });
    await pick(page, 'strategicPlanId', 'Vision 2030');
    await fill({ startDate: '2027-01-01', endDate: '2027-12-31' });
    await save();
    await page.waitForURL('**/app/strategy-execution/annual-plans/plans**');
    await page.getByRole('gridcell', { name: 'FY 2027', exact: true }).waitFor();
    [{ id: annualPlanId }] = (await api(server, 'execution-plan', undefined, token)).list;

    await page.goto(`${server.url}/app/strategy-execution/annual-plans/possible-objectives?annualPlanId=${annualPlanId}`);
    for (const objective of ['Grow exports', 'Build skills']) {
      const row = page.locator(`tr[data-objective="${objective}"]`);
      await row.getByRole('button', { name: 'Adopt' }).click();
      await row.waitFor({ state: 'detached' });
    }
    await page.getByText('Nothing here yet.').waitFor();

    for (const [unit, name, objective] of [['North', 'Open two markets', 'Grow exports'], ['South', 'Export academy', 'Grow exports']]) {
      await page.goto(`${server.url}/app/strategy-execution/annual-initiatives/add`);
      await page.locator('[data-screen=form][data-entity=annual-initiative]').waitFor();
      await pick(page, 'annualObjectiveId', objective);
      await pick(page, 'businessUnitId', unit);
      await page.locator('#root_quarterIndex').selectOption({ label: 'Q1' });
      await fill({ name, target: '100' });
      await save();
      await page.waitForURL((u) => !u.pathname.endsWith('/annual-initiatives/add'));
    }
    const initiatives = (await api(server, `annual-initiative?executionPlanId=${annualPlanId}&sort=name`, undefined, token)).list;
    expect(initiatives.map((i: { name: string }) => i.name)).toEqual(['Export academy', 'Open two markets']);
    await snap(page, 'strategy-02-initiatives');
  });

  it('moves an initiative through a review cycle and accepts the review; the strategy map colours its objective', async () => {
    await page.goto(`${server.url}/app/strategy-execution/performance-review-cycles/add`);
    await page.locator('[data-screen=form][data-entity=performance-review-cycle]').waitFor();
    await pick(page, 'executionPlanId', 'FY 2027');
    await fill({ name: 'Q1 review', startDate: '2027-04-01', endDate: '2027-04-15' });
    await save();
    await page.waitForURL((u) => !u.pathname.endsWith('/performance-review-cycles/add'));

    // before any review is accepted the objective is not scored
    await page.goto(`${server.url}/app/strategy-management/strategic-plan/${planId}/map`);
    await page.locator('[data-screen=strategy-map] canvas').first().waitFor();
    expect(await objectiveColour('Grow exports')).toBe(UNSCORED);
    await snap(page, 'strategy-03-map-before');

    await page.goto(`${server.url}/app/strategy-execution/performance-reviews/set`);
    await page.locator('[data-screen=form][data-entity=performance-review]').waitFor();
    await pick(page, 'performanceReviewCycleId', 'Q1 review');
    await pick(page, 'annualInitiativeId', 'Open two markets');
    await fill({ actual: '95', comment: 'Two markets opened, one late' });
    await save();
    await page.waitForURL('**/app/strategy-execution/performance-reviews**');
    await page.getByRole('link', { name: /^Edit/ }).first().click();
    await page.getByTestId('workflow-state').filter({ hasText: 'Draft' }).waitFor();
    await page.getByTestId('workflow').getByRole('button', { name: 'Submit' }).click();
    await page.getByTestId('workflow-state').filter({ hasText: 'Submitted' }).waitFor();
    await page.getByTestId('workflow').getByRole('button', { name: 'Accept' }).click();
    await page.getByTestId('workflow-state').filter({ hasText: 'Accepted' }).waitFor();
    const [review] = (await api(server, 'performance-review', undefined, token)).list;
    expect(review).toMatchObject({ status: 'Accepted', target: 100, actual: 95, percent: 95 });

    await page.goto(`${server.url}/app/strategy-management/strategic-plan/${planId}/map`);
    await page.locator('[data-screen=strategy-map] canvas').first().waitFor();
    const after = await objectiveColour('Grow exports');
    expect(after).not.toBe(UNSCORED);
    // 95 % falls in band 3 (80–99 %) of the default scale
    const row = page.locator('tr[data-node^="objective:"]', { hasText: 'Grow exports' });
    expect(await row.getAttribute('data-score')).toBe('3');
    expect(await objectiveColour('Build skills')).toBe(UNSCORED);
    await snap(page, 'strategy-04-map-after');

    // click-through: the objective opens for editing
    await row.getByRole('link', { name: 'Grow exports' }).click();
    await page.waitForURL(`**/strategic-plan/${planId}/objective/edit/*`);
    await expect(page.locator('#root_name').inputValue()).resolves.toBe('Grow exports');
  });
});
