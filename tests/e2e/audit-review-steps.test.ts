import { afterAll, beforeAll, describe, expect } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { today } from '../../engine/hooks/performance/quarter-windows.ts';
import { api, companyWithExecutive, employeeWithPassword } from './support/api-setup.ts';
import { browserSkipReason, launchChromium } from './support/browser.ts';
import { journeySteps, signedIn } from './support/journey.ts';
import { startServer, type RunningServer } from './support/server-process.ts';
import { nav, snap, stateOf, tab, transition } from './support/screens.ts';

const skip = browserSkipReason();
const AUDIT = 'Spinning 2026';
const FINDING = 'Maintenance logs not signed';
const REASON = 'Name the looms concerned';
const REPORT = 'Spinning audit report';

/**
 * The audit manager's steps by clicks, as a walk of the audit journey met them: he opens a finding from his tasks
 * and may validate or reject it, not rewrite it; the rejected finding waits in its auditor's tasks with the reason,
 * is reworked and resubmitted; once validated only its issue status stays open; the draft report submitted to him
 * waits in his tasks and on his dashboard; the task lists word decisions and untitled items in the reader's language.
 * The API arranges the company, the audit, the finding and the draft report.
 */
describe.skipIf(skip)('audit review steps: what the audit manager and the auditor see', () => {
  let server: RunningServer;
  let browser: Browser;
  const pages: Record<string, Page> = {};
  let token: string; // the module admin's
  const id: Record<string, number> = {};
  const people = {
    ada: { email: 'ada@review.example', password: 'ada-pass-1234', firstName: 'Ada', lastName: 'Auditor' },
    max: { email: 'max@review.example', password: 'max-pass-1234', firstName: 'Max', lastName: 'Manager' },
    abe: { email: 'abe@review.example', password: 'abe-pass-1234', firstName: 'Abe', lastName: 'Approver' },
  };
  const now = today();
  const first = (d: Record<string, { id: number }>) => Object.values(d)[0];
  const as = async (k: keyof typeof people) =>
    (await api(server, 'auth/login', { email: people[k].email, password: people[k].password })).user.token as string;
  const record = async (entity: string, recordId: number) =>
    (await api(server, `${entity}/${recordId}`, undefined, token)).item;
  const form = (page: Page, entity: string) => page.locator(`[data-screen=form][data-entity=${entity}]`);
  const taskRow = (page: Page, text: string) => page.locator('[data-screen=audit-tasks] tr', { hasText: text });
  async function tasks(page: Page, which: 'My tasks: pending' | 'My tasks: completed') {
    await nav(page, 'Audit management');
    await tab(page, which);
    await page.locator('[data-screen=audit-tasks] :is(table, p.muted)').first().waitFor();
  }

  const step = journeySteps('audit6', pages);

  beforeAll(async () => {
    server = await startServer();
    const company = await companyWithExecutive(server, 'Reviewline', 'exec-pass-12', ['audit-management']);
    token = (await api(server, 'auth/login', { email: company.email, password: company.password })).user.token;
    for (const [k, who] of Object.entries(people)) id[k] = await employeeWithPassword(server, token, who);
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
          observation: '3 of 10 logs had no sign-off.',
          riskRating: 'High',
        },
        ada,
      ),
    ).id;
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  step(
    'the audit manager opens the finding from his tasks: he validates or rejects it, he does not edit it',
    async () => {
      const max = pages.max;
      await tasks(max, 'My tasks: pending');
      await taskRow(max, `${AUDIT} — ${FINDING}`).getByRole('link').click();
      await form(max, 'audit-finding').waitFor();
      await max.getByTestId('read-only').waitFor();
      expect(await max.getByRole('button', { name: 'Save', exact: true }).count()).toBe(0);
      expect(await max.getByRole('button', { name: 'Delete', exact: true }).count()).toBe(0);
      expect(await max.locator('#root_observation').isEditable()).toBe(false);
      await transition(max, 'Validate').waitFor();
      await snap(max, 'audit6-finding-task-en');
      await transition(max, 'Reject').click();
      const dialog = max.getByRole('dialog');
      await dialog.getByLabel('Reason').fill(REASON);
      await dialog.getByRole('button', { name: 'Confirm' }).click();
      await expect.poll(() => stateOf(max)).toBe('Rejected');
      expect((await record('audit-finding', id.finding)).observation).toBe('3 of 10 logs had no sign-off.');
    },
  );

  step('the rejected finding waits in its auditor’s tasks with the reason; she reworks and resubmits it', async () => {
    const ada = pages.ada;
    await ada.goto(`${server.url}/app/dashboard/main`);
    const auditTasks = ada.locator('[data-screen=dashboard-main] a[data-action=auditTasks]');
    await expect.poll(() => auditTasks.innerText()).toMatch(/: 1$/);
    await auditTasks.click();
    await taskRow(ada, FINDING).filter({ hasText: 'Auditor' }).getByRole('link').click();
    await form(ada, 'audit-finding').waitFor();
    await ada.getByTestId('workflow-reason').getByText(REASON).waitFor();
    await ada.locator('#root_observation').fill('3 of 10 logs of looms L4 and L7 had no sign-off.');
    await ada.getByRole('button', { name: 'Save', exact: true }).click();
    await expect
      .poll(async () => (await record('audit-finding', id.finding)).observation)
      .toBe('3 of 10 logs of looms L4 and L7 had no sign-off.');
    await snap(ada, 'audit6-finding-rework-en');
    await ada.goto(`${server.url}/app/audit-management/finding/edit?id=${id.finding}`);
    await form(ada, 'audit-finding').waitFor();
    await transition(ada, 'Resubmit').click();
    await expect.poll(() => stateOf(ada)).toBe('Awaiting Validation');
    await tasks(ada, 'My tasks: completed');
    await taskRow(ada, FINDING).filter({ hasText: 'Awaiting Validation' }).waitFor();
  });

  step(
    'validated, the finding is locked: only its issue status can still change, for the manager and the auditor',
    async () => {
      const max = pages.max;
      await tasks(max, 'My tasks: pending');
      await taskRow(max, FINDING).getByRole('link').click();
      await form(max, 'audit-finding').waitFor();
      await transition(max, 'Validate').click();
      await expect.poll(() => stateOf(max)).toBe('Validated');
      for (const page of [max, pages.ada]) {
        await page.goto(`${server.url}/app/audit-management/finding/edit?id=${id.finding}`);
        await form(page, 'audit-finding').waitFor();
        await expect.poll(() => stateOf(page)).toBe('Validated');
        expect(await page.locator('#root_observation').isEditable()).toBe(false);
        expect(await page.locator('#root_riskRating').isEditable()).toBe(false);
        expect(await page.locator('#root_auditIssueStatusId').isEditable()).toBe(true);
      }
      await snap(max, 'audit6-finding-validated-en');
    },
  );

  step(
    'the draft report submitted to the audit manager is in his tasks and on his dashboard, and opens the report',
    async () => {
      const ada = await as('ada');
      await api(server, 'audit-engagement/start-fieldwork', { id: id.eng }, ada);
      await api(server, 'audit-engagement/start-reporting', { id: id.eng }, ada);
      id.report = first(await api(server, 'audit-report/add', { auditEngagementId: id.eng, title: REPORT }, ada)).id;
      await api(server, 'audit-report/submit-draft', { id: id.report }, ada);

      const max = pages.max;
      await max.goto(`${server.url}/app/dashboard/main`);
      const auditTasks = max.locator('[data-screen=dashboard-main] a[data-action=auditTasks]');
      await expect.poll(() => auditTasks.innerText()).toMatch(/: 1$/);
      await auditTasks.click();
      await taskRow(max, `${AUDIT} — ${REPORT}`).filter({ hasText: 'Audit report' }).waitFor();
      await snap(max, 'audit6-report-in-tasks-en');
      await taskRow(max, REPORT).getByRole('link').click();
      await form(max, 'audit-report').waitFor();
      await transition(max, 'Make final report').waitFor();
      await transition(max, 'Return draft').click();
      await expect.poll(() => stateOf(max)).toBe('Draft');
      await tasks(max, 'My tasks: completed');
      await taskRow(max, REPORT).filter({ hasText: 'Draft' }).waitFor();
      await taskRow(max, FINDING)
        .filter({ hasText: `Rejected: ${REASON}` })
        .waitFor();
    },
  );

  step('the task lists word decisions and untitled items in the reader’s language', async () => {
    const max = pages.max;
    await max.selectOption('#language', 'bn');
    await nav(max, 'অডিট ব্যবস্থাপনা');
    await tab(max, 'আমার কাজ: সম্পন্ন');
    await taskRow(max, FINDING)
      .filter({ hasText: `প্রত্যাখ্যাত: ${REASON}` })
      .waitFor();
    await taskRow(max, FINDING).filter({ hasText: 'যাচাইকৃত' }).waitFor();
    await taskRow(max, REPORT).filter({ hasText: 'খসড়া' }).waitFor();
    const words = await max.locator('[data-screen=audit-tasks] tbody').innerText();
    for (const english of ['Rejected', 'Validated', 'Draft']) expect(words).not.toContain(english);
    await snap(max, 'audit6-tasks-completed-bn');
    await taskRow(max, FINDING).filter({ hasText: 'যাচাইকৃত' }).getByRole('link').click();
    await form(max, 'audit-finding').waitFor();
    await expect.poll(() => stateOf(max)).toBe('যাচাইকৃত');
    expect(await max.locator('#root_observation').isEditable()).toBe(false);
    await snap(max, 'audit6-finding-validated-bn');

    // a survey response has no title of its own: its audit and its kind name it, in Bangla
    const survey = first(await api(server, 'customer-satisfaction-survey/add', { name: 'Auditee survey' }, token)).id;
    const ada = await as('ada');
    const response = first(
      await api(
        server,
        'audit-survey-response/add',
        { auditEngagementId: id.eng, customerSatisfactionSurveyId: survey, receiverId: id.abe },
        ada,
      ),
    ).id;
    await api(server, 'audit-survey-response/send-survey', { id: response }, ada);
    const abe = pages.abe;
    await abe.selectOption('#language', 'bn');
    await nav(abe, 'অডিট ব্যবস্থাপনা');
    await tab(abe, 'আমার কাজ: অপেক্ষমাণ');
    await taskRow(abe, `${AUDIT} — গ্রাহক সন্তুষ্টি জরিপ`).waitFor();
    expect(await abe.locator('[data-screen=audit-tasks] tbody').innerText()).not.toContain('Survey response');
    await snap(abe, 'audit6-tasks-pending-bn');
    await abe.selectOption('#language', 'en');
    await max.selectOption('#language', 'en');
  });
});
