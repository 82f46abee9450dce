import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { api, companyWithExecutive } from './support/api-setup.ts';
import { browserSkipReason, launchChromium } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server-process.ts';
import { signIn, snap } from './support/screens.ts';

const skip = browserSkipReason();
const RISK = 'Key supplier fails';

/** Clicks the centre of one cell of a heat map, found from the plot area the screen declares (likelihood across, impact up). */
async function clickCell(page: Page, view: 'inherent' | 'residual', impact: string, likelihood: string): Promise<void> {
  const box = page.locator(`[data-heat-map=${view}]`);
  const grid = JSON.parse((await box.getAttribute('data-grid'))!) as { left: number; right: number; top: number; bottom: number };
  const impacts = JSON.parse((await box.getAttribute('data-impacts'))!) as string[];
  const likelihoods = JSON.parse((await box.getAttribute('data-likelihoods'))!) as string[];
  const canvas = box.locator('canvas').first();
  await canvas.waitFor();
  const r = (await canvas.boundingBox())!;
  const w = (r.width - grid.left - grid.right) / likelihoods.length;
  const h = (r.height - grid.top - grid.bottom) / impacts.length;
  const x = r.x + grid.left + (likelihoods.indexOf(likelihood) + 0.5) * w;
  // the first impact sits at the bottom of the axis
  const y = r.y + grid.top + (impacts.length - 1 - impacts.indexOf(impact) + 0.5) * h;
  await page.mouse.click(x, y);
}

describe.skipIf(skip)('risk management: identify a risk, control it and find it on the heat map', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let exec: { email: string; password: string };
  let token: string;
  let riskId: number;

  beforeAll(async () => {
    server = await startServer();
    const company = await companyWithExecutive(server, 'Riskline', 'exec-pass-12', ['risk-management']);
    exec = { email: company.email, password: company.password };
    token = (await api(server, 'auth/login', exec)).user.token;
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1500, height: 1100 } });
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('identifies a strategic risk; the server rates it from impact and likelihood', async () => {
    await signIn(page, server.url, exec.email, exec.password);
    await page.goto(`${server.url}/app/risk-management/add-identification`);
    await page.locator('[data-screen=form][data-entity=risk]').waitFor();
    await page.locator('#root_kind').selectOption({ label: 'Strategic' });
    await page.locator('#root_name').fill(RISK);
    await page.locator('#root_impact').selectOption({ label: 'Major' });
    await page.locator('#root_likelihood').selectOption({ label: 'Likely' });
    await page.locator('#root_name').press('Tab');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL('**/app/risk-management/main**');
    await page.getByRole('gridcell', { name: RISK, exact: true }).waitFor();
    const [risk] = (await api(server, `risk?q=${encodeURIComponent(RISK)}`, undefined, token)).list;
    expect(risk).toMatchObject({ kind: 'Strategic', impact: 'Major', likelihood: 'Likely', ratingScore: 16, rating: 'High' });
    riskId = risk.id;
    await snap(page, 'risk-01-identified');
  });

  it('adds a control and sets the residual rating, both shown with the risk', async () => {
    await page.goto(`${server.url}/app/risk-management/add-control?riskId=${riskId}`);
    await page.locator('[data-screen=form][data-entity=risk-control]').waitFor();
    await page.locator('#root_name').fill('Second supplier under contract');
    await page.locator('#root_controlType').selectOption({ label: 'Preventative' });
    await page.locator('#root_effectiveness').selectOption({ label: 'Effective' });
    await page.locator('#root_name').press('Tab');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL('**/app/risk-management/controls**');

    await page.goto(`${server.url}/app/risk-management/add-residual-rating?riskId=${riskId}`);
    await page.locator('[data-screen=form][data-entity=residual-rating]').waitFor();
    await page.locator('#root_impact').selectOption({ label: 'Minor' });
    await page.locator('#root_likelihood').selectOption({ label: 'Unlikely' });
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL('**/app/risk-management/residual-ratings**');

    await page.goto(`${server.url}/app/risk-management/edit-identification?id=${riskId}`);
    await page.getByTestId('children-riskControlList').getByText('Second supplier under contract').waitFor();
    await page.getByTestId('children-residualRatingList').getByText('Low (4)').waitFor();
    const detail = (await api(server, `risk/${riskId}`, undefined, token)).risk;
    expect(detail.riskControlList.map((c: Record<string, unknown>) => [c.controlType, c.effectiveness])).toEqual([['Preventative', 'Effective']]);
    expect(detail.residualRatingList[0]).toMatchObject({ impact: 'Minor', likelihood: 'Unlikely', ratingScore: 4, rating: 'Low' });
    await snap(page, 'risk-02-controlled');
  });

  it('finds it on the heat map: clicking its inherent and its residual cell lists it', async () => {
    await page.goto(`${server.url}/app/risk-management/heat-map`);
    await page.locator('[data-screen=risk-heat-map]').waitFor();
    await page.locator('[data-heat-map=inherent] canvas').first().waitFor();
    await page.locator('[data-heat-map=residual] canvas').first().waitFor();
    const list = page.getByTestId('cell-risks');
    await clickCell(page, 'residual', 'Minor', 'Unlikely');
    await list.getByRole('heading', { name: /Residual risk: Minor impact, Unlikely likelihood/ }).waitFor();
    await list.locator(`tr[data-risk-id="${riskId}"]`).getByRole('link', { name: RISK }).waitFor();
    await expect.poll(() => list.locator(`tr[data-risk-id="${riskId}"]`).innerText()).toMatch(/High \(16\).*Low \(4\)/s);
    await snap(page, 'risk-03-heat-map-residual');
    // an empty cell lists nothing
    await clickCell(page, 'residual', 'Catastrophic', 'Certain');
    await list.getByText('Nothing here yet.').waitFor();
    await clickCell(page, 'inherent', 'Major', 'Likely');
    await list.getByRole('heading', { name: /Inherent risk: Major impact, Likely likelihood/ }).waitFor();
    await list.getByRole('link', { name: RISK }).click();
    await page.waitForURL(`**/app/risk-management/edit-identification?id=${riskId}`);
    await snap(page, 'risk-04-opened-from-heat-map');
  });
});
