/** A file's first sheet as the import reads it: the header row, then the data rows with their row number in the file. */
export interface ParsedSheet {
  headers: string[];
  rows: SheetRow[];
  /** set when the file was not UTF-8 and was read in this encoding instead (the screen says so) */
  encoding?: 'windows-1252';
}

export interface SheetRow {
  /** the row's number in the file, counting the header as 1 */
  line: number;
  cells: string[];
}

/** A cell as text: dates as YYYY-MM-DD, numbers as written, empty as "". */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString().slice(0, 10);
  return String(value).trim();
}

/**
 * Turns the rows a CSV or XLSX reader gives into a sheet: the first non-empty row is the header (a byte order mark
 * is dropped from it), empty rows are skipped, and every row has as many cells as the header.
 */
export function toParsedSheet(raw: readonly (readonly unknown[])[]): ParsedSheet {
  const text = raw.map((r) => r.map(cellText));
  const first = text.findIndex((r) => r.some((c) => c !== ''));
  if (first < 0) return { headers: [], rows: [] };
  const headers = text[first].map((h, i) => (i === 0 ? h.replace(/^\ufeff/, '').trim() : h));
  while (headers.length && headers[headers.length - 1] === '') headers.pop();
  const rows: SheetRow[] = [];
  for (let i = first + 1; i < text.length; i++) {
    if (!text[i].some((c) => c !== '')) continue;
    rows.push({ line: i + 1, cells: headers.map((_, c) => text[i][c] ?? '') });
  }
  return { headers, rows };
}
