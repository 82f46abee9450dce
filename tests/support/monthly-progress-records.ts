import type { Client } from './test-stratum.ts';

/**
 * Monthly progress as users make it, for the suites that need a record of every entity: progress is entered only
 * through set, in a month a module admin has opened, on KPIs of the employee's own scorecard (employee progress) or
 * of a corporate scorecard (company progress), so no generic sample can make it.
 */
export async function enterMonthlyProgress(admin: Client, employee: Client, employeeId: number): Promise<void> {
  const must = (r: { status: number; body: { err_msg: string | null; data: any } }, what: string) => {
    if (r.status !== 200) throw new Error(`monthly progress set-up, ${what}: ${r.status} ${r.body.err_msg}`);
    return r.body.data;
  };
  const strategic = must(
    await admin.post('strategic-plan/add', {
      description: 'Progress vision',
      startDate: '2026-01-01',
      endDate: '2030-12-31',
    }),
    'strategic plan',
  ).strategic;
  const plan = must(
    await admin.post('annual-plan/add', {
      name: 'Progress year',
      strategicPlanId: strategic.id,
      startDate: '2026-01-01',
      endDate: '2026-12-31',
    }),
    'annual plan',
  ).annualPlan;
  const period = must(await admin.get(`monthly-progress-period?annualPlanId=${plan.id}&month=2026-01`), 'periods')
    .list[0];
  must(await admin.post('monthly-progress-period/open', { id: period.id, version: period.version }), 'open the month');
  const kpiOf = async (card: Record<string, unknown>) => {
    const made = must(
      await admin.post('performance-scorecard/add', {
        annualPlanId: plan.id,
        includeKeyPerformanceArea: 'No',
        period: 'Annual',
        ...card,
      }),
      'scorecard',
    ).scorecard;
    return must(
      await admin.post('performance-scorecard/save-kpis', {
        id: made.id,
        kpis: [{ name: 'Progress KPI', weight: 100, target: 10 }],
      }),
      'KPIs',
    ).item.kpiList[0].id as number;
  };
  const own = await kpiOf({ name: 'Own card', level: 'employee', employeeId });
  must(
    await employee.post('employee-progress/set', { periodId: period.id, entries: [{ kpiId: own, actual: 5 }] }),
    'employee progress',
  );
  const corporate = await kpiOf({ name: 'Company card', level: 'corporate' });
  must(
    await admin.post('company-progress/set', { periodId: period.id, entries: [{ kpiId: corporate, actual: 5 }] }),
    'company progress',
  );
}
