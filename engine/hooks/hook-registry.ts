import type { Row } from '../db/db.ts';
import type { EntityRecords } from '../generated/entities/index.ts';
import type { HookCatalog, HookKind, STANDARD_FIELDS } from '../metadata/loader.ts';
import type { EntityDef, Registry } from '../metadata/registry.ts';
import type { CallContext } from '../records/call-context.ts';

/** An entity's name, as its folder `metadata/modules/<module>/<entity>` gives it. */
export type EntityName = keyof EntityRecords;

/**
 * A record of entity E as hooks receive it: its type generated from entity.json (engine/generated/entities, `npm run
 * gen-types`), so a hook reading a field that JSON renamed fails the typecheck. A type alias rather than the generated
 * interface, so that it still passes wherever the engine takes any row. A union of names is a record of any of them: a
 * hook several entities name reads only what they all have.
 */
export type EntityRecord<E extends EntityName> = E extends EntityName
  ? { [K in keyof EntityRecords[E]]: EntityRecords[E][K] }
  : never;

type StandardField = (typeof STANDARD_FIELDS)[number];
/** A record about to be stored: on an add it has no id, version or stamps yet. */
export type RecordDraft<E extends EntityName> = E extends EntityName
  ? Omit<EntityRecord<E>, StandardField> & Partial<Pick<EntityRecord<E>, StandardField & keyof EntityRecord<E>>>
  : never;

/**
 * A derived field: pure, from the stored fields of one record; `registry` (the engine always gives it) for a value
 * that depends on what the metadata says of another entity (an audit entry's record type, by its label). One that
 * depends on the day (a contract past its end date has ended) judges it on `asOf` (YYYY-MM-DD) where given: the day of
 * an audit-trail entry, when a record's stages are read from its trail (engine/audit/record-transitions.ts).
 */
export type ComputedHook<E extends EntityName> = (
  record: EntityRecord<E>,
  registry?: Registry,
  asOf?: string,
) => unknown;
/** A command that metadata cannot express; runs in the call's transaction and returns the reply's data. */
export type CommandHook = (ctx: CallContext, entity: EntityDef, input: Record<string, unknown>) => Promise<unknown>;
/** Runs in the write's transaction after an add (before = null) or an update. */
export type AfterWriteHook<E extends EntityName> = (
  ctx: CallContext,
  entity: EntityDef,
  before: EntityRecord<E> | null,
  after: EntityRecord<E>,
) => Promise<void>;
/**
 * Runs in the write's transaction before an add (before = null) or an update, on the record as it will be stored;
 * returns the derived (read-only) field values to store with it, or throws to refuse the write.
 */
export type BeforeWriteHook<E extends EntityName> = (
  ctx: CallContext,
  entity: EntityDef,
  before: EntityRecord<E> | null,
  record: RecordDraft<E>,
) => Promise<Partial<EntityRecord<E>>>;
/** Runs in the delete's transaction before a record goes, on the record as stored; throws to refuse the delete. */
export type BeforeDeleteHook<E extends EntityName> = (
  ctx: CallContext,
  entity: EntityDef,
  record: EntityRecord<E>,
) => Promise<void>;
/** Runs in a workflow transition's transaction after the state changed. */
export type TransitionHook<E extends EntityName> = (
  ctx: CallContext,
  entity: EntityDef,
  record: EntityRecord<E>,
  action: string,
) => Promise<void>;
/** What a filter hook writes its SQL with: a stored field's column, and a placeholder for a value. */
export interface FilterSql {
  column(field: string): string;
  param(value: unknown): string;
  /** set when the list is searched (?q=, the field in `list.search`): select the records whose value contains `value` */
  readonly contains?: boolean;
  /** the metadata, for a value worded from it (an entity's label, in any language the product speaks) */
  readonly registry?: Registry;
}
/**
 * A list filter on a computed field (?dueStatus=Overdue): the SQL condition over the record's stored columns that
 * selects the records whose computed value is `value`; named like the field's computed hook, and agreeing with it.
 * Searched (`sql.contains`), those whose value contains the text, regardless of case.
 */
export type FilterHook = (value: string, sql: FilterSql) => string;

/** The kinds of hook that receive records, and so are typed by the entities that name them. */
export type RecordHookKind = 'computed' | 'afterWrite' | 'beforeWrite' | 'beforeDelete' | 'transition';

/**
 * The record hooks of entities E, by kind and name: what `entityHooks` registers. A hook typed for another entity
 * does not fit (its fields differ), which the typecheck reports where it is registered.
 */
