import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { api, companyWithExecutive, employeeWithPassword } from './support/api-setup.ts';
import { browserSkipReason, launchChromium } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server-process.ts';
import { signIn, snap } from './support/screens.ts';
import { isoDay } from '../support/iso-day.ts';

const skip = browserSkipReason();

/**
 * One whole performance cycle through the screens, each step by the person whose turn it is: the employee agrees the
 * scorecard, self-assesses; the supervisor assesses; the employee disputes; QA refers back; the supervisor
 * re-assesses; QA completes; and the performance curve counts the employee in the band of the final score.
 */
describe.skipIf(skip)('a performance cycle from agreement to the performance curve', () => {
  let server: RunningServer;
  let browser: Browser;
  let token: string;
  let planId: number;
  let agreementId: number;
  let assessmentId: number;
  const people = {
    exec: { email: '', password: 'exec-pass-12' },
    sam: { email: 'sam@cycleco.example', password: 'sam-pass-1234' },
    emma: { email: 'emma@cycleco.example', password: 'emma-pass-1234' },
    quinn: { email: 'quinn@cycleco.example', password: 'quinn-pass-1234' },
  };
  const pages: Partial<Record<keyof typeof people, Page>> = {};

  /** An employee who has set a password through the reset mail. */
  const employee = (who: 'sam' | 'emma' | 'quinn', firstName: string, lastName: string) =>
    employeeWithPassword(server, token, { ...people[who], firstName, lastName });

  beforeAll(async () => {
    server = await startServer();
    const company = await companyWithExecutive(server, 'Cycleco', people.exec.password, ['strategic', 'performance']);
    people.exec.email = company.email;
    token = (await api(server, 'auth/login', { email: company.email, password: company.password })).user.token;
    const id = {
      sam: await employee('sam', 'Sam', 'Super'),
      emma: await employee('emma', 'Emma', 'Ployee'),
      quinn: await employee('quinn', 'Quinn', 'Assure'),
    };
    const emma = (await api(server, `employee/${id.emma}`, undefined, token)).employee;
    await api(server, 'employee/update', { id: id.emma, version: emma.version, supervisorId: id.sam }, token);
    const strategic = (
      await api(
        server,
        'strategic-plan/add',
        { description: 'Vision 2030', startDate: isoDay(-400), endDate: isoDay(2000) },
        token,
      )
    ).strategic;
    // the plan started ten days ago: today lies in its first quarter, whose agreement and assessment windows are open
    const plan = (
      await api(
        server,
        'annual-plan/add',
        { name: 'FY Cycle', strategicPlanId: strategic.id, startDate: isoDay(-10), endDate: isoDay(354) },
        token,
      )
    ).annualPlan;
    planId = plan.id;
    const q1 = async () =>
      (await api(server, `quarter?annualPlanId=${plan.id}&quarterIndex=0`, undefined, token)).list[0];
    const before = await q1();
    await api(
      server,
      'quarter/update-agreement',
      { id: before.id, version: before.version, agreementStartDate: isoDay(-1), agreementEndDate: isoDay(20) },
      token,
    );
    const after = await q1();
    await api(
      server,
      'quarter/update-assessment',
      { id: after.id, version: after.version, assessmentStartDate: isoDay(-1), assessmentEndDate: isoDay(20) },
      token,
    );
    // Emma's scorecard cascades from the company's: one qualitative KPI, which her supervisor rates
    const corporate = (
      await api(
        server,
        'performance-scorecard/add',
        { name: 'Company FY', level: 'corporate', annualPlanId: plan.id, includeKeyPerformanceArea: 'No' },
        token,
      )
    ).scorecard;
    await api(
      server,
      'performance-scorecard/save-kpis',
      { id: corporate.id, kpis: [{ name: 'Customer satisfaction', kpiType: 'Qualitative', weight: 100 }] },
      token,
    );
    const card = (
      await api(server, 'performance-scorecard/cascade', { id: corporate.id, employeeIds: [id.emma] }, token)
    ).list[0];
    agreementId = (await api(server, 'performance-agreement/add', { scorecardId: card.id }, token)).agreement.id;
    assessmentId = (await api(server, 'performance-assessment/add', { scorecardId: card.id, quarterIndex: 0 }, token))
      .assessment.id;
    await api(server, 'qa-member/add', { annualPlanId: plan.id, list: 'Performance', employeeId: id.quinn }, token);
    browser = await launchChromium();
    for (const who of ['exec', 'sam', 'emma', 'quinn'] as const) {
      pages[who] = await (await browser.newContext({ viewport: { width: 1400, height: 1000 } })).newPage();
      await signIn(pages[who]!, server.url, people[who].email, people[who].password);
    }
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const status = async (what: 'agreement' | 'assessment') =>
    (await api(server, `performance-${what}/${what === 'agreement' ? agreementId : assessmentId}`, undefined, token))[
      what
    ].status as string;

  /** Opens the queue, finds the review waiting there, enters its scores if any, and takes the step its form offers. */
  async function stepFromQueue(
    page: Page,
    queue: string,
    action: string,
    answer?: { label: string; text: string },
    scores?: Record<string, string>,
  ) {
    await page.goto(`${server.url}${queue}`);
    const edit = page.locator('.ag-row a', { hasText: 'Edit' }).first();
    await edit.waitFor();
    await edit.click();
    const workflow = page.getByTestId('workflow');
    await workflow.waitFor();
    if (scores) {
      const panel = page.getByTestId('assessment-scores');
      for (const [label, value] of Object.entries(scores))
        await panel.getByLabel(`${label} Customer satisfaction`).fill(value);
      await panel.getByRole('button', { name: 'Save scores' }).click();
      await panel.getByRole('button', { name: 'Save scores' }).and(page.locator('[disabled]')).waitFor();
    }
    await workflow.getByRole('button', { name: action, exact: true }).click();
    if (answer) {
      await page.getByLabel(answer.label).fill(answer.text);
      await page.getByRole('button', { name: 'Confirm' }).click();
    }
    await workflow.getByRole('button', { name: action, exact: true }).waitFor({ state: 'detached' });
  }

  /** The QA member's work list: the assessment's row, and a step on it after writing a review. */
  async function qaStep(step: 'Refer back' | 'Complete') {
    const page = pages.quinn!;
    await page.goto(`${server.url}/app/performance/quality-assurance`);
    const row = page.locator(`[data-screen=quality-assurance-work] tr[data-subject="Performance-${assessmentId}"]`);
    await row.getByRole('button', { name: 'Add review' }).click();
    await page
      .getByLabel('Comment')
      .fill(step === 'Refer back' ? 'The score does not match the evidence' : 'Scores match the evidence');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await row.getByRole('button', { name: step }).click();
    await page.getByRole('button', { name: 'Confirm' }).click();
  }

  it("the supervisor's add form of an agreement offers no note another party writes (the employee's, the committee's)", async () => {
    const page = pages.sam!;
    await page.goto(`${server.url}/app/performance/agreements/add`);
    await page.locator('[data-screen=form][data-entity=performance-agreement]').waitFor();
    await page.locator('#root_scorecardId').waitFor();
    expect(await page.getByLabel('Personal note').count()).toBe(0);
    expect(await page.getByLabel('Corporate note').count()).toBe(0);
  });

  it('the employee agrees the scorecard from the agreement queue', async () => {
    await stepFromQueue(pages.emma!, '/app/my-inbox/performance-agreement-review/scorecards', 'Agree');
    expect(await status('agreement')).toBe('Agreed');
  });

  it('the employee self-assesses and the supervisor assesses from the assessment queue', async () => {
    await stepFromQueue(
      pages.emma!,
      '/app/my-inbox/performance-assessment-review/scorecards',
      'Submit self-assessment',
      undefined,
      { 'Self score': '5' },
    );
    expect(await status('assessment')).toBe('SelfAssessed');
    await stepFromQueue(pages.sam!, '/app/my-inbox/performance-assessment-review/scorecards', 'Assess', undefined, {
      'Manual rating score': '3',
    });
    expect(await status('assessment')).toBe('Assessed');
    // the totals follow the scores entered: Emma's own 5, Sam's 3
    await pages.sam!.getByTestId('final-score').getByText('3', { exact: true }).waitFor();
    expect((await api(server, `performance-assessment/${assessmentId}`, undefined, token)).assessment).toMatchObject({
      selfScore: 5,
      finalScore: 3,
    });
  });

  it('the employee disputes the assessment with a note', async () => {
    await stepFromQueue(pages.emma!, '/app/my-inbox/performance-assessment-review/scorecards', 'Dispute', {
      label: 'Dispute note',
      text: 'My customer survey results were left out',
    });
    expect(await status('assessment')).toBe('Disputed');
    await pages
      .emma!.getByTestId('workflow-disputedNote')
      .getByText('My customer survey results were left out')
      .waitFor();
    await snap(pages.emma!, 'performance-cycle-01-disputed');
  });

  it('QA refers the disputed assessment back, and the supervisor re-assesses', async () => {
    await qaStep('Refer back');
    await expect.poll(() => status('assessment')).toBe('ReferredBack');
    // Sam weighs the survey results in: 4 this time
    await stepFromQueue(pages.sam!, '/app/my-inbox/performance-assessment-review/scorecards', 'Reassess', undefined, {
      'Manual rating score': '4',
    });
    expect(await status('assessment')).toBe('Assessed');
  });

  it('QA completes the review, and the performance curve counts the employee in the band of the final score', async () => {
    await qaStep('Complete');
    await pages.quinn!.getByText('Nothing is waiting for your review.').waitFor();
    expect(await status('assessment')).toBe('Completed');
    const finalScore = (await api(server, `performance-assessment/${assessmentId}`, undefined, token)).assessment
      .finalScore;
    expect(finalScore).toBe(4);

    const page = pages.exec!;
    await page.goto(`${server.url}/app/reports/performance-curve-reports?annualPlanId=${planId}&quarterIndex=0`);
    const chart = page.getByTestId('report-chart');
    await chart.waitFor();
    // the chart's data: [band, employees] per band of the plan's rating scale; Emma alone, in the band rated 4
    const table = page.getByTestId('report-table');
    const rows = await table.locator('tbody tr').allInnerTexts();
    const reply = (
      await api(
        server,
        `performance-assessment/performance-curve?annualPlanId=${planId}&quarterIndex=0`,
        undefined,
        token,
      )
    ).report.list as { rating: number; employees: number }[];
    expect(reply.filter((b) => b.employees > 0)).toEqual([expect.objectContaining({ rating: 4, employees: 1 })]);
    expect(rows.length).toBe(reply.length);
    expect(rows[reply.findIndex((b) => b.rating === 4)]).toMatch(/\b1\b/);
    await snap(page, 'performance-cycle-02-curve');
  });

  it('the completed assessment opens read-only for the employee, and an administrator’s list offers no Delete; the agreed agreement keeps only its notes open', async () => {
    const page = pages.emma!;
    await page.goto(`${server.url}/app/my-inbox/employee-reviews/scorecards`);
    const open = page.locator('.ag-row a', { hasText: 'Open' });
    await open.first().waitFor();
    expect(await page.locator('.ag-row a', { hasText: 'Edit' }).count()).toBe(0);
    await open.first().click();
    await page.getByTestId('read-only').waitFor();
    await page.getByTestId('assessment-scores').getByTestId('final-score').getByText('4', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Save', exact: true }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Save scores' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    expect(await page.locator('#root_personalNote').isDisabled()).toBe(true);
    await snap(page, 'performance-cycle-03-completed-read-only');

    const admin = pages.exec!;
    await admin.goto(`${server.url}/app/performance/employee-reviews`);
    await admin.locator('.ag-row a', { hasText: 'Open' }).first().waitFor();
    expect(await admin.locator('.ag-row button', { hasText: 'Delete' }).count()).toBe(0);

    await page.goto(`${server.url}/app/performance/agreements/edit?id=${agreementId}`);
    await page
      .getByTestId('partly-open')
      .getByText('This record is Agreed: only the fields still open can be changed.')
      .waitFor();
    await page.getByRole('button', { name: 'Save', exact: true }).waitFor();
    expect(await page.locator('#root_type').isDisabled()).toBe(true);
    expect(await page.locator('#root_personalNote').isDisabled()).toBe(false);
    await snap(page, 'performance-cycle-04-agreed-notes-open');
  });
});
