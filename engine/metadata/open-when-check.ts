import type { MetadataFault } from './metadata-error.ts';
import type { EntityDef } from './registry.ts';

/**
 * Checks every `x-openWhen` (a field set only while the record holds some values: a contract's status once signed):
 * each field it names is the entity's, and each value one that field can hold, so that a misspelt name fails the
 * start instead of hiding the field from every form.
 */
export function checkOpenWhens(entities: ReadonlyMap<string, EntityDef>, faults: MetadataFault[]): void {
  for (const entity of entities.values()) {
    for (const f of entity.fields) {
      const openWhen = f.schema['x-openWhen'] as Record<string, readonly (string | number)[]> | undefined;
      for (const [name, values] of Object.entries(openWhen ?? {})) {
        const fault = (message: string) =>
          faults.push({ file: entity.source, pointer: `/schema/properties/${f.name}/x-openWhen/${name}`, message });
        const own = entity.field.get(name);
        if (!own) fault(`names "${name}", which ${entity.name} does not have`);
        else if (own.enum && values.some((v) => !own.enum!.includes(v)))
          fault(`lists a value "${name}" cannot hold (${own.enum.join(', ')})`);
      }
    }
  }
}
