import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { api, companyWithExecutive } from './support/api-setup.ts';
import { browserSkipReason, launchChromium } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server-process.ts';
import { pick, signIn, snap } from './support/screens.ts';

const skip = browserSkipReason();
const COMMITTEE = 'Audit committee';
const RESOLUTION = 'Rotate the external auditor';

describe.skipIf(skip)('committees and resolutions: add a committee, a member, a resolution and a progress comment', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let exec: { email: string; password: string };
  let token: string;
  let execId: number;
  let committeeId: number;
  let resolutionId: number;

  beforeAll(async () => {
    server = await startServer();
    const company = await companyWithExecutive(server, 'Boardline', 'exec-pass-12', ['actions-tracker']);
    exec = { email: company.email, password: company.password };
    token = (await api(server, 'auth/login', exec)).user.token;
    execId = (await api(server, `employee?email=${encodeURIComponent(exec.email)}`, undefined, token)).list[0].id;
    await api(server, 'employee/add', { firstName: 'Mia', lastName: 'Member', email: 'mia@boardline.example' }, token);
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1500, height: 1000 } });
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('adds a committee, which shows among my committees', async () => {
    await signIn(page, server.url, exec.email, exec.password);
    await page.goto(`${server.url}/app/actions-tracker/add-committee`);
    await page.locator('[data-screen=form][data-entity=committee]').waitFor();
    await page.locator('#root_name').fill(COMMITTEE);
    await page.locator('#root_description').fill('Oversees internal and external audit');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL('**/app/actions-tracker/committees**');
    await page.getByRole('gridcell', { name: COMMITTEE, exact: true }).waitFor();
    const [committee] = (await api(server, 'committee?owner=me', undefined, token)).list;
    expect(committee).toMatchObject({ name: COMMITTEE, creatorId: execId });
    committeeId = committee.id;
    await page.goto(`${server.url}/app/actions-tracker/main`);
    await page.getByRole('tab', { name: 'My committees' }).click();
    await page.getByRole('heading', { name: 'My committees' }).waitFor();
    await page.getByRole('gridcell', { name: COMMITTEE, exact: true }).waitFor();
    await snap(page, 'actions-01-my-committees');
  });

  it('adds a member to the committee', async () => {
    await page.goto(`${server.url}/app/actions-tracker/add-member?committeeId=${committeeId}`);
    await page.locator('[data-screen=form][data-entity=committee-member]').waitFor();
    await pick(page, 'employeeId', 'Mia Member');
    await page.locator('#root_role').selectOption({ label: 'Secretary' });
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL('**/app/actions-tracker/members**');
    const members = (await api(server, `committee-member?committeeId=${committeeId}&sort=id`, undefined, token)).list;
    expect(members.map((m: Record<string, unknown>) => m.role)).toEqual(['Chairperson', 'Secretary']);
    await snap(page, 'actions-02-member-added');
  });

  it('adds a resolution, due after it was taken, which is among my resolutions', async () => {
    await page.goto(`${server.url}/app/actions-tracker/add-resolution?committeeId=${committeeId}`);
    await page.locator('[data-screen=form][data-entity=resolution]').waitFor();
    await page.locator('#root_title').fill(RESOLUTION);
    await pick(page, 'ownerId', 'Exe Boardline');
    await page.locator('#root_dateTaken').fill('2026-11-01');
    await page.locator('#root_dueDate').fill('2026-10-01');
    await page.locator('#root_title').press('Tab');
    await page.getByRole('button', { name: 'Save' }).click();
    // due before it was taken: the server names the field
    await page.getByRole('heading', { name: 'Add Resolution Failed' }).waitFor();
    await page.getByRole('button', { name: 'OK' }).click();
    await page.locator('#root_dueDate').fill('2027-03-31');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL('**/app/actions-tracker/resolutions/list**');
    await page.getByRole('gridcell', { name: RESOLUTION, exact: true }).waitFor();
    const [resolution] = (await api(server, 'resolution/mine', undefined, token)).resolutions.list;
    expect(resolution).toMatchObject({ title: RESOLUTION, status: 'Open', dueDate: '2027-03-31' });
    resolutionId = resolution.id;
    await page.goto(`${server.url}/app/actions-tracker/main`);
    await page.getByRole('tab', { name: 'My resolutions' }).click();
    await page.getByRole('heading', { name: 'My resolutions' }).waitFor();
    await page.getByRole('gridcell', { name: RESOLUTION, exact: true }).waitFor();
    await snap(page, 'actions-03-my-resolutions');
  });

  it('adds a progress comment and starts the resolution from its own screen', async () => {
    await page.goto(`${server.url}/app/actions-tracker/add-resolution-progress?resolutionId=${resolutionId}`);
    await page.locator('[data-screen=form][data-entity=resolution-progress]').waitFor();
    await page.locator('#root_description').fill('Tender for audit firms drafted');
    await page.locator('#root_progress').fill('40');
    await page.locator('#root_description').press('Tab');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL('**/app/actions-tracker/resolution-progress**');
    await page.getByRole('gridcell', { name: 'Tender for audit firms drafted', exact: true }).waitFor();

    await page.goto(`${server.url}/app/actions-tracker/myresolutions/${resolutionId}`);
    await page.getByTestId('children-progressList').getByText('Tender for audit firms drafted').waitFor();
    const status = page.getByTestId('workflow');
    await expect.poll(() => status.innerText()).toMatch(/Status:\s*Open/);
    await status.getByRole('button', { name: 'Start' }).click();
    await expect.poll(() => status.innerText()).toMatch(/Status:\s*In progress/);
    // the change left a status update entry, shown with the resolution, and its progress comment is still there
    await page.getByTestId('children-statusList').getByText('Open → In Progress').waitFor();
    await page.getByTestId('children-progressList').getByText('Tender for audit firms drafted').waitFor();
    const one = (await api(server, `resolution/${resolutionId}`, undefined, token)).resolution;
    expect(one.progressList).toEqual([expect.objectContaining({ description: 'Tender for audit firms drafted', progress: 40, authorId: execId })]);
    expect(one.statusList).toEqual([
      expect.objectContaining({ previousStatus: null, status: 'Open', employeeId: execId }),
      expect.objectContaining({ previousStatus: 'Open', status: 'In Progress', employeeId: execId }),
    ]);
    await snap(page, 'actions-04-resolution-started');
  });
});
