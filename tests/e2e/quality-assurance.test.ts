import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { api, companyWithExecutive, employeeWithPassword } from './support/api-setup.ts';
import { browserSkipReason, launchChromium } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server-process.ts';
import { signIn, snap } from './support/screens.ts';
import { isoDay } from '../support/iso-day.ts';

const skip = browserSkipReason();

describe.skipIf(skip)('quality assurance: two members review an assessment, the last one completes it', () => {
  let server: RunningServer;
  let browser: Browser;
  let token: string;
  let assessmentId: number;
  const people = {
    sam: { email: 'sam@qualiline.example', password: 'sam-pass-1234' },
    emma: { email: 'emma@qualiline.example', password: 'emma-pass-1234' },
    quinn: { email: 'quinn@qualiline.example', password: 'quinn-pass-1234' },
    rita: { email: 'rita@qualiline.example', password: 'rita-pass-1234' },
  };
  const tokens: Record<string, string> = {};

  /** An employee who has set a password through the reset mail, signed in through the API. */
  async function employee(who: keyof typeof people, firstName: string, lastName: string): Promise<number> {
    const id = await employeeWithPassword(server, token, { ...people[who], firstName, lastName });
    tokens[who] = (await api(server, 'auth/login', people[who])).user.token;
    return id;
  }

  beforeAll(async () => {
    server = await startServer();
    const company = await companyWithExecutive(server, 'Qualiline', 'exec-pass-12', ['strategic', 'performance']);
    token = (await api(server, 'auth/login', { email: company.email, password: company.password })).user.token;
    const id = {
      sam: await employee('sam', 'Sam', 'Super'),
      emma: await employee('emma', 'Emma', 'Ployee'),
      quinn: await employee('quinn', 'Quinn', 'Assure'),
      rita: await employee('rita', 'Rita', 'Review'),
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
    const plan = (
      await api(
        server,
        'annual-plan/add',
        { name: 'FY', strategicPlanId: strategic.id, startDate: isoDay(-10), endDate: isoDay(354) },
        token,
      )
    ).annualPlan;
    const q1 = (await api(server, `quarter?annualPlanId=${plan.id}&quarterIndex=0`, undefined, token)).list[0];
    await api(
      server,
      'quarter/update-assessment',
      { id: q1.id, version: q1.version, assessmentStartDate: isoDay(-1), assessmentEndDate: isoDay(5) },
      token,
    );
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
      { id: corporate.id, kpis: [{ name: 'Sales', kpiType: 'Qualitative', weight: 100, manualRatingScore: 3 }] },
      token,
    );
    const card = (
      await api(server, 'performance-scorecard/cascade', { id: corporate.id, employeeIds: [id.emma] }, token)
    ).list[0];
    assessmentId = (await api(server, 'performance-assessment/add', { scorecardId: card.id, quarterIndex: 0 }, token))
      .assessment.id;
    const [sales] = (await api(server, `performance-kpi?scorecardId=${card.id}`, undefined, token)).list;
    await api(
      server,
      'performance-assessment/save-scores',
      { id: assessmentId, scores: [{ kpiId: sales.id, selfScore: 3 }] },
      tokens.emma,
    );
    await api(server, 'performance-assessment/submit-self-assessment', { id: assessmentId }, tokens.emma);
    await api(server, 'performance-assessment/assess', { id: assessmentId }, tokens.sam);
    for (const who of ['quinn', 'rita'] as const)
      await api(server, 'qa-member/add', { annualPlanId: plan.id, list: 'Performance', employeeId: id[who] }, token);
    browser = await launchChromium();
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const workPage = async (who: keyof typeof people): Promise<Page> => {
    const page = await (await browser.newContext({ viewport: { width: 1400, height: 1000 } })).newPage();
    await signIn(page, server.url, people[who].email, people[who].password);
    await page.goto(`${server.url}/app/performance/quality-assurance`);
    return page;
  };
  const row = (page: Page) =>
    page.locator(`[data-screen=quality-assurance-work] tr[data-subject="Performance-${assessmentId}"]`);

  it('refers the assessment back with a reason, which the supervisor reads on it before he reassesses', async () => {
    const quinn = await workPage('quinn');
    await row(quinn).getByRole('button', { name: 'Add review' }).click();
    await quinn.getByLabel('Comment').fill('The sales score has no evidence attached');
    await quinn.getByRole('button', { name: 'Confirm' }).click();
    await row(quinn).getByText('1 of 2 reviewed').waitFor();
    await row(quinn).getByRole('button', { name: 'Refer back' }).click();
    await quinn.getByText('Your comment goes with it as the reason').waitFor();
    await quinn.getByRole('button', { name: 'Confirm' }).click();
    await quinn.getByText('Nothing is waiting for your review.').waitFor();
    // the supervisor opens the assessment from his list and reads why, beside its state
    const sam = await (await browser.newContext({ viewport: { width: 1400, height: 1000 } })).newPage();
    await signIn(sam, server.url, people.sam.email, people.sam.password);
    await sam.goto(`${server.url}/app/performance/employee-reviews`);
    await sam.locator('.ag-row', { hasText: 'Emma Ployee' }).getByRole('link').first().click();
    await sam.getByTestId('workflow-referredBackNote').getByText('The sales score has no evidence attached').waitFor();
    expect(await sam.getByTestId('workflow-referredBackNote').innerText()).toContain('Why QA referred it back');
    await snap(sam, 'quality-assurance-00-referred-back-en');
    await sam.selectOption('#language', 'bn');
    await sam.getByTestId('workflow-referredBackNote').getByText('কিউএ কেন ফেরত পাঠিয়েছে').waitFor();
    await snap(sam, 'quality-assurance-00-referred-back-bn');
    // the assessment's title names its quarter in the reader's words, in the list as on the trail
    await sam.goto(`${server.url}/app/performance/employee-reviews`);
    await sam.locator('.ag-row', { hasText: 'Company FY (১ম প্রান্তিক)' }).first().waitFor();
    expect(await sam.locator('.ag-row', { hasText: 'Company FY (Q1)' }).count()).toBe(0);
    await snap(sam, 'review-title-list-bn');
    await sam.selectOption('#language', 'en');
    await sam.locator('.ag-row', { hasText: 'Company FY (Q1)' }).first().waitFor();
    await snap(sam, 'review-title-list-en');
    await sam.locator('.ag-row', { hasText: 'Emma Ployee' }).getByRole('link').first().click();
    await sam.getByTestId('workflow-referredBackNote').waitFor();
    await sam.getByRole('button', { name: 'Reassess', exact: true }).click();
    await sam
      .getByRole('button', { name: 'Confirm' })
      .click()
      .catch(() => undefined);
    await expect
      .poll(
        async () => (await api(server, `performance-assessment/${assessmentId}`, undefined, token)).assessment.status,
      )
      .toBe('Assessed');
    expect(await sam.getByTestId('workflow-referredBackNote').count()).toBe(0);
  });

  it("words the assessment's title on the audit trail in the reader's language", async () => {
    const exec = await (await browser.newContext({ viewport: { width: 1400, height: 1000 } })).newPage();
    await signIn(exec, server.url, 'exec@qualiline.example', 'exec-pass-12');
    await exec.goto(`${server.url}/app/settings/audit-trail`);
    await exec.locator('input[type=search]').fill('Company FY');
    await exec.locator('.ag-row', { hasText: 'Company FY (Q1)' }).first().waitFor();
    await snap(exec, 'review-title-audit-trail-en');
    await exec.selectOption('#language', 'bn');
    await exec.locator('.ag-row', { hasText: 'Company FY (১ম প্রান্তিক)' }).first().waitFor();
    expect(await exec.locator('.ag-row', { hasText: 'Company FY (Q1)' }).count()).toBe(0);
    await snap(exec, 'review-title-audit-trail-bn');
  });

  it('shows the first member the assessment to review, and takes their review', async () => {
    const rita = await workPage('rita');
    await row(rita).getByText('Emma Ployee').waitFor();
    await row(rita).getByText('0 of 2 reviewed').waitFor();
    await row(rita).getByRole('button', { name: 'Add review' }).click();
    await rita.getByLabel('Comment').fill('Scores match the evidence');
    await rita.getByRole('button', { name: 'Confirm' }).click();
    await row(rita).getByText('1 of 2 reviewed').waitFor();
    // she is not the last reviewer, so she may recall or refer back, but not complete
    expect(await row(rita).getByRole('button', { name: 'Complete' }).count()).toBe(0);
    await row(rita).getByRole('button', { name: 'Recall' }).waitFor();
    await snap(rita, 'quality-assurance-01-reviewed');
  });

  it('marks the second member as the last reviewer, who completes the review and with it the assessment', async () => {
    const quinn = await workPage('quinn');
    await row(quinn).getByText('You are the last reviewer').waitFor();
    await row(quinn).getByRole('button', { name: 'Add review' }).click();
    await quinn.getByLabel('Comment').fill('Agreed');
    await quinn.getByRole('button', { name: 'Confirm' }).click();
    await row(quinn).getByText('2 of 2 reviewed').waitFor();
    await row(quinn).getByRole('button', { name: 'Complete' }).click();
    await quinn.getByRole('button', { name: 'Confirm' }).click();
    await quinn.getByText('Nothing is waiting for your review.').waitFor();
    expect((await api(server, `performance-assessment/${assessmentId}`, undefined, token)).assessment.status).toBe(
      'Completed',
    );
    await snap(quinn, 'quality-assurance-02-completed');
  });
});
