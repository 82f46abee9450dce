import type { EntityDef } from './registry.ts';

/**
 * The fields that name a record to a person (in selects, titles and mail), in order of preference: a letter by its
 * subject, an audit's management action by what is to be done.
 */
export const TITLE_FIELDS = [
  'name',
  'title',
  'fullName',
  'companyName',
  'description',
  'label',
  'code',
  'question',
  'subject',
  'action',
];

export const titleFieldOf = (e: EntityDef): string => TITLE_FIELDS.find((f) => e.field.has(f)) ?? 'id';
