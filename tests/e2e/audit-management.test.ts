import { afterAll, beforeAll, describe, expect } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { today } from '../../engine/hooks/performance/quarter-windows.ts';
import { pdfText } from '../unit/audit-pdf-text.ts';
import { api, companyWithExecutive, employeeWithPassword } from './support/api-setup.ts';
import { browserSkipReason, launchChromium } from './support/browser.ts';
import { journeySteps, signedIn } from './support/journey.ts';
import { startServer, type RunningServer } from './support/server-process.ts';
import { fill, nav, openRow, pick, row, save, snap, stateOf, tab, transition } from './support/screens.ts';
import { stepperOf } from './support/lifecycle-page.ts';

const skip = browserSkipReason();
const AUDIT = 'Procurement 2026';
const FINDING = 'Single signature payments';
const ACTION = 'Configure dual approval in the bank portal';
const REASON = 'Document the exception follow-up';

/**
 * One audit from plan to final report and its follow-up, by clicks, each step by its person: the module admin plans
 * the audit; the auditor (Ada) notifies, scopes, builds the RACM and tests from the audit's page; the approver (Abe)
 * decides from his task list; the audit manager (Max) validates the finding, reopens a paper and makes the final
 * report; the management-response owner (Ola) answers with an action; the action owner (Ace) reports its progress and
 * Ada closes it; a follow-up plan checks the action; an outside auditee answers the questionnaire through the mailed
 * link; Max closes the audit. The API only arranges the company and its people.
 */
