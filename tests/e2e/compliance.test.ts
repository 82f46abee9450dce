import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import axe from 'axe-core';
import { addDays, addMonths } from '../../engine/hooks/compliance-management/compliance-dates.ts';
import { today } from '../../engine/hooks/performance/quarter-windows.ts';
import { api, companyWithExecutive, employeeWithPassword } from './support/api-setup.ts';
import { appDay } from '../support/iso-day.ts';
import { browserSkipReason, launchChromium } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server-process.ts';
import { nav, openRow, row, signIn, snap, tab } from './support/screens.ts';

const skip = browserSkipReason();

/** Serious and critical accessibility violations on the page as it is. */
async function violations(page: Page, name: string): Promise<string[]> {
  await page.evaluate(axe.source); // through the debugger, not a script tag: the page keeps its Content-Security-Policy
  const result = await page.evaluate(async () =>
    (window as unknown as { axe: typeof axe }).axe.run(document, { resultTypes: ['violations'] }),
  );
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${name}: ${v.id} ${v.help} (${v.nodes.length})`);
}
const ACTIVITY = 'Monthly payroll return';
const REASON = 'The receipt is not stamped';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);

describe.skipIf(skip)(
  'compliance: a member submits with evidence, the approver declines, the member resubmits, the approver processes',
  () => {
    let server: RunningServer;
    let browser: Browser;
    let member: Page; // Mia, on the payroll compliance team
    let approver: Page; // Abe, the activity's approver
    let token: string;
    let activityId: number;
    let submissionId: number;
    const mia = { email: 'mia@compliline.example', password: 'mia-pass-1234' };
    const abe = { email: 'abe@compliline.example', password: 'abe-pass-1234' };
    const now = today();

    /** An employee who has set a password through the reset mail. */
    const employee = (who: { email: string; password: string }, firstName: string) =>
      employeeWithPassword(server, token, { ...who, firstName, lastName: 'Compliline' });
    const activity = async () =>
      (await api(server, `compliance-activity/${activityId}`, undefined, token)).complianceActivity;
    const state = (page: Page) => page.getByTestId('workflow-state').innerText();
    const workflowButton = (page: Page, name: string) =>
      page.getByTestId('workflow').getByRole('button', { name, exact: true });

    beforeAll(async () => {
      server = await startServer();
      const company = await companyWithExecutive(server, 'Compliline', 'exec-pass-12', ['compliance-management']);
      token = (await api(server, 'auth/login', { email: company.email, password: company.password })).user.token;
      const miaId = await employee(mia, 'Mia');
      const abeId = await employee(abe, 'Abe');
      const team = (await api(server, 'compliance-team/add', { name: 'Payroll compliance' }, token)).complianceTeam;
      await api(server, 'compliance-team-member/add', { complianceTeamId: team.id, employeeId: miaId }, token);
      activityId = (
        await api(
          server,
          'compliance-activity/add',
          {
            name: ACTIVITY,
            complianceTeamId: team.id,
            approverId: abeId,
            frequency: 'Monthly',
            lastComplianceDate: addMonths(now, -1),
            nextComplianceDate: addDays(now, 3),
          },
          token,
        )
      ).complianceActivity.id;
      browser = await launchChromium();
      member = await (await browser.newContext({ viewport: { width: 1400, height: 1000 } })).newPage();
      approver = await (await browser.newContext({ viewport: { width: 1400, height: 1000 } })).newPage();
    }, 180_000);
    afterAll(async () => {
      await browser?.close();
      await server?.stop();
    });

    it('shows the member the activity as a required action, due soon', async () => {
      await signIn(member, server.url, mia.email, mia.password);
      await nav(member, 'Compliance management');
      await tab(member, 'Required actions');
      const row = member.locator(`[data-screen=compliance-required-actions] tr[data-activity-id="${activityId}"]`);
      await row.getByText(ACTIVITY).waitFor();
      await row.getByText('Due soon').waitFor();
      expect(await member.getByTestId('required-action-count').innerText()).toBe('1');
      expect(await violations(member, 'required actions')).toEqual([]);
      await snap(member, 'compliance-01-required-actions');
    });

    it('lets the member start a submission, attach evidence and submit it', async () => {
      await member
        .locator(`tr[data-activity-id="${activityId}"]`)
        .getByRole('button', { name: 'Start a submission' })
        .click();
      await member.waitForURL('**/app/compliance-management/edit-submission?id=*');
      submissionId = Number(new URL(member.url()).searchParams.get('id'));
      await member.locator('[data-screen=form][data-entity=compliance-submission]').waitFor();
      expect(await state(member)).toBe('Draft');
      // only the member's own transition is offered
      expect(await workflowButton(member, 'Process').count()).toBe(0);
      // no evidence yet: Submit is not offered, and the page says what it waits for (the server refuses it too)
      expect(await workflowButton(member, 'Submit').count()).toBe(0);
      await member
        .getByTestId('workflow-awaiting-submit')
        .filter({
          hasText: '“Submit” is possible only when at least one evidence file (a PDF or an image) is attached',
        })
        .waitFor();
      // the file control in the app's words, naming the files it takes
      const evidence = member.getByTestId('children-evidenceList');
      await evidence.getByRole('button', { name: 'Choose a file' }).waitFor();
      await evidence.getByText('Accepted: PDF, PNG, JPEG, GIF, or WebP, at most 5.00 MB').waitFor();
      await member
        .locator('#attach-evidenceList')
        .setInputFiles({ name: 'payroll-return.pdf', mimeType: 'application/pdf', buffer: PDF });
      await member.getByTestId('children-evidenceList').getByText('payroll-return.pdf').waitFor();
      await workflowButton(member, 'Submit').click();
      await expect.poll(() => state(member)).toBe('Submitted');
      // the evidence stays listed after the transition; nothing more is attached to a submitted submission
      await member.getByTestId('children-evidenceList').getByText('payroll-return.pdf').waitFor();
      expect(await member.locator('#attach-evidenceList').count()).toBe(0);
      // whose turn it is, by name: the approver the submission names
      await member
        .getByTestId('workflow-next')
        .filter({ hasText: 'Next step: “Process” or “Decline”; Abe Compliline takes it' })
        .waitFor();
      const submission = (await api(server, `compliance-submission/${submissionId}`, undefined, token))
        .complianceSubmission;
      expect(submission).toMatchObject({ status: 'Submitted', complianceDate: now });
      expect(submission.evidenceList.map((e: Record<string, unknown>) => [e.name, e.mimeType])).toEqual([
        ['payroll-return.pdf', 'application/pdf'],
      ]);
      expect(submission.evidenceList[0].sha256).toMatch(/^[0-9a-f]{64}$/);
      expect((await activity()).nextComplianceDatePendingApproval).toBe(addMonths(now, 1));
      await snap(member, 'compliance-02-submitted');
    });

    it('lets the approver decline it, giving a reason', async () => {
      await signIn(approver, server.url, abe.email, abe.password);
      // the submissions he is the approver of are listed for him
      await nav(approver, 'Compliance management');
      await tab(approver, 'Submissions');
      await row(approver, ACTIVITY).getByRole('gridcell', { name: 'Submitted', exact: true }).waitFor();
      await openRow(approver, ACTIVITY);
      await approver.locator('[data-screen=form][data-entity=compliance-submission]').waitFor();
      await approver.getByTestId('children-evidenceList').getByText('payroll-return.pdf').waitFor();
      expect(await workflowButton(approver, 'Submit').count()).toBe(0);
      // the approver attaches nothing: the file control is the submitting team's
      expect(await approver.locator('#attach-evidenceList').count()).toBe(0);
      // in German, "Process" is not the word for Edit
      await approver.selectOption('#language', 'de');
      await workflowButton(approver, 'Abschließen').waitFor();
      expect(await workflowButton(approver, 'Bearbeiten').count()).toBe(0);
      await approver.selectOption('#language', 'en');
      await workflowButton(approver, 'Decline').click();
      const dialog = approver.getByRole('dialog');
      // no reason, no decline
      expect(await dialog.getByRole('button', { name: 'Confirm' }).isDisabled()).toBe(true);
      await dialog.getByLabel('Reason for declining').fill(REASON);
      expect(await violations(approver, 'submission with the decline dialog')).toEqual([]);
      await snap(approver, 'compliance-03-decline-reason');
      await dialog.getByRole('button', { name: 'Confirm' }).click();
      await expect.poll(() => state(approver)).toBe('Declined');
      await approver.getByTestId('workflow-reason').getByText(REASON).waitFor();
      expect((await activity()).nextComplianceDatePendingApproval).toBeNull();
    });

    it('lets the member see why, add evidence and resubmit', async () => {
      await nav(member, 'Compliance management');
      await tab(member, 'Required actions');
      const action = member.locator(`tr[data-activity-id="${activityId}"]`);
      await action.getByText('Declined').waitFor();
      await action.getByRole('button', { name: 'Continue the submission' }).click();
      await member.waitForURL(`**/app/compliance-management/edit-submission?id=${submissionId}`);
      await member.getByTestId('workflow-reason').getByText(REASON).waitFor();
      await member
        .locator('#attach-evidenceList')
        .setInputFiles({ name: 'stamped-receipt.png', mimeType: 'image/png', buffer: PNG });
      await member.getByTestId('children-evidenceList').getByText('stamped-receipt.png').waitFor();
      await workflowButton(member, 'Submit').click();
      await expect.poll(() => state(member)).toBe('Submitted');
      await snap(member, 'compliance-04-resubmitted');
    });

    it('lets the approver process it: the activity’s next date moves by its frequency', async () => {
      await approver.reload();
      await expect.poll(() => state(approver)).toBe('Submitted');
      await approver.getByTestId('children-evidenceList').getByText('stamped-receipt.png').waitFor();
      await workflowButton(approver, 'Process').click();
      await expect.poll(() => state(approver)).toBe('Processed');
      expect(await workflowButton(approver, 'Process').count()).toBe(0);
      expect(await approver.locator('#attach-evidenceList').count()).toBe(0);
      expect(await activity()).toMatchObject({
        lastComplianceDate: now,
        nextComplianceDate: addMonths(now, 1),
        nextComplianceDatePendingApproval: null,
        dueStatus: 'On track',
      });

      // the screens say so too: the activity's form and the activities list
      await approver.getByRole('link', { name: 'Back' }).click();
      await row(approver, ACTIVITY).getByRole('gridcell', { name: 'Processed', exact: true }).waitFor();
      await tab(approver, 'Activities');
      await row(approver, ACTIVITY).getByText('On track').waitFor();
      await openRow(approver, ACTIVITY);
      // date fields show the day as the app writes it: day/month/year
      await expect
        .poll(() => approver.locator('#root_nextComplianceDate').inputValue())
        .toBe(appDay(addMonths(now, 1)));
      expect(await approver.locator('#root_lastComplianceDate').inputValue()).toBe(appDay(now));
      // and the member has nothing left to do
      await nav(member, 'Compliance management');
      await tab(member, 'Required actions');
      await member.getByText('Nothing is due for your compliance teams.').waitFor();
      await snap(approver, 'compliance-05-processed');
    });
  },
);
