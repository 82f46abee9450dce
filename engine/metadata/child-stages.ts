import { lifecycleOf } from './lifecycle.ts';
import type { MetadataFault } from './metadata-error.ts';
import type { ChildDef, EntityDef } from './registry.ts';

/**
 * An entity's lifecycle and the stage each child section belongs to (`opensAt`, the lifecycle page's order): a
 * `stageField` is a stored enum field of an entity without a workflow (a workflow's states are its stages already), or
 * a computed one (a contract's phase, from its signing, status and end date),
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
    // a computed stage (a contract's phase) may follow a workflow's state and more; a stored one is a workflow's alternative
    if (entity.workflow && !f?.computed)
      faults.push({
        file,
        pointer: '/stageField',
        message: 'an entity with a workflow has its states as its stages (or a computed stage field that follows them)',
      });
    else if (!f || !f.enum)
      faults.push({ file, pointer: '/stageField', message: `"${entity.stageField}" must be an enum field` });
  }
  const walk = (parent: EntityDef | undefined, children: readonly ChildDef[], pointer: string) =>
    children.forEach((c, i) => {
      const at = `${pointer}/${i}`;
      if (c.opensAt !== undefined && parent) {
        const states = lifecycleOf(parent)?.states;
        // a workflow the schema refused is left out and has its own fault already
        const refused = faults.some((f) => f.file === parent.source.replace(/entity\.json$/, 'workflow.json'));
        if (!states && !refused)
          faults.push({
            file,
            pointer: `${at}/opensAt`,
            message: `names the state "${c.opensAt}", but ${parent.name} has no workflow or stageField`,
          });
        else if (states && !states.includes(c.opensAt))
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
