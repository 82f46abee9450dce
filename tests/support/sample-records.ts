import type { EntityDef, FieldDef, Registry } from '../../engine/metadata/registry.ts';
import type { Client } from './test-stratum.ts';

let counter = 0;

/** A valid value for a field that is not a reference, from its schema alone. */
export function sampleValue(f: FieldDef): unknown {
  const s = f.schema as { minimum?: number; pattern?: string };
  if (f.enum) return f.enum[0];
  if (f.type === 'integer' || f.type === 'number') return s.minimum ?? 1;
  if (f.type === 'boolean') return true;
  if (f.type === 'object') return {};
  if (f.type === 'array') {
    // a list that must not be empty (a directory's e-mail domains) gets as many items as it needs
    const { minItems = 0, items = {} } = f.schema as { minItems?: number; items?: { type?: string; format?: string } };
    return Array.from({ length: minItems }, () =>
      items.format === 'hostname' ? `sample${++counter}.example` : items.type === 'string' ? `Sample ${++counter}` : 1,
    );
  }
  if (f.format === 'uri') return `https://sample${++counter}.example`;
  if (f.format === 'date') return '2026-01-01';
  if (f.format === 'date-time') return '2026-01-01T00:00:00.000Z';
  if (f.format === 'email') return `sample${++counter}.${Date.now()}@sample.example`;
  if (s.pattern?.includes('#')) return '#336699';
  return `Sample ${++counter}`;
}

/**
 * Parent records shared by samples (entity name -> id): the records a sample's references need share their own
 * ancestors through it (a performance review's cycle and initiative then belong to one annual plan, as the rules
 * between them require), and samples given the same map reuse those ancestors; the record's own references each get
 * a record of their own (a link's cause and effect are two objectives).
 */
export type ParentCache = Map<string, number>;

/** A valid add body for any entity, first adding (through the API) what its required references need; generated from the metadata. */
export async function sampleBody(
  client: Client,
  registry: Registry,
  entityName: string,
  overrides: Record<string, unknown> = {},
  shared: ParentCache = new Map(),
  nested = false,
): Promise<{ body: Record<string, unknown>; made: { entity: string; id: number }[] }> {
  const entity = registry.entity(entityName);
  const made: { entity: string; id: number }[] = [];
  const body: Record<string, unknown> = {};
  const referenced = new Set<string>();
  for (const f of entity.fields) {
    if (f.readOnly || f.name in overrides) continue;
    if (f.ref) {
      // a reference some kinds of record need (an annual scorecard's plan) is given too
      if ((!f.required && !entity.requiredWhen.some((r) => r.field === f.name)) || f.ref === entityName) continue;
      const target = registry.entity(f.ref);
      if (target.scope === 'platform') {
        body[f.name] = (await client.get(`${f.ref}?limit=1`)).body.data[target.dataKeys.list][0].id;
      } else {
        // a second reference to the same entity (an audit's auditor and its approver) is somebody else
        const again = referenced.has(f.ref);
        referenced.add(f.ref);
        if (nested && shared.has(f.ref) && !again) {
          body[f.name] = shared.get(f.ref);
          continue;
        }
        // a record unique by its references alone (a survey's reviewed employee) may already exist for the shared
        // parents: then it gets parents of its own
        const link = target.unique.some((u) => u.length > 1 && u.every((n) => target.field.get(n)?.ref));
        // so may one unique by a reference and a sample value (a scorecard's assessment of Q1): it gets a family of its
        // own, which the rest of this record then shares (the assessed KPI is one of the assessment's scorecard)
        const partLink = !link && target.unique.some((u) => u.length > 1 && u.some((n) => target.field.get(n)?.ref));
        const ref = f.ref;
        const parent = await addSample(client, registry, ref, {}, again ? new Map(shared) : shared, !again).catch(
          async (e: Error) => {
            if (link && / 409 /.test(e.message)) return addSample(client, registry, ref, {}, new Map(), false);
            if (!partLink || !/ 409 /.test(e.message)) throw e;
            const family: ParentCache = new Map();
            const own = await addSample(client, registry, ref, {}, family, true);
            for (const [name, id] of family) shared.set(name, id);
            return own;
          },
        );
        made.push(...parent.made);
        body[f.name] = parent.record.id;
      }
    } else if (f.required) body[f.name] = sampleValue(f);
  }
  Object.assign(body, overrides);
  // a record that names its owner is of a kind its owner's roles judge (access.ownedWhen: an employee's scorecard)
  const owned = entity.ownedWhen?.[0];
  if (owned && entity.owner && body[entity.owner] !== undefined)
    for (const [name, values] of Object.entries(owned)) if (!(name in overrides)) body[name] = values[0];
  // a body that names an employee among a list's (x-pickAmong: a management action's owner) is sent as a person would:
  // with that employee on the list first
  for (const f of entity.fields) {
    const among = f.schema['x-pickAmong'] as { entity: string; field: string } | undefined;
    const employeeId = body[f.name];
    if (!among || typeof employeeId !== 'number') continue;
    const listed = await client.get(`${among.entity}?${among.field}=${employeeId}&limit=1`);
    if (listed.status === 200 && listed.body.data.total === 0)
      await client.post(`${among.entity}/add`, { [among.field]: employeeId });
  }
  return { body, made };
}

/**
 * Adds a valid record of any entity through the API, first adding what its references need; generated from the
 * metadata, so that a new entity is covered without new test code. Returns the record and every record it made.
 */
export async function addSample(
  client: Client,
  registry: Registry,
  entityName: string,
  overrides: Record<string, unknown> = {},
  shared: ParentCache = new Map(),
  nested = false,
): Promise<{ record: any; made: { entity: string; id: number }[] }> {
  const entity = registry.entity(entityName);
  const { body, made } = await sampleBody(client, registry, entityName, overrides, shared, nested);
  // a record that carries a file (evidence) is added by its attach command, with a small PDF
  const attach = entity.access.add.includes('employee:moduleAdmin')
    ? undefined
    : entity.commands.find((c) => c.kind === 'attach');
  const r = attach
    ? await client.raw(`${entityName}/${attach.name}`, { method: 'POST', body: samplePdfForm(body) })
    : await client.post(`${entityName}/add`, body);
  if (r.status !== 200) throw new Error(`sample ${entityName}: ${r.status} ${r.body.err_msg}`);
  const record = attach ? r.body.data[attach.dataKey].record : r.body.data[entity.dataKeys.item];
  made.push({ entity: entityName, id: record.id });
  // only a record whose own parents came from the map joins it, so that what the map holds stays one family
  if (nested && !shared.has(entityName)) shared.set(entityName, record.id);
  return { record, made };
}

/** The smallest PDF the file store takes (it checks the signature), in a multipart form with the record's fields. */
export const SAMPLE_PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
function samplePdfForm(fields: Record<string, unknown>): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) if (v !== undefined && v !== null) form.set(k, String(v));
  form.set('document', new File([SAMPLE_PDF], 'sample.pdf', { type: 'application/pdf' }));
  return form;
}

/** Company entities an executive can add through the generic API (or, for records that carry a file, attach). */
export const addableCompanyEntities = (registry: Registry): EntityDef[] =>
  [...registry.entities.values()].filter(
    (e) =>
      e.scope === 'company' &&
      !e.system &&
      (e.access.add.includes('employee:moduleAdmin') ||
        e.commands.some((c) => c.kind === 'attach' && c.access.includes('employee:moduleAdmin'))),
  );
