import type { MetadataFault } from './metadata-error.ts';
import type { EntityDef, LockRoute } from './registry.ts';
import { valueFault } from './workflow-conditions.ts';

/**
 * `heldBy` (entity.json): the references whose record holds this one in some states, as a workflow lock holds the
 * records of its child collections: a personal development area while its annual plan is Closed, a memorandum while
 * its audit is Closed. Checked here (each `ref` a stored reference, each `field` a stored field of the record it
 * references, each value one that field takes) and added to the entity's `lockRoutes`, so that the record store
 * (engine/records/state-locks.ts) refuses every write of a held record and "what may I do here" says so, as for a lock.
 * A reference that holds declares its own states because the referenced record need not have a workflow (an annual
 * plan's status is set by its form, not by transitions).
 */
export function addReferenceHolds(entities: ReadonlyMap<string, EntityDef>, faults: MetadataFault[]): void {
  for (const entity of entities.values()) {
    const routes: LockRoute[] = [];
    entity.heldBy.forEach((h, i) => {
      const fault = (at: string, message: string) =>
        void faults.push({ file: entity.source, pointer: `/heldBy/${i}${at}`, message });
      const ref = entity.field.get(h.ref);
      const target = ref?.ref ? entities.get(ref.ref) : undefined;
      if (!ref || ref.computed || !target)
        return fault('/ref', `"${h.ref}" is not a stored reference field of ${entity.name}`);
      const field = target.field.get(h.field);
      if (!field || field.computed) return fault('/field', `"${h.field}" is not a stored field of ${target.name}`);
      h.values.forEach((v, j) => {
        const bad = valueFault(field, v);
        if (bad) fault(`/values/${j}`, bad);
      });
      routes.push({
        holder: target.name,
        path: `@${h.ref}`,
        up: [{ via: h.ref, entity: target.name }],
        heldWhen: { field: h.field, values: h.values },
      });
    });
    if (routes.length) (entity as { lockRoutes: readonly LockRoute[] }).lockRoutes = [...entity.lockRoutes, ...routes];
  }
}
