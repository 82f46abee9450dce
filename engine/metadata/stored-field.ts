import type { FieldDef } from './registry.ts';

/** Whether an entity has a stored field of that name (a column: declared and not computed). */
export const isStored = (field: ReadonlyMap<string, FieldDef>, name: string): boolean =>
  field.has(name) && !field.get(name)!.computed;
