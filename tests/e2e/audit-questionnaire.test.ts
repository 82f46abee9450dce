import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import axe from 'axe-core';
import { api, companyWithExecutive, employeeWithPassword } from './support/api-setup.ts';
import { browserSkipReason, launchChromium } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server-process.ts';
import { nav, openRow, signIn, snap } from './support/screens.ts';

const skip = browserSkipReason();

/** Serious and critical accessibility violations on the page as it is. */
async function violations(page: Page, name: string): Promise<string[]> {
  await page.evaluate(axe.source);
  const result = await page.evaluate(async () =>
    (window as unknown as { axe: typeof axe }).axe.run(document, { resultTypes: ['violations'] }),
  );
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${name}: ${v.id} ${v.help} (${v.nodes.length})`);
}

describe.skipIf(skip)(
  'audit questionnaire: the auditor sends it, an outside auditee answers through the e-mailed link',
  () => {
    let server: RunningServer;
    let browser: Browser;
    let auditor: Page;
    let auditee: Page; // a fresh browser context: never signed in
    let engagementId: number;
    const ann = { email: 'ann@auditline.example', password: 'ann-pass-1234' };
    const PAT = 'pat@auditee.example';

    beforeAll(async () => {
      server = await startServer();
      const company = await companyWithExecutive(server, 'Auditline', 'exec-pass-12', ['audit-management']);
      const token = (await api(server, 'auth/login', { email: company.email, password: company.password })).user.token;
      const annId = await employeeWithPassword(server, token, { ...ann, firstName: 'Ann', lastName: 'Auditor' });
      const plan = (await api(server, 'audit-plan/add', { name: 'Plan 2027', year: 2027 }, token)).item;
      const execId = (await api(server, `employee?email=${encodeURIComponent(company.email)}`, undefined, token))
        .list[0].id;
      engagementId = (
        await api(
          server,
          'audit-engagement/add',
          { name: 'Payroll audit', auditPlanId: plan.id, auditorId: annId, auditManagerId: execId, approverId: execId },
          token,
        )
      ).item.id;
      const area = (
        await api(server, 'audit-questionnaire-area/add', { auditEngagementId: engagementId, name: 'Controls' }, token)
      ).item;
      await api(
        server,
        'audit-questionnaire-question/add',
        { auditQuestionnaireAreaId: area.id, question: 'How are payroll changes approved?', answerType: 'Text' },
        token,
      );
      await api(
        server,
        'audit-questionnaire-question/add',
        { auditQuestionnaireAreaId: area.id, question: 'Is there a four-eyes check?', answerType: 'Yes/No' },
        token,
      );
      browser = await launchChromium();
      auditor = await (await browser.newContext({ viewport: { width: 1400, height: 1000 } })).newPage();
      auditee = await (await browser.newContext({ viewport: { width: 1000, height: 900 } })).newPage();
    }, 180_000);
    afterAll(async () => {
      await browser?.close();
      await server?.stop();
    });

    it('the auditor adds the auditee and sends the link', async () => {
      await signIn(auditor, server.url, ann.email, ann.password);
      await nav(auditor, 'My audits');
      await openRow(auditor, 'Payroll audit');
      // the audit's page lists its questionnaire's recipients, and adds one
      await auditor.getByTestId('add-questionnaireRecipientList').click();
      await auditor.fill('#root_name', 'Pat Payroll');
      await auditor.fill('#root_email', PAT);
      await auditor.getByRole('button', { name: 'Save' }).click();
      await auditor
        .getByTestId('children-questionnaireRecipientList')
        .getByRole('link', { name: 'Open the list' })
        .click();
      await auditor.getByRole('gridcell', { name: 'Not Sent', exact: true }).waitFor();
      await auditor.getByRole('link', { name: 'Edit Pat Payroll' }).click();
      await auditor.getByRole('button', { name: 'Send link' }).click();
      await auditor.getByTestId('share-sent').getByText(`Link sent to ${PAT}`).waitFor();
      await auditor.getByRole('button', { name: 'Send a new link' }).waitFor();
      await snap(auditor, 'audit-questionnaire-01-sent');
    });

    it('the auditee opens the e-mailed link, answers as they go, and submits once', async () => {
      for (let i = 0; i < 50 && !server.mails().some((m) => m.includes(`To: ${PAT}`)); i++)
        await new Promise((r) => setTimeout(r, 100));
      const mail = server
        .mails()
        .reverse()
        .find((m) => m.includes(`To: ${PAT}`))!;
      const link = /(http\S+\/questionnaire\/auth#token=[A-Za-z0-9_-]+)/.exec(mail)![1];
      await auditee.goto(link.replace(/^https?:\/\/[^/]+/, server.url));
      await auditee.waitForURL(`**/app/audit-management/questionnaire/complete/${engagementId}/*`);
      // the token left the address as soon as it was read
      expect(auditee.url()).not.toContain('token');
      await auditee.getByRole('heading', { name: 'Audit questionnaire: Payroll audit' }).waitFor();
      expect(await violations(auditee, 'questionnaire')).toEqual([]);
      await auditee.getByLabel('How are payroll changes approved?').fill('By the HR lead and finance');
      await auditee.getByLabel('How are payroll changes approved?').blur();
      await auditee
        .getByRole('radiogroup', { name: /four-eyes/ })
        .getByLabel('Yes')
        .check();
      await expect.poll(() => auditee.getByText('(saved)').count()).toBe(2);
      // answers are kept: a reload shows them again
      await auditee.reload();
      await expect
        .poll(() => auditee.getByLabel('How are payroll changes approved?').inputValue())
        .toBe('By the HR lead and finance');
      await snap(auditee, 'audit-questionnaire-02-answers');
      // an answer changed and Submit clicked straight from its box: the one click saves it and submits
      await auditee.getByLabel('How are payroll changes approved?').fill('By the HR lead and finance, in writing');
      await auditee.getByRole('button', { name: 'Submit answers' }).click();
      await auditee.getByTestId('public-flow-success').waitFor({ timeout: 10_000 });
      // the link is used up
      await auditee.goto(link.replace(/^https?:\/\/[^/]+/, server.url));
      await auditee.getByText(/already been submitted/).waitFor();
    });

    it('the auditor sees the answers and the recipient as submitted', async () => {
      // the recipient's page says it was answered, and leads to the answers
      await auditor.reload();
      await auditor.getByText(/Answered on/).waitFor();
      await auditor.getByTestId('children-answerList').getByRole('link', { name: 'Open the list' }).click();
      await auditor.getByRole('gridcell', { name: 'By the HR lead and finance, in writing' }).waitFor();
      await auditor.getByRole('gridcell', { name: 'Yes', exact: true }).waitFor();
      await nav(auditor, 'My audits');
      await openRow(auditor, 'Payroll audit');
      await auditor
        .getByTestId('children-questionnaireRecipientList')
        .getByRole('link', { name: 'Open the list' })
        .click();
      await auditor.getByRole('gridcell', { name: 'Submitted', exact: true }).waitFor();
      await snap(auditor, 'audit-questionnaire-03-responses');
    });
  },
);
