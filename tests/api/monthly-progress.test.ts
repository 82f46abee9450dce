import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../support/backends.ts';
import { startTestStratum, type Client, type TestStratum } from '../support/test-stratum.ts';

type Reply = {
  status: number;
  body: { err_msg: string | null; code?: string; errors?: { field: string }[]; data: any };
};
const ok = (r: Reply) => expect(r.status, r.body.err_msg ?? '').toBe(200);

/** The first day of this month plus `months`, as YYYY-MM-DD. */
function monthStart(months = 0): string {
  const d = new Date();
  const first = new Date(Date.UTC(d.getFullYear(), d.getMonth() + months, 1));
  return first.toISOString().slice(0, 10);
}
const dayBefore = (iso: string) => new Date(Date.parse(iso + 'T00:00:00Z') - 86_400_000).toISOString().slice(0, 10);

/** Monthly progress: the months of a plan, opened and closed by module admins, progress of employees and of the company, and the two reports. */
describe.each(backends())('monthly progress on $name', (backend) => {
  let t: TestStratum;
  let exec: Client;
  let sam: Client;
  let emma: Client;
  let olga: Client;
  const id: Record<string, number> = {};
  const kpi: Record<string, number> = {};
  let plan: { id: number };
  let periods: Record<string, any>[];

  async function employeeCard(
    owner: number,
    name: string,
    kpis: { name: string; target: number; optionType?: string }[],
    extra: Record<string, unknown> = {},
  ) {
    const card = (
      await exec.post('performance-scorecard/add', {
        name,
        level: 'employee',
        period: 'Annual',
        annualPlanId: plan.id,
        employeeId: owner,
        includeKeyPerformanceArea: 'No',
        ...extra,
      })
    ).body.data.scorecard;
    const saved = await exec.post('performance-scorecard/save-kpis', {
      id: card.id,
      kpis: kpis.map((k) => ({
        weight: Math.floor(100 / kpis.length),
        kpiType: 'Quantitative',
        optionType: 'ASC',
        ...k,
      })),
    });
    ok(saved);
    return saved.body.data.item.kpiList as { id: number; name: string }[];
  }

  beforeAll(async () => {
    t = await startTestStratum(backend);
    const c = await t.addCompany('Monthco', { modules: ['strategic', 'performance'] });
    exec = c.executive;
    sam = await t.addEmployee(exec, 'Sam', 'Super', 'sam@monthco.example');
    emma = await t.addEmployee(exec, 'Emma', 'Ployee', 'emma@monthco.example');
    olga = await t.addEmployee(exec, 'Olga', 'Other', 'olga@monthco.example');
    for (const who of ['sam', 'emma', 'olga'])
      id[who] = (await exec.get(`employee?email=${who}@monthco.example`)).body.data.list[0].id;
    id.north = (await exec.post('business-unit/add', { name: 'North' })).body.data.business_unit.id;
    id.south = (await exec.post('business-unit/add', { name: 'South' })).body.data.business_unit.id;
    id.sales = (await exec.post('department/add', { name: 'Sales', businessUnitId: id.north })).body.data.department.id;
    for (const [who, changes] of [
      ['emma', { supervisorId: id.sam, businessUnitId: id.north, departmentId: id.sales }],
      ['olga', { businessUnitId: id.south }],
    ] as const) {
      const e = (await exec.get(`employee/${id[who]}`)).body.data.employee;
      ok(await exec.post('employee/update', { id: id[who], version: e.version, ...changes }));
    }
    const strategic = (
      await exec.post('strategic-plan/add', {
        description: 'Vision',
        startDate: monthStart(-24),
        endDate: monthStart(48),
      })
    ).body.data.strategic;
    const r = await exec.post('annual-plan/add', {
      name: 'FY',
      strategicPlanId: strategic.id,
      startDate: monthStart(0),
      endDate: dayBefore(monthStart(12)),
    });
    ok(r);
    plan = r.body.data.annualPlan;
    const emmaKpis = await employeeCard(id.emma, 'Emma 2026', [
      { name: 'Sales', target: 100 },
      { name: 'Calls', target: 50 },
    ]);
    [kpi.emmaSales, kpi.emmaCalls] = emmaKpis.map((k) => k.id);
    [kpi.olgaVisits] = (await employeeCard(id.olga, 'Olga 2026', [{ name: 'Visits', target: 10 }])).map((k) => k.id);
    const corporate = (
      await exec.post('performance-scorecard/add', {
        name: 'Company',
        level: 'corporate',
        annualPlanId: plan.id,
        includeKeyPerformanceArea: 'No',
      })
    ).body.data.scorecard;
    const saved = await exec.post('performance-scorecard/save-kpis', {
      id: corporate.id,
      kpis: [{ name: 'Revenue', weight: 100, target: 1000, kpiType: 'Quantitative', optionType: 'ASC' }],
    });
    ok(saved);
    id.corporateCard = corporate.id;
    kpi.revenue = saved.body.data.item.kpiList[0].id;
    const unit = (
      await exec.post('performance-scorecard/add', {
        name: 'North unit',
        level: 'business-unit',
        businessUnitId: id.north,
        annualPlanId: plan.id,
        includeKeyPerformanceArea: 'No',
      })
    ).body.data.scorecard;
    const unitSaved = await exec.post('performance-scorecard/save-kpis', {
      id: unit.id,
      kpis: [{ name: 'North revenue', weight: 100, target: 200, kpiType: 'Quantitative', optionType: 'ASC' }],
    });
    ok(unitSaved);
    id.unitCard = unit.id;
    kpi.northRevenue = unitSaved.body.data.item.kpiList[0].id;
  });
  afterAll(() => t.close());

  describe('periods', () => {
    it('are made with the plan: one per month, closed, from its start to its end', async () => {
      const r = await emma.get(`monthly-progress-period?annualPlanId=${plan.id}`);
      ok(r);
      periods = r.body.data.list;
      expect(periods).toHaveLength(12);
      expect(periods.map((p) => p.month)).toEqual(Array.from({ length: 12 }, (_, i) => monthStart(i).slice(0, 7)));
      expect(periods[0].startDate).toBe(monthStart(0));
      expect(periods[0].endDate).toBe(dayBefore(monthStart(1)));
      expect(periods[11].endDate).toBe(dayBefore(monthStart(12)));
      expect(new Set(periods.map((p) => p.status))).toEqual(new Set(['Closed']));
    });

    it('are opened and closed by module admins only', async () => {
      const refused = await emma.post('monthly-progress-period/open', { id: periods[0].id });
      expect(refused.status).toBe(403);
      expect((await sam.post('monthly-progress-period/make-periods', { annualPlanId: plan.id })).status).toBe(403);
      const opened = await exec.post('monthly-progress-period/open', {
        id: periods[0].id,
        version: periods[0].version,
      });
      ok(opened);
      expect(opened.body.data.period.status).toBe('Open');
      const twice = await exec.post('monthly-progress-period/open', { id: periods[0].id });
      expect(twice.status).toBe(409);
      // nothing to make twice: the plan has all its months
      const made = await exec.post('monthly-progress-period/make-periods', { annualPlanId: plan.id });
      ok(made);
      expect(made.body.data.list).toHaveLength(12);
      expect(
        (
          await emma.post('monthly-progress-period/add', {
            annualPlanId: plan.id,
            month: '2099-01',
            startDate: '2099-01-01',
            endDate: '2099-01-31',
          })
        ).status,
      ).toBe(403);
    });
  });

  describe('employee progress', () => {
    it("lists the employee's own KPIs for the month, with nothing entered yet", async () => {
      const r = await emma.get(`employee-progress/kpis?periodId=${periods[0].id}`);
      ok(r);
      expect(r.body.data.list.map((k: { kpi: string; actual: unknown }) => [k.kpi, k.actual])).toEqual([
        ['Sales', null],
        ['Calls', null],
      ]);
      expect((await olga.get(`employee-progress/kpis?periodId=${periods[0].id}&employeeId=${id.emma}`)).status).toBe(
        403,
      );
      ok(await sam.get(`employee-progress/kpis?periodId=${periods[0].id}&employeeId=${id.emma}`));
    });

    it('is entered by the employee on their own KPIs in an open month, and changed by their supervisor', async () => {
      const r = await emma.post('employee-progress/set', {
        periodId: periods[0].id,
        entries: [
          { kpiId: kpi.emmaSales, actual: 80 },
          { kpiId: kpi.emmaCalls, percent: 50, comment: 'Half way' },
        ],
      });
      ok(r);
      expect(r.body.data.list).toHaveLength(2);
      const bySam = await sam.post('employee-progress/set', {
        periodId: periods[0].id,
        employeeId: id.emma,
        entries: [{ kpiId: kpi.emmaCalls, actual: 25 }],
      });
      ok(bySam);
      const kpis = (await emma.get(`employee-progress/kpis?periodId=${periods[0].id}`)).body.data.list;
      expect(kpis.map((k: Record<string, unknown>) => [k.kpi, k.actual, k.percent, k.comment])).toEqual([
        ['Sales', 80, null, null],
        ['Calls', 25, 50, 'Half way'],
      ]);
      ok(
        await olga.post('employee-progress/set', {
          periodId: periods[0].id,
          entries: [{ kpiId: kpi.olgaVisits, actual: 5 }],
        }),
      );
    });

    it("is refused on someone else's KPI and for someone the caller does not supervise, writing nothing", async () => {
      const foreign = await emma.post('employee-progress/set', {
        periodId: periods[0].id,
        entries: [
          { kpiId: kpi.emmaSales, actual: 90 },
          { kpiId: kpi.olgaVisits, actual: 9 },
        ],
      });
      expect(foreign.status).toBe(422);
      expect(foreign.body.errors?.[0].field).toBe('entries');
      expect(foreign.body.err_msg).toContain("“Visits” is not on this employee's own scorecard");
      const forOlga = await emma.post('employee-progress/set', {
        periodId: periods[0].id,
        employeeId: id.olga,
        entries: [{ kpiId: kpi.olgaVisits, actual: 9 }],
      });
      expect(forOlga.status).toBe(403);
      const plain = await emma.post('employee-progress/add', {
        periodId: periods[0].id,
        employeeId: id.emma,
        kpiId: kpi.olgaVisits,
        actual: 9,
      });
      expect(plain.status).toBe(403);
      const kpis = (await emma.get(`employee-progress/kpis?periodId=${periods[0].id}`)).body.data.list;
      expect(kpis[0].actual).toBe(80);
      expect(
        (await olga.get(`employee-progress?periodId=${periods[0].id}`)).body.data.list.map(
          (p: { kpiId: number }) => p.kpiId,
        ),
      ).toEqual([kpi.olgaVisits]);
    });

    it('is refused while the month is closed, naming why', async () => {
      const closed = await emma.post('employee-progress/set', {
        periodId: periods[1].id,
        entries: [{ kpiId: kpi.emmaSales, actual: 10 }],
      });
      expect(closed.status).toBe(422);
      expect(closed.body.code).toBe('outside_window');
      expect(closed.body.err_msg).toBe(
        `Progress for ${periods[1].month} cannot be entered or changed: the period is closed`,
      );
      const period = (await exec.get(`monthly-progress-period/${periods[0].id}`)).body.data.period;
      ok(await exec.post('monthly-progress-period/close', { id: period.id, version: period.version }));
      const late = await sam.post('employee-progress/set', {
        periodId: periods[0].id,
        employeeId: id.emma,
        entries: [{ kpiId: kpi.emmaSales, actual: 99 }],
      });
      expect(late.status).toBe(422);
      const row = (await emma.get(`employee-progress?periodId=${periods[0].id}&kpiId=${kpi.emmaSales}`)).body.data
        .list[0];
      // recorded progress is changed through set only, never deleted
      expect((await emma.post('employee-progress/delete', { id: row.id })).status).toBe(403);
      const reopened = (await exec.get(`monthly-progress-period/${periods[0].id}`)).body.data.period;
      ok(await exec.post('monthly-progress-period/open', { id: reopened.id, version: reopened.version }));
      expect((await emma.get(`employee-progress/kpis?periodId=${periods[0].id}`)).body.data.list[0].actual).toBe(80);
    });
  });

  describe('company progress', () => {
    it('is entered by module admins on organisation KPIs only', async () => {
      const byEmma = await emma.post('company-progress/set', {
        periodId: periods[0].id,
        entries: [{ kpiId: kpi.revenue, actual: 1 }],
      });
      expect(byEmma.status).toBe(403);
      const onEmployeeKpi = await exec.post('company-progress/set', {
        periodId: periods[0].id,
        entries: [{ kpiId: kpi.emmaSales, actual: 1 }],
      });
      expect(onEmployeeKpi.status).toBe(422);
      expect(onEmployeeKpi.body.errors?.[0].field).toBe('kpiId');
      ok(
        await exec.post('company-progress/set', {
          periodId: periods[0].id,
          entries: [
            { kpiId: kpi.revenue, actual: 500 },
            { kpiId: kpi.northRevenue, actual: 150 },
          ],
        }),
      );
      // the organisation's scorecards are drafts nobody has shown to employees yet: their KPIs and progress are not Emma's to see
      expect((await emma.get(`company-progress/kpis?periodId=${periods[0].id}`)).body.data.list).toEqual([]);
      expect((await emma.get(`company-progress?kpiId=${kpi.revenue}`)).body.data.list).toEqual([]);
      expect((await emma.get(`company-progress/report?annualPlanId=${plan.id}`)).body.data.report.list).toEqual([]);
      expect((await exec.get(`company-progress/kpis?periodId=${periods[0].id}`)).body.data.list).toHaveLength(2);
      for (const card of [id.corporateCard, id.unitCard]) {
        const { version } = (await exec.get(`performance-scorecard/${card}`)).body.data.scorecard;
        ok(await exec.post('performance-scorecard/set-visible', { id: card, version, visible: true }));
      }
      expect((await emma.get(`company-progress?kpiId=${kpi.revenue}`)).body.data.list).toHaveLength(1);
      const kpis = (await emma.get(`company-progress/kpis?periodId=${periods[0].id}`)).body.data.list;
      expect(kpis.map((k: Record<string, unknown>) => [k.kpi, k.actual])).toEqual([
        ['Revenue', 500],
        ['North revenue', 150],
      ]);
    });
  });

  describe('reports', () => {
    it('give the company progress per KPI and month: target, actual, percent, filtered by business unit', async () => {
      const r = await emma.get(`company-progress/report?annualPlanId=${plan.id}`);
      ok(r);
      expect(
        r.body.data.report.list.map((x: Record<string, unknown>) => [x.month, x.kpi, x.target, x.actual, x.percent]),
      ).toEqual([
        [periods[0].month, 'Revenue', 1000, 500, 50],
        [periods[0].month, 'North revenue', 200, 150, 75],
      ]);
      const north = await emma.get(`company-progress/report?annualPlanId=${plan.id}&businessUnitId=${id.north}`);
      expect(north.body.data.report.list.map((x: { kpi: string }) => x.kpi)).toEqual(['North revenue']);
      expect(
        (await emma.get(`company-progress/report?annualPlanId=${plan.id}&month=${periods[1].month}`)).body.data.report
          .list,
      ).toEqual([]);
      const missing = await emma.get('company-progress/report');
      expect(missing.status).toBe(422);
      expect(missing.body.errors?.[0].field).toBe('annualPlanId');
      expect((await emma.get(`company-progress/report?annualPlanId=${plan.id}&month=March`)).status).toBe(422);
    });

    it('give the organisational progress per department or business unit: employees reporting and average percent', async () => {
      const r = await exec.get(`employee-progress/report?annualPlanId=${plan.id}`);
      ok(r);
      // Emma: Sales 80 of 100 = 80 %, Calls entered as 50 %; Olga: Visits 5 of 10 = 50 %
      expect(
        r.body.data.report.list.map((x: Record<string, unknown>) => [
          x.businessUnit,
          x.department,
          x.employeesReporting,
          x.entries,
          x.averagePercent,
        ]),
      ).toEqual([
        ['North', 'Sales', 1, 2, 65],
        ['South', null, 1, 1, 50],
      ]);
      // to Emma, South's average is Olga's own: withheld; North's is hers, which she may read
      const mine = await emma.get(`employee-progress/report?annualPlanId=${plan.id}`);
      expect(
        mine.body.data.report.list.map((x: Record<string, unknown>) => [
          x.businessUnit,
          x.employeesReporting,
          x.averagePercent,
          x.hidden ?? false,
        ]),
      ).toEqual([
        ['North', 1, 65, false],
        ['South', 1, null, true],
      ]);
      // and so to Sam, who supervises Emma, not Olga
      expect(
        (await sam.get(`employee-progress/report?annualPlanId=${plan.id}`)).body.data.report.list.map(
          (x: { averagePercent: number | null }) => x.averagePercent,
        ),
      ).toEqual([65, null]);
      const north = await emma.get(
        `employee-progress/report?annualPlanId=${plan.id}&businessUnitId=${id.north}&groupBy=businessUnit`,
      );
      expect(north.body.data.report.list).toEqual([
        expect.objectContaining({ businessUnit: 'North', department: null, employeesReporting: 1, averagePercent: 65 }),
      ]);
      expect(
        (await emma.get(`employee-progress/report?annualPlanId=${plan.id}&month=${periods[1].month}`)).body.data.report
          .list,
      ).toEqual([]);
      expect((await emma.get(`employee-progress/report?annualPlanId=${plan.id}&groupBy=team`)).status).toBe(422);
    });
  });

  describe('another company', () => {
    it("sees none of this company's months, progress or figures and cannot write to them", async () => {
      const other = (await t.addCompany('Otherco', { modules: ['strategic', 'performance'] })).executive;
      expect((await other.get(`monthly-progress-period/${periods[0].id}`)).status).toBe(404);
      expect((await other.get(`monthly-progress-period?annualPlanId=${plan.id}`)).body.data.list).toEqual([]);
      expect((await other.post('monthly-progress-period/close', { id: periods[0].id })).status).toBe(404);
      expect((await other.get('employee-progress')).body.data.list).toEqual([]);
      expect((await other.get('company-progress')).body.data.list).toEqual([]);
      expect(
        (
          await other.post('company-progress/set', {
            periodId: periods[0].id,
            entries: [{ kpiId: kpi.revenue, actual: 1 }],
          })
        ).status,
      ).toBe(404);
      expect((await other.get(`company-progress/kpis?periodId=${periods[0].id}`)).status).toBe(404);
      expect((await other.get(`company-progress/report?annualPlanId=${plan.id}`)).body.data.report.list).toEqual([]);
      expect((await other.get(`employee-progress/report?annualPlanId=${plan.id}`)).body.data.report.list).toEqual([]);
      const figures = (await emma.get(`company-progress/report?annualPlanId=${plan.id}`)).body.data.report.list;
      expect(figures.map((x: { actual: number }) => x.actual)).toEqual([500, 150]);
    });
  });
});
