import { afterAll, beforeAll, describe, expect } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { api } from './support/api-setup.ts';
import { browserSkipReason, launchChromium } from './support/browser.ts';
import { journeySteps, signedIn } from './support/journey.ts';
import { DEMO_COMPANIES } from '../../scripts/demo/demo-organisation.ts';
import { HOLDER, startServer, type RunningServer } from './support/server-process.ts';
import { snap, stateOf, tab, transition } from './support/screens.ts';

const skip = browserSkipReason();
const PASSWORD = 'stratum-demo';
const person = (name: string) => ({ email: `${name}@padma.example`, password: PASSWORD });
const SCOPE = 'Cash handling scope';
const RESOLUTION = 'Cut water use in dyeing by 15%';
const ACTIVITY = 'Quarterly effluent report to DoE';

/**
 * My inbox by clicks, on the demo data: Tanvir (a supervisor) goes from his dashboard to My inbox, finds Nusrat's
 * draft scorecard under Scorecards, opens it by a click, approves it, and it is gone from his inbox; an audit scope sent
 * to him for approval waits under Audit, opens where he approves it, and leaves too; on Monthly updates he sees his own
 * month, then his reports' (the type filter), and enters Nusrat's progress for her. The API only arranges the audit
 * (an engagement naming him the approver, its scope sent by Sabbir, the auditor) and a committee's resolution naming
 * him responsible and a compliance activity due for a team he is on (the holder switches Committees and Compliance on,
 * which the demo company lacks); he opens the resolution from Strategy and compliance and completes it. The inbox in English and Bengali goes to test-artifacts/e2e/my-inbox-*.png.
 */
