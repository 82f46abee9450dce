/** The kinds of hook the metadata names (engine/hooks/hook-registry.ts registers them by kind and name). */
export type HookKind = 'computed' | 'command' | 'afterWrite' | 'beforeWrite' | 'beforeDelete' | 'transition' | 'filter';

/** What the loader asks of the hooks: whether one of a kind and name exists, so that a name the metadata gets wrong fails the load. */
export interface HookCatalog {
  has(kind: HookKind, name: string): boolean;
}
