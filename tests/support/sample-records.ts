import type { EntityDef, FieldDef, Registry } from '../../engine/metadata/registry.ts';
import type { Client } from './test-stratum.ts';

let counter = 0;

/** A valid value for a field that is not a reference, from its schema alone. */
function sampleValue(f: FieldDef): unknown {
  const s = f.schema as { minimum?: number; pattern?: string };
  if (f.enum) return f.enum[0];
  if (f.type === 'integer' || f.type === 'number') return s.minimum ?? 1;
  if (f.type === 'boolean') return true;
  if (f.type === 'object') return {};
  if (f.type === 'array') return [];
  if (f.format === 'date') return '2026-01-01';
  if (f.format === 'date-time') return '2026-01-01T00:00:00.000Z';
  if (f.format === 'email') return `sample${++counter}.${Date.now()}@sample.example`;
  if (s.pattern?.includes('#')) return '#336699';
  return `Sample ${++counter}`;
}

/**
 * Adds a valid record of any entity through the API, first adding what its references need; generated from the
 * metadata, so that a new entity is covered without new test code. Returns the record and every record it made.
 */
export async function addSample(client: Client, registry: Registry, entityName: string, overrides: Record<string, unknown> = {}): Promise<{ record: any; made: { entity: string; id: number }[] }> {
  const entity = registry.entity(entityName);
  const made: { entity: string; id: number }[] = [];
  const body: Record<string, unknown> = {};
  for (const f of entity.fields) {
    if (f.readOnly || f.name in overrides) continue;
    if (f.ref) {
      if (!f.required || f.ref === entityName) continue;
      const target = registry.entity(f.ref);
      if (target.scope === 'platform') {
        body[f.name] = (await client.get(`${f.ref}?limit=1`)).body.data[target.dataKeys.list][0].id;
      } else {
        const parent = await addSample(client, registry, f.ref);
        made.push(...parent.made);
        body[f.name] = parent.record.id;
      }
    } else if (f.required) body[f.name] = sampleValue(f);
  }
  Object.assign(body, overrides);
  const r = await client.post(`${entityName}/add`, body);
  if (r.status !== 200) throw new Error(`sample ${entityName}: ${r.status} ${r.body.err_msg}`);
  const record = r.body.data[entity.dataKeys.item];
  made.push({ entity: entityName, id: record.id });
  return { record, made };
}

/** Company entities an executive can add through the generic API. */
export const addableCompanyEntities = (registry: Registry): EntityDef[] =>
  [...registry.entities.values()].filter((e) => e.scope === 'company' && !e.system && e.access.add.includes('employee:moduleAdmin'));
