import { afterAll, beforeAll, describe, expect } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { today } from '../../engine/hooks/performance/quarter-windows.ts';
import { api, companyWithExecutive, employeeWithPassword } from './support/api-setup.ts';
import { browserSkipReason, launchChromium } from './support/browser.ts';
import { journeySteps, signedIn } from './support/journey.ts';
import { startServer, type RunningServer } from './support/server-process.ts';
import { stepperOf } from './support/lifecycle-page.ts';
import { fill, nav, openRow, pick, row, save, snap, stateOf, tab, transition } from './support/screens.ts';

const skip = browserSkipReason();
const COMMITTEE = 'Audit committee';
const RESOLUTION = 'Rotate the external auditor';

/**
 * A committee resolution tracked to done, by clicks, by employees without admin access: the chair sets the committee
 * up, seats its secretary and takes a resolution for an owner outside the committee; the owner finds it among his
 * resolutions, notes progress, starts and completes it; the chair sees it completed. The API only arranges the
 * company and its people.
 */
describe.skipIf(skip)(
  'committees and resolutions: a resolution taken by a committee and tracked to done by its owner',
  () => {
    let server: RunningServer;
    let browser: Browser;
    let token: string;
    const pages: Record<string, Page> = {};
    const people = {
      cleo: { firstName: 'Cleo', lastName: 'Chair', email: 'cleo@boardline.example', password: 'cleo-pass-1234' },
      mia: { firstName: 'Mia', lastName: 'Member', email: 'mia@boardline.example', password: 'mia-pass-1234' },
      oscar: { firstName: 'Oscar', lastName: 'Owner', email: 'oscar@boardline.example', password: 'oscar-pass-1234' },
    };
    const id: Record<string, number> = {};
    const step = journeySteps('actions', pages, 90_000);
    const resolution = async () => (await api(server, `resolution/${id.resolution}`, undefined, token)).resolution;

    beforeAll(async () => {
      server = await startServer();
      const company = await companyWithExecutive(server, 'Boardline', 'exec-pass-12', ['actions-tracker']);
      token = (await api(server, 'auth/login', { email: company.email, password: company.password })).user.token;
      browser = await launchChromium();
      for (const [k, who] of Object.entries(people)) {
        id[k] = await employeeWithPassword(server, token, who);
        pages[k] = await signedIn(browser, server.url, who, { width: 1500, height: 1000 });
      }
    }, 180_000);
    afterAll(async () => {
      await browser?.close();
      await server?.stop();
    });

    step(
      'the chair adds the committee, which shows among her committees, and seats a secretary from its page',
      async () => {
        const cleo = pages.cleo;
        await nav(cleo, 'Committees and resolutions');
        await tab(cleo, 'My committees');
        await cleo.getByRole('heading', { name: 'My committees' }).waitFor();
        await cleo.getByRole('tabpanel').getByRole('button', { name: 'Add', exact: true }).click();
        await cleo.locator('[data-screen=form][data-entity=committee]').waitFor();
        await fill(cleo, { name: COMMITTEE, description: 'Oversees internal and external audit' });
        await save(cleo);
        await row(cleo, COMMITTEE).waitFor();
        const [committee] = (await api(server, 'committee', undefined, token)).list;
        expect(committee).toMatchObject({ name: COMMITTEE, creatorId: id.cleo });
        id.committee = committee.id;

        await openRow(cleo, COMMITTEE);
        await cleo.getByTestId('add-memberList').click();
        await cleo.locator('[data-screen=form][data-entity=committee-member]').waitFor();
        await pick(cleo, 'employeeId', 'Mia Member');
        await cleo.locator('#root_role').selectOption({ label: 'Secretary' });
        await save(cleo);
        // back on the committee's page: its creator is its chairperson, Mia its secretary
        await cleo.getByTestId('children-memberList').getByText('Mia Member').waitFor();
        await cleo.getByTestId('children-memberList').getByText('Cleo Chair').waitFor();
        const members = (await api(server, `committee-member?committeeId=${id.committee}&sort=id`, undefined, token))
          .list;
        expect(members.map((m: Record<string, unknown>) => [m.employeeId, m.role])).toEqual([
          [id.cleo, 'Chairperson'],
          [id.mia, 'Secretary'],
        ]);
        await snap(cleo, 'actions-01-committee-members');
      },
    );

    step(
      'the chair takes a resolution for an owner outside the committee; a due date before the date taken is refused',
      async () => {
        const cleo = pages.cleo;
        await cleo.getByTestId('add-resolutionList').click();
        await cleo.locator('[data-screen=form][data-entity=resolution]').waitFor();
        await fill(cleo, { title: RESOLUTION });
        await pick(cleo, 'ownerId', 'Oscar Owner');
        await fill(cleo, { dateTaken: '2026-11-01', dueDate: '2026-10-01' });
        await cleo.locator('#root_title').press('Tab');
        await save(cleo);
        await cleo.getByRole('heading', { name: 'Add Resolution Failed' }).waitFor();
        await cleo.getByRole('button', { name: 'OK' }).click();
        await fill(cleo, { dueDate: '2027-03-31' });
        await save(cleo);
        await cleo.getByTestId('children-resolutionList').getByText(RESOLUTION).waitFor();
        const [taken] = (await api(server, `resolution?committeeId=${id.committee}`, undefined, token)).list;
        expect(taken).toMatchObject({ title: RESOLUTION, ownerId: id.oscar, status: 'Open', dueDate: '2027-03-31' });
        id.resolution = taken.id;
      },
    );

    step('the owner finds it among his resolutions, notes progress and starts it', async () => {
      const oscar = pages.oscar;
      await nav(oscar, 'Committees and resolutions');
      await tab(oscar, 'My resolutions');
      await oscar.getByRole('heading', { name: 'My resolutions' }).waitFor();
      await openRow(oscar, RESOLUTION);
      await oscar.locator('[data-screen=form][data-entity=resolution]').waitFor();
      expect(await stateOf(oscar)).toBe('Open');
      // the owner carries it out; cancelling it is the committee's to decide
      expect(await transition(oscar, 'Cancel').count()).toBe(0);
      await oscar.getByTestId('add-progressList').click();
      await oscar.locator('[data-screen=form][data-entity=resolution-progress]').waitFor();
      await fill(oscar, { description: 'Tender for audit firms drafted', progress: '40' });
      await save(oscar);
      await oscar.getByTestId('children-progressList').getByText('Tender for audit firms drafted').waitFor();
      await transition(oscar, 'Start').click();
      await expect.poll(() => stateOf(oscar)).toBe('In progress');
      // the change left a status update entry, shown with the resolution, and its progress comment is still there
      await oscar.getByTestId('children-statusList').getByText('Open → In progress').waitFor();
      await oscar.getByTestId('children-progressList').getByText('Tender for audit firms drafted').waitFor();
      await snap(oscar, 'actions-02-resolution-started');
    });

    step('the owner completes it: the completion date is set and the chair sees it completed', async () => {
      const oscar = pages.oscar;
      await oscar.getByTestId('add-progressList').click();
      await fill(oscar, { description: 'New audit firm appointed', progress: '100' });
      await save(oscar);
      await oscar.getByTestId('children-progressList').getByText('New audit firm appointed').waitFor();
      await transition(oscar, 'Complete').click();
      await expect.poll(() => stateOf(oscar)).toBe('Completed');
      // the status updates name the states as the stepper does: "In progress", one spelling
      await oscar.getByTestId('children-statusList').getByText('In progress → Completed').waitFor();
      // a completed resolution is settled: nothing to type or add until it is reopened, and its sections say so
      await oscar.getByTestId('read-only').waitFor();
      expect(await oscar.getByRole('button', { name: 'Save' }).count()).toBe(0);
      expect(await oscar.getByTestId('add-progressList').count()).toBe(0);
      expect(await oscar.getByTestId('add-commentList').count()).toBe(0);
      await expect
        .poll(() => oscar.getByTestId('closed-progressList').innerText())
        .toBe('Closed in the “Completed” stage; “Reopen” to change it');
      await transition(oscar, 'Reopen').waitFor();
      // Completed and Cancelled are the two outcomes, drawn as alternatives
      await expect
        .poll(() => stepperOf(oscar))
        .toMatchObject({
          Completed: { step: 'current', alternative: true },
          Cancelled: { step: 'notTaken', alternative: true },
        });
      // in Bangla the status updates, the stepper and the closed line are Bangla too
      await oscar.selectOption('#language', 'bn');
      await oscar.getByTestId('children-statusList').getByText('চলমান → সম্পন্ন').waitFor();
      await expect.poll(() => oscar.getByTestId('closed-progressList').innerText()).toMatch(/^“সম্পন্ন” পর্যায়ে বন্ধ/);
      await snap(oscar, 'actions-02b-resolution-completed-bn');
      await oscar.selectOption('#language', 'en');
      const done = await resolution();
      expect(done).toMatchObject({ status: 'Completed', completionDate: today(), overdue: 'No' });
      expect(done.progressList.map((p: Record<string, unknown>) => [p.progress, p.authorId])).toEqual([
        [40, id.oscar],
        [100, id.oscar],
      ]);
      expect(done.statusList.map((s: Record<string, unknown>) => [s.previousStatus, s.status, s.employeeId])).toEqual([
        [null, 'Open', id.cleo],
        ['Open', 'In Progress', id.oscar],
        ['In Progress', 'Completed', id.oscar],
      ]);

      const cleo = pages.cleo;
      await nav(cleo, 'Committees and resolutions');
      await tab(cleo, 'Resolution');
      await row(cleo, RESOLUTION).getByRole('gridcell', { name: 'Completed', exact: true }).waitFor();
      await snap(cleo, 'actions-03-resolution-completed');
    });
  },
);
