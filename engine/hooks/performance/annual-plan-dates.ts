import { AppError, type FieldError } from '../../app-error.ts';
import type { Row } from '../../db/db.ts';
import type { CallContext } from '../../records/call-context.ts';
import { inSentence } from '../../i18n/message-words.ts';
import { dayMonthYear } from '../../i18n/day-month-year.ts';
import { fieldProblem, labelOf } from '../../records/record-validator.ts';
import { addRecords, deleteRecords, rowsForWrite } from '../../records/bulk-writes.ts';
import { addRecord, applyUpdate, fetchOne } from '../../records/record-store.ts';
import type { BeforeWriteHook } from '../hook-registry.ts';
import { monthPeriods } from './monthly-progress/month-periods.ts';
import { addMonths, quarterDates } from './quarter-dates.ts';

/**
 * annual-plan beforeWrite: an annual plan lies within its strategic plan, its start date not before the strategic
 * plan's and its end date not after it. Checked when the dates or the strategic plan change (a plan made before this
 * check keeps its other edits).
 */
export const checkAnnualPlanDates: BeforeWriteHook<'annual-plan'> = async (ctx, _entity, before, plan) => {
  if (
    before &&
    (['startDate', 'endDate', 'strategicPlanId'] as const).every((f) => (before[f] ?? null) === (plan[f] ?? null))
  )
    return {};
  const [strategic] = await ctx.tx.query<{ startDate: string; endDate: string; description: string }>(
    `SELECT start_date AS "startDate", end_date AS "endDate", description FROM strategic_plan WHERE company_id = $1 AND id = $2`,
    [ctx.companyId, plan.strategicPlanId],
  );
  if (!strategic) return {}; // the reference itself is checked by the database (a 422 naming strategicPlanId)
  const annualPlan = ctx.registry.entity('annual-plan');
  const strategicPlan = ctx.registry.entity('strategic-plan');
  const faults: FieldError[] = [];
  const span = {
    plan: strategic.description,
    start: dayMonthYear(strategic.startDate),
    end: dayMonthYear(strategic.endDate),
    parent: inSentence(labelOf(annualPlan, 'strategicPlanId')),
  };
  if (String(plan.startDate) < strategic.startDate)
    faults.push(
      fieldProblem(annualPlan, 'startDate', 'refusal.annualPlan.startBefore', {
        ...span,
        day: dayMonthYear(plan.startDate),
        other: inSentence(labelOf(strategicPlan, 'startDate')),
      }),
    );
  if (String(plan.endDate) > strategic.endDate)
    faults.push(
      fieldProblem(annualPlan, 'endDate', 'refusal.annualPlan.endAfter', {
        ...span,
        day: dayMonthYear(plan.endDate),
        other: inSentence(labelOf(strategicPlan, 'endDate')),
      }),
    );
  if (faults.length) throw AppError.validation(faults);
  return {};
};

