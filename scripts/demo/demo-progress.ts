import type { Row } from '../../engine/db/db.ts';
import type { CallContext } from '../../engine/records/call-context.ts';
import { runTransition } from '../../engine/records/command-runner.ts';
import { addRecord } from '../../engine/records/record-store.ts';

/** Each month's progress against target (percent), in turn by KPI and month: a year of ups and downs, not one figure. */
const MONTHLY_PERCENT: readonly number[] = [78, 92, 104, 86, 97, 111, 69, 95, 88, 101, 83, 99];

/**
 * The demo's monthly progress, so that the progress reports show figures and the dashboard has a month to report:
 * a corporate scorecard of the annual plan with two KPIs (the organisation's own progress), and for every month of the
 * plan before this one the progress of each head's KPIs and of the organisation's, entered while the month was open and
 * closed again; this month stays open for the heads to report. Written as the executive through the record store
 * (each with its audit entry), as a module administrator who opened the month would.
 */
export async function seedMonthlyProgress(ctx: CallContext, annualPlanId: number, headCards: readonly Row[]) {
  const add = (entity: string, values: Row) => addRecord(ctx, ctx.registry.entity(entity), values, { checked: true });
  const corporate = await add('performance-scorecard', {
    name: 'Company scorecard',
    level: 'corporate',
    annualPlanId,
    includeKeyPerformanceArea: 'No',
  });
  const companyKpis = [
    await add('performance-kpi', {
      scorecardId: corporate.id,
      name: 'Revenue growth',
      kpiType: 'Quantitative',
      optionType: 'ASC',
      weight: 60,
      target: 100,
    }),
    await add('performance-kpi', {
      scorecardId: corporate.id,
      name: 'On-time delivery',
      kpiType: 'Quantitative',
      optionType: 'ASC',
      weight: 40,
      target: 100,
    }),
  ];
  const headKpis = await ctx.tx.query<{ id: number }>(
    `SELECT id FROM performance_kpi WHERE company_id = $1 AND scorecard_id = ANY($2) ORDER BY id`,
    [ctx.companyId, headCards.map((c) => c.id)],
  );
  const periodEntity = ctx.registry.entity('monthly-progress-period');
  const thisMonth = new Date().toISOString().slice(0, 7);
  const periods = await ctx.tx.query<{ id: number; month: string }>(
    `SELECT id, month FROM monthly_progress_period WHERE company_id = $1 AND annual_plan_id = $2 AND month <= $3 ORDER BY month`,
    [ctx.companyId, annualPlanId, thisMonth],
  );
  for (const [m, period] of periods.entries()) {
    await runTransition(ctx, periodEntity, 'open', { id: period.id });
    if (period.month === thisMonth) continue;
    const percent = (i: number) => MONTHLY_PERCENT[(m + i) % MONTHLY_PERCENT.length];
    for (const [i, kpi] of headKpis.entries())
      await add('employee-progress', { periodId: period.id, kpiId: kpi.id, actual: percent(i) });
    for (const [i, kpi] of companyKpis.entries())
      await add('company-progress', { periodId: period.id, kpiId: kpi.id, actual: percent(i + 5) });
    await runTransition(ctx, periodEntity, 'close', { id: period.id });
  }
}
