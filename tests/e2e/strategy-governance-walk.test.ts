import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { today } from '../../engine/hooks/performance/quarter-windows.ts';
import { api, companyWithExecutive, employeeWithPassword } from './support/api-setup.ts';
import { browserSkipReason, launchChromium } from './support/browser.ts';
import { HOLDER, startServer, type RunningServer } from './support/server-process.ts';
import { nav, offered, pick, section, signIn, snap } from './support/screens.ts';

const skip = browserSkipReason();
const A = '/app/audit-management';

/**
 * What users met walking the strategy and governance modules, in the browser: the customer satisfaction survey sent
 * and answered question by question, the final report refused before Reporting and read-only once issued, an
 * administrator accepting in place of the named approver, and the screens reached by Add rather than by address.
 */
describe.skipIf(skip)('strategy and governance: the walk-through', () => {
  let server: RunningServer;
  let browser: Browser;
  const pages: Record<string, Page> = {};
  let token: string; // the executive's (module admin of every module)
  const id: Record<string, number> = {};
  const people = {
    ada: { email: 'ada@walk.example', password: 'ada-pass-1234', firstName: 'Ada', lastName: 'Auditor' },
    max: { email: 'max@walk.example', password: 'max-pass-1234', firstName: 'Max', lastName: 'Manager' },
    abe: { email: 'abe@walk.example', password: 'abe-pass-1234', firstName: 'Abe', lastName: 'Approver' },
    rea: { email: 'rea@walk.example', password: 'rea-pass-1234', firstName: 'Rea', lastName: 'Receiver' },
  };
  const now = today();
  const as = async (k: keyof typeof people) =>
    (await api(server, 'auth/login', { email: people[k].email, password: people[k].password })).user.token as string;
  const first = (d: Record<string, { id: number }>) => Object.values(d)[0];
  const none = async (l: { count(): Promise<number> }) => expect(await l.count()).toBe(0);
  const button = (page: Page, name: string) => page.getByTestId('workflow').getByRole('button', { name, exact: true });

  beforeAll(async () => {
    server = await startServer();
    const company = await companyWithExecutive(server, 'Walkline', 'exec-pass-12', [
      'performance',
      'audit-management',
      'strategic',
      'strategy-management',
      'strategy-execution',
      'strategic-projects',
      'risk-management',
      'actions-tracker',
      'personal-development',
      'projects',
      'organizational-survey',
    ]);
    token = (await api(server, 'auth/login', { email: company.email, password: company.password })).user.token;
    for (const [k, who] of Object.entries(people)) id[k] = await employeeWithPassword(server, token, who);
    browser = await launchChromium();
    const open = async (k: string, email: string, password: string) => {
      pages[k] = await (await browser.newContext({ viewport: { width: 1400, height: 1000 } })).newPage();
      await signIn(pages[k], server.url, email, password);
    };
    await open('exec', company.email, company.password);
    for (const [k, who] of Object.entries(people)) await open(k, who.email, who.password);
    // an audit in fieldwork with its auditor, audit manager and approver
    id.plan = first(await api(server, 'audit-plan/add', { name: 'Audit plan 2026', year: 2026 }, token)).id;
    const eng = await api(
      server,
      'audit-engagement/add',
      {
        name: 'Procurement 2026',
        auditPlanId: id.plan,
        auditorId: id.ada,
        auditManagerId: id.max,
        approverId: id.abe,
        startDate: now,
        endDate: now,
      },
      token,
    );
    id.eng = first(eng).id;
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('1. the auditor sends the customer satisfaction survey from its send form; the receiver answers each question and submits', async () => {
    const css = first(await api(server, 'customer-satisfaction-survey/add', { name: 'Auditee survey' }, token));
    for (const [v, name] of [
      [1, 'Poor'],
      [2, 'Fair'],
      [3, 'Good'],
    ] as const)
      await api(
        server,
        'audit-survey-rating-scale/add',
        { customerSatisfactionSurveyId: css.id, name, value: v },
        token,
      );
    const area = first(
      await api(server, 'audit-survey-area/add', { customerSatisfactionSurveyId: css.id, name: 'Conduct' }, token),
    );
    for (const question of ['Was the audit professional?', 'Was the report clear?'])
      await api(
        server,
        'audit-survey-question/add',
        { customerSatisfactionSurveyId: css.id, auditSurveyAreaId: area.id, question },
        token,
      );

    // the auditor goes from her audits to the audit's page, where the surveys' Add opens the send form (the one its
    // list adds with), not the plain add form that would leave a Draft
    const ada = pages.ada;
    await ada.goto(`${server.url}/app/dashboard/main`);
    await nav(ada, 'My audits');
    await ada.locator('.ag-row', { hasText: 'Procurement 2026' }).getByRole('link').first().click();
    // the surveys are sent at the audit's reporting stage: its section is a line saying so until then, unfolded by a click
    await (await section(ada, 'surveyResponseList')).getByTestId('add-surveyResponseList').click();
    await ada.waitForURL(`**${A}/audit-report/customer-satisfaction-survey/${id.eng}/send`);
    await ada.locator('[data-screen=form][data-entity=audit-survey-response]').waitFor();
    await pick(ada, 'customerSatisfactionSurveyId', 'Auditee survey');
    await pick(ada, 'receiverId', 'Rea Receiver');
    await ada.getByRole('button', { name: 'Save' }).click();
    // Save on the send form adds and sends, and returns to the audit; its surveys' list shows it Sent, not a Draft
    await ada.waitForURL(`**${A}/audits/manage/${id.eng}`);
    await (await section(ada, 'surveyResponseList')).getByRole('link', { name: 'Open the list' }).click();
    await ada.locator('.ag-row', { hasText: 'Sent' }).waitFor();
    await snap(ada, 'walk-1-survey-sent');

    const rea = pages.rea;
    await rea.goto(`${server.url}${A}/my-task/pending`);
    await rea
      .getByRole('link', { name: /Auditee survey|Procurement 2026/ })
      .first()
      .click();
    const panel = rea.getByTestId('question-answers');
    await panel.getByText('Was the audit professional?').waitFor();
    await panel.getByText('Conduct').waitFor();
    // no Save asking for "Answers" in a text box: the answers are given on the questions
    await none(button(rea, 'Save'));
    await panel.getByRole('group', { name: 'Was the audit professional?' }).getByLabel('Good (3)').check();
    await panel.getByRole('group', { name: 'Was the report clear?' }).getByLabel('Fair (2)').check();
    await panel.getByLabel('Comment: Was the report clear?').fill('Too long');
    await panel.getByRole('button', { name: 'Save answers' }).click();
    await expect.poll(() => rea.getByTestId('workflow-state').innerText()).toBe('Saved');
    await snap(rea, 'walk-1-survey-answered');
    await button(rea, 'Submit').click();
    await expect.poll(() => rea.getByTestId('workflow-state').innerText()).toBe('Submitted');
    await expect.poll(() => panel.getByTestId('answer').first().innerText()).toBe('Good (3)');
    await none(panel.getByRole('button', { name: 'Save answers' }));
    const stored = (await api(server, `audit-survey-response?auditEngagementId=${id.eng}`, undefined, token)).list[0];
    expect(stored.status).toBe('Submitted');
    // the auditor opens the survey from the audit's page and reads the answers on their questions
    await ada.goto(`${server.url}${A}/audits/manage/${id.eng}`);
    await (await section(ada, 'surveyResponseList')).getByRole('link', { name: 'Auditee survey' }).click();
    const answered = ada.getByTestId('question-answers');
    await expect.poll(() => answered.getByTestId('answer').first().innerText()).toBe('Good (3)');
    await none(answered.getByRole('button', { name: 'Save answers' }));
    expect(stored.answers.map((a: { value: number; comment?: string }) => [a.value, a.comment ?? null])).toEqual([
      [3, null],
      [2, 'Too long'],
    ]);

    // the sender opens it from the audit's list of surveys: the answers are there, read-only, each on its question
    await ada.goto(`${server.url}${A}/audits/manage/${id.eng}/customer-satisfaction-surveys`);
    await ada.locator('.ag-row', { hasText: 'Submitted' }).getByRole('link').first().click();
    await ada.locator('[data-screen=form][data-entity=audit-survey-response]').waitFor();
    const sent = ada.getByTestId('question-answers');
    const answerTo = (question: string) => sent.getByRole('group', { name: question }).getByTestId('answer');
    await expect.poll(() => answerTo('Was the audit professional?').innerText()).toBe('Good (3)');
    expect(await answerTo('Was the report clear?').innerText()).toBe('Fair (2) — Too long');
    await none(sent.getByRole('radio'));
    await snap(ada, 'people6-css-answers-sender');
    await ada.selectOption('#language', 'bn');
    await expect.poll(() => sent.locator('h2').innerText()).not.toBe('Answers');
    await snap(ada, 'people6-css-answers-sender-bn');
    await ada.selectOption('#language', 'en');
    // the record's own form, wherever a link leads to it, shows them too
    await ada.goto(`${server.url}${A}/survey-response/edit?id=${stored.id}`);
    await expect
      .poll(() => ada.getByTestId('question-answers').getByTestId('answer').allInnerTexts())
      .toEqual(['Good (3)', 'Fair (2) — Too long']);
    // the receiver, opening the same record, reads what she answered
    await rea.goto(`${server.url}${A}/survey-response/edit?id=${stored.id}`);
    await expect
      .poll(() => rea.getByTestId('question-answers').getByTestId('answer').allInnerTexts())
      .toEqual(['Good (3)', 'Fair (2) — Too long']);
  });
  it('2. the final report is not offered in Fieldwork, and the report says why in plain words; once issued it is read-only with its PDF', async () => {
    const ada = await as('ada');
    await api(server, 'audit-engagement/start-fieldwork', { id: id.eng }, ada);
    const report = first(
      await api(server, 'audit-report/add', { auditEngagementId: id.eng, title: 'Procurement audit report' }, ada),
    );
    await api(server, 'audit-report/submit-draft', { id: report.id }, ada);
    const max = pages.max;
    await max.goto(`${server.url}${A}/audit-report/reports`);
    await max.locator('.ag-row', { hasText: 'Procurement audit report' }).getByRole('link').first().click();
    await max.locator('[data-screen=form][data-entity=audit-report]').waitFor();
    // not offered in Fieldwork, and the record says why
    const why = max.getByTestId('workflow-awaiting-make-final-report');
    await why.waitFor();
    await expect
      .poll(() => why.innerText())
      .toBe('“Make final report” is possible only when its audit is in Reporting (its fieldwork is done)');
    await none(button(max, 'Make final report'));
    await snap(max, 'walk-2-final-report-refused');
    await api(server, 'audit-engagement/start-reporting', { id: id.eng }, ada);
    await max.reload();
    await button(max, 'Make final report').click();
    await expect.poll(() => max.getByTestId('workflow-state').innerText()).toBe('Final');
    // issued: a report to read, not a form to edit
    await max.getByTestId('read-only').waitFor();
    await none(max.getByRole('button', { name: 'Save' }));
    await max.getByTestId('file-finalReportFileId').getByRole('link').waitFor();
    expect(await max.locator('#root_title').isDisabled()).toBe(true);
    await snap(max, 'walk-2-final-report-issued');
  });
  it('3. the administrator accepts in place of the named approver, and says so; the accepted plan is read-only', async () => {
    const strategic = first(
      await api(
        server,
        'strategic-plan/add',
        { description: 'Vision 2030', startDate: '2026-01-01', endDate: '2030-12-31' },
        token,
      ),
    );
    id.strategicPlan = strategic.id;
    await api(
      server,
      'execution-plan/add',
      {
        name: 'FY 2026',
        strategicPlanId: strategic.id,
        startDate: '2026-01-01',
        endDate: '2026-12-31',
        approverId: id.abe,
      },
      token,
    );
    const exec = pages.exec;
    await exec.goto(`${server.url}/app/strategy-execution/annual-plans/plans`);
    await exec.locator('.ag-row', { hasText: 'FY 2026' }).getByRole('link').first().click();
    await exec.locator('[data-screen=form][data-entity=execution-plan]').waitFor();
    await button(exec, 'Accept (in place of Abe Approver)').waitFor();
    await snap(exec, 'walk-3-accept-in-place-of');
    await button(exec, 'Accept (in place of Abe Approver)').click();
    // acting for someone else is confirmed first, naming him
    const confirm = exec.getByRole('dialog');
    await confirm
      .getByText(/in place of Abe Approver/)
      .first()
      .waitFor();
    await snap(exec, 'walk-3-confirm-in-place-of');
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => exec.getByTestId('workflow-state').innerText()).toBe('Accepted');
    await exec.getByTestId('read-only').waitFor();
    await none(exec.getByRole('button', { name: 'Save' }));
    // a reference that cannot be changed shows its record's title, greyed, with nothing to clear
    const approver = exec.locator('.combobox', { has: exec.locator('#root_approverId') });
    expect(await exec.locator('#root_approverId').isDisabled()).toBe(true);
    expect(await exec.locator('#root_approverId').inputValue()).toBe('Abe Approver');
    expect(await approver.locator('.combobox-clear').count()).toBe(0);
    await snap(exec, 'walk-3-accepted-read-only');
    // the approver himself sees a plain Accept on the next plan
    await api(
      server,
      'execution-plan/add',
      {
        name: 'FY 2027',
        strategicPlanId: strategic.id,
        startDate: '2027-01-01',
        endDate: '2027-12-31',
        approverId: id.abe,
      },
      token,
    );
    const abe = pages.abe;
    await abe.goto(`${server.url}/app/strategy-execution/annual-plans/plans`);
    await abe.locator('.ag-row', { hasText: 'FY 2027' }).getByRole('link').first().click();
    await button(abe, 'Accept').waitFor();
    const trail = (await api(server, 'audit-trail?entity=execution-plan&action=accept', undefined, token)).list;
    expect(trail.map((x: { doneByName: string; inPlaceOfName: string }) => [x.doneByName, x.inPlaceOfName])).toEqual([
      ['Exe Walkline', 'Abe Approver'],
    ]);
  });
  it('4. the manual form names modules by their text, not their keys', async () => {
    const holder = await (await browser.newContext({ viewport: { width: 1400, height: 1000 } })).newPage();
    await signIn(holder, server.url, HOLDER.email, HOLDER.password);
    await holder.goto(`${server.url}/app/user-manuals/list`);
    await holder.getByRole('button', { name: 'Add', exact: true }).click();
    const options = await offered(holder, 'moduleId');
    expect(options).toContain('Committees and resolutions');
    expect(options.filter((o) => /^module\./.test(o))).toEqual([]);
    await snap(holder, 'walk-4-manual-form-modules');
    await holder.close();
  });
  it('5. sanity checks on the screens: strategic risks are offered strategic categories only; pillar weights over 100 are refused on the field; overdue resolutions say so', async () => {
    for (const [name, kind] of [
      ['Market', 'Strategic'],
      ['Process', 'Operational'],
    ])
      await api(server, 'risk-category/add', { name, kind }, token);
    const exec = pages.exec;
    await exec.goto(`${server.url}/app/risk-management/strategic-risks`);
    await exec.getByRole('button', { name: 'Add', exact: true }).click();
    await expect.poll(() => offered(exec, 'riskCategoryId')).toContain('Market');
    expect(await offered(exec, 'riskCategoryId')).not.toContain('Process');
    await snap(exec, 'walk-5-strategic-risk-categories');

    await api(server, 'strategic-pillar/add', { strategicPlanId: id.strategicPlan, name: 'Growth', weight: 60 }, token);
    await exec.goto(`${server.url}/app/strategy-management/strategic-plan/${id.strategicPlan}/pillar`);
    await exec.getByRole('button', { name: 'Add', exact: true }).click();
    await exec.locator('[data-screen=form][data-entity=strategic-pillar]').waitFor();
    await exec.fill('#root_name', 'People');
    await exec.fill('#root_weight', '60');
    await exec.getByRole('button', { name: 'Save' }).click();
    await exec
      .getByText(/strategic plan may together come to at most 100; with this one they would come to 120/)
      .first()
      .waitFor();
    await snap(exec, 'walk-5-pillar-weights');

    const committee = first(await api(server, 'committee/add', { name: 'Audit committee' }, token));
    await api(
      server,
      'resolution/add',
      { committeeId: committee.id, title: 'Rotate the auditor', dateTaken: '2025-01-01', dueDate: '2025-03-31' },
      token,
    );
    await exec.goto(`${server.url}/app/actions-tracker/resolutions/list`);
    const row = exec.locator('.ag-row', { hasText: 'Rotate the auditor' });
    await row.waitFor();
    await exec.locator('.ag-header-cell', { hasText: 'Overdue' }).first().waitFor();
    expect(await row.locator('[col-id=overdue]').innerText()).toBe('Yes');
    await snap(exec, 'walk-5-resolution-overdue');
  });
  it("6. screens reached by clicking: the strategic plan's pillars and objectives are added from its page; Cancel returns to the strategic plans; survey parts and universe processes have Add", async () => {
    const exec = pages.exec;
    await exec.goto(`${server.url}/app/strategy-management/strategic-plans`);
    await exec.locator('.ag-row', { hasText: 'Vision 2030' }).getByRole('link').first().click();
    await exec.locator('[data-screen=form][data-entity=strategic-plan]').waitFor();
    await exec.getByTestId('add-pillarList').click();
    await exec.waitForURL(`**/app/strategy-management/strategic-plan/${id.strategicPlan}/pillar/add**`);
    await exec.fill('#root_name', 'Customers');
    await exec.fill('#root_weight', '10');
    await exec.getByRole('button', { name: 'Save' }).click();
    // back on the plan's page, the new pillar in its panel
    await exec.getByTestId('children-pillarList').getByRole('link', { name: 'Customers' }).waitFor();
    await snap(exec, 'walk-6-plan-children');
    await exec.getByTestId('children-pillarList').getByRole('link', { name: 'Customers' }).click();
    await exec.waitForURL(`**/app/strategy-management/strategic-plan/${id.strategicPlan}/pillar/edit/*`);
    await exec.getByTestId('add-objectiveList').click();
    await exec.waitForURL(`**/app/strategy-management/strategic-plan/${id.strategicPlan}/objective/add**`);
    await exec.fill('#root_name', 'Keep customers');
    // saved once the form holds its pillar (the prefill from the page it was opened on), as a person sees it there
    await expect.poll(() => exec.locator('#root_pillarId').inputValue()).not.toBe('');
    await exec.getByRole('button', { name: 'Save' }).click();
    await exec.getByTestId('children-objectiveList').getByRole('link', { name: 'Keep customers' }).waitFor();
    const objective = (
      await api(server, `pillar-objective?strategicPlanId=${id.strategicPlan}`, undefined, token)
    ).list.find((o: { name: string }) => o.name === 'Keep customers');
    expect(objective.strategicPlanId).toBe(id.strategicPlan);

    // Cancel on the strategic plan form returns to the strategic plans of strategy management, opened from there or not
    await exec.goto(`${server.url}/app/strategy-management/strategic-plans`);
    await exec.getByRole('button', { name: 'Add', exact: true }).click();
    await exec.locator('[data-screen=form][data-entity=strategic-plan]').waitFor();
    await exec.getByRole('link', { name: 'Cancel' }).click();
    await exec.waitForURL('**/app/strategy-management/strategic-plans');
    await exec.goto(`${server.url}/app/strategy-management/strategic-plan/edit/${id.strategicPlan}`);
    await exec.locator('[data-screen=form][data-entity=strategic-plan]').waitFor();
    await exec.getByRole('link', { name: 'Cancel' }).click();
    await exec.waitForURL('**/app/strategy-management/strategic-plans');

    // the customer satisfaction survey's scale, areas and questions, and an audit universe's processes
    const css = (await api(server, 'customer-satisfaction-survey?limit=1', undefined, token)).list[0];
    await exec.goto(`${server.url}/app/audit-management/settings/customer-survey-manage/${css.id}`);
    for (const key of ['ratingScaleList', 'areaList', 'questionList']) await exec.getByTestId(`add-${key}`).waitFor();
    await exec.getByTestId('add-areaList').click();
    await exec.fill('#root_name', 'Reporting');
    await exec.getByRole('button', { name: 'Save' }).click();
    await exec.getByTestId('children-areaList').getByText('Reporting').waitFor();
    await snap(exec, 'walk-6-survey-parts');
    const universe = first(await api(server, 'audit-universe/add', { name: 'Procurement', riskRating: 'High' }, token));
    await exec.goto(`${server.url}/app/audit-management/settings/universe`);
    await exec.locator('.ag-row', { hasText: 'Procurement' }).getByRole('link').first().click();
    await exec.getByTestId('add-processList').click();
    await exec.waitForURL(`**/app/audit-management/audit-universe/add-process/${universe.id}**`);
    await snap(exec, 'walk-6-universe-process-add');
  });
  it('7. an ordinary employee reaches My trainings from the dashboard and the training plans; a supervisor the development of the reports', async () => {
    const category = first(await api(server, 'training-category/add', { name: 'Leadership' }, token));
    const training = first(
      await api(server, 'training/add', { name: 'Coaching', trainingCategoryId: category.id }, token),
    );
    // Rea reports to Max
    const rea =
      (await api(server, `employee/${id.rea}`, undefined, token)).item ??
      Object.values(await api(server, `employee/${id.rea}`, undefined, token))[0];
    await api(
      server,
      'employee/update',
      { id: id.rea, version: (rea as { version: number }).version, supervisorId: id.max },
      token,
    );
    await api(server, 'employee-training/add', { employeeId: id.rea, trainingId: training.id }, await as('rea'));
    const page = pages.rea;
    await page.goto(`${server.url}/app/dashboard/main`);
    // the dashboard's count of my trainings leads to them
    await page.locator('[data-action=myTrainings]').click();
    await page.waitForURL('**/app/my-inbox/trainings');
    await page.locator('.ag-row', { hasText: 'Coaching' }).waitFor();
    await snap(page, 'walk-7-my-trainings');
    await page.goto(`${server.url}/app/personal-development/training-plans-executions`);
    await page.locator('.ag-row', { hasText: 'Coaching' }).waitFor();
    await none(page.getByText('Not available to you'));
    const max = pages.max;
    await max.goto(`${server.url}/app/personal-development/my-subordinate-personal-development/trainings`);
    await max.locator('.ag-row', { hasText: 'Coaching' }).waitFor();
    await none(max.getByText('Not available to you'));
    await snap(max, 'walk-7-subordinates-development');
  });
  it('8. no raw ids: the audit reports list names the PDF, questionnaire answers have distinct columns, the organisational survey quarter is Q1..Q4', async () => {
    const exec = pages.exec;
    await exec.goto(`${server.url}${A}/audit-report/reports`);
    const row = exec.locator('.ag-row', { hasText: 'Procurement audit report' });
    await row.waitFor();
    expect(await row.locator('[col-id=finalReportName]').innerText()).toBe('Procurement audit report.pdf');
    await snap(exec, 'walk-8-audit-reports');
    await exec.goto(`${server.url}${A}/audits/manage/${id.eng}/questionnaire/response`);
    await exec.locator('.ag-header-cell', { hasText: 'Yes or no' }).first().waitFor();
    const headers = (await exec.locator('.ag-header-cell-text').allInnerTexts()).filter(Boolean);
    expect(headers.filter((h) => h === 'Answer').length).toBe(1);
    const plan = first(
      await api(
        server,
        'annual-plan/add',
        { name: 'FY 2026', strategicPlanId: id.strategicPlan, startDate: '2026-01-01', endDate: '2026-12-31' },
        token,
      ),
    );
    const asked = first(
      await api(
        server,
        'organizational-survey-reviewer/add',
        { annualPlanId: plan.id, quarterIndex: 3, employeeId: id.rea },
        token,
      ),
    );
    await exec.goto(`${server.url}/app/annual/organizational/reviewers?annualPlanId=${plan.id}&quarterIndex=3`);
    const reviewer = exec.locator('.ag-row', { hasText: 'Rea' });
    await reviewer.waitFor();
    expect(await reviewer.locator('[col-id=quarterIndex]').innerText()).toBe('Q4');
    await snap(exec, 'walk-8-survey-quarter');
    await exec.selectOption('#language', 'bn');
    await expect.poll(() => reviewer.locator('[col-id=quarterIndex]').innerText()).toBe('৪র্থ প্রান্তিক');
    await exec.selectOption('#language', 'en');

    // the quarter's survey mailed: its link works to the quarter's last day, the day the mail and the page state, and
    // its page words the quarter as the screens do (the plan's name stays as the company typed it)
    const Q4 = { annualPlanId: plan.id, quarterIndex: 3 };
    await api(server, 'organizational-survey-scale/add', { ...Q4, value: 1, name: 'Rarely' }, token);
    await api(server, 'organizational-survey-scale/add', { ...Q4, value: 2, name: 'Always' }, token);
    const competency = first(
      await api(server, 'organizational-survey-competency/add', { ...Q4, name: 'Keeping promises' }, token),
    );
    await api(
      server,
      'organizational-survey-question/add',
      { organizationalSurveyCompetencyId: competency.id, question: 'Deadlines we agree are kept' },
      token,
    );
    await api(server, 'organizational-survey-reviewer/share', { id: asked.id }, token);
    const find = () =>
      server
        .mails()
        .reverse()
        .find((m) => m.includes(`To: ${people.rea.email}`) && m.includes('organizational-survey-review/authenticate'));
    for (let i = 0; i < 50 && !find(); i++) await new Promise((res) => setTimeout(res, 100));
    const mail = find()!;
    expect(mail).toContain('31/12/2026');
    const link = /(http\S+\/app\/organizational-survey-review\/authenticate#token=[A-Za-z0-9_-]+)/.exec(mail)![1];
    const context = await browser.newContext({ viewport: { width: 1100, height: 800 } });
    const respondent = await context.newPage();
    await respondent.goto(link);
    const form = respondent.getByTestId('public-flow-form');
    await form.waitFor();
    expect(await form.locator('h2').innerText()).toBe('Organisational survey: FY 2026 (Q4)');
    expect(await form.innerText()).toContain('by 31/12/2026');
    await snap(respondent, 'people6-org-survey-public');
    await respondent.selectOption('#session-language', 'bn');
    await expect.poll(() => form.locator('h2').innerText()).toBe('প্রাতিষ্ঠানিক জরিপ: FY 2026 (৪র্থ প্রান্তিক)');
    expect(await form.innerText()).toContain('৩১/১২/২০২৬');
    await snap(respondent, 'people6-org-survey-public-bn');
    await context.close();
  });
});
