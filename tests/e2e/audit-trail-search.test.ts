import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { api, companyWithExecutive, employeeWithPassword } from './support/api-setup.ts';
import { browserSkipReason, launchChromium } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server-process.ts';
import { signIn, snap } from './support/screens.ts';

const skip = browserSkipReason();

describe.skipIf(skip)('audit trail: an administrator finds entries by what a person types', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let exec: { email: string; password: string };
  const nusrat = {
    firstName: 'Nusrat',
    lastName: 'Jahan',
    email: 'nusrat@trailco.example',
    password: 'nusrat-pw-1234',
  };

  beforeAll(async () => {
    server = await startServer();
    exec = await companyWithExecutive(server, 'Trailco', 'exec-pass-12');
    const token = (await api(server, 'auth/login', { email: exec.email, password: exec.password })).user.token;
    // arranged by API: what the search is about is the screen, not these writes
    await api(server, 'business-unit/add', { name: 'Freight Hub' }, token);
    await api(server, 'business-unit/add', { name: 'Harbour' }, token);
    await employeeWithPassword(server, token, nusrat);
    browser = await launchChromium();
    page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
    await signIn(page, server.url, exec.email, exec.password);
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const rows = (p: Page) => p.locator('[data-entity=audit-trail] .ag-row');
  const search = async (text: string) => {
    await page.locator('[data-entity=audit-trail] input[type=search]').fill(text);
    // the grid asks again as one types; wait until every row it shows holds what was typed
    await expect
      .poll(async () => {
        const texts = await rows(page).allInnerTexts();
        return texts.length > 0 && texts.every((x) => x.toLowerCase().includes(text.toLowerCase()));
      })
      .toBe(true);
    return rows(page).allInnerTexts();
  };

  it('finds a record by its title, a person by name and a record type by its label, in English and Bengali', async () => {
    await page.goto(`${server.url}/app/settings/audit-trail`);
    await rows(page).first().waitFor();
    const freight = await search('Freight');
    expect(freight.length).toBe(1);
    expect(freight[0]).toContain('Business unit');
    expect((await search('Nusrat')).some((x) => x.includes('Employee'))).toBe(true);
    await snap(page, 'audit-trail-search-en');
    await page.selectOption('#language', 'bn');
    const units = await search('বিজনেস ইউনিট');
    expect(units.length).toBe(2);
    expect(units.some((x) => x.includes('Harbour')) && units.some((x) => x.includes('Freight Hub'))).toBe(true);
    await snap(page, 'audit-trail-search-bn');
    await page.selectOption('#language', 'en');
  });
});