describe.skipIf(skip)('my inbox: a supervisor acts on what waits for him', () => {
  let server: RunningServer;
  let browser: Browser;
  const pages: Record<string, Page> = {};
  const step = journeySteps('my-inbox', pages, 180_000);
  let scopeId: number;

  const first = (d: Record<string, { id: number }>) => Object.values(d)[0]!;
  const inboxRow = (page: Page, kind: string) => page.locator(`[data-screen=my-inbox] tr[data-kind=${kind}]`);
  const nusratsCard = (page: Page) => inboxRow(page, 'scorecardsToApprove').filter({ hasText: 'Nusrat Jahan' });
  const count = (page: Page, tabName: string) => page.locator(`[data-screen=my-inbox] [data-count=${tabName}]`);
  /** From the dashboard, by its link, as a person would. */
  async function openInbox(page: Page) {
    await page.goto(`${server.url}/app/dashboard/main`);
    await page.locator('[data-screen=dashboard-main] a[data-action=myInbox]').click();
    await page.locator('[data-screen=my-inbox] [role=tabpanel] :is(table, p.muted)').first().waitFor();
  }

  beforeAll(async () => {
    server = await startServer({ DEMO: '1', DEMO_JOURNEYS: '0' });
    browser = await launchChromium();
    const token: Record<string, string> = {};
    for (const name of ['farzana.rahman', 'sabbir.rahman'])
      token[name] = (await api(server, 'auth/login', person(name))).user.token;
    const employee = async (name: string) =>
      (await api(server, `employee?email=${name}@padma.example`, undefined, token['farzana.rahman'])).list[0].id;
    const plan = first(
      await api(server, 'audit-plan/add', { name: 'Audits 2026', year: 2026 }, token['farzana.rahman']),
    );
    const engagement = first(
      await api(
        server,
        'audit-engagement/add',
        {
          name: 'Branch cash',
          auditPlanId: plan.id,
          auditorId: await employee('sabbir.rahman'),
          auditManagerId: await employee('farzana.rahman'),
          approverId: await employee('tanvir.ahmed'),
        },
        token['farzana.rahman'],
      ),
    );
    scopeId = first(
      await api(
        server,
        'audit-scope/add',
        { auditEngagementId: engagement.id, description: SCOPE },
        token['sabbir.rahman'],
      ),
    ).id;
    await api(server, 'audit-scope/send', { id: scopeId }, token['sabbir.rahman']);
    // Committees: switched on by the holder; Farzana's committee resolves, Tanvir is responsible
    const holder = (await api(server, 'auth/login', HOLDER)).user.token;
    const company = (await api(server, 'company?limit=100', undefined, holder)).company_list.find(
      (c: { companyName: string }) => c.companyName === DEMO_COMPANIES[0]!.companyName,
    );
    const modules = (await api(server, 'module?limit=100', undefined, holder)).list as { id: number; code: string }[];
    const farzana = await employee('farzana.rahman');
    for (const code of ['actions-tracker', 'compliance-management']) {
      const moduleId = modules.find((m) => m.code === code)!.id;
      await api(server, `company-module/set-enablement?companyId=${company.id}`, { moduleId, enabled: 'Yes' }, holder);
      await api(
        server,
        `employee-module/set-admin-access?companyId=${company.id}`,
        { employeeId: farzana, moduleId, adminAccess: 'Yes' },
        holder,
      );
    }
    // Compliance: an activity due in three days for a team Tanvir is on, with nothing submitted yet
    const team = first(await api(server, 'compliance-team/add', { name: 'Effluent team' }, token['farzana.rahman']));
    await api(
      server,
      'compliance-team-member/add',
      { complianceTeamId: team.id, employeeId: await employee('tanvir.ahmed') },
      token['farzana.rahman'],
    );
    await api(
      server,
      'compliance-activity/add',
      {
        name: ACTIVITY,
        complianceTeamId: team.id,
        approverId: farzana,
        frequency: 'Monthly',
        nextComplianceDate: new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10),
      },
      token['farzana.rahman'],
    );
    const committee = first(await api(server, 'committee/add', { name: 'Board' }, token['farzana.rahman']));
    const today = new Date().toISOString().slice(0, 10);
    await api(
      server,
      'resolution/add',
      {
        committeeId: committee.id,
        title: RESOLUTION,
        ownerId: await employee('tanvir.ahmed'),
        dateTaken: today,
        dueDate: `${Number(today.slice(0, 4)) + 1}-03-31`,
      },
      token['farzana.rahman'],
    );
    pages.tanvir = await signedIn(browser, server.url, person('tanvir.ahmed'), { width: 1440, height: 900 });
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  step('Tanvir finds his report’s draft scorecard in My inbox, in English and in Bengali', async () => {
    const page = pages.tanvir!;
    await openInbox(page);
    // Nusrat's and Rakib's drafts to approve, and his own approved scorecard to accept
    await expect.poll(() => count(page, 'scorecards').innerText()).toBe('3');
    await expect.poll(() => nusratsCard(page).count()).toBe(1);
    expect(await nusratsCard(page).innerText()).toContain('Scorecards to approve');
    await expect.poll(() => count(page, 'audit').innerText()).toBe('1');
    await snap(page, 'my-inbox-en');
    await page.selectOption('#language', 'bn');
    await page.locator('html[lang=bn]').waitFor({ state: 'attached' });
    await page
      .getByRole('tab', { name: /আমার|সব/ })
      .first()
      .waitFor();
    await expect.poll(() => page.locator('[data-screen=my-inbox] h1').innerText()).toBe('আমার ইনবক্স');
    // Bengali digits on the tabs
    await expect.poll(() => count(page, 'scorecards').innerText()).toBe('৩');
    await snap(page, 'my-inbox-bn');
    await page.selectOption('#language', 'en');
    await page.locator('html[lang=en]').waitFor({ state: 'attached' });
    // the filters: his plan keeps everything; another month leaves out the month he owes; Clear brings it back
    const filter = (name: string) => page.locator(`[data-screen=my-inbox] [name=${name}]`);
    await filter('annualPlanId').locator('option', { hasText: 'FY2026' }).waitFor({ state: 'attached' });
    // with no plan chosen: the quarters of his plans, each named with its plan, and his plans' months only
    await filter('quarterId').locator('option', { hasText: 'FY2026 · Q4' }).waitFor({ state: 'attached' });
    const monthsOfAll = await filter('month').locator('option').allInnerTexts();
    expect(monthsOfAll).toContain('December 2026');
    expect(monthsOfAll).not.toContain('December 2025');
    await filter('quarterId').selectOption({ label: 'FY2026 · Q4' });
    // his month (November) and the audit step sent to him today are in Q4; the month filter offers Q4's months
    await expect.poll(() => count(page, 'monthly').innerText()).toBe('3');
    await expect.poll(() => count(page, 'audit').innerText()).toBe('1');
    expect(await filter('month').locator('option').allInnerTexts()).toEqual([
      'All',
      'October 2026',
      'November 2026',
      'December 2026',
    ]);
    await filter('quarterId').selectOption({ label: 'FY2026 · Q1' });
    await expect.poll(() => count(page, 'monthly').innerText()).toBe('0');
    await expect.poll(() => count(page, 'audit').innerText()).toBe('0');
    await filter('quarterId').selectOption({ index: 0 });
    await filter('annualPlanId').selectOption({ label: 'FY2026' });
    await expect.poll(() => count(page, 'scorecards').innerText()).toBe('3');
    // the month is chosen by its name in his language (the plan's months), not typed as the browser's yyyy-mm
    expect(await filter('month').locator('option').allInnerTexts()).toContain('January 2026');
    await filter('month').selectOption({ label: 'January 2026' });
    await expect.poll(() => count(page, 'monthly').innerText()).toBe('0');
    await page.getByRole('button', { name: 'Clear filters' }).click();
    // his own month and the month each of his two reports owes
    await expect.poll(() => count(page, 'monthly').innerText()).toBe('3');
  });

  step(
    'on Monthly updates the type is whose: his own by default, his reports’ when he asks, each month named in his language',
    async () => {
      const page = pages.tanvir!;
      const type = page.locator('[data-screen=my-inbox] [name=type]');
      await page.locator('[data-screen=my-inbox] [data-tab=monthly]').click();
      // "mine", the spec's type for monthly updates, is where the tab opens
      await expect.poll(() => type.locator('option:checked').innerText()).toBe('Mine');
      await expect.poll(() => count(page, 'monthly').innerText()).toBe('1');
      const own = inboxRow(page, 'monthlyProgressDue');
      // the month as people write it ("FY2026 · November 2026"), never the stored 2026-11
      await expect.poll(() => own.locator('td').nth(1).innerText()).toMatch(/^FY2026 · [A-Z][a-z]+ 20\d\d$/);
      await type.selectOption({ label: 'My reports’' });
      const reports = inboxRow(page, 'reportsMonthlyProgressDue');
      await expect.poll(() => reports.count()).toBe(2);
      expect(await own.count()).toBe(0);
      expect((await reports.allInnerTexts()).join(' ')).toMatch(
        /Nusrat Jahan[\s\S]*Rakib Hasan|Rakib Hasan[\s\S]*Nusrat Jahan/,
      );
      await snap(page, 'my-inbox-monthly-reports-en');
      await page.selectOption('#language', 'bn');
      await page.locator('html[lang=bn]').waitFor({ state: 'attached' });
      // Bengali: the month's name and its digits
      await expect
        .poll(() => reports.first().locator('td').nth(1).innerText())
        .toMatch(/^FY2026 · [\u0980-\u09FF]+,? [০-৯]{4}$/);
      await snap(page, 'my-inbox-monthly-reports-bn');
      await page.selectOption('#language', 'de');
      await page.locator('html[lang=de]').waitFor({ state: 'attached' });
      await expect.poll(() => type.locator('option:checked').innerText()).toBe('Meiner Mitarbeitenden');
      await page.selectOption('#language', 'en');
      await page.locator('html[lang=en]').waitFor({ state: 'attached' });
      // he opens Nusrat's month: the progress screen on her KPIs; he enters her progress and her month leaves his inbox
      await reports.filter({ hasText: 'Nusrat Jahan' }).getByRole('link').click();
      await page.locator('[data-screen=monthly-progress-entry]').waitFor();
      await expect.poll(() => page.getByTestId('progress-person').innerText()).toBe('Progress of Nusrat Jahan');
      const actual = page.locator('[data-screen=monthly-progress-entry] tbody tr input[type=number]').first();
      await actual.fill('50');
      await page.getByTestId('save-progress').click();
      await page.getByText('Progress saved').waitFor();
      await page.goBack();
      await expect.poll(() => reports.count()).toBe(1);
      expect(await reports.innerText()).toContain('Rakib Hasan');
      // the tab and type he left are kept while the app runs; back on All the type is a scorecard's again
      await page.locator('[data-screen=my-inbox] [data-tab=all]').click();
      await expect.poll(() => type.locator('option:checked').innerText()).toBe('Annual');
    },
  );

  step('he opens the scorecard by a click, approves it, and it is gone from his inbox', async () => {
    const page = pages.tanvir!;
    await tab(page, 'Scorecards 3');
    await nusratsCard(page).getByRole('link').click();
    await page.locator('[data-screen=scorecard-editor]').waitFor();
    expect(page.url()).toContain('/app/my-inbox/annual-employee-scorecards/edit-scorecard?id=');
    await transition(page, 'Approve').click();
    await expect.poll(() => stateOf(page)).toBe('Approved');
    // back to the inbox by the browser's Back: the tab he left is remembered while the app runs
    await page.goBack();
    await expect.poll(() => count(page, 'scorecards').innerText()).toBe('2');
    expect(await nusratsCard(page).count()).toBe(0);
    // the tab is remembered while he works: Scorecards is still open, with Rakib's draft
    expect(await page.getByRole('tab', { selected: true }).innerText()).toContain('Scorecards');
    expect(await inboxRow(page, 'scorecardsToApprove').innerText()).toContain('Rakib Hasan');
  });

  step('an audit scope sent to him waits under Audit, opens where he approves it, and leaves', async () => {
    const page = pages.tanvir!;
    await tab(page, 'Audit 1');
    const scope = inboxRow(page, 'auditApprovals');
    await expect.poll(() => scope.innerText()).toContain('Audit steps waiting for you');
    // no audit step has a scorecard's period or a "whose": the Type filter is not offered on this tab
    expect(await page.locator('[data-screen=my-inbox] [name=type]').count()).toBe(0);
    await snap(page, 'my-inbox-audit-en');
    await scope.getByRole('link').click();
    await page.waitForURL(`**/app/audit-management/my-task/pending-audit/${scopeId}/approver`);
    await transition(page, 'Approve').click();
    await expect.poll(() => stateOf(page)).toBe('Approved');
    await openInbox(page);
    await expect.poll(() => count(page, 'audit').innerText()).toBe('0');
    expect(await inboxRow(page, 'auditApprovals').count()).toBe(0);
    // a new load of the app starts on tab 0; Audit says in plain words that nothing waits there
    expect(await page.getByRole('tab', { selected: true }).innerText()).toMatch(/^All/);
    await tab(page, 'Audit 0');
    await page.locator('[data-screen=my-inbox] [data-empty=inbox]').waitFor();
    expect(await page.locator('[data-screen=my-inbox] [data-empty=inbox]').innerText()).toBe(
      'Nothing is waiting for you here.',
    );
  });

  step(
    'a resolution he is responsible for waits under Strategy and compliance, opens where he completes it, and leaves',
    async () => {
      const page = pages.tanvir!;
      // his dashboard's My tasks counts both, each linked to the list where it is done
      await page.goto(`${server.url}/app/dashboard/main`);
      const part = (kind: string) => page.locator(`[data-screen=dashboard-main] a[data-action=${kind}]`);
      await expect.poll(() => part('resolutionsToComplete').innerText()).toBe('Resolutions to carry out: 1');
      expect(await part('complianceRequiredActions').innerText()).toBe(
        'Compliance submissions to start or continue: 1',
      );
      expect(await part('complianceRequiredActions').getAttribute('href')).toBe(
        '/app/compliance-management/required-actions',
      );
      await snap(page, 'my-tasks-new-kinds-en');
      await openInbox(page);
      await page.locator('[data-screen=my-inbox] [data-tab=strategy]').click();
      const resolution = inboxRow(page, 'resolutionsToComplete');
      await expect.poll(() => resolution.innerText()).toContain('Resolutions to carry out');
      expect(await resolution.innerText()).toContain(RESOLUTION);
      await snap(page, 'my-inbox-strategy-en');
      await page.selectOption('#language', 'bn');
      await page.locator('html[lang=bn]').waitFor({ state: 'attached' });
      await expect.poll(() => resolution.innerText()).toContain('বাস্তবায়নের অপেক্ষায় সিদ্ধান্ত');
      expect(await page.locator('[data-screen=my-inbox] [data-tab=reviews]').innerText()).toContain('মূল্যায়ন ও জরিপ');
      await snap(page, 'my-inbox-strategy-bn');
      await page.selectOption('#language', 'en');
      await page.locator('html[lang=en]').waitFor({ state: 'attached' });
      await resolution.getByRole('link').click();
      await page.waitForURL('**/app/actions-tracker/edit-resolution?id=*');
      await expect.poll(() => stateOf(page)).toBe('Open');
      await transition(page, 'Complete').click();
      await expect.poll(() => stateOf(page)).toBe('Completed');
      await page.goBack();
      await expect.poll(() => count(page, 'strategy').innerText()).not.toBe('');
      await page.locator('[data-screen=my-inbox] [role=tabpanel] :is(table, p.muted)').first().waitFor();
      await expect.poll(() => resolution.count()).toBe(0);
    },
  );
});
