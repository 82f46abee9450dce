/** ISO calendar date arithmetic, in UTC so that no time zone moves a day. */
export function addDays(isoDate: string, days: number): string {
  const d = new Date(`${isoDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/**
 * The dates a reminder is due for on `today`, both ends included: daysBefore N gives today..today+N (coming near, up
 * to the day itself); daysAfter N gives everything up to today-N-1 (past, N days of grace).
 */
export function reminderWindow(
  r: { daysBefore?: number; daysAfter?: number },
  today: string,
): { from: string | null; to: string } {
  if (r.daysBefore !== undefined) return { from: today, to: addDays(today, r.daysBefore) };
  return { from: null, to: addDays(today, -(r.daysAfter ?? 0) - 1) };
}
