/**
 * The calendar of compliance activities: when an activity is next due after it was last complied with, and whether it
 * is overdue, due soon or on track today. Pure and dependency-free (dates are ISO calendar dates, YYYY-MM-DD), so that
 * the rules are unit-tested without a database; the hooks and the list filter use these same functions and tables.
 */

export const FREQUENCIES = ['Weekly', 'Monthly', 'Quarterly', 'Half-yearly', 'Annually'] as const;
export type Frequency = (typeof FREQUENCIES)[number];

export const DUE_STATUSES = ['Overdue', 'Due soon', 'On track'] as const;
export type DueStatus = (typeof DUE_STATUSES)[number];

/** How far each frequency moves the next date: days for weekly, calendar months for the others. */
const STEP: Record<Frequency, { days: number } | { months: number }> = {
  Weekly: { days: 7 },
  Monthly: { months: 1 },
  Quarterly: { months: 3 },
  'Half-yearly': { months: 6 },
  Annually: { months: 12 },
};

/**
 * How many days before its next date an activity counts as due soon: about a quarter of its period, at most a month,
 * so that a weekly activity is not always "due soon" and an annual one is flagged in good time.
 */
export const DUE_SOON_DAYS: Readonly<Record<Frequency, number>> = {
  Weekly: 2,
  Monthly: 7,
  Quarterly: 14,
  'Half-yearly': 30,
  Annually: 30,
};

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The parts of a real calendar date; throws an Error naming the value otherwise (2027-02-30, "soon"). */
function parts(value: string, what: string): [number, number, number] {
  const m = typeof value === 'string' ? ISO_DATE.exec(value) : null;
  if (m) {
    const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
    const date = new Date(Date.UTC(y, mo - 1, d));
    if (date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d) return [y, mo, d];
  }
  throw new Error(`Invalid ${what} "${String(value)}": expected an ISO calendar date (YYYY-MM-DD)`);
}

const iso = (y: number, m: number, d: number) =>
  `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
const daysInMonth = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();

export function isFrequency(value: unknown): value is Frequency {
  return typeof value === 'string' && (FREQUENCIES as readonly string[]).includes(value);
}

/** The date `days` days after (or, negative, before) an ISO date. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = parts(date, 'date');
  const t = new Date(Date.UTC(y, m - 1, d + days));
  return iso(t.getUTCFullYear(), t.getUTCMonth() + 1, t.getUTCDate());
}

/** The same day `months` calendar months later; a day the month lacks becomes its last day (31 Jan + 1 month = 28/29 Feb). */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = parts(date, 'date');
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  return iso(year, month, Math.min(d, daysInMonth(year, month)));
}

/** When an activity complied with on `last` is next due, by its frequency. */
export function nextComplianceDate(last: string, frequency: Frequency): string {
  if (!isFrequency(frequency))
    throw new Error(`Unknown frequency "${String(frequency)}": expected one of ${FREQUENCIES.join(', ')}`);
  const step = STEP[frequency];
  return 'days' in step ? addDays(last, step.days) : addMonths(last, step.months);
}

/**
 * Where an activity stands on `today`: Overdue once its next date has passed, Due soon from DUE_SOON_DAYS before it
 * through the day itself, On track before that; null when it has no next date.
 */
export function dueStatus(next: string | null | undefined, frequency: Frequency, today: string): DueStatus | null {
  if (next === null || next === undefined) return null;
  parts(next, 'next compliance date');
  parts(today, 'date');
  if (next < today) return 'Overdue';
  return next <= addDays(today, DUE_SOON_DAYS[frequency] ?? 0) ? 'Due soon' : 'On track';
}
