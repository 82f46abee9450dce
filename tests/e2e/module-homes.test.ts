import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_COMPANIES } from '../../scripts/demo/demo-organisation.ts';
import { api } from './support/api-setup.ts';
import { browserSkipReason, launchChromium } from './support/browser.ts';
import { HOLDER, startServer, type RunningServer } from './support/server-process.ts';
import { signIn, snap } from './support/screens.ts';

const skip = browserSkipReason();
const demo = DEMO_COMPANIES[0]!;
const PASSWORD = 'stratum-demo';
/** An employee of the demo with no module administered (Tanvir's report). */
const EMPLOYEE = 'nusrat.jahan@padma.example';

/**
 * The spec's tabbed areas, each a module home: the tab it opens on (0) and the one a person switches to. Strategy
 * management, risk, audit, surveys, contracts, projects, committee resolutions, personal development, strategy
 * execution and user manuals are the spec's; performance (its inbox area), compliance, the organisation and 360 too.
 */
const AREAS: { module: string; switchTo: string }[] = [
  { module: 'dashboard', switchTo: 'User manuals' },
  { module: 'risk-management', switchTo: 'Risks I own' },
  { module: 'projects', switchTo: 'My tasks' },
  { module: 'strategy-execution', switchTo: 'Annual initiatives' },
  { module: 'audit-management', switchTo: 'Dashboard (audit trackers)' },
  { module: 'personal-development', switchTo: 'Training plans and executions' },
  { module: 'compliance-management', switchTo: 'Submissions' },
  { module: 'contract-management', switchTo: 'Ended contracts' },
  { module: 'performance', switchTo: 'Monthly progress' },
  { module: 'strategy-management', switchTo: 'Strategic plans' },
  { module: 'organisation', switchTo: 'Organisation levels' },
  { module: 'actions-tracker', switchTo: 'Resolution' },
  { module: 'organizational-survey', switchTo: 'Reviewers' },
  { module: 'degree-360', switchTo: 'Reviewed employees' },
];

const entry = (page: Page, module: string) => page.locator(`nav.sidebar a[data-module="${module}"]`);
const homeTabs = (page: Page) => page.locator('[data-screen=module-home] > .tab-bar [role=tab]');
const selectedTab = (page: Page) => homeTabs(page).and(page.locator('[aria-selected=true]'));

/** The open tab shows its screen: a list with its grid, a report, a chart, a tabs screen or a group's tiles. */
async function tabShown(page: Page): Promise<string> {
  const panel = page.getByRole('tabpanel').first();
  const screen = panel.locator('[data-screen]').first();
  await screen.waitFor();
  const kind = (await screen.getAttribute('data-screen'))!;
  expect(['forbidden', 'not-found']).not.toContain(kind);
  if (kind === 'list') await panel.locator('.ag-header-cell').first().waitFor();
  if (kind === 'home-group') await panel.getByTestId('home-group').locator('a.tile').first().waitFor();
  return kind;
}

