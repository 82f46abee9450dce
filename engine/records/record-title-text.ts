import type { Row } from '../db/db.ts';
import { titleText, type TitleAnnotations } from '../i18n/title-words.ts';
import type { TextParam } from '../i18n/text.ts';
import type { EntityDef } from '../metadata/registry.ts';
import { titleFieldOf } from '../metadata/title-field.ts';

/**
 * What names a record in a mail (a workflow's notice, a reminder), worded late in the recipient's language: its title
 * field's value as engine/i18n/title-words.ts words it, else its id ("#12").
 */
export function recordTitleText(entity: EntityDef, row: Row): TextParam {
  const field = titleFieldOf(entity);
  const value = row[field];
  if (value === null || value === undefined || field === 'id') return `#${row.id}`;
  return titleText(entity.field.get(field)?.schema as TitleAnnotations | undefined, String(value));
}
