import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { companyWithExecutive } from './support/api-setup.ts';
import { browserSkipReason, launchChromium } from './support/browser.ts';
import { nav, openRow, row, signIn, snap, transition } from './support/screens.ts';
import { HOLDER, startServer, type RunningServer } from './support/server-process.ts';

const skip = browserSkipReason();
const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

/**
 * Journey: the company's administrator issues an API token for an integration, copies it from the one screen that
 * shows it, finds it in the list by name and first characters (never the secret again), and revokes it; the
 * integration's next call is refused. The screens in English and in Bengali.
 */
describe.skipIf(skip)('API tokens in the browser', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  const exec = { password: 'tokens-exec-pass-1' } as { email: string; password: string };
  const call = (secret: string, path: string) =>
    fetch(`${server.url}/api/v1/${path}`, { headers: { authorization: `Bearer ${secret}` } });

  beforeAll(async () => {
    server = await startServer();
    Object.assign(exec, await companyWithExecutive(server, 'Tokenworks', exec.password, ['risk-management']));
    browser = await launchChromium();
    const context = await browser.newContext({
      viewport: { width: 1360, height: 900 },
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    page = await context.newPage();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('the administrator issues a token, sees it once, and revokes it', async () => {
    await signIn(page, server.url, exec.email, exec.password);
    await nav(page, 'Issue an API token');
    await page.waitForURL('**/app/settings/api-tokens/issue');
    // Issue with nothing filled in: the fields say what is missing, and nothing is logged as an error (RJSF logs
    // "Form validation failed" to the console where a form has no onError)
    const logged: string[] = [];
    const onConsole = (m: { type(): string; text(): string }) => m.type() === 'error' && logged.push(m.text());
    page.on('console', onConsole);
    await page.getByRole('button', { name: 'Issue token', exact: true }).click();
    await page.locator('.error-detail, .text-danger, [id$="__error"]').first().waitFor();
    page.off('console', onConsole);
    expect(logged).toEqual([]);
    await page.fill('#root_name', 'Risk dashboard feed');
    await page.locator('#root_access').selectOption({ label: 'Read only' });
    await page.getByRole('checkbox', { name: 'Risk management' }).check();
    await page.fill('#root_expiresOn', inDays(90));
    await snap(page, 'api-token-01-issue-form');
    await page.getByRole('button', { name: 'Issue token', exact: true }).click();

    const shown = page.getByTestId('issued-token');
    await shown.waitFor();
    const secret = await shown.locator('input').inputValue();
    expect(secret).toMatch(/^stk_/);
    await shown.getByRole('button', { name: 'Copy', exact: true }).click();
    await shown.getByRole('button', { name: 'Copied', exact: true }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await snap(page, 'api-token-02-shown-once');
    // the integration works with it
    expect((await call(secret, 'risk-category')).status).toBe(200);

    await page.getByRole('link', { name: 'I have copied it', exact: true }).click();
    await page.waitForURL('**/app/settings/api-tokens');
    const listed = row(page, 'Risk dashboard feed');
    await listed.waitFor();
    await expect(listed.innerText()).resolves.toContain(secret.slice(0, 12));
    expect(await page.content()).not.toContain(secret);
    await snap(page, 'api-token-03-list');

    // in Bengali: the list's words, the token's name as it was given
    await page.selectOption('#language', 'bn');
    await page.getByRole('heading', { name: 'এপিআই টোকেন' }).first().waitFor();
    await row(page, 'শুধু দেখা').waitFor();
    // the grid's own pager follows the language switched on the open page, not only one chosen before
    await expect(page.locator('.ag-paging-panel').innerText()).resolves.toContain('পৃষ্ঠা');
    await snap(page, 'api-token-04-list-bengali');
    await page.selectOption('#language', 'en');

    await openRow(page, 'Risk dashboard feed');
    await page.waitForURL('**/app/settings/api-tokens/edit*');
    await transition(page, 'Revoke').click();
    await page.getByTestId('workflow-state').filter({ hasText: 'Revoked' }).waitFor();
    expect(await page.content()).not.toContain(secret);
    await snap(page, 'api-token-05-revoked');
    const refused = await call(secret, 'risk-category');
    expect(refused.status).toBe(401);
    expect((await refused.json()).err_msg).toBe('The API token “Risk dashboard feed” has been revoked');

    // the company's audit trail, from the menu: the token's calls under its name, worded
    await nav(page, 'Audit trail');
    await row(page, 'API token: Risk dashboard feed').first().waitFor();
    await expect(row(page, 'API token: Risk dashboard feed').first().innerText()).resolves.toContain('API call');
    await snap(page, 'api-token-05b-audit-trail');

    // the issue screen in Bengali, afresh: the secret is not shown again
    await page.selectOption('#language', 'bn');
    await nav(page, 'নতুন এপিআই টোকেন');
    await page.getByRole('button', { name: 'টোকেন তৈরি করুন', exact: true }).waitFor();
    expect(await page.content()).not.toContain(secret);
    await snap(page, 'api-token-06-issue-form-bengali');
    await page.selectOption('#language', 'en');
  }, 120_000);

  it('the holder issues a token of the platform in Bengali and sees it once', async () => {
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await signIn(page, server.url, HOLDER.email, HOLDER.password);
    await page.selectOption('#language', 'bn');
    await nav(page, 'নতুন এপিআই টোকেন');
    await page.fill('#root_name', 'হিসাব সমন্বয়');
    await page.getByRole('checkbox', { name: 'প্ল্যাটফর্ম প্রশাসন' }).check();
    await page.getByRole('checkbox', { name: 'প্রতিষ্ঠান' }).check();
    await page.fill('#root_expiresOn', inDays(30));
    await page.getByRole('button', { name: 'টোকেন তৈরি করুন', exact: true }).click();
    const shown = page.getByTestId('issued-token');
    await shown.getByText('এপিআই টোকেন “হিসাব সমন্বয়” তৈরি হয়েছে').waitFor();
    const secret = await shown.locator('input').inputValue();
    await snap(page, 'api-token-07-holder-shown-once-bengali');
    expect((await call(secret, 'company')).status).toBe(200);
    await page.getByRole('link', { name: 'আমি কপি করেছি', exact: true }).click();
    await row(page, 'হিসাব সমন্বয়').waitFor();
    expect(await page.content()).not.toContain(secret);
    await snap(page, 'api-token-08-holder-list-bengali');
    await page.selectOption('#language', 'en');
  }, 120_000);
});
