import type { TFunction } from 'i18next';
import type { FieldSchema } from '../meta/meta-types.ts';
import { formatMonth, isMonthValue } from './formats.ts';
import { optionLabel } from '../meta/labels.ts';

/** A year (an audit plan's, a training plan's) is a name, not a quantity: 2026, never "2,026". */
export const isYearField = (name: string, f: FieldSchema): boolean => f.type === 'integer' && /(^y|Y)ear$/.test(name);

const TEXT_KEY = /^(?:shell|screen|error|field|entity|option|module|action|status|nav)\.[a-zA-Z0-9.]+$/;
const lang = () => document.documentElement.lang || 'en';

/**
 * How a value is shown where the general rules would show it wrongly: a stored label key (a module's name) and a yes/no
 * field (never "true"/"false") in the user's language, a year without grouping, a month ("2026-11") by its name and
 * year ("November 2026"). Undefined: not such a value.
 */
export function displayValue(
  t: TFunction | ((k: string) => string),
  name: string,
  f: FieldSchema,
  v: unknown,
): string | undefined {
  // a text that is a translation key (a module's name is stored as its label's key) is shown in the user's language
  if (typeof v === 'string' && TEXT_KEY.test(v)) return (t as (k: string) => string)(v);
  // one of the product's option words (a risk rating as seeded: High) in the user's words, a company's own as it is
  if (typeof v === 'string' && f['x-optionText']) return optionLabel(t as TFunction, v);
  if (f.type === 'boolean' || typeof v === 'boolean')
    return (t as (k: string) => string)(v === true || v === 'true' ? 'option.yes' : 'option.no');
  if (isMonthValue(v)) return formatMonth(v);
  if (isYearField(name, f))
    return new Intl.NumberFormat(lang(), { useGrouping: false, maximumFractionDigits: 0 }).format(Number(v));
  return undefined;
}
