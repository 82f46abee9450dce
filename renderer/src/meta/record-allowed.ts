import type { RecordAllowed } from '../../../contract/meta-reply.ts';
import type { EntityMeta } from './meta-types.ts';

/** What the caller may do with one record, as the server sends it with the record (`_allowed`): the engine's shape. */
export type { RecordAllowed } from '../../../contract/meta-reply.ts';

/**
 * Whether the caller may add a child (by its key) to the record: the record's own answer, else what /meta says the
 * caller may try on the child's entity (the server decides again).
 */
export function mayAddChild(child: EntityMeta, record: Record<string, unknown>, key: string): boolean {
  const own = (record._allowed as RecordAllowed | undefined)?.addChildren;
  return own ? own.includes(key) : child.can.add;
}

/**
 * The record's own answer; a row that came without one (a command's page, a record built here) falls back to what
 * /meta says the caller may try on the entity, which the server decides again (nothing, for an entity /meta leaves out).
 */
export function allowedOn(
  entity: EntityMeta | undefined,
  record: Record<string, unknown> | null | undefined,
): RecordAllowed {
  const own = record?._allowed as RecordAllowed | undefined;
  if (own) return own;
  if (!entity) return { update: false, delete: false, transitions: [], commands: [] };
  return {
    update: entity.can.update,
    delete: entity.can.delete,
    transitions: entity.workflow?.transitions.map((x) => x.action) ?? [],
    commands: entity.commands.map((c) => c.name),
  };
}
