import { describe, expect } from 'vitest';
import type { Page } from 'playwright-core';
import { browserSkipReason } from './support/browser.ts';
import { journeySteps } from './support/journey.ts';
import { journeyCompany } from './support/journey-company.ts';
import { chosen, chosenId, row, save, snap } from './support/screens.ts';

const skip = browserSkipReason();

const PAYROLL = 'Unsigned payroll logs';
const VENDOR = 'Late vendor payments';

/**
 * Forms as people expect them (issue 27, 5): a reference is one field that finds a record by part of its title, chosen
 * with the keyboard, and shows the title, never an id (a management action's management response is named by its
 * finding); dates are typed and shown day first in the language's way (25/11/2026, 25.11.2026, ২৫/১১/২০২৬); an amount
 * shows two decimals and thousands separators in the language, in the form and in the list. The API arranges the audit,
 * its findings and their responses, and a project with a cost.
 */
describe.skipIf(skip)('forms people expect: references by title, dates and amounts in the language', () => {
  const people = {
    rosa: { firstName: 'Rosa', lastName: 'Responder', email: 'rosa@formsworth.example', password: 'rosa-pass-1234' },
    max: { firstName: 'Max', lastName: 'Manager', email: 'max@formsworth.example', password: 'max-pass-1234' },
  };
  const pages: Record<string, Page> = {};
  const step = journeySteps('forms-expected', pages, 120_000);
  const id: Record<string, number> = {};
  const j = journeyCompany({
    company: 'Formsworth',
    modules: ['audit-management', 'projects'],
    people,
    pages,
    arrange: async (j) => {
      const first = (d: Record<string, { id: number }>) => Object.values(d)[0].id;
      const me = (await j.call('auth/me')).user.employeeId as number;
      const plan = first(await j.call('audit-plan/add', { name: 'Audit plan 2026', year: 2026 }));
      const engagement = first(
        await j.call('audit-engagement/add', {
          name: 'Payroll audit',
          auditPlanId: plan,
          auditorId: me,
          auditManagerId: j.ids.max,
          approverId: j.ids.max,
        }),
      );
      for (const [key, title] of [
        ['payroll', PAYROLL],
        ['vendor', VENDOR],
      ] as const) {
        const finding = first(
          await j.call('audit-finding/add', {
            auditEngagementId: engagement,
            title,
            observation: 'Seen in the sample.',
            riskRating: 'High',
          }),
        );
        id[key] = first(
          await j.call('audit-management-response/add', { auditFindingId: finding, responseOwnerId: j.ids.rosa }),
        );
      }
      id.project = first(await j.call('project/add', { name: 'New depot', estimatedCost: 1234567.5 }));
    },
  });

  const language = async (page: Page, lang: 'en' | 'bn' | 'de') => {
    await page.selectOption('#language', lang);
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(lang);
  };
  const responseBox = (page: Page) => page.locator('#root_auditManagementResponseId');
  const listbox = (page: Page, field: string) => page.locator(`[id="root_${field}__listbox"]`);

  step('the response is found by typing part of its title and chosen with the keyboard; its title shows', async () => {
    const page = pages.exec;
    await page.goto(`${j.server.url}/app/audit-management/management-action/add`);
    await page.locator('[data-screen=form][data-entity=audit-management-action]').waitFor();
    const box = responseBox(page);
    // one field, named by its label, that says whether its list is open
    expect(await page.getByRole('combobox', { name: 'Management response' }).count()).toBe(1);
    expect(await box.getAttribute('aria-expanded')).toBe('false');
    await box.click();
    // opened without typing: every response by its finding's title, none by an id
    const all = listbox(page, 'auditManagementResponseId').getByRole('option');
    await expect.poll(async () => (await all.allInnerTexts()).sort()).toEqual([VENDOR, PAYROLL].sort());
    await box.fill('payroll');
    await expect.poll(() => all.allInnerTexts()).toEqual([PAYROLL]);
    expect(await box.getAttribute('aria-expanded')).toBe('true');
    await snap(page, 'forms-reference-typed-en');
    await box.press('ArrowDown');
    await expect
      .poll(() => box.getAttribute('aria-activedescendant'))
      .toBe(`root_auditManagementResponseId__option-${id.payroll}`);
    await box.press('Enter');
    expect(await box.getAttribute('aria-expanded')).toBe('false');
    expect(await chosen(page, 'auditManagementResponseId')).toBe(PAYROLL);
    expect(await chosenId(page, 'auditManagementResponseId')).toBe(String(id.payroll));
    // Escape closes a list opened again and keeps the choice
    await box.press('ArrowDown');
    await listbox(page, 'auditManagementResponseId').waitFor();
    await box.press('Escape');
    expect(await box.getAttribute('aria-expanded')).toBe('false');
    expect(await chosen(page, 'auditManagementResponseId')).toBe(PAYROLL);

    await page.locator('#root_action').fill('Sign every payroll log');
    const owner = page.locator('#root_actionOwnerId');
    // a full name as the field shows it finds the employee (first and last name are two fields)
    await owner.fill('Rosa Resp');
    await listbox(page, 'actionOwnerId').getByRole('option', { name: 'Rosa Responder' }).waitFor();
    await owner.press('ArrowDown');
    await owner.press('Enter');
    expect(await chosen(page, 'actionOwnerId')).toBe('Rosa Responder');
    // the date typed as it is shown, day first
    await page.locator('#root_dueDate').fill('25/11/2026');
    await snap(page, 'forms-management-action-en');
    await save(page);
    await page.waitForURL((u) => !u.pathname.endsWith('/add'));
    const [action] = (await j.call(`audit-management-action?auditManagementResponseId=${id.payroll}`)).list;
    expect(action).toMatchObject({
      action: 'Sign every payroll log',
      actionOwnerId: j.ids.rosa,
      dueDate: '2026-11-25',
    });
    id.action = action.id;
  });

  step('the saved action names its response by title, its due date day first in the form and the list', async () => {
    const page = pages.exec;
    await page.goto(`${j.server.url}/app/audit-management/management-action/edit?id=${id.action}`);
    await expect.poll(() => chosen(page, 'auditManagementResponseId')).toBe(PAYROLL);
    expect(await page.locator('#root_dueDate').inputValue()).toBe('25/11/2026');
    await snap(page, 'forms-management-action-saved-en');
    await language(page, 'bn');
    await expect.poll(() => page.locator('#root_dueDate').inputValue()).toBe('২৫/১১/২০২৬');
    expect(await chosen(page, 'auditManagementResponseId')).toBe(PAYROLL);
    await snap(page, 'forms-management-action-saved-bn');
    await page.goto(`${j.server.url}/app/audit-management/management-actions/open`);
    await expect.poll(() => row(page, 'Sign every payroll log').innerText()).toContain('২৫/১১/২০২৬');
    await language(page, 'en');
    await expect.poll(() => row(page, 'Sign every payroll log').innerText()).toContain('25/11/2026');
  });

  step('in Bengali a response is chosen by typing and the keyboard, and a date typed in Bengali digits', async () => {
    const page = pages.exec;
    await language(page, 'bn');
    await page.goto(`${j.server.url}/app/audit-management/management-action/add`);
    const box = responseBox(page);
    await box.fill('vendor');
    const options = listbox(page, 'auditManagementResponseId').getByRole('option');
    await expect.poll(() => options.allInnerTexts()).toEqual([VENDOR]);
    await box.press('ArrowDown');
    await box.press('Enter');
    expect(await chosen(page, 'auditManagementResponseId')).toBe(VENDOR);
    await page.locator('#root_action').fill('Pay within the terms');
    const owner = page.locator('#root_actionOwnerId');
    await owner.fill('Max');
    await listbox(page, 'actionOwnerId').getByRole('option', { name: 'Max Manager' }).waitFor();
    await owner.press('ArrowDown');
    await owner.press('Enter');
    const due = page.locator('#root_dueDate');
    await due.fill('০৩/০১/২০২৭');
    await due.blur();
    expect(await due.inputValue()).toBe('০৩/০১/২০২৭');
    expect(await due.getAttribute('placeholder')).toBe('দিন/মাস/বছর');
    await snap(page, 'forms-management-action-bn');
    await page.getByRole('button', { name: 'সংরক্ষণ করুন', exact: true }).click();
    await page.waitForURL((u) => !u.pathname.endsWith('/add'));
    const [action] = (await j.call(`audit-management-action?auditManagementResponseId=${id.vendor}`)).list;
    expect(action).toMatchObject({ actionOwnerId: j.ids.max, dueDate: '2027-01-03' });
    await language(page, 'en');
  });

  step('in German a date shows and is typed with dots (25.11.2026), and a cleared reference is cleared', async () => {
    const page = pages.exec;
    await language(page, 'de');
    await page.goto(`${j.server.url}/app/audit-management/management-action/edit?id=${id.action}`);
    const due = page.locator('#root_dueDate');
    await expect.poll(() => due.inputValue()).toBe('25.11.2026');
    expect(await due.getAttribute('placeholder')).toBe('TT.MM.JJJJ');
    await due.fill('24.12.2026');
    // the × of a reference empties it
    await page
      .locator('.combobox', { has: page.locator('#root_actionOwnerId') })
      .locator('.combobox-clear')
      .click();
    expect(await chosen(page, 'actionOwnerId')).toBe('');
    expect(await chosenId(page, 'actionOwnerId')).toBe('');
    await page.locator('#root_actionOwnerId').fill('Rosa');
    await page.locator('[id="root_actionOwnerId__listbox"]').getByRole('option', { name: 'Rosa Responder' }).click();
    await snap(page, 'forms-management-action-de');
    await page.getByRole('button', { name: 'Speichern', exact: true }).click();
    await expect
      .poll(async () => (await j.call(`audit-management-action/${id.action}`)).item.dueDate)
      .toBe('2026-12-24');
    await page.goto(`${j.server.url}/app/audit-management/management-actions/open`);
    await expect.poll(() => row(page, 'Sign every payroll log').innerText()).toContain('24.12.2026');
    await snap(page, 'forms-management-actions-list-de');
    await language(page, 'en');
  });

  step('an amount shows two decimals and thousands separators in the form and the list, in each language', async () => {
    const page = pages.exec;
    const cost = page.locator('#root_estimatedCost');
    const cases = [
      ['en', '1,234,567.50', '1234567.5'],
      ['de', '1.234.567,50', '1234567,5'],
      ['bn', '১২,৩৪,৫৬৭.৫০', '১২৩৪৫৬৭.৫'],
    ] as const;
    for (const [lang, shown, editing] of cases) {
      await language(page, lang);
      await page.goto(`${j.server.url}/app/projects/edit-project?id=${id.project}`);
      await expect.poll(() => cost.inputValue(), { message: lang }).toBe(shown);
      // while it is edited, without the separators, in the language's digits and decimal sign
      await cost.focus();
      expect(await cost.inputValue(), lang).toBe(editing);
      await cost.blur();
      await snap(page, `forms-money-form-${lang}`);
      await page.goto(`${j.server.url}/app/projects/main`);
      await expect.poll(() => row(page, 'New depot').innerText(), { message: lang }).toContain(shown);
      await snap(page, `forms-money-list-${lang}`);
    }
    // typed the German way, stored as the number it is
    await language(page, 'de');
    await page.goto(`${j.server.url}/app/projects/edit-project?id=${id.project}`);
    await expect.poll(() => cost.inputValue()).toBe('1.234.567,50');
    await cost.fill('2.500,75');
    await cost.blur();
    expect(await cost.inputValue()).toBe('2.500,75');
    await page.getByRole('button', { name: 'Speichern', exact: true }).click();
    await expect
      .poll(
        async () =>
          (Object.values(await j.call(`project/${id.project}`))[0] as { estimatedCost: number }).estimatedCost,
      )
      .toBe(2500.75);
    await language(page, 'en');
  });
});
