import type { TFunction } from 'i18next';
import type { EntityMeta } from './meta-types.ts';
import { displayValue } from '../format/field-display.ts';
import { titleText } from '../../../engine/i18n/title-words.ts';
import { wordText, type Translate } from '../../../engine/i18n/text.ts';
import { i18next } from '../i18n/i18n.ts';

/**
 * A review's title ("Sales FY (Q4)", "Sales FY (annual)", `x-periodTitle`) with its period in the reader's words
 * ("Sales FY (৪র্থ প্রান্তিক)"): the scorecard's name stays as the company wrote it. A title of another shape is as stored.
 */
export const periodTitle = (t: TFunction, value: string): string =>
  wordText(t as unknown as Translate, titleText({ 'x-periodTitle': true }, value), i18next.language);

/**
 * A field whose value is an i18n key (`x-i18n`: a module's label) is shown as its text in the user's language; one of
 * the product's option words (`x-optionText`: a risk rating type's name as seeded, High) as that option's label; a
 * review's title with its period in the user's words (`x-periodTitle`); a rating with its score (`x-ratingTitle`:
 * "Hoch (12)"). The same wording as the server's mails (engine/i18n/title-words.ts).
 */
export const textOf = (t: TFunction, entity: EntityMeta, field: string, value: unknown): string =>
  typeof value !== 'string'
    ? String(value)
    : wordText(t as unknown as Translate, titleText(entity.schema.properties[field], value), i18next.language);

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

/**
 * What names a row of a list to a person (a delete dialog, a row's button to a screen reader): its title field, else,
 * for an entity with none (a QA member: an employee in a plan's list), the title of the record its first referencing
 * list column names (the employee), else its id.
 */
export function rowTitle(t: TFunction, entity: EntityMeta, row: Record<string, unknown>): string {
  if (entity.titleField !== 'id') return recordTitle(t, entity, row);
  const reference = entity.list.columns.find(
    (c) => typeof c === 'string' && entity.schema.properties[c]?.['x-ref'] && referenceTitle(t, row, c) !== undefined,
  );
  return typeof reference === 'string' ? referenceTitle(t, row, reference)! : String(row.id);
}
