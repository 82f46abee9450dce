import type { Row } from '../db/db.ts';
import { AppError } from '../app-error.ts';
import { inSentence } from '../i18n/message-words.ts';
import { text, type Text } from '../i18n/text.ts';
import type { EntityDef } from '../metadata/registry.ts';
import { labelOf } from '../records/record-validator.ts';
import type { Actor } from './actor.ts';
import { allows } from './caller-roles.ts';
import { loadReach } from './record-reach.ts';

type Tx = { query<T = Row>(sql: string, params?: unknown[]): Promise<T[]> };

/**
 * The references of a record, among those its readers are judged by (`parent:<reference>` in `access.read`: a
 * scorecard's comment by its scorecard), whose record the caller may not read. A record is added (or moved) only under
 * parents its author may read: whoever may not see a scorecard may not comment on it either. Judged by the same SQL
 * condition as the reads (`loadReach`), so a list, a read and an add agree; a caller who reads every such record by
 * role (a module admin) is never held.
 */
export async function unreadParents(tx: Tx, actor: Actor, entity: EntityDef, record: Row): Promise<string[]> {
  const roles = entity.access.read.filter((r) => r.startsWith('parent:'));
  if (!roles.length || allows(entity.access.read, actor, entity.module)) return [];
  const reach = await loadReach(tx, actor, entity, roles, [record]);
  return roles
    .map((r) => r.slice('parent:'.length))
    .filter(
      (name) =>
        record[name] !== null && record[name] !== undefined && !reach.parents.get(name)?.has(Number(record[name])),
    );
}

/** Throws the 403 of a write under a parent the caller may not read: "Only whoever may read its scorecard may add …". */
export async function assertParentsReadable(
  tx: Tx,
  actor: Actor,
  entity: EntityDef,
  record: Row,
  what: Text,
): Promise<void> {
  const [unread] = await unreadParents(tx, actor, entity, record);
  if (unread === undefined) return;
  throw AppError.worded(
    'forbidden',
    text('refusal.access.onlyWho', {
      who: text('refusal.access.who.parent', { field: inSentence(labelOf(entity, unread)) }),
      what,
    }),
  );
}
