import { describe, expect } from 'vitest';
import type { Page } from 'playwright-core';
import { browserSkipReason } from './support/browser.ts';
import { journeySteps } from './support/journey.ts';
import { journeyCompany } from './support/journey-company.ts';
import { chosen, fill, nav, openRow, pick, row, save, snap } from './support/screens.ts';

const skip = browserSkipReason();
const RISK = 'Key supplier fails';

/** Clicks the centre of one cell of a heat map, found from the plot area the screen declares (likelihood across, impact up). */
async function clickCell(page: Page, view: 'inherent' | 'residual', impact: string, likelihood: string): Promise<void> {
  const box = page.locator(`[data-heat-map=${view}]`);
  const grid = JSON.parse((await box.getAttribute('data-grid'))!) as {
    left: number;
    right: number;
    top: number;
    bottom: number;
  };
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

/**
 * A risk from the register to the heat map to its mitigation, by clicks, each step by its person: the risk manager (the
 * module administrator) identifies the risk and names its owner, records a control and the residual rating; the heat
 * map shows it in its cells; the risk owner records a mitigation and names its action owner, who notes its progress
 * until it is complete. The API only arranges the company and its people.
 */
describe.skipIf(skip)(
  'risk management: a risk identified, controlled, found on the heat map and mitigated by its owners',
  () => {
    let riskId: number;
    const people = {
      rita: { firstName: 'Rita', lastName: 'Riskowner', email: 'rita@riskline.example', password: 'rita-pass-1234' },
      leo: { firstName: 'Leo', lastName: 'Actionowner', email: 'leo@riskline.example', password: 'leo-pass-1234' },
    };
    const pages: Record<string, Page> = {};
    const step = journeySteps('risk', pages, 90_000);
    const j = journeyCompany({ company: 'Riskline', modules: ['risk-management'], people, pages });
    const risk = async () => (await j.call(`risk/${riskId}`)).risk;
    const employeeId = async (email: string) =>
      (await j.call(`employee?email=${encodeURIComponent(email)}`)).list[0].id as number;

    step(
      'the risk manager identifies a strategic risk and names its owner; the server rates it from impact and likelihood',
      async () => {
        const page = pages.exec;
        await nav(page, 'Risk register');
        await page.getByRole('button', { name: 'Add', exact: true }).click();
        await page.locator('[data-screen=form][data-entity=risk]').waitFor();
        await page.locator('#root_kind').selectOption({ label: 'Strategic' });
        await fill(page, { name: RISK });
        await pick(page, 'ownerId', 'Rita Riskowner');
        await page.locator('#root_impact').selectOption({ label: 'Major' });
        await page.locator('#root_likelihood').selectOption({ label: 'Likely' });
        await page.locator('#root_name').press('Tab');
        await save(page);
        await row(page, RISK).waitFor();
        const [added] = (await j.call(`risk?q=${encodeURIComponent(RISK)}`)).list;
        expect(added).toMatchObject({
          kind: 'Strategic',
          impact: 'Major',
          likelihood: 'Likely',
          ratingScore: 16,
          rating: 'High',
        });
        riskId = added.id;
        await snap(page, 'risk-01-identified');
      },
    );

    step('adds a control and sets the residual rating from the risk’s page, both shown with the risk', async () => {
      const page = pages.exec;
      await openRow(page, RISK);
      await page.locator('[data-screen=form][data-entity=risk]').waitFor();
      await page.getByTestId('add-riskControlList').click();
      await page.locator('[data-screen=form][data-entity=risk-control]').waitFor();
      await fill(page, { name: 'Second supplier under contract' });
      await page.locator('#root_controlType').selectOption({ label: 'Preventative' });
      await page.locator('#root_effectiveness').selectOption({ label: 'Effective' });
      await page.locator('#root_name').press('Tab');
      await save(page);
      await page.getByTestId('children-riskControlList').getByText('Second supplier under contract').waitFor();

      await page.getByTestId('add-residualRatingList').click();
      await page.locator('[data-screen=form][data-entity=residual-rating]').waitFor();
      await page.locator('#root_impact').selectOption({ label: 'Minor' });
      await page.locator('#root_likelihood').selectOption({ label: 'Unlikely' });
      await save(page);
      await page.getByTestId('children-residualRatingList').getByText('Low (4)').waitFor();
      const detail = await risk();
      expect(detail.riskControlList.map((c: Record<string, unknown>) => [c.controlType, c.effectiveness])).toEqual([
        ['Preventative', 'Effective'],
      ]);
      expect(detail.residualRatingList[0]).toMatchObject({
        impact: 'Minor',
        likelihood: 'Unlikely',
        ratingScore: 4,
        rating: 'Low',
      });
      await snap(page, 'risk-02-controlled');
    });

    step('finds it on the heat map: clicking its inherent and its residual cell lists it', async () => {
      const page = pages.exec;
      await nav(page, 'Risk heat map');
      await page.locator('[data-screen=risk-heat-map]').waitFor();
      await page.locator('[data-heat-map=inherent] canvas').first().waitFor();
      await page.locator('[data-heat-map=residual] canvas').first().waitFor();
      const list = page.getByTestId('cell-risks');
      await clickCell(page, 'residual', 'Minor', 'Unlikely');
      await list.getByRole('heading', { name: /Residual risk: Minor impact, Unlikely likelihood/ }).waitFor();
      await list.locator(`tr[data-risk-id="${riskId}"]`).getByRole('link', { name: RISK }).waitFor();
      await expect
        .poll(() => list.locator(`tr[data-risk-id="${riskId}"]`).innerText())
        .toMatch(/High \(16\).*Low \(4\)/s);
      // the rating levels are worded in the reader's language
      await page.selectOption('#language', 'de');
      await expect
        .poll(() => list.locator(`tr[data-risk-id="${riskId}"]`).innerText())
        .toMatch(/Hoch \(16\).*Niedrig \(4\)/s);
      await snap(page, 'risk-03-heat-map-residual-de');
      await page.selectOption('#language', 'bn');
      await page.locator('[data-heat-map=residual] canvas').first().waitFor();
      await snap(page, 'risk-03-heat-map-bn');
      await page.selectOption('#language', 'en');
      await snap(page, 'risk-03-heat-map-residual');
      // an empty cell lists nothing
      await clickCell(page, 'residual', 'Catastrophic', 'Certain');
      await list.getByText('Nothing here yet.').waitFor();
      await clickCell(page, 'inherent', 'Major', 'Likely');
      await list.getByRole('heading', { name: /Inherent risk: Major impact, Likely likelihood/ }).waitFor();
      await list.getByRole('link', { name: RISK }).click();
      await page.waitForURL(`**/app/risk-management/edit-identification?id=${riskId}`);
    });

    step(
      'the risk owner finds the risks she owns in the risk module by its menu, only hers, and opens hers to read',
      async () => {
        // another owner's risk, which her list leaves out
        await j.call('risk/add', {
          kind: 'Strategic',
          name: 'Port strike',
          ownerId: await employeeId(people.leo.email),
          impact: 'Minor',
          likelihood: 'Possible',
        });
        const rita = pages.rita;
        await rita.goto(`${j.server.url}/app/dashboard`);
        await nav(rita, 'Risks I own');
        await row(rita, RISK).waitFor();
        await expect.poll(() => rita.getByTestId('total').innerText()).toBe('1 record');
        expect(await row(rita, 'Port strike').count()).toBe(0);
        await snap(rita, 'risk-03b-my-risks');
        await openRow(rita, RISK);
        await rita.waitForURL(`**/app/risk-management/edit-identification?id=${riskId}`);
        await rita.getByTestId('read-only').waitFor();
        expect(await rita.locator('#root_name').inputValue()).toBe(RISK);
        // her risk's owner is named, not "Choose…"
        await expect.poll(() => chosen(rita, 'ownerId')).toBe('Rita Riskowner');
        await rita.selectOption('#language', 'bn');
        await rita.locator('h1', { hasText: 'ঝুঁকি' }).first().waitFor();
        await snap(rita, 'risk-03c-my-risk-bn');
        await rita.selectOption('#language', 'en');
      },
    );

    step('the risk owner records a mitigation on her risk and names its action owner', async () => {
      // the register is the risk manager's; the risk owner records the mitigations of her risk
      const rita = pages.rita;
      await nav(rita, 'Mitigation');
      await rita.getByRole('button', { name: 'Add', exact: true }).click();
      await rita.locator('[data-screen=form][data-entity=mitigation]').waitFor();
      await pick(rita, 'riskId', RISK);
      await fill(rita, {
        name: 'Qualify a second supplier',
        description: 'Audit and contract a second supplier of yarn',
        dueDate: '2027-06-30',
      });
      await pick(rita, 'ownerId', 'Leo Actionowner');
      await rita.locator('#root_name').press('Tab');
      await save(rita);
      await row(rita, 'Qualify a second supplier').waitFor();
      const [mitigation] = (await risk()).mitigationList;
      expect(mitigation).toMatchObject({ name: 'Qualify a second supplier', progress: 0, status: 'In Progress' });
      await snap(rita, 'risk-04-mitigation-recorded');
    });

    step('the action owner notes progress until the mitigation is complete', async () => {
      const leo = pages.leo;
      await nav(leo, 'Mitigation');
      await openRow(leo, 'Qualify a second supplier');
      await leo.locator('[data-screen=form][data-entity=mitigation]').waitFor();
      for (const [note, progress] of [
        ['Supplier audited', '60'],
        ['Contract signed with the second supplier', '100'],
      ]) {
        await leo.getByTestId('add-progressList').click();
        await leo.locator('[data-screen=form][data-entity=mitigation-progress]').waitFor();
        await fill(leo, { description: note, progress });
        await save(leo);
        await leo.getByTestId('children-progressList').getByText(note).waitFor();
      }
      const [mitigation] = (await risk()).mitigationList;
      expect(mitigation).toMatchObject({ progress: 100, status: 'Complete' });
      expect(mitigation.progressList.map((n: Record<string, unknown>) => n.progress)).toEqual([60, 100]);

      // the risk manager sees it complete among the mitigations
      const page = pages.exec;
      await nav(page, 'Mitigation');
      await row(page, 'Qualify a second supplier').getByRole('gridcell', { name: 'Complete', exact: true }).waitFor();
      await snap(page, 'risk-05-mitigation-complete');
    });
  },
);
