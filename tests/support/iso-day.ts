/** The server's calendar date (local time, as the window and survey checks see it), offset by days, as YYYY-MM-DD. */
export function isoDay(offsetDays = 0): string {
  const d = new Date();
  d.setDate(d.getDate() + offsetDays);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** A day as the app writes dates in its messages and screens: day/month/year ("2026-03-09" -> "09/03/2026"). */
export const appDay = (iso: string): string => iso.replace(/^(\d{4})-(\d{2})-(\d{2}).*$/, '$3/$2/$1');

/** The server's calendar date of a moment (local time), as YYYY-MM-DD. */
export const isoDayOf = (d: Date): string =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
