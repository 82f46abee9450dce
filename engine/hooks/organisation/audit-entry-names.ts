import type { Row } from '../../db/db.ts';
import { kebabToCamel } from '../../metadata/naming.ts';
import { TITLE_FIELDS, titleFieldOf } from '../../metadata/title-field.ts';
import type { ComputedHook } from '../hook-registry.ts';

/** The record as the entry saw it: after the write, or before it for a delete. */
const recordOf = (entry: Row): Row | null => ((entry.after ?? entry.before) as Row | null) ?? null;

/**
 * recordTitle: the record an audit entry is about, named by its title field as it read when written (a deleted
 * record too), so that the trail says "Harbour" where it said "Record id 1"; a record without a title (a quarter, a
 * module's enablement) by its id, "#3", beside its entity's name, so that no entry leaves its record unnamed.
 */
export const recordTitle: ComputedHook<'audit-trail' | 'platform-audit-trail'> = (entry, registry) => {
  const record = recordOf(entry);
  const entity = registry?.entities.get(String(entry.entity));
  // an entry of a record type the metadata no longer has: the first title field its copy carries
  const field = entity ? titleFieldOf(entity) : TITLE_FIELDS.find((f) => record && f in record);
  const title = record && field && field !== 'id' ? record[field] : null;
  if (title !== null && title !== undefined && String(title).trim() !== '') return String(title);
  return entry.recordId === null || entry.recordId === undefined ? null : `#${entry.recordId}`;
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
