import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { today } from '../../engine/hooks/performance/quarter-windows.ts';
import { pdfText } from '../unit/audit-pdf-text.ts';
import { api, companyWithExecutive, employeeWithPassword } from './support/api-setup.ts';
import { browserSkipReason, launchChromium } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server-process.ts';
import { pick, signIn, snap } from './support/screens.ts';

const skip = browserSkipReason();
const B = '/app/audit-management';
const AUDIT = 'Procurement 2026';
const FINDING = 'Single signature payments';
const REASON = 'Document the exception follow-up';

/**
 * One audit from plan to final report, in the browser: the module admin plans, the auditor (Ada) notifies, scopes
 * and tests, the approver (Abe) approves and not-approves from his task list, the audit manager (Max) reopens and
 * makes the final report, the management-response owner (Ola) answers, the action owner (Ace) and Ada follow the
 * management action to closed.
 */
describe.skipIf(skip)('audit management: one audit from plan to final report', () => {
  let server: RunningServer;
  let browser: Browser;
  const pages: Record<string, Page> = {};
  let token: string; // the module admin's
  const id: Record<string, number> = {};
  const people = {
    ada: { email: 'ada@auditline.example', password: 'ada-pass-1234', first: 'Ada' },
    max: { email: 'max@auditline.example', password: 'max-pass-1234', first: 'Max' },
    abe: { email: 'abe@auditline.example', password: 'abe-pass-1234', first: 'Abe' },
    ola: { email: 'ola@auditline.example', password: 'ola-pass-1234', first: 'Ola' },
    ace: { email: 'ace@auditline.example', password: 'ace-pass-1234', first: 'Ace' },
  };
  const now = today();

  const employee = (who: { email: string; password: string; first: string }) => employeeWithPassword(server, token, { email: who.email, password: who.password, firstName: who.first, lastName: 'Auditline' });
  const tokenOf = async (k: keyof typeof people) => (await api(server, 'auth/login', { email: people[k].email, password: people[k].password })).user.token as string;
  const record = async (entity: string, recordId: number) => (await api(server, `${entity}/${recordId}`, undefined, token)).item;
  const state = (page: Page) => page.getByTestId('workflow-state').innerText();
  const button = (page: Page, name: string) => page.getByTestId('workflow').getByRole('button', { name, exact: true });
  const form = (page: Page, entity: string) => page.locator(`[data-screen=form][data-entity=${entity}]`);
  async function decide(page: Page, name: string, field: string, value: string): Promise<void> {
    await button(page, name).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(field).fill(value);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
  }

  beforeAll(async () => {
    server = await startServer();
    const company = await companyWithExecutive(server, 'Auditline', 'exec-pass-12', ['audit-management']);
    token = (await api(server, 'auth/login', { email: company.email, password: company.password })).user.token;
    for (const [k, who] of Object.entries(people)) id[k] = await employee(who);
    browser = await launchChromium();
    const open = async (k: string, email: string, password: string) => {
      pages[k] = await (await browser.newContext({ viewport: { width: 1400, height: 1000 } })).newPage();
      await signIn(pages[k], server.url, email, password);
    };
    await open('exec', company.email, company.password);
    for (const [k, who] of Object.entries(people)) await open(k, who.email, who.password);
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('plans: the module admin adds the annual audit plan and the audit', async () => {
    const exec = pages.exec;
    await exec.goto(`${server.url}${B}/main`);
    await exec.getByRole('tab', { name: 'Planning' }).click();
    await exec.getByRole('button', { name: 'Add' }).click();
    await form(exec, 'audit-plan').waitFor();
    await exec.fill('#root_name', 'Audit plan 2026');
    await exec.fill('#root_year', '2026');
    await exec.getByRole('button', { name: 'Save' }).click();
    await exec.locator('.ag-row', { hasText: 'Audit plan 2026' }).waitFor();
    id.plan = (await api(server, 'audit-plan?limit=10', undefined, token)).list[0].id;

    await exec.goto(`${server.url}${B}/audits/add`);
    await form(exec, 'audit-engagement').waitFor();
    await exec.fill('#root_name', AUDIT);
    await pick(exec, 'auditPlanId', 'Audit plan 2026');
    await pick(exec, 'auditorId', 'Ada Auditline');
    await pick(exec, 'auditManagerId', 'Max Auditline');
    await pick(exec, 'approverId', 'Abe Auditline');
    await exec.getByRole('button', { name: 'Save' }).click();
    await exec.locator('.ag-row', { hasText: AUDIT }).waitFor();
    id.eng = (await api(server, `audit-engagement?name=${encodeURIComponent(AUDIT)}`, undefined, token)).list[0].id;
    await snap(exec, 'audit-01-planned');
  });

  it('notifies: the auditor sends the planning notification letter, which is mailed to the auditee', async () => {
    const ada = pages.ada;
    const letter = (await api(server, 'audit-notification-letter/add', { auditEngagementId: id.eng, addresseeId: id.ola, letterDate: now, subject: 'Planning notification', body: 'Procurement will be audited next week.' }, token)).item;
    await ada.goto(`${server.url}${B}/audits/manage/${id.eng}/notification-letter`);
    await ada.locator('.ag-row', { hasText: 'Planning notification' }).getByRole('link', { name: /Edit/ }).click();
    await form(ada, 'audit-notification-letter').waitFor();
    await button(ada, 'Send notification').click();
    await expect.poll(() => state(ada)).toBe('Sent');
    // the mail leaves after the call commits
    await expect.poll(() => server.mails().some((m) => m.includes(people.ola.email) && m.includes('Planning notification'))).toBe(true);
    expect((await record('audit-notification-letter', letter.id)).status).toBe('Sent');
  });

  it('scopes: the auditor writes the scope and sends it; the approver approves it from his tasks', async () => {
    const ada = pages.ada;
    await ada.goto(`${server.url}${B}/audits/manage/${id.eng}/scope/add`);
    await form(ada, 'audit-scope').waitFor();
    await ada.fill('#root_description', 'Purchase to pay, January to June');
    await ada.getByRole('button', { name: 'Save' }).click();
    await ada.waitForURL((u) => !u.pathname.endsWith('/scope/add'));
    await expect.poll(async () => (await api(server, `audit-scope?auditEngagementId=${id.eng}`, undefined, token)).total).toBe(1);
    id.scope = (await api(server, `audit-scope?auditEngagementId=${id.eng}`, undefined, token)).list[0].id;
    await ada.goto(`${server.url}${B}/audits/manage/${id.eng}/scope/edit/${id.scope}`);
    await button(ada, 'Send for approval').click();
    await expect.poll(() => state(ada)).toBe('Pending Approval');

    const abe = pages.abe;
    await abe.goto(`${server.url}${B}/main`);
    await abe.getByRole('tab', { name: 'My tasks: pending' }).click();
    await abe.locator('[data-screen=audit-tasks] tr', { hasText: `${AUDIT} — Purchase to pay` }).waitFor();
    await snap(abe, 'audit-02-approver-pending');
    await abe.getByRole('link', { name: `${AUDIT} — Purchase to pay, January to June` }).click();
    await abe.waitForURL(`**${B}/my-task/pending-audit/${id.scope}/approver`);
    await form(abe, 'audit-scope').waitFor();
    await button(abe, 'Approve').click();
    await expect.poll(() => state(abe)).toBe('Approved');
  });

  it('builds the RACM: the auditor sends it, the approver approves it', async () => {
    id.racm = (await api(server, 'audit-risk-control-matrix/add', { auditEngagementId: id.eng, name: 'P2P RACM' }, token)).item.id;
    id.riskControl = (await api(server, 'audit-risk-control/add', { auditRiskControlMatrixId: id.racm, name: 'Unauthorised payments', riskRating: 'High', control: 'Two signatures above 10,000', controlType: 'Preventative' }, token)).item.id;
    const ada = pages.ada;
    await ada.goto(`${server.url}${B}/audits/manage/${id.eng}/risk-control-matrix`);
    await ada.locator('.ag-row', { hasText: 'P2P RACM' }).getByRole('link', { name: /Edit/ }).click();
    await form(ada, 'audit-risk-control-matrix').waitFor();
    await ada.getByText('Unauthorised payments').first().waitFor();
    await button(ada, 'Send for approval').click();
    await expect.poll(() => state(ada)).toBe('Pending Approval');
    const abe = pages.abe;
    await abe.goto(`${server.url}${B}/my-task/pending-risk/${id.racm}/approver`);
    await button(abe, 'Approve').click();
    await expect.poll(() => state(abe)).toBe('Approved');
  });

  it('tests: a working paper with a finding; not approved with a reason, corrected, approved, reopened by the audit manager, approved again', async () => {
    const ada = pages.ada;
    await ada.goto(`${server.url}${B}/audits/manage/${id.eng}/working-papers`);
    await ada.getByRole('button', { name: 'Add' }).click();
    await form(ada, 'audit-working-paper').waitFor();
    await ada.fill('#root_title', 'WP1 payment authorisation');
    await ada.getByRole('button', { name: 'Save' }).click();
    await ada.waitForURL(`**${B}/audits/manage/${id.eng}/working-papers`);
    await ada.locator('.ag-row', { hasText: 'WP1 payment authorisation' }).waitFor();
    id.paper = (await api(server, `audit-working-paper?auditEngagementId=${id.eng}`, undefined, token)).list[0].id;

    await ada.goto(`${server.url}${B}/audits/manage/${id.eng}/findings`);
    await ada.getByRole('button', { name: 'Add' }).click();
    await form(ada, 'audit-finding').waitFor();
    await ada.fill('#root_title', FINDING);
    await ada.fill('#root_observation', 'Three payments above the limit carried one signature.');
    await ada.locator('#root_riskRating').selectOption('High');
    await pick(ada, 'auditWorkingPaperId', 'WP1 payment authorisation');
    await ada.getByRole('button', { name: 'Save' }).click();
    await ada.waitForURL(`**${B}/audits/manage/${id.eng}/findings`);
    await ada.locator('.ag-row', { hasText: FINDING }).waitFor();
    id.finding = (await api(server, `audit-finding?auditEngagementId=${id.eng}`, undefined, token)).list[0].id;

    await ada.goto(`${server.url}${B}/working-paper/edit?id=${id.paper}`);
    await button(ada, 'Send for approval').click();
    await expect.poll(() => state(ada)).toBe('Pending Approval');

    const abe = pages.abe;
    await abe.goto(`${server.url}${B}/my-task/pending-paper/${id.paper}/approver`);
    await form(abe, 'audit-working-paper').waitFor();
    await decide(abe, 'Not approve', 'Reason', REASON);
    await expect.poll(() => state(abe)).toBe('Not Approved');
    await abe.getByTestId('workflow-reason').getByText(REASON).waitFor();
    await snap(abe, 'audit-03-not-approved');

    await ada.reload();
    await ada.getByTestId('workflow-reason').getByText(REASON).waitFor();
    await ada.fill('#root_conclusion', 'Control not operating effectively; exceptions followed up with treasury');
    await ada.getByRole('button', { name: 'Save' }).click();
    await expect.poll(async () => (await record('audit-working-paper', id.paper)).conclusion).toMatch(/followed up/);
    // the form goes back to its list once saved; only then elsewhere
    await ada.waitForURL((url) => !url.pathname.endsWith('/working-paper/edit'));
    await ada.goto(`${server.url}${B}/working-paper/edit?id=${id.paper}`);
    await button(ada, 'Send for approval').click();
    await expect.poll(() => state(ada)).toBe('Pending Approval');
    await abe.goto(`${server.url}${B}/my-task/pending-paper/${id.paper}/approver`);
    await button(abe, 'Approve').click();
    await expect.poll(() => state(abe)).toBe('Approved');

    // reopened by the audit manager, sent and approved again
    const max = pages.max;
    await max.goto(`${server.url}${B}/working-paper/edit?id=${id.paper}`);
    await button(max, 'Allow update').click();
    await expect.poll(() => state(max)).toBe('Draft');
    await ada.goto(`${server.url}${B}/working-paper/edit?id=${id.paper}`);
    await button(ada, 'Send for approval').click();
    await expect.poll(() => state(ada)).toBe('Pending Approval');
    await abe.goto(`${server.url}${B}/my-task/pending-paper/${id.paper}/approver`);
    await button(abe, 'Approve').click();
    await expect.poll(() => state(abe)).toBe('Approved');

    // what he decided is in his completed list
    await abe.goto(`${server.url}${B}/my-task/completed`);
    await abe.locator('[data-screen=audit-tasks] tr', { hasText: `Not Approved: ${REASON}` }).waitFor();
    expect(await abe.locator('[data-screen=audit-tasks] tr', { hasText: 'WP1 payment authorisation' }).count()).toBe(3);
    await snap(abe, 'audit-04-approver-completed');
  });

  it('asks management: the response owner sends the management response with an action, the approver approves it', async () => {
    await api(server, 'audit-finding/validate', { id: id.finding }, await tokenOf('max'));
    id.response = (await api(server, 'audit-management-response/add', { auditFindingId: id.finding, responseOwnerId: id.ola }, token)).item.id;
    const olaToken = await tokenOf('ola');
    id.action = (await api(server, 'audit-management-action/add', { auditManagementResponseId: id.response, action: 'Configure dual approval in the bank portal', actionOwnerId: id.ace, dueDate: now }, olaToken)).item.id;

    const ola = pages.ola;
    await ola.goto(`${server.url}${B}/my-task/pending`);
    await ola.locator('[data-screen=audit-tasks] tr', { hasText: FINDING }).waitFor();
    await ola.goto(`${server.url}${B}/my-task/pending-response/${id.response}/responseOwner`);
    await form(ola, 'audit-management-response').waitFor();
    await decide(ola, 'Send response', 'Response', 'Agreed; IT configures dual approval by May');
    await expect.poll(() => state(ola)).toBe('Sent');

    const abe = pages.abe;
    await abe.goto(`${server.url}${B}/my-task/pending-response/${id.response}/approver`);
    await button(abe, 'Approve').click();
    await expect.poll(() => state(abe)).toBe('Approved');
  });

  it('reports: the audit manager makes the final report, a PDF made on the server that names the audit and its finding', async () => {
    // the fieldwork is done: the final report is issued only once the audit is in Reporting
    const adaToken = await tokenOf('ada');
    await api(server, 'audit-engagement/start-fieldwork', { id: id.eng }, adaToken);
    await api(server, 'audit-engagement/start-reporting', { id: id.eng }, adaToken);
    id.report = (await api(server, 'audit-report/add', { auditEngagementId: id.eng, title: 'Procurement audit report', executiveSummary: 'Payments need a second signature.' }, token)).item.id;
    await api(server, 'audit-report/submit-draft', { id: id.report }, await tokenOf('ada'));
    const max = pages.max;
    await max.goto(`${server.url}${B}/audit-report/final-audit-reports/${id.report}`);
    await form(max, 'audit-report').waitFor();
    await button(max, 'Make final report').click();
    await expect.poll(() => state(max)).toBe('Final');
    // the PDF is offered for download on the report itself
    await max.getByTestId('file-finalReportFileId').getByRole('link', { name: /Procurement audit report\.pdf/ }).waitFor();
    await snap(max, 'audit-05-final-report');
    const report = await record('audit-report', id.report);
    const res = await fetch(`${server.url}/api/v1/file/${report.finalReportFileId}`, { headers: { token } });
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const text = pdfText(new Uint8Array(await res.arrayBuffer()));
    expect(text).toContain(AUDIT);
    expect(text).toContain(FINDING);
  });

  it('follows up: the action owner starts the management action, the auditor closes it; it moves from the open to the closed tracker', async () => {
    const ace = pages.ace;
    await ace.goto(`${server.url}${B}/management-action/edit?id=${id.action}`);
    await form(ace, 'audit-management-action').waitFor();
    await button(ace, 'Start').click();
    await expect.poll(() => state(ace)).toBe('In progress');
    const ada = pages.ada;
    await ada.goto(`${server.url}${B}/management-actions/open`);
    await ada.locator('.ag-row', { hasText: 'Configure dual approval' }).waitFor();
    await ada.goto(`${server.url}${B}/management-action/edit?id=${id.action}`);
    await button(ada, 'Close').click();
    await expect.poll(() => state(ada)).toBe('Closed');
    await ada.goto(`${server.url}${B}/management-actions/closed`);
    await ada.locator('.ag-row', { hasText: 'Configure dual approval' }).waitFor();
    await ada.goto(`${server.url}${B}/management-actions/open`);
    await ada.locator('[data-screen=list]').waitFor();
    await expect.poll(() => ada.locator('.ag-row', { hasText: 'Configure dual approval' }).count()).toBe(0);
    expect((await record('audit-management-action', id.action))).toMatchObject({ status: 'Closed', progress: 100 });
    await snap(ada, 'audit-06-action-closed');
  });

  it('asks outside: the auditor sends the questionnaire, an auditee who never signs in answers it through the e-mailed link', async () => {
    const adaToken = await tokenOf('ada');
    const area = (await api(server, 'audit-questionnaire-area/add', { auditEngagementId: id.eng, name: 'Payments' }, adaToken)).item;
    await api(server, 'audit-questionnaire-question/add', { auditQuestionnaireAreaId: area.id, question: 'Who releases payments?', answerType: 'Text' }, adaToken);
    const ada = pages.ada;
    await ada.goto(`${server.url}${B}/audits/manage/${id.eng}/questionnaire/send`);
    await ada.locator('[data-screen=list][data-entity=audit-questionnaire-recipient]').getByRole('button', { name: 'Add', exact: true }).click();
    await ada.fill('#root_name', 'Tess Treasury');
    await ada.fill('#root_email', 'tess@treasury.example');
    await ada.getByRole('button', { name: 'Save' }).click();
    await ada.getByRole('link', { name: 'Edit Tess Treasury' }).click();
    await ada.getByRole('button', { name: 'Send link' }).click();
    await ada.getByTestId('share-sent').waitFor();
    for (let i = 0; i < 50 && !server.mails().some((m) => m.includes('To: tess@treasury.example')); i++) await new Promise((r) => setTimeout(r, 100));
    const link = /(http\S+\/questionnaire\/auth#token=[A-Za-z0-9_-]+)/.exec(server.mails().reverse().find((m) => m.includes('To: tess@treasury.example'))!)![1];
    const tess = await (await browser.newContext({ viewport: { width: 1000, height: 900 } })).newPage();
    await tess.goto(link.replace(/^https?:\/\/[^/]+/, server.url));
    await tess.waitForURL(`**/questionnaire/complete/${id.eng}/*`);
    await tess.getByLabel('Who releases payments?').fill('Two treasury officers together');
    await tess.getByLabel('Who releases payments?').blur();
    await tess.getByText('(saved)').waitFor();
    await tess.getByRole('button', { name: 'Submit answers' }).click();
    await tess.getByTestId('public-flow-success').waitFor();
    await ada.goto(`${server.url}${B}/audits/manage/${id.eng}/questionnaire/response`);
    await ada.getByRole('gridcell', { name: 'Two treasury officers together' }).waitFor();
    await snap(ada, 'audit-07-questionnaire-answered');
  });

  it('closes the audit once its report is final', async () => {
    const maxToken = await tokenOf('max');
    const max = pages.max;
    await max.goto(`${server.url}${B}/audits/manage/${id.eng}`);
    await form(max, 'audit-engagement').waitFor();
    await button(max, 'Close').click();
    await expect.poll(() => state(max)).toBe('Closed');
    expect((await api(server, `audit-engagement/${id.eng}`, undefined, maxToken)).item.status).toBe('Closed');
  });
});
