import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { api, companyWithExecutive } from './support/api-setup.ts';
import { browserSkipReason, launchChromium } from './support/browser.ts';
import { signIn } from './support/screens.ts';
import { startServer, type RunningServer } from './support/server-process.ts';

const skip = browserSkipReason();

/**
 * German's long words fit the screens (issue 26: "Agreemen…" headers, Delete buttons cut off, sidebar labels cut): in
 * a grid every header word shows whole, the row's Edit and Delete buttons lie inside their cell, and no sidebar label
 * is cut. In Bengali the pager's figures are Bengali digits.
 */
describe.skipIf(skip)('long words and other digits in the grid and the sidebar', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  const exec = { password: 'layout-exec-pass-1' } as { email: string; password: string };

  beforeAll(async () => {
    server = await startServer();
    Object.assign(exec, await companyWithExecutive(server, 'Layoutworks', exec.password, ['performance']));
    const token = (await api(server, 'auth/login', { email: exec.email, password: exec.password })).user.token;
    for (const n of ['Anna', 'Bernd', 'Clara'])
      await api(server, 'employee/add', { firstName: n, lastName: 'Schmidt', jobTitle: 'Sachbearbeitung' }, token);
    browser = await launchChromium();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const open = async (lang: string) => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await context.addInitScript((l) => localStorage.setItem('stratum.lang', l), lang);
    page = await context.newPage();
    await signIn(page, server.url, exec.email, exec.password);
    await page.goto(`${server.url}/app/settings/organization-units/employees`);
    await page.locator('.ag-row[row-index="0"] .btn').first().waitFor();
  };

  it('shows German headers, row buttons and sidebar labels whole', async () => {
    await open('de');
    const cut = await page.evaluate(() => {
      const out: string[] = [];
      // a header cut short, or a word of it broken across two lines ("Stellenbezeichn" / "ung")
      for (const h of document.querySelectorAll<HTMLElement>('.ag-header-cell-text')) {
        if (h.scrollWidth > h.clientWidth + 1) out.push(`header "${h.textContent}" cut`);
        const node = h.firstChild;
        if (!node || node.nodeType !== Node.TEXT_NODE) continue;
        const text = node.textContent ?? '';
        for (const m of text.matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, m.index!);
          range.setEnd(node, m.index! + m[0].length);
          if (new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size > 1)
            out.push(`header word "${m[0]}" broken`);
        }
      }
      // a row's button outside its cell, or outside the part of the grid one sees
      const seen = document.querySelector('.grid-box')!.getBoundingClientRect();
      for (const b of document.querySelectorAll<HTMLElement>('.ag-cell .btn')) {
        const cell = b.closest('.ag-cell')!.getBoundingClientRect();
        const r = b.getBoundingClientRect();
        if (r.right > Math.min(cell.right, seen.right) + 0.5 || r.bottom > cell.bottom + 0.5 || r.top < cell.top - 0.5)
          out.push(`button "${b.textContent}"`);
      }
      for (const a of document.querySelectorAll<HTMLElement>('.sidebar a'))
        if (a.scrollWidth > a.clientWidth + 1) out.push(`sidebar "${a.textContent}"`);
      return [...new Set(out)];
    });
    expect(await page.locator('.ag-header-cell-text').allInnerTexts()).toContain('Aktionen');
    expect(await page.locator('.ag-cell .btn').allInnerTexts()).toContain('Löschen');
    expect(cut).toEqual([]);
    expect(await page.locator('.ag-paging-panel').innerText()).toMatch(/1 bis 4 von 4/);
  });

  it('writes the pager and the count in Bengali digits', async () => {
    await open('bn');
    expect(await page.locator('.ag-paging-panel').innerText()).toMatch(/১ – ৪ \/ ৪/);
    expect(await page.getByTestId('total').innerText()).toMatch(/৪/);
  });
});
