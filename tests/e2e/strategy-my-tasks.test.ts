import { afterAll, beforeAll, describe, expect } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { api, companyWithExecutive, employeeWithPassword } from './support/api-setup.ts';
import { browserSkipReason, launchChromium } from './support/browser.ts';
import { journeySteps, signedIn } from './support/journey.ts';
import { startServer, type RunningServer } from './support/server-process.ts';
import { openRow, row, snap, tab, transition } from './support/screens.ts';
import { isoDay } from '../support/iso-day.ts';

const skip = browserSkipReason();

/**
 * Strategy management's "my tasks" by clicks: the supervisor finds his report's draft scorecard under Pending
 * scorecards, opens it and approves it; it leaves the pending tab for Completed scorecards. A colleague who supervises
 * nobody has no task there, though the company has drafts. The API arranges the people, the plan and the scorecards.
 */
describe.skipIf(skip)('strategy management: my tasks are the caller’s', () => {
  let server: RunningServer;
  let browser: Browser;
  const pages: Record<string, Page> = {};
  const people = {
    sam: {
      email: 'sam@smtasks.example',
      password: 'sam-pass-1234',
      firstName: 'Sam',
      lastName: 'Super',
    },
    emma: {
      email: 'emma@smtasks.example',
      password: 'emma-pass-123',
      firstName: 'Emma',
      lastName: 'Ployee',
    },
    olga: {
      email: 'olga@smtasks.example',
      password: 'olga-pass-123',
      firstName: 'Olga',
      lastName: 'Other',
    },
  };
  const step = journeySteps('sm-tasks', pages);
  const myTasks = async (page: Page, name: string) => {
    await page.goto(`${server.url}/app/strategy-management/my-task`);
    await tab(page, name);
  };

  beforeAll(async () => {
    server = await startServer();
    const company = await companyWithExecutive(server, 'Smtasks', 'exec-pass-12', [
      'strategic',
      'performance',
      'strategy-management',
    ]);
    const token = (
      await api(server, 'auth/login', {
        email: company.email,
        password: company.password,
      })
    ).user.token;
    const id: Record<string, number> = {};
    id.sam = await employeeWithPassword(server, token, people.sam);
    id.emma = await employeeWithPassword(server, token, people.emma, {
      supervisorId: id.sam,
    });
    id.olga = await employeeWithPassword(server, token, people.olga);
    const strategic = (
      await api(
        server,
        'strategic-plan/add',
        {
          description: 'Vision',
          startDate: isoDay(-400),
          endDate: isoDay(2000),
        },
        token,
      )
    ).strategic;
    const plan = (
      await api(
        server,
        'annual-plan/add',
        {
          name: 'FY',
          strategicPlanId: strategic.id,
          startDate: isoDay(-10),
          endDate: isoDay(354),
        },
        token,
      )
    ).annualPlan;
    for (const [name, level, employeeId] of [
      ['Company FY', 'corporate', undefined],
      ['Emma FY', 'employee', id.emma],
      ['Olga FY', 'employee', id.olga],
    ] as const) {
      const card = (
        await api(
          server,
          'performance-scorecard/add',
          {
            name,
            level,
            employeeId,
            annualPlanId: plan.id,
            includeKeyPerformanceArea: 'No',
          },
          token,
        )
      ).scorecard;
      await api(
        server,
        'performance-scorecard/save-kpis',
        {
          id: card.id,
          kpis: [
            {
              name: 'Revenue growth',
              kpiType: 'Quantitative',
              optionType: 'ASC',
              weight: 100,
              target: 120,
            },
          ],
        },
        token,
      );
    }
    browser = await launchChromium();
    for (const [k, who] of Object.entries(people)) pages[k] = await signedIn(browser, server.url, who);
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  step('the supervisor finds his report’s draft under Pending scorecards, not the company’s others', async () => {
    const sam = pages.sam;
    await myTasks(sam, 'Pending scorecards');
    await row(sam, 'Emma FY').waitFor();
    expect(await row(sam, 'Olga FY').count()).toBe(0);
    expect(await row(sam, 'Company FY').count()).toBe(0);
    await snap(sam, 'sm-tasks-01-pending-en');
    await sam.selectOption('#language', 'bn');
    await sam.getByRole('tab', { name: 'অপেক্ষমাণ স্কোরকার্ড', exact: true }).waitFor();
    await row(sam, 'Emma FY').waitFor();
    await snap(sam, 'sm-tasks-02-pending-bn');
    await sam.selectOption('#language', 'en');
  });

  step('he opens it and approves it: it moves to Completed scorecards', async () => {
    const sam = pages.sam;
    await openRow(sam, 'Emma FY');
    await transition(sam, 'Approve').click();
    await expect.poll(() => sam.getByTestId('workflow-state').innerText()).toBe('Approved');
    await myTasks(sam, 'Pending scorecards');
    await sam.locator('.ag-overlay-no-rows-center, .ag-overlay-no-rows-wrapper').first().waitFor();
    expect(await row(sam, 'Emma FY').count()).toBe(0);
    await tab(sam, 'Completed scorecards');
    await row(sam, 'Emma FY').waitFor();
    await snap(sam, 'sm-tasks-03-completed-en');
    // Add draws up a scorecard for one of his people (the performance module's form), never a company scorecard
    await tab(sam, 'Pending scorecards');
    await sam.getByRole('button', { name: 'Add', exact: true }).click();
    await sam.waitForURL('**/app/my-inbox/subordinate-annual-employee-scorecards/add-scorecard');
  });

  step('a colleague who supervises nobody has no task there', async () => {
    const olga = pages.olga;
    await myTasks(olga, 'Pending scorecards');
    await olga.locator('.ag-overlay-no-rows-center, .ag-overlay-no-rows-wrapper').first().waitFor();
    expect(await row(olga, 'FY').count()).toBe(0);
  });
});
