import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { api, companyWithExecutive, employeeWithPassword } from './support/api-setup.ts';
import { browserSkipReason, launchChromium } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server-process.ts';
import { signIn, snap } from './support/screens.ts';
import { isoDay } from '../support/iso-day.ts';

const skip = browserSkipReason();

/** Two areas of three KPIs; the Q1 actuals an employee enters, and the score each gets on the default bands (59, 79, 99, 119, 1000). */
const AREAS = [
  {
    name: 'Customers',
    kpis: [
      {
        name: 'Satisfaction',
        type: 'Quantitative',
        option: 'ASC',
        weight: '20',
        target: '100',
        actual: '85',
        score: 3,
      }, // 85 %
      { name: 'Complaints', type: 'Quantitative', option: 'DESC', weight: '20', target: '10', actual: '8', score: 5 }, // 10 ÷ 8 = 125 %
      { name: 'Service culture', type: 'Qualitative', option: 'ASC', weight: '10', target: '', manual: '4', score: 4 },
    ],
  },
  {
    name: 'Finance',
    kpis: [
      { name: 'Revenue', type: 'Quantitative', option: 'ASC', weight: '20', target: '200', actual: '250', score: 5 }, // 125 %
      { name: 'Margin', type: 'Quantitative', option: 'ASC', weight: '20', target: '50', actual: '20', score: 1 }, // 40 %
      {
        name: 'Cost savings',
        type: 'Quantitative',
        option: 'ASC',
        weight: '10',
        target: '1000',
        actual: '1000',
        score: 4,
      }, // 100 %
    ],
  },
];
// by hand: (3·20 + 5·20 + 4·10 + 5·20 + 1·20 + 4·10) ÷ 100 = 360 ÷ 100
const TOTAL = '3.6';

