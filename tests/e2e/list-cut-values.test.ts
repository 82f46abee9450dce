import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { api, companyWithExecutive } from './support/api-setup.ts';
import { browserSkipReason, launchChromium } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server-process.ts';
import { signIn } from './support/screens.ts';

const skip = browserSkipReason();

const LONG = 'Maximiliane-Konstanze-Friederike-Wilhelmine Schwarzenberg-Hohenlohe-Langenburg';

/**
 * A list on a narrow screen cuts a long value with an ellipsis: the person reads it whole by resting the pointer on it
 * (AG Grid's tooltip, shown only for a cut value), as the walkers of the contracts and milestones lists asked.
 */
describe.skipIf(skip)('a value a list column cuts', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    server = await startServer();
    const company = await companyWithExecutive(server, 'Cutco', 'cutco-pass-1');
    const token = (await api(server, 'auth/login', { email: company.email, password: company.password })).user.token;
    const [first, last] = LONG.split(' ');
    await api(server, 'employee/add', { firstName: first, lastName: last, email: 'long@cutco.example' }, token);
    await api(server, 'employee/add', { firstName: 'Ann', lastName: 'Bo', email: 'short@cutco.example' }, token);
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1000, height: 800 } });
    await signIn(page, server.url, company.email, company.password);
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('shows a cut value whole on hover, and nothing over a value that fits', async () => {
    await page.goto(`${server.url}/app/settings/organization-units/employees`);
    const cut = page.getByRole('gridcell', { name: LONG }).first();
    await cut.waitFor();
    // the column really cuts it on this screen
    expect(await cut.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    await cut.hover();
    const tooltip = page.locator('.ag-tooltip');
    await expect.poll(() => tooltip.innerText().catch(() => '')).toBe(LONG);
    await page.screenshot({ path: 'test-artifacts/e2e/list-cut-value-tooltip.png' });
    await page.mouse.move(0, 0);
    await tooltip.waitFor({ state: 'detached' });
    await page.getByRole('gridcell', { name: 'Ann Bo' }).first().hover();
    await page.waitForTimeout(1000);
    expect(await tooltip.count()).toBe(0);
  });
});
