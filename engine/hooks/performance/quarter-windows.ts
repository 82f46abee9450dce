import { AppError } from '../../app-error.ts';
import type { Row } from '../../db/db.ts';
import type { CallContext } from '../../records/call-context.ts';
import { dayMonthYear } from '../../i18n/day-month-year.ts';
import { text, type Text } from '../../i18n/text.ts';
import { notFound } from '../../records/record-store.ts';
import { calendarToday } from '../../records/calendar-today.ts';

/** The windows of a quarter, by the field prefix that holds their dates. */
export type QuarterWindow = 'agreement' | 'assessment' | 'pmAgreement' | 'pmAssessment';

/** Why a write on `today` falls outside a quarter's window, or null when it is inside (start and end days included). */
export function windowRefusal(quarter: Row, window: QuarterWindow, today: string): Text | null {
  const name = text(`refusal.window.${window}`, { quarter: Number(quarter.quarterIndex) + 1 });
  const start = quarter[`${window}StartDate`] as string | null;
  const end = quarter[`${window}EndDate`] as string | null;
  if (!start || !end) return text('refusal.window.notSet', { window: name });
  if (today < start || today > end)
    return text('refusal.window.outside', {
      window: name,
      start: dayMonthYear(start),
      end: dayMonthYear(end),
      today: dayMonthYear(today),
    });
  return null;
}

/** Today's calendar date where the server runs. */
export const today = calendarToday;

/**
 * Refuses (422, code outside_window) a write outside the window of the plan's quarter. A scorecard in no plan never
 * comes here: update-actuals is declared only for one in a plan (its `when`); no plan, no quarter (not_found).
 */
export async function assertInWindow(
  ctx: CallContext,
  annualPlanId: unknown,
  quarterIndex: number,
  window: QuarterWindow,
): Promise<void> {
  const [quarter] = await ctx.tx.query(
    `SELECT quarter_index AS "quarterIndex", ${window.replace(/[A-Z]/g, (c) => '_' + c.toLowerCase())}_start_date AS "${window}StartDate", ${window.replace(/[A-Z]/g, (c) => '_' + c.toLowerCase())}_end_date AS "${window}EndDate"
       FROM quarter WHERE company_id = $1 AND annual_plan_id = $2 AND quarter_index = $3`,
    [ctx.companyId, annualPlanId, quarterIndex],
  );
  if (!quarter) throw AppError.worded('not_found', text('refusal.window.noQuarter', { quarter: quarterIndex + 1 }));
  const refusal = windowRefusal(quarter, window, today());
  if (refusal) throw AppError.worded('outside_window', refusal);
}

/** Refuses (422, code outside_window) a write to an operational scorecard outside its operational plan's dates. */
export async function assertInOperationalPlan(ctx: CallContext, operationalPlanId: unknown): Promise<void> {
  const [plan] = await ctx.tx.query<{ description: string; startDate: string; endDate: string }>(
    `SELECT description, to_char(start_date, 'YYYY-MM-DD') AS "startDate", to_char(end_date, 'YYYY-MM-DD') AS "endDate" FROM operational_plan WHERE company_id = $1 AND id = $2`,
    [ctx.companyId, operationalPlanId],
  );
  if (!plan) throw notFound(ctx.registry.entity('operational-plan'), operationalPlanId);
  const now = today();
  if (now < plan.startDate || now > plan.endDate)
    throw AppError.worded(
      'outside_window',
      text('refusal.window.operationalPlan', {
        plan: plan.description,
        start: dayMonthYear(plan.startDate),
        end: dayMonthYear(plan.endDate),
        today: dayMonthYear(now),
      }),
    );
}

/** A quarter's window for actuals: its first and last day (null while not set) and whether today lies inside it. */
export interface ActualsWindow {
  quarter: number;
  from: string | null;
  to: string | null;
  open: boolean;
}

/**
 * The windows in which each quarter's actuals are taken (update-actuals): an annual plan's quarters' assessment
 * windows, an operational plan's dates for all four. Judged as assertInWindow judges a write, so that the editor
 * offers a quarter's save only where the server would take it.
 */
export async function actualsWindows(
  ctx: CallContext,
  plan: { annualPlanId: number } | { operationalPlanId: number },
): Promise<ActualsWindow[]> {
  const now = today();
  const judged = (quarter: number, from: string | null, to: string | null): ActualsWindow => ({
    quarter,
    from,
    to,
    open: !!from && !!to && from <= now && now <= to,
  });
  if ('operationalPlanId' in plan) {
    const [p] = await ctx.tx.query<{ from: string | null; to: string | null }>(
      `SELECT to_char(start_date, 'YYYY-MM-DD') AS "from", to_char(end_date, 'YYYY-MM-DD') AS "to" FROM operational_plan WHERE company_id = $1 AND id = $2`,
      [ctx.companyId, plan.operationalPlanId],
    );
    return [0, 1, 2, 3].map((q) => judged(q, p?.from ?? null, p?.to ?? null));
  }
  const rows = await ctx.tx.query<{ quarter: number; from: string | null; to: string | null }>(
    `SELECT quarter_index AS quarter, to_char(assessment_start_date, 'YYYY-MM-DD') AS "from", to_char(assessment_end_date, 'YYYY-MM-DD') AS "to"
       FROM quarter WHERE company_id = $1 AND annual_plan_id = $2 ORDER BY quarter_index`,
    [ctx.companyId, plan.annualPlanId],
  );
  return rows.map((r) => judged(Number(r.quarter), r.from, r.to));
}