describe.skipIf(skip)('the scorecard editor: build, cascade, enter actuals', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let exec: { email: string; password: string };
  const emma = { email: 'emma@scoreline.example', password: 'emma-pass-12' };
  let scorecardId: number;
  let annualPlanId: number;

  beforeAll(async () => {
    server = await startServer();
    const company = await companyWithExecutive(server, 'Scoreline', 'exec-pass-12', ['strategic', 'performance']);
    exec = { email: company.email, password: company.password };
    const token = (await api(server, 'auth/login', exec)).user.token;
    await employeeWithPassword(server, token, { ...emma, firstName: 'Emma', lastName: 'Ployee' });
    const strategic = (
      await api(
        server,
        'strategic-plan/add',
        { description: 'Vision', startDate: isoDay(-400), endDate: isoDay(2000) },
        token,
      )
    ).strategic;
    annualPlanId = (
      await api(
        server,
        'annual-plan/add',
        { name: 'FY', strategicPlanId: strategic.id, startDate: isoDay(-10), endDate: isoDay(354) },
        token,
      )
    ).annualPlan.id;
    const [q1] = (await api(server, `quarter?annualPlanId=${annualPlanId}&sort=quarterIndex`, undefined, token)).list;
    await api(
      server,
      'quarter/update-assessment',
      { id: q1.id, version: q1.version, assessmentStartDate: isoDay(0), assessmentEndDate: isoDay(0) },
      token,
    );
    scorecardId = (
      await api(
        server,
        'performance-scorecard/add',
        { name: 'Company FY', level: 'corporate', annualPlanId, includeKeyPerformanceArea: 'Yes' },
        token,
      )
    ).scorecard.id;
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1500, height: 1000 } });
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('builds two key performance areas of three KPIs, with the weight left shown as it is typed', async () => {
    await signIn(page, server.url, exec.email, exec.password);
    await page.goto(`${server.url}/app/my-inbox/annual-corporate-scorecards/edit?id=${scorecardId}`);
    await page.locator('[data-screen=scorecard-editor]').waitFor();
    const addArea = page.getByRole('button', { name: 'Add key performance area' });
    for (const [i, area] of AREAS.entries()) {
      await addArea.click();
      const card = page.locator('.card[data-area]').nth(i);
      await card.getByLabel('Key performance area').fill(area.name);
      for (const [j, kpi] of area.kpis.entries()) {
        await card.getByRole('button', { name: 'Add KPI' }).click();
        const row = card.locator('tbody tr').nth(j);
        await row.getByLabel('Name').fill(kpi.name);
        await row.getByLabel('KPI type').selectOption(kpi.type);
        // a direction only where an actual is compared with a target: a qualitative KPI is rated by hand
        if (kpi.type === 'Quantitative') await row.getByLabel('Direction').selectOption(kpi.option);
        else expect(await row.getByLabel('Direction').count()).toBe(0);
        await row.getByLabel('Weight').fill(kpi.weight);
        if (kpi.target) await row.getByLabel('Target', { exact: true }).fill(kpi.target);
        if (i === 0 && j === 0)
          await expect.poll(() => page.locator('[data-remaining]').getAttribute('data-remaining')).toBe('80');
      }
    }
    await expect.poll(() => page.locator('[data-remaining]').getAttribute('data-remaining')).toBe('0');
    await snap(page, 'scorecard-01-built');
    await page.getByRole('button', { name: 'Save KPIs' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
    const saved = (
      await api(
        server,
        `performance-scorecard/${scorecardId}`,
        undefined,
        (
          await api(server, 'auth/login', exec)
        ).user.token,
      )
    ).scorecard;
    expect(
      saved.keyPerformanceAreaList.map((a: { name: string; kpiList: { name: string }[] }) => [
        a.name,
        a.kpiList.map((k) => k.name),
      ]),
    ).toEqual(AREAS.map((a) => [a.name, a.kpis.map((k) => k.name)]));
  });

  it('cascades it to an employee', async () => {
    await page.locator('#cascade-to').selectOption({ label: 'Emma Ployee' });
    await page.getByRole('button', { name: 'Cascade', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Cascaded to 1' }).waitFor();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL('**/app/sessions/signIn');
  });

  it('the employee enters Q1 actuals and sees each score and the weighted total a hand calculation gives', async () => {
    // a hand rating is the supervisor's or a module admin's (rate-kpis), not the employee's: the admin rates it
    const execToken = (await api(server, 'auth/login', exec)).user.token;
    const emmaToken = (await api(server, 'auth/login', emma)).user.token;
    const card = (await api(server, 'performance-scorecard?level=employee&limit=1', undefined, execToken)).list[0] as {
      id: number;
    };
    const kpiIds = Object.fromEntries(
      (await api(server, `performance-kpi?scorecardId=${card.id}&limit=100`, undefined, execToken)).list.map(
        (k: { name: string; id: number }) => [k.name, k.id],
      ),
    );
    const ratings = AREAS.flatMap((a) => a.kpis)
      .filter((k) => k.manual)
      .map((k) => ({ kpiId: kpiIds[k.name], manualRatingScore: Number(k.manual) }));
    await api(server, 'performance-scorecard/rate-kpis', { id: card.id, quarter: 0, ratings }, execToken);
    expect(
      (await api(server, `performance-scorecard/${card.id}`, undefined, emmaToken)).scorecard._allowed.commands,
    ).not.toContain('rate-kpis');
    await signIn(page, server.url, emma.email, emma.password);
    await page.goto(`${server.url}/app/my-inbox/annual-employee-scorecards/scorecards`);
    await page.getByRole('gridcell', { name: 'Company FY', exact: true }).waitFor();
    await page.getByRole('link', { name: /Edit/ }).first().click();
    await page.locator('[data-screen=scorecard-editor]').waitFor();
    for (const area of AREAS)
      for (const kpi of area.kpis) {
        const row = page.locator(`tr[data-kpi="${kpi.name}"]`);
        if (kpi.actual) await row.getByLabel('Actual Q1').fill(kpi.actual);
        // the supervisor's rating, shown to her read-only
        if (kpi.manual) await expect.poll(() => row.getByLabel('Manual rating score').inputValue()).toBe(kpi.manual);
        await expect.poll(() => row.getByLabel('Manual rating score').isDisabled()).toBe(true);
        await expect.poll(() => row.locator('[data-score]').getAttribute('data-score')).toBe(String(kpi.score));
      }
    await expect.poll(() => page.locator('[data-total]').getAttribute('data-total')).toBe(TOTAL);
    await snap(page, 'scorecard-02-actuals');
    const offered = () => page.locator('main button').allInnerTexts();
    const before = await offered();
    await page.getByRole('button', { name: 'Save Q1 actuals' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
    // the same controls after the save as before it: none the employee may not use appears
    await expect.poll(offered).toEqual(before);
    await page.reload();
    await page.locator('[data-screen=scorecard-editor]').waitFor();
    await expect.poll(() => page.locator('[data-total]').getAttribute('data-total')).toBe(TOTAL);
    // the total as a German reads it
    await page.selectOption('#language', 'de');
    await page.locator('[data-total]').filter({ hasText: 'Gewichtetes Gesamtergebnis: 3,6' }).waitFor();
    await snap(page, 'scorecard-03-total-german');
    await page.selectOption('#language', 'en');
    const token = (await api(server, 'auth/login', emma)).user.token;
    const report = (
      await api(
        server,
        `performance-scorecard/scores?annualPlanId=${annualPlanId}&quarter=0&level=employee`,
        undefined,
        token,
      )
    ).scores;
    expect(report.rows.map((r: { employeeName: string; total: number }) => [r.employeeName, r.total])).toEqual([
      ['Emma Ployee', Number(TOTAL)],
    ]);
  });

  it("offers a quarter's actuals save only inside its window: Q4's is not set, so no button and its inputs stay closed", async () => {
    await page.locator('#quarter').selectOption('3');
    await page
      .locator('[data-actuals-window=closed]')
      .filter({ hasText: "Q4 actuals cannot be entered yet: the quarter's assessment window is not set" })
      .waitFor();
    expect(await page.getByRole('button', { name: /Save Q4 actuals/ }).count()).toBe(0);
    await expect
      .poll(() => page.locator('tr[data-kpi="Satisfaction"]').getByLabel('Actual Q4').isDisabled())
      .toBe(true);
    await page.selectOption('#language', 'bn');
    await page.locator('[data-actuals-window=closed]').filter({ hasText: 'মূল্যায়নের সময়সীমা ঠিক করা হয়নি' }).waitFor();
    await snap(page, 'scorecard-05-q4-closed-bn');
    await page.selectOption('#language', 'en');
    await snap(page, 'scorecard-05-q4-closed-en');
    // back in Q1, whose window is today, the save is offered again
    await page.locator('#quarter').selectOption('0');
    await page.getByRole('button', { name: 'Save Q1 actuals' }).waitFor();
  });

  it('keeps the KPI columns readable at 1440 × 900 in English, Bengali and German: no column cut, names wrap', async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${server.url}/app/my-inbox/annual-employee-scorecards/scorecards`);
    await page.getByRole('link', { name: /Edit/ }).first().click();
    await page.locator('[data-screen=scorecard-editor]').waitFor();
    for (const language of ['en', 'bn', 'de'] as const) {
      await page.selectOption('#language', language);
      await page.locator('tr[data-kpi="Service culture"]').waitFor();
      await snap(page, `scorecard-04-columns-${language}`);
      for (const card of await page.locator('.card[data-area]').all()) {
        // the table fits its card: nothing to scroll sideways to, nothing cut
        const [scroll, client] = await card.evaluate((e) => [e.scrollWidth, e.clientWidth]);
        expect(scroll, `${language}: the KPI table is wider than its card`).toBeLessThanOrEqual(client);
      }
      // measured once the table drawn in the new language has settled (a redraw replaces the field)
      const name = page.locator('tr[data-kpi="Service culture"] textarea');
      await expect
        .poll(async () => (await name.boundingBox())?.width ?? 0, { message: `${language}: the KPI name has room` })
        .toBeGreaterThanOrEqual(180);
    }
    await page.selectOption('#language', 'en');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL('**/app/sessions/signIn');
  });

  it('saves a half-built scorecard as it is, and says what approval still asks for; approving it is refused with the same', async () => {
    await signIn(page, server.url, exec.email, exec.password);
    const token = (await api(server, 'auth/login', exec)).user.token;
    const half = (
      await api(
        server,
        'performance-scorecard/add',
        { name: 'Half FY', level: 'corporate', annualPlanId, includeKeyPerformanceArea: 'Yes' },
        token,
      )
    ).scorecard.id;
    await page.goto(`${server.url}/app/my-inbox/annual-corporate-scorecards/edit?id=${half}`);
    await page.locator('[data-screen=scorecard-editor]').waitFor();
    await page.getByRole('button', { name: 'Add key performance area' }).click();
    const growth = page.locator('.card[data-area]').nth(0);
    await growth.getByLabel('Key performance area').fill('Growth');
    await growth.getByRole('button', { name: 'Add KPI' }).click();
    await growth.getByLabel('Name').fill('Revenue');
    await growth.getByLabel('Weight').fill('20.5');
    await page.getByRole('button', { name: 'Add key performance area' }).click();
    await page.locator('.card[data-area]').nth(1).getByLabel('Key performance area').fill('People');
    const gaps = page.getByTestId('approval-gaps');
    const expected = [
      'the key performance area “People” has no KPI',
      'the KPI “Revenue” has no target',
      'the KPI weights total 20.5 instead of 100',
    ];
    await expect.poll(() => gaps.locator('li').allInnerTexts()).toEqual(expected);
    await page.getByRole('button', { name: 'Save KPIs' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
    await page.reload();
    await page.locator('.card[data-area="People"]').waitFor();
    await expect.poll(() => gaps.locator('li').allInnerTexts()).toEqual(expected);
    await snap(page, 'scorecard-05-half-built');
    await page.getByRole('button', { name: 'Approve', exact: true }).click();
    await page
      .getByRole('dialog')
      .filter({ hasText: 'This scorecard cannot be approved yet: the key performance area “People” has no KPI' })
      .waitFor();
    await snap(page, 'scorecard-06-approve-refused');
    await page.getByRole('dialog').getByRole('button').first().click();
    await page.selectOption('#language', 'de');
    await gaps.getByText('die KPI-Gewichtungen ergeben 20,5 statt 100').waitFor();
    await snap(page, 'scorecard-07-half-built-german');
    await page.selectOption('#language', 'en');
    const stored = (await api(server, `performance-scorecard/${half}`, undefined, token)).scorecard;
    expect(stored.status).toBe('Draft');
    expect(
      stored.keyPerformanceAreaList.map((a: { name: string; kpiList: unknown[] }) => [a.name, a.kpiList.length]),
    ).toEqual([
      ['Growth', 1],
      ['People', 0],
    ]);
  });

  it('opens on the quarter we are in: Q3 of a plan that began seven months ago', async () => {
    const token = (await api(server, 'auth/login', exec)).user.token;
    const strategic = (await api(server, 'strategic-plan?limit=1', undefined, token)).list[0];
    const older = (
      await api(
        server,
        'annual-plan/add',
        { name: 'FY older', strategicPlanId: strategic.id, startDate: isoDay(-200), endDate: isoDay(165) },
        token,
      )
    ).annualPlan.id;
    const card = (
      await api(
        server,
        'performance-scorecard/add',
        { name: 'Older FY', level: 'corporate', annualPlanId: older, includeKeyPerformanceArea: 'No' },
        token,
      )
    ).scorecard.id;
    await page.goto(`${server.url}/app/my-inbox/annual-corporate-scorecards/edit?id=${card}`);
    await expect.poll(() => page.locator('[data-screen=scorecard-editor]').getAttribute('data-quarter')).toBe('2');
    expect(await page.locator('#quarter').inputValue()).toBe('2');
    await page.getByRole('button', { name: 'Add KPI' }).click();
    await page.getByLabel('Actual Q3').waitFor();
    await snap(page, 'scorecard-08-current-quarter');
  });
});
