/** Standard fields that are never empty. */
export const ALWAYS_SET: ReadonlySet<string> = new Set(['id', 'version', 'createdAt', 'updatedAt']);

/**
 * Whether `?after=` can page a list in this sort ("lastName", "-createdAt,-id"): every field in one direction, and
 * every field one a record always has (an empty value has no place to seek past). The server refuses `after`
 * otherwise, so the grids page such a list by offset. Shared by the list query and the renderer.
 */
export function keysetPageable(sort: string, required: (field: string) => boolean): boolean {
  const parts = sort.split(',').map((s) => s.trim()).filter(Boolean);
  const directions = new Set(parts.map((p) => p.startsWith('-')));
  return directions.size <= 1 && parts.every((p) => ALWAYS_SET.has(p.replace(/^-/, '')) || required(p.replace(/^-/, '')));
}