const DAY = 86_400_000;
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY);
const addDays = (iso: string, days: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
const clamp = (iso: string, min: string, max: string) => (iso < min ? min : iso > max ? max : iso);

/**
 * How a date inside a quarter moves when the quarter's start moves from `from` to `to`: by whole months when the start
 * keeps its day of the month (a plan moved by a year keeps its windows on the same calendar days), else by days.
 */
function mover(from: string, to: string): (iso: string) => string {
  const [fy, fm, fd] = from.split('-').map(Number);
  const [ty, tm, td] = to.split('-').map(Number);
  if (fd === td) return (iso) => addMonths(iso, (ty - fy) * 12 + (tm - fm));
  const days = daysBetween(from, to);
  return (iso) => addDays(iso, days);
}

/** A quarter's windows (the dates inside it). */
const WINDOW_FIELDS = ['agreement', 'assessment', 'pmAgreement', 'pmAssessment', 'developmentArea'].flatMap((w) => [
  `${w}StartDate`,
  `${w}EndDate`,
]);

/**
 * After an annual plan's dates change, its quarters and its monthly progress periods follow: each quarter takes the
 * dates the plan's new span gives it, its windows moved as its start moved (none starting before it); the
 * i-th month of the plan stays the i-th month (its status and its progress with it), months the plan no longer has go
 * (refused while progress was entered in them) and new ones are added, closed. Every change goes through the record
 * store, so that each has its audit entry.
 */
export async function followPlanDates(ctx: CallContext, before: Row, plan: Row): Promise<void> {
  if (before.startDate === plan.startDate && before.endDate === plan.endDate) return;
  const planId = Number(plan.id);
  const startDate = String(plan.startDate);
  const endDate = String(plan.endDate);

  const quarterEntity = ctx.registry.entity('quarter');
  const quarters = await ctx.tx.query<{ id: number }>(
    `SELECT id FROM quarter WHERE company_id = $1 AND annual_plan_id = $2 ORDER BY quarter_index`,
    [ctx.companyId, planId],
  );
  const stored = new Map<number, Row>();
  for (const { id } of quarters) {
    const q = await fetchOne(ctx, quarterEntity, Number(id), true);
    stored.set(Number(q.quarterIndex), q);
  }
  for (const q of quarterDates(startDate, endDate)) {
    const old = stored.get(q.quarterIndex);
    if (!old) {
      await addRecord(ctx, quarterEntity, { annualPlanId: planId, ...q }, { checked: true });
      continue;
    }
    const move = mover(String(old.startDate), q.startDate);
    const changes: Row = {};
    if (old.startDate !== q.startDate) changes.startDate = q.startDate;
    if (old.endDate !== q.endDate) changes.endDate = q.endDate;
    for (const f of WINDOW_FIELDS) {
      if (old[f] === null || old[f] === undefined) continue;
      // the four review windows may run past the quarter's end (a quarter is assessed once it is over); the
      // development-area window stays inside it
      const moved = clamp(
        move(String(old[f])),
        q.startDate,
        f.startsWith('developmentArea') ? q.endDate : '9999-12-31',
      );
      if (moved !== old[f]) changes[f] = moved;
    }
    if (Object.keys(changes).length) await applyUpdate(ctx, quarterEntity, old, changes, 'update');
  }

  const periodEntity = ctx.registry.entity('monthly-progress-period');
  const periods = await ctx.tx.query<{ id: number; month: string; progress: boolean }>(
    `SELECT p.id, p.month, EXISTS (SELECT 1 FROM employee_progress e WHERE e.company_id = p.company_id AND e.period_id = p.id)
                           OR EXISTS (SELECT 1 FROM company_progress c WHERE c.company_id = p.company_id AND c.period_id = p.id) AS progress
       FROM monthly_progress_period p WHERE p.company_id = $1 AND p.annual_plan_id = $2 ORDER BY p.start_date`,
    [ctx.companyId, planId],
  );
  if (!periods.length) return; // a plan made before periods existed gets them by make-periods
  const wanted = monthPeriods(startDate, endDate);
  const dropped = periods.slice(wanted.length);
  const kept = dropped.filter((p) => p.progress);
  if (kept.length)
    throw AppError.validation([
      fieldProblem(ctx.registry.entity('annual-plan'), 'endDate', 'refusal.annualPlan.endTooEarly', {
        count: kept.length,
        months: kept.map((p) => p.month).join(', '),
      }),
    ]);
  await deleteRecords(
    ctx,
    periodEntity,
    await rowsForWrite(ctx, periodEntity, 'id = ANY($2)', [dropped.map((p) => p.id)]),
  );
  // each month is unique in its plan: moving later, the last month moves first (into a month no other period holds)
  const moves = periods.slice(0, wanted.length).map((p, i) => ({ id: Number(p.id), to: wanted[i] }));
  if (moves.length && moves[0].to.month > periods[0].month) moves.reverse();
  for (const { id, to } of moves) {
    const old = await fetchOne(ctx, periodEntity, id, true);
    const changes = Object.fromEntries(
      (['month', 'startDate', 'endDate'] as const).filter((f) => old[f] !== to[f]).map((f) => [f, to[f]]),
    );
    if (Object.keys(changes).length) await applyUpdate(ctx, periodEntity, old, changes, 'update');
  }
  await addRecords(
    ctx,
    periodEntity,
    wanted.slice(periods.length).map((p) => ({ input: { annualPlanId: planId, ...p } })),
  );
}
