import { afterAll, beforeAll, describe, expect } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { api } from './support/api-setup.ts';
import { browserSkipReason, launchChromium } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server-process.ts';
import { snap } from './support/screens.ts';
import { journeySteps, signedIn } from './support/journey.ts';

const skip = browserSkipReason();
const PASSWORD = 'stratum-demo';
const person = (name: string) => ({ email: `${name}@padma.example`, password: PASSWORD });

/**
 * The performance findings of a walk on the demo data (issue 26), walked again by clicks as the same people: Farzana
 * (module administrator) resolves Nusrat's dispute in a plan without QA members; the assessment keeps Nusrat's and
 * Tanvir's comments apart; the annual plan lists its quarters by name and dates; the progress reports take a month of
 * the plan from a choice and show figures; Tanvir's dashboard link opens the month he owes; Nusrat's annual agreement
 * says it waits for Q1's window; the scorecard's History names its KPIs; QA's screen is in Bengali digits. The API
 * only arranges the review up to the dispute. Screens in English and Bengali go to test-artifacts/e2e/walk-*.png.
 */
describe.skipIf(skip)('performance walk findings, on the demo data, by clicks', () => {
  let server: RunningServer;
  let browser: Browser;
  const pages: Record<string, Page> = {};
  const token: Record<string, string> = {};
  let assessmentId: number;
  let scorecardId: number;
  let agreementId: number;
  const step = journeySteps('walk', pages, 180_000);

  const as = async (who: string, name: string) =>
    (pages[who] ??= await signedIn(browser, server.url, person(name), { width: 1440, height: 900 }));
  const language = async (page: Page, lang: 'en' | 'bn') => {
    await page.selectOption('#language', lang);
    await page.locator(`html[lang=${lang}]`).waitFor({ state: 'attached' });
  };

  beforeAll(async () => {
    // the demo at the start of its cycle: this walk arranges Nusrat's review itself, with no QA member on the plan
    server = await startServer({ DEMO: '1', DEMO_JOURNEYS: '0' });
    browser = await launchChromium();
    for (const [who, name] of [
      ['farzana', 'farzana.rahman'],
      ['tanvir', 'tanvir.ahmed'],
      ['nusrat', 'nusrat.jahan'],
    ])
      token[who] = (await api(server, 'auth/login', person(name))).user.token;
    // Nusrat's scorecard approved by Tanvir and accepted; this quarter's assessment window open; her assessment
    // self-assessed with a comment, assessed by Tanvir with his, and disputed by her
    const nusrat = (await api(server, 'employee?email=nusrat.jahan@padma.example', undefined, token.farzana)).list[0];
    const card = (await api(server, `performance-scorecard?employeeId=${nusrat.id}`, undefined, token.farzana)).list[0];
    scorecardId = card.id;
    await api(server, 'performance-scorecard/approve', { id: card.id }, token.tanvir);
    await api(server, 'performance-scorecard/accept', { id: card.id }, token.nusrat);
    agreementId = (await api(server, 'performance-agreement/add', { scorecardId: card.id }, token.farzana)).agreement
      .id;
    const quarterIndex = Math.floor(new Date().getUTCMonth() / 3);
    const today = new Date().toISOString().slice(0, 10);
    const q = (
      await api(
        server,
        `quarter?annualPlanId=${card.annualPlanId}&quarterIndex=${quarterIndex}`,
        undefined,
        token.farzana,
      )
    ).list[0];
    await api(
      server,
      'quarter/update-assessment',
      { id: q.id, version: q.version, assessmentStartDate: today, assessmentEndDate: q.endDate },
      token.farzana,
    );
    assessmentId = (
      await api(server, 'performance-assessment/add', { scorecardId: card.id, quarterIndex }, token.tanvir)
    ).assessment.id;
    const kpis = (await api(server, `performance-kpi?scorecardId=${card.id}`, undefined, token.farzana)).list as {
      id: number;
      name: string;
    }[];
    await api(
      server,
      'performance-assessment/save-scores',
      {
        id: assessmentId,
        scores: kpis.map((k) => ({ kpiId: k.id, selfScore: 4, comment: `Mine: ${k.name} went well` })),
      },
      token.nusrat,
    );
    await api(server, 'performance-assessment/submit-self-assessment', { id: assessmentId }, token.nusrat);
    await api(
      server,
      'performance-assessment/save-scores',
      { id: assessmentId, scores: kpis.map((k) => ({ kpiId: k.id, supervisorComment: `Tanvir: ${k.name} slipped` })) },
      token.tanvir,
    );
    await api(server, 'performance-assessment/assess', { id: assessmentId }, token.tanvir);
    await api(server, 'performance-assessment/dispute', { id: assessmentId, disputedNote: 'Too low' }, token.nusrat);
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  step('Nusrat sees her comment and Tanvir’s side by side, neither overwritten', async () => {
    const page = await as('nusrat', 'nusrat.jahan');
    await page.goto(`${server.url}/app/performance/assessments/edit?id=${assessmentId}`);
    const scores = page.getByTestId('assessment-scores');
    await scores.getByRole('columnheader', { name: "Employee's comment" }).waitFor();
    await scores.getByRole('columnheader', { name: "Supervisor's comment" }).waitFor();
    await scores.getByText('Mine: Output against plan went well').waitFor();
    await scores.getByText('Tanvir: Output against plan slipped').waitFor();
    await snap(page, 'walk-01-comments-en');
    await language(page, 'bn');
    await scores.getByRole('columnheader', { name: 'কর্মীর মন্তব্য' }).waitFor();
    await snap(page, 'walk-01-comments-bn');
    await language(page, 'en');
  });

  step('the dispute is the administrator’s task, and Tanvir’s screen says whose turn it is', async () => {
    const tanvir = await as('tanvir', 'tanvir.ahmed');
    await tanvir.goto(`${server.url}/app/performance/assessments/edit?id=${assessmentId}`);
    await tanvir.getByTestId('workflow-state').getByText('Disputed').waitFor();
    await expect
      .poll(() => tanvir.getByTestId('workflow-next').textContent())
      .toBe(
        'Next step: “Resolve as administrator: keep the assessment” or “Resolve as administrator: send back for reassessment”, which an employee with admin access to the module “Performance management” takes',
      );
    await snap(tanvir, 'walk-02a-disputed-whose-turn-en');
    const page = await as('farzana', 'farzana.rahman');
    await page.goto(`${server.url}/app/dashboard/main`);
    const waiting = page.locator('.tile[data-action=myTasks] a[data-action=assessmentsWaiting]');
    await expect.poll(() => waiting.textContent()).toMatch(/: [1-9]/);
    await snap(page, 'walk-02b-farzana-my-tasks-en');
    await waiting.click();
    await page.locator('.ag-row', { hasText: 'Nusrat' }).first().waitFor();
    await page.locator('.ag-row', { hasText: 'Nusrat' }).locator('a', { hasText: 'Edit' }).first().click();
    await page
      .getByTestId('workflow')
      .getByRole('button', { name: 'Resolve as administrator: keep the assessment' })
      .waitFor();
  });

  step('Farzana resolves the dispute as administrator (no QA member), and the History names her', async () => {
    const page = await as('farzana', 'farzana.rahman');
    await page.goto(`${server.url}/app/performance/assessments/edit?id=${assessmentId}`);
    const workflow = page.getByTestId('workflow');
    await workflow.getByRole('button', { name: 'Resolve as administrator: keep the assessment' }).click();
    await page.getByLabel('Resolution of the dispute').fill('The rating stands: the output figures are on record');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => workflow.getByTestId('workflow-state').textContent()).toBe('Completed');
    await page.getByTestId('record-history').locator('summary').click();
    const latest = page.getByTestId('history-entry').first();
    await latest.getByText('Farzana Rahman').waitFor();
    await latest.getByText('Resolve as administrator: keep the assessment').waitFor();
    // the KPI scores' writes are the assessment's history too, each by its KPI's name
    await page
      .getByTestId('history-child')
      .filter({ hasText: 'KPI assessment “Output against plan”' })
      .first()
      .waitFor();
    await snap(page, 'walk-02-dispute-resolved-en');
    // the parties get no such button: Nusrat's screen shows the state alone
    const nusrat = pages.nusrat!;
    await nusrat.reload();
    await nusrat.getByTestId('workflow-state').getByText('Completed').waitFor();
    expect(await nusrat.getByRole('button', { name: /Resolve as administrator/ }).count()).toBe(0);
    await language(page, 'bn');
    await page.getByTestId('workflow-state').getByText('সম্পন্ন', { exact: false }).waitFor();
    await snap(page, 'walk-02-dispute-resolved-bn');
    await language(page, 'en');
  });

  step('the annual plan lists its quarters by name and dates', async () => {
    const page = pages.farzana!;
    await page.goto(`${server.url}/app/annual/list`);
    await page
      .getByRole('gridcell', { name: /^FY\d{4}$/ })
      .first()
      .waitFor();
    await page.locator('.ag-row a', { hasText: 'Edit' }).first().click();
    const quarters = page.getByTestId('children-quarterList');
    const year = new Date().getUTCFullYear();
    await quarters.getByRole('link', { name: `Q1 · 01/01/${year} · 31/03/${year}` }).waitFor();
    await quarters.getByRole('link', { name: `Q4 · 01/10/${year} · 31/12/${year}` }).waitFor();
    await snap(page, 'walk-03-annual-plan-quarters-en');
    await language(page, 'bn');
    await quarters.getByRole('link', { name: /^১ম প্রান্তিক · ০১\/০১\// }).waitFor();
    await snap(page, 'walk-03-annual-plan-quarters-bn');
    await language(page, 'en');
  });

  step(
    'the company monthly progress report takes a month of the plan from a choice and shows its figures',
    async () => {
      const page = pages.farzana!;
      const month = new Date(Date.UTC(new Date().getUTCFullYear(), 0, 1));
      const january = new Intl.DateTimeFormat('en', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(month);
      await page.goto(`${server.url}/app/reports/monthly-progress/company-progresses`);
      const choice = page.locator('#root_month');
      await choice.locator('option', { hasText: january }).waitFor({ state: 'attached' });
      await choice.selectOption({ label: january });
      await page.getByRole('button', { name: 'Show report' }).click();
      const table = page.locator('table.report-table');
      await table.getByRole('cell', { name: 'Revenue growth' }).waitFor();
      // every row is of the month chosen
      const months = await table.locator('tbody tr td:first-child').allTextContents();
      expect(months.length).toBe(2);
      expect(new Set(months)).toEqual(new Set([january]));
      await snap(page, 'walk-04-company-progress-report-en');
      await language(page, 'bn');
      await table.getByRole('cell', { name: 'Revenue growth' }).waitFor();
      await snap(page, 'walk-04-company-progress-report-bn');
      await language(page, 'en');
      await page.goto(`${server.url}/app/reports/monthly-progress/organizational-progresses`);
      await page.locator('#root_month option', { hasText: january }).waitFor({ state: 'attached' });
      await page.locator('#root_month').selectOption({ label: january });
      await page.getByRole('button', { name: 'Show report' }).click();
      await page.locator('table.report-table').getByRole('cell', { name: 'Spinning' }).first().waitFor();
      await language(page, 'bn');
      const januaryBn = new Intl.DateTimeFormat('bn', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
        month,
      );
      await page.locator('#root_month option', { hasText: januaryBn }).waitFor({ state: 'attached' });
      await snap(page, 'walk-04-organisational-progress-report-bn');
      await language(page, 'en');
    },
  );

  step('Tanvir’s dashboard link opens the month he owes progress for', async () => {
    const page = await as('tanvir', 'tanvir.ahmed');
    await page.goto(`${server.url}/app/dashboard/main`);
    await page.locator('a[data-action=monthlyProgressDue]', { hasText: 'Monthly progress to report: 1' }).click();
    await page.waitForURL(/employee-progresses\?annualPlanId=\d+&periodId=\d+/);
    const thisMonth = new Intl.DateTimeFormat('en', { month: 'long', year: 'numeric' }).format(new Date());
    await expect
      .poll(async () => (await page.getByTestId('progress-month').locator('option:checked').textContent())?.trim())
      .toBe(thisMonth);
    await page.getByLabel('Actual Output against plan').waitFor();
    await snap(page, 'walk-05-dashboard-monthly-progress-en');
    await language(page, 'bn');
    const thisMonthBn = new Intl.DateTimeFormat('bn', { month: 'long', year: 'numeric' }).format(new Date());
    await expect
      .poll(async () => (await page.getByTestId('progress-month').locator('option:checked').textContent())?.trim())
      .toBe(thisMonthBn);
    await snap(page, 'walk-05-dashboard-monthly-progress-bn');
    await language(page, 'en');
  });

  step('Nusrat’s annual agreement is made in the quarter running today, and says so', async () => {
    const page = pages.nusrat!;
    const running = Math.floor(new Date().getMonth() / 3);
    await page.goto(`${server.url}/app/performance/agreements/edit?id=${agreementId}`);
    await expect.poll(() => page.locator('#root_windowQuarterIndex').inputValue()).toBe(String(running));
    // its window open (the step offered) or not (the screen names the quarter whose window it waits for)
    const workflow = page.getByTestId('workflow');
    await expect
      .poll(
        async () =>
          (await workflow.getByRole('button', { name: 'Agree' }).count()) +
          (await workflow.getByText(`the window of Q${running + 1}`, { exact: false }).count()),
      )
      .toBeGreaterThan(0);
    if (running > 0) expect(await workflow.getByText('the window of Q1', { exact: false }).count()).toBe(0);
    await snap(page, 'walk-06-agreement-window-en');
  });

  step('the scorecard’s History names the KPIs written', async () => {
    const page = pages.farzana!;
    await page.goto(`${server.url}/app/my-inbox/annual-employee-scorecards/edit-scorecard?id=${scorecardId}`);
    await page.getByTestId('record-history').locator('summary').click();
    await page.getByTestId('history-child').filter({ hasText: 'KPI “Output against plan”' }).first().waitFor();
    await page.getByTestId('history-child').filter({ hasText: 'KPI “Budget adherence”' }).first().waitFor();
    await snap(page, 'walk-07-scorecard-history-en');
    await language(page, 'bn');
    await page.getByTestId('history-child').filter({ hasText: 'কেপিআই “Output against plan”' }).first().waitFor();
    await snap(page, 'walk-07-scorecard-history-bn');
    await language(page, 'en');
  });

  step('QA’s screen in Bengali: its count in Bengali digits, no Latin quarter names', async () => {
    const page = pages.farzana!;
    await api(server, 'qa-member/add', { annualPlanId: 1, employeeId: 1, list: 'Scorecard' }, token.farzana).catch(
      () => undefined,
    );
    await language(page, 'bn');
    await page.goto(`${server.url}/app/performance/quality-assurance`);
    const count = page.getByTestId('qa-work-count');
    await count.waitFor();
    expect(await count.textContent()).toMatch(/^[০-৯]+$/);
    expect(await page.locator('[data-screen=quality-assurance-work]').textContent()).not.toMatch(/\bQ[1-4]\b/);
    await snap(page, 'walk-08-quality-assurance-bn');
    await language(page, 'en');
    await count.getByText(/^\d+$/).waitFor();
    await snap(page, 'walk-08-quality-assurance-en');
    // what is reviewed opens from its title
    await page.getByTestId('qa-subject').first().click();
    await page.waitForURL(/(edit-scorecard|assessments\/edit)\?id=\d+/);
    // the scorecard's own screen or the assessment's form, with its state
    await page.getByTestId('workflow-state').waitFor();
    await snap(page, 'walk-08b-quality-assurance-opened-en');
  });

  step('someone else’s scorecard says it is someone else’s, under its own title', async () => {
    const tanvir = (await api(server, 'employee?email=tanvir.ahmed@padma.example', undefined, token.farzana)).list[0];
    const card = (await api(server, `performance-scorecard?employeeId=${tanvir.id}`, undefined, token.farzana)).list[0];
    const page = await as('nusrat', 'nusrat.jahan');
    await page.goto(`${server.url}/app/my-inbox/annual-employee-scorecards/edit-scorecard?id=${card.id}`);
    await page.getByRole('heading', { name: 'This scorecard is not yours to open' }).waitFor();
    await page.getByText('This scorecard belongs to someone else.').waitFor();
    // one refusal: the page names who may read it, no dialog repeats it
    expect(await page.getByTestId('forbidden-why').textContent()).toMatch(/may read/);
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await page.getByText('belongs to another role').count()).toBe(0);
    await snap(page, 'walk-09-someone-elses-scorecard-en');
  });
});
