/**
 * Survey open/closed status from its start and end dates.
 * Pure and dependency-free, so it can be unit-tested without a database.
 */

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * The calendar date part (YYYY-MM-DD) of an ISO date or timestamp, checked to be a real date.
 * Throws an Error naming the value when it is not (e.g. 2026-02-30, 2026-13-01, "soon").
 */
function calendarDate(value: string, what: string): string {
  const day = typeof value === 'string' ? value.slice(0, 10) : '';
  const m = ISO_DATE.exec(day);
  if (m) {
    const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
    const date = new Date(Date.UTC(y, mo - 1, d));
    // Date.UTC rolls over out-of-range parts (Feb 30 → Mar 2); a real date round-trips.
    if (date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d) return day;
  }
  throw new Error(`Invalid ${what} "${String(value)}": expected an ISO calendar date (YYYY-MM-DD)`);
}

/**
 * Not Open before the start date, Open from the start date through the end date
 * (both inclusive), Closed after the end date. Timestamps are reduced to their date part.
 *
 * Fixes defect D02: the original compared the dates against a literal string instead of
 * comparing real dates. Here each value is validated as a real calendar date, and
 * validated YYYY-MM-DD strings order the same lexically as chronologically.
 */
export function surveyStatus(
  survey: { startDate: string; endDate: string },
  today: string,
): 'Not Open' | 'Open' | 'Closed' {
  const start = calendarDate(survey.startDate, 'start date');
  const end = calendarDate(survey.endDate, 'end date');
  const now = calendarDate(today, 'date');
  if (now < start) return 'Not Open';
  if (now > end) return 'Closed';
  return 'Open';
}
