/** Both drivers return the same JS values: bigint and numeric as numbers, dates as YYYY-MM-DD, timestamps as ISO strings. */
export const OID = { int8: 20, numeric: 1700, date: 1082, timestamptz: 1184, timestamp: 1114 } as const;

export const parseInt8 = (v: string): number => Number(v);
export const parseNumeric = (v: string): number => Number(v);
export const parseDate = (v: string): string => v;
/** PostgreSQL's text for a UTC timestamp ("2026-11-23 20:31:13.224567+00"), or one without a zone, taken as UTC. */
const UTC_TEXT = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})(?:\.(\d{1,6}))?(?:\+00)?$/;
/** Text that names its zone ("Z", "+05:30", "-08"); without one, a timestamp is taken as UTC. */
const ZONED = /(?:Z|[+-]\d\d(?::?\d\d){0,2})$/;

/**
 * A timestamp as `Date#toISOString` writes it. A list page holds a hundred of them, so the usual UTC text is
 * rewritten as text (milliseconds cut, as Date cuts them); any other zone or form goes through Date.
 */
export function parseTimestamp(v: string): string {
  const m = UTC_TEXT.exec(v);
  if (m) return `${m[1]}T${m[2]}.${((m[3] ?? '') + '000').slice(0, 3)}Z`;
  return new Date(ZONED.test(v) ? v : v + 'Z').toISOString();
}
