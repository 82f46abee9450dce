type Row = Record<string, unknown>;

/**
 * The titles a reference select shows: a record's title, and where two records offered share it (a corporate
 * scorecard and the employee's copy cascaded from it, both "Service FY"), the first of the target's list columns whose
 * value tells them apart, in brackets ("Service FY (Corporate)", "Service FY (Employee)"). Only plain values tell apart
 * (texts, numbers, options: `label` words them); references and empty values are skipped.
 */
export function referenceTitles(
  rows: readonly Row[],
  titleField: string,
  columns: readonly string[],
  isPlain: (column: string) => boolean,
  label: (value: string | number) => string,
): string[] {
  const title = (r: Row) => String(r[titleField] ?? r.id);
  const byTitle = new Map<string, Row[]>();
  for (const r of rows) byTitle.set(title(r), [...(byTitle.get(title(r)) ?? []), r]);
  return rows.map((r) => {
    const twins = byTitle.get(title(r))!;
    if (twins.length < 2) return title(r);
    const telling = columns.find(
      (c) => c !== titleField && isPlain(c) && new Set(twins.map((t) => t[c] ?? null)).size > 1,
    );
    const value = telling === undefined ? null : r[telling];
    return value === null || value === undefined || value === ''
      ? title(r)
      : `${title(r)} (${label(value as string | number)})`;
  });
}
