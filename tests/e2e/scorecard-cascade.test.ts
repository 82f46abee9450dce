import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { api, companyWithExecutive, employeeWithPassword } from './support/api-setup.ts';
import { browserSkipReason, launchChromium } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server-process.ts';
import { signIn, snap } from './support/screens.ts';
import { isoDay } from '../support/iso-day.ts';

const skip = browserSkipReason();

/**
 * The corporate scorecard cascaded down by clicks: to a business unit, whose scorecard the administrator opens from
 * the link the cascade gives and cascades on to an employee of that unit; the employee's scorecard holds the KPIs and
 * names where it came from. The API only arranges the organisation, the plan and the corporate scorecard.
 */
describe.skipIf(skip)('cascading a scorecard to a unit and on to its employee', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let exec: { email: string; password: string };
  const emma = { email: 'emma@cascadeline.example', password: 'emma-pass-12', firstName: 'Emma', lastName: 'Ployee' };
  let corporateId: number;
  const editor = () => page.locator('[data-screen=scorecard-editor]');
  const options = (select: string) =>
    page
      .locator(`${select} option`)
      .allInnerTexts()
      .then((all) => all.slice(select === '#cascade-to' ? 1 : 0));

  beforeAll(async () => {
    server = await startServer();
    const company = await companyWithExecutive(server, 'Cascadeline', 'exec-pass-12', ['strategic', 'performance']);
    exec = { email: company.email, password: company.password };
    const token = (await api(server, 'auth/login', exec)).user.token;
    const unit = async (name: string) =>
      (await api(server, 'business-unit/add', { name }, token)).business_unit.id as number;
    const sales = await unit('Sales');
    const operations = await unit('Operations');
    const fieldSales = (await api(server, 'department/add', { name: 'Field sales', businessUnitId: sales }, token))
      .department.id as number;
    await api(server, 'department/add', { name: 'Warehouse', businessUnitId: operations }, token);
    const north = (await api(server, 'division/add', { name: 'North region', departmentId: fieldSales }, token))
      .division.id as number;
    await api(server, 'section/add', { name: 'Key accounts', divisionId: north }, token);
    await employeeWithPassword(server, token, emma, { businessUnitId: sales });
    // of another unit: not offered on the Sales scorecard
    await api(server, 'employee/add', { firstName: 'Otto', lastName: 'Other', businessUnitId: operations }, token);
    const strategic = (
      await api(
        server,
        'strategic-plan/add',
        { description: 'Vision', startDate: isoDay(-400), endDate: isoDay(2000) },
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
    corporateId = (
      await api(
        server,
        'performance-scorecard/add',
        { name: 'Company FY', level: 'corporate', annualPlanId: plan.id, includeKeyPerformanceArea: 'No' },
        token,
      )
    ).scorecard.id;
    await api(
      server,
      'performance-scorecard/save-kpis',
      {
        id: corporateId,
        kpis: [
          { name: 'Revenue growth', kpiType: 'Quantitative', optionType: 'ASC', weight: 60, target: 120 },
          { name: 'Customer satisfaction', kpiType: 'Qualitative', optionType: 'ASC', weight: 40 },
        ],
      },
      token,
    );
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    page.setDefaultTimeout(15_000);
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('cascades the corporate scorecard to a business unit and says what was made, with a link', async () => {
    await signIn(page, server.url, exec.email, exec.password);
    await page.goto(`${server.url}/app/my-inbox/annual-corporate-scorecards/edit?id=${corporateId}`);
    await editor().waitFor();
    // the company's scorecard goes to any level, each by its title
    expect(await options('#cascade-level')).toEqual([
      'Business unit',
      'Department',
      'Division',
      'Section',
      'Sub-section',
      'Sub-sub-section',
      'Employee',
    ]);
    await page.getByLabel('Cascade to').selectOption({ label: 'Business unit' });
    await expect.poll(() => options('#cascade-to')).toEqual(['Operations', 'Sales']);
    await page.getByLabel('Business unit', { exact: true }).selectOption({ label: 'Sales' });
    await page.getByRole('button', { name: 'Cascade', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Cascaded to 1' }).waitFor();
    await snap(page, 'cascade-01-to-unit');
  });

  it('refuses the same cascade again in the user’s language, naming the unit', async () => {
    await page.selectOption('#language', 'bn');
    await page.locator('#cascade-level').selectOption({ label: 'বিজনেস ইউনিট' });
    await page.locator('#cascade-to').selectOption({ label: 'Sales' });
    await page.getByRole('button', { name: 'ক্যাসকেড করুন', exact: true }).click();
    await page.getByText('এই স্কোরকার্ড আগেই বিজনেস ইউনিট Sales-এর কাছে ক্যাসকেড করা হয়েছে').waitFor();
    await snap(page, 'cascade-02-refused-bn');
    await page.getByRole('dialog').getByRole('button', { name: 'ঠিক আছে' }).click();
    await page.selectOption('#language', 'en');
  });

  it('lists what was cascaded from the scorecard when it is opened again', async () => {
    await page.reload();
    await page.getByTestId('cascaded-to').getByRole('link', { name: 'Sales', exact: true }).waitFor();
    expect(await page.getByRole('status').filter({ hasText: 'Cascaded to' }).count()).toBe(0);
  });

  it('opens the unit’s scorecard from the link and offers only that unit’s departments and employees', async () => {
    await page.getByTestId('cascaded-to').getByRole('link', { name: 'Sales', exact: true }).click();
    await page.getByTestId('scorecard-origin').filter({ hasText: 'Business unit: Sales' }).waitFor();
    await expect(page.getByTestId('scorecard-origin').innerText()).resolves.toContain('Cascaded from: Company FY');
    await expect.poll(() => page.locator('tr[data-kpi]').count()).toBe(2);
    expect(await options('#cascade-level')).toEqual(['Department', 'Employee']);
    await expect.poll(() => options('#cascade-to')).toEqual(['Emma Ployee']);
    await page.locator('#cascade-level').selectOption({ label: 'Department' });
    await expect.poll(() => options('#cascade-to')).toEqual(['Field sales']);
    // down the levels: the unit to its department, the department to its division, the division to its section
    await page.getByLabel('Department', { exact: true }).selectOption({ label: 'Field sales' });
    await page.getByRole('button', { name: 'Cascade', exact: true }).click();
    await page.getByRole('link', { name: 'Open the scorecard of Field sales' }).click();
    await page.getByTestId('scorecard-origin').filter({ hasText: 'Department: Field sales' }).waitFor();
    expect(await options('#cascade-level')).toEqual(['Division', 'Employee']);
    await page.locator('#cascade-level').selectOption({ label: 'Division' });
    await expect.poll(() => options('#cascade-to')).toEqual(['North region']);
    await page.getByLabel('Division', { exact: true }).selectOption({ label: 'North region' });
    await page.getByRole('button', { name: 'Cascade', exact: true }).click();
    await page.getByRole('link', { name: 'Open the scorecard of North region' }).click();
    await page.getByTestId('scorecard-origin').filter({ hasText: 'Division: North region' }).waitFor();
    // the source as the administrator reads it, once read: whose it is
    await page
      .getByTestId('scorecard-origin')
      .filter({ hasText: 'Cascaded from: Company FY (Department: Field sales)' })
      .waitFor();
    expect(await options('#cascade-level')).toEqual(['Section', 'Employee']);
    await page.locator('#cascade-level').selectOption({ label: 'Section' });
    await expect.poll(() => options('#cascade-to')).toEqual(['Key accounts']);
    await page.getByLabel('Section', { exact: true }).selectOption({ label: 'Key accounts' });
    await page.getByRole('button', { name: 'Cascade', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Cascaded to 1' }).waitFor();
    await snap(page, 'cascade-03a-division-to-section');
    await page.selectOption('#language', 'de');
    await page.locator('#cascade-level option', { hasText: 'Sektion' }).first().waitFor({ state: 'attached' });
    await snap(page, 'cascade-03b-division-de');
    await page.selectOption('#language', 'bn');
    await page.locator('#cascade-level option', { hasText: 'সেকশন' }).first().waitFor({ state: 'attached' });
    await snap(page, 'cascade-03c-division-bn');
    await page.selectOption('#language', 'en');
    // back to the unit's scorecard, on to its employee
    await page.goBack();
    await page.goBack();
    await page.getByTestId('scorecard-origin').filter({ hasText: 'Business unit: Sales' }).waitFor();
    await page.locator('#cascade-level').selectOption({ label: 'Employee' });
    await page.getByLabel('Employee', { exact: true }).selectOption({ label: 'Emma Ployee' });
    await page.getByRole('button', { name: 'Cascade', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Cascaded to 1' }).waitFor();
    await snap(page, 'cascade-03-unit-to-employee');
  });

  it('opens the employee’s scorecard: the KPIs, and where it came from', async () => {
    await page.getByRole('link', { name: 'Open the scorecard of Emma Ployee' }).click();
    const origin = page.getByTestId('scorecard-origin');
    await origin.filter({ hasText: 'Employee: Emma Ployee' }).waitFor();
    // the source as the administrator reads it: its name and whose it is, once read
    await origin.filter({ hasText: 'Cascaded from: Company FY (Business unit: Sales)' }).waitFor();
    for (const kpi of ['Revenue growth', 'Customer satisfaction'])
      await page.locator(`tr[data-kpi="${kpi}"]`).waitFor();
    // an employee's scorecard goes no further
    expect(await page.getByTestId('scorecard-cascade').count()).toBe(0);
    await snap(page, 'cascade-04-employee-scorecard');
  });

  it('the employee reads the same scorecard, named for where it came from', async () => {
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL('**/app/sessions/signIn');
    await signIn(page, server.url, emma.email, emma.password);
    await page.goto(`${server.url}/app/my-inbox/annual-employee-scorecards/scorecards`);
    await page.getByRole('gridcell', { name: 'Company FY', exact: true }).waitFor();
    await page.getByRole('link', { name: /Edit/ }).first().click();
    await editor().waitFor();
    await page.locator('tr[data-kpi="Revenue growth"]').waitFor();
    await expect(page.getByTestId('scorecard-origin').innerText()).resolves.toContain('Cascaded from: Company FY');
    await snap(page, 'cascade-05-employee-reads');
  });
});
