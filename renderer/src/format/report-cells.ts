import { displayValue } from './field-display.ts';
import { formatAmount, formatDate, formatInteger, formatNumber, formatPercent } from './formats.ts';
import { optionLabel } from '../meta/labels.ts';
import type { ReportMeta } from '../meta/meta-types.ts';

type T = (k: string, o?: Record<string, unknown>) => string;

/**
 * A report's cell as the spec's formats show it (000 §9), in the user's language, by the one formatter set
 * (`formats.ts`): a column's declared format, else a number as formatNumber writes it (a year as a year), so that
 * no figure stays as JavaScript spells it ("4.6" in German).
 */
export function reportCell(column: ReportMeta['columns'][number] | undefined, v: unknown, t: T): string {
  if (v === null || v === undefined || v === '') return '—';
  switch (column?.format) {
    case 'integer':
      return displayValue(t as never, column!.key, { type: 'integer' }, v) ?? formatInteger(Number(v));
    case 'number':
      return formatAmount(Number(v));
    case 'percent':
      return formatPercent(Number(v));
    case 'date':
      return formatDate(String(v));
    case 'option':
      return optionLabel(t as never, String(v));
    default:
      return typeof v === 'number'
        ? (displayValue(t as never, column?.key ?? '', { type: 'integer' }, v) ?? formatNumber(v))
        : (displayValue(t as never, column?.key ?? '', { type: 'string' }, v) ?? String(v));
  }
}
