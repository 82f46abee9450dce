import type { FieldSchema } from '../meta/meta-types.ts';
import { formatAmount, formatDate, formatInteger, formatNumber } from './formats.ts';

/**
 * A stored date or figure as a person reads it, in the user's language: the spec's d_ display copies (d_startDate,
 * d_estimatedCost, d_target), which its client adds beside the stored value. Here the renderer derives them where it
 * shows the value (lists, record summaries, the money and date fields of forms), never stored or sent: a date day first
 * (25/11/2026, 25.11.2026, ২৫/১১/২০২৬), an amount (`x-money`) with two decimals and thousands separators, an integer
 * grouped, any other number with its own decimals. Undefined: no date or figure.
 */
export function displayCopy(f: FieldSchema, v: unknown): string | undefined {
  if (v === null || v === undefined || v === '') return undefined;
  if (f.format === 'date') return formatDate(String(v));
  if (f['x-money']) return formatAmount(Number(v));
  if (f.type === 'integer') return formatInteger(Number(v));
  if (f.type === 'number') return formatNumber(Number(v));
  return undefined;
}
