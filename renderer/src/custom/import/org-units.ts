import { ORG_LEVELS, type OrgField, type OrgLevel } from './employee-fields.ts';
import type { RowProblem } from './row-problem.ts';

/** One unit of a level as loaded from its list: its id, its name (the entity's title field) and its parent's id. */
export interface OrgUnit {
  id: number;
  name: string;
  parentId: number | null;
}

/** Every unit of each level; a level the user may not read is an empty list. */
export type OrgDirectory = Record<OrgLevel, readonly OrgUnit[]>;

/** Names compare without regard to case or to spaces around and between words. */
export const nameKey = (name: string): string => name.trim().replace(/\s+/g, ' ').toLocaleLowerCase();

/** The directory indexed for look-ups: by id and by name, per level (ORG_LEVELS order). */
export interface OrgIndex {
  byId: Map<number, OrgUnit>[];
  byName: Map<string, OrgUnit[]>[];
}

export function indexOrgDirectory(directory: OrgDirectory): OrgIndex {
  const byId = ORG_LEVELS.map((l) => new Map((directory[l.entity] ?? []).map((u) => [u.id, u])));
  const byName = ORG_LEVELS.map((l) => {
    const m = new Map<string, OrgUnit[]>();
    for (const u of directory[l.entity] ?? []) {
      const k = nameKey(u.name);
      m.set(k, [...(m.get(k) ?? []), u]);
    }
    return m;
  });
  return { byId, byName };
}

/** The ancestor of a unit of level `level` at the higher level `at` (the unit itself when at = level). */
function ancestorAt(index: OrgIndex, unit: OrgUnit, level: number, at: number): OrgUnit | undefined {
  let u: OrgUnit | undefined = unit;
  for (let l = level; u && l > at; l--) u = u.parentId === null ? undefined : index.byId[l - 1].get(u.parentId);
  return u;
}

/** The deepest unit of a row found so far, with its level (index in ORG_LEVELS). */
interface Found {
  level: number;
  unit: OrgUnit;
}

export interface ResolvedUnits {
  ids: Partial<Record<OrgField, number>>;
  problems: RowProblem[];
}

/**
 * Turns a row's unit names into ids. A name is looked up among the units under the nearest unit above it that the row
 * names (a department "Finance" of the business unit "Retail"), or among all of its level when the row names none above;
 * an unknown name, or one that several units share, is a problem of the row. Levels above the deepest unit found that
 * the row leaves empty are filled from that unit's parents.
 */
export function resolveOrgUnits(names: Partial<Record<OrgField, string>>, index: OrgIndex): ResolvedUnits {
  const ids: Partial<Record<OrgField, number>> = {};
  const problems: RowProblem[] = [];
  let above: Found | null = null;
  for (let level = 0; level < ORG_LEVELS.length; level++) {
    const field = ORG_LEVELS[level].field;
    const name = names[field]?.trim();
    if (!name) continue;
    const sameName = index.byName[level].get(nameKey(name)) ?? [];
    const parent: Found | null = above;
    const candidates: OrgUnit[] = parent
      ? sameName.filter((u) => ancestorAt(index, u, level, parent.level)?.id === parent.unit.id)
      : sameName;
    if (candidates.length === 1) {
      ids[field] = candidates[0].id;
      above = { level, unit: candidates[0] };
    } else if (candidates.length > 1) {
      problems.push({ field, key: 'import.error.ambiguousUnit', params: { name } });
    } else if (parent && sameName.length) {
      problems.push({ field, key: 'import.error.notUnder', params: { name, parent: parent.unit.name } });
    } else {
      problems.push({ field, key: 'import.error.unknownUnit', params: { name } });
    }
  }
  if (above && problems.length === 0)
    for (let level = above.level - 1; level >= 0; level--) {
      const field = ORG_LEVELS[level].field;
      const parent = ancestorAt(index, above.unit, above.level, level);
      if (ids[field] === undefined && parent) ids[field] = parent.id;
    }
  return { ids, problems };
}
