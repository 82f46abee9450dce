import type { Row } from '../db/db.ts';
import type { HookCatalog, HookKind } from '../metadata/loader.ts';
import type { EntityDef, Registry } from '../metadata/registry.ts';
import type { CallContext } from '../records/call-context.ts';

/**
 * A derived field: pure, from the stored fields of one record; `registry` (the engine always gives it) for a value
 * that depends on what the metadata says of another entity (an audit entry's record type, by its label).
 */
export type ComputedHook = (record: Row, registry?: Registry) => unknown;
/** A command that metadata cannot express; runs in the call's transaction and returns the reply's data. */
export type CommandHook = (ctx: CallContext, entity: EntityDef, input: Record<string, unknown>) => Promise<unknown>;
/** Runs in the write's transaction after an add (before = null) or an update. */
export type AfterWriteHook = (ctx: CallContext, entity: EntityDef, before: Row | null, after: Row) => Promise<void>;
/**
 * Runs in the write's transaction before an add (before = null) or an update, on the record as it will be stored;
 * returns the derived (read-only) field values to store with it, or throws to refuse the write.
 */
export type BeforeWriteHook = (ctx: CallContext, entity: EntityDef, before: Row | null, record: Row) => Promise<Row>;
/** Runs in the delete's transaction before a record goes, on the record as stored; throws to refuse the delete. */
export type BeforeDeleteHook = (ctx: CallContext, entity: EntityDef, record: Row) => Promise<void>;
/** Runs in a workflow transition's transaction after the state changed. */
export type TransitionHook = (ctx: CallContext, entity: EntityDef, record: Row, action: string) => Promise<void>;
/** What a filter hook writes its SQL with: a stored field's column, and a placeholder for a value. */
export interface FilterSql {
  column(field: string): string;
  param(value: unknown): string;
}
/**
 * A list filter on a computed field (?dueStatus=Overdue): the SQL condition over the record's stored columns that
 * selects the records whose computed value is `value`; named like the field's computed hook, and agreeing with it.
 */
export type FilterHook = (value: string, sql: FilterSql) => string;

export interface HookRegistry extends HookCatalog {
  readonly computed: Readonly<Record<string, ComputedHook>>;
  readonly command: Readonly<Record<string, CommandHook>>;
  readonly afterWrite: Readonly<Record<string, AfterWriteHook>>;
  readonly beforeWrite: Readonly<Record<string, BeforeWriteHook>>;
  readonly beforeDelete: Readonly<Record<string, BeforeDeleteHook>>;
  readonly transition: Readonly<Record<string, TransitionHook>>;
  readonly filter: Readonly<Record<string, FilterHook>>;
}

/** The hooks one module contributes, by kind (`engine/hooks/<module>/<module>-hooks.ts`). */
export type ModuleHookSet = { readonly [K in keyof Omit<HookRegistry, 'has'>]?: HookRegistry[K] };

/** All module hook sets as one; a name declared twice is a programming error, caught at start-up. */
export function mergeHookSets(...sets: ModuleHookSet[]): Omit<HookRegistry, 'has'> {
  const merged: Record<string, Record<string, unknown>> = {
    computed: {}, command: {}, afterWrite: {}, beforeWrite: {}, beforeDelete: {}, transition: {}, filter: {},
  };
  for (const set of sets) {
    for (const [kind, named] of Object.entries(set)) {
      for (const [name, hook] of Object.entries(named ?? {})) {
        if (Object.hasOwn(merged[kind]!, name)) throw new Error(`The ${kind} hook "${name}" is declared twice`);
        merged[kind]![name] = hook;
      }
    }
  }
  return merged as unknown as Omit<HookRegistry, 'has'>;
}

/** Kinds a registry may leave out (added after the first hooks were written) default to none. */
export function createHookRegistry(
  given: Omit<HookRegistry, 'has' | 'beforeWrite' | 'beforeDelete' | 'filter'> & Partial<Pick<HookRegistry, 'beforeWrite' | 'beforeDelete' | 'filter'>>,
): HookRegistry {
  const hooks = { beforeWrite: {}, beforeDelete: {}, filter: {}, ...given };
  return { ...hooks, has: (kind: HookKind, name: string) => Object.hasOwn(hooks[kind], name) };
}
