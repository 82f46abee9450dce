import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { api, companyWithExecutive, employeeWithPassword } from './support/api-setup.ts';
import { browserSkipReason, launchChromium } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server-process.ts';
import { offeredByNavigation } from './support/navigation.ts';
import { pick, signIn, snap } from './support/screens.ts';

const skip = browserSkipReason();

/**
 * What users met walking the product: the import's check before anything is imported (duplicates against the
 * company, supervisors by e-mail, a file that is not UTF-8), the employee form's supervisor list, and the dashboard's
 * performance and My tasks.
 */
describe.skipIf(skip)('employee import, the supervisor list and the dashboard in the browser', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let token: string;
  const ids: Record<string, number> = {};
  const exec = { password: 'tideway-pass-1', email: '' };
  const sup = { firstName: 'Sami', lastName: 'Super', email: 'sami@tideway.example', password: 'sami-pass-123' };

  beforeAll(async () => {
    server = await startServer();
    const company = await companyWithExecutive(server, 'Tideway', exec.password, [
      'strategic',
      'performance',
      'projects',
      'audit-management',
    ]);
    exec.email = company.email;
    token = (await api(server, 'auth/login', { email: exec.email, password: exec.password })).user.token;
    ids.exec = (await api(server, `employee?email=${exec.email}`, undefined, token)).list[0].id;
    ids.bu = (await api(server, 'business-unit/add', { name: 'Harbour' }, token)).business_unit.id;
    ids.sup = await employeeWithPassword(server, token, sup);
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1360, height: 900 } });
    await signIn(page, server.url, exec.email, exec.password);
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const chooseFile = (name: string, content: string | Buffer) =>
    page.locator('#import-file').setInputFiles({
      name,
      mimeType: 'text/csv',
      buffer: typeof content === 'string' ? Buffer.from(content) : content,
    });

  it('shows a duplicate of an existing employee on its row before importing, then imports with supervisors named by e-mail', async () => {
    await page.goto(`${server.url}/app/settings/importEmployee`);
    const header = 'First name,Last name,E-mail,Supervisor e-mail,Business unit';
    // row 3 repeats Sami's e-mail (already an employee): the browser cannot know, the server's check does
    await chooseFile(
      'crew.csv',
      [
        header,
        `Lena,Lead,lena@tideway.example,${sup.email},Harbour`,
        'Dup,Licate,SAMI@tideway.example,,Harbour',
        'Otto,Crew,otto@tideway.example,lena@tideway.example,Harbour',
      ].join('\n'),
    );
    await page.locator('[data-check=failed]').waitFor();
    await expect(page.locator('[role=status][data-check]').textContent()).resolves.toBe(
      '1 of 3 rows has a problem. Correct the file and choose it again.',
    );
    const problemRow = page.locator('tr[data-problems]');
    await expect(problemRow.locator('th').textContent()).resolves.toBe('3');
    // the row's problem is in sight without scrolling sideways, however wide the file
    const cell = await problemRow.getByTestId('row-problems').boundingBox();
    expect(cell!.x + cell!.width).toBeLessThanOrEqual(page.viewportSize()!.width);
    await expect(problemRow.textContent()).resolves.toContain(
      'E-mail: “SAMI@tideway.example” already belongs to an employee of your company',
    );
    await page.selectOption('#language', 'de');
    await problemRow
      .filter({ hasText: '„SAMI@tideway.example“ gehört bereits einer Person Ihres Unternehmens' })
      .waitFor();
    await snap(page, 'import-01-duplicate-found-german');
    await page.selectOption('#language', 'en');
    await expect(page.getByRole('button', { name: 'Import 3 employees' }).isDisabled()).resolves.toBe(true);
    await snap(page, 'import-01-duplicate-found');
    expect((await api(server, 'employee?q=tideway.example', undefined, token)).total).toBe(2);

    // a supervisor nobody has, and one further down the file
    await chooseFile(
      'crew.csv',
      [
        header,
        'Lena,Lead,lena@tideway.example,otto@tideway.example,Harbour',
        'Otto,Crew,otto@tideway.example,nobody@tideway.example,Harbour',
      ].join('\n'),
    );
    // the check of the new file replaces the last one's (which failed too): wait for its rows
    await expect
      .poll(() => page.locator('tr[data-problems]').allTextContents(), { timeout: 15_000 })
      .toEqual([
        expect.stringContaining('“otto@tideway.example” is in row 3, further down'),
        expect.stringContaining(
          'no employee of your company and no earlier row has the e-mail “nobody@tideway.example”',
        ),
      ]);

    await chooseFile(
      'crew.csv',
      [
        header,
        `Lena,Lead,lena@tideway.example,${sup.email},Harbour`,
        'Otto,Crew,otto@tideway.example,lena@tideway.example,Harbour',
      ].join('\n'),
    );
    await page.locator('[data-check=passed]').waitFor();
    await expect(page.locator('[role=status][data-check]').textContent()).resolves.toBe(
      'All 2 rows are ready to import.',
    );
    await snap(page, 'import-02-ready');
    await page.getByRole('button', { name: 'Import 2 employees' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('2 employees were imported.').waitFor();
    const lena = (await api(server, 'employee?email=lena@tideway.example', undefined, token)).list[0];
    const otto = (await api(server, 'employee?email=otto@tideway.example', undefined, token)).list[0];
    expect([lena.supervisorId, otto.supervisorId]).toEqual([ids.sup, lena.id]);
  });

  it('says plainly that a CSV is not UTF-8 and reads it as Windows-1252', async () => {
    await page.goto(`${server.url}/app/settings/importEmployee`);
    await chooseFile(
      'excel.csv',
      Buffer.from('First name,Last name,E-mail\nJürgen,Müller,juergen@tideway.example\n', 'latin1'),
    );
    await page.getByTestId('import-encoding').waitFor();
    await expect(page.getByTestId('import-encoding').textContent()).resolves.toMatch(
      /excel\.csv is not saved as UTF-8\. It was read as Windows-1252/,
    );
    const preview = page.getByRole('table', { name: /The rows to import/ });
    await preview.getByRole('cell', { name: 'Jürgen', exact: true }).waitFor();
    await preview.getByRole('cell', { name: 'Müller', exact: true }).waitFor();
    await page.locator('[data-check=passed]').waitFor();
    await snap(page, 'import-03-windows-1252');
    // in Bengali: the warning and the screen's words
    await page.selectOption('#language', 'bn');
    await page.getByTestId('import-encoding').filter({ hasText: 'UTF-8 হিসেবে সংরক্ষিত নয়' }).waitFor();
    await snap(page, 'import-04-windows-1252-bengali');
    await page.selectOption('#language', 'en');
    // a UTF-8 file says nothing of the kind
    await chooseFile('utf8.csv', 'First name,Last name\nJürgen,Müller\n');
    await page.getByText('utf8.csv: 1 row').waitFor();
    expect(await page.getByTestId('import-encoding').count()).toBe(0);
  });

  it('offers every employee as the supervisor once a business unit is chosen on the employee form', async () => {
    await page.goto(`${server.url}/app/settings/organization-units/employees/add`);
    await page.fill('#root_firstName', 'Nora');
    await page.fill('#root_lastName', 'New');
    await pick(page, 'businessUnitId', 'Harbour');
    // the executive is in no business unit, and is still offered
    await pick(page, 'supervisorId', `Exe Tideway`);
    await pick(page, 'actingSupervisorId', 'Sami Super');
    await snap(page, 'employee-form-supervisor');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL('**/app/settings/organization-units/employees');
    const nora = (await api(server, 'employee?q=Nora', undefined, token)).list[0];
    expect([nora.businessUnitId, nora.supervisorId, nora.actingSupervisorId]).toEqual([ids.bu, ids.exec, ids.sup]);
  });

  it('says how many employees there are past the 50 a select offers, and finds the one typed', async () => {
    const crew = Array.from({ length: 60 }, (_, i) => ({
      firstName: 'Crew',
      lastName: `Member ${String(i + 1).padStart(2, '0')}`,
    }));
    await api(server, 'employee/add-bulk', { items: crew }, token);
    const total = (await api(server, 'employee?limit=1', undefined, token)).total as number;
    expect(total).toBeGreaterThan(60);
    await page.goto(`${server.url}/app/settings/organization-units/employees/add`);
    // the field's list, opened, says that it shows the first 50 and that typing finds the others
    const box = page.locator('#root_supervisorId');
    const hint = page.getByTestId('reference-more');
    await box.click();
    await expect.poll(() => hint.textContent()).toBe(`Type to search: 50 of ${total} shown`);
    await box.fill('Member 59');
    await page.locator('[id="root_supervisorId__listbox"]').getByRole('option', { name: 'Crew Member 59' }).waitFor();
    // one found: nothing more to say
    await expect.poll(() => hint.count()).toBe(0);
    await box.fill('');
    await box.press('Escape');
    await page.selectOption('#language', 'de');
    await box.click();
    await expect.poll(() => hint.textContent()).toBe(`Zum Suchen tippen: 50 von ${total} angezeigt`);
    await snap(page, 'reference-select-more-german');
    await box.press('Escape');
    await page.selectOption('#language', 'en');
  });

  it('shows performance by business unit and every task waiting for a supervisor, audit approvals included', async () => {
    // Sami heads Harbour with a scored scorecard (110 % → 4); Lena scores 50 % → 1
    const set = async (id: number, values: Record<string, unknown>) => {
      const e = (await api(server, `employee/${id}`, undefined, token)).employee;
      await api(server, 'employee/update', { id, version: e.version, ...values }, token);
    };
    await set(ids.sup, { businessUnitId: ids.bu, businessUnitHead: 'Yes' });
    const strategic = (
      await api(
        server,
        'strategic-plan/add',
        { description: 'Vision', startDate: '2025-01-01', endDate: '2030-12-31' },
        token,
      )
    ).strategic;
    const plan = (
      await api(
        server,
        'annual-plan/add',
        { name: 'FY2026', strategicPlanId: strategic.id, startDate: '2026-01-01', endDate: '2026-12-31' },
        token,
      )
    ).annualPlan;
    const lena = (await api(server, 'employee?email=lena@tideway.example', undefined, token)).list[0];
    for (const [employeeId, actual] of [
      [ids.sup, 110],
      [lena.id, 50],
    ]) {
      const card = (
        await api(
          server,
          'performance-scorecard/add',
          {
            name: `Card ${employeeId}`,
            level: 'employee',
            employeeId,
            annualPlanId: plan.id,
            includeKeyPerformanceArea: 'No',
          },
          token,
        )
      ).scorecard;
      await api(
        server,
        'performance-kpi/add',
        {
          scorecardId: card.id,
          name: 'Output',
          kpiType: 'Quantitative',
          optionType: 'ASC',
          weight: 100,
          target: 100,
          actual1: actual,
          actual,
        },
        token,
      );
    }
    // two audit scopes sent to Sami for approval, and a project task of his
    const auditPlan = (await api(server, 'audit-plan/add', { name: 'Audits 2026', year: 2026 }, token)).item;
    for (const name of ['Quay', 'Cranes']) {
      const engagement = (
        await api(
          server,
          'audit-engagement/add',
          { name, auditPlanId: auditPlan.id, auditorId: ids.exec, auditManagerId: ids.exec, approverId: ids.sup },
          token,
        )
      ).item;
      const scope = (
        await api(server, 'audit-scope/add', { auditEngagementId: engagement.id, description: `${name} scope` }, token)
      ).item;
      await api(server, 'audit-scope/send', { id: scope.id }, token);
    }
    const project = (await api(server, 'project/add', { name: 'Berth' }, token)).project;
    const milestone = (
      await api(server, 'milestone/add', { projectId: project.id, name: 'Plan', ownerId: ids.exec }, token)
    ).milestone;
    await api(server, 'project-task/add', { milestoneId: milestone.id, name: 'Survey', ownerId: ids.sup }, token);

    // the executive (module admin) opens the company performance report from the card: the same figures
    await page.goto(`${server.url}/app/dashboard/main`);
    const performance = page.locator('[data-item=company-performance]');
    await expect(performance.locator('h2').textContent()).resolves.toBe('Company performance · FY2026');
    await performance.locator('canvas').waitFor();
    await snap(page, 'dashboard-executive');
    await performance.getByRole('link').click();
    await page.waitForURL(`**/app/reports/company-performance-reports?annualPlanId=${plan.id}`);
    await page.getByRole('cell', { name: 'Harbour', exact: true }).waitFor();
    await expect(
      page
        .getByRole('row', { name: /Harbour/ })
        .first()
        .textContent(),
    ).resolves.toMatch(/2\.5/);
    await snap(page, 'dashboard-report');
    // the same figure as a German writes it
    await page.selectOption('#language', 'de');
    await expect
      .poll(() =>
        page
          .getByRole('row', { name: /Harbour/ })
          .first()
          .textContent(),
      )
      .toMatch(/2,5/);
    await page.selectOption('#language', 'en');

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL('**/app/sessions/signIn');
    await signIn(page, server.url, sup.email, sup.password);
    const myTasks = page.locator('[data-action=myTasks]');
    await myTasks.waitFor();
    // Lena's draft scorecard waits for him too (she reports to him)
    await expect(myTasks.locator('strong').textContent()).resolves.toBe('4');
    await expect(myTasks.locator('[data-action=scorecardsToApprove]').textContent()).resolves.toBe(
      'Scorecards to approve: 1',
    );
    await expect(myTasks.locator('[data-action=auditTasks]').textContent()).resolves.toBe(
      'Audit approvals and responses: 2',
    );
    await expect(myTasks.locator('[data-action=projectTasks]').textContent()).resolves.toBe('Project tasks: 1');
    const mine = page.locator('[data-item=company-performance]');
    await mine.locator('canvas').waitFor();
    // a supervisor sees the performance, without the report only module admins open
    expect(await mine.getByRole('link').count()).toBe(0);
    // a supervisor without admin access is offered his work, not the modules' set-up
    const offered = (await offeredByNavigation(page)).paths;
    for (const setUp of [
      '/app/annual/list',
      '/app/settings/organization-units',
      '/app/strategic/perspectives',
      '/app/projects/employees',
      '/app/projects/employee-scorecards',
    ])
      expect(offered, `${setUp} offered to a supervisor`).not.toContain(setUp);
    expect(offered).toContain('/app/projects/my-tasks');
    // his reports' tile leads to where he may read them (their scorecards), not to the organisation's employee list
    const reportees = page.locator('[data-action=directReportees]');
    expect(await reportees.getAttribute('href')).toBe(
      '/app/my-inbox/subordinate-annual-employee-scorecards/scorecards',
    );
    await reportees.click();
    await page.locator('main h1').waitFor();
    expect(await page.getByText('Not available to you').count()).toBe(0);
    await page.goBack();
    const heads = page.locator('[data-item=business-unit-heads]');
    await heads.locator('canvas').waitFor();
    // "Open the list" leads only to a list he may open: not the module admins' employee scorecards
    const headsList = heads.getByRole('link', { name: 'Open the list' });
    expect(await headsList.getAttribute('href')).not.toBe('/app/annual/employee-scorecards');
    await headsList.click();
    await page.locator('main h1').waitFor();
    expect(await page.getByText('Not available to you').count()).toBe(0);
    await page.goBack();
    await heads.locator('canvas').waitFor();
    await snap(page, 'dashboard-supervisor');
    await page.selectOption('#language', 'de');
    await myTasks
      .locator('[data-action=auditTasks]')
      .filter({ hasText: 'Prüfungsfreigaben und Stellungnahmen: 2' })
      .waitFor();
    await snap(page, 'dashboard-supervisor-german');
    await page.selectOption('#language', 'en');
    await myTasks.locator('[data-action=auditTasks]').click();
    await page.waitForURL('**/app/audit-management/my-task/pending');
    // the audit module's tabs for him: his tasks, not its settings
    await page.goto(`${server.url}/app/audit-management/main`);
    await page.getByRole('tab').first().waitFor();
    expect(await page.getByRole('tab').allInnerTexts()).not.toContain('Settings');
    await page.goto(`${server.url}/app/audit-management/my-task/pending`);
    await page.getByText('Quay — Quay scope').waitFor();
    await snap(page, 'dashboard-audit-tasks');
  });
});
