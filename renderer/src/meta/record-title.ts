import type { TFunction } from 'i18next';
import type { EntityMeta } from './meta-types.ts';
import { displayValue } from '../format/field-display.ts';
import { optionLabel, quarterName } from './labels.ts';

/** A title the server composes for a review (engine/hooks/performance/review/review-derivation.ts): its name and period. */
const PERIOD_TITLE = /^(.*) \((?:Q([1-4])|annual)\)$/s;

/**
 * A review's title ("Sales FY (Q4)", "Sales FY (annual)", `x-periodTitle`) with its period in the reader's words
 * ("Sales FY (৪র্থ প্রান্তিক)"): the scorecard's name stays as the company wrote it. A title of another shape is as stored.
 */
export function periodTitle(t: TFunction, value: string): string {
  const m = PERIOD_TITLE.exec(value);
  if (!m) return value;
  return `${m[1]} (${m[2] ? quarterName(t, Number(m[2]) - 1) : t('review.titleAnnual', { defaultValue: 'annual' })})`;
}

/**
 * A field whose value is an i18n key (`x-i18n`: a module's label) is shown as its text in the user's language; one of
 * the product's option words (`x-optionText`: a risk rating type's name as seeded, High) as that option's label; a
 * review's title with its period in the user's words (`x-periodTitle`).
 */
export const textOf = (t: TFunction, entity: EntityMeta, field: string, value: unknown): string =>
  typeof value !== 'string'
    ? String(value)
    : entity.schema.properties[field]?.['x-i18n']
      ? t(value, { defaultValue: value })
      : entity.schema.properties[field]?.['x-optionText']
        ? optionLabel(t, value)
        : entity.schema.properties[field]?.['x-periodTitle']
          ? periodTitle(t, value)
          : value;

/** What names a record to a person: its title field, translated when it holds an i18n key, else its id. */
export const recordTitle = (t: TFunction, entity: EntityMeta, row: Record<string, unknown>): string =>
  row[entity.titleField] === null || row[entity.titleField] === undefined
    ? String(row.id)
    : textOf(t, entity, entity.titleField, row[entity.titleField]);

/**
 * The title of the record a reference of the row names, as the server sends it with the row (`_titles`), a stored
 * label key in the user's language; undefined where the reply names none (a command's page).
 */
export function referenceTitle(
  t: TFunction,
  row: Record<string, unknown> | undefined,
  field: string,
): string | undefined {
  const title = (row?._titles as Record<string, string> | undefined)?.[field];
  return title === undefined ? undefined : (displayValue(t, field, { type: 'string' }, title) ?? title);
}
