import { describe, expect } from 'vitest';
import type { Page } from 'playwright-core';
import { browserSkipReason } from './support/browser.ts';
import { journeySteps, signedIn } from './support/journey.ts';
import { journeyCompany } from './support/journey-company.ts';
import { HOLDER } from './support/server-process.ts';
import { fill, nav, offered, openRow, pick, save, snap } from './support/screens.ts';

const skip = browserSkipReason();

/**
 * Forms that offer only what may be chosen, a record's History, and a manual added with its file, by clicks: the strategy
 * office adds a pillar and an objective whose perspective selects offer only their plan's perspectives; the History of
 * an execution plan an administrator accepted in place of its approver says so; the holder adds a manual with its file
 * on the add form and reads it. The API arranges the plans, perspectives and the accepted execution plan.
 */
describe.skipIf(skip)('forms offer what belongs, records show their history', () => {
  const people = {
    tanvir: { firstName: 'Tanvir', lastName: 'Ahmed', email: 'tanvir@formco.example', password: 'tanvir-pass-1234' },
  };
  const pages: Record<string, Page> = {};
  const step = journeySteps('forms', pages, 90_000);
  const id: Record<string, number> = {};
  const j = journeyCompany({
    company: 'Formco',
    modules: ['strategic', 'strategy-management', 'strategy-execution'],
    people,
    pages,
    arrange: async ({ call, ids }) => {
      id.plan = (
        await call('strategic-plan/add', { description: 'Vision 2030', startDate: '2026-01-01', endDate: '2030-12-31' })
      ).strategic.id;
      id.other = (
        await call('strategic-plan/add', { description: 'Vision 2040', startDate: '2031-01-01', endDate: '2040-12-31' })
      ).strategic.id;
      await call('perspective/add', { strategicPlanId: id.plan, name: 'Finance' });
      await call('perspective/add', { strategicPlanId: id.other, name: 'Customers' });
      await call('strategic-pillar/add', { strategicPlanId: id.other, name: 'Reach' });
      const plan =
        (
          await call('execution-plan/add', {
            name: 'FY 2026',
            strategicPlanId: id.plan,
            startDate: '2026-01-01',
            endDate: '2026-12-31',
            approverId: ids.tanvir,
          })
        ).annualPlan ?? null;
      id.execution = plan?.id ?? (await call('execution-plan?q=FY')).list[0].id;
      await call('execution-plan/accept', { id: id.execution });
    },
  });

  step("the pillar's and the objective's perspective selects offer only the plan's perspectives", async () => {
    const page = pages.exec;
    await nav(page, 'Strategic plans', { module: 'Strategy management' });
    await openRow(page, 'Vision 2030');
    await page.getByTestId('add-pillarList').click();
    await page.locator('[data-screen=form][data-entity=strategic-pillar]').waitFor();
    await expect.poll(() => offered(page, 'perspectiveId')).toEqual(['Finance']);
    await fill(page, { name: 'Growth' });
    await pick(page, 'perspectiveId', 'Finance');
    await save(page);
    await page.getByTestId('children-pillarList').getByRole('link', { name: 'Growth' }).click();
    await page.locator('[data-screen=form][data-entity=strategic-pillar]').waitFor();
    await page.getByTestId('add-objectiveList').click();
    await page.locator('[data-screen=form][data-entity=pillar-objective]').waitFor();
    // the objective names no plan of its own: the select follows the plan of its pillar
    await expect.poll(() => offered(page, 'perspectiveId')).toEqual(['Finance']);
    await snap(page, 'forms-objective-perspectives');
  });

  step("an objective added from its plan's page offers only that plan's pillars", async () => {
    const page = pages.exec;
    await nav(page, 'Strategic plans', { module: 'Strategy management' });
    await openRow(page, 'Vision 2030');
    await page.getByTestId('add-objectiveList').click();
    await page.locator('[data-screen=form][data-entity=pillar-objective]').waitFor();
    // Vision 2040's pillar "Reach" is not offered: saved under it, the objective would land in the other plan
    await expect.poll(() => offered(page, 'pillarId')).toEqual(['Growth']);
  });

  step('the History of an execution plan says who accepted it in place of its approver, to him as well', async () => {
    const page = pages.exec;
    await page.goto(`${j.server.url}/app/strategy-execution/annual-plans/edit?id=${id.execution}`);
    const history = page.getByTestId('record-history');
    await history.locator('summary').click();
    await history.getByTestId('history-entry').nth(1).waitFor();
    expect(await history.getByTestId('history-entry').count()).toBe(2);
    await expect(history.getByTestId('history-in-place-of').innerText()).resolves.toContain('in place of Tanvir Ahmed');
    await expect(history.getByTestId('history-entry').last().innerText()).resolves.toContain('Added');
    await snap(page, 'forms-history-en');
    // the approver reads it too
    const tanvir = pages.tanvir;
    await tanvir.goto(`${j.server.url}/app/strategy-execution/annual-plans/edit?id=${id.execution}`);
    await tanvir.getByTestId('record-history').locator('summary').click();
    await tanvir.getByTestId('history-in-place-of').waitFor();
  });

  step('the holder adds a manual with its file on the add form, and reads it', async () => {
    const holder = await signedIn(j.browser, j.server.url, HOLDER, { width: 1400, height: 1000 });
    await holder.goto(`${j.server.url}/app/user-manuals/add`);
    await holder.locator('[data-screen=form][data-entity=user-manual]').waitFor();
    await fill(holder, { title: 'Planning guide' });
    await holder.getByTestId('attach-file').setInputFiles({
      name: 'guide.md',
      mimeType: 'text/markdown',
      buffer: Buffer.from('# Planning\n\nStart with **perspectives**.'),
    });
    await save(holder);
    await holder.locator('.ag-row', { hasText: 'Planning guide' }).waitFor();
    const [manual] = (await j.call('user-manual?q=Planning')).list;
    expect(manual.documentName).toBe('guide.md');
    await pages.exec.goto(`${j.server.url}/app/user-manuals/read/${manual.id}`);
    await pages.exec.locator('[data-manual=markdown] strong', { hasText: 'perspectives' }).waitFor();
    await snap(pages.exec, 'forms-manual-read');
  });
});
