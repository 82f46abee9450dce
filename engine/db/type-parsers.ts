/** Both drivers return the same JS values: bigint and numeric as numbers, dates as YYYY-MM-DD, timestamps as ISO strings. */
export const OID = { int8: 20, numeric: 1700, date: 1082, timestamptz: 1184, timestamp: 1114 } as const;

export const parseInt8 = (v: string): number => Number(v);
export const parseNumeric = (v: string): number => Number(v);
export const parseDate = (v: string): string => v;
export const parseTimestamp = (v: string): string => new Date(v.includes('T') || v.includes('+') || v.endsWith('Z') ? v : v + 'Z').toISOString();
