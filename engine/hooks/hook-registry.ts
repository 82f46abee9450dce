import type { Row } from '../db/db.ts';
import type { HookCatalog, HookKind } from '../metadata/loader.ts';
import type { EntityDef } from '../metadata/registry.ts';
import type { CallContext } from '../records/call-context.ts';

/** A derived field: pure, from the stored fields of one record. */
export type ComputedHook = (record: Row) => unknown;
/** A command that metadata cannot express; runs in the call's transaction and returns the reply's data. */
export type CommandHook = (ctx: CallContext, entity: EntityDef, input: Record<string, unknown>) => Promise<unknown>;
/** Runs in the write's transaction after an add (before = null) or an update. */
export type AfterWriteHook = (ctx: CallContext, entity: EntityDef, before: Row | null, after: Row) => Promise<void>;
/** Runs in a workflow transition's transaction after the state changed. */
export type TransitionHook = (ctx: CallContext, entity: EntityDef, record: Row, action: string) => Promise<void>;

export interface HookRegistry extends HookCatalog {
  readonly computed: Readonly<Record<string, ComputedHook>>;
  readonly command: Readonly<Record<string, CommandHook>>;
  readonly afterWrite: Readonly<Record<string, AfterWriteHook>>;
  readonly transition: Readonly<Record<string, TransitionHook>>;
}

export function createHookRegistry(hooks: Omit<HookRegistry, 'has'>): HookRegistry {
  return { ...hooks, has: (kind: HookKind, name: string) => Object.hasOwn(hooks[kind], name) };
}
