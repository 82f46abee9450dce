import { afterAll, beforeAll, describe, expect } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { api, companyWithExecutive, employeeWithPassword } from './support/api-setup.ts';
import { browserSkipReason, launchChromium } from './support/browser.ts';
import { journeySteps, signedIn } from './support/journey.ts';
import { startServer, type RunningServer } from './support/server-process.ts';
import { fill, nav, openRow, pick, row, save, signIn, snap, tab } from './support/screens.ts';
import { isoDay } from '../support/iso-day.ts';

const skip = browserSkipReason();
const SURVEY = 'Leadership 360';

/**
 * A 360-degree round by clicks: the module administrator sets up the survey (scale, competencies, questions), names
 * the reviewed employee and her reviewers (herself, a peer, three outsiders) and mails each their link; every reviewer
 * answers through the link without signing in; the reviewed employee reads her result. The API only arranges the
 * company and its people.
 */
describe.skipIf(skip)(
  '360-degree feedback: a round with outside reviewers, from set-up to the reviewed employee reading her result',
  () => {
    let server: RunningServer;
    let browser: Browser;
    let admin: Page;
    const pages: Record<string, Page> = {};
    let exec: { email: string; password: string };
    const ada = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@feedbuild.example', password: 'ada-pass-1234' };
    const bob = { firstName: 'Bob', lastName: 'Peer', email: 'bob@feedbuild.example', password: 'bob-pass-1234' };
    const cy = { firstName: 'Cy', lastName: 'Chief', email: 'cy@feedbuild.example', password: 'cy-pass-12345' };
    const questions = [
      ['Vision', 'Sets a clear direction'],
      ['Vision', 'Explains why'],
      ['Care', 'Listens'],
    ] as const;
    // ratings per question, in the order above
    const reviewers = [
      { label: 'Ada Lovelace', email: ada.email, relationship: 'Self', ratings: [5, 5, 5] },
      { label: 'Bob Peer', email: bob.email, relationship: 'Peer', employee: 'Bob Peer', ratings: [1, 1, 1] },
      { label: 'Olivia Outside', email: 'olivia@partner.example', relationship: 'Outsider', ratings: [5, 4, 4] },
      { label: 'Omar Outside', email: 'omar@partner.example', relationship: 'Outsider', ratings: [4, 4, 3] },
      { label: 'Otto Outside', email: 'otto@partner.example', relationship: 'Outsider', ratings: [3, 2, 5] },
    ];
    /** The link of the newest invitation mailed to this address, with its #token= fragment, once it is in the outbox. */
    const linkTo = async (email: string) => {
      const find = () =>
        server
          .mails()
          .reverse()
          .find((m) => m.includes(`To: ${email}`) && m.includes('/app/survey-review/authenticate#token='));
      for (let i = 0; i < 50 && !find(); i++) await new Promise((res) => setTimeout(res, 100));
      return /(http\S+\/app\/survey-review\/authenticate#token=[A-Za-z0-9_-]+)/.exec(find()!)![1];
    };
    /** A journey goes on only while its steps succeed. */
    const step = journeySteps('degree-360', pages);

    beforeAll(async () => {
      server = await startServer();
      const company = await companyWithExecutive(server, 'Feedbuild', 'exec-pass-12', [
        'degree-360',
        'organizational-survey',
        'strategic',
        'performance',
      ]);
      exec = { email: company.email, password: company.password };
      const token = (await api(server, 'auth/login', exec)).user.token;
      const cyId = await employeeWithPassword(server, token, cy);
      const adaId = await employeeWithPassword(server, token, ada);
      await employeeWithPassword(server, token, bob);
      // Ada reports to Cy, who takes no part in the round
      const adaRecord = (await api(server, `employee/${adaId}`, undefined, token)).employee;
      await api(server, 'employee/update', { id: adaId, version: adaRecord.version, supervisorId: cyId }, token);
      browser = await launchChromium();
      admin = pages.admin = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    }, 180_000);
    afterAll(async () => {
      await browser?.close();
      await server?.stop();
    });

    step(
      'the administrator sets up the survey: dates, a five-point scale, two competencies and their questions',
      async () => {
        await signIn(admin, server.url, exec.email, exec.password);
        // the survey set-up screens are tabs: 360-degree, its annual set-up and the organisational survey
        for (const [label, tabs] of [
          [
            '360-degree competencies',
            ['Competencies', 'Assessment scales', 'Assessment areas', 'Assessment questions', 'Contribution'],
          ],
          [
            'Organisational survey',
            [
              'Periods',
              'Organisational values',
              'Survey scales',
              'Survey competencies',
              'Survey questions',
              'Reviewers',
              'Completed reviews',
            ],
          ],
          [
            '360-degree feedback',
            [
              'Surveys',
              'Scales',
              'Competencies',
              'Questions',
              'Reviewed employees',
              'Share survey',
              'Completed reviews',
              '360-degree reviews',
              '360-degree competencies',
            ],
          ],
        ] as const) {
          await nav(admin, label);
          // the previous area's tabs stay until the next one renders: wait for this one's (the set-up's own tabs
          // under the module home's, the module homes' tabs)
          const bar =
            label === '360-degree competencies'
              ? '[data-screen=tabs] [role=tab]'
              : '[data-screen=module-home] [role=tab]';
          await expect.poll(() => admin.locator(bar).allInnerTexts(), { message: label }).toEqual(tabs);
        }

        // the module home remembers the set-up tab opened above: its surveys are its first tab
        await tab(admin, 'Surveys');
        await admin.locator('[data-screen=list][data-entity=survey]').waitFor();
        await admin.getByRole('button', { name: 'Add', exact: true }).click();
        await fill(admin, { name: SURVEY, startDate: isoDay(0), endDate: isoDay(30) });
        await save(admin);
        await row(admin, SURVEY).getByRole('gridcell', { name: 'Open', exact: true }).waitFor();

        /** Adds a record from a tab of the 360-degree screen and comes back to it. */
        const addOn = async (tabName: string, values: () => Promise<void>, shown: string) => {
          await tab(admin, tabName);
          await admin.getByRole('tabpanel').getByRole('button', { name: 'Add', exact: true }).click();
          await admin.locator('[data-screen=form]').waitFor();
          await values();
          await save(admin);
          await row(admin, shown).waitFor();
        };
        for (const [value, name] of [
          [1, 'Poor'],
          [2, 'Fair'],
          [3, 'Good'],
          [4, 'Very good'],
          [5, 'Excellent'],
        ] as const)
          await addOn(
            'Scales',
            async () => {
              await pick(admin, 'surveyId', SURVEY);
              await fill(admin, { value: String(value), name });
            },
            name,
          );
        for (const competency of ['Vision', 'Care'])
          await addOn(
            'Competencies',
            async () => {
              await pick(admin, 'surveyId', SURVEY);
              await fill(admin, { name: competency });
            },
            competency,
          );
        for (const [competency, question] of questions)
          await addOn(
            'Questions',
            async () => {
              await pick(admin, 'surveyCompetencyId', competency);
              await fill(admin, { question });
            },
            question,
          );
        await addOn(
          'Reviewed employees',
          async () => {
            await pick(admin, 'surveyId', SURVEY);
            await pick(admin, 'employeeId', 'Ada Lovelace');
          },
          'Ada Lovelace',
        );
        await snap(admin, 'degree-360-01-reviewed-employee');
      },
    );

    step('names her reviewers (herself, a peer, three outsiders) and mails each the link', async () => {
      await tab(admin, 'Share survey');
      for (const r of reviewers) {
        await admin.getByRole('tabpanel').getByRole('button', { name: 'Add', exact: true }).click();
        await admin.locator('[data-screen=form][data-entity=survey-reviewer]').waitFor();
        await pick(admin, 'reviewedEmployeeId', 'Ada Lovelace');
        await admin.locator('#root_relationship').selectOption(r.relationship);
        if (r.employee) await pick(admin, 'employeeId', r.employee);
        if (r.relationship === 'Outsider') await fill(admin, { name: r.label, email: r.email });
        await save(admin);
        await row(admin, r.email).waitFor();
      }
      for (const r of reviewers) {
        await openRow(admin, r.email);
        await admin.getByRole('button', { name: 'Send link' }).click();
        await admin.getByTestId('share-sent').waitFor();
        expect(await admin.getByTestId('share-sent').innerText()).toContain(r.email);
        if (r === reviewers[reviewers.length - 1]) await snap(admin, 'degree-360-02-link-sent');
        await admin.getByRole('link', { name: 'Cancel' }).click();
        await row(admin, r.email).waitFor();
      }
      for (const r of reviewers)
        expect(await linkTo(r.email)).toMatch(new RegExp(`^${server.url}/app/survey-review/authenticate#token=`));
    });

    step(
      'each reviewer opens the mailed link in a browser of their own, never signed in, answers and submits',
      async () => {
        for (const r of reviewers) {
          const context = await browser.newContext({ viewport: { width: 1100, height: 900 } });
          const reviewer = await context.newPage();
          await reviewer.goto(await linkTo(r.email));
          await reviewer.waitForURL('**/app/survey-review/complete');
          // the token left the address as soon as it was read
          expect(reviewer.url()).not.toContain('token');
          const form = reviewer.getByTestId('public-flow-form');
          await form.waitFor();
          expect(await form.locator('h2').innerText()).toBe(
            r.relationship === 'Self' ? `${SURVEY}: self-review` : `${SURVEY}: review of Ada Lovelace`,
          );
          if (r.label === 'Omar Outside') {
            // he answers one question, leaves and comes back: that answer is shown as saved, and no other (an answer
            // whose rating or row happened to equal another question's id was once taken for that question's too)
            const firstQuestion = form.getByRole('radiogroup', { name: questions[0][1] });
            await firstQuestion.locator('input[value="2"]').check();
            await firstQuestion.getByText('(saved)').waitFor();
            await reviewer.reload();
            await form.waitFor();
            await expect.poll(() => firstQuestion.locator('input[value="2"]').isChecked()).toBe(true);
            expect(await form.getByText('(saved)').count()).toBe(1);
            expect(await form.locator('input[type=radio]:checked').count()).toBe(1);
          }
          for (const [i, [, question]] of questions.entries()) {
            const group = form.getByRole('radiogroup', { name: question });
            await group.locator(`input[value="${r.ratings[i]}"]`).check();
            await group.getByText('(saved)').waitFor();
          }
          if (r.label === 'Olivia Outside') {
            await snap(reviewer, 'degree-360-03-outsider-answers');
            // an outsider reads the page in her language: its title and introduction too, not only the buttons
            await reviewer.selectOption('#session-language', 'bn');
            await expect.poll(() => form.locator('h2').innerText()).toBe(`${SURVEY}: Ada Lovelace-এর মূল্যায়ন`);
            expect(await form.innerText()).toContain('প্রতিটি প্রশ্নে রেটিং দিন');
            await snap(reviewer, 'degree-360-03b-outsider-answers-bn');
            await reviewer.selectOption('#session-language', 'de');
            await expect.poll(() => form.locator('h2').innerText()).toBe(`${SURVEY}: Beurteilung von Ada Lovelace`);
            expect(await form.innerText()).toContain('Ihre Antworten werden laufend gespeichert');
            await snap(reviewer, 'degree-360-03c-outsider-answers-de');
            await reviewer.selectOption('#session-language', 'en');
            await expect.poll(() => form.locator('h2').innerText()).toBe(`${SURVEY}: review of Ada Lovelace`);
          }
          await reviewer.getByRole('button', { name: 'Submit answers' }).click();
          await reviewer.getByTestId('public-flow-success').waitFor();
          await context.close();
        }
        await tab(admin, 'Completed reviews');
        for (const r of reviewers) await row(admin, r.email).waitFor();
      },
    );

    step(
      "the reviewed employee reads her result: her self-rating beside the outsiders' and all others' averages",
      async () => {
        const page = (pages.ada = await signedIn(browser, server.url, ada));
        await nav(page, '360-degree reviews');
        await page.locator('#result-survey').selectOption({ label: SURVEY });
        await page.locator('#result-employee option', { hasText: 'Ada Lovelace' }).waitFor({ state: 'attached' });
        await page.locator('#result-employee').selectOption({ label: 'Ada Lovelace' });
        await page.locator('[data-chart=degree-360-result] canvas').first().waitFor();
        const cell = (competency: string, group: string) =>
          page.locator(`table[data-result] tr[data-competency="${competency}"] td[data-group="${group}"]`).innerText();
        await page.locator('table[data-result] tr[data-competency="Vision"]').waitFor();
        // Vision: outsiders (5+4, 4+4, 3+2) / 6 = 3.67; Care: (4 + 3 + 5) / 3 = 4
        expect(await cell('Vision', 'Self')).toBe('5.00');
        expect(await cell('Vision', 'Outsider')).toBe('3.67');
        expect(await cell('Care', 'Self')).toBe('5.00');
        expect(await cell('Care', 'Outsider')).toBe('4.00');
        // a single peer is not shown as a number, and the cell says why
        expect(await cell('Vision', 'Peer')).toBe(
          "hidden: only 1 of this group submitted, and at least 3 are needed so that no one's rating can be told apart",
        );
        // all others (outsiders and the one peer) beside the outsiders' average would tell the peer's rating
        expect(await cell('Care', 'Others')).toBe(
          'hidden: next to the columns shown, it would give away the ratings of a group that is hidden',
        );
        expect(await page.locator('table[data-result] th').allInnerTexts()).toEqual([
          'Competency',
          'Self',
          'Peer',
          'Outsider',
          'All others',
        ]);
        await snap(page, 'degree-360-04-result');
        await snap(page, 'people6-360-result');
        await page.selectOption('#language', 'bn');
        await expect.poll(() => cell('Vision', 'Peer')).toMatch(/^লুকানো: এই দলের মাত্র ১ জন/);
        await snap(page, 'people6-360-result-bn');
        await page.selectOption('#language', 'en');
      },
    );

    step('her supervisor finds her among the reviewed employees he may see, and reads the same result', async () => {
      const page = (pages.cy = await signedIn(browser, server.url, cy));
      await nav(page, '360-degree reviews');
      await page.locator('#result-survey').selectOption({ label: SURVEY });
      const offered = page.locator('#result-employee option:not([value=""])');
      await offered.first().waitFor({ state: 'attached' });
      expect(await offered.allInnerTexts()).toEqual(['Ada Lovelace']);
      await page.locator('#result-employee').selectOption({ label: 'Ada Lovelace' });
      const outsiders = page.locator('table[data-result] tr[data-competency="Vision"] td[data-group="Outsider"]');
      await expect.poll(() => outsiders.innerText()).toBe('3.67');
      await snap(page, 'people6-360-result-supervisor');
    });
  },
);
