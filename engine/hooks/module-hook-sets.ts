import type { ModuleHookSet } from './hook-registry.ts';

/**
 * The hook sets of the modules that keep their hooks in one file of their own
 * (`engine/hooks/<module>/<module>-hooks.ts`); the older modules are still listed in `index.ts`.
 */
export const moduleHookSets: ModuleHookSet[] = [];
