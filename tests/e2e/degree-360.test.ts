import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { api, companyWithExecutive } from './support/api-setup.ts';
import { browserSkipReason, launchChromium } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server-process.ts';
import { signIn, snap } from './support/screens.ts';
import { isoDay } from '../support/iso-day.ts';

const skip = browserSkipReason();

describe.skipIf(skip)('360-degree feedback: three outside reviewers answer through their mailed links; the result shows the averages', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let exec: { email: string; password: string };
  let token: string;
  const id: Record<string, number> = {};
  const questions: number[] = [];
  const outsiders = [
    { name: 'Olivia Outside', email: 'olivia@partner.example', ratings: [5, 4, 4] },
    { name: 'Omar Outside', email: 'omar@partner.example', ratings: [4, 4, 3] },
    { name: 'Otto Outside', email: 'otto@partner.example', ratings: [3, 2, 5] },
  ];
  /** The link of the newest invitation mailed to this address, with its #token= fragment. */
  const linkTo = (email: string) => {
    const mail = server.mails().reverse().find((m) => m.includes(`To: ${email}`) && m.includes('/app/survey-review/authenticate#token='));
    return mail && /(http\S+\/app\/survey-review\/authenticate#token=[A-Za-z0-9_-]+)/.exec(mail)![1];
  };
  /** The token of the link mailed to this address, once the mail is in the outbox. */
  const tokenFor = async (email: string) => {
    for (let i = 0; i < 50 && !linkTo(email); i++) await new Promise((res) => setTimeout(res, 100));
    return /#token=([A-Za-z0-9_-]+)/.exec(linkTo(email)!)![1];
  };

  beforeAll(async () => {
    server = await startServer();
    const company = await companyWithExecutive(server, 'Feedbuild', 'exec-pass-12', ['degree-360', 'organizational-survey', 'strategic', 'performance']);
    exec = { email: company.email, password: company.password };
    token = (await api(server, 'auth/login', exec)).user.token;
    const ada = (await api(server, 'employee/add', { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@feedbuild.example' }, token)).employee;
    id.survey = (await api(server, 'survey/add', { name: 'Leadership 360', startDate: isoDay(0), endDate: isoDay(30) }, token)).survey.id;
    for (const [value, name] of [[1, 'Poor'], [2, 'Fair'], [3, 'Good'], [4, 'Very good'], [5, 'Excellent']] as const) await api(server, 'survey-scale/add', { surveyId: id.survey, value, name }, token);
    const vision = (await api(server, 'survey-competency/add', { surveyId: id.survey, name: 'Vision' }, token)).surveyCompetency.id;
    const care = (await api(server, 'survey-competency/add', { surveyId: id.survey, name: 'Care' }, token)).surveyCompetency.id;
    for (const [competency, question] of [[vision, 'Sets a clear direction'], [vision, 'Explains why'], [care, 'Listens']] as const)
      questions.push((await api(server, 'survey-question/add', { surveyCompetencyId: competency, question }, token)).surveyQuestion.id);
    id.reviewed = (await api(server, 'reviewed-employee/add', { surveyId: id.survey, employeeId: ada.id }, token)).reviewedEmployee.id;
    // Ada rates herself through her own link, as any reviewer does
    const self = (await api(server, 'survey-reviewer/add', { reviewedEmployeeId: id.reviewed, relationship: 'Self', employeeId: ada.id }, token)).surveyReviewer.id;
    await api(server, 'survey-reviewer/share', { id: self }, token);
    const selfToken = await tokenFor('ada@feedbuild.example');
    for (const questionId of questions) await api(server, 'public/survey-review/answer', { token: selfToken, questionId, rating: 5 });
    await api(server, 'public/survey-review/submit', { token: selfToken });
    // one peer reviews too: too few to show as a group of their own, but counted among all others
    const bob = (await api(server, 'employee/add', { firstName: 'Bob', lastName: 'Peer', email: 'bob@feedbuild.example' }, token)).employee;
    const peer = (await api(server, 'survey-reviewer/add', { reviewedEmployeeId: id.reviewed, relationship: 'Peer', employeeId: bob.id }, token)).surveyReviewer.id;
    await api(server, 'survey-reviewer/share', { id: peer }, token);
    const peerToken = await tokenFor('bob@feedbuild.example');
    for (const questionId of questions) await api(server, 'public/survey-review/answer', { token: peerToken, questionId, rating: 1 });
    await api(server, 'public/survey-review/submit', { token: peerToken });
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('shows the survey set-up screens as tabs: 360-degree, its annual set-up and the organisational survey', async () => {
    await signIn(page, server.url, exec.email, exec.password);
    for (const [path, tabs] of [
      ['/app/degree-360/main', ['Surveys', 'Scales', 'Competencies', 'Questions', 'Reviewed employees', 'Share survey', 'Completed reviews']],
      ['/app/annual/degree-360-competencies', ['Competencies', 'Assessment scales', 'Assessment areas', 'Assessment questions', 'Contribution']],
      ['/app/annual/organizational', ['Periods', 'Organisational values', 'Survey scales', 'Survey competencies', 'Survey questions', 'Reviewers', 'Completed reviews']],
    ] as const) {
      await page.goto(`${server.url}${path}`);
      await page.getByRole('tab').first().waitFor();
      expect(await page.getByRole('tab').allInnerTexts(), path).toEqual(tabs);
    }
    await page.goto(`${server.url}/app/degree-360/main`);
    await page.getByRole('gridcell', { name: 'Leadership 360', exact: true }).waitFor();
    await page.getByRole('gridcell', { name: 'Open', exact: true }).waitFor();
  });

  it('adds three outside reviewers and shares the survey with each by e-mail', async () => {
    await signIn(page, server.url, exec.email, exec.password);
    for (const o of outsiders) {
      await page.goto(`${server.url}/app/degree-360/share-survey/add?surveyId=${id.survey}&reviewedEmployeeId=${id.reviewed}`);
      await page.locator('[data-screen=form][data-entity=survey-reviewer]').waitFor();
      await page.locator('#root_relationship').selectOption('Outsider');
      await page.fill('#root_name', o.name);
      await page.fill('#root_email', o.email);
      await page.getByRole('button', { name: 'Save' }).click();
      await page.waitForURL('**/app/degree-360/share-survey/main**');
      await page.getByRole('gridcell', { name: o.email, exact: true }).waitFor();
    }
    const reviewers = (await api(server, `survey-reviewer?reviewedEmployeeId=${id.reviewed}&relationship=Outsider&sort=id`, undefined, token)).list as { id: number; email: string }[];
    expect(reviewers.map((r) => r.email)).toEqual(outsiders.map((o) => o.email));
    for (const r of reviewers) {
      await page.goto(`${server.url}/app/degree-360/share-survey/edit?id=${r.id}`);
      await page.getByRole('button', { name: 'Send link' }).click();
      await page.getByTestId('share-sent').waitFor();
      expect(await page.getByTestId('share-sent').innerText()).toContain(r.email);
    }
    await snap(page, 'degree-360-01-shared');
    for (const o of outsiders) {
      await tokenFor(o.email);
      expect(linkTo(o.email)).toMatch(new RegExp(`^${server.url}/app/survey-review/authenticate#token=`));
    }
  });

  it('lets each outsider open the mailed link in a fresh browser, answer and submit', async () => {
    for (const [n, o] of outsiders.entries()) {
      const context = await browser.newContext({ viewport: { width: 1100, height: 900 } });
      const reviewer = await context.newPage();
      await reviewer.goto(linkTo(o.email)!);
      await reviewer.waitForURL('**/app/survey-review/complete');
      const form = reviewer.getByTestId('public-flow-form');
      await form.waitFor();
      expect(await form.locator('h2').innerText()).toBe('Leadership 360: review of Ada Lovelace');
      for (const [i, questionId] of questions.entries()) {
        await reviewer.locator(`input[name=question-${questionId}][value="${o.ratings[i]}"]`).check();
        await reviewer.getByTestId(`saved-${questionId}`).waitFor();
      }
      if (n === 0) await snap(reviewer, 'degree-360-02-reviewer-answers');
      await reviewer.getByRole('button', { name: 'Submit answers' }).click();
      await reviewer.getByTestId('public-flow-success').waitFor();
      // the token left the address as soon as it was read
      expect(reviewer.url()).not.toContain('token');
      await context.close();
    }
    const completed = (await api(server, `survey-reviewer?surveyId=${id.survey}&status=Submitted`, undefined, token)).list;
    expect(completed).toHaveLength(5);
  });

  it('shows the employee\'s result: the self-rating beside the outsiders\' and all others\' averages, chart and table', async () => {
    await page.goto(`${server.url}/app/reports/degree-360-reviews?surveyId=${id.survey}&reviewedEmployeeId=${id.reviewed}`);
    await page.locator('[data-chart=degree-360-result] canvas').first().waitFor();
    const cell = (competency: string, group: string) => page.locator(`table[data-result] tr[data-competency="${competency}"] td[data-group="${group}"]`).innerText();
    await page.locator('table[data-result] tr[data-competency="Vision"]').waitFor();
    // Vision: outsiders (5+4, 4+4, 3+2) / 6 = 3.67, with the peer's 1 and 1: 24 / 8 = 3; Care: (4 + 3 + 5) / 3 = 4, with the peer's 1: 13 / 4 = 3.25
    expect(await cell('Vision', 'Self')).toBe('5.00');
    expect(await cell('Vision', 'Outsider')).toBe('3.67');
    expect(await cell('Vision', 'Others')).toBe('3.00');
    expect(await cell('Care', 'Self')).toBe('5.00');
    expect(await cell('Care', 'Outsider')).toBe('4.00');
    expect(await cell('Care', 'Others')).toBe('3.25');
    // a single peer is not shown as a number: the cell says the group is hidden
    expect(await cell('Vision', 'Peer')).toBe('hidden (fewer than 3 reviewers)');
    const headers = await page.locator('table[data-result] th').allInnerTexts();
    expect(headers).toEqual(['Competency', 'Self', 'Peer', 'Outsider', 'All others']);
    await snap(page, 'degree-360-03-result');
  });
});
