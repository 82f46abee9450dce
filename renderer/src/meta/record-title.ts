import type { TFunction } from 'i18next';
import type { EntityMeta } from './meta-types.ts';

/** A field whose value is an i18n key (`x-i18n`: a module's label) is shown as its text in the user's language. */
export const textOf = (t: TFunction, entity: EntityMeta, field: string, value: unknown): string =>
  entity.schema.properties[field]?.['x-i18n'] && typeof value === 'string' ? t(value, { defaultValue: value }) : String(value);

/** What names a record to a person: its title field, translated when it holds an i18n key, else its id. */
export const recordTitle = (t: TFunction, entity: EntityMeta, row: Record<string, unknown>): string =>
  row[entity.titleField] === null || row[entity.titleField] === undefined ? String(row.id) : textOf(t, entity, entity.titleField, row[entity.titleField]);
