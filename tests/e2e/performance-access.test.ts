import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { api, companyWithExecutive, employeeWithPassword } from './support/api-setup.ts';
import { browserSkipReason, launchChromium } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server-process.ts';
import { offered, pick, signIn, snap } from './support/screens.ts';

const skip = browserSkipReason();
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/**
 * What an employee who is a QA member meets in performance management, by clicks: the dashboard tells him no head's
 * scorecard status, an agreement's Add form offers only his own scorecard and not the review's type, and the QA
 * lists leave out his supervisor's work.
 */
describe.skipIf(skip)('what an employee may read and add in performance management, in the browser', () => {
  let server: RunningServer;
  let browser: Browser;
  let token: string;
  const ids: Record<string, number> = {};
  const exec = { password: 'keel-pass-123', email: '' };
  const lee = { firstName: 'Lee', lastName: 'Under', email: 'lee@keel.example', password: 'lee-pass-1234' };

  const pageOf = async (email: string, password: string): Promise<Page> => {
    const page = await (await browser.newContext({ viewport: { width: 1360, height: 900 } })).newPage();
    await signIn(page, server.url, email, password);
    return page;
  };

  beforeAll(async () => {
    server = await startServer();
    const company = await companyWithExecutive(server, 'Keel', exec.password, ['strategic', 'performance']);
    exec.email = company.email;
    token = (await api(server, 'auth/login', { email: exec.email, password: exec.password })).user.token;
    ids.bu = (await api(server, 'business-unit/add', { name: 'Hull' }, token)).business_unit.id;
    ids.dept = (await api(server, 'department/add', { name: 'Rigging', businessUnitId: ids.bu }, token)).department.id;
    ids.sam = await employeeWithPassword(
      server,
      token,
      { firstName: 'Sam', lastName: 'Head', email: 'sam@keel.example', password: 'sam-pass-1234' },
      { businessUnitId: ids.bu, departmentId: ids.dept, departmentHead: 'Yes' },
    );
    ids.emma = await employeeWithPassword(
      server,
      token,
      { firstName: 'Emma', lastName: 'Middle', email: 'emma@keel.example', password: 'emma-pass-123' },
      { supervisorId: ids.sam, businessUnitId: ids.bu, departmentId: ids.dept },
    );
    ids.lee = await employeeWithPassword(server, token, lee, {
      supervisorId: ids.emma,
      businessUnitId: ids.bu,
      departmentId: ids.dept,
    });
    const strategic = (
      await api(
        server,
        'strategic-plan/add',
        { description: 'Keel 2030', startDate: day(-400), endDate: day(2000) },
        token,
      )
    ).strategic;
    ids.plan = (
      await api(
        server,
        'annual-plan/add',
        { name: 'FY Keel', strategicPlanId: strategic.id, startDate: day(-10), endDate: day(354) },
        token,
      )
    ).annualPlan.id;
    const card = async (values: Record<string, unknown>) =>
      (
        await api(
          server,
          'performance-scorecard/add',
          { annualPlanId: ids.plan, includeKeyPerformanceArea: 'No', ...values },
          token,
        )
      ).scorecard;
    const companyCard = await card({ name: 'Company scorecard', level: 'corporate' });
    await api(
      server,
      'performance-scorecard/update',
      { id: companyCard.id, version: companyCard.version, visible: true },
      token,
    );
    // a colleague outside Lee's line, whose scorecard is his to review
    ids.olga = (
      await api(server, 'employee/add', { firstName: 'Olga', lastName: 'Aside', email: 'olga@keel.example' }, token)
    ).employee.id;
    for (const who of ['sam', 'emma', 'lee', 'olga'] as const)
      ids[`${who}Card`] = (await card({ name: `${who} FY`, level: 'employee', employeeId: ids[who] })).id;
    // Lee reviews scorecards for the plan: his supervisor's and her supervisor's are not his to read
    await api(server, 'qa-member/add', { annualPlanId: ids.plan, list: 'Scorecard', employeeId: ids.lee }, token);
    browser = await launchChromium();
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('shows the heads card to the PM committee and not to an employee who may read no head’s scorecard', async () => {
    const admin = await pageOf(exec.email, exec.password);
    await admin.locator('[data-item="department-heads"]').waitFor();
    expect(await admin.locator('[data-item="department-heads"] h2').innerText()).toMatch(/\(1\)$/);
    await admin.context().close();
    const page = await pageOf(lee.email, lee.password);
    // the other items have loaded: the heads card is left out, not still loading
    await page.locator('[data-item="company-performance"]').waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.locator('[data-item="department-heads"]').count()).toBe(0);
    expect(await page.locator('[data-item="business-unit-heads"]').count()).toBe(0);
    await snap(page, 'performance-access-employee-dashboard');
    await page.context().close();
  });

  it('offers an employee only his own scorecard on an agreement’s Add form, and not the type', async () => {
    const page = await pageOf(lee.email, lee.password);
    await page.goto(`${server.url}/app/performance/agreements`);
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    const cards = await offered(page, 'scorecardId');
    expect(cards.filter((o) => o.includes('FY') || o.includes('scorecard'))).toEqual(['lee FY']);
    expect(await page.locator('#root_type').isVisible()).toBe(false);
    await snap(page, 'performance-access-agreement-add');
    await pick(page, 'scorecardId', 'lee FY');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForURL((url) => !url.pathname.endsWith('/add'));
    const mine = (await api(server, `performance-agreement?scorecardId=${ids.leeCard}`, undefined, token)).list;
    expect(mine).toHaveLength(1);
    await page.context().close();
  });

  it('leaves the QA member’s supervisors out of the scorecards he reads', async () => {
    const page = await pageOf(lee.email, lee.password);
    await page.goto(`${server.url}/app/performance/quality-assurance`);
    await page.waitForLoadState('networkidle');
    await page.getByText('Olga Aside').first().waitFor();
    const text = await page.locator('main').innerText();
    expect(text).toContain('olga FY');
    expect(text).not.toContain('emma FY');
    expect(text).not.toContain('sam FY');
    await snap(page, 'performance-access-qa-member');
    await page.context().close();
  });
});
