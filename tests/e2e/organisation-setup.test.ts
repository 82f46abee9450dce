import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { browserSkipReason, launchChromium } from './support/browser.ts';
import { HOLDER, startServer, type RunningServer } from './support/server-process.ts';
import { pick, signIn, snap } from './support/screens.ts';

const skip = browserSkipReason();

/** The walk-through: the holder adds a company; its executive sets a password and builds the organisation in the browser. */
describe.skipIf(skip)('a new company sets up its organisation in the browser', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  const exec = { email: 'ruth.exec@harbour.example', password: 'harbour-pass-1' };
  beforeAll(async () => {
    server = await startServer();
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1360, height: 900 } });
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('sends a visitor without a session to sign in, and unknown paths to not-found', async () => {
    await page.goto(`${server.url}/`);
    await page.waitForURL('**/app/sessions/signIn');
    await snap(page, '01-sign-in');
    await signIn(page, server.url, HOLDER.email, HOLDER.password);
    await page.goto(`${server.url}/app/no/such/page`);
    await page.locator('[data-screen=not-found]').waitFor();
    await snap(page, '02-not-found');
  });

  it('the holder adds a company', async () => {
    // the holder's dashboard greets the account by its whole name and counts companies and modules in the plural
    await page.goto(`${server.url}/app/dashboard/main`);
    await expect
      .poll(() => page.locator('[data-screen=dashboard] h1').innerText())
      .toBe('Welcome, Platform Administrator');
    await page.locator('.tile', { hasText: 'Companies' }).waitFor();
    await page.locator('.tile', { hasText: 'Modules' }).waitFor();
    await page.goto(`${server.url}/app/companies/list`);
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.waitForURL('**/app/companies/addCompany');
    await page.fill('#root_companyName', 'Harbour Freight');
    await page.fill('#root_eFirstName', 'Ruth');
    await page.fill('#root_eLastName', 'Exec');
    await page.fill('#root_email', exec.email);
    await snap(page, '03-add-company');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL('**/app/companies/list');
    await page.getByRole('gridcell', { name: 'Harbour Freight', exact: true }).waitFor();
    await snap(page, '04-companies');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL('**/app/sessions/signIn');
  });

  it('the executive sets a password with the key from the outbox and signs in', async () => {
    const mail = server.mails().find((m) => m.includes(exec.email))!;
    const link = /(http:\/\/\S+reset-password\?\S+)/.exec(mail)![1];
    await page.goto(link);
    await page.fill('#password', exec.password);
    await page.fill('#repeat', exec.password);
    await page.getByRole('button', { name: 'Set password' }).click();
    await page.getByTestId('reset-done').waitFor();
    await signIn(page, server.url, exec.email, exec.password);
    await snap(page, '05-dashboard');
  });

  it('builds business unit → department → division → section → sub-section → sub-sub-section', async () => {
    const levels: [string, string, string | null, string | null][] = [
      ['businessUnits', 'Logistics', null, null],
      ['departments', 'Shipping', 'businessUnitId', 'Logistics'],
      ['divisions', 'Sea Freight', 'departmentId', 'Shipping'],
      ['sections', 'Containers', 'divisionId', 'Sea Freight'],
      ['subSections', 'Reefers', 'sectionId', 'Containers'],
      ['subSubSections', 'Reefer Cell 1', 'subSectionId', 'Reefers'],
    ];
    for (const [level, name, parentField, parent] of levels) {
      await page.goto(`${server.url}/app/settings/organization-units/${level}/add`);
      await page.fill('#root_name', name);
      if (parentField) await pick(page, parentField, parent!);
      await page.getByRole('button', { name: 'Save' }).click();
      await page.waitForURL(`**/app/settings/organization-units/${level}`);
      await page.getByRole('gridcell', { name, exact: true }).waitFor();
    }
    await snap(page, '06-sub-sub-sections');
  });

  it('adds an employee, with the validation error on its field first', async () => {
    await page.goto(`${server.url}/app/settings/organization-units/employees/add`);
    await page.fill('#root_firstName', 'Mara');
    await page.fill('#root_lastName', 'Quay');
    await page.fill('#root_email', 'not-an-e-mail');
    await page.getByRole('button', { name: 'Save' }).click();
    const emailGroup = page.locator('.form-group', { has: page.locator('#root_email') }).last();
    await expect(emailGroup.textContent()).resolves.toMatch(/E-mail must be an e-mail address/);
    await snap(page, '07-validation-error');
    await page.fill('#root_email', 'mara.quay@harbour.example');
    await pick(page, 'businessUnitId', 'Logistics');
    await pick(page, 'departmentId', 'Shipping');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL('**/app/settings/organization-units/employees');
    await page.getByRole('gridcell', { name: 'Mara Quay', exact: true }).waitFor();
  });

  it('shows the server field error on its field', async () => {
    await page.goto(`${server.url}/app/settings/organization-units/employees/add`);
    await page.fill('#root_firstName', 'Twin');
    await page.fill('#root_lastName', 'Quay');
    await page.fill('#root_email', 'mara.quay@harbour.example');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('dialog').waitFor();
    await expect(page.getByRole('dialog').textContent()).resolves.toMatch(/Add Employee Failed.*already/);
    await page.getByRole('button', { name: 'OK' }).click();
    const emailGroup = page.locator('.form-group', { has: page.locator('#root_email') }).last();
    await expect(emailGroup.textContent()).resolves.toMatch(/already/);
  });

  it('imports 20 employees from a CSV file, only after confirming, and finds them in the list', async () => {
    const rows = Array.from(
      { length: 20 },
      (_, i) => `Crew${String(i + 1).padStart(2, '0')},Docker,crew${i + 1}@harbour.example,Logistics,Shipping`,
    );
    const csv = ['First name,Last name,E-mail,Business unit,Department', ...rows].join('\n');
    await page.goto(`${server.url}/app/settings/importEmployee`);
    await page
      .locator('#import-file')
      .setInputFiles({ name: 'crew.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    const importButton = page.getByRole('button', { name: 'Import 20 employees' });
    // the server checks the rows (the import as a dry run) before the button is offered
    await page.locator('[data-check=passed]').waitFor();
    await expect(importButton.isEnabled()).resolves.toBe(true);
    await snap(page, '08-import-preview');
    await importButton.click();
    // nothing is written until the user confirms
    await page.getByRole('dialog').waitFor();
    const token = await page.evaluate(() => JSON.parse(localStorage.getItem('stratum.user')!).token as string);
    const dockers = async () =>
      (await (await fetch(`${server.url}/api/v1/employee?q=Docker`, { headers: { token } })).json()).data.total;
    expect(await dockers()).toBe(0);
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('20 employees were imported.').waitFor();
    expect(await dockers()).toBe(20);
    await page.goto(`${server.url}/app/settings/organization-units/employees`);
    await page.getByRole('searchbox', { name: 'Search' }).fill('Docker');
    await page.getByTestId('total').filter({ hasText: '20 records' }).waitFor();
    await page.getByRole('gridcell', { name: 'Crew07 Docker', exact: true }).waitFor();
    await snap(page, '09-imported');
  });

  it('pages on by keyset: the next page is asked for after the last row of the one before', async () => {
    const token = await page.evaluate(() => JSON.parse(localStorage.getItem('stratum.user')!).token as string);
    const call = async (path: string, body?: unknown) =>
      (
        await fetch(`${server.url}/api/v1/${path}`, {
          method: body ? 'POST' : 'GET',
          headers: { token, 'content-type': 'application/json' },
          body: body ? JSON.stringify(body) : undefined,
        })
      ).json();
    const crew = (await call('employee?q=Crew01')).data.list[0];
    for (let i = 21; i <= 80; i++) {
      const added = await call('employee/add', {
        firstName: `Crew${i}`,
        lastName: 'Docker',
        email: `crew${i}@harbour.example`,
        businessUnitId: crew.businessUnitId,
        departmentId: crew.departmentId,
      });
      expect(added.res, JSON.stringify(added)).toBe('success');
    }
    const asked: URL[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname === '/api/v1/employee' && url.searchParams.get('q') === 'Docker') asked.push(url);
    });
    await page.goto(`${server.url}/app/settings/organization-units/employees`);
    await page.getByRole('searchbox', { name: 'Search' }).fill('Docker');
    await page.getByTestId('total').filter({ hasText: '80 records' }).waitFor();
    const [firstPage, secondPage] = await Promise.all(
      ['limit=50', 'limit=50&offset=50'].map(
        async (paging) => (await call(`employee?q=Docker&${paging}`)).data.list as { id: number; fullName: string }[],
      ),
    );
    await page.getByRole('gridcell', { name: firstPage[0].fullName, exact: true }).waitFor();
    await page.getByRole('button', { name: 'Next Page' }).click();
    await page.getByRole('gridcell', { name: secondPage[0].fullName, exact: true }).waitFor();
    const second = asked.find((u) => u.searchParams.has('after'));
    expect(second, asked.map(String).join('\n')).toBeDefined();
    expect(second!.searchParams.has('offset')).toBe(false);
    // the row it pages after is the last of the first page, in the list's order
    expect(Number(second!.searchParams.get('after'))).toBe(firstPage[49].id);
  });

  it('finds, edits and deletes (after confirming) an employee', async () => {
    await page.goto(`${server.url}/app/settings/organization-units/employees`);
    await page.getByRole('searchbox', { name: 'Search' }).fill('Mara');
    await page.getByRole('gridcell', { name: 'Mara Quay', exact: true }).waitFor();
    await page.getByRole('link', { name: 'Edit Mara Quay' }).click();
    await page.waitForURL('**/employees/edit?id=*');
    // the form shows the stored record before anything is typed into it
    await page.waitForFunction(
      () => (document.querySelector('#root_firstName') as HTMLInputElement | null)?.value === 'Mara',
    );
    // saved straight after typing: the form keeps what was typed even when the page re-renders meanwhile
    await page.fill('#root_jobTitle', 'Harbour Master');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL('**/app/settings/organization-units/employees');
    const token = await page.evaluate(() => JSON.parse(localStorage.getItem('stratum.user')!).token as string);
    const stored = await (
      await fetch(`${server.url}/api/v1/employee?email=mara.quay@harbour.example`, { headers: { token } })
    ).json();
    expect(stored.data.list[0].jobTitle).toBe('Harbour Master');
    // the grid renders only the rows in view: open the list filtered by her e-mail (a declared filter, from the address)
    await page.goto(`${server.url}/app/settings/organization-units/employees?email=mara.quay@harbour.example`);
    await page.getByRole('gridcell', { name: 'Harbour Master', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Delete Mara Quay' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('button', { name: 'Confirm' }).getAttribute('class')).resolves.toContain(
      'btn-success',
    );
    await expect(dialog.getByRole('button', { name: 'Cancel' }).getAttribute('class')).resolves.toContain('btn-danger');
    await snap(page, '10-confirm-delete');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await page.getByRole('gridcell', { name: 'Mara Quay', exact: true }).waitFor({ state: 'detached' });
  });

  it('speaks German when switched, and remembers it', async () => {
    await page.selectOption('#language', 'de');
    await page.getByRole('button', { name: 'Abmelden', exact: true }).waitFor();
    await page.reload();
    // the list shown and the navigation speak German after a reload too
    await page.getByRole('button', { name: 'Abmelden', exact: true }).waitFor();
    await page.getByRole('heading', { name: 'Mitarbeiter', exact: true }).waitFor();
    await snap(page, '11-german');
    await page.selectOption('#language', 'en');
  });

  it('after sign-out, /app/dashboard goes to sign in', async () => {
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL('**/app/sessions/signIn');
    await page.goto(`${server.url}/app/dashboard`);
    await page.waitForURL('**/app/sessions/signIn');
  });
});
