import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { api, companyWithExecutive, employeeWithPassword } from './support/api-setup.ts';
import { browserSkipReason, launchChromium } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server-process.ts';
import { nav, openRow, pick, signIn, snap, tab } from './support/screens.ts';
import { stepperOf } from './support/lifecycle-page.ts';
import { today } from '../../engine/hooks/performance/quarter-windows.ts';

const skip = browserSkipReason();
const TITLE = 'Office cleaning 2027';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

/**
 * A contract from draft to signed, by clicks, by a member of the contract team that looks after it (no admin access):
 * she adds the draft for her team and signs it by uploading the signed document. The API only arranges the company,
 * the third party and the team.
 */
describe.skipIf(skip)(
  'contract management: a contract team member adds a draft contract and signs it by uploading the signed document',
  () => {
    let server: RunningServer;
    let browser: Browser;
    let page: Page;
    let token: string;
    let admin: { email: string; password: string };
    const cara = {
      firstName: 'Cara',
      lastName: 'Contracts',
      email: 'cara@contractline.example',
      password: 'cara-pass-1234',
    };
    let contractId: number;

    beforeAll(async () => {
      server = await startServer();
      const company = await companyWithExecutive(server, 'Contractline', 'exec-pass-12', ['contract-management']);
      admin = company;
      token = (await api(server, 'auth/login', { email: company.email, password: company.password })).user.token;
      await api(server, 'third-party/add', { name: 'Acme Cleaning' }, token);
      const team = (await api(server, 'contract-team/add', { name: 'Facilities contracts' }, token)).contractTeam;
      await api(
        server,
        'contract-team-member/add',
        { contractTeamId: team.id, employeeId: await employeeWithPassword(server, token, cara) },
        token,
      );
      browser = await launchChromium();
      page = await browser.newPage({ viewport: { width: 1500, height: 1000 } });
    }, 180_000);
    afterAll(async () => {
      await browser?.close();
      await server?.stop();
    });

    it('adds a contract from the tabbed contract management screen; it starts as a Draft', async () => {
      await signIn(page, server.url, cara.email, cara.password);
      await nav(page, 'Contract management');
      await page.getByRole('tab', { name: 'Contracts', exact: true }).waitFor();
      await page.getByRole('tab', { name: 'Ended contracts' }).waitFor();
      await page.locator('[data-screen=list][data-entity=contract]').getByRole('button', { name: 'Add' }).click();
      await page.waitForURL('**/app/contract-management/add-contract');
      await page.locator('#root_title').fill(TITLE);
      await pick(page, 'thirdPartyId', 'Acme Cleaning');
      await pick(page, 'contractTeamId', 'Facilities contracts');
      await page.locator('#root_startDate').fill('2027-01-01');
      await page.locator('#root_endDate').fill('2027-12-31');
      await page.locator('#root_title').press('Tab');
      await page.getByRole('button', { name: 'Save' }).click();
      // back where the add was opened: the contracts tab of the module's home
      await page.waitForURL('**/app/contract-management/contracts');
      await page.getByRole('gridcell', { name: TITLE, exact: true }).waitFor();
      const [contract] = (await api(server, `contract?q=${encodeURIComponent(TITLE)}`, undefined, token)).list;
      expect(contract).toMatchObject({ type: 'Draft', statusSet: null, status: null, phase: 'Draft' });
      contractId = contract.id;
      await snap(page, 'contracts-01-draft-added');
    });

    it('refuses a file of the wrong type, then signs the contract when its signed PDF is uploaded: Draft becomes Signed', async () => {
      await openRow(page, TITLE);
      const status = page.getByTestId('workflow');
      await expect.poll(() => status.innerText()).toMatch(/Phase:\s*Draft/);
      // the contract's page says where it stands: a Draft Cara added today, to be signed
      const day = today().split('-').reverse().join('/');
      await expect
        .poll(() => stepperOf(page))
        .toEqual({
          Draft: { step: 'current', moved: `${day}, Cara Contracts` },
          Monitored: { step: 'upcoming', moved: null },
          Ended: { step: 'upcoming', moved: null },
        });
      // its status (Active, Suspended, Terminated…) belongs to a signed contract: not offered on a draft
      expect(await page.getByLabel('Status as set').isVisible()).toBe(false);
      expect(await page.locator('select#root_statusSet').count()).toBe(0);
      // the file control speaks the app's words and names the files it takes
      await page.getByRole('button', { name: 'Choose a file' }).waitFor();
      await page.getByTestId('chosen-upload-signed').filter({ hasText: 'No file chosen' }).waitFor();
      await page.getByText('Accepted: PDF, PNG, or JPEG, at most 10.00 MB').waitFor();
      // in Bangla too, not the browser's English
      await page.selectOption('#language', 'bn');
      await page.getByRole('button', { name: 'ফাইল বেছে নিন' }).waitFor();
      await page.getByTestId('chosen-upload-signed').filter({ hasText: 'কোনো ফাইল বেছে নেওয়া হয়নি' }).waitFor();
      await snap(page, 'contracts-01b-file-control-bn');
      await page.selectOption('#language', 'en');
      const input = page.locator('#upload-upload-signed');
      const uploadAndSign = page.getByRole('button', { name: 'Upload and sign', exact: true });
      const dialog = page.getByRole('dialog');
      // nothing to send before a file is chosen
      expect(await uploadAndSign.isDisabled()).toBe(true);
      await input.setInputFiles({ name: 'signed.txt', mimeType: 'text/plain', buffer: Buffer.from('not a contract') });
      await page.getByTestId('chosen-upload-signed').filter({ hasText: 'signed.txt' }).waitFor();
      await uploadAndSign.click();
      await dialog.getByRole('button', { name: 'Confirm' }).click();
      await page.getByRole('heading', { name: 'Upload Signed Contract Failed' }).waitFor();
      await expect.poll(() => page.getByTestId('error-message').innerText()).toMatch(/not allowed/);
      await snap(page, 'contracts-02-wrong-file-refused');
      await page.getByRole('button', { name: 'OK' }).click();
      expect((await api(server, `contract/${contractId}`, undefined, token)).contract.type).toBe('Draft');
      await expect.poll(() => status.innerText()).toMatch(/Phase:\s*Draft/);

      // choosing the file signs nothing: its name shows, and the button asks first
      await input.setInputFiles({ name: 'signed-contract.pdf', mimeType: 'application/pdf', buffer: PDF });
      await page.getByTestId('chosen-upload-signed').filter({ hasText: 'signed-contract.pdf' }).waitFor();
      expect((await api(server, `contract/${contractId}`, undefined, token)).contract.type).toBe('Draft');
      await uploadAndSign.click();
      await expect
        .poll(() => dialog.innerText())
        .toMatch(/cannot be replaced later\. Upload signed-contract\.pdf and sign\?/);
      await snap(page, 'contracts-02b-confirm-upload-and-sign');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      expect((await api(server, `contract/${contractId}`, undefined, token)).contract.type).toBe('Draft');
      await uploadAndSign.click();
      await dialog.getByRole('button', { name: 'Confirm' }).click();
      await expect.poll(() => status.innerText()).toMatch(/Phase:\s*Monitored/);
      // the contract's status, which the dates may make Expired whatever was set, stands beside its phase
      await expect.poll(() => page.getByTestId('workflow-status').innerText()).toBe('Contract status: Active');
      await page.getByRole('status').filter({ hasText: 'signed-contract.pdf' }).waitFor();
      // the form shows the status the signing set, so that a later save keeps it
      await expect.poll(() => page.locator('#root_statusSet option:checked').innerText()).toBe('Active');
      const signed = (await api(server, `contract/${contractId}`, undefined, token)).contract;
      expect(signed).toMatchObject({ type: 'Signed', statusSet: 'Active', status: 'Active', phase: 'Monitored' });
      expect(signed.signedDocument).toEqual(expect.any(Number));
      await snap(page, 'contracts-03-signed');
      // signed by the upload (a command, not a workflow button): the stepper names the signing all the same
      await expect
        .poll(() => stepperOf(page))
        .toEqual({
          Draft: { step: 'done', moved: `${day}, Cara Contracts` },
          Monitored: { step: 'current', moved: `${day}, Cara Contracts` },
          Ended: { step: 'upcoming', moved: null },
        });
      await snap(page, 'lifecycle-contract-signed-en');
      await page.selectOption('#language', 'bn');
      await expect
        .poll(() => page.locator('[data-testid=stepper] [aria-current=step] .step-name').innerText())
        .toBe('পর্যবেক্ষণাধীন');
      await snap(page, 'lifecycle-contract-signed-bn');
      await page.selectOption('#language', 'en');
      await expect
        .poll(() => page.locator('[data-testid=stepper] [aria-current=step] .step-name').innerText())
        .toBe('Monitored');
    });

    it('lists the signed contract among the signed and the monitored contracts', async () => {
      await page.getByRole('link', { name: 'Cancel' }).click();
      await tab(page, 'Monitored contracts');
      await page.getByRole('heading', { name: 'Monitored contracts' }).waitFor();
      await page.getByRole('gridcell', { name: TITLE, exact: true }).waitFor();
      await tab(page, 'Signed contracts');
      await page.getByRole('heading', { name: 'Signed contracts' }).waitFor();
      await page.getByRole('gridcell', { name: TITLE, exact: true }).waitFor();
      await snap(page, 'contracts-04-signed-listed');
      await tab(page, 'Ended contracts');
      await page.getByRole('heading', { name: 'Ended contracts' }).waitFor();
      await page.getByText('Nothing here yet.').waitFor();
    });

    it('ends the contract by setting its status to Terminated: the page shows it Ended, with who ended it and when', async () => {
      await tab(page, 'Contracts');
      await openRow(page, TITLE);
      await page.locator('#root_statusSet').selectOption('Terminated');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.waitForURL('**/app/contract-management/contracts');
      await openRow(page, TITLE);
      const day = today().split('-').reverse().join('/');
      await expect.poll(() => page.getByTestId('workflow').innerText()).toMatch(/Phase:\s*Ended/);
      await expect.poll(() => page.getByTestId('workflow-status').innerText()).toBe('Contract status: Terminated');
      await expect
        .poll(() => stepperOf(page))
        .toEqual({
          Draft: { step: 'done', moved: `${day}, Cara Contracts` },
          Monitored: { step: 'done', moved: `${day}, Cara Contracts` },
          Ended: { step: 'current', moved: `${day}, Cara Contracts` },
        });
      await snap(page, 'lifecycle-contract-ended-en');
    });

    it('lets the administrator add a third party that is not there yet from the contract form, in a new tab', async () => {
      const own = await browser.newPage({ viewport: { width: 1500, height: 1000 } });
      await signIn(own, server.url, admin.email, admin.password);
      await nav(own, 'Contract management');
      await own.locator('[data-screen=list][data-entity=contract]').getByRole('button', { name: 'Add' }).click();
      await own.waitForURL('**/app/contract-management/add-contract');
      await own.locator('#root_title').fill('Yarn supply 2027');
      await own.locator('#root_thirdPartyId').fill('Meghna Yarn');
      await own.getByText('Nothing matches what you typed.').waitFor();
      // the link is clicked as a person clicks it: pressing it must not close the list before the click lands
      const [tabOpened] = await Promise.all([
        own.context().waitForEvent('page'),
        own.getByTestId('reference-add').click(),
      ]);
      await tabOpened.waitForURL('**/app/contract-management/add-third-party');
      await tabOpened.locator('#root_name').fill('Meghna Yarn Ltd');
      await tabOpened.getByRole('button', { name: 'Save' }).click();
      await expect.poll(async () => (await api(server, 'third-party?q=Meghna', undefined, token)).list.length).toBe(1);
      // back on the form, still as it was typed, the new third party is there to choose
      expect(await own.locator('#root_title').inputValue()).toBe('Yarn supply 2027');
      await pick(own, 'thirdPartyId', 'Meghna Yarn Ltd');
      await own.close();
      await tabOpened.close();
    });
  },
);
