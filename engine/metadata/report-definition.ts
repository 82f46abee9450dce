import type { MetadataFault as Fault } from './metadata-error.ts';
import type { EntityDef, JsonSchema } from './registry.ts';

// the report's shape is the renderer's too (it draws the filters, table and chart from it)
import type { ReportColumnFormat, ReportDef } from '../../contract/meta-reply.ts';
export type { ReportColumn, ReportColumnFormat, ReportDef } from '../../contract/meta-reply.ts';

type Declared = {
  parameters?: Record<string, JsonSchema>;
  required?: string[];
  columns: { key: string; title: string; format?: ReportColumnFormat }[];
  chart?: ReportDef['chart'];
};

/**
 * A command's report block as the engine holds it, with the faults of its own shape: a report is a GET hook
 * command; its required parameters are declared, its columns unique, its chart draws columns it has, every title a key.
 */
export function buildReport(
  declared: Declared,
  command: { kind: string; method?: string },
  file: string,
  pointer: string,
  faults: Fault[],
  key: (file: string, pointer: string, k: string | undefined) => void,
): ReportDef {
  if (command.kind !== 'hook' || command.method !== 'GET')
    faults.push({ file, pointer, message: 'a report is a GET hook command' });
  const parameters = (declared.parameters ?? {}) as ReportDef['parameters'];
  for (const [name, p] of Object.entries(parameters)) key(file, `${pointer}/parameters/${name}/title`, p.title);
  for (const r of declared.required ?? [])
    if (!(r in parameters))
      faults.push({ file, pointer: `${pointer}/required`, message: `names "${r}", which is not a parameter` });
  const keys = new Set<string>();
  declared.columns.forEach((c, i) => {
    if (keys.has(c.key))
      faults.push({ file, pointer: `${pointer}/columns/${i}/key`, message: `"${c.key}" is a column already` });
    keys.add(c.key);
    key(file, `${pointer}/columns/${i}/title`, c.title);
  });
  for (const k of [declared.chart?.category, ...(declared.chart?.values ?? [])])
    if (k !== undefined && !keys.has(k))
      faults.push({ file, pointer: `${pointer}/chart`, message: `draws "${k}", which is not a column` });
  return {
    parameters,
    required: declared.required ?? [],
    columns: declared.columns.map((c) => ({ key: c.key, title: c.title, format: c.format ?? 'text' })),
    chart: declared.chart,
  };
}

/**
 * A report parameter that names a record (x-ref) names an entity that exists; one that takes its choices from another
 * entity's records (x-choicesFrom) names that entity, a stored field of it, and matches its stored fields to the
 * report's own parameters.
 */
export function checkReportReferences(
  entity: EntityDef,
  entities: ReadonlyMap<string, EntityDef>,
  faults: Fault[],
): void {
  entity.commands.forEach((c, i) => {
    const parameters = c.report?.parameters ?? {};
    for (const [name, p] of Object.entries(parameters)) {
      const pointer = `/commands/${i}/report/parameters/${name}`;
      const fault = (at: string, message: string) =>
        faults.push({ file: entity.source, pointer: pointer + at, message });
      if (p['x-ref'] && !entities.has(p['x-ref'])) fault('', `names the unknown entity "${p['x-ref']}"`);
      const from = p['x-choicesFrom'];
      if (!from) continue;
      const source = entities.get(from.entity);
      if (!source) {
        fault('/x-choicesFrom/entity', `names the unknown entity "${from.entity}"`);
        continue;
      }
      const stored = (f: string) => source.field.has(f) && !source.field.get(f)!.computed;
      if (!stored(from.field)) fault('/x-choicesFrom/field', `"${from.field}" is not a stored field of ${from.entity}`);
      for (const [field, parameter] of Object.entries(from.match ?? {})) {
        if (!stored(field))
          fault(`/x-choicesFrom/match/${field}`, `"${field}" is not a stored field of ${from.entity}`);
        if (!(parameter in parameters))
          fault(`/x-choicesFrom/match/${field}`, `"${parameter}" is not a parameter of the report`);
      }
    }
  });
}
