import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../support/backends.ts';
import { startTestStratum, type Client, type TestStratum } from '../support/test-stratum.ts';
import { appDay, isoDay } from '../support/iso-day.ts';
import { reviewTeam } from '../support/review-team.ts';

const ok = (r: { status: number; body: { err_msg: string | null } }) =>
  expect(r.status, r.body.err_msg ?? '').toBe(200);
const flat = (card: Record<string, any>) =>
  (card.includeKeyPerformanceArea === 'Yes'
    ? card.keyPerformanceAreaList.flatMap((a: { kpiList: unknown[] }) => a.kpiList)
    : card.kpiList) as Record<string, any>[];

/** Operational plans, unit cascades, default target dates, visibility, acting supervisors and the rest of the scorecard workflow. */
describe.each(backends())('performance plans and scorecard workflow on $name', (backend) => {
  let t: TestStratum;
  let exec: Client;
  let sam: Client;
  let emma: Client;
  let olga: Client;
  const id: Record<string, number> = {};
  let plan: { id: number };

  beforeAll(async () => {
    t = await startTestStratum(backend);
    const team = await reviewTeam(t, 'Planco');
    ({ exec, sam, emma, olga, plan } = team);
    Object.assign(id, team.id);
  });
  afterAll(() => t.close());

  describe('operational plans', () => {
    let running: { id: number };
    let card: Record<string, any>;

    it('hold their own perspectives and rating scale, and refuse an end before the start', async () => {
      const backwards = await exec.post('operational-plan/add', {
        description: 'Backwards',
        startDate: isoDay(5),
        endDate: isoDay(0),
      });
      expect(backwards.status).toBe(422);
      expect(backwards.body.errors?.[0].field).toBe('endDate');
      expect(
        (await emma.post('operational-plan/add', { description: 'Mine', startDate: isoDay(0), endDate: isoDay(5) }))
          .status,
      ).toBe(403);
      const r = await exec.post('operational-plan/add', {
        description: 'Plant upgrade',
        startDate: isoDay(-30),
        endDate: isoDay(60),
      });
      ok(r);
      running = r.body.data.operationalPlan;
      ok(await exec.post('perspective/add', { name: 'Operations', operationalPlanId: running.id }));
      // a stricter scale than the default: 50 % of target is already a 3
      for (const [rating, target] of [
        [1, 29],
        [2, 49],
        [3, 69],
        [4, 89],
        [5, 1000],
      ])
        ok(
          await exec.post('rating-scale/add', {
            description: `Level ${rating}`,
            rating,
            target,
            operationalPlanId: running.id,
          }),
        );
      const read = (await exec.get(`operational-plan/${running.id}`)).body.data.operationalPlan;
      expect(read.perspectiveList.map((p: { name: string }) => p.name)).toEqual(['Operations']);
      expect(read.ratingScaleList).toHaveLength(5);
    });

    it('have operational scorecards, scored on their own scale, with actuals taken while the plan runs', async () => {
      const r = await exec.post('performance-scorecard/add', {
        name: 'Plant',
        level: 'operational',
        operationalPlanId: running.id,
        includeKeyPerformanceArea: 'No',
      });
      ok(r);
      card = r.body.data.scorecard;
      ok(
        await exec.post('performance-scorecard/save-kpis', {
          id: card.id,
          kpis: [{ name: 'Uptime', kpiType: 'Quantitative', optionType: 'ASC', weight: 100, target: 100 }],
        }),
      );
      const listed = await exec.get(`performance-scorecard?operationalPlanId=${running.id}&level=operational`);
      expect(listed.body.data.list.map((s: { id: number }) => s.id)).toEqual([card.id]);
      const kpi = flat((await exec.get(`performance-scorecard/${card.id}`)).body.data.scorecard)[0];
      ok(
        await exec.post('performance-scorecard/update-actuals', {
          id: card.id,
          quarter: 0,
          actuals: [{ kpiId: kpi.id, actual: 55 }],
        }),
      );
      // 55 % is band 3 on this plan's scale (50–69), where the default bands would give 1
      const scores = await exec.get(`performance-scorecard/scores?operationalPlanId=${running.id}&quarter=0`);
      ok(scores);
      expect(scores.body.data.scores.rows).toEqual([expect.objectContaining({ id: card.id, total: 3 })]);
      expect(scores.body.data.scores.bands.map((b: { min: number }) => b.min)).toEqual([0, 30, 50, 70, 90]);
      const neither = await exec.get('performance-scorecard/scores?quarter=0');
      expect(neither.status).toBe(422);
      expect(neither.body.errors?.[0].field).toBe('annualPlanId');
    });

    it('refuse actuals once the operational plan has ended, naming its dates', async () => {
      const ended = (
        await exec.post('operational-plan/add', {
          description: 'Last year',
          startDate: isoDay(-400),
          endDate: isoDay(-35),
        })
      ).body.data.operationalPlan;
      const old = (
        await exec.post('performance-scorecard/add', {
          name: 'Old',
          level: 'operational',
          operationalPlanId: ended.id,
          includeKeyPerformanceArea: 'No',
        })
      ).body.data.scorecard;
      const saved = await exec.post('performance-scorecard/save-kpis', {
        id: old.id,
        kpis: [{ name: 'Output', weight: 100, target: 10 }],
      });
      const kpi = flat(saved.body.data.item)[0];
      const late = await exec.post('performance-scorecard/update-actuals', {
        id: old.id,
        quarter: 0,
        actuals: [{ kpiId: kpi.id, actual: 5 }],
      });
      expect(late.status).toBe(422);
      expect(late.body.code).toBe('outside_window');
      expect(late.body.err_msg).toBe(
        `This can be done only while the operational plan “Last year” runs, ${appDay(isoDay(-400))} to ${appDay(isoDay(-35))}; today is ${appDay(isoDay(0))}`,
      );
      expect(flat((await exec.get(`performance-scorecard/${old.id}`)).body.data.scorecard)[0].actual1).toBeNull();
    });
  });

  describe('corporate scorecards', () => {
    let corporate: Record<string, any>;
    let unit: { id: number };
    let department: { id: number };

    it('take the default target date of their kind for KPIs saved without one', async () => {
      ok(
        await exec.post('default-target-date/add', {
          annualPlanId: plan.id,
          kind: 'corporate',
          targetDate: isoDay(300),
        }),
      );
      ok(
        await exec.post('default-target-date/add', {
          annualPlanId: plan.id,
          kind: 'employee',
          targetDate: isoDay(200),
        }),
      );
      const twice = await exec.post('default-target-date/add', {
        annualPlanId: plan.id,
        kind: 'corporate',
        targetDate: isoDay(100),
      });
      expect(twice.status).toBe(409);
      expect(
        (
          await emma.post('default-target-date/add', {
            annualPlanId: plan.id,
            kind: 'periodic-employee',
            targetDate: isoDay(100),
          })
        ).status,
      ).toBe(403);
      corporate = (
        await exec.post('performance-scorecard/add', {
          name: 'Company',
          level: 'corporate',
          annualPlanId: plan.id,
          includeKeyPerformanceArea: 'No',
        })
      ).body.data.scorecard;
      const saved = await exec.post('performance-scorecard/save-kpis', {
        id: corporate.id,
        kpis: [
          { name: 'Revenue', weight: 60, target: 500, kpiType: 'Quantitative', optionType: 'ASC' },
          { name: 'Audit', weight: 40, target: 1, targetDate: isoDay(90), kpiType: 'Quantitative', optionType: 'ASC' },
        ],
      });
      ok(saved);
      corporate = saved.body.data.item;
      expect(flat(corporate).map((k) => k.targetDate)).toEqual([isoDay(300), isoDay(90)]);
    });

    it('are shown to employees once an admin sets them visible', async () => {
      expect(
        (
          await emma.post('performance-scorecard/set-visible', {
            id: corporate.id,
            version: corporate.version,
            visible: true,
          })
        ).status,
      ).toBe(403);
      const r = await exec.post('performance-scorecard/set-visible', {
        id: corporate.id,
        version: corporate.version,
        visible: true,
      });
      ok(r);
      expect(
        (await emma.get(`performance-scorecard?level=corporate&visible=true`)).body.data.list.map(
          (s: { id: number }) => s.id,
        ),
      ).toEqual([corporate.id]);
    });

    it('cascade to a business unit and a department, each KPI linked to the corporate one', async () => {
      unit = (await exec.post('business-unit/add', { name: 'Sales' })).body.data.business_unit;
      department = (await exec.post('department/add', { name: 'Retail', businessUnitId: unit.id })).body.data
        .department;
      const r = await exec.post('performance-scorecard/cascade', {
        id: corporate.id,
        businessUnitIds: [unit.id],
        departmentIds: [department.id],
      });
      ok(r);
      const made = r.body.data.list as Record<string, any>[];
      expect(made.map((s) => [s.level, s.businessUnitId ?? null, s.departmentId ?? null, s.cascadedFromId])).toEqual([
        ['business-unit', unit.id, null, corporate.id],
        ['department', null, department.id, corporate.id],
      ]);
      const unitCard = (await exec.get(`performance-scorecard/${made[0].id}`)).body.data.scorecard;
      expect(flat(unitCard).map((k) => [k.name, k.aKpiId, k.aTarget])).toEqual(
        flat(corporate).map((k) => [k.name, k.id, k.target]),
      );
      // a cascaded unit scorecard cascades on, to an employee of that unit (of no other: the cascade's scope)
      const outside = await exec.post('performance-scorecard/cascade', { id: made[1].id, employeeIds: [id.emma] });
      expect(outside.status).toBe(409);
      expect(outside.body.err_msg).toContain('Not part of Retail');
      const emma = (await exec.get(`employee/${id.emma}`)).body.data.employee;
      ok(
        await exec.post('employee/update', {
          id: id.emma,
          version: emma.version,
          businessUnitId: unit.id,
          departmentId: department.id,
        }),
      );
      const down = await exec.post('performance-scorecard/cascade', { id: made[1].id, employeeIds: [id.emma] });
      ok(down);
      expect(down.body.data.list[0]).toMatchObject({
        level: 'employee',
        employeeId: id.emma,
        cascadedFromId: made[1].id,
      });
      // one scorecard per employee and plan: the workflow below has Emma make her own, so the cascaded one goes
      ok(await exec.post('performance-scorecard/delete', { id: down.body.data.list[0].id }));
      const nobody = await exec.post('performance-scorecard/cascade', { id: corporate.id });
      expect(nobody.status).toBe(422);
      expect(nobody.body.errors?.[0].field).toBe('employeeIds');
    });
  });

  describe('employee scorecard workflow', () => {
    let card: Record<string, any>;

    beforeAll(async () => {
      card = (
        await emma.post('performance-scorecard/add', {
          name: 'Emma FY',
          level: 'employee',
          employeeId: id.emma,
          annualPlanId: plan.id,
          includeKeyPerformanceArea: 'No',
        })
      ).body.data.scorecard;
      const saved = await emma.post('performance-scorecard/save-kpis', {
        id: card.id,
        kpis: [{ name: 'Deals', weight: 100, target: 12 }],
      });
      expect(saved.status, saved.body.err_msg ?? '').toBe(200);
      // the employee default target date applies to an employee scorecard
      expect(flat(saved.body.data.item)[0].targetDate).toBe(isoDay(200));
    });

    it('goes back to draft by accept-back, and on to final-term accept by the supervisor only', async () => {
      ok(await sam.post('performance-scorecard/approve', { id: card.id }));
      expect((await emma.post('performance-scorecard/accept-back', { id: card.id })).status).toBe(403);
      const back = await sam.post('performance-scorecard/accept-back', { id: card.id });
      ok(back);
      expect(back.body.data.scorecard.status).toBe('Draft');
      // back in draft, its KPIs may change again
      ok(
        await emma.post('performance-scorecard/save-kpis', {
          id: card.id,
          kpis: [{ name: 'Deals', weight: 100, target: 15 }],
        }),
      );
      ok(await sam.post('performance-scorecard/approve', { id: card.id }));
      const early = await sam.post('performance-scorecard/final-term-accept', { id: card.id });
      expect(early.status).toBe(409);
      ok(await emma.post('performance-scorecard/accept', { id: card.id }));
      ok(await sam.post('performance-scorecard/mid-term-accept', { id: card.id }));
      expect((await emma.post('performance-scorecard/final-term-accept', { id: card.id })).status).toBe(403);
      const done = await sam.post('performance-scorecard/final-term-accept', { id: card.id });
      ok(done);
      expect(done.body.data.scorecard.status).toBe('FinalTermAccepted');
      const trail = (
        await exec.get(`audit-trail?entity=performance-scorecard&recordId=${card.id}&sort=id`)
      ).body.data.list.map((e: { action: string }) => e.action);
      expect(trail).toEqual([
        'add',
        'approve',
        'accept-back',
        'approve',
        'accept',
        'mid-term-accept',
        'final-term-accept',
      ]);
    });

    it('lets an acting supervisor stand in until the acting supervisor is unset', async () => {
      const other = (
        await emma.post('performance-scorecard/add', {
          name: 'Emma extra',
          level: 'functional',
          employeeId: id.emma,
          annualPlanId: plan.id,
          includeKeyPerformanceArea: 'No',
        })
      ).body.data.scorecard;
      ok(
        await emma.post('performance-scorecard/save-kpis', {
          id: other.id,
          kpis: [{ name: 'Training', weight: 100, target: 3 }],
        }),
      );
      expect((await olga.post('performance-scorecard/approve', { id: other.id })).status).toBe(403);
      expect(
        (await olga.post('employee/set-acting-supervisor', { id: id.emma, actingSupervisorId: id.olga })).status,
      ).toBe(403);
      let e = (await exec.get(`employee/${id.emma}`)).body.data.employee;
      ok(
        await exec.post('employee/set-acting-supervisor', {
          id: id.emma,
          version: e.version,
          actingSupervisorId: id.olga,
        }),
      );
      expect(
        (await olga.get('employee?actingSupervisorId=' + id.olga)).body.data.list.map((x: { id: number }) => x.id),
      ).toEqual([id.emma]);
      ok(await olga.post('performance-scorecard/approve', { id: other.id }));
      ok(await olga.post('performance-scorecard/accept-back', { id: other.id }));
      e = (await exec.get(`employee/${id.emma}`)).body.data.employee;
      const unset = await exec.post('employee/set-acting-supervisor', {
        id: id.emma,
        version: e.version,
        actingSupervisorId: null,
      });
      ok(unset);
      expect((await exec.get(`employee/${id.emma}`)).body.data.employee.actingSupervisorId).toBeNull();
      expect((await olga.post('performance-scorecard/approve', { id: other.id })).status).toBe(403);
      // the supervisor proper was never displaced
      ok(await sam.post('performance-scorecard/approve', { id: other.id }));
    });

    it('keeps training tags and scorecard comments to the employee, their supervisor and admins', async () => {
      ok(
        await emma.post('training-tag/add', {
          employeeId: id.emma,
          scorecardId: card.id,
          quarterIndex: 0,
          kind: 'employee',
          training: 'Negotiation skills',
        }),
      );
      ok(
        await sam.post('training-tag/add', {
          employeeId: id.emma,
          quarterIndex: 1,
          kind: 'company',
          training: 'Product training',
        }),
      );
      expect(
        (
          await olga.post('training-tag/add', {
            employeeId: id.emma,
            quarterIndex: 0,
            kind: 'employee',
            training: 'Forged',
          })
        ).status,
      ).toBe(403);
      const tags = (await emma.get(`training-tag?owner=me&sort=quarterIndex`)).body.data.list.map(
        (x: { training: string }) => x.training,
      );
      expect(tags).toEqual(['Negotiation skills', 'Product training']);
      ok(
        await sam.post('scorecard-comment/add', {
          scorecardId: card.id,
          quarterIndex: 0,
          kind: 'company',
          comment: 'Strong quarter',
          authorId: id.sam,
        }),
      );
      expect(
        (
          await sam.post('scorecard-comment/add', {
            scorecardId: card.id,
            quarterIndex: 0,
            kind: 'company',
            comment: 'In her name',
            authorId: id.emma,
          })
        ).status,
      ).toBe(403);
      expect(
        (await emma.get(`scorecard-comment?scorecardId=${card.id}`)).body.data.list.map(
          (x: { comment: string }) => x.comment,
        ),
      ).toEqual(['Strong quarter']);
    });
  });
});
