import type { MetadataFault } from './metadata-error.ts';
import type { EntityDef } from './registry.ts';
import { checkCondition, type KeyCheck } from './workflow-conditions.ts';

/**
 * Checks the conditions (`when`) of an entity's commands, as those of a transition are checked: every field, reference
 * path, child collection, state value and text they name exists (their roles are checked with every other role,
 * engine/metadata/relationship-roles.ts). A command with conditions must act on one record: a patch, upload or share,
 * or a POST hook given that record's `id`, since the conditions are judged on it before the command runs.
 */
export function checkCommandConditions(
  entity: EntityDef,
  entities: ReadonlyMap<string, EntityDef>,
  faults: MetadataFault[],
  key: KeyCheck,
): void {
  entity.commands.forEach((c, i) => {
    if (!c.when?.length) return;
    const pointer = `/commands/${i}/when`;
    const onOneRecord =
      c.method === 'POST' && (c.kind === 'patch' || c.kind === 'upload' || c.kind === 'share' || c.kind === 'hook');
    if (!onOneRecord)
      faults.push({
        file: entity.source,
        pointer,
        message: `only a command on one record (a POST patch, upload, share or hook, given the record's "id") has conditions; ${c.name} is a ${c.method} ${c.kind}`,
      });
    c.when.forEach((cond, j) => checkCondition(entity.source, `${pointer}/${j}`, cond, entity, entities, faults, key));
  });
}
