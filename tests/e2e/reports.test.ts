import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { api, companyWithExecutive } from './support/api-setup.ts';
import { browserSkipReason, launchChromium } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server-process.ts';
import { signIn, snap } from './support/screens.ts';

const skip = browserSkipReason();

/**
 * The reports as a module admin uses them: the menu, a report opened on the plan with figures, a filter that changes the
 * figures and stays in the address, the chart and the table agreeing with the API, and the CSV export downloaded.
 */
describe.skipIf(skip)('reports: filters, chart, table and export', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let token: string;
  let planId: number;
  const unit: Record<string, number> = {};

  beforeAll(async () => {
    server = await startServer();
    const company = await companyWithExecutive(server, 'Reportline', 'exec-pass-12', ['strategic', 'performance']);
    token = (await api(server, 'auth/login', { email: company.email, password: company.password })).user.token;
    for (const name of ['Sales', 'Operations'])
      unit[name] = (await api(server, 'business-unit/add', { name }, token)).business_unit.id;
    const strategic = (
      await api(
        server,
        'strategic-plan/add',
        { description: 'Vision', startDate: '2026-01-01', endDate: '2030-12-31' },
        token,
      )
    ).strategic;
    // an older plan and a newer one, both empty: the report opens on the one with figures (annual-plan/current)
    await api(
      server,
      'annual-plan/add',
      { name: 'FY 2026', strategicPlanId: strategic.id, startDate: '2026-01-01', endDate: '2026-12-31' },
      token,
    );
    planId = (
      await api(
        server,
        'annual-plan/add',
        { name: 'FY 2027', strategicPlanId: strategic.id, startDate: '2027-01-01', endDate: '2027-12-31' },
        token,
      )
    ).annualPlan.id;
    // added last, so that neither the newest start nor the highest id picks the plan with figures
    await api(
      server,
      'annual-plan/add',
      { name: 'FY 2028', strategicPlanId: strategic.id, startDate: '2028-01-01', endDate: '2028-12-31' },
      token,
    );
    // Sales: two employees at 110 % and 85 % of target in Q1 (ratings 4 and 3); Operations: one at 50 % (rating 1)
    const people: [string, string, number][] = [
      ['Sally', 'Sales', 110],
      ['Sven', 'Sales', 85],
      ['Otto', 'Operations', 50],
    ];
    for (const [firstName, bu, actual1] of people) {
      const e = (
        await api(
          server,
          'employee/add',
          {
            firstName,
            lastName: 'Report',
            email: `${firstName.toLowerCase()}@reportline.example`,
            businessUnitId: unit[bu],
          },
          token,
        )
      ).employee;
      const card = (
        await api(
          server,
          'performance-scorecard/add',
          {
            name: `${firstName} FY`,
            level: 'employee',
            employeeId: e.id,
            annualPlanId: planId,
            includeKeyPerformanceArea: 'No',
          },
          token,
        )
      ).scorecard;
      await api(
        server,
        'performance-kpi/add',
        {
          scorecardId: card.id,
          name: 'Output',
          kpiType: 'Quantitative',
          optionType: 'ASC',
          weight: 100,
          target: 100,
          actual1,
          actual: actual1,
        },
        token,
      );
    }
    browser = await launchChromium();
    const context = await browser.newContext({ viewport: { width: 1400, height: 1000 }, acceptDownloads: true });
    page = await context.newPage();
    await signIn(page, server.url, company.email, company.password);
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('lists the reports in the menu and opens one on the plan with figures, not the newer empty one', async () => {
    await page.goto(`${server.url}/app/reports/main`);
    const menu = page.locator('[data-screen=report-index]');
    await menu.getByRole('link', { name: 'Performance curve' }).waitFor();
    await menu.getByRole('link', { name: 'Company performance', exact: true }).click();
    await page.waitForURL(new RegExp(`annualPlanId=${planId}`));
    await page.getByTestId('report-table').waitFor();
    // the day it was read, in words (DD MMMM YYYY)
    const today = new Intl.DateTimeFormat('en-GB', { day: '2-digit', month: 'long', year: 'numeric' }).format(
      new Date(),
    );
    expect(await page.getByTestId('report-as-of').innerText()).toBe(`As of ${today}`);
  });

  it('shows Q1 per business unit after choosing the quarter, in the chart and the table alike', async () => {
    await page.locator('#root_quarterIndex').selectOption({ label: 'Q1' });
    await page.getByRole('button', { name: 'Show report' }).click();
    await page.waitForURL(/quarterIndex=0/);
    const reply = (
      await api(
        server,
        `performance-scorecard/company-performance?annualPlanId=${planId}&quarterIndex=0`,
        undefined,
        token,
      )
    ).report.list;
    expect(reply.map((r: Record<string, unknown>) => [r.unit, r.scorecards, r.averageScore])).toEqual([
      ['Operations', 1, 1],
      ['Sales', 2, 3.5],
    ]);
    await expect
      .poll(async () => page.getByTestId('report-table').locator('tbody tr').allInnerTexts())
      .toEqual([expect.stringMatching(/^Operations\s+1\s+1\.00/), expect.stringMatching(/^Sales\s+2\s+3\.50/)]);
    const chart = JSON.parse((await page.getByTestId('report-chart').getAttribute('data-chart'))!);
    expect(chart).toEqual([
      ['Operations', 1, 1],
      ['Sales', 3.5, 3.5],
    ]);
    await snap(page, 'reports-01-company-performance');
  });

  it('keeps the filters in the address, so a bookmarked report opens as it was', async () => {
    await page.reload();
    await expect.poll(async () => page.getByTestId('report-table').locator('tbody tr').count()).toBe(2);
    // the quarter chosen is shown chosen
    expect(await page.locator('#root_quarterIndex option:checked').innerText()).toBe('Q1');
  });

  it('exports the same figures as CSV', async () => {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('company-performance.csv');
    const csv = readFileSync((await download.path())!, 'utf8');
    const lines = csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r\n/);
    expect(lines[0]).toMatch(/^Unit,Scorecards,Average score/);
    expect(lines.slice(1).map((l) => l.split(',').slice(0, 3))).toEqual([
      ['Operations', '1', '1'],
      ['Sales', '2', '3.5'],
    ]);
  });
});
