import { afterAll, beforeAll, describe, expect } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { api } from './support/api-setup.ts';
import { browserSkipReason, launchChromium } from './support/browser.ts';
import { journeySteps, signedIn } from './support/journey.ts';
import { nav, row, snap } from './support/screens.ts';
import { startServer, type RunningServer } from './support/server-process.ts';

const skip = browserSkipReason();
const person = (name: string) => ({ email: `${name}@padma.example`, password: 'stratum-demo' });
const CARD = 'Sabbir Rahman FY2026';
const KPI = 'Orders processed on time';

/**
 * On the demo data, Sabbir's accepted scorecard holds two qualitative KPIs: they take no actual, and their hand
 * ratings are his supervisor's (rate-kpis), as in the assessment. So Sabbir, in this quarter's open window, is offered
 * no Save (a fresh-eyes tester saw "Save Q4 actuals" over inputs that were all read-only to him); Nusrat, his
 * supervisor, and Farzana, the module admin, are offered one, named for what it saves, and their save is accepted.
 */
describe.skipIf(skip)('a scorecard of hand-rated KPIs: Save only for whoever may rate', () => {
  let server: RunningServer;
  let browser: Browser;
  const pages: Record<string, Page> = {};
  const token: Record<string, string> = {};
  const step = journeySteps('scorecard-hand-ratings', pages, 180_000);
  let cardId: number;
  let quarter: number;

  const editor = (page: Page) => page.locator('[data-screen=scorecard-editor]');
  const saveButton = (page: Page) => editor(page).getByRole('button', { name: /^Save/ });
  const rating = (page: Page, kpi: string) =>
    editor(page).locator(`tr[data-kpi="${kpi}"]`).getByLabel('Manual rating score');
  /** The editor once the scorecard, its plan's windows and the quarter it opens on are in. */
  async function opened(page: Page): Promise<void> {
    await editor(page).and(page.locator('[data-quarter]:not([data-quarter=""])')).waitFor();
    await editor(page).locator(`tr[data-kpi="${KPI}"]`).waitFor();
    quarter = Number(await editor(page).getAttribute('data-quarter'));
  }
  const allowedOf = async (name: string) =>
    (await api(server, `performance-scorecard/${cardId}`, undefined, token[name])).scorecard._allowed;

  beforeAll(async () => {
    // the demo as a visitor finds it: the review in progress (its journeys) holds Sabbir's accepted scorecard
    server = await startServer({ DEMO: '1' });
    browser = await launchChromium();
    for (const name of ['sabbir.rahman', 'nusrat.jahan', 'farzana.rahman'])
      token[name] = (await api(server, 'auth/login', person(name))).user.token;
    const readable = (await api(server, 'performance-scorecard?limit=100', undefined, token['sabbir.rahman'])).list;
    cardId = readable.find((c: { name: string }) => c.name === CARD).id;
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  step('Sabbir opens his accepted scorecard from Performance management: nothing to type, so no Save', async () => {
    const page = (pages.sabbir = await signedIn(browser, server.url, person('sabbir.rahman')));
    await nav(page, 'My scorecards', { module: 'Performance management' });
    await row(page, CARD).getByRole('link').first().click();
    await opened(page);
    expect(await editor(page).getAttribute('data-status')).toBe('Accepted');
    // the quarter's window is open (the demo opens this quarter's): what closes the inputs is who he is, not the date
    expect(await editor(page).locator('[data-actuals-window=closed]').count()).toBe(0);
    for (const kpi of [KPI, 'Rework kept below the line limit']) {
      const kpiRow = editor(page).locator(`tr[data-kpi="${kpi}"]`);
      await expect.poll(() => kpiRow.getByLabel(`Actual Q${quarter + 1}`).isDisabled()).toBe(true);
      await expect.poll(() => rating(page, kpi).isDisabled()).toBe(true);
    }
    await editor(page).locator('[data-ratings=supervisor]').waitFor();
    expect(await saveButton(page).count()).toBe(0);
    await snap(page, 'scorecard-hand-ratings-01-employee');
    // the server says the same: he enters actuals, he does not rate
    const allowed = await allowedOf('sabbir.rahman');
    expect(allowed.commands).toContain('update-actuals');
    expect(allowed.commands).not.toContain('rate-kpis');
    const kpiId = (await api(server, `performance-scorecard/${cardId}`, undefined, token['sabbir.rahman'])).scorecard
      .kpiList[0].id;
    const refused = await fetch(`${server.url}/api/v1/performance-scorecard/update-actuals`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', token: token['sabbir.rahman'] },
      body: JSON.stringify({ id: cardId, quarter, actuals: [{ kpiId, manualRatingScore: 5 }] }),
    });
    expect(refused.status).toBe(403);
    expect((await refused.json()).err_msg).toMatch(/may change the manual rating score of scorecard records$/);
  });

  step('Nusrat, his supervisor, opens it from Scorecards I supervise, rates it, and the rating is kept', async () => {
    const page = (pages.nusrat = await signedIn(browser, server.url, person('nusrat.jahan')));
    await nav(page, 'Scorecards I supervise', { module: 'Performance management' });
    await row(page, CARD).getByRole('link').first().click();
    await opened(page);
    expect((await allowedOf('nusrat.jahan')).commands).toContain('rate-kpis');
    // qualitative KPIs: no actual to enter, so the button is named for the ratings it saves
    await expect(saveButton(page).innerText()).resolves.toBe(`Save Q${quarter + 1} ratings`);
    await expect
      .poll(() =>
        editor(page)
          .locator(`tr[data-kpi="${KPI}"]`)
          .getByLabel(`Actual Q${quarter + 1}`)
          .isDisabled(),
      )
      .toBe(true);
    // what she may type looks open and what she may not looks closed
    const background = (l: import('playwright-core').Locator) =>
      l.evaluate((el) => getComputedStyle(el).backgroundColor);
    const closedActual = editor(page)
      .locator(`tr[data-kpi="${KPI}"]`)
      .getByLabel(`Actual Q${quarter + 1}`);
    expect(await background(closedActual)).not.toBe(await background(rating(page, KPI)));
    // a rating out of range is refused under the name of what she saved, naming the KPI's rating, not "actuals"
    await rating(page, KPI).fill('7');
    await saveButton(page).click();
    await page.getByRole('heading', { name: 'Rate KPIs Failed' }).waitFor();
    const refusal = await page.getByRole('dialog').innerText();
    expect(refusal).toMatch(/Manual rating score must be at most 6/);
    expect(refusal).not.toMatch(/Actuals/);
    await page.getByRole('button', { name: 'OK' }).click();
    await rating(page, KPI).fill('3');
    await saveButton(page).click();
    await page.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
    await snap(page, 'scorecard-hand-ratings-02-supervisor');
    const kpis = (await api(server, `performance-scorecard/${cardId}`, undefined, token['nusrat.jahan'])).scorecard
      .kpiList as { name: string; manualRatingScore: number | null }[];
    expect(kpis.find((k) => k.name === KPI)?.manualRatingScore).toBe(3);
    // Sabbir sees her rating, read-only, and still no Save
    await pages.sabbir!.reload();
    await opened(pages.sabbir!);
    await expect.poll(() => rating(pages.sabbir!, KPI).inputValue()).toBe('3');
    expect(await saveButton(pages.sabbir!).count()).toBe(0);
  });

  step('Farzana, the module admin, is offered the same Save, and hers is accepted too', async () => {
    const page = (pages.farzana = await signedIn(browser, server.url, person('farzana.rahman')));
    await page.goto(`${server.url}/app/my-inbox/annual-employee-scorecards/edit-scorecard?id=${cardId}`);
    await opened(page);
    expect((await allowedOf('farzana.rahman')).commands).toContain('rate-kpis');
    await rating(page, KPI).fill('4');
    await saveButton(page).click();
    await page.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
    const kpis = (await api(server, `performance-scorecard/${cardId}`, undefined, token['farzana.rahman'])).scorecard
      .kpiList as { name: string; manualRatingScore: number | null }[];
    expect(kpis.find((k) => k.name === KPI)?.manualRatingScore).toBe(4);
  });
});
