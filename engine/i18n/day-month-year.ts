/** A calendar date as the app writes it, day/month/year (31/03/2026), in every language; '' when it is not a date. */
export function dayMonthYear(v: unknown): string {
  const s = v instanceof Date ? v.toISOString() : v;
  if (typeof s !== 'string' || !/^\d{4}-\d{2}-\d{2}/.test(s)) return '';
  const [y, m, d] = s.slice(0, 10).split('-');
  return `${d}/${m}/${y}`;
}
