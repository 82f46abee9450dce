import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { api } from './support/api-setup.ts';
import { browserSkipReason } from './support/browser.ts';
import { journeySteps } from './support/journey.ts';
import { journeyCompany } from './support/journey-company.ts';
import { HOLDER } from './support/server-process.ts';
import { offeredByNavigation } from './support/navigation.ts';
import {
  chosen,
  fill,
  nav,
  offered,
  openRow,
  pick,
  row,
  save,
  snap,
  stateOf,
  tab,
  transition,
} from './support/screens.ts';
import { stepperOf } from './support/lifecycle-page.ts';

const skip = browserSkipReason();

/**
 * Personal development and projects by clicks, each step by the person whose turn it is: an employee requests a
 * training, her supervisor plans it and records it completed; the administrator sets up a project with a milestone and
 * its task, the milestone's owner completes it, the project manager moves the project on, and the timeline and the
 * reports show it. The API only arranges the company, its people and the training catalogue.
 */
describe.skipIf(skip)(
  'personal development and projects: a training requested, planned and completed; a project with its milestones',
  () => {
    let page: Page; // the administrator's
    let planId: number;
    const people = {
      nia: { firstName: 'Nia', lastName: 'Newhire', email: 'nia@learnbuild.example', password: 'nia-pass-1234' },
      sam: { firstName: 'Sam', lastName: 'Super', email: 'sam@learnbuild.example', password: 'sam-pass-1234' },
      pia: { firstName: 'Pia', lastName: 'Manager', email: 'pia@learnbuild.example', password: 'pia-pass-1234' },
      oli: { firstName: 'Oli', lastName: 'Owner', email: 'oli@learnbuild.example', password: 'oli-pass-1234' },
    };
    const pages: Record<string, Page> = {};
    /** Answers the dialog a transition opens with what it asks for. */
    async function answer(on: Page, field: string, value: string) {
      const dialog = on.getByRole('dialog');
      await dialog.getByLabel(field).fill(value);
      await dialog.getByRole('button', { name: 'Confirm' }).click();
    }
    const step = journeySteps('training-and-projects', pages, 90_000);

    // the training catalogue and plan; Nia reports to Sam
    const j = journeyCompany({
      company: 'Learnbuild',
      modules: ['personal-development', 'projects', 'performance', 'strategic'],
      people,
      pages,
      arrange: async ({ call, ids }) => {
        await call('training/add', { name: 'Forklift safety', provider: 'Depot academy' });
        planId = (await call('annual-training-plan/add', { name: 'Training plan 2026', year: 2026 })).annualTrainingPlan
          .id;
        const nia = (await call(`employee/${ids.nia}`)).employee;
        await call('employee/update', { id: ids.nia, version: nia.version, supervisorId: ids.sam });
      },
    });
    const id = j.ids;
    beforeAll(() => {
      page = pages.exec;
    });

    step('the employee requests a training from her inbox; it waits among the requested trainings', async () => {
      const nia = pages.nia;
      // she may read (and pick) the company's plan but not manage it: her navigation offers no plans
      expect((await offeredByNavigation(nia)).labels).not.toContain('Annual training plans');
      await nav(nia, 'My trainings');
      await nia.getByRole('button', { name: 'Add', exact: true }).click();
      await nia.locator('[data-screen=form][data-entity=employee-training]').waitFor();
      await pick(nia, 'trainingId', 'Forklift safety');
      // she asks for it within the company's plan
      await pick(nia, 'annualTrainingPlanId', 'Training plan 2026');
      await save(nia);
      await row(nia, 'Forklift safety').getByRole('gridcell', { name: 'Requested', exact: true }).waitFor();
      await snap(nia, 'training-01-requested');
    });

    step('her supervisor requests one for a report: the form offers exactly himself and his one report', async () => {
      const sam = pages.sam;
      await nav(sam, 'My subordinates\u2019 development');
      await tab(sam, 'Requested trainings');
      await sam.getByRole('button', { name: 'Add', exact: true }).click();
      await sam.locator('[data-screen=form][data-entity=employee-training]').waitFor();
      // every other employee of the company (the administrator, Pia, Oli) would be refused on save: not offered
      expect((await offered(sam, 'employeeId')).sort()).toEqual(['Nia Newhire', 'Sam Super']);
      await snap(sam, 'training-00-pickable-employees');
    });

    step('the administrator plans it into the annual training plan; her supervisor records it completed', async () => {
      await nav(page, 'Training plans and executions');
      expect(await page.locator('[data-screen=tabs] [role=tab][aria-selected=true]').innerText()).toBe(
        'Requested trainings',
      );
      await openRow(page, 'Nia Newhire');
      await page.locator('[data-screen=form][data-entity=employee-training]').waitFor();
      expect(await stateOf(page)).toBe('Requested');
      // a training never planned cannot be completed: the screen does not offer it
      expect(await transition(page, 'Complete').count()).toBe(0);
      await pick(page, 'annualTrainingPlanId', 'Training plan 2026');
      await save(page);
      await openRow(page, 'Nia Newhire');
      await transition(page, 'Add to planned').click();
      // typed as the app writes dates, day/month/year: the dialog asks for a date, not free text
      await answer(page, 'Planned date', '01/03/2026');
      await expect.poll(() => stateOf(page)).toBe('Planned');
      // shown as typed, day/month/year, beside the state and in the form's date field (not the browser's mm/dd/yyyy)
      expect(await page.getByTestId('workflow-plannedDate').innerText()).toBe('Planned date: 01/03/2026');
      await expect.poll(() => page.locator('#root_plannedDate').inputValue()).toBe('01/03/2026');

      const sam = pages.sam;
      await nav(sam, 'My subordinates\u2019 development');
      await tab(sam, 'Planned trainings');
      await openRow(sam, 'Nia Newhire');
      await sam.locator('[data-screen=form][data-entity=employee-training]').waitFor();
      expect(await stateOf(sam)).toBe('Planned');
      await transition(sam, 'Complete').click();
      await answer(sam, 'Completion date', '02/03/2026');
      await expect.poll(() => stateOf(sam)).toBe('Completed');
      expect(await transition(sam, 'Back to planned').count()).toBe(1);
      const [done] = (await j.call(`employee-training?employeeId=${id.nia}`)).list;
      expect(done).toMatchObject({
        status: 'Completed',
        annualTrainingPlanId: planId,
        plannedDate: '2026-03-01',
        completionDate: '2026-03-02',
      });
    });

    step('the employee sees it completed; the plan executes fully and the report counts it', async () => {
      // she looks again at the list she left open
      const nia = pages.nia;
      await nia.reload();
      await row(nia, 'Forklift safety').getByRole('gridcell', { name: 'Completed', exact: true }).waitFor();

      const rate = (await j.call(`annual-training-plan/execution-rate?id=${planId}`)).executionRate;
      expect(rate).toMatchObject({ planned: 0, completed: 1, executionRate: 100 });
      await nav(page, 'Training plans and executions');
      await tab(page, 'Completed trainings');
      await page.getByRole('gridcell', { name: 'Forklift safety', exact: true }).waitFor();
      await tab(page, 'Annual training plans');
      await row(page, 'Training plan 2026').getByRole('gridcell', { name: '100', exact: true }).waitFor();
      // the personal development report: one row per employee, by full name, with a chart
      await nav(page, 'Personal development reports');
      await page.locator('[data-screen=figure-report] [data-chart=figures] canvas').first().waitFor();
      const cells = await page
        .locator('[data-figures=personal-development-reports] tr[data-row="Nia Newhire"] td')
        .allInnerTexts();
      expect(cells).toEqual(['Nia Newhire', '0', '0', '1', '0']);
      await snap(page, 'training-02-completed-report');
    });

    step(
      'the employee may no longer delete the training once completed; her supervisor adds one for her from the subordinates\u2019 view',
      async () => {
        const nia = pages.nia;
        await nav(nia, 'My trainings');
        await row(nia, 'Forklift safety').getByRole('gridcell', { name: 'Completed', exact: true }).waitFor();
        // her own request could go while it was Requested; one planned and completed by others stays
        expect(
          await row(nia, 'Forklift safety')
            .getByRole('button', { name: /^Delete/ })
            .count(),
        ).toBe(0);
        await snap(nia, 'people6-my-trainings-completed');

        const sam = pages.sam;
        await nav(sam, 'My subordinates\u2019 development');
        await tab(sam, 'By employee');
        await sam.getByRole('button', { name: 'Add', exact: true }).click();
        await sam.locator('[data-screen=form][data-entity=employee-training]').waitFor();
        // the form asks whom for, offering him and his report, not his own "my trainings" form that fills him in
        expect(new URL(sam.url()).pathname).toBe('/app/personal-development/add-employee-training');
        expect((await offered(sam, 'employeeId')).sort()).toEqual(['Nia Newhire', 'Sam Super']);
        await pick(sam, 'employeeId', 'Nia Newhire');
        await pick(sam, 'trainingId', 'Forklift safety');
        await pick(sam, 'annualTrainingPlanId', 'Training plan 2026');
        await snap(sam, 'people6-subordinates-add-form');
        await sam.selectOption('#language', 'bn');
        await expect.poll(() => sam.getByRole('button', { name: 'Save', exact: true }).count()).toBe(0);
        await snap(sam, 'people6-subordinates-add-form-bn');
        await sam.selectOption('#language', 'en');
        await save(sam);
        await expect
          .poll(async () => (await j.call(`employee-training?employeeId=${id.nia}&status=Requested`)).list.length)
          .toBe(1);
        expect((await j.call(`employee-training?employeeId=${id.sam}`)).list).toEqual([]);
      },
    );

    step(
      'the administrator adds a project with its manager, a milestone from its page and a task from the milestone',
      async () => {
        await nav(page, 'Projects', { module: 'Projects' });
        await page.getByRole('button', { name: 'Add', exact: true }).click();
        await page.locator('[data-screen=form][data-entity=project]').waitFor();
        await fill(page, {
          name: 'New depot',
          startDate: '2026-01-01',
          endDate: '2026-12-31',
          estimatedCost: '5000',
          budgetSpent: '1200',
        });
        await pick(page, 'managerId', 'Pia Manager');
        await page.locator('#root_name').press('Tab');
        await save(page);
        await row(page, 'New depot').waitFor();
        const [project] = (await j.call('project?q=depot')).list;
        expect(project).toMatchObject({ estimatedCost: 5000, budgetSpent: 1200, remaining: 3800, managerId: id.pia });
        id.project = project.id;

        await openRow(page, 'New depot');
        await page.getByTestId('add-milestoneList').click();
        await page.locator('[data-screen=form][data-entity=milestone]').waitFor();
        await fill(page, { name: 'Foundations', startDate: '2026-01-10', endDate: '2027-01-31' });
        await pick(page, 'ownerId', 'Oli Owner');
        await page.locator('#root_name').press('Tab');
        // a milestone ending after its project is refused on the field
        await save(page);
        await page.getByRole('heading', { name: 'Add Milestone Failed' }).waitFor();
        await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
        expect(await page.locator('.field-error, .error-detail').allInnerTexts()).toEqual([
          expect.stringMatching(/end date/i),
        ]);
        await fill(page, { endDate: '2026-03-31' });
        await save(page);
        await page.getByTestId('children-milestoneList').getByRole('link', { name: 'Foundations' }).click();
        await page.locator('[data-screen=form][data-entity=milestone]').waitFor();
        await page.getByTestId('add-taskList').click();
        await page.locator('[data-screen=form][data-entity=project-task]').waitFor();
        await fill(page, { name: 'Dig trenches', startDate: '2026-01-10', endDate: '2026-02-15' });
        await pick(page, 'ownerId', 'Oli Owner');
        await page.locator('#root_riskRating').selectOption({ label: 'High' });
        await page.locator('#root_name').press('Tab');
        await save(page);
        await page.getByTestId('children-taskList').getByText('Dig trenches').waitFor();
        await snap(page, 'projects-01-milestone-with-task');
        // the milestone shows where its status stands, as the project does
        await expect.poll(async () => (await stepperOf(page))['Not Started']?.step).toBe('current');
        // Cancel on the milestone, opened from its project, returns to the project (not to every milestone)
        await page.getByRole('link', { name: 'Cancel', exact: true }).click();
        await page.locator('[data-screen=form][data-entity=project]').waitFor();
        expect(new URL(page.url()).pathname).toBe('/app/projects/edit-project');
        // the project's risks are a section of the project, added there with the project filled in
        await page.getByTestId('add-riskList').click();
        await page.locator('[data-screen=form][data-entity=project-risk]').waitFor();
        await fill(page, { name: 'Ground water' });
        await save(page);
        await page.getByTestId('children-riskList').getByRole('link', { name: 'Ground water' }).waitFor();
        expect((await j.call(`project-risk?projectId=${id.project}`)).list).toMatchObject([{ name: 'Ground water' }]);
        await snap(page, 'projects-01b-project-with-risk');
      },
    );

    step('the milestone owner completes it from his milestones; the project manager moves the project on', async () => {
      const oli = pages.oli;
      await nav(oli, 'My milestones');
      await openRow(oli, 'Foundations');
      await oli.locator('[data-screen=form][data-entity=milestone]').waitFor();
      await oli.locator('#root_status').selectOption({ label: 'Completed' });
      await fill(oli, { completion: '100', completionDate: '2026-03-20' });
      await save(oli);
      await row(oli, 'Foundations').getByRole('gridcell', { name: 'Completed', exact: true }).waitFor();

      const pia = pages.pia;
      await nav(pia, 'Projects', { module: 'Projects' });
      await openRow(pia, 'New depot');
      await pia.locator('[data-screen=form][data-entity=project]').waitFor();
      await pia.locator('#root_status').selectOption({ label: 'In progress' });
      await fill(pia, { completion: '50' });
      await save(pia);
      await row(pia, 'New depot').getByRole('gridcell', { name: 'In progress', exact: true }).waitFor();
      expect((await j.call(`project/${id.project}`)).project).toMatchObject({ status: 'In Progress', completion: 50 });
    });

    step('the project manager adds a milestone to her own project from its Milestone panel', async () => {
      const pia = pages.pia;
      await nav(pia, 'Projects', { module: 'Projects' });
      await openRow(pia, 'New depot');
      await pia.locator('[data-screen=form][data-entity=project]').waitFor();
      // the project's stages (its status) as a stepper: she moved it into progress, the administrator added it
      await expect
        .poll(() => stepperOf(pia))
        .toMatchObject({
          'Not Started': { step: 'done', moved: expect.any(String) },
          'In Progress': { step: 'current', moved: expect.stringMatching(/, Pia Manager$/) },
          'On Hold': { step: 'upcoming', moved: null },
          Completed: { step: 'upcoming', moved: null },
        });
      await pia.getByTestId('add-milestoneList').click();
      await pia.locator('[data-screen=form][data-entity=milestone]').waitFor();
      await fill(pia, { name: 'Walls', startDate: '2026-04-01', endDate: '2026-06-30' });
      await pick(pia, 'ownerId', 'Pia Manager');
      await pia.locator('#root_name').press('Tab');
      await save(pia);
      await pia.getByTestId('children-milestoneList').getByRole('link', { name: 'Walls' }).waitFor();
      await snap(pia, 'projects-01d-manager-adds-milestone');
      const walls = (await j.call(`milestone?projectId=${id.project}&q=Walls`)).list;
      expect(walls).toMatchObject([{ name: 'Walls', ownerId: id.pia }]);
    });

    step(
      'the project manager opens the project\'s link to a corporate scorecard she may not read: the scorecard is named, not "Choose…"',
      async () => {
        // arranged: a draft corporate scorecard (its PM committee's until shown to employees), linked to her project
        const strategic = (
          await j.call('strategic-plan/add', {
            description: 'Vision 2030',
            startDate: '2026-01-01',
            endDate: '2030-12-31',
          })
        ).strategic;
        const annual = (
          await j.call('annual-plan/add', {
            name: 'FY2026',
            strategicPlanId: strategic.id,
            startDate: '2026-01-01',
            endDate: '2026-12-31',
          })
        ).annualPlan;
        const card = Object.values(
          await j.call('performance-scorecard/add', {
            name: 'Depot corporate FY2026',
            level: 'corporate',
            period: 'Annual',
            annualPlanId: annual.id,
          }),
        )[0] as { id: number };
        const link = Object.values(
          await j.call('project-scorecard/add', { projectId: id.project, performanceScorecardId: card.id }),
        )[0] as { id: number };
        const pia = pages.pia;
        // the screen the link is shown on (a project's scorecards are the administrator's list; the form is the widget under test)
        await pia.goto(`${j.server.url}/app/projects/edit-employee-scorecard?id=${link.id}`);
        await pia.locator('[data-screen=form][data-entity=project-scorecard]').waitFor();
        await expect.poll(() => chosen(pia, 'performanceScorecardId')).toBe('Depot corporate FY2026');
        // she cannot pick it from the options she may read: the scorecard is there only as the record's own value
        await snap(pia, 'projects-01b-unreadable-reference');
        await pia.selectOption('#language', 'bn');
        await pia.locator('h1', { hasText: 'প্রকল্প' }).first().waitFor();
        await expect.poll(() => chosen(pia, 'performanceScorecardId')).toBe('Depot corporate FY2026');
        await snap(pia, 'projects-01c-unreadable-reference-bn');
        await pia.selectOption('#language', 'en');
      },
    );

    step('the timeline shows the milestone and its task; the reports the completed milestone', async () => {
      await nav(page, 'Project timeline');
      await page.locator('#timeline-project').selectOption({ label: 'New depot' });
      await page.locator('[data-chart=timeline] canvas').first().waitFor();
      const bars = await page
        .locator('[data-timeline] tr[data-bar]')
        .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-bar')));
      expect(bars).toEqual(['milestone:Foundations', 'task:Dig trenches', 'milestone:Walls']);
      await snap(page, 'projects-02-timeline');

      // the reports: the detailed one first, each project with its milestones; the progress one as a chart
      await nav(page, 'Project reports');
      const detail = page.locator('[data-screen=figure-report] [data-project="New depot"]');
      await detail.locator('[data-figures=completed-milestones] tr[data-row=Foundations]').waitFor();
      await tab(page, 'Progress of tasks');
      await page.locator('[data-screen=figure-report] [data-chart=figures] canvas').first().waitFor();
      expect(
        await page.locator('[data-figures=project-progress-tasks-reports] tr[data-row="New depot"] td').allInnerTexts(),
      ).toEqual(['New depot', '1', '1', '0', '0', '0', '1', '0']); // overdue: it was to end on 15 February 2026
      await tab(page, 'Project detailed report');
      await detail.locator('[data-figures=completed-milestones] tr[data-row=Foundations]').waitFor();
      await snap(page, 'projects-03-report-milestone-completed');
    });

    it('reads the user manuals of the company’s modules, Markdown shown as HTML', async () => {
      const holder = (await api(j.server, 'auth/login', HOLDER)).user.token;
      const modules = (await api(j.server, 'module?limit=100', undefined, holder)).list as {
        id: number;
        code: string;
      }[];
      const manual = async (title: string, code: string, markdown: string) => {
        const { item } = await api(
          j.server,
          'user-manual/add',
          { title, moduleId: modules.find((m) => m.code === code)!.id },
          holder,
        );
        const form = new FormData();
        form.set('id', String(item.id));
        form.set('document', new File([markdown], `${code}.md`, { type: 'text/markdown' }));
        const r = await fetch(`${j.server.url}/api/v1/user-manual/upload-document`, {
          method: 'POST',
          headers: { token: holder },
          body: form,
        });
        expect(r.status).toBe(200);
      };
      await manual(
        'Planning trainings',
        'personal-development',
        '# Planning trainings\n\nChoose **Add to planned**.\n\n<script>window.hacked = true</script>',
      );
      await manual('Rating risks', 'risk-management', '# Rating risks');
      await page.goto(`${j.server.url}/app/user-manuals/read`);
      await page.locator('[data-screen=manual-list] [data-manual="Planning trainings"]').waitFor();
      expect(await page.locator('[data-screen=manual-list] [data-manual]').count()).toBe(1);
      await page.getByRole('link', { name: 'Planning trainings' }).click();
      const article = page.locator('[data-manual=markdown]');
      await article.locator('h1', { hasText: 'Planning trainings' }).waitFor();
      expect(await article.locator('strong').innerText()).toBe('Add to planned');
      expect(await page.evaluate(() => (window as unknown as { hacked?: boolean }).hacked)).toBeUndefined();
      await snap(page, 'manuals-01-markdown');
    });

    step('shows the milestone owner his required actions on the dashboard, each count opening its list', async () => {
      await page.goto(`${j.server.url}/app/dashboard/main`);
      await page.locator('[data-item=company-performance]').waitFor();
      const oli = pages.oli;
      await nav(oli, 'Dashboard', { module: 'Dashboard' });
      const tile = oli.locator('[data-screen=dashboard-main] [data-action=myTasks]');
      await tile.waitFor();
      expect(await tile.locator('strong').innerText()).toBe('1');
      await snap(oli, 'dashboard-01-main');
      // My tasks names each kind of task waiting, each opening its list
      await tile.locator('[data-action=projectTasks]').click();
      await oli.waitForURL('**/app/projects/my-tasks');
      await oli.getByRole('gridcell', { name: 'Dig trenches', exact: true }).waitFor();
    });
  },
);
