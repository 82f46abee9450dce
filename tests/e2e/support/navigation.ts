import type { Locator, Page } from 'playwright-core';

/**
 * The navigation by module, walked as a person walks it: the sidebar's entries (the dashboard's module, My inbox, one
 * per module), each module's home with its tabs, and a group tab's tiles. What a caller is offered is what these
 * clicks reach.
 */

const sidebar = (page: Page) => page.locator('nav.sidebar');
/** The module home's own tabs (a tabs screen shown in a tab has its own tab bar inside the panel). */
const homeTabs = (page: Page) => page.locator('[data-screen=module-home] > .tab-bar [role=tab]');

/** A group's tile by the title of its screen (a list's tile shows its count too). */
const tileNamed = (page: Page, label: string) =>
  page
    .getByTestId('home-group')
    .locator('a')
    .filter({ has: page.getByText(label, { exact: true }) });

/** Opens a home's tab (its screen's address, or the home showing its group) and waits until it is the open one. */
async function openTab(page: Page, index: number): Promise<void> {
  await homeTabs(page).nth(index).click();
  await homeTabs(page).nth(index).locator('xpath=self::*[@aria-selected="true"]').waitFor();
}

/** Opens a sidebar entry: a module's home opens on its remembered tab, under the home's tabs. */
async function openEntry(page: Page, entry: Locator): Promise<void> {
  const module = await entry.getAttribute('data-module');
  await entry.click();
  if (module)
    await page.locator(`[data-screen=module-home][data-module="${module}"] [role=tab][aria-selected=true]`).waitFor();
}

/** The sidebar's module entries (those that open a module home), as links to follow. */
async function moduleEntries(page: Page, module?: string): Promise<Locator[]> {
  await sidebar(page).locator('a').first().waitFor();
  const entries = sidebar(page).locator('a[href^="/app/home/"]');
  const all = await entries.all();
  if (!module) return all;
  const wanted = new RegExp(`^${module.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`, 'i');
  const named: Locator[] = [];
  for (const e of all) if (wanted.test((await e.innerText()).trim())) named.push(e);
  return named;
}

/** Where a label was found last time, per page (a person's navigation does not change within a test). */
const found = new WeakMap<Page, Map<string, { entry: number; tab: number; tile: boolean }>>();

/**
 * Follows the navigation to the screen named `label`: a sidebar entry of that name, else a module home's tab of that
 * name, else a tile of that name in a group tab. `module` narrows to the module of that name (the same label may stand
 * in two modules). `group` (the old sidebar's folding group) is not needed: the homes are searched.
 */
export async function nav(page: Page, label: string, opts: { module?: string; group?: string } = {}): Promise<void> {
  // the first page of a session may still be drawing its navigation (its texts and tabs arrive after the sidebar
  // does): a label missed is looked for again, twice, before the navigation is said not to offer it
  for (let attempt = 1; ; attempt++) {
    try {
      return await navOnce(page, label, opts);
    } catch (e) {
      if (attempt === 3 || !/the navigation offers no/.test(String(e))) throw e;
      found.get(page)?.clear();
      await page.waitForTimeout(1000);
    }
  }
}

async function navOnce(page: Page, label: string, opts: { module?: string; group?: string }): Promise<void> {
  await sidebar(page).locator('a').first().waitFor();
  const direct = sidebar(page).getByRole('link', { name: label, exact: true });
  if (!opts.module && (await direct.count())) return direct.first().click();
  const entries = await moduleEntries(page, opts.module);
  const memo = found.get(page) ?? new Map();
  found.set(page, memo);
  const key = `${opts.module ?? ''}|${label}`;
  const known = memo.get(key);
  if (known && entries[known.entry]) {
    await openEntry(page, entries[known.entry]!);
    await openTab(page, known.tab);
    if (known.tile) await tileNamed(page, label).click();
    return;
  }
  for (const [i, entry] of entries.entries()) {
    await openEntry(page, entry);
    const names = (await homeTabs(page).allInnerTexts()).map((s) => s.trim());
    const at = names.indexOf(label);
    if (at >= 0) {
      memo.set(key, { entry: i, tab: at, tile: false });
      return openTab(page, at);
    }
  }
  // not a tab: a tile of a group tab (a group tab shows tiles, a screen tab its screen)
  const seen: string[] = [];
  for (const [i, entry] of entries.entries()) {
    await openEntry(page, entry);
    const count = await homeTabs(page).count();
    for (let t = 0; t < count; t++) {
      if (await homeTabs(page).nth(t).getAttribute('data-path')) continue;
      await openTab(page, t);
      const group = page.getByTestId('home-group');
      await group.waitFor();
      const tile = tileNamed(page, label);
      if (await tile.count()) {
        memo.set(key, { entry: i, tab: t, tile: true });
        return tile.click();
      }
      seen.push(...(await group.locator('a span').allInnerTexts()));
    }
  }
  if (await direct.count()) return direct.first().click();
  throw new Error(
    `the navigation offers no "${label}"${opts.module ? ` in ${opts.module}` : ''}; its tiles: ${seen.join(', ')}`,
  );
}

/**
 * What the navigation offers a person: the paths and labels of its entries, of each home's tabs and of their tiles.
 * The page is back where it was afterwards.
 */
export async function offeredByNavigation(page: Page): Promise<{ paths: string[]; labels: string[] }> {
  const started = page.url();
  await sidebar(page).locator('a').first().waitFor();
  const paths: string[] = [];
  const labels: string[] = [];
  for (const a of await sidebar(page).locator('a').all()) {
    paths.push((await a.getAttribute('href')) ?? '');
    labels.push((await a.innerText()).trim());
  }
  for (const entry of await moduleEntries(page)) {
    await openEntry(page, entry);
    const count = await homeTabs(page).count();
    for (let t = 0; t < count; t++) {
      const tab = homeTabs(page).nth(t);
      labels.push((await tab.innerText()).trim());
      const path = await tab.getAttribute('data-path');
      if (path) {
        paths.push(path);
        continue;
      }
      await openTab(page, t);
      const group = page.getByTestId('home-group');
      await group.waitFor();
      for (const tile of await group.locator('a[href]').all()) {
        paths.push((await tile.getAttribute('href')) ?? '');
        labels.push((await tile.locator('span').innerText()).trim());
      }
    }
  }
  await page.goto(started);
  await sidebar(page).locator('a').first().waitFor();
  return { paths, labels };
}
