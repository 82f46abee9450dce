/** The plan calendar: months and quarters of a plan from its dates, as ISO days. Pure: the engine and the renderer share it. */

/** ISO date plus whole months, clamped to the month's last day (31 Jan + 1 month = 28/29 Feb). */
export function addMonths(iso: string, months: number): string {
  const [y, m, d] = iso.split('-').map(Number);
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d, last));
  return first.toISOString().slice(0, 10);
}

export function addDays(iso: string, days: number): string {
  const t = new Date(iso + 'T00:00:00Z');
  t.setUTCDate(t.getUTCDate() + days);
  return t.toISOString().slice(0, 10);
}

/**
 * The four quarters of a plan (Q1..Q4 = 0..3): three months each from the start date, the last one ending with the
 * plan; a plan shorter than a year gets its quarters clamped to its end.
 */
export function quarterDates(
  startDate: string,
  endDate: string,
): { quarterIndex: number; startDate: string; endDate: string }[] {
  return [0, 1, 2, 3].map((i) => {
    const start = addMonths(startDate, 3 * i);
    const end = i === 3 ? endDate : addDays(addMonths(startDate, 3 * (i + 1)), -1);
    const s = start > endDate ? endDate : start;
    return { quarterIndex: i, startDate: s, endDate: end > endDate ? endDate : end < s ? s : end };
  });
}

/**
 * The quarter (0..3) a day falls in: the one whose dates hold it; Q1 before the first, Q4 after the last (a plan not
 * yet begun opens on its start, one that has ended on its last quarter).
 */
export function quarterOn(
  quarters: readonly { quarterIndex: number; startDate: string; endDate: string }[],
  day: string,
): number {
  const sorted = [...quarters].sort((a, b) => a.quarterIndex - b.quarterIndex);
  if (!sorted.length) return 0;
  const within = sorted.find((q) => q.startDate <= day && day <= q.endDate);
  if (within) return within.quarterIndex;
  return day < sorted[0].startDate ? sorted[0].quarterIndex : sorted[sorted.length - 1].quarterIndex;
}
