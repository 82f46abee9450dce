import Papa from 'papaparse';
import type { FieldSchema } from '../meta/meta-types.ts';

/**
 * What a spreadsheet runs as a formula when a cell starts with it: =, +, -, @, tab, carriage return. papaparse's own
 * `escapeFormulae: true` pattern (`^[=+\-@\t\r].*$`) lets a value through whose formula is followed by a line break
 * (`.` stops at it and `$` wants the end), so the pattern is only the first character.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

const two = (n: number) => String(n).padStart(2, '0');

/**
 * A list value as its CSV holds it, for a spreadsheet to read: a day as ISO (YYYY-MM-DD), a moment as ISO day and
 * time of day where the user is (YYYY-MM-DD HH:MM), a plain number as a number (no grouping, a decimal point), the
 * same in every language; everything else as the list shows it (`shown`: option labels, a reference's title).
 */
export function csvValue(f: FieldSchema, v: unknown, shown: () => string): string | number {
  if (v === null || v === undefined || v === '') return '';
  if (f.format === 'date') return String(v).slice(0, 10);
  if (f.format === 'date-time') {
    const d = new Date(String(v));
    if (Number.isNaN(d.getTime())) return String(v);
    return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())} ${two(d.getHours())}:${two(d.getMinutes())}`;
  }
  if ((f.type === 'number' || f.type === 'integer') && !f['x-ref'] && !f.enum && Number.isFinite(Number(v)))
    return Number(v);
  return shown();
}

/**
 * The CSV file of a list: UTF-8 with a byte-order mark (so that spreadsheets read Bengali and umlauts right), the
 * titles first, and every text cell a spreadsheet would run as a formula given a leading apostrophe (papaparse's
 * escapeFormulae), so that exporting never runs what someone typed into a record. Numbers stay numbers: a negative
 * amount is a number, not a formula.
 */
export function listCsv(titles: readonly string[], rows: readonly (readonly (string | number)[])[]): string {
  return (
    '\ufeff' +
    Papa.unparse(
      { fields: [...titles], data: rows.map((r) => [...r]) },
      { escapeFormulae: FORMULA_START, newline: '\r\n' },
    )
  );
}
