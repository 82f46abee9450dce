import type { Row } from '../../../db/db.ts';
import type { CallContext } from '../../../records/call-context.ts';
import { addRecords } from '../../../records/bulk-writes.ts';
import { notFound } from '../../../records/record-store.ts';
import type { AfterWriteHook, CommandHook } from '../../hook-registry.ts';
import { addMonths, createQuarters } from '../quarter-dates.ts';
import { followPlanDates } from '../annual-plan-dates.ts';

/** One month of an annual plan in which progress is entered: `month` is YYYY-MM of its first day. */
export interface MonthPeriod {
  month: string;
  startDate: string;
  endDate: string;
}

function dayBefore(iso: string): string {
  const t = new Date(iso + 'T00:00:00Z');
  t.setUTCDate(t.getUTCDate() - 1);
  return t.toISOString().slice(0, 10);
}

/**
 * The monthly periods from `startDate` to `endDate` (both included): one per month counted from the start day, the
 * last one ending with the span. A plan of twelve months from 1 January has twelve calendar months.
 */
export function monthPeriods(startDate: string, endDate: string): MonthPeriod[] {
  const periods: MonthPeriod[] = [];
  for (let i = 0; ; i++) {
    const start = addMonths(startDate, i);
    if (start > endDate) break;
    const next = dayBefore(addMonths(startDate, i + 1));
    const month = start.slice(0, 7);
    if (periods.some((p) => p.month === month)) continue;
    periods.push({ month, startDate: start, endDate: next > endDate ? endDate : next });
  }
  return periods;
}

/** Adds the periods of a span that the plan does not have yet (by month); returns the ones added. */
async function addMissingPeriods(
  ctx: CallContext,
  annualPlanId: number,
  startDate: string,
  endDate: string,
): Promise<Row[]> {
  const entity = ctx.registry.entity('monthly-progress-period');
  const have = await ctx.tx.query<{ month: string }>(
    'SELECT month FROM monthly_progress_period WHERE company_id = $1 AND annual_plan_id = $2',
    [ctx.companyId, annualPlanId],
  );
  const known = new Set(have.map((r) => r.month));
  return addRecords(
    ctx,
    entity,
    monthPeriods(startDate, endDate)
      .filter((p) => !known.has(p.month))
      .map((p) => ({ input: { annualPlanId, ...p } })),
  );
}

/**
 * A new annual plan gets its four quarters (performance.createQuarters) and its months, closed until a module admin
 * opens them; when its dates move, they follow it (performance/annual-plan-dates.ts). One hook, since an entity has one
 * afterWrite.
 */
export const createPlanCalendar: AfterWriteHook<'annual-plan'> = async (ctx, entity, before, plan) => {
  await createQuarters(ctx, entity, before, plan);
  if (before) return followPlanDates(ctx, before, plan);
  await addMissingPeriods(ctx, Number(plan.id), String(plan.startDate), String(plan.endDate));
};

/** POST monthly-progress-period/make-periods {annualPlanId}: the months a plan made before periods existed lacks. */
export const makePeriods: CommandHook = async (ctx, _entity, input) => {
  const [plan] = await ctx.tx.query<{ id: number; startDate: string; endDate: string }>(
    'SELECT id, start_date AS "startDate", end_date AS "endDate" FROM annual_plan WHERE company_id = $1 AND id = $2',
    [ctx.companyId, input.annualPlanId],
  );
  if (!plan) throw notFound(ctx.registry.entity('annual-plan'), input.annualPlanId);
  await addMissingPeriods(ctx, plan.id, plan.startDate, plan.endDate);
  return ctx.tx.query(
    `SELECT id, annual_plan_id AS "annualPlanId", month, start_date AS "startDate", end_date AS "endDate", status, version FROM monthly_progress_period
      WHERE company_id = $1 AND annual_plan_id = $2 ORDER BY start_date`,
    [ctx.companyId, plan.id],
  );
};
