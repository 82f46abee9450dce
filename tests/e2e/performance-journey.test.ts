import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { api } from './support/api-setup.ts';
import { browserSkipReason, launchChromium } from './support/browser.ts';
import { HOLDER, startServer, type RunningServer } from './support/server-process.ts';
import { nav as navTo, offeredByNavigation } from './support/navigation.ts';
import { pick, signIn, snap } from './support/screens.ts';
import { isoDay } from '../support/iso-day.ts';

const skip = browserSkipReason();

/**
 * The performance management journey as one acceptance test, by clicks, each step by the person whose turn it is:
 * the holder adds a company and switches its modules on; its executive (the administrator) builds the organisation,
 * the strategic and annual plans, the corporate scorecard and cascades it; the supervisor approves the employee's
 * scorecard, the employee accepts it, agrees, self-assesses and reports monthly progress; the supervisor assesses; the
 * employee disputes; QA refers back, the supervisor reassesses, QA completes; a report shows the result. The API only
 * arranges what the journey is not about: passwords, set through the reset mail.
 */
describe.skipIf(skip)('the performance management journey, by clicks', () => {
  let server: RunningServer;
  let browser: Browser;
  const people = {
    exec: { first: 'Ada', last: 'Exec', email: 'ada.exec@journey.example', password: 'ada-pass-1234' },
    sam: { first: 'Sam', last: 'Super', email: 'sam@journey.example', password: 'sam-pass-1234' },
    emma: { first: 'Emma', last: 'Ployee', email: 'emma@journey.example', password: 'emma-pass-1234' },
    quinn: { first: 'Quinn', last: 'Assure', email: 'quinn@journey.example', password: 'quinn-pass-1234' },
    colin: { first: 'Colin', last: 'League', email: 'colin@journey.example', password: 'colin-pass-1234' },
  };
  type Who = keyof typeof people | 'holder';
  const pages: Partial<Record<Who, Page>> = {};
  const full = (who: keyof typeof people) => `${people[who].first} ${people[who].last}`;
  let step = 0;
  /** A journey goes on only while its steps succeed: after a failed one the rest are skipped. */
  let broken = false;
  const journey = (name: string, fn: () => Promise<void>) =>
    it(name, async (ctx) => {
      if (broken) ctx.skip();
      await fn();
    }, 180_000);
  /** A screenshot of the step, numbered in the journey's order. */
  const shot = (page: Page, name: string) => snap(page, `journey-${String(++step).padStart(2, '0')}-${name}`);

  /** The page of a person, signed in (in a browser context of its own). */
  async function as(who: Who): Promise<Page> {
    if (pages[who]) return pages[who]!;
    const page = await (await browser.newContext({ viewport: { width: 1400, height: 1000 } })).newPage();
    const { email, password } = who === 'holder' ? HOLDER : people[who];
    page.setDefaultTimeout(15_000);
    await signIn(page, server.url, email, password);
    pages[who] = page;
    return page;
  }

  /** Arranged, not part of the journey: the person sets a password with the key of the reset mail. */
  async function passwordFor(who: keyof typeof people) {
    const { email, password } = people[who];
    const before = server.mails().filter((m) => m.includes(email)).length;
    await api(server, 'auth/forgot-password', { email });
    let mails: string[] = [];
    for (let i = 0; i < 50 && (mails = server.mails().filter((m) => m.includes(email))).length <= before; i++)
      await new Promise((r) => setTimeout(r, 100));
    const authKey = /Your key: ([A-Za-z0-9_-]+)/.exec(mails[mails.length - 1])![1];
    await api(server, 'auth/reset-password', { email, password, authKey });
  }

  /** Follows the navigation to a screen (support/navigation.ts); the area named is where the old sidebar grouped it. */
  const nav = (page: Page, label: string, _area?: string) => navTo(page, label);

  const save = (page: Page) => page.getByRole('button', { name: 'Save', exact: true }).click();
  const fill = async (page: Page, values: Record<string, string>) => {
    for (const [field, value] of Object.entries(values)) await page.locator(`#root_${field}`).fill(value);
  };
  const cell = (page: Page, name: string) => page.getByRole('gridcell', { name, exact: true });

  beforeAll(async () => {
    server = await startServer();
    browser = await launchChromium();
  }, 240_000);
  afterEach(async (ctx) => {
    // a failed step leaves a picture of every open page
    if (ctx.task.result?.state === 'fail') broken = true;
    if (ctx.task.result?.state === 'fail')
      for (const [who, page] of Object.entries(pages))
        await page
          ?.screenshot({ path: `test-artifacts/e2e/journey-failed-${who}.png`, fullPage: true })
          .catch(() => {});
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  journey('1. the holder adds the company with its executive and switches on its modules', async () => {
    const page = await as('holder');
    await nav(page, 'Companies');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.waitForURL('**/app/companies/addCompany');
    await fill(page, {
      companyName: 'Journey Works',
      eFirstName: people.exec.first,
      eLastName: people.exec.last,
      email: people.exec.email,
    });
    await save(page);
    await page.waitForURL('**/app/companies/list');
    await cell(page, 'Journey Works').waitFor();
    await shot(page, 'holder-company-added');

    await nav(page, 'Enable modules for companies');
    await page.locator('#company').selectOption({ label: 'Journey Works' });
    for (const module of ['Strategic plans', 'Performance management']) {
      const box = page.getByLabel(`${module}: Enabled`, { exact: true });
      await box.click();
      await expect.poll(() => box.isChecked()).toBe(true);
    }
    await shot(page, 'holder-modules-on');
  });

  journey(
    '2. the administrator builds the organisation: a unit, a department, a supervisor, an employee, two imported',
    async () => {
      await passwordFor('exec');
      const page = await as('exec');
      await page.goto(`${server.url}/app/settings/organization-units/businessUnits`);
      await page.getByRole('button', { name: 'Add', exact: true }).click();
      await fill(page, { name: 'Operations' });
      await save(page);
      await cell(page, 'Operations').waitFor();
      await page.goto(`${server.url}/app/settings/organization-units/departments`);
      await page.getByRole('button', { name: 'Add', exact: true }).click();
      await fill(page, { name: 'Service Desk' });
      await pick(page, 'businessUnitId', 'Operations');
      await save(page);
      await cell(page, 'Service Desk').waitFor();

      for (const who of ['sam', 'emma'] as const) {
        await page.goto(`${server.url}/app/settings/organization-units/employees`);
        await page.getByRole('button', { name: 'Add', exact: true }).click();
        await page.waitForURL('**/employees/add');
        await fill(page, {
          firstName: people[who].first,
          lastName: people[who].last,
          email: people[who].email,
          jobTitle: who === 'sam' ? 'Team lead' : 'Agent',
        });
        await pick(page, 'businessUnitId', 'Operations');
        await pick(page, 'departmentId', 'Service Desk');
        if (who === 'emma') await pick(page, 'supervisorId', full('sam'));
        if (who === 'emma') await shot(page, 'admin-employee-form');
        await save(page);
        await page.waitForURL('**/app/settings/organization-units/employees');
        await cell(page, full(who)).waitFor();
      }

      const csv = [
        'First name,Last name,E-mail,Business unit,Department',
        ...(['quinn', 'colin'] as const).map(
          (w) => `${people[w].first},${people[w].last},${people[w].email},Operations,Service Desk`,
        ),
      ].join('\n');
      await page.goto(`${server.url}/app/settings/importEmployee`);
      await page
        .locator('#import-file')
        .setInputFiles({ name: 'people.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
      await page.getByRole('button', { name: 'Import 2 employees' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
      await page.getByText('2 employees were imported.').waitFor();
      await shot(page, 'admin-imported');
      await page.goto(`${server.url}/app/settings/organization-units/employees`);
      for (const who of ['sam', 'emma', 'quinn', 'colin'] as const) await cell(page, full(who)).waitFor();
      await shot(page, 'admin-employees');
    },
  );

  journey(
    '3. the administrator sets up the strategic plan, its perspectives and rating bands, the annual plan and opens Q1',
    async () => {
      const page = await as('exec');
      await page.goto(`${server.url}/app/strategic/list`);
      await page.getByRole('button', { name: 'Add', exact: true }).click();
      await fill(page, { description: 'Vision 2030', startDate: isoDay(-400), endDate: isoDay(2000) });
      await save(page);
      await cell(page, 'Vision 2030').waitFor();
      await page.getByRole('link', { name: 'Edit Vision 2030' }).click();
      for (const name of ['Customer', 'Finance']) {
        await page.getByTestId('children-perspectiveList').getByRole('link', { name: 'Add Perspective' }).click();
        await fill(page, { name });
        await save(page);
        // back on the plan, which lists it
        await page.getByTestId('children-perspectiveList').getByRole('link', { name, exact: true }).waitFor();
      }
      const bands = [
        ['Unacceptable', '1', '0', '59', '59'],
        ['Below target', '2', '60', '79', '79'],
        ['On target', '3', '80', '99', '99'],
        ['Above target', '4', '100', '119', '119'],
        ['Outstanding', '5', '120', '1000', '1000'],
      ];
      for (const [description, rating, min, max, target] of bands) {
        await page.getByTestId('children-ratingScaleList').getByRole('link', { name: 'Add Rating scale' }).click();
        // the add form starts from its plan (prefilled): the plan is shown before the bands are typed, as a person sees it
        await expect.poll(() => page.locator('#root_strategicPlanId').inputValue()).not.toBe('');
        await fill(page, { description, rating, min, max, target });
        await save(page);
        await page
          .getByTestId('children-ratingScaleList')
          .getByRole('link', { name: description, exact: true })
          .waitFor();
      }
      const plan = page.locator('[data-screen=form][data-entity=strategic-plan]');
      for (const name of ['Customer', 'Finance', 'Unacceptable', 'Outstanding'])
        await plan.getByText(name, { exact: true }).waitFor();
      await shot(page, 'admin-strategic-plan');

      await page.goto(`${server.url}/app/annual/list`);
      await page.getByRole('button', { name: 'Add', exact: true }).click();
      // the plan started ten days ago, so that today lies in its first quarter
      await fill(page, { name: 'FY Journey', startDate: isoDay(-10), endDate: isoDay(354) });
      await pick(page, 'strategicPlanId', 'Vision 2030');
      await save(page);
      await cell(page, 'FY Journey').waitFor();
      await page.getByRole('link', { name: 'Edit FY Journey' }).click();
      const quarters = page.getByTestId('children-quarterList');
      await expect.poll(() => quarters.locator('li').count()).toBe(4);
      await shot(page, 'admin-annual-plan-quarters');
      await quarters.locator('li a').first().click();
      await page.locator('[data-screen=form][data-entity=quarter]').waitFor();
      await fill(page, {
        agreementStartDate: isoDay(-1),
        agreementEndDate: isoDay(20),
        assessmentStartDate: isoDay(-1),
        assessmentEndDate: isoDay(20),
      });
      await shot(page, 'admin-q1-windows');
      await save(page);
      await page.waitForURL((u) => !u.pathname.endsWith('/edit-quarter'));
    },
  );

  /** The workflow bar of the record shown: its state and the buttons open to the caller. */
  const workflow = (page: Page) => page.getByTestId('workflow');
  const stateIs = (page: Page, state: string) =>
    workflow(page)
      .getByTestId('workflow-state')
      .filter({ hasText: new RegExp(`^${state}$`) })
      .waitFor();
  const button = (page: Page, name: string) => workflow(page).getByRole('button', { name, exact: true });
  /** Opens the first row of a list by its Edit link. */
  const openRow = async (page: Page, title: string) =>
    page
      .getByRole('link', { name: `Edit ${title}` })
      .first()
      .click();

  journey(
    '4. the administrator builds the corporate scorecard and cascades it; the supervisor approves, the employee accepts',
    async () => {
      const page = await as('exec');
      await nav(page, 'Annual corporate scorecards', 'My inbox');
      await page.getByRole('button', { name: 'Add', exact: true }).click();
      await fill(page, { name: 'Service FY' });
      await pick(page, 'annualPlanId', 'FY Journey');
      await save(page);
      await page.waitForURL((u) => !u.pathname.endsWith('/add'));
      await cell(page, 'Service FY').waitFor();
      await openRow(page, 'Service FY');
      await page.locator('[data-screen=scorecard-editor]').waitFor();
      const kpis = [
        { name: 'Customer satisfaction', type: 'Qualitative', weight: '60', target: '' },
        { name: 'First-call resolution', type: 'Quantitative', weight: '40', target: '80' },
      ];
      await page.getByRole('button', { name: 'Add key performance area' }).click();
      const area = page.locator('.card[data-area]').first();
      await area.getByLabel('Key performance area').fill('Service quality');
      for (const [j, kpi] of kpis.entries()) {
        await area.getByRole('button', { name: 'Add KPI' }).click();
        const row = area.locator('tbody tr').nth(j);
        await row.getByLabel('Name').fill(kpi.name);
        await row.getByLabel('KPI type').selectOption(kpi.type);
        await row.getByLabel('Weight').fill(kpi.weight);
        if (kpi.target) await row.getByLabel('Target', { exact: true }).fill(kpi.target);
      }
      await expect.poll(() => page.locator('[data-remaining]').getAttribute('data-remaining')).toBe('0');
      await page.getByRole('button', { name: 'Save KPIs' }).click();
      await page.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
      await page.locator('#cascade-to').selectOption({ label: full('emma') });
      await page.getByRole('button', { name: 'Cascade', exact: true }).click();
      await page.getByRole('status').filter({ hasText: 'Cascaded to 1' }).waitFor();
      // a draft corporate scorecard is the PM committee's until it is shown to employees
      await page.getByText('Not shown to employees').waitFor();
      await page.getByRole('button', { name: 'Show to employees' }).click();
      await page.locator('[data-visible=yes]').getByText('Shown to employees').waitFor();
      await shot(page, 'admin-corporate-scorecard');

      // the employee sees her scorecard, Draft, and no Approve (that is her supervisor's)
      for (const who of ['sam', 'emma', 'quinn', 'colin'] as const) await passwordFor(who);
      const emma = await as('emma');
      await nav(emma, 'My scorecards', 'My inbox');
      await cell(emma, 'Service FY').waitFor();
      await openRow(emma, 'Service FY');
      await stateIs(emma, 'Draft');
      await expect(button(emma, 'Approve').count()).resolves.toBe(0);
      await shot(emma, 'employee-scorecard-draft');

      const sam = await as('sam');
      await nav(sam, "Subordinates' scorecards", 'My inbox');
      await cell(sam, 'Service FY').waitFor();
      await openRow(sam, 'Service FY');
      await stateIs(sam, 'Draft');
      await button(sam, 'Approve').click();
      await stateIs(sam, 'Approved');
      // accepting is the employee's
      await expect(button(sam, 'Accept').count()).resolves.toBe(0);
      await shot(sam, 'supervisor-approved');

      await emma.reload();
      await stateIs(emma, 'Approved');
      await button(emma, 'Accept').click();
      await stateIs(emma, 'Accepted');
      await shot(emma, 'employee-accepted');
    },
  );

  let assessmentUrl = '';
  journey('5. the employee agrees, self-assesses and reports monthly progress; the supervisor assesses', async () => {
    const emma = await as('emma');
    // the agreement of her scorecard
    await nav(emma, 'Performance agreement', 'Performance reviews');
    await emma.getByRole('button', { name: 'Add', exact: true }).click();
    // only her own scorecard is offered (not the company's of the same name): no level needed to tell them apart
    await pick(emma, 'scorecardId', 'Service FY');
    await save(emma);
    await emma.waitForURL((u) => !u.pathname.endsWith('/add'));
    await nav(emma, 'Agreement review', 'My inbox');
    await cell(emma, 'Pending').waitFor();
    await emma.locator('.ag-row a', { hasText: 'Edit' }).first().click();
    await stateIs(emma, 'Pending');
    // what she agrees to: her scorecard's KPIs with their weights and targets, under the agreement
    const agreed = emma.getByTestId('agreement-kpis');
    await agreed.locator('tr[data-kpi="First-call resolution"]').waitFor();
    await expect(agreed.locator('tr[data-kpi="First-call resolution"]').innerText()).resolves.toMatch(
      /Service quality\s+First-call resolution\s+40\s+—\s+80/,
    );
    await button(emma, 'Agree').click();
    await stateIs(emma, 'Agreed');
    await shot(emma, 'employee-agreed');

    // her Q1 actual: 88 against a target of 80 is 110 %, in the band rated 4
    await nav(emma, 'My scorecards', 'My inbox');
    await openRow(emma, 'Service FY');
    await stateIs(emma, 'Accepted');
    const fcr = emma.locator('tr[data-kpi="First-call resolution"]');
    await fcr.getByLabel('Actual Q1').fill('88');
    await expect.poll(() => fcr.locator('[data-score]').getAttribute('data-score')).toBe('4');
    await emma.getByRole('button', { name: 'Save Q1 actuals' }).click();
    await emma.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
    await shot(emma, 'employee-actuals');

    // her Q1 assessment
    await nav(emma, 'Employee reviews', 'Performance reviews');
    await emma.getByRole('button', { name: 'Add', exact: true }).click();
    // only her own scorecard is offered (not the company's of the same name): no level needed to tell them apart
    await pick(emma, 'scorecardId', 'Service FY');
    await emma.locator('#root_quarterIndex').selectOption({ label: 'Q1' });
    await save(emma);
    await emma.waitForURL((u) => !u.pathname.endsWith('/add'));
    await nav(emma, 'Assessment review', 'My inbox');
    await emma.locator('.ag-row a', { hasText: 'Edit' }).first().click();
    await stateIs(emma, 'Open');
    assessmentUrl = emma.url();
    const scores = emma.getByTestId('assessment-scores');
    // a 7 on the 1–5 scale is refused beside its KPI, in her language, and what she typed stays
    const satisfaction = scores.getByLabel('Self score Customer satisfaction');
    expect([await satisfaction.getAttribute('min'), await satisfaction.getAttribute('max')]).toEqual(['1', '5']);
    await satisfaction.fill('7');
    await scores.getByLabel('Self score First-call resolution').fill('4');
    await scores.getByRole('button', { name: 'Save scores' }).click();
    const problem = scores.locator('tr[data-kpi="Customer satisfaction"] [data-problem=selfScore]');
    await problem.filter({ hasText: 'Self score must be between 1 and 5' }).waitFor();
    expect(await scores.locator('tr[data-kpi="First-call resolution"] [data-problem]').count()).toBe(0);
    expect(await emma.locator('#error-title').count()).toBe(0);
    expect(await scores.getByLabel('Self score First-call resolution').inputValue()).toBe('4');
    await shot(emma, 'employee-self-score-refused-en');
    await emma.selectOption('#language', 'bn');
    await emma.locator('html[lang=bn]').waitFor();
    // her one input on the row (the ratings are the supervisor's), now labelled in Bengali
    await scores.locator('tr[data-kpi="Customer satisfaction"] input[type=number]').fill('7');
    await scores.locator('button.btn-primary').click();
    await problem.filter({ hasText: /মধ্যে হতে হবে/ }).waitFor();
    await shot(emma, 'employee-self-score-refused-bn');
    await emma.selectOption('#language', 'en');
    await satisfaction.fill('5');
    expect(await problem.count()).toBe(0);
    await scores.getByRole('button', { name: 'Save scores' }).click();
    await scores.getByRole('button', { name: 'Save scores' }).and(emma.locator('[disabled]')).waitFor();
    // assessing is the supervisor's
    await expect(button(emma, 'Assess').count()).resolves.toBe(0);
    await button(emma, 'Submit self-assessment').click();
    await stateIs(emma, 'Self-assessed');
    // her KPI scores are listed by their KPI's name, never its id, and added on the scores panel, not by a bare Add
    const kpiScores = emma.getByTestId('children-kpiAssessmentList');
    await expect
      .poll(() => kpiScores.locator('li').allInnerTexts())
      .toEqual(['Customer satisfaction', 'First-call resolution']);
    await expect(emma.getByTestId('add-kpiAssessmentList').count()).resolves.toBe(0);
    await shot(emma, 'employee-self-assessed');

    // her menu: her own work, no set-up (annual set-up, the organisation, strategic plans)
    const menu = (await offeredByNavigation(emma)).labels;
    for (const setUp of [
      'Annual set-up',
      'Organisation units',
      'Import employees',
      'Strategic plans',
      'Perspective',
      'Rating scale',
      'Company reviews',
    ])
      expect(menu, `the employee's menu offers ${setUp}`).not.toContain(setUp);
    for (const mine of ['My inbox', 'Performance management', 'My scorecards']) expect(menu).toContain(mine);

    // the administrator opens this month for progress; the employee reports on it
    const exec = await as('exec');
    await nav(exec, 'Monthly progress periods', 'Performance reviews');
    // the month as a person names it (November 2026), not as it is stored (2026-11)
    const month = isoDay(0).slice(0, 7);
    const named = new Intl.DateTimeFormat('en', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
      new Date(`${month}-01T00:00:00Z`),
    );
    await cell(exec, named).waitFor();
    // the month's row opens the period (read-only: its dates follow the plan), where the month is opened for progress
    await exec
      .getByRole('row', { name: new RegExp(named) })
      .locator('a, button', { hasText: 'Open' })
      .first()
      .click();
    await button(exec, 'Open').click();
    await stateIs(exec, 'Open');
    await nav(emma, 'My monthly progress', 'My inbox');
    await emma.getByTestId('progress-plan').selectOption({ label: 'FY Journey' });
    // the one open month is chosen for her
    // named as she names it, not as the database stores it (2026-11)
    const monthName = new Intl.DateTimeFormat('en', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
      new Date(`${month}-01T00:00:00Z`),
    );
    await expect
      .poll(async () => (await emma.getByTestId('progress-month').locator('option:checked').textContent())?.trim())
      .toBe(monthName);
    await emma.getByLabel('Actual First-call resolution').fill('72');
    // a percent past 1000 is said beside its KPI, by its label, and the actual she typed stays
    await emma.getByLabel('Percent First-call resolution').fill('2000');
    await emma.getByTestId('save-progress').click();
    await emma.locator('[data-problem=percent]').filter({ hasText: 'Percent must be between 0 and 1,000' }).waitFor();
    expect(await emma.getByLabel('Actual First-call resolution').inputValue()).toBe('72');
    await shot(emma, 'employee-monthly-progress-refused');
    await emma.getByLabel('Percent First-call resolution').fill('90');
    await emma.getByLabel('Comment First-call resolution').fill('New scripts from week two');
    await emma.getByTestId('save-progress').click();
    await emma.getByText('Progress saved', { exact: true }).waitFor();
    await shot(emma, 'employee-monthly-progress');

    // a colleague who is not her supervisor finds nothing of hers to assess, and cannot score it
    const colin = await as('colin');
    await nav(colin, 'Assessment review', 'My inbox');
    await colin.getByTestId('total').waitFor();
    await expect(colin.getByRole('gridcell', { name: /Service FY/ }).count()).resolves.toBe(0);
    await colin.goto(assessmentUrl);
    await colin.waitForLoadState('networkidle');
    await expect(colin.getByRole('button', { name: 'Save scores' }).count()).resolves.toBe(0);
    await expect(colin.getByRole('button', { name: 'Assess' }).count()).resolves.toBe(0);
    await shot(colin, 'colleague-no-access');

    const sam = await as('sam');
    await nav(sam, 'Assessment review', 'My inbox');
    await sam.locator('.ag-row a', { hasText: 'Edit' }).first().click();
    await stateIs(sam, 'Self-assessed');
    // the employee's own note and the scorecard assessed are hers (field rights): shown to him, not his to change
    await expect
      .poll(() =>
        sam
          .locator('#root_personalNote')
          .evaluate((e) => (e as HTMLInputElement).readOnly || (e as HTMLInputElement).disabled),
      )
      .toBe(true);
    await expect.poll(() => sam.locator('#root_scorecardId').isDisabled()).toBe(true);
    await shot(sam, 'supervisor-employee-fields-read-only');
    const panel = sam.getByTestId('assessment-scores');
    // the qualitative KPI is rated by hand; the quantitative one is scored from its actual, so it offers no manual rating
    await panel.getByLabel('Manual rating score Customer satisfaction').fill('3');
    await expect(panel.getByLabel('Manual rating score First-call resolution').count()).resolves.toBe(0);
    await panel.locator('tr', { hasText: 'First-call resolution' }).getByTestId('scored-from-actual').waitFor();
    await panel.getByRole('button', { name: 'Save scores' }).click();
    await panel.getByRole('button', { name: 'Save scores' }).and(sam.locator('[disabled]')).waitFor();
    await button(sam, 'Assess').click();
    await stateIs(sam, 'Assessed');
    // (3 × 60 + 4 × 40) ÷ 100
    await sam.getByTestId('final-score').getByText('3.4', { exact: true }).waitFor();
    await shot(sam, 'supervisor-assessed');
    // as a German reads it
    await sam.selectOption('#language', 'de');
    await sam.getByTestId('final-score').getByText('3,4', { exact: true }).waitFor();
    await shot(sam, 'supervisor-assessed-german');
    await sam.selectOption('#language', 'en');
  });

  journey(
    '6. the employee disputes; QA refers back, the supervisor reassesses, the employee agrees, QA completes',
    async () => {
      const exec = await as('exec');
      await nav(exec, 'QA members', 'Annual set-up');
      await exec.getByRole('tab', { name: 'Performance review members' }).click();
      await exec.getByRole('button', { name: 'Add', exact: true }).click();
      await pick(exec, 'annualPlanId', 'FY Journey');
      await pick(exec, 'employeeId', full('quinn'));
      await save(exec);
      await cell(exec, full('quinn')).waitFor();
      await shot(exec, 'admin-qa-member');

      const emma = await as('emma');
      await emma.goto(assessmentUrl);
      await stateIs(emma, 'Assessed');
      await button(emma, 'Dispute').click();
      await emma.getByLabel('Dispute note').fill('My customer survey results were left out');
      await emma.getByRole('button', { name: 'Confirm' }).click();
      await stateIs(emma, 'Disputed');
      await emma.getByTestId('workflow-disputedNote').getByText('My customer survey results were left out').waitFor();
      await shot(emma, 'employee-disputed');

      const quinn = await as('quinn');
      const qaStep = async (step: 'Refer back' | 'Complete', comment: string) => {
        // the work list as it stands now (a link to the page shown does not load it again)
        if (quinn.url().endsWith('/app/performance/quality-assurance')) await quinn.reload();
        else await nav(quinn, 'Quality assurance', 'Performance reviews');
        const row = quinn.locator('[data-screen=quality-assurance-work] tr[data-subject^="Performance-"]').first();
        await row.getByRole('button', { name: 'Add review' }).click();
        await quinn.getByLabel('Comment').fill(comment);
        await quinn.getByRole('button', { name: 'Confirm' }).click();
        await row.getByRole('button', { name: step }).click();
        await quinn.getByRole('button', { name: 'Confirm' }).click();
      };
      await qaStep('Refer back', 'The survey results belong in the score');
      // referred back, it waits for the supervisor, not for QA
      await quinn.getByText('Nothing is waiting for your review.').waitFor();
      await shot(quinn, 'qa-referred-back');

      const sam = await as('sam');
      await nav(sam, 'Assessment review', 'My inbox');
      await sam.locator('.ag-row a', { hasText: 'Edit' }).first().click();
      await stateIs(sam, 'Referred back');
      const panel = sam.getByTestId('assessment-scores');
      await panel.getByLabel('Manual rating score Customer satisfaction').fill('4');
      await panel.getByRole('button', { name: 'Save scores' }).click();
      await panel.getByRole('button', { name: 'Save scores' }).and(sam.locator('[disabled]')).waitFor();
      await button(sam, 'Reassess').click();
      await stateIs(sam, 'Assessed');
      await sam.getByTestId('final-score').getByText('4', { exact: true }).waitFor();

      await emma.goto(assessmentUrl);
      await stateIs(emma, 'Assessed');
      await button(emma, 'Agree').click();
      await stateIs(emma, 'Agreed');

      await qaStep('Complete', 'Scores match the evidence');
      await quinn.getByText('Nothing is waiting for your review.').waitFor();
      await shot(quinn, 'qa-completed');
      await emma.goto(assessmentUrl);
      await stateIs(emma, 'Completed');
      await shot(emma, 'employee-assessment-completed');
    },
  );

  journey('7. the performance curve counts the employee in the band of her final score', async () => {
    const exec = await as('exec');
    await nav(exec, 'Performance curve', 'Reports');
    // the plan is chosen for him (the only one); the quarter is Q1
    const table = exec.getByTestId('report-table');
    await table.waitFor();
    await exec.getByLabel('Quarter').selectOption({ label: 'Q1' });
    await expect
      .poll(() => exec.getByLabel('Quarter').evaluate((e) => (e as HTMLSelectElement).selectedOptions[0]?.text))
      .toBe('Q1');
    await exec.getByRole('button', { name: 'Show report' }).click();
    // Emma's final score 4 falls in the band rated 4 (100–119 %), alone
    const band = table.locator('tbody tr', { hasText: '4 (100–119 %)' });
    await band.locator('td').nth(2).filter({ hasText: /^1$/ }).waitFor();
    await expect(table.locator('tbody tr td:nth-child(3)').allInnerTexts()).resolves.toEqual(['0', '0', '0', '1', '0']);
    await shot(exec, 'admin-performance-curve');
  });

  journey("8. spot check: the employee's scorecard and her assessment in Bengali and German", async () => {
    const emma = await as('emma');
    for (const language of ['bn', 'de'] as const) {
      await emma.selectOption('#language', language);
      await nav(
        emma,
        language === 'bn' ? 'আমার স্কোরকার্ড' : 'Meine Scorecards',
        language === 'bn' ? 'আমার ইনবক্স' : 'Mein Posteingang',
      );
      await emma.locator('.ag-row a').first().click();
      await emma.locator('[data-screen=scorecard-editor]').waitFor();
      await shot(emma, `employee-scorecard-${language}`);
      await emma.goto(assessmentUrl);
      await emma.getByTestId('assessment-scores').waitFor();
      await shot(emma, `employee-assessment-${language}`);
    }
    await emma.selectOption('#language', 'en');
  });
});
