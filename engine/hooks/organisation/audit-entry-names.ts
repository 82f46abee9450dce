import type { Row } from '../../db/db.ts';
import { kebabToCamel } from '../../metadata/naming.ts';
import { TITLE_FIELDS, titleFieldOf } from '../../metadata/title-field.ts';
import type { ComputedHook } from '../hook-registry.ts';

/** The record as the entry saw it: after the write, or before it for a delete. */
const recordOf = (entry: Row): Row | null => ((entry.after ?? entry.before) as Row | null) ?? null;

/**
 * recordTitle: the record an audit entry is about, named by its title field as it read when written (a deleted
 * record too), so that the trail says "Harbour" where it said "Record id 1"; empty for a record without a title.
 */
export const recordTitle: ComputedHook<'audit-trail' | 'platform-audit-trail'> = (entry, registry) => {
  const record = recordOf(entry);
  if (!record) return null;
  const entity = registry?.entities.get(String(entry.entity));
  // an entry of a record type the metadata no longer has: the first title field its copy carries
  const field = entity ? titleFieldOf(entity) : TITLE_FIELDS.find((f) => f in record);
  const title = field && field !== 'id' ? record[field] : null;
  return title === null || title === undefined || title === '' ? null : String(title);
};

/** entityLabel: the entry's record type as the i18n key of its label (shown in the reader's language); the name itself when unknown. */
export const entityLabel: ComputedHook<'audit-trail' | 'platform-audit-trail'> = (entry, registry) =>
  registry?.entities.get(String(entry.entity))?.label ?? entry.entity;

/**
 * actionLabel: what the entry's write did, as the i18n key of its words in the trail ("Added", "Scores saved"), else
 * the label of the button that did it (a transition's, `action.<name>`); the action itself where neither is written.
 */
export const actionLabel: ComputedHook<'audit-trail' | 'platform-audit-trail'> = (entry, registry) => {
  const name = kebabToCamel(String(entry.action));
  const en = registry?.messages.en ?? {};
  return [`auditAction.${name}`, `action.${name}`].find((key) => en[key] !== undefined) ?? entry.action;
};
