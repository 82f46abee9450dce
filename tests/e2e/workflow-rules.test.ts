import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { metadataWithFixture } from '../support/fixture-module.ts';
import { api, companyWithExecutive, employeeWithPassword } from './support/api-setup.ts';
import { browserSkipReason, launchChromium } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server-process.ts';
import { openRow, pick, signIn, snap } from './support/screens.ts';

const skip = browserSkipReason();
const TITLE = 'Hotel Hamburg';

/**
 * The implementer's expense claims of tests/fixtures (JSON and texts alone), by clicks: a claim over 1,000 offers its
 * owner no Submit; within the limit it does; his supervisor approves it, which stamps her name; the approved claim
 * keeps only its comment open.
 */
describe.skipIf(skip)('an expense claims module declared in JSON: conditions, stamps and locks on the screens', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  const tess = { firstName: 'Tess', lastName: 'Lead', email: 'tess@claims.example', password: 'tess-pass-1234' };
  const sam = { firstName: 'Sam', lastName: 'Staff', email: 'sam@claims.example', password: 'sam-pass-12345' };
  let token: string;

  beforeAll(async () => {
    server = await startServer({ METADATA_DIR: metadataWithFixture('expenses') });
    const company = await companyWithExecutive(server, 'Claims', 'exec-pass-12', ['expenses']);
    token = (await api(server, 'auth/login', { email: company.email, password: company.password })).user.token;
    const tessId = await employeeWithPassword(server, token, tess);
    const samId = await employeeWithPassword(server, token, sam);
    const samRecord = (await api(server, `employee/${samId}`, undefined, token)).employee;
    await api(server, 'employee/update', { id: samId, version: samRecord.version, supervisorId: tessId }, token);
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const workflow = () => page.getByTestId('workflow');

  it('a claim over the limit offers its owner no Submit; within it, Submit is offered and taken', async () => {
    await signIn(page, server.url, sam.email, sam.password);
    await page.goto(`${server.url}/app/expenses/claims`);
    await page.locator('[data-screen=list][data-entity=expense-claim]').getByRole('button', { name: 'Add' }).click();
    await page.waitForURL('**/app/expenses/add-claim');
    await page.locator('#root_title').fill(TITLE);
    await pick(page, 'employeeId', 'Sam Staff');
    await page.locator('#root_claimDate').fill('2026-11-18');
    await page.locator('#root_amount').fill('1500');
    await page.locator('#root_title').press('Tab');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL('**/app/expenses/claims');
    await openRow(page, TITLE);
    await expect.poll(() => workflow().innerText()).toMatch(/Status:\s*Draft/);
    expect(await workflow().getByRole('button', { name: 'Submit' }).count()).toBe(0);
    await snap(page, 'workflow-rules-01-over-limit-no-submit');

    await page.locator('#root_amount').fill('800');
    await page.locator('#root_title').press('Tab');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL('**/app/expenses/claims');
    await openRow(page, TITLE);
    await workflow().getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => workflow().innerText()).toMatch(/Status:\s*Submitted/);
    await snap(page, 'workflow-rules-02-submitted');
  });

  it('his supervisor approves it: her name and the moment are stamped, and the owner is mailed', async () => {
    await page.context().clearCookies();
    await page.evaluate(() => localStorage.clear());
    await signIn(page, server.url, tess.email, tess.password);
    await page.goto(`${server.url}/app/expenses/claims`);
    await openRow(page, TITLE);
    await workflow().getByRole('button', { name: 'Approve' }).click();
    await expect.poll(() => workflow().innerText()).toMatch(/Status:\s*Approved/);
    const [claim] = (await api(server, `expense-claim?q=Hamburg`, undefined, token)).expenseClaimList;
    expect(claim.approvedAt).toBeTruthy();
    await expect.poll(() => server.mails().some((m) => m.includes(sam.email) && m.includes(TITLE))).toBe(true);
    await snap(page, 'workflow-rules-03-approved');
  });

  it('the approved claim keeps only its comment open to its owner', async () => {
    await page.context().clearCookies();
    await page.evaluate(() => localStorage.clear());
    await signIn(page, server.url, sam.email, sam.password);
    await page.goto(`${server.url}/app/expenses/claims`);
    await openRow(page, TITLE);
    await expect.poll(() => workflow().innerText()).toMatch(/Status:\s*Approved/);
    await expect.poll(() => page.locator('#root_amount').isEditable()).toBe(false);
    expect(await page.locator('#root_comment').isEditable()).toBe(true);
    await page.locator('#root_comment').fill('Paid with the November salary');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL('**/app/expenses/claims');
    const [claim] = (await api(server, `expense-claim?q=Hamburg`, undefined, token)).expenseClaimList;
    expect(claim).toMatchObject({ status: 'Approved', amount: 800 });
    expect((await api(server, `expense-claim/${claim.id}`, undefined, token)).expenseClaim.comment).toBe(
      'Paid with the November salary',
    );
    await snap(page, 'workflow-rules-04-approved-comment-only');
  });
});
