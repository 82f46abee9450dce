/** Standard fields that are never empty. */
export const ALWAYS_SET: ReadonlySet<string> = new Set(['id', 'version', 'createdAt', 'updatedAt']);

/** One column of a list's ORDER BY (quoted), its direction, and whether it may hold NULL. */
export interface SortColumn {
  column: string;
  desc: boolean;
  nullable: boolean;
}

/**
 * The condition "comes after the anchor record in this order", for `?after=<id>` (keyset paging). `anchor(columns)`
 * is a subquery that reads those columns of the anchor record. The sort ends in id, so the order is total.
 *
 * One direction over columns that are never NULL is one row comparison, which an index on the sort serves as a seek.
 * Otherwise it is spelled out column by column: equal on every column before, and after on this one, where NULL
 * sorts as PostgreSQL sorts it by default (last going up, first going down).
 */
export function afterAnchor(columns: readonly SortColumn[], anchor: (columns: readonly string[]) => string): string {
  const names = columns.map((c) => c.column);
  if (columns.every((c) => !c.nullable && c.desc === columns[0].desc))
    return `ROW(${names.join(', ')}) ${columns[0].desc ? '<' : '>'} ${anchor(names)}`;
  const alternatives = columns.map((c, i) =>
    [
      ...columns.slice(0, i).map((before) => sameAs(before, anchor([before.column]))),
      pastIt(c, anchor([c.column])),
    ].join(' AND '),
  );
  return `(${alternatives.map((a) => `(${a})`).join(' OR ')})`;
}

const sameAs = (c: SortColumn, a: string) =>
  c.nullable ? `${c.column} IS NOT DISTINCT FROM ${a}` : `${c.column} = ${a}`;

function pastIt(c: SortColumn, a: string): string {
  const past = `${c.column} ${c.desc ? '<' : '>'} ${a}`;
  if (!c.nullable) return past;
  // going up, NULLs come after every value; going down, before every value
  return c.desc
    ? `(${past} OR (${c.column} IS NOT NULL AND ${a} IS NULL))`
    : `(${past} OR (${c.column} IS NULL AND ${a} IS NOT NULL))`;
}
