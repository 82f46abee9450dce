import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { api, companyWithExecutive } from './support/api-setup.ts';
import { browserSkipReason, launchChromium } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server-process.ts';
import { signIn } from './support/screens.ts';

const skip = browserSkipReason();

const LONG = 'Maximiliane-Konstanze-Friederike-Wilhelmine Schwarzenberg-Hohenlohe-Langenburg';

/**
 * A list's columns as a person reads and filters them: a long value cut on a narrow screen is read whole by resting
 * the pointer on it (AG Grid's tooltip, shown only for a cut value); a column of options (a status) is filtered by
 * choosing one of its words in the reader's language, not by typing the stored English value.
 */
describe.skipIf(skip)('a list column', () => {
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
    await api(
      server,
      'employee/add',
      { firstName: 'Ina', lastName: 'Gone', email: 'gone@cutco.example', status: 'Inactive' },
      token,
    );
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

  it('filters a column of options by a choice in the reader’s language', async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.selectOption('#language', 'de');
    await page.locator('html[lang=de]').waitFor({ state: 'attached' });
    await page.getByRole('gridcell', { name: 'Ina Gone' }).first().waitFor();
    await page.locator('.ag-header-cell[col-id=status] .ag-header-cell-filter-button').click();
    const choice = page.locator('.option-filter select');
    expect(await choice.locator('option').allInnerTexts()).toEqual(['Alle', 'Aktiv', 'Inaktiv']);
    await choice.selectOption({ label: 'Inaktiv' });
    await expect.poll(() => page.getByRole('gridcell', { name: 'Ina Gone', exact: true }).count()).toBe(1);
    expect(await page.getByRole('gridcell', { name: 'Ann Bo', exact: true }).count()).toBe(0);
    await page.screenshot({ path: 'test-artifacts/e2e/list-option-filter-de.png' });
    await choice.selectOption({ label: 'Alle' });
    await page.getByRole('gridcell', { name: 'Ann Bo' }).first().waitFor();
  });
});
