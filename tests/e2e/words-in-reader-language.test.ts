import { describe, expect } from 'vitest';
import type { Page } from 'playwright-core';
import { browserSkipReason } from './support/browser.ts';
import { journeySteps } from './support/journey.ts';
import { journeyCompany } from './support/journey-company.ts';
import { offered, pick, save, snap } from './support/screens.ts';

const skip = browserSkipReason();

/** Switches the page's language as a person does, by the language select of the shell. */
const speak = async (page: Page, lang: 'en' | 'bn' | 'de') => {
  await page.selectOption('#language', lang);
  await page.locator(`html[lang=${lang}]`).waitFor({ state: 'attached' });
};

/**
 * What the server composes or holds is worded in the reader's language, as the screens' own texts are: a residual
 * rating's level and score, the year of the dashboard's annual plan in the reader's digits, and the rule of whom a 360
 * reviewer may be beside the field that names them (issue 26: texts left in English, rules only the server knew).
 */
describe.skipIf(skip)('words in the reader’s language', () => {
  const people = {
    ada: { firstName: 'Ada', lastName: 'Reviewed', email: 'ada@wordsmith.example', password: 'ada-pass-1234' },
  };
  const pages: Record<string, Page> = {};
  const step = journeySteps('words', pages, 90_000);
  const id: Record<string, number> = {};
  const j = journeyCompany({
    company: 'Wordsmith',
    modules: ['strategic', 'performance', 'risk-management', 'degree-360'],
    people,
    pages,
    arrange: async (c) => {
      const strategic = (
        await c.call('strategic-plan/add', { description: 'Vision', startDate: '2026-01-01', endDate: '2030-12-31' })
      ).strategic;
      await c.call('annual-plan/add', {
        name: 'FY2026',
        strategicPlanId: strategic.id,
        startDate: '2026-01-01',
        endDate: '2026-12-31',
      });
      id.risk = (
        await c.call('risk/add', {
          name: 'Key supplier fails',
          kind: 'Strategic',
          impact: 'Major',
          likelihood: 'Likely',
        })
      ).risk.id;
      await c.call('residual-rating/add', { riskId: id.risk, impact: 'Minor', likelihood: 'Unlikely' });
      const today = new Date().toISOString().slice(0, 10);
      const survey = (await c.call('survey/add', { name: 'Leadership 360', startDate: today, endDate: today })).survey;
      await c.call('reviewed-employee/add', { surveyId: survey.id, employeeId: c.ids.ada });
    },
  });

  step('the dashboard names the annual plan’s year in Bengali digits, as its figures are', async () => {
    const page = pages.exec;
    const card = page.locator('[data-item=company-performance]');
    await speak(page, 'bn');
    await expect.poll(() => card.innerText()).toContain('FY২০২৬');
    await snap(page, 'words-dashboard-bn');
    await speak(page, 'de');
    await expect.poll(() => card.innerText()).toContain('FY2026');
    await snap(page, 'words-dashboard-de');
  });

  step(
    'a residual rating is named by its level in the reader’s words and its score in the reader’s digits',
    async () => {
      const page = pages.exec;
      await page.goto(`${j.server.url}/app/risk-management/edit-identification?id=${id.risk}`);
      const residual = page.getByTestId('children-residualRatingList');
      await speak(page, 'de');
      await residual.getByText('Niedrig (4)').waitFor();
      await snap(page, 'words-risk-de');
      await speak(page, 'bn');
      await residual.getByText('নিম্ন (৪)').waitFor();
      expect(await residual.innerText()).not.toContain('Low');
      await snap(page, 'words-risk-bn');
      // the register and the residual ratings' list word the ratings the matrix computed the same way
      await page.goto(`${j.server.url}/app/risk-management/main`);
      const register = page.locator('.ag-row', { hasText: 'Key supplier fails' });
      await expect.poll(() => register.innerText()).toMatch(/উচ্চ[\s\S]*১৬/);
      expect(await register.innerText()).not.toMatch(/High|16/);
      await snap(page, 'words-risk-register-bn');
      await speak(page, 'de');
      await page.goto(`${j.server.url}/app/risk-management/residual-ratings`);
      await expect.poll(() => page.locator('.ag-row').first().innerText()).toMatch(/Niedrig/);
      await snap(page, 'words-residual-ratings-de');
    },
  );

  step(
    'the 360 reviewer form offers as a colleague only whom it may name, and says the rule beside the field',
    async () => {
      const page = pages.exec;
      await speak(page, 'en');
      await page.goto(`${j.server.url}/app/degree-360/share-survey/add`);
      await page.locator('[data-screen=form][data-entity=survey-reviewer]').waitFor();
      const colleagues = () => offered(page, 'employeeId');
      await pick(page, 'reviewedEmployeeId', 'Ada Reviewed');
      // a peer is anyone but the reviewed employee, whom the server would refuse
      await page.locator('#root_relationship').selectOption({ label: 'Peer' });
      await expect.poll(colleagues).toContain('Exe Wordsmith');
      await expect.poll(colleagues).not.toContain('Ada Reviewed');
      // a self-review is the reviewed employee's own: she is offered there
      await page.locator('#root_relationship').selectOption({ label: 'Self' });
      await expect.poll(colleagues).toContain('Ada Reviewed');
      const help = page.locator('#root_employeeId__help');
      await expect.poll(() => help.innerText()).toContain('anyone but the reviewed employee');
      await page.locator('#root_relationship').selectOption({ label: 'Peer' });
      await expect.poll(colleagues).not.toContain('Ada Reviewed');
      await speak(page, 'de');
      await expect.poll(() => help.innerText()).toContain('jeder außer der beurteilten Person');
      await snap(page, 'words-360-reviewer-de');
      await speak(page, 'bn');
      await expect.poll(() => help.innerText()).toContain('মূল্যায়িত কর্মী ছাড়া যে কাউকে');
      await snap(page, 'words-360-reviewer-bn');
      // what the form offers, the server takes
      await speak(page, 'en');
      await pick(page, 'employeeId', 'Exe Wordsmith');
      await save(page);
      await expect
        .poll(async () => (await j.call(`survey-reviewer?relationship=Peer`)).list.map((r: { name: string }) => r.name))
        .toEqual(['Exe Wordsmith']);
    },
  );
});
