import { lifecycleOf } from './lifecycle.ts';
import type { MetadataFault } from './metadata-error.ts';
import type { ChildDef, EntityDef } from './registry.ts';

/**
 * An entity's lifecycle and the stage each child section belongs to (`opensAt`, the lifecycle page's order): a
 * `stageField` is a stored enum field of an entity without a workflow (a workflow's states are its stages already),
 * and a section opens at a stage of its parent, so that a renamed or removed state cannot leave a section that never
 * opens.
 */
export function checkChildStages(
  entity: EntityDef,
  entities: ReadonlyMap<string, EntityDef>,
  faults: MetadataFault[],
): void {
  const file = entity.source;
  if (entity.stageField !== undefined) {
    const f = entity.field.get(entity.stageField);
    if (entity.workflow)
      faults.push({ file, pointer: '/stageField', message: 'an entity with a workflow has its states as its stages' });
    else if (!f || f.computed || !f.enum)
      faults.push({ file, pointer: '/stageField', message: `"${entity.stageField}" must be a stored enum field` });
  }
  const walk = (parent: EntityDef | undefined, children: readonly ChildDef[], pointer: string) =>
    children.forEach((c, i) => {
      const at = `${pointer}/${i}`;
      if (c.opensAt !== undefined && parent) {
        const states = lifecycleOf(parent)?.states;
        if (!states)
          faults.push({
            file,
            pointer: `${at}/opensAt`,
            message: `names the state "${c.opensAt}", but ${parent.name} has no workflow or stageField`,
          });
        else if (!states.includes(c.opensAt))
          faults.push({
            file,
            pointer: `${at}/opensAt`,
            message: `"${c.opensAt}" is not a stage of ${parent.name} (${states.join(', ')})`,
          });
      }
      walk(entities.get(c.entity), c.children ?? [], `${at}/children`);
    });
  walk(entity, entity.children, '/children');
}