describe.skipIf(skip)('audit management: one audit from plan to final report and follow-up', () => {
  let server: RunningServer;
  let browser: Browser;
  const pages: Record<string, Page> = {};
  let token: string; // the module admin's, to read what the screens wrote
  const id: Record<string, number> = {};
  const people = {
    ada: { email: 'ada@auditline.example', password: 'ada-pass-1234', first: 'Ada' },
    max: { email: 'max@auditline.example', password: 'max-pass-1234', first: 'Max' },
    abe: { email: 'abe@auditline.example', password: 'abe-pass-1234', first: 'Abe' },
    ola: { email: 'ola@auditline.example', password: 'ola-pass-1234', first: 'Ola' },
    ace: { email: 'ace@auditline.example', password: 'ace-pass-1234', first: 'Ace' },
  };
  const now = today();

  const employee = (who: { email: string; password: string; first: string }) =>
    employeeWithPassword(server, token, {
      email: who.email,
      password: who.password,
      firstName: who.first,
      lastName: 'Auditline',
    });
  const record = async (entity: string, recordId: number) =>
    (await api(server, `${entity}/${recordId}`, undefined, token)).item;
  const only = async (path: string) => (await api(server, path, undefined, token)).list[0];
  const form = (page: Page, entity: string) => page.locator(`[data-screen=form][data-entity=${entity}]`);
  const panel = (page: Page, key: string) => page.getByTestId(`children-${key}`);
  /** Where a section of the audit's page stands in its lifecycle (past, current, later), and its line while later. */
  const stageOf = (page: Page, key: string) => panel(page, key).getAttribute('data-stage');
  const opensLine = (page: Page, key: string) => page.getByTestId(`opens-${key}`).innerText();
  /** The day of a step taken today, as the stepper writes it (day/month/year). */
  const day = now.split('-').reverse().join('/');
  /** The audit's page: from the auditor's own audits, for the others from the open audits they take part in. */
  async function openAudit(page: Page) {
    if (page === pages.ada) await nav(page, 'My audits');
    else {
      await nav(page, 'Audit management');
      await tab(page, 'Fieldwork (open audits)');
    }
    await openRow(page, AUDIT);
    await form(page, 'audit-engagement').waitFor();
  }
  /** Adds a child of the record shown from its panel, and comes back to the record. */
  async function addChild(page: Page, key: string, entity: string, values: () => Promise<void>, shown: string) {
    await page.getByTestId(`add-${key}`).click();
    await form(page, entity).waitFor();
    await values();
    await save(page);
    await panel(page, key).getByText(shown).first().waitFor();
  }
  /** Opens a task of the person's pending audit tasks. */
  async function openTask(page: Page, text: string) {
    await nav(page, 'Audit management');
    await tab(page, 'My tasks: pending');
    await page.locator('[data-screen=audit-tasks] tr', { hasText: text }).getByRole('link').first().click();
  }
  async function decide(page: Page, name: string, field: string, value: string): Promise<void> {
    await transition(page, name).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(field).fill(value);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
  }
  const step = journeySteps('audit', pages);

  beforeAll(async () => {
    server = await startServer();
    const company = await companyWithExecutive(server, 'Auditline', 'exec-pass-12', ['audit-management']);
    token = (await api(server, 'auth/login', { email: company.email, password: company.password })).user.token;
    for (const [k, who] of Object.entries(people)) id[k] = await employee(who);
    browser = await launchChromium();
    pages.exec = await signedIn(browser, server.url, company);
    for (const [k, who] of Object.entries(people)) pages[k] = await signedIn(browser, server.url, who);
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  step(
    'plans: the module admin adds the annual audit plan and the audit with its auditor, manager and approver',
    async () => {
      const exec = pages.exec;
      await nav(exec, 'Audit management');
      await tab(exec, 'Planning');
      await exec.getByRole('tabpanel').getByRole('button', { name: 'Add', exact: true }).click();
      await form(exec, 'audit-plan').waitFor();
      await fill(exec, { name: 'Audit plan 2026', year: '2026' });
      await save(exec);
      await row(exec, 'Audit plan 2026').waitFor();

      await tab(exec, 'Fieldwork (open audits)');
      await exec.getByRole('tabpanel').getByRole('button', { name: 'Add', exact: true }).click();
      await form(exec, 'audit-engagement').waitFor();
      await fill(exec, { name: AUDIT });
      await pick(exec, 'auditPlanId', 'Audit plan 2026');
      await pick(exec, 'auditorId', 'Ada Auditline');
      await pick(exec, 'auditManagerId', 'Max Auditline');
      await pick(exec, 'approverId', 'Abe Auditline');
      await save(exec);
      await row(exec, AUDIT).waitFor();
      id.eng = (await only(`audit-engagement?name=${encodeURIComponent(AUDIT)}`)).id;
      await snap(exec, 'audit-01-planned');
    },
  );

  step(
    'notifies: the auditor writes the planning notification letter on the audit’s page and sends it to the auditee',
    async () => {
      const ada = pages.ada;
      await openAudit(ada);
      // the audit's page says where it stands: Planning, added by the module admin today; the planning sections open,
      // fieldwork's and reporting's folded to a line saying when they open
      await expect
        .poll(() => stepperOf(ada))
        .toEqual({
          Planning: { step: 'current', moved: `${day}, Exe Auditline` },
          Fieldwork: { step: 'upcoming', moved: null },
          Reporting: { step: 'upcoming', moved: null },
          Closed: { step: 'upcoming', moved: null },
        });
      expect(await stageOf(ada, 'notificationLetterList')).toBe('current');
      expect(await stageOf(ada, 'workingPaperList')).toBe('later');
      expect(await opensLine(ada, 'workingPaperList')).toBe('Opens in the “Fieldwork” stage');
      expect(await opensLine(ada, 'reportList')).toBe('Opens in the “Reporting” stage');
      await snap(ada, 'lifecycle-audit-planning');
      await addChild(
        ada,
        'notificationLetterList',
        'audit-notification-letter',
        async () => {
          await pick(ada, 'addresseeId', 'Ola Auditline');
          await fill(ada, {
            letterDate: now,
            subject: 'Planning notification',
            body: 'Procurement will be audited next week.',
          });
        },
        'Planning notification',
      );
      await panel(ada, 'notificationLetterList')
        .getByRole('link', { name: 'Planning notification', exact: true })
        .click();
      await form(ada, 'audit-notification-letter').waitFor();
      await transition(ada, 'Send notification').click();
      await expect.poll(() => stateOf(ada)).toBe('Sent');
      // the mail leaves after the call commits
      await expect
        .poll(() => server.mails().some((m) => m.includes(people.ola.email) && m.includes('Planning notification')))
        .toBe(true);
    },
  );

  step('scopes: the auditor writes the scope and sends it; the approver approves it from his tasks', async () => {
    const ada = pages.ada;
    await openAudit(ada);
    await addChild(
      ada,
      'scopeList',
      'audit-scope',
      () => fill(ada, { description: 'Purchase to pay, January to June' }),
      'Purchase to pay, January to June',
    );
    await panel(ada, 'scopeList').getByRole('link', { name: 'Purchase to pay, January to June', exact: true }).click();
    await form(ada, 'audit-scope').waitFor();
    await transition(ada, 'Send for approval').click();
    await expect.poll(() => stateOf(ada)).toBe('Pending Approval');

    const abe = pages.abe;
    await nav(abe, 'Audit management');
    await tab(abe, 'My tasks: pending');
    await abe.locator('[data-screen=audit-tasks] tr', { hasText: `${AUDIT} — Purchase to pay` }).waitFor();
    await snap(abe, 'audit-02-approver-pending');
    await abe.getByRole('link', { name: `${AUDIT} — Purchase to pay, January to June` }).click();
    await form(abe, 'audit-scope').waitFor();
    await transition(abe, 'Approve').click();
    await expect.poll(() => stateOf(abe)).toBe('Approved');
  });

  step(
    'builds the RACM: the auditor adds the matrix and its risk control, and sends it; the approver approves it',
    async () => {
      const ada = pages.ada;
      await openAudit(ada);
      // planning is done: the auditor starts the fieldwork on the audit's page, and the page follows
      await transition(ada, 'Start fieldwork').click();
      await expect.poll(() => stateOf(ada)).toBe('Fieldwork');
      await expect
        .poll(() => stepperOf(ada))
        .toEqual({
          Planning: { step: 'done', moved: `${day}, Exe Auditline` },
          Fieldwork: { step: 'current', moved: `${day}, Ada Auditline` },
          Reporting: { step: 'upcoming', moved: null },
          Closed: { step: 'upcoming', moved: null },
        });
      expect(await stageOf(ada, 'riskControlMatrixList')).toBe('current');
      expect(await stageOf(ada, 'scopeList')).toBe('past');
      expect(await stageOf(ada, 'reportList')).toBe('later');
      expect(await opensLine(ada, 'reportList')).toBe('Opens in the “Reporting” stage');
      await snap(ada, 'lifecycle-audit-fieldwork-en');
      await ada.selectOption('#language', 'bn');
      await expect.poll(() => opensLine(ada, 'reportList')).toBe('“প্রতিবেদন প্রণয়ন” পর্যায়ে খুলবে');
      expect(await ada.locator('[data-testid=stepper] [aria-current=step] .step-name').innerText()).toBe('মাঠপর্যায়ের কাজ');
      await snap(ada, 'lifecycle-audit-fieldwork-bn');
      await ada.selectOption('#language', 'en');
      await expect.poll(() => opensLine(ada, 'reportList')).toBe('Opens in the “Reporting” stage');
      await addChild(
        ada,
        'riskControlMatrixList',
        'audit-risk-control-matrix',
        () => fill(ada, { name: 'P2P RACM' }),
        'P2P RACM',
      );
      await panel(ada, 'riskControlMatrixList').getByRole('link', { name: 'P2P RACM', exact: true }).click();
      await form(ada, 'audit-risk-control-matrix').waitFor();
      await addChild(
        ada,
        'riskControlList',
        'audit-risk-control',
        async () => {
          await fill(ada, { name: 'Unauthorised payments', control: 'Two signatures above 10,000' });
          await ada.locator('#root_riskRating').selectOption('High');
          await ada.locator('#root_controlType').selectOption('Preventative');
        },
        'Unauthorised payments',
      );
      await transition(ada, 'Send for approval').click();
      await expect.poll(() => stateOf(ada)).toBe('Pending Approval');
      await openTask(pages.abe, `${AUDIT} — P2P RACM`);
      await form(pages.abe, 'audit-risk-control-matrix').waitFor();
      await transition(pages.abe, 'Approve').click();
      await expect.poll(() => stateOf(pages.abe)).toBe('Approved');
    },
  );

  step(
    'tests: a working paper with a finding; not approved with a reason, corrected, approved, reopened by the audit manager, approved again',
    async () => {
      const ada = pages.ada;
      await openAudit(ada);
      await addChild(
        ada,
        'workingPaperList',
        'audit-working-paper',
        () => fill(ada, { title: 'WP1 payment authorisation' }),
        'WP1 payment authorisation',
      );
      await addChild(
        ada,
        'findingList',
        'audit-finding',
        async () => {
          await fill(ada, { title: FINDING, observation: 'Three payments above the limit carried one signature.' });
          await ada.locator('#root_riskRating').selectOption('High');
          await pick(ada, 'auditWorkingPaperId', 'WP1 payment authorisation');
        },
        FINDING,
      );
      id.paper = (await only(`audit-working-paper?auditEngagementId=${id.eng}`)).id;
      id.finding = (await only(`audit-finding?auditEngagementId=${id.eng}`)).id;

      const openPaper = async (page: Page) => {
        await openAudit(page);
        await panel(page, 'workingPaperList')
          .getByRole('link', { name: 'WP1 payment authorisation', exact: true })
          .click();
        await form(page, 'audit-working-paper').waitFor();
      };
      const abe = pages.abe;
      const approve = async () => {
        await openTask(abe, `${AUDIT} — WP1 payment authorisation`);
        await form(abe, 'audit-working-paper').waitFor();
        await transition(abe, 'Approve').click();
        await expect.poll(() => stateOf(abe)).toBe('Approved');
      };
      await openPaper(ada);
      // the finding was raised on this paper
      await panel(ada, 'findingList').getByText(FINDING).waitFor();
      await transition(ada, 'Send for approval').click();
      await expect.poll(() => stateOf(ada)).toBe('Pending Approval');

      await openTask(abe, `${AUDIT} — WP1 payment authorisation`);
      await form(abe, 'audit-working-paper').waitFor();
      await decide(abe, 'Not approve', 'Reason', REASON);
      await expect.poll(() => stateOf(abe)).toBe('Not Approved');
      await abe.getByTestId('workflow-reason').getByText(REASON).waitFor();
      await snap(abe, 'audit-03-not-approved');

      await ada.reload();
      await ada.getByTestId('workflow-reason').getByText(REASON).waitFor();
      await fill(ada, { conclusion: 'Control not operating effectively; exceptions followed up with treasury' });
      await save(ada);
      await expect.poll(async () => (await record('audit-working-paper', id.paper)).conclusion).toMatch(/followed up/);
      await openPaper(ada);
      await transition(ada, 'Send for approval').click();
      await expect.poll(() => stateOf(ada)).toBe('Pending Approval');
      await approve();

      // reopened by the audit manager, sent and approved again
      const max = pages.max;
      await openPaper(max);
      await transition(max, 'Allow update').click();
      await expect.poll(() => stateOf(max)).toBe('Draft');
      await openPaper(ada);
      await transition(ada, 'Send for approval').click();
      await expect.poll(() => stateOf(ada)).toBe('Pending Approval');
      await approve();

      // what he decided is in his completed list
      await nav(abe, 'Audit management');
      await tab(abe, 'My tasks: completed');
      await abe.locator('[data-screen=audit-tasks] tr', { hasText: `Not Approved: ${REASON}` }).waitFor();
      expect(await abe.locator('[data-screen=audit-tasks] tr', { hasText: 'WP1 payment authorisation' }).count()).toBe(
        3,
      );
      await snap(abe, 'audit-04-approver-completed');
    },
  );

  step(
    'asks management: the manager validates the finding; the response owner answers with an action; the approver approves it',
    async () => {
      const max = pages.max;
      // the finding awaiting validation waits in the audit manager's My tasks: on the dashboard, then in the task list
      await max.goto(`${server.url}/app/dashboard/main`);
      const auditTasks = max.locator('[data-screen=dashboard-main] a[data-action=auditTasks]');
      await expect.poll(() => auditTasks.innerText()).toMatch(/: 1$/);
      await snap(max, 'audit-05a-finding-in-my-tasks');
      await auditTasks.click();
      await max.locator('[data-screen=audit-tasks] tr', { hasText: `${AUDIT} — ${FINDING}` }).waitFor();
      await snap(max, 'audit-05b-finding-task');
      await max.locator('[data-screen=audit-tasks] tr', { hasText: FINDING }).getByRole('link').first().click();
      await form(max, 'audit-finding').waitFor();
      await transition(max, 'Validate').click();
      await expect.poll(() => stateOf(max)).toBe('Validated');
      // decided: in his completed list with the decision, no longer pending
      await nav(max, 'Audit management');
      await tab(max, 'My tasks: completed');
      await max
        .locator('[data-screen=audit-tasks] tr', { hasText: FINDING })
        .filter({ hasText: 'Validated' })
        .waitFor();
      await tab(max, 'My tasks: pending');
      await max.locator('[data-screen=audit-tasks][data-status=Pending] :is(table, p.muted)').first().waitFor();
      expect(await max.locator('[data-screen=audit-tasks] tr', { hasText: FINDING }).count()).toBe(0);

      const ada = pages.ada;
      await openAudit(ada);
      await panel(ada, 'findingList').getByRole('link', { name: FINDING, exact: true }).click();
      await form(ada, 'audit-finding').waitFor();
      await ada.getByTestId('add-responseList').click();
      await form(ada, 'audit-management-response').waitFor();
      await pick(ada, 'responseOwnerId', 'Ola Auditline');
      await fill(ada, { dueDate: now });
      await save(ada);
      await panel(ada, 'responseList').getByRole('link').first().waitFor();

      const ola = pages.ola;
      await openTask(ola, FINDING);
      await form(ola, 'audit-management-response').waitFor();
      await addChild(
        ola,
        'actionList',
        'audit-management-action',
        async () => {
          await fill(ola, { action: ACTION, dueDate: now });
          await pick(ola, 'actionOwnerId', 'Ace Auditline');
        },
        ACTION,
      );
      await decide(ola, 'Send response', 'Response', 'Agreed; IT configures dual approval by May');
      await expect.poll(() => stateOf(ola)).toBe('Sent');
      const response = await only(`audit-management-response?auditEngagementId=${id.eng}`);
      expect(response).toMatchObject({ responseOwnerId: id.ola, status: 'Sent' });
      id.action = (await only(`audit-management-action?auditEngagementId=${id.eng}`)).id;

      await openTask(pages.abe, FINDING);
      await form(pages.abe, 'audit-management-response').waitFor();
      await transition(pages.abe, 'Approve').click();
      await expect.poll(() => stateOf(pages.abe)).toBe('Approved');
    },
  );

  step(
    'reports: the audit manager moves the audit to reporting, the auditor submits the draft; the manager makes the final report, a PDF naming the audit and its finding',
    async () => {
      // the audit manager moves the audit on from fieldwork; the auditor finds it at its reporting stage
      await openAudit(pages.max);
      await transition(pages.max, 'Start reporting').click();
      await expect.poll(() => stateOf(pages.max)).toBe('Reporting');
      const ada = pages.ada;
      await openAudit(ada);
      await expect
        .poll(() => stepperOf(ada))
        .toEqual({
          Planning: { step: 'done', moved: `${day}, Exe Auditline` },
          Fieldwork: { step: 'done', moved: `${day}, Ada Auditline` },
          Reporting: { step: 'current', moved: `${day}, Max Auditline` },
          Closed: { step: 'upcoming', moved: null },
        });
      expect(await stageOf(ada, 'reportList')).toBe('current');
      expect(await stageOf(ada, 'workingPaperList')).toBe('past');
      expect(await ada.locator('[data-stage=later]').count()).toBe(0);
      await snap(ada, 'lifecycle-audit-reporting-en');
      await ada.selectOption('#language', 'bn');
      await expect
        .poll(() => ada.locator('[data-testid=stepper] [aria-current=step] .step-name').innerText())
        .toBe('প্রতিবেদন প্রণয়ন');
      await snap(ada, 'lifecycle-audit-reporting-bn');
      await ada.selectOption('#language', 'en');
      await addChild(
        ada,
        'reportList',
        'audit-report',
        () => fill(ada, { title: 'Procurement audit report', executiveSummary: 'Payments need a second signature.' }),
        'Procurement audit report',
      );
      await panel(ada, 'reportList').getByRole('link', { name: 'Procurement audit report', exact: true }).click();
      await form(ada, 'audit-report').waitFor();
      await transition(ada, 'Submit draft').click();
      await expect.poll(() => stateOf(ada)).toBe('Submitted Draft');

      const max = pages.max;
      await nav(max, 'Audit reports');
      await openRow(max, 'Procurement audit report');
      await form(max, 'audit-report').waitFor();
      await transition(max, 'Make final report').click();
      await expect.poll(() => stateOf(max)).toBe('Final');
      // the PDF is offered for download on the report itself
      await max
        .getByTestId('file-finalReportFileId')
        .getByRole('link', { name: /Procurement audit report\.pdf/ })
        .waitFor();
      await snap(max, 'audit-05-final-report');
      const report = await only(`audit-report?auditEngagementId=${id.eng}`);
      const res = await fetch(`${server.url}/api/v1/file/${report.finalReportFileId}`, { headers: { token } });
      expect(res.headers.get('content-type')).toBe('application/pdf');
      const text = pdfText(new Uint8Array(await res.arrayBuffer()));
      expect(text).toContain(AUDIT);
      expect(text).toContain(FINDING);
    },
  );

  step(
    'follows up: the action owner starts the management action and reports progress, the auditor closes it; it moves from the open to the closed tracker',
    async () => {
      const ace = pages.ace;
      await nav(ace, 'Audit management');
      await tab(ace, 'Open management actions');
      await openRow(ace, ACTION);
      await form(ace, 'audit-management-action').waitFor();
      await transition(ace, 'Start').click();
      await expect.poll(() => stateOf(ace)).toBe('In progress');
      // the action is not his to edit: he reports its progress
      await ace.getByTestId('read-only').waitFor();
      const progress = ace.getByTestId('patch-update-progress');
      await progress.getByLabel('Progress (%)').fill('60');
      await progress.getByLabel('Progress comment').fill('Dual approval configured for the main account');
      await progress.getByRole('button', { name: 'Report progress' }).click();
      await expect.poll(async () => (await record('audit-management-action', id.action)).progress).toBe(60);
      await expect.poll(() => progress.getByLabel('Progress (%)').inputValue()).toBe('60');
      await snap(ace, 'audit-06-action-progress');

      const ada = pages.ada;
      await nav(ada, 'Audit management');
      await tab(ada, 'Open management actions');
      await openRow(ada, ACTION);
      await form(ada, 'audit-management-action').waitFor();
      await transition(ada, 'Close').click();
      await expect.poll(() => stateOf(ada)).toBe('Closed');
      await nav(ada, 'Audit management');
      await tab(ada, 'Closed management actions');
      await row(ada, ACTION).waitFor();
      await tab(ada, 'Open management actions');
      await ada.getByRole('tabpanel').locator('[data-screen=list]').waitFor();
      await expect.poll(() => row(ada, ACTION).count()).toBe(0);
      expect(await record('audit-management-action', id.action)).toMatchObject({
        status: 'Closed',
        progress: 100,
        progressComment: 'Dual approval configured for the main account',
      });
      await snap(ada, 'audit-07-action-closed');
    },
  );

  step(
    'follows the audit up: a follow-up plan checks the closed action; its work approved, the follow-up audit report shows it',
    async () => {
      const exec = pages.exec;
      await nav(exec, 'Follow-up plans');
      await exec.getByRole('button', { name: 'Add', exact: true }).click();
      await form(exec, 'audit-follow-up-plan').waitFor();
      await pick(exec, 'auditPlanId', 'Audit plan 2026');
      await fill(exec, { name: 'Follow-up of procurement' });
      await pick(exec, 'auditEngagementId', AUDIT);
      await pick(exec, 'auditorId', 'Ada Auditline');
      await pick(exec, 'auditManagerId', 'Max Auditline');
      await pick(exec, 'approverId', 'Abe Auditline');
      await save(exec);
      await row(exec, 'Follow-up of procurement').waitFor();

      const ada = pages.ada;
      await nav(ada, 'Follow-up plans');
      await openRow(ada, 'Follow-up of procurement');
      await form(ada, 'audit-follow-up-plan').waitFor();
      await addChild(
        ada,
        'workList',
        'audit-follow-up-work',
        async () => {
          await fill(ada, {
            name: 'Re-test payment approvals',
            workDone: 'Sampled 25 payments above the limit after May',
            conclusion: 'All carried two signatures',
          });
          await pick(ada, 'auditManagementActionId', ACTION);
        },
        'Re-test payment approvals',
      );
      await panel(ada, 'workList').getByRole('link', { name: 'Re-test payment approvals', exact: true }).click();
      await form(ada, 'audit-follow-up-work').waitFor();
      await transition(ada, 'Send for approval').click();
      await expect.poll(() => stateOf(ada)).toBe('Pending Approval');
      await openTask(pages.abe, 'Re-test payment approvals');
      await form(pages.abe, 'audit-follow-up-work').waitFor();
      await transition(pages.abe, 'Approve').click();
      await expect.poll(() => stateOf(pages.abe)).toBe('Approved');

      const max = pages.max;
      await nav(max, 'Follow-up audit reports');
      await openRow(max, 'Follow-up of procurement');
      await form(max, 'audit-follow-up-plan').waitFor();
      // a report to read, not a form to edit
      await max.getByTestId('read-only').waitFor();
      expect(await max.getByRole('button', { name: 'Save' }).count()).toBe(0);
      await panel(max, 'workList').getByText('Re-test payment approvals').waitFor();
      // nothing is added from a report
      expect(await panel(max, 'workList').getByTestId('add-workList').count()).toBe(0);
      expect(await only('audit-follow-up-work?sort=id')).toMatchObject({
        status: 'Approved',
        auditManagementActionId: id.action,
      });
      await snap(max, 'audit-08-follow-up-report');
    },
  );

  step(
    'asks outside: the auditor writes the questionnaire and sends it; an auditee who never signs in answers through the mailed link',
    async () => {
      const ada = pages.ada;
      await openAudit(ada);
      await addChild(
        ada,
        'questionnaireAreaList',
        'audit-questionnaire-area',
        () => fill(ada, { name: 'Payments' }),
        'Payments',
      );
      await panel(ada, 'questionnaireAreaList').getByRole('link', { name: 'Payments', exact: true }).click();
      await form(ada, 'audit-questionnaire-area').waitFor();
      await addChild(
        ada,
        'questionList',
        'audit-questionnaire-question',
        async () => {
          await fill(ada, { question: 'Who releases payments?' });
          await ada.locator('#root_answerType').selectOption('Text');
        },
        'Who releases payments?',
      );

      await openAudit(ada);
      await addChild(
        ada,
        'questionnaireRecipientList',
        'audit-questionnaire-recipient',
        () => fill(ada, { name: 'Tess Treasury', email: 'tess@treasury.example' }),
        'Tess Treasury',
      );
      await panel(ada, 'questionnaireRecipientList').getByRole('link', { name: 'Tess Treasury', exact: true }).click();
      await form(ada, 'audit-questionnaire-recipient').waitFor();
      await ada.getByRole('button', { name: 'Send link' }).click();
      await ada.getByTestId('share-sent').getByText('Link sent to tess@treasury.example').waitFor();
      for (let i = 0; i < 50 && !server.mails().some((m) => m.includes('To: tess@treasury.example')); i++)
        await new Promise((r) => setTimeout(r, 100));
      const link = /(http\S+\/questionnaire\/auth#token=[A-Za-z0-9_-]+)/.exec(
        server
          .mails()
          .reverse()
          .find((m) => m.includes('To: tess@treasury.example'))!,
      )![1];
      const tess = await (await browser.newContext({ viewport: { width: 1000, height: 900 } })).newPage();
      await tess.goto(link.replace(/^https?:\/\/[^/]+/, server.url));
      await tess.waitForURL(`**/questionnaire/complete/${id.eng}/*`);
      await tess.getByLabel('Who releases payments?').fill('Two treasury officers together');
      await tess.getByLabel('Who releases payments?').blur();
      await tess.getByText('(saved)').waitFor();
      await tess.getByRole('button', { name: 'Submit answers' }).click();
      await tess.getByTestId('public-flow-success').waitFor();

      // the answers, from the recipient's page
      await ada.reload();
      await panel(ada, 'answerList').getByRole('link', { name: 'Open the list', exact: true }).click();
      await ada.getByRole('gridcell', { name: 'Two treasury officers together' }).waitFor();
      await snap(ada, 'audit-09-questionnaire-answered');
    },
  );

  step('closes the audit once its report is final', async () => {
    const max = pages.max;
    await openAudit(max);
    await transition(max, 'Close').click();
    await expect.poll(() => stateOf(max)).toBe('Closed');
    expect((await record('audit-engagement', id.eng)).status).toBe('Closed');
    await expect
      .poll(() => stepperOf(max))
      .toEqual({
        Planning: { step: 'done', moved: `${day}, Exe Auditline` },
        Fieldwork: { step: 'done', moved: `${day}, Ada Auditline` },
        Reporting: { step: 'done', moved: `${day}, Max Auditline` },
        Closed: { step: 'current', moved: `${day}, Max Auditline` },
      });
    expect(await stageOf(max, 'reportList')).toBe('past');
    await snap(max, 'audit-10-closed');
  });
});
