import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../support/backends.ts';
import { startTestStratum, type Client, type TestStratum } from '../support/test-stratum.ts';
import { appDay, isoDay } from '../support/iso-day.ts';
import { reviewTeam } from '../support/review-team.ts';

type Reply = {
  status: number;
  body: { err_msg: string | null; code?: string; errors?: { field: string }[]; data: any };
};
const ok = (r: Reply) => expect(r.status, r.body.err_msg ?? '').toBe(200);

/** Personal development areas (the employee manages, the supervisor reviews) and the performance plan of an annual plan. */
describe.each(backends())('personal development areas and performance plans on $name', (backend) => {
  let t: TestStratum;
  let exec: Client;
  let sam: Client;
  let emma: Client;
  let olga: Client;
  const id: Record<string, number> = {};
  let plan: Record<string, any>;
  let area: Record<string, any>;

  const reload = async (who: Client, areaId: number) =>
    (await who.get(`personal-development-area/${areaId}`)).body.data.personalDevelopmentArea;

  beforeAll(async () => {
    t = await startTestStratum(backend);
    const team = await reviewTeam(t, 'Growco');
    ({ exec, sam, emma, olga, plan } = team);
    Object.assign(id, team.id);
  });
  afterAll(() => t.close());

  describe('personal development areas', () => {
    it('are added by the employee for themselves only', async () => {
      const r = await emma.post('personal-development-area/add', {
        employeeId: id.emma,
        annualPlanId: plan.id,
        area: 'Public speaking',
        plannedAction: 'Toastmasters course',
        targetDate: isoDay(90),
      });
      ok(r);
      area = r.body.data.personalDevelopmentArea;
      expect(area).toMatchObject({ status: 'Not Started', reviewStatus: 'Pending' });
      expect(
        (await emma.post('personal-development-area/add', { employeeId: id.olga, annualPlanId: plan.id, area: 'Hers' }))
          .status,
      ).toBe(403);
      expect(
        (
          await sam.post('personal-development-area/add', {
            employeeId: id.emma,
            annualPlanId: plan.id,
            area: 'Imposed',
          })
        ).status,
      ).toBe(403);
    });

    it('are seen by the employee, their supervisor and module admins, not by a colleague', async () => {
      expect((await olga.get(`personal-development-area?annualPlanId=${plan.id}`)).body.data.list).toEqual([]);
      expect((await olga.get(`personal-development-area/${area.id}`)).status).toBe(403);
      const reports = await sam.get(`personal-development-area?owner=reports&annualPlanId=${plan.id}`);
      expect(reports.body.data.list.map((a: { area: string }) => a.area)).toEqual(['Public speaking']);
      expect((await exec.get(`personal-development-area?annualPlanId=${plan.id}`)).body.data.list).toHaveLength(1);
    });

    it("carry the supervisor's comment, which only the supervisor writes", async () => {
      const own = await emma.post('personal-development-area/update', {
        id: area.id,
        version: area.version,
        supervisorComment: 'Great plan',
      });
      expect(own.status).toBe(422);
      expect(own.body.errors?.[0].field).toBe('supervisorComment');
      expect(
        (
          await emma.post('personal-development-area/comment', {
            id: area.id,
            version: area.version,
            supervisorComment: 'Mine',
          })
        ).status,
      ).toBe(403);
      expect(
        (
          await sam.post('personal-development-area/update', {
            id: area.id,
            version: area.version,
            area: 'Changed by Sam',
          })
        ).status,
      ).toBe(403);
      const r = await sam.post('personal-development-area/comment', {
        id: area.id,
        version: area.version,
        supervisorComment: 'Add a date for the first talk',
      });
      ok(r);
      area = r.body.data.personalDevelopmentArea;
      // the employee edits on, the comment stays
      const edited = await emma.post('personal-development-area/update', {
        id: area.id,
        version: area.version,
        plannedAction: 'Toastmasters course; first talk in May',
        status: 'In Progress',
      });
      ok(edited);
      area = edited.body.data.personalDevelopmentArea;
      expect(area.supervisorComment).toBe('Add a date for the first talk');
    });

    it('are accepted by the supervisor, after which the employee can no longer change or delete them until reopened', async () => {
      expect((await emma.post('personal-development-area/accept', { id: area.id })).status).toBe(403);
      expect((await olga.post('personal-development-area/accept', { id: area.id })).status).toBe(403);
      const accepted = await sam.post('personal-development-area/accept', { id: area.id, version: area.version });
      ok(accepted);
      area = accepted.body.data.personalDevelopmentArea;
      expect(area.reviewStatus).toBe('Accepted');
      const change = await emma.post('personal-development-area/update', {
        id: area.id,
        version: area.version,
        status: 'Completed',
      });
      expect(change.status).toBe(409);
      expect(change.body.err_msg).toMatch(/ is Accepted and can no longer be changed; “Reopen” opens it again$/);
      const removal = await emma.post('personal-development-area/delete', { id: area.id });
      expect(removal.status).toBe(409);
      expect(removal.body.err_msg).toContain('is Accepted and can no longer be deleted');
      expect((await reload(emma, area.id))._allowed).toMatchObject({ update: false, delete: false });
      ok(await sam.post('personal-development-area/reopen', { id: area.id, version: area.version }));
      area = await reload(emma, area.id);
      expect(area.reviewStatus).toBe('Pending');
      const done = await emma.post('personal-development-area/update', {
        id: area.id,
        version: area.version,
        status: 'Completed',
      });
      ok(done);
      area = done.body.data.personalDevelopmentArea;
    });

    it("follow the development area window of the plan's quarters once a module admin sets one", async () => {
      const q1 = (await exec.get(`quarter?annualPlanId=${plan.id}&quarterIndex=0`)).body.data.list[0];
      const byEmma = await emma.post('quarter/update-development-area', {
        id: q1.id,
        version: q1.version,
        developmentAreaStartDate: isoDay(0),
        developmentAreaEndDate: isoDay(5),
      });
      expect(byEmma.status).toBe(403);
      const backwards = await exec.post('quarter/update-development-area', {
        id: q1.id,
        version: q1.version,
        developmentAreaStartDate: isoDay(5),
        developmentAreaEndDate: isoDay(2),
      });
      expect(backwards.status).toBe(422);
      expect(backwards.body.errors?.[0].field).toBe('developmentAreaEndDate');
      const later = await exec.post('quarter/update-development-area', {
        id: q1.id,
        version: q1.version,
        developmentAreaStartDate: isoDay(3),
        developmentAreaEndDate: isoDay(8),
      });
      ok(later);
      const outside = await emma.post('personal-development-area/add', {
        employeeId: id.emma,
        annualPlanId: plan.id,
        area: 'Negotiation',
      });
      expect(outside.status).toBe(422);
      expect(outside.body.code).toBe('outside_window');
      expect(outside.body.err_msg).toBe(
        `Development areas can be managed only in the development area window of a quarter (Q1 ${appDay(isoDay(3))} to ${appDay(isoDay(8))}); today is ${appDay(isoDay(0))}`,
      );
      // the supervisor's review is not bound to the employee's window
      ok(
        await sam.post('personal-development-area/comment', {
          id: area.id,
          version: area.version,
          supervisorComment: 'Well done',
        }),
      );
      const q1now = later.body.data.item;
      ok(
        await exec.post('quarter/update-development-area', {
          id: q1now.id,
          version: q1now.version,
          developmentAreaStartDate: isoDay(-1),
          developmentAreaEndDate: isoDay(1),
        }),
      );
      ok(
        await emma.post('personal-development-area/add', {
          employeeId: id.emma,
          annualPlanId: plan.id,
          area: 'Negotiation',
        }),
      );
    });
  });

  describe('performance plans', () => {
    let performancePlan: Record<string, any>;

    it('are set by the employee: one per employee and plan, its HTML sanitised', async () => {
      const r = await emma.post('performance-plan/set', {
        annualPlanId: plan.id,
        plan: '<p>Grow <b>sales</b></p><script>alert(1)</script>',
        status: 'Draft',
      });
      ok(r);
      performancePlan = r.body.data.performancePlan;
      expect(performancePlan).toMatchObject({
        employeeId: id.emma,
        annualPlanId: plan.id,
        status: 'Draft',
        plan: '<p>Grow <b>sales</b></p>',
      });
      const again = await emma.post('performance-plan/set', { annualPlanId: plan.id, status: 'Planned' });
      ok(again);
      expect(again.body.data.performancePlan).toMatchObject({
        id: performancePlan.id,
        version: performancePlan.version + 1,
        status: 'Planned',
        plan: '<p>Grow <b>sales</b></p>',
      });
      const twice = await emma.post('performance-plan/add', { employeeId: id.emma, annualPlanId: plan.id });
      expect(twice.status).toBe(409);
    });

    it('are set by the supervisor, and neither read nor set by a colleague', async () => {
      ok(
        await sam.post('performance-plan/set', {
          annualPlanId: plan.id,
          employeeId: id.emma,
          plan: '<p>Agreed with Sam</p>',
        }),
      );
      expect(
        (await olga.post('performance-plan/set', { annualPlanId: plan.id, employeeId: id.emma, plan: 'x' })).status,
      ).toBe(403);
      expect((await olga.get(`performance-plan?annualPlanId=${plan.id}`)).body.data.list).toEqual([]);
      expect((await olga.get(`performance-plan/${performancePlan.id}`)).status).toBe(403);
      const mine = await emma.get(`performance-plan?annualPlanId=${plan.id}&owner=me`);
      expect(mine.body.data.list.map((p: { plan: string }) => p.plan)).toEqual(['<p>Agreed with Sam</p>']);
    });
  });

  describe('a closed annual plan', () => {
    it('keeps its development areas and performance plans as they are', async () => {
      const current = (await exec.get(`annual-plan/${plan.id}`)).body.data.annualPlan;
      ok(await exec.post('annual-plan/update', { id: plan.id, version: current.version, status: 'Closed' }));
      const add = await emma.post('personal-development-area/add', {
        employeeId: id.emma,
        annualPlanId: plan.id,
        area: 'Too late',
      });
      expect(add.status).toBe(409);
      expect(add.body.err_msg).toBe(
        'The annual plan “FY” is Closed, so no personal development area can be added to it any more',
      );
      const set = await emma.post('performance-plan/set', { annualPlanId: plan.id, plan: '<p>Late</p>' });
      expect(set.status).toBe(409);
      expect(set.body.err_msg).toBe(
        'The annual plan “FY” is Closed, so this performance plan can no longer be changed',
      );
      expect((await emma.get(`performance-plan?annualPlanId=${plan.id}`)).body.data.list[0].plan).toBe(
        '<p>Agreed with Sam</p>',
      );
    });
  });
});
