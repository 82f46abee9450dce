import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { api, companyWithExecutive } from './support/api-setup.ts';
import { browserSkipReason, launchChromium } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server-process.ts';
import { chosenId, pick, signIn, snap } from './support/screens.ts';
import { isoDay } from '../support/iso-day.ts';

const skip = browserSkipReason();

describe.skipIf(skip)(
  'setting up a plan: perspectives, rating bands, a strategic scorecard, an annual scorecard and its actuals',
  () => {
    let server: RunningServer;
    let browser: Browser;
    let page: Page;
    let exec: { email: string; password: string };
    let token: string;
    let planId: number;
    let annualPlanId: number;

    const save = () => page.getByRole('button', { name: 'Save', exact: true }).click();
    const fill = async (values: Record<string, string>) => {
      for (const [field, value] of Object.entries(values)) await page.locator(`#root_${field}`).fill(value);
    };
    /** The message the form shows on a field (any message when no text is given). */
    const fieldSays = (field: string, text?: string) => {
      const group = page.locator('.form-group', { has: page.locator(`#root_${field}`) }).last();
      return (text ? group.getByText(text) : group.locator('.error-detail li').first()).waitFor();
    };

    beforeAll(async () => {
      server = await startServer();
      const company = await companyWithExecutive(server, 'Setline', 'exec-pass-12', ['strategic', 'performance']);
      exec = { email: company.email, password: company.password };
      token = (await api(server, 'auth/login', exec)).user.token;
      planId = (
        await api(
          server,
          'strategic-plan/add',
          { description: 'Vision 2030', startDate: isoDay(-400), endDate: isoDay(2000) },
          token,
        )
      ).strategic.id;
      annualPlanId = (
        await api(
          server,
          'annual-plan/add',
          { name: 'FY now', strategicPlanId: planId, startDate: isoDay(-10), endDate: isoDay(354) },
          token,
        )
      ).annualPlan.id;
      browser = await launchChromium();
      page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
      await signIn(page, server.url, exec.email, exec.password);
    }, 180_000);
    afterAll(async () => {
      await browser?.close();
      await server?.stop();
    });

    it('adds a perspective from the strategic plan, and another from the perspectives list', async () => {
      await page.goto(`${server.url}/app/strategic/edit?id=${planId}`);
      const card = page.getByTestId('children-perspectiveList');
      await card.getByText('none yet').waitFor();
      await snap(page, 'plan-set-up-00-strategic-plan');
      await card.getByRole('link', { name: 'Add Perspective' }).click();
      await page.locator('[data-screen=form][data-entity=perspective][data-mode=add]').waitFor();
      // the plan it is added from is filled in
      await expect.poll(() => chosenId(page, 'strategicPlanId')).toBe(String(planId));
      await fill({ name: 'Customer' });
      await save();
      // back on the plan it was added from, which now lists it
      await page.waitForURL(`**/app/strategic/edit?id=${planId}`);
      await card.getByText('Customer').waitFor();
      await card.getByRole('link', { name: 'Open the list' }).click();
      await page.getByRole('gridcell', { name: 'Customer', exact: true }).waitFor();
      await page.getByRole('button', { name: 'Add', exact: true }).click();
      await page.waitForURL('**/app/strategic/add-perspective**');
      await fill({ name: 'Finance' });
      await save();
      await page.getByRole('gridcell', { name: 'Finance', exact: true }).waitFor();
      await snap(page, 'plan-set-up-01-perspectives');
      const names = (await api(server, `perspective?strategicPlanId=${planId}`, undefined, token)).list.map(
        (p: { name: string }) => p.name,
      );
      expect(names).toEqual(['Customer', 'Finance']);
    });

    it('adds a rating band, refusing one whose maximum is below its minimum on the field', async () => {
      await page.goto(`${server.url}/app/strategic/rating-scales?strategicPlanId=${planId}`);
      await page.locator('[data-screen=list][data-entity=rating-scale]').waitFor();
      await page.getByRole('button', { name: 'Add', exact: true }).click();
      await page.locator('[data-screen=form][data-entity=rating-scale][data-mode=add]').waitFor();
      await fill({ description: 'Poor', rating: '1', min: '100', max: '50', target: '59' });
      await save();
      await fieldSays('max');
      await snap(page, 'plan-set-up-02-band-refused');
      await page.getByRole('button', { name: 'OK' }).click();
      await fill({ min: '0', max: '59' });
      await save();
      await page.waitForURL(`**/app/strategic/rating-scales?strategicPlanId=${planId}`);
      await page.getByRole('gridcell', { name: 'Poor', exact: true }).waitFor();
      const [band] = (await api(server, `rating-scale?strategicPlanId=${planId}`, undefined, token)).list;
      expect(band).toMatchObject({ description: 'Poor', rating: 1, min: 0, max: 59 });
    });

    it('adds a key performance area and a KPI in the strategic scorecard editor', async () => {
      const scorecard = (
        await api(server, 'strategic-scorecard/add', { name: 'Plan card', strategicPlanId: planId }, token)
      ).scorecard;
      await page.goto(`${server.url}/app/strategic/edit-scorecard?id=${scorecard.id}`);
      const areas = page.getByTestId('children-keyPerformanceAreaList');
      await areas.getByText('none yet').waitFor();
      await areas.getByRole('link', { name: 'Add Key performance area' }).click();
      await page.locator('[data-screen=form][data-entity=key-performance-area][data-mode=add]').waitFor();
      await fill({ name: 'Growth', weight: '100' });
      await pick(page, 'perspectiveId', 'Customer');
      await save();
      // back on the scorecard, which now lists it
      await page.waitForURL(`**/app/strategic/edit-scorecard?id=${scorecard.id}`);
      await areas.getByRole('link', { name: 'Growth' }).waitFor();

      await page.getByTestId('children-kpiList').getByRole('link', { name: 'Add Scorecard KPI' }).click();
      await page.locator('[data-screen=form][data-entity=scorecard-kpi][data-mode=add]').waitFor();
      await fill({ name: 'Revenue', weight: '100', target: '200' });
      await pick(page, 'keyPerformanceAreaId', 'Growth');
      await save();
      await page.waitForURL(`**/app/strategic/edit-scorecard?id=${scorecard.id}`);
      await page.getByTestId('children-kpiList').getByRole('link', { name: 'Revenue' }).waitFor();
      await snap(page, 'plan-set-up-03-strategic-scorecard');
      const read = (await api(server, `strategic-scorecard/${scorecard.id}`, undefined, token)).scorecard;
      expect(
        read.keyPerformanceAreaList.map((a: { name: string; kpiList: { name: string }[] }) => [
          a.name,
          a.kpiList.map((k) => k.name),
        ]),
      ).toEqual([['Growth', ['Revenue']]]);
    });

    let corporateId: number;
    it('asks for the annual plan of an annual corporate scorecard on its add form', async () => {
      await page.goto(`${server.url}/app/my-inbox/annual-corporate-scorecards/add`);
      await page.locator('[data-screen=form][data-entity=performance-scorecard][data-mode=add]').waitFor();
      await fill({ name: 'Company FY' });
      await expect(page.locator('#root_annualPlanId').evaluate((e) => (e as HTMLInputElement).required)).resolves.toBe(
        true,
      );
      await save();
      await fieldSays('annualPlanId', 'is required');
      await snap(page, 'plan-set-up-04-plan-required');
      await pick(page, 'annualPlanId', 'FY now');
      await save();
      await page.waitForURL((u) => !u.pathname.endsWith('/annual-corporate-scorecards/add'));
      const [card] = (await api(server, 'performance-scorecard?level=corporate', undefined, token)).list;
      expect(card).toMatchObject({ name: 'Company FY', annualPlanId, period: 'Annual' });
      corporateId = card.id;
    });

    it('keeps the actuals typed in the scorecard editor when the KPIs are saved, and saves them with their quarter', async () => {
      const [q1] = (await api(server, `quarter?annualPlanId=${annualPlanId}&sort=quarterIndex`, undefined, token)).list;
      await api(
        server,
        'quarter/update-assessment',
        { id: q1.id, version: q1.version, assessmentStartDate: isoDay(0), assessmentEndDate: isoDay(0) },
        token,
      );
      await api(
        server,
        'performance-scorecard/save-kpis',
        {
          id: corporateId,
          keyPerformanceAreas: [
            {
              name: 'Customers',
              kpis: [{ name: 'Satisfaction', kpiType: 'Quantitative', optionType: 'ASC', weight: 100, target: 100 }],
            },
          ],
        },
        token,
      );
      await page.goto(`${server.url}/app/my-inbox/annual-corporate-scorecards/edit?id=${corporateId}`);
      await page.locator('[data-screen=scorecard-editor]').waitFor();
      const row = page.locator('tr[data-kpi="Satisfaction"]');
      await row.getByLabel('Actual Q1').fill('85');
      await row.getByLabel('Baseline').fill('70');
      await page.getByRole('button', { name: 'Save KPIs' }).click();
      await page.getByRole('status').filter({ hasText: 'not saved yet' }).waitFor();
      // the KPI change is stored, the typed actual still there
      await expect.poll(() => row.getByLabel('Actual Q1').inputValue()).toBe('85');
      await expect(row.getByLabel('Baseline').inputValue()).resolves.toBe('70');
      await snap(page, 'plan-set-up-05-actuals-kept');
      await page.getByRole('button', { name: 'Save Q1 actuals' }).click();
      await page
        .getByRole('status')
        .filter({ hasText: /^Saved$/ })
        .waitFor();
      const kpi = (await api(server, `performance-scorecard/${corporateId}`, undefined, token)).scorecard
        .keyPerformanceAreaList[0].kpiList[0];
      expect(kpi).toMatchObject({ name: 'Satisfaction', baseline: 70, actual1: 85 });
    });
  },
);
