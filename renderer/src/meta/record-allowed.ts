import type { EntityMeta } from './meta-types.ts';

/** What the caller may do with one record, as the server sends it with the record (`_allowed`). */
export interface RecordAllowed {
  update: boolean;
  delete: boolean;
  transitions: string[];
  commands: string[];
  /** open transitions the caller would take in place of the employee the record names for them (its approver): their name, by action */
  inPlaceOf?: Record<string, string>;
  /** the record is locked by its state (or its parent's) but these fields stay open: update holds for them alone */
  fields?: string[];
  /** child collections (by key) the record's lock closes: nothing is added there */
  lockedChildren?: string[];
  /** the keys of the record's children the caller may add to it now (a single record's reply says; a list's rows do not) */
  addChildren?: string[];
  /** transitions the caller could take but for their window: its first and last day by action (null while not set) */
  closed?: Record<string, { from: string | null; to: string | null }>;
  /** fields the metadata gives to another party (x-writeRoles): shown read-only to this caller */
  readOnlyFields?: string[];
}

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
export function allowedOn(entity: EntityMeta | undefined, record: Record<string, unknown> | null | undefined): RecordAllowed {
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
