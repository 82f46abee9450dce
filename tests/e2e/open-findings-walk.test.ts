import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { api, companyWithExecutive, employeeWithPassword } from './support/api-setup.ts';
import { browserSkipReason, launchChromium } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server-process.ts';
import { chosen, row, signIn, snap } from './support/screens.ts';

const skip = browserSkipReason();

/**
 * What was still open after the walks (issue 26), tried again in the browser as the same people: an employee without
 * admin access is offered Add only where the server lets them add (their own scorecards, not the corporate or
 * operational ones), and the risk ratings of the company's matrix read in the user's language.
 */
describe.skipIf(skip)('the walks\u2019 open findings, in the browser', () => {
  let server: RunningServer;
  let browser: Browser;
  let token: string;
  const contexts: BrowserContext[] = [];
  const eve = { firstName: 'Eve', lastName: 'Employee', email: 'eve@openwalk.example', password: 'eve-pass-1234' };
  let exec: { email: string; password: string };

  /** A page signed in as the person, in the language given (as a person who chose it before). */
  async function pageOf(who: { email: string; password: string }, lang: 'en' | 'bn'): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    contexts.push(context);
    await context.addInitScript((l) => localStorage.setItem('stratum.lang', l), lang);
    const page = await context.newPage();
    await signIn(page, server.url, who.email, who.password);
    return page;
  }
  const list = (page: Page) => page.locator('main [data-screen=list]');
  const addButton = (page: Page, name: string) =>
    list(page).locator('.toolbar').getByRole('button', { name, exact: true });
  /** Opens a list and waits for its first page (with which the server says whether the caller may add). */
  async function openList(page: Page, path: string): Promise<void> {
    await page.goto(`${server.url}${path}`);
    await list(page).locator('.grid-box[aria-busy=false]').waitFor();
  }

  beforeAll(async () => {
    server = await startServer();
    const company = await companyWithExecutive(server, 'Openwalk', 'exec-pass-12', [
      'strategic',
      'performance',
      'risk-management',
    ]);
    exec = company;
    token = (await api(server, 'auth/login', { email: company.email, password: company.password })).user.token;
    await employeeWithPassword(server, token, eve);
    await api(
      server,
      'risk/add',
      {
        name: 'Cotton price spike',
        kind: 'Operational',
        impact: 'Major',
        likelihood: 'Likely',
        startDate: '2026-01-01',
        endDate: '2026-12-31',
      },
      token,
    );
    browser = await launchChromium();
  }, 180_000);
  afterAll(async () => {
    for (const c of contexts) await c.close();
    await browser?.close();
    await server?.stop();
  });

  it('offers an employee no Add on the corporate and operational scorecard lists, and Add on her own scorecards', async () => {
    const page = await pageOf(eve, 'en');
    for (const path of [
      '/app/my-inbox/annual-corporate-scorecards/list',
      '/app/my-inbox/periodic-corporate-scorecards/list',
      '/app/performance/operational-scorecards',
    ]) {
      await openList(page, path);
      expect(await addButton(page, 'Add').count(), path).toBe(0);
    }
    await snap(page, 'open-findings-01-operational-no-add');
    await openList(page, '/app/my-inbox/annual-employee-scorecards/scorecards');
    await addButton(page, 'Add').waitFor();
    // the administrator is offered Add on the corporate list
    const admin = await pageOf(exec, 'en');
    await openList(admin, '/app/my-inbox/annual-corporate-scorecards/list');
    await addButton(admin, 'Add').waitFor();
  });

  it('names the risk ratings of the matrix in Bengali: the risk list, the rating types and the matrix', async () => {
    const page = await pageOf(exec, 'bn');
    await openList(page, '/app/risk-management/operational-risks');
    // Major × Likely is High in the default matrix: উচ্চ, not "High"
    await expect.poll(() => row(page, 'Cotton price spike').innerText()).toContain('উচ্চ');
    expect(await row(page, 'Cotton price spike').innerText()).not.toContain('High');
    await snap(page, 'open-findings-02-risks-bn');
    await openList(page, '/app/risk-management/settings/rating-types');
    await expect.poll(() => list(page).locator('.ag-row').count()).toBe(4);
    const types = (await list(page).locator('.ag-row').allInnerTexts()).join('\n');
    for (const word of ['নিম্ন', 'মাঝারি', 'উচ্চ', 'চরম']) expect(types).toContain(word);
    expect(types).not.toMatch(/\b(Low|Moderate|High|Extreme)\b/);
    await openList(page, '/app/risk-management/settings/risk-matrix');
    await expect.poll(async () => (await list(page).locator('.ag-row').allInnerTexts()).join('\n')).toContain('নিম্ন');
    expect((await list(page).locator('.ag-row').allInnerTexts()).join('\n')).not.toMatch(
      /\b(Low|Moderate|High|Extreme)\b/,
    );
    await snap(page, 'open-findings-03-matrix-bn');
    // a cell's form: the rating type chosen by its Bengali name
    await row(page, 'নগণ্য').first().getByRole('link').first().click();
    await expect.poll(() => chosen(page, 'riskRatingTypeId')).toBe('নিম্ন');
    await snap(page, 'open-findings-04-matrix-cell-bn');
  });
});
