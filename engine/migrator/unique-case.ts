import type { FieldDef } from '../metadata/registry.ts';

/**
 * Whether a unique constraint compares this field without regard to case: a plan may not have perspectives "Finance"
 * and "finance" (text is trimmed before it is stored, engine/records/text-input.ts). Names (`name`, `…Name`) are by
 * default, other text when it declares `"x-caseSensitive": false`; a code the engine upserts by (a module's `code`)
 * stays exact.
 */
export function uniqueIgnoresCase(f: FieldDef): boolean {
  if (f.type !== 'string' || f.format || f.enum || f.ref) return false;
  const declared = f.schema['x-caseSensitive'];
  if (typeof declared === 'boolean') return !declared;
  return f.name === 'name' || f.name.endsWith('Name');
}

/** The prefix of a unique index that compares some of its fields without regard to case (the others exactly). */
export const CASE_FOLDED_UNIQUE = 'uqc';
