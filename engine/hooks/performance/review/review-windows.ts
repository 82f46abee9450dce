import { AppError } from '../../../app-error.ts';
import type { Row } from '../../../db/db.ts';
import type { CallContext } from '../../../records/call-context.ts';
import { inSentence } from '../../../i18n/message-words.ts';
import { text } from '../../../i18n/text.ts';
import { today, windowRefusal, type QuarterWindow } from '../quarter-windows.ts';

/** Whose review a record is: an employee's own (Personal) or the company's, set by its PM committee (Corporate). */
export type ReviewType = 'Personal' | 'Corporate';
/** What is being reviewed: the agreement on a scorecard, or the quarterly assessment against it. */
export type ReviewKind = 'agreement' | 'assessment';

/** The quarter window a review step falls in: the employees' windows for personal reviews, the PM committee's for corporate ones. */
export function reviewWindow(kind: ReviewKind, type: ReviewType): QuarterWindow {
  if (kind === 'agreement') return type === 'Corporate' ? 'pmAgreement' : 'agreement';
  return type === 'Corporate' ? 'pmAssessment' : 'assessment';
}

/** The type a new review of a scorecard takes: Corporate for a corporate scorecard, Personal for the others. */
export const defaultReviewType = (scorecardLevel: unknown): ReviewType =>
  scorecardLevel === 'corporate' ? 'Corporate' : 'Personal';

/** The quarter whose windows an agreement follows: its periodic scorecard's quarter, or Q1 for an annual scorecard (agreed at the start of the year). */
export const agreementQuarter = (quarterIndex: number | null | undefined): number => quarterIndex ?? 0;

const snake = (w: string) => w.replace(/[A-Z]/g, (c) => '_' + c.toLowerCase());

/** The start and end dates of a quarter's window (null when the quarter or its window is not set). */
export async function windowDates(
  ctx: CallContext,
  annualPlanId: unknown,
  quarterIndex: number,
  window: QuarterWindow,
): Promise<{ windowStartDate: string | null; windowEndDate: string | null }> {
  if (annualPlanId === null || annualPlanId === undefined) return { windowStartDate: null, windowEndDate: null };
  const [q] = await ctx.tx.query<{ s: string | null; e: string | null }>(
    `SELECT to_char(${snake(window)}_start_date, 'YYYY-MM-DD') AS s, to_char(${snake(window)}_end_date, 'YYYY-MM-DD') AS e FROM quarter WHERE company_id = $1 AND annual_plan_id = $2 AND quarter_index = $3`,
    [ctx.companyId, annualPlanId, quarterIndex],
  );
  return { windowStartDate: q?.s ?? null, windowEndDate: q?.e ?? null };
}

/**
 * Refuses a review step outside its window, from the window dates the record carries: a personal one with code
 * outside_window, a corporate one (the PM committee's) with code period_closed, which the screens show as the
 * special status "Period is closed".
 */
export function assertReviewInWindow(record: Row, kind: ReviewKind, on: string = today()): void {
  const type = record.type as ReviewType;
  const window = reviewWindow(kind, type);
  const quarterIndex =
    kind === 'agreement'
      ? ((record.windowQuarterIndex as number | null) ?? agreementQuarter(record.quarterIndex as number | null))
      : Number(record.quarterIndex);
  const refusal = windowRefusal(
    { quarterIndex, [`${window}StartDate`]: record.windowStartDate, [`${window}EndDate`]: record.windowEndDate },
    window,
    on,
  );
  if (!refusal) return;
  if (type === 'Corporate')
    throw AppError.worded('period_closed', text('refusal.window.periodClosed', { reason: inSentence(refusal) }));
  throw AppError.worded('outside_window', refusal);
}
