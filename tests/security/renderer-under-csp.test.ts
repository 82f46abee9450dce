import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../server/boot.ts';
import { browserSkipReason, launchChromium } from '../e2e/support/browser.ts';
import { signIn } from '../e2e/support/screens.ts';
import { api, companyWithExecutive } from '../e2e/support/api-setup.ts';
import { SAMPLE_PDF } from '../support/sample-records.ts';
import { HOLDER, startServer, type RunningServer } from '../e2e/support/server-process.ts';

const skip = browserSkipReason();

/**
 * The renderer works under the Content-Security-Policy the server sends: the built index.html has no inline script
 * and loads scripts from its own origin only, and in Chromium the sign-in page, a list (AG Grid), a form (with
 * client-side validation) and the dashboard render without one policy violation or script error.
 */
describe.skipIf(skip)('the renderer under the Content-Security-Policy', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  const violations: string[] = [];
  const errors: string[] = [];

  beforeAll(async () => {
    server = await startServer();
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1360, height: 900 } });
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) =>
        console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`),
      );
    });
    page.on('console', (m) => {
      if (m.type() !== 'error') return;
      (m.text().startsWith('CSP violation') || /Content Security Policy/i.test(m.text()) ? violations : errors).push(
        m.text(),
      );
    });
    page.on('pageerror', (e) => errors.push(String(e)));
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('the built page has no inline script and loads scripts from its own origin', () => {
    const html = readFileSync(join(ROOT, 'dist', 'renderer', 'index.html'), 'utf8');
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attrs, body] of scripts) {
      expect(body.trim(), 'inline script').toBe('');
      expect(attrs).toMatch(/src="\/assets\/[^"]+\.js"/);
    }
    expect(html).not.toMatch(/\son[a-z]+\s*=/i);
    // nor does any script carry ajv, whose validators are generated code (@rjsf/core names it, the bundler drops it)
    const assets = join(ROOT, 'dist', 'renderer', 'assets');
    for (const file of readdirSync(assets).filter((f) => f.endsWith('.js')))
      expect(readFileSync(join(assets, file), 'utf8'), file).not.toMatch(/ajv/i);
  });

  it('sends the policy with the page', async () => {
    const res = await fetch(`${server.url}/app/sessions/signIn`);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/script-src 'self'/);
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(csp).not.toMatch(/'unsafe-eval'/);
    expect(csp).toMatch(/frame-ancestors 'none'/);
  });

  it('signs in, shows a list, a form with validation and the dashboard without a violation', async () => {
    await page.goto(`${server.url}/`);
    await page.waitForURL('**/app/sessions/signIn');
    await signIn(page, server.url, HOLDER.email, HOLDER.password);
    await page.goto(`${server.url}/app/companies/list`);
    await page.locator('.ag-root').first().waitFor();
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.waitForURL('**/app/companies/addCompany');
    // a wrong e-mail: the form's own validation runs in the browser, under a policy that refuses eval
    await page.fill('#root_companyName', 'CSP Check');
    await page.fill('#root_email', 'not-an-email');
    await page.getByRole('button', { name: 'Save' }).click();
    const emailGroup = page.locator('.form-group', { has: page.locator('#root_email') }).last();
    await emailGroup.getByText('E-mail must be an e-mail address').waitFor();
    await page.goto(`${server.url}/app/dashboard`);
    await page.waitForTimeout(1000);
    expect(violations).toEqual([]);
    // the field's message above is the proof that the form's validator ran under the policy; it no longer logs an error
    expect(
      errors.filter((e) => !/Failed to load resource: the server responded with a status of 4\d\d/.test(e)),
    ).toEqual([]);
  });
  it('shows a PDF user manual inline in the reader without a violation; objects are only blob: PDFs the renderer made', async () => {
    const res = await fetch(`${server.url}/app/sessions/signIn`);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/object-src blob:(;|$)/);
    expect(csp).toMatch(/frame-src blob:(;|$)/);
    const holder = (await api(server, 'auth/login', HOLDER)).user.token;
    const manual = Object.values(
      (await api(server, 'user-manual/add', { title: 'Getting started' }, holder)) as Record<string, { id: number }>,
    )[0];
    const form = new FormData();
    form.set('id', String(manual.id));
    form.set('document', new File([SAMPLE_PDF], 'getting-started.pdf', { type: 'application/pdf' }));
    const up = await fetch(`${server.url}/api/v1/user-manual/upload-document`, {
      method: 'POST',
      body: form,
      headers: { token: holder },
    });
    expect(up.status).toBe(200);
    const company = await companyWithExecutive(server, 'Pdfco', 'exec-pass-12');
    const reader = await browser.newPage({ viewport: { width: 1360, height: 900 } });
    const seen: string[] = [];
    await reader.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) =>
        console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`),
      );
    });
    reader.on(
      'console',
      (m) => m.type() === 'error' && /CSP violation|Content Security Policy/i.test(m.text()) && seen.push(m.text()),
    );
    await signIn(reader, server.url, company.email, company.password);
    await reader.goto(`${server.url}/app/user-manuals/read/${manual.id}`);
    const object = reader.locator('[data-screen=manual-reader] object[type="application/pdf"]');
    await object.waitFor({ state: 'attached' });
    expect(await object.getAttribute('data')).toMatch(/^blob:/);
    await reader.waitForTimeout(1500);
    expect(seen).toEqual([]);
    await reader.close();
  });
});
