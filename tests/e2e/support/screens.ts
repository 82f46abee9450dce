import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { ROOT } from '../../../server/boot.ts';

/** Screenshots are kept as test artifacts (git-ignored) under test-artifacts/e2e. */
export const ARTIFACTS = join(ROOT, 'test-artifacts', 'e2e');
mkdirSync(ARTIFACTS, { recursive: true });

export const snap = (page: Page, name: string) =>
  page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true });

/** A reference field (a combobox) and the list of records it offers while open. */
const referenceBox = (page: Page, field: string) => page.locator(`#root_${field}`);
const referenceList = (page: Page, field: string) => page.locator(`[id="root_${field}__listbox"]`);

/**
 * Chooses a record in a reference field as a person does: types its title (without a telling bracket, "(Corporate)")
 * and clicks the option of that title; a title the search cannot find as typed (one worded in the reader's language)
 * is then chosen from the list opened without typing.
 */
export async function pick(page: Page, field: string, label: string): Promise<void> {
  const box = referenceBox(page, field);
  const option = referenceList(page, field).getByRole('option', { name: label, exact: true });
  await box.fill(label.replace(/\s*\(.*\)$/, ''));
  try {
    await option.waitFor({ timeout: 5_000 });
  } catch {
    await box.fill('');
    await option.waitFor();
  }
  await option.click();
  await expect.poll(() => box.inputValue()).toBe(label);
}

/** The title a reference field shows for its chosen record ('' when none). */
export const chosen = (page: Page, field: string) => referenceBox(page, field).inputValue();

/** The id of the record a reference field holds ('' when none). */
export const chosenId = async (page: Page, field: string) =>
  (await referenceBox(page, field).getAttribute('data-value')) ?? '';

/** The titles a reference field offers when opened without typing (its list read, then closed again). */
export async function offered(page: Page, field: string): Promise<string[]> {
  const box = referenceBox(page, field);
  await box.click();
  const list = referenceList(page, field);
  // the list has been read when its box no longer says it is busy
  await page.locator('.combobox-popup:not([aria-busy])', { has: list }).waitFor();
  const titles = (await list.getByRole('option').allInnerTexts()).map((o) => o.trim());
  await box.press('Escape');
  return titles;
}

export async function signIn(page: Page, base: string, email: string, password: string): Promise<void> {
  await page.goto(`${base}/app/sessions/signIn`);
  await page.fill('#email', email);
  await page.fill('#password', password);
  await page.click('button[type=submit]');
  await page.waitForURL('**/app/dashboard/main');
}

/** Follows the navigation to a screen: a sidebar entry, a module home's tab or a group's tile (support/navigation.ts). */
export { nav } from './navigation.ts';

/** Opens a tab of the tabbed screen shown. */
export const tab = (page: Page, name: string) => page.getByRole('tab', { name, exact: true }).click();

/** The row of the grid shown that holds this text. */
export const row = (page: Page, text: string) => page.locator('.ag-row', { hasText: text });

/** Opens the record of a grid row by its Edit (or Open) link. */
export const openRow = (page: Page, text: string) => row(page, text).getByRole('link').first().click();

/** Fills a form's fields by their ids (#root_<field>). */
export async function fill(page: Page, values: Record<string, string>): Promise<void> {
  for (const [field, value] of Object.entries(values)) await page.locator(`#root_${field}`).fill(value);
}

export const save = (page: Page) => page.getByRole('button', { name: 'Save', exact: true }).click();

/** The record's workflow state as its form shows it, and the button of one of its transitions. */
export const stateOf = (page: Page) => page.getByTestId('workflow-state').innerText();
export const transition = (page: Page, name: string) =>
  page.getByTestId('workflow').getByRole('button', { name, exact: true });

/**
 * A record's section as a person reaches it: one of a later stage of the record's lifecycle is folded to a line
 * saying when it opens (RecordChildren.tsx), and is unfolded by a click on that line first.
 */
export async function section(page: Page, key: string): Promise<Locator> {
  const found = page.getByTestId(`children-${key}`);
  await found.waitFor();
  if (
    (await found.getAttribute('data-stage')) === 'later' &&
    !(await found.evaluate((d) => (d as HTMLDetailsElement).open))
  )
    await found.locator('summary').click();
  return found;
}