describe.skipIf(skip)('navigation by module: module homes with the spec tabs', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startServer({ DEMO: '1' });
    // the demo administrator with every module on and administered
    const holder = (await api(server, 'auth/login', HOLDER)).user.token;
    const company = (await api(server, 'company?limit=100', undefined, holder)).company_list.find(
      (c: { companyName: string }) => c.companyName === demo.companyName,
    );
    const modules = (await api(server, 'module?limit=100', undefined, holder)).list as { id: number; code: string }[];
    const admin = (await api(server, 'auth/login', { email: demo.executive.email, password: PASSWORD })).user;
    for (const m of modules.filter((x) => AREAS.some((a) => a.module === x.code) || x.code === 'strategic')) {
      await api(
        server,
        `company-module/set-enablement?companyId=${company.id}`,
        { moduleId: m.id, enabled: 'Yes' },
        holder,
      ).catch(
        () => undefined, // a core module is on already
      );
      await api(
        server,
        `employee-module/set-admin-access?companyId=${company.id}`,
        { employeeId: admin.employeeId, moduleId: m.id, adminAccess: 'Yes' },
        holder,
      ).catch(() => undefined);
    }
    browser = await launchChromium();
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('shows the administrator at most 20 entries, modules not entities, and an employee fewer', async () => {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await signIn(page, server.url, demo.executive.email, PASSWORD);
    const sidebar = page.locator('nav.sidebar a');
    await sidebar.first().waitFor();
    const admin = await sidebar.allInnerTexts();
    expect(admin.length).toBeLessThanOrEqual(20);
    expect(admin.slice(0, 2)).toEqual(['Dashboard', 'My inbox']);
    for (const a of AREAS) await entry(page, a.module).waitFor();
    // entities are in the homes, not the sidebar
    for (const entity of ['Resolution comment', 'Resolution team member', 'Milestone', 'Status update'])
      expect(admin).not.toContain(entity);
    // the open module is marked
    await entry(page, 'risk-management').click();
    await homeTabs(page).first().waitFor();
    await expect.poll(() => entry(page, 'risk-management').getAttribute('aria-current')).toBe('page');
    expect(await entry(page, 'projects').getAttribute('aria-current')).toBeNull();
    await snap(page, 'module-homes-sidebar-admin-en');
    await page.selectOption('#language', 'bn');
    await page.locator('nav.sidebar a', { hasText: 'আমার ইনবক্স' }).waitFor();
    await snap(page, 'module-homes-sidebar-admin-bn');
    // the language chosen is kept on the account: back to English for the walks that follow
    await page.selectOption('#language', 'en');
    await page.locator('nav.sidebar a', { hasText: 'My inbox' }).waitFor();
    await page.close();

    const employee = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await signIn(employee, server.url, EMPLOYEE, PASSWORD);
    await employee.locator('nav.sidebar a').first().waitFor();
    const hers = await employee.locator('nav.sidebar a').allInnerTexts();
    expect(hers.length).toBeLessThan(admin.length);
    expect(hers[0]).toBe('Dashboard');
    await employee.locator('[data-screen=dashboard-main]').waitFor();
    await snap(employee, 'module-homes-sidebar-employee-en');
    await employee.close();
  }, 120_000);

  it('opens each tabbed area on tab 0, switches tab, keeps it on reload and on return, and a new session opens tab 0', async () => {
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    const page = await context.newPage();
    await signIn(page, server.url, demo.executive.email, PASSWORD);
    for (const { module, switchTo } of AREAS) {
      await entry(page, module).click();
      await selectedTab(page).waitFor();
      // the first load of the session: the first tab
      await expect.poll(() => homeTabs(page).first().getAttribute('aria-selected'), { message: module }).toBe('true');
      await tabShown(page);
      await snap(page, `module-home-${module}-en`);
      await homeTabs(page).getByText(switchTo, { exact: true }).click();
      await expect.poll(() => selectedTab(page).innerText(), { message: module }).toBe(switchTo);
      await tabShown(page);
      await page.reload();
      await expect.poll(() => selectedTab(page).innerText(), { message: `${module} after reload` }).toBe(switchTo);
      await tabShown(page);
      // back from elsewhere through the navigation: the tab it was left on
      await page.locator('nav.sidebar a').first().click();
      await entry(page, module).click();
      await expect.poll(() => selectedTab(page).innerText(), { message: `${module} on return` }).toBe(switchTo);
      await snap(page, `module-home-${module}-tab`);
    }
    await context.close();

    // a new session starts every area on its first tab again; the homes in Bengali
    const fresh = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    const again = await fresh.newPage();
    await signIn(again, server.url, demo.executive.email, PASSWORD);
    await again.selectOption('#language', 'bn');
    for (const { module } of AREAS) {
      await entry(again, module).click();
      await selectedTab(again).waitFor();
      await expect.poll(() => homeTabs(again).first().getAttribute('aria-selected'), { message: module }).toBe('true');
      await tabShown(again);
      await snap(again, `module-home-${module}-bn`);
    }
    await again.selectOption('#language', 'en');
    await again.locator('nav.sidebar a', { hasText: 'My inbox' }).waitFor();
    await fresh.close();
  }, 600_000);

  it('audit management: its trackers dashboard counts each tracker and opens its list under the home', async () => {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await signIn(page, server.url, demo.executive.email, PASSWORD);
    await page.goto(`${server.url}/app/home/audit-management?tab=4`);
    const tiles = page.getByTestId('home-group').locator('a.tile');
    await tiles.first().waitFor();
    // each tile a count that opens its list
    await expect.poll(() => tiles.locator('strong').first().innerText()).toMatch(/^\d+$/);
    await tiles.filter({ hasText: 'Issue tracker' }).click();
    await page.waitForURL('**/app/audit-management/issue-tracker');
    await page.locator('[data-screen=list]').waitFor();
    expect(await selectedTab(page).innerText()).toBe('Issue tracker');
    await page.close();
  }, 120_000);
});