export interface EntityHookSet<E extends EntityName> {
  readonly computed?: Readonly<Record<string, ComputedHook<E>>>;
  readonly afterWrite?: Readonly<Record<string, AfterWriteHook<E>>>;
  readonly beforeWrite?: Readonly<Record<string, BeforeWriteHook<E>>>;
  readonly beforeDelete?: Readonly<Record<string, BeforeDeleteHook<E>>>;
  readonly transition?: Readonly<Record<string, TransitionHook<E>>>;
}

/** How the engine calls the hooks: on rows of whichever entity names them (which tests/unit/typed-hooks.test.ts holds to the hook's type). */
export interface HookRegistry extends HookCatalog {
  readonly computed: Readonly<Record<string, (record: Row, registry?: Registry, asOf?: string) => unknown>>;
  readonly command: Readonly<Record<string, CommandHook>>;
  readonly afterWrite: Readonly<
    Record<string, (ctx: CallContext, entity: EntityDef, before: Row | null, after: Row) => Promise<void>>
  >;
  readonly beforeWrite: Readonly<
    Record<string, (ctx: CallContext, entity: EntityDef, before: Row | null, record: Row) => Promise<Row>>
  >;
  readonly beforeDelete: Readonly<Record<string, (ctx: CallContext, entity: EntityDef, record: Row) => Promise<void>>>;
  readonly transition: Readonly<
    Record<string, (ctx: CallContext, entity: EntityDef, record: Row, action: string) => Promise<void>>
  >;
  readonly filter: Readonly<Record<string, FilterHook>>;
  /** for each record hook (`<kind> <name>`), the entities its type is written for */
  readonly typedFor: ReadonlyMap<string, readonly EntityName[]>;
}

type HookKinds = Omit<HookRegistry, 'has' | 'typedFor'>;

/**
 * The hooks a module contributes (`engine/hooks/<module>/index.ts`): its commands and filters as they are, its record
 * hooks through `entityHooks`, all joined by `mergeHookSets`.
 */
export type ModuleHookSet = { readonly command?: HookKinds['command']; readonly filter?: HookKinds['filter'] } & {
  readonly [K in RecordHookKind]?: HookKinds[K];
} & { readonly typedFor?: ReadonlyMap<string, readonly EntityName[]> };

/**
 * Registers record hooks typed for the entity (or entities) that name them in metadata; the registry remembers which,
 * so that a hook named by an entity it was not written for is found (tests/unit/typed-hooks.test.ts).
 */
export function entityHooks<const E extends EntityName>(
  entities: E | readonly E[],
  set: NoInfer<EntityHookSet<E>>,
): ModuleHookSet {
  const names: readonly EntityName[] = typeof entities === 'string' ? [entities] : entities;
  const typedFor = new Map<string, readonly EntityName[]>();
  for (const [kind, named] of Object.entries(set))
    for (const name of Object.keys(named ?? {})) typedFor.set(`${kind} ${name}`, names);
  // the engine calls them on rows; their own types were checked against E above
  return { ...(set as unknown as Pick<ModuleHookSet, RecordHookKind>), typedFor };
}

/** All module hook sets as one; a name declared twice is a programming error, caught at start-up. */
export function mergeHookSets(...sets: ModuleHookSet[]): Required<ModuleHookSet> {
  const merged: Record<string, Record<string, unknown>> = {
    computed: {},
    command: {},
    afterWrite: {},
    beforeWrite: {},
    beforeDelete: {},
    transition: {},
    filter: {},
  };
  const typedFor = new Map<string, readonly EntityName[]>();
  for (const { typedFor: typed, ...set } of sets) {
    for (const [kind, named] of Object.entries(set)) {
      for (const [name, hook] of Object.entries(named ?? {})) {
        if (Object.hasOwn(merged[kind]!, name)) throw new Error(`The ${kind} hook "${name}" is declared twice`);
        merged[kind]![name] = hook;
      }
    }
    for (const [key, entities] of typed ?? []) typedFor.set(key, entities);
  }
  return { ...(merged as unknown as HookKinds), typedFor };
}

/** The registry the engine calls hooks through, from the modules' hook sets. */
export function createHookRegistry(...sets: ModuleHookSet[]): HookRegistry {
  const hooks = mergeHookSets(...sets);
  return { ...hooks, has: (kind: HookKind, name: string) => Object.hasOwn(hooks[kind], name) };
}

/**
 * A field of a typed record that the metadata names rather than the code (a workflow's state field, a lock's fields):
 * no type can know it, so it is read as a row's.
 */
export const fieldValue = (record: object, field: string): unknown => (record as Row)[field];
