import type { Row } from '../db/db.ts';
import { optionKey } from '../metadata/option-key.ts';
import type { ReportColumn, ReportColumnFormat } from '../metadata/report-definition.ts';
import type { Messages } from '../metadata/registry.ts';
import type { SheetData } from 'write-excel-file/node';

export type ExportFormat = 'csv' | 'xlsx';

/** A cell's value as exported: numbers stay numbers, an option is translated, a day is ISO (YYYY-MM-DD), nothing becomes "null". */
function cellValue(column: ReportColumn, v: unknown, messages: Messages): string | number {
  if (v === null || v === undefined) return '';
  if (column.format === 'date' && v instanceof Date) return v.toISOString().slice(0, 10);
  if (column.format === 'option') return optionText(String(v), messages);
  if (
    (column.format === 'integer' || column.format === 'number' || column.format === 'percent') &&
    Number.isFinite(Number(v))
  )
    return Number(v);
  return String(v);
}

/** An option's label as the renderer shows it (option.<camelCase of the value>), else the value itself. */
function optionText(value: string, messages: Messages): string {
  return messages[optionKey(value)] ?? value;
}

/**
 * A CSV text cell that a spreadsheet would run as a formula (=, +, -, @, tab or return first) gets a leading
 * apostrophe, so that an exported report never runs what someone typed into a record (CSV injection). A CSV cell has
 * no type: the apostrophe is the only way to say "text" there.
 */
function inert(v: string | number): string | number {
  return typeof v === 'string' && /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;
}

/** RFC 4180: a field with a comma, a quote or a line break is quoted, its quotes doubled. */
function csvField(v: string | number): string {
  const s = String(v);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** The report as CSV (UTF-8 with a byte-order mark, so that spreadsheets read non-Latin text right), titles in the caller's language. */
export function reportCsv(columns: readonly ReportColumn[], rows: readonly Row[], messages: Messages): string {
  const lines = [columns.map((c) => csvField(messages[c.title] ?? c.title))];
  for (const r of rows) lines.push(columns.map((c) => csvField(inert(cellValue(c, r[c.key], messages)))));
  return `\uFEFF${lines.map((l) => l.join(',')).join('\r\n')}\r\n`;
}

/** How a number column shows its numbers in a spreadsheet (the value stays the number). */
const NUMBER_FORMAT: Partial<Record<ReportColumnFormat, string>> = {
  percent: '0.0"%"',
  number: '#,##0.00',
  integer: '#,##0',
};

/** A date column's day as a spreadsheet date (shown day/month/year, as the app writes dates); null when it is not a day. */
function dayOf(v: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(v);
  return m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : null;
}

/**
 * The report as an XLSX workbook of one sheet (write-excel-file): a bold header row, numbers as numbers with their
 * format, text as text cells. A text cell is never a formula, whatever it starts with: a spreadsheet shows
 * `=HYPERLINK(…)` as those characters and runs nothing, so XLSX cells need no apostrophe (CSV cells do, see inert).
 * The "@" (Text) format keeps a cell text when someone edits it later too.
 */
export async function reportXlsx(
  sheetName: string,
  columns: readonly ReportColumn[],
  rows: readonly Row[],
  messages: Messages,
): Promise<Uint8Array<ArrayBuffer>> {
  // loaded on the first export only: the server starts without it
  const { default: writeXlsxFile } = await import('write-excel-file/node');
  const titles = columns.map((c) => messages[c.title] ?? c.title);
  const header: SheetData[number] = titles.map((value) => ({ value, fontWeight: 'bold' as const }));
  const data: SheetData = rows.map((r) =>
    columns.map((c) => {
      const v = cellValue(c, r[c.key], messages);
      if (typeof v === 'number')
        return NUMBER_FORMAT[c.format]
          ? { value: v, type: Number, format: NUMBER_FORMAT[c.format] }
          : { value: v, type: Number };
      if (v === '') return null;
      const day = c.format === 'date' ? dayOf(v) : null;
      return day ? { value: day, type: Date, format: 'dd/mm/yyyy' } : { value: v, type: String, format: '@' };
    }),
  );
  const buffer = await writeXlsxFile([header, ...data], {
    // sheet names: at most 31 characters, none of []:*?/\
    sheet: sheetName.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31) || 'Report',
    columns: titles.map((t) => ({ width: Math.min(48, Math.max(12, t.length + 4)) })),
    stickyRowsCount: 1,
  }).toBuffer();
  return new Uint8Array(buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength) as ArrayBuffer);
}
