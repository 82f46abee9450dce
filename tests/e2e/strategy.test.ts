import { describe, expect } from 'vitest';
import type { Page } from 'playwright-core';
import { browserSkipReason } from './support/browser.ts';
import { journeySteps } from './support/journey.ts';
import { journeyCompany } from './support/journey-company.ts';
import { fill, nav, openRow, pick, row, save, snap, stateOf, tab, transition } from './support/screens.ts';
import { stepperOf } from './support/lifecycle-page.ts';

const skip = browserSkipReason();
const UNSCORED = '#9e9e9e';

/**
 * A strategy execution cycle by clicks, each step by its person: the strategy office (the module administrator) sets
 * up a strategic plan with pillars and objectives, adopts them into an annual plan and plans an initiative per business
 * unit; the annual plan's approver accepts it; the initiative's owner reports its progress in a review cycle and submits
 * it; the approver accepts the review, and the strategy map colours the objective. The API only arranges the company,
 * its business units and its people.
 */
describe.skipIf(skip)('strategy execution: from a strategic plan to an accepted review on the strategy map', () => {
  let planId: number;
  const people = {
    abe: { firstName: 'Abe', lastName: 'Approver', email: 'abe@stratline.example', password: 'abe-pass-1234' },
    olive: { firstName: 'Olive', lastName: 'Owner', email: 'olive@stratline.example', password: 'olive-pass-1234' },
  };
  const pages: Record<string, Page> = {};
  const step = journeySteps('strategy', pages, 90_000);
  const objectiveRow = (page: Page, name: string) =>
    page.locator('[data-testid=strategy-map-nodes] tr[data-node^="objective:"]', { hasText: name });
  /** Opens the strategy map of the plan and waits for its chart. */
  async function openMap(page: Page) {
    await nav(page, 'Strategy map');
    await page.locator('#strategy-map-plan').selectOption({ label: 'Vision 2030' });
    await page.locator('[data-screen=strategy-map] canvas').first().waitFor();
    await objectiveRow(page, 'Grow exports').waitFor();
  }

  // the organisation the initiatives are planned for
  const j = journeyCompany({
    company: 'Stratline',
    modules: ['strategic', 'strategy-management', 'strategy-execution'],
    people,
    pages,
    arrange: async ({ call }) => {
      for (const name of ['North', 'South']) await call('business-unit/add', { name });
    },
  });

  step(
    'the strategy office creates a strategic plan with two pillars and an objective under each, from the plan’s page',
    async () => {
      const page = pages.exec;
      await nav(page, 'Strategic plans', { module: 'Strategy management' });
      await page.getByRole('button', { name: 'Add', exact: true }).click();
      await page.locator('[data-screen=form][data-entity=strategic-plan]').waitFor();
      await fill(page, { description: 'Vision 2030', startDate: '2026-01-01', endDate: '2030-12-31' });
      await save(page);
      await openRow(page, 'Vision 2030');
      await page.locator('[data-screen=form][data-entity=strategic-plan]').waitFor();
      [{ id: planId }] = (await j.call('strategic-plan?q=Vision')).list;

      for (const pillar of ['Growth', 'People']) {
        await page.getByTestId('add-pillarList').click();
        await page.waitForURL(`**/strategic-plan/${planId}/pillar/add**`);
        // the add form is the plan's: the plan is filled in from the route and not asked for
        await page.locator('[data-screen=form][data-entity=strategic-pillar]').waitFor();
        await expect(page.locator('#root_strategicPlanId').isVisible()).resolves.toBe(false);
        await fill(page, { name: pillar });
        await save(page);
        await page.getByTestId('children-pillarList').getByRole('link', { name: pillar }).waitFor();
      }
      for (const [pillar, objective] of [
        ['Growth', 'Grow exports'],
        ['People', 'Build skills'],
      ]) {
        await nav(page, 'Strategic plans', { module: 'Strategy management' });
        await openRow(page, 'Vision 2030');
        await page.getByTestId('children-pillarList').getByRole('link', { name: pillar }).click();
        await page.locator('[data-screen=form][data-entity=strategic-pillar]').waitFor();
        await page.getByTestId('add-objectiveList').click();
        await page.locator('[data-screen=form][data-entity=pillar-objective]').waitFor();
        await fill(page, { name: objective });
        await save(page);
        await page.getByTestId('children-objectiveList').getByRole('link', { name: objective }).waitFor();
        // the pillar's Cancel goes back to the plan it was opened from, not into the objective's form
        await page.getByRole('link', { name: 'Cancel' }).click();
        await page.locator('[data-screen=form][data-entity=strategic-plan]').waitFor();
        await page.getByTestId('children-pillarList').getByRole('link', { name: pillar }).waitFor();
      }
      await nav(page, 'Strategic plans', { module: 'Strategy management' });
      await openRow(page, 'Vision 2030');
      await page.getByTestId('children-objectiveList').getByRole('link', { name: 'Build skills' }).waitFor();
      const objectives = (await j.call(`pillar-objective?strategicPlanId=${planId}&sort=name`)).list;
      expect(objectives.map((o: { name: string; pillarId: number }) => o.name)).toEqual([
        'Build skills',
        'Grow exports',
      ]);
      await snap(page, 'strategy-01-plan-with-objectives');
    },
  );

  step(
    'adopts the objectives into an annual plan with its approver and plans an initiative for each business unit',
    async () => {
      const page = pages.exec;
      await nav(page, 'Annual plan (strategy execution)');
      await page.getByRole('button', { name: 'Add', exact: true }).click();
      await page.locator('[data-screen=form][data-entity=execution-plan]').waitFor();
      await fill(page, { name: 'FY 2027' });
      await pick(page, 'strategicPlanId', 'Vision 2030');
      await fill(page, { startDate: '2027-01-01', endDate: '2027-12-31' });
      await pick(page, 'approverId', 'Abe Approver');
      await save(page);
      await row(page, 'FY 2027').waitFor();

      await nav(page, 'Possible objectives');
      await page.locator('#possible-plan').selectOption({ label: 'FY 2027' });
      for (const objective of ['Grow exports', 'Build skills']) {
        const candidate = page.locator(`tr[data-objective="${objective}"]`);
        await candidate.getByRole('button', { name: 'Adopt' }).click();
        await candidate.waitFor({ state: 'detached' });
      }
      await page.getByText('Nothing here yet.').waitFor();

      await nav(page, 'Annual initiatives');
      await tab(page, 'Annual initiative');
      for (const [unit, name, owner] of [
        ['North', 'Open two markets', 'Olive Owner'],
        ['South', 'Export academy', undefined],
      ] as const) {
        await page.getByRole('tabpanel').getByRole('button', { name: 'Add', exact: true }).click();
        await page.locator('[data-screen=form][data-entity=annual-initiative]').waitFor();
        await pick(page, 'annualObjectiveId', 'Grow exports');
        await pick(page, 'businessUnitId', unit);
        await page.locator('#root_quarterIndex').selectOption({ label: 'Q1' });
        await fill(page, { name, target: '100' });
        if (owner) await pick(page, 'ownerId', owner);
        await save(page);
        await row(page, name).waitFor();
      }
      const initiatives = (await j.call('annual-initiative?sort=name')).list;
      expect(initiatives.map((i: { name: string }) => i.name)).toEqual(['Export academy', 'Open two markets']);
      await snap(page, 'strategy-02-initiatives');
    },
  );

  step('the approver accepts the annual plan: it is settled, read-only', async () => {
    const abe = pages.abe;
    await nav(abe, 'Annual plan (strategy execution)');
    await openRow(abe, 'FY 2027');
    await abe.locator('[data-screen=form][data-entity=execution-plan]').waitFor();
    // the review cycles come once the plan is accepted: until then their section says so in one line
    await expect.poll(() => abe.getByTestId('opens-cycleList').innerText()).toBe('Opens in the “Accepted” stage');
    // he is the named approver: a plain Accept, not one in someone's place
    await transition(abe, 'Accept').click();
    await expect.poll(() => stateOf(abe)).toBe('Accepted');
    await abe.getByTestId('read-only').waitFor();
    expect(await abe.getByRole('button', { name: 'Save' }).count()).toBe(0);
    await expect
      .poll(() => stepperOf(abe))
      .toMatchObject({
        Draft: { step: 'done' },
        Accepted: { step: 'current', moved: expect.stringMatching(/, Abe Approver$/) },
      });
    expect(await abe.getByTestId('children-cycleList').getAttribute('data-stage')).toBe('current');
    // the objectives and initiatives are settled with the plan: each section says so in one line, with no Add
    for (const key of ['objectiveList', 'initiativeList']) {
      await expect.poll(() => abe.getByTestId(`closed-${key}`).innerText()).toMatch(/^Closed in the “Accepted” stage/);
      expect(await abe.getByTestId(`add-${key}`).count()).toBe(0);
    }
    await snap(abe, 'lifecycle-execution-plan-accepted');
  });

  step(
    'the strategy office opens a review cycle; before any review is accepted the objective is not scored',
    async () => {
      const page = pages.exec;
      await nav(page, 'Annual initiatives');
      await tab(page, 'Review cycles');
      await page.getByRole('tabpanel').getByRole('button', { name: 'Add', exact: true }).click();
      await page.locator('[data-screen=form][data-entity=performance-review-cycle]').waitFor();
      await pick(page, 'executionPlanId', 'FY 2027');
      await fill(page, { name: 'Q1 review', startDate: '2027-04-01', endDate: '2027-04-15' });
      await save(page);
      await row(page, 'Q1 review').waitFor();

      await openMap(page);
      expect(await objectiveRow(page, 'Grow exports').getAttribute('data-colour')).toBe(UNSCORED);
      await snap(page, 'strategy-03-map-before');
    },
  );

  step('the initiative’s owner reports its progress in the cycle and submits it', async () => {
    const olive = pages.olive;
    await nav(olive, 'Performance review');
    await olive.getByRole('button', { name: 'Add', exact: true }).click();
    await olive.locator('[data-screen=form][data-entity=performance-review]').waitFor();
    await pick(olive, 'performanceReviewCycleId', 'Q1 review');
    await pick(olive, 'annualInitiativeId', 'Open two markets');
    // the reason for declining is the approver's, given with Return: not a field she can type into
    const reason = olive.locator('#root_returnReason');
    expect((await reason.count()) === 0 || !(await reason.isEditable())).toBe(true);
    await fill(olive, { actual: '95', comment: 'Two markets opened, one late' });
    await save(olive);
    await openRow(olive, 'Open two markets');
    await expect.poll(() => stateOf(olive)).toBe('Draft');
    // accepting is the approver's, not hers
    expect(await transition(olive, 'Accept').count()).toBe(0);
    await transition(olive, 'Submit').click();
    await expect.poll(() => stateOf(olive)).toBe('Submitted');
    await olive.getByTestId('read-only').waitFor();
  });

  step('the approver accepts the review; the strategy map colours the objective by the score', async () => {
    const abe = pages.abe;
    await nav(abe, 'Performance review');
    await row(abe, 'Open two markets').getByRole('gridcell', { name: 'Submitted', exact: true }).waitFor();
    await openRow(abe, 'Open two markets');
    // first he returns it with a reason: the stepper keeps Submitted as reached, saying how it was left
    await transition(abe, 'Return').click();
    const dialog = abe.getByRole('dialog');
    await dialog.getByLabel('Reason for declining').fill('Name the late market');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => stateOf(abe)).toBe('Draft');
    const olive = pages.olive;
    await olive.reload();
    await expect
      .poll(() => stepperOf(olive))
      .toMatchObject({
        Draft: { step: 'current', moved: expect.stringMatching(/, Abe Approver$/) },
        Submitted: { step: 'earlier', moved: expect.stringMatching(/, Olive/), left: 'left by “Return”' },
        Accepted: { step: 'upcoming', moved: null },
      });
    await snap(olive, 'lifecycle-review-returned');
    await transition(olive, 'Submit').click();
    await expect.poll(() => stateOf(olive)).toBe('Submitted');
    await abe.reload();
    await transition(abe, 'Accept').click();
    await expect.poll(() => stateOf(abe)).toBe('Accepted');
    const [review] = (await j.call('performance-review')).list;
    expect(review).toMatchObject({ status: 'Accepted', target: 100, actual: 95, percent: 95 });

    // the strategy office looks at the map again, as it was left open
    const page = pages.exec;
    await page.reload();
    await page.locator('[data-screen=strategy-map] canvas').first().waitFor();
    await expect.poll(() => objectiveRow(page, 'Grow exports').getAttribute('data-colour')).not.toBe(UNSCORED);
    // 95 % falls in band 3 (80–99 %) of the default scale
    expect(await objectiveRow(page, 'Grow exports').getAttribute('data-score')).toBe('3');
    expect(await objectiveRow(page, 'Build skills').getAttribute('data-colour')).toBe(UNSCORED);
    await snap(page, 'strategy-04-map-after');

    // click-through: the objective opens for editing
    await objectiveRow(page, 'Grow exports').getByRole('link', { name: 'Grow exports' }).click();
    await page.waitForURL(`**/strategic-plan/${planId}/objective/edit/*`);
    await expect(page.locator('#root_name').inputValue()).resolves.toBe('Grow exports');
  });
});
