import { afterAll, beforeAll, describe, expect } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { today } from '../../engine/hooks/performance/quarter-windows.ts';
import { SAMPLE_PDF } from '../support/sample-records.ts';
import { api, companyWithExecutive, employeeWithPassword } from './support/api-setup.ts';
import { browserSkipReason, launchChromium } from './support/browser.ts';
import { journeySteps, signedIn } from './support/journey.ts';
import { startServer, type RunningServer } from './support/server-process.ts';
import { fill, openRow, pick, row, save, snap, tab, transition } from './support/screens.ts';

const skip = browserSkipReason();
const AUDIT = 'Treasury 2026';
const FINDING = 'Payments released by one person';
const ACTION = 'Configure dual approval in the bank portal';

/**
 * Two of the audit's last gaps, by clicks. The auditor attaches the draft report to the audit report, replaces it
 * and removes it while the report is a draft; each step is in the report's trail, and once the draft is submitted
 * the attachment stays as sent. The module administrator keeps the management action owners in the audit settings;
 * the management-response owner then names an action's owner among them (another is refused in plain words), and the
 * action owner finds the action in his own list. The API arranges the company, the audit, the finding, the response
 * and the report.
 */
describe.skipIf(skip)('audit: the draft report attachment and the management action owners', () => {
  let server: RunningServer;
  let browser: Browser;
  const pages: Record<string, Page> = {};
  let token: string; // the module admin's
  const id: Record<string, number> = {};
  const people = {
    exec: {
      email: '',
      password: 'exec-pass-12',
      firstName: 'Exe',
      lastName: 'Ownerline',
    },
    ada: {
      email: 'ada@ownerline.example',
      password: 'ada-pass-1234',
      firstName: 'Ada',
      lastName: 'Auditor',
    },
    max: {
      email: 'max@ownerline.example',
      password: 'max-pass-1234',
      firstName: 'Max',
      lastName: 'Manager',
    },
    abe: {
      email: 'abe@ownerline.example',
      password: 'abe-pass-1234',
      firstName: 'Abe',
      lastName: 'Approver',
    },
    ola: {
      email: 'ola@ownerline.example',
      password: 'ola-pass-1234',
      firstName: 'Ola',
      lastName: 'Owner',
    },
    ace: {
      email: 'ace@ownerline.example',
      password: 'ace-pass-1234',
      firstName: 'Ace',
      lastName: 'Actor',
    },
    oz: {
      email: 'oz@ownerline.example',
      password: 'oz-pass-12345',
      firstName: 'Oz',
      lastName: 'Outsider',
    },
  };
  const now = today();
  const first = (d: Record<string, { id: number }>) => Object.values(d)[0];
  const as = async (k: keyof typeof people) =>
    (
      await api(server, 'auth/login', {
        email: people[k].email,
        password: people[k].password,
      })
    ).user.token as string;
  const form = (page: Page, entity: string) => page.locator(`[data-screen=form][data-entity=${entity}]`);
  const pdf = (name: string) => ({
    name,
    mimeType: 'application/pdf',
    buffer: Buffer.from(SAMPLE_PDF),
  });

  const step = journeySteps('audit-gaps', pages);

  beforeAll(async () => {
    server = await startServer();
    const company = await companyWithExecutive(server, 'Ownerline', people.exec.password, ['audit-management']);
    people.exec.email = company.email;
    token = (
      await api(server, 'auth/login', {
        email: company.email,
        password: company.password,
      })
    ).user.token;
    for (const [k, who] of Object.entries(people))
      if (k !== 'exec') id[k] = await employeeWithPassword(server, token, who);
    browser = await launchChromium();
    for (const [k, who] of Object.entries(people)) pages[k] = await signedIn(browser, server.url, who);
    id.plan = first(await api(server, 'audit-plan/add', { name: 'Audit plan 2026', year: 2026 }, token)).id;
    id.eng = first(
      await api(
        server,
        'audit-engagement/add',
        {
          name: AUDIT,
          auditPlanId: id.plan,
          auditorId: id.ada,
          auditManagerId: id.max,
          approverId: id.abe,
          startDate: now,
          endDate: now,
        },
        token,
      ),
    ).id;
    const ada = await as('ada');
    id.finding = first(
      await api(
        server,
        'audit-finding/add',
        {
          auditEngagementId: id.eng,
          title: FINDING,
          observation: 'One clerk released 40 payments.',
          riskRating: 'High',
        },
        ada,
      ),
    ).id;
    await api(server, 'audit-finding/validate', { id: id.finding }, await as('max'));
    id.response = first(
      await api(
        server,
        'audit-management-response/add',
        { auditFindingId: id.finding, responseOwnerId: id.ola, dueDate: now },
        ada,
      ),
    ).id;
    await api(server, 'audit-engagement/start-fieldwork', { id: id.eng }, ada);
    await api(server, 'audit-engagement/start-reporting', { id: id.eng }, ada);
    id.report = first(
      await api(server, 'audit-report/add', { auditEngagementId: id.eng, title: 'Treasury report' }, ada),
    ).id;
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  step('the auditor attaches the draft report, replaces it and removes it, each in the report’s trail', async () => {
    const ada = pages.ada;
    await ada.goto(`${server.url}/app/audit-management/report/edit?id=${id.report}`);
    await form(ada, 'audit-report').waitFor();
    // nothing attached yet: nothing to remove
    expect(await ada.getByTestId('remove-upload-draft-report').count()).toBe(0);
    await ada.locator('#upload-upload-draft-report').setInputFiles(pdf('treasury-draft-v1.pdf'));
    await ada.getByTestId('send-upload-draft-report').click();
    await ada.getByRole('status').filter({ hasText: 'treasury-draft-v1.pdf' }).waitFor();
    await ada.getByTestId('remove-upload-draft-report').waitFor();
    // replaced by a second version
    await ada.locator('#upload-upload-draft-report').setInputFiles(pdf('treasury-draft-v2.pdf'));
    await ada.getByTestId('send-upload-draft-report').click();
    await ada.getByRole('status').filter({ hasText: 'treasury-draft-v2.pdf' }).waitFor();
    await expect
      .poll(async () => (await api(server, `audit-report/${id.report}`, undefined, token)).item.draftReportName)
      .toBe('treasury-draft-v2.pdf');
    await snap(ada, 'audit-gaps-01-draft-report-en');
    // removed, after she confirms
    await ada.getByTestId('remove-upload-draft-report').click();
    const dialog = ada.getByRole('dialog');
    await dialog.getByText('Remove “Draft report”? The file is deleted and cannot be opened any more.').waitFor();
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await ada.getByRole('status').filter({ hasText: 'Draft report removed.' }).waitFor();
    await expect.poll(() => ada.getByTestId('remove-upload-draft-report').count()).toBe(0);
    expect((await api(server, `audit-report/${id.report}`, undefined, token)).item).toMatchObject({
      draftReportFileId: null,
      draftReportName: null,
    });
    const trail = (
      await api(server, `audit-trail?entity=audit-report&recordId=${id.report}&sort=id&limit=100`, undefined, token)
    ).list as { action: string; doneByName: string }[];
    expect(trail.filter((e) => e.action.endsWith('draft-report')).map((e) => [e.action, e.doneByName])).toEqual([
      ['upload-draft-report', 'Ada Auditor'],
      ['upload-draft-report', 'Ada Auditor'],
      ['remove-draft-report', 'Ada Auditor'],
    ]);
    // the same form in Bangla and German
    await ada.locator('#upload-upload-draft-report').setInputFiles(pdf('treasury-draft-v3.pdf'));
    await ada.getByTestId('send-upload-draft-report').click();
    await ada.getByTestId('remove-upload-draft-report').waitFor();
    await ada.selectOption('#language', 'bn');
    await ada.getByTestId('remove-upload-draft-report').filter({ hasText: 'খসড়া প্রতিবেদন সরান' }).waitFor();
    await snap(ada, 'audit-gaps-02-draft-report-bn');
    await ada.selectOption('#language', 'de');
    await ada.getByTestId('remove-upload-draft-report').filter({ hasText: 'Berichtsentwurf entfernen' }).waitFor();
    await snap(ada, 'audit-gaps-03-draft-report-de');
    await ada.selectOption('#language', 'en');
  });

  step('once the draft is submitted, its attachment stays as it was sent', async () => {
    const ada = pages.ada;
    await transition(ada, 'Submit draft').click();
    await expect.poll(() => ada.getByTestId('remove-upload-draft-report').count()).toBe(0);
    expect(await ada.locator('#upload-upload-draft-report').count()).toBe(0);
    // still there to open
    await ada.getByTestId('file-draftReportFileId').waitFor();
    await snap(ada, 'audit-gaps-04-draft-submitted');
  });

  step('the module administrator keeps the management action owners in the audit settings', async () => {
    const exec = pages.exec;
    await exec.goto(`${server.url}/app/audit-management/settings`);
    await tab(exec, 'Management action owner');
    await exec.getByRole('button', { name: 'Add', exact: true }).click();
    await form(exec, 'management-action-owner').waitFor();
    await pick(exec, 'employeeId', 'Ace Actor');
    await fill(exec, { description: 'Treasury systems' });
    await save(exec);
    await row(exec, 'Ace Actor').waitFor();
    await snap(exec, 'audit-gaps-05-action-owners');
  });

  step('the response owner names the action’s owner among them; another is refused in plain words', async () => {
    const ola = pages.ola;
    await ola.goto(`${server.url}/app/audit-management/management-response/edit?id=${id.response}`);
    await form(ola, 'audit-management-response').waitFor();
    await ola.getByTestId('add-actionList').click();
    await form(ola, 'audit-management-action').waitFor();
    await fill(ola, { action: ACTION, dueDate: now });
    // only the owners the list keeps are offered
    await pick(ola, 'actionOwnerId', 'Ace Actor');
    const offered = (await ola.locator('#root_actionOwnerId option').allInnerTexts()).filter((o) => o.trim());
    expect(offered.filter((o) => /Outsider|Owner|Auditor/.test(o))).toEqual([]);
    await snap(ola, 'audit-gaps-06-owner-offered');
    await save(ola);
    await ola.getByTestId('children-actionList').getByText(ACTION).first().waitFor();
    id.action = (
      await api(server, `audit-management-action?auditManagementResponseId=${id.response}`, undefined, token)
    ).list[0].id;
    expect((await api(server, `audit-management-action/${id.action}`, undefined, token)).item.actionOwnerId).toBe(
      id.ace,
    );
    // the edit form offers anyone; the server refuses one off the list, naming the person and the list
    await ola.goto(`${server.url}/app/audit-management/management-action/edit?id=${id.action}`);
    await form(ola, 'audit-management-action').waitFor();
    await pick(ola, 'actionOwnerId', 'Oz Outsider');
    await save(ola);
    const refusal = ola.getByRole('dialog');
    await refusal
      .getByText(
        "Action owner: Oz Outsider is not on the company's list “Management action owner”; choose someone on it, or add Oz Outsider to it in the settings first",
      )
      .waitFor();
    await snap(ola, 'audit-gaps-07-owner-refused');
  });

  step('the action owner finds the action in his own list and opens it', async () => {
    const ace = pages.ace;
    await ace.goto(`${server.url}/app/audit-management/main`);
    await tab(ace, 'My management actions');
    await row(ace, ACTION).waitFor();
    await snap(ace, 'audit-gaps-08-my-actions-en');
    await ace.selectOption('#language', 'bn');
    await ace.getByRole('tab', { name: 'আমার ব্যবস্থাপনা পদক্ষেপ', exact: true }).waitFor();
    await snap(ace, 'audit-gaps-09-my-actions-bn');
    await ace.selectOption('#language', 'en');
    await openRow(ace, ACTION);
    await form(ace, 'audit-management-action').waitFor();
    // someone who owns none has an empty list
    const oz = pages.oz;
    await oz.goto(`${server.url}/app/audit-management/main`);
    await tab(oz, 'My management actions');
    await oz.locator('.ag-overlay-no-rows-center, .ag-overlay-no-rows-wrapper').first().waitFor();
    expect(await row(oz, ACTION).count()).toBe(0);
  });
});
