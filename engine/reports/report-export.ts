import type { Row } from '../db/db.ts';
import { optionKey } from '../metadata/option-key.ts';
import type { ReportColumn } from '../metadata/report-definition.ts';
import type { Messages } from '../metadata/registry.ts';

export type ExportFormat = 'csv' | 'xlsx';

/** A cell's value as exported: numbers stay numbers, an option is translated, nothing becomes "null". */
function cellValue(column: ReportColumn, v: unknown, messages: Messages): string | number {
  if (v === null || v === undefined) return '';
  if (column.format === 'option') return optionText(String(v), messages);
  if ((column.format === 'integer' || column.format === 'number' || column.format === 'percent') && Number.isFinite(Number(v))) return Number(v);
  return String(v);
}

/** An option's label as the renderer shows it (option.<camelCase of the value>), else the value itself. */
function optionText(value: string, messages: Messages): string {
  return messages[optionKey(value)] ?? value;
}

/**
 * A text cell that a spreadsheet would run as a formula (=, +, -, @, tab or return first) gets a leading apostrophe,
 * so that an exported report never runs what someone typed into a record (CSV injection).
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

/** The report as an XLSX workbook of one sheet: a bold header row, numbers as numbers, percentages formatted as such. */
export async function reportXlsx(sheetName: string, columns: readonly ReportColumn[], rows: readonly Row[], messages: Messages): Promise<Uint8Array<ArrayBuffer>> {
  // loaded on the first export only: the server starts without it
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.Workbook();
  // sheet names: at most 31 characters, none of []:*?/\
  const sheet = book.addWorksheet(sheetName.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31) || 'Report');
  sheet.columns = columns.map((c) => ({
    header: messages[c.title] ?? c.title,
    key: c.key,
    width: Math.min(48, Math.max(12, (messages[c.title] ?? c.title).length + 4)),
    style: c.format === 'percent' ? { numFmt: '0.0"%"' } : c.format === 'number' ? { numFmt: '#,##0.00' } : c.format === 'integer' ? { numFmt: '#,##0' } : {},
  }));
  sheet.getRow(1).font = { bold: true };
  for (const r of rows) sheet.addRow(Object.fromEntries(columns.map((c) => [c.key, inert(cellValue(c, r[c.key], messages))])));
  return new Uint8Array(await book.xlsx.writeBuffer() as ArrayBuffer);
}
