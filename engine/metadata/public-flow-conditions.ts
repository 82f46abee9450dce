import type { MetadataFault } from './metadata-error.ts';
import type { EntityDef } from './registry.ts';
import { checkCondition, conditionRoles, type KeyCheck } from './workflow-conditions.ts';

/**
 * Checks the conditions (`publicFlow.when`) of an entity's public flow, as those of a transition are checked: every
 * field, reference path, child collection, related entity, state value and text they name exists. They name no role:
 * the respondent signs in to nothing and holds none, so a role condition could only ever fail.
 */
export function checkPublicFlowConditions(
  entity: EntityDef,
  entities: ReadonlyMap<string, EntityDef>,
  faults: MetadataFault[],
  key: KeyCheck,
): void {
  const when = entity.publicFlow?.when;
  if (!when) return;
  when.forEach((c, j) => checkCondition(entity.source, `/publicFlow/when/${j}`, c, entity, entities, faults, key));
  for (const [role, pointer] of conditionRoles(when, '/publicFlow/when'))
    faults.push({
      file: entity.source,
      pointer,
      message: `names the role ${role}, but a respondent holds no role: a public flow's conditions are on the record`,
    });
}
