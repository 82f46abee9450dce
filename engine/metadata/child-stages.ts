import type { MetadataFault } from './metadata-error.ts';
import type { ChildDef, EntityDef } from './registry.ts';

/**
 * The stage each child section belongs to (`opensAt`, the lifecycle page's order): a state of the parent's workflow,
 * so that a renamed or removed state cannot leave a section that never opens. A parent without a workflow has no
 * stages to name.
 */
export function checkChildStages(
  entity: EntityDef,
  entities: ReadonlyMap<string, EntityDef>,
  faults: MetadataFault[],
): void {
  const walk = (parent: EntityDef | undefined, children: readonly ChildDef[], pointer: string) =>
    children.forEach((c, i) => {
      const at = `${pointer}/${i}`;
      if (c.opensAt !== undefined && parent) {
        const states = parent.workflow?.states;
        if (!states)
          faults.push({
            file: entity.source,
            pointer: `${at}/opensAt`,
            message: `names the state "${c.opensAt}", but ${parent.name} has no workflow`,
          });
        else if (!states.includes(c.opensAt))
          faults.push({
            file: entity.source,
            pointer: `${at}/opensAt`,
            message: `"${c.opensAt}" is not a state of ${parent.name}'s workflow (${states.join(', ')})`,
          });
      }
      walk(entities.get(c.entity), c.children ?? [], `${at}/children`);
    });
  walk(entity, entity.children, '/children');
}
