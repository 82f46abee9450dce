import type { Registry } from '../../metadata/registry.ts';
import { titleFieldOf } from '../../metadata/title-field.ts';
import { escapeLike } from '../../records/list-query.ts';
import type { FilterHook, FilterSql } from '../hook-registry.ts';

/** How a value is matched: contained in it, regardless of case, when the trail is searched (?q=); else equal to it. */
const matches = (sql: FilterSql, value: string) =>
  sql.contains ? `ILIKE ${sql.param(`%${escapeLike(value)}%`)}` : `= ${sql.param(value)}`;

/** The record types of the metadata by the field that names their records (most by `name`, some by `title`, …). */
function entitiesByTitleField(registry: Registry): Map<string, string[]> {
  const by = new Map<string, string[]>();
  for (const e of registry.entities.values()) {
    const field = titleFieldOf(e);
    if (field === 'id') continue;
    by.set(field, [...(by.get(field) ?? []), e.name]);
  }
  return by;
}

/**
 * recordTitle searched or filtered: the entries whose record, as the entry holds it (after the write, before it for a
 * delete), has the text in its title field, the one audit.recordTitle shows; so "Freight" finds the writes to the
 * Freight contract, those made before this search existed too, since every entry holds its record.
 */
export const recordTitleFilter: FilterHook = (value, sql) => {
  if (!sql.registry) return 'FALSE';
  const record = `COALESCE(${sql.column('after')}, ${sql.column('before')})`;
  const entity = sql.column('entity');
  const parts = [...entitiesByTitleField(sql.registry)].map(
    // the field name is the metadata's (a known identifier), never the caller's
    ([field, names]) => `(${entity} = ANY(${sql.param(names)}) AND ${record} ->> '${field}' ${matches(sql, value)})`,
  );
  return parts.length ? parts.join(' OR ') : 'FALSE';
};

/**
 * entityLabel searched or filtered: the entries about a record type whose label holds the text in any language the
 * product speaks, so that a reader finds "Vertrag" or "চুক্তি" as well as "Contract"; its name, too ("contract").
 */
export const entityLabelFilter: FilterHook = (value, sql) => {
  if (!sql.registry) return 'FALSE';
  const wanted = value.toLocaleLowerCase();
  const hit = (s: string | undefined) =>
    s !== undefined && (sql.contains ? s.toLocaleLowerCase().includes(wanted) : s.toLocaleLowerCase() === wanted);
  const names = [...sql.registry.entities.values()]
    .filter((e) => hit(e.name) || Object.values(sql.registry!.messages).some((m) => hit(m[e.label])))
    .map((e) => e.name);
  return names.length ? `${sql.column('entity')} = ANY(${sql.param(names)})` : 'FALSE';
};
