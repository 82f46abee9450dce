import type { MetadataFault } from './metadata-error.ts';
import type { EntityDef, Role } from './registry.ts';
import { checkCondition, conditionRoles, type KeyCheck } from './workflow-conditions.ts';

/**
 * Checks an entity's conditions on its writes (`writeWhen`), as those of a transition are checked: every field,
 * reference path, child collection, state value and text they name exists. Their roles are checked with every other
 * role (engine/metadata/relationship-roles.ts, by writeConditionRoles).
 */
export function checkWriteConditions(
  entity: EntityDef,
  entities: ReadonlyMap<string, EntityDef>,
  faults: MetadataFault[],
  key: KeyCheck,
): void {
  for (const write of ['add', 'update'] as const)
    entity.writeWhen[write]?.forEach((c, j) =>
      checkCondition(entity.source, `/writeWhen/${write}/${j}`, c, entity, entities, faults, key),
    );
}

/** The roles the write conditions name, each with its JSON pointer. */
export function writeConditionRoles(entity: EntityDef): [Role, string][] {
  return (['add', 'update'] as const).flatMap((write) =>
    conditionRoles(entity.writeWhen[write], `/writeWhen/${write}`),
  );
}
