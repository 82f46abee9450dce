import type { MetadataFault } from './metadata-error.ts';
import type { ChildDef, EntityDef } from './registry.ts';

/**
 * An entity's references to other entities, checked once every entity is defined: each x-ref names an entity (a
 * platform entity no company one) and is an integer, a required one is not set to null on delete; each child
 * collection (and its children) is linked by a field of the child that references the parent; each bulk lookup goes
 * by a field unique on its own in the referenced entity.
 */
export function checkReferences(
  entity: EntityDef,
  entities: ReadonlyMap<string, EntityDef>,
  faults: MetadataFault[],
): void {
  const file = entity.source;
  for (const f of entity.fields) {
    if (!f.ref) continue;
    const target = entities.get(f.ref);
    const pointer = `/schema/properties/${f.name}/x-ref`;
    if (!target) faults.push({ file, pointer, message: `names the unknown entity "${f.ref}"` });
    else if (entity.scope === 'platform' && target.scope === 'company')
      faults.push({ file, pointer, message: `a platform entity cannot reference the company entity "${f.ref}"` });
    if (f.type !== 'integer') faults.push({ file, pointer, message: 'a reference is an integer field' });
    if (f.onDelete === 'setNull' && f.required)
      faults.push({ file, pointer, message: 'a required reference cannot be set to null on delete' });
  }
  const checkChildren = (parent: EntityDef, children: readonly ChildDef[], pointer: string) =>
    children.forEach((c, i) => {
      const child = entities.get(c.entity);
      if (!child)
        return void faults.push({
          file,
          pointer: `${pointer}/${i}/entity`,
          message: `names the unknown entity "${c.entity}"`,
        });
      const via = child.field.get(c.via);
      if (!via || via.ref !== parent.name)
        faults.push({
          file,
          pointer: `${pointer}/${i}/via`,
          message: `"${c.via}" must be a field of ${c.entity} that references ${parent.name}`,
        });
      checkChildren(child, c.children ?? [], `${pointer}/${i}/children`);
    });
  checkChildren(entity, entity.children, '/children');
  entity.commands.forEach((c, i) => {
    for (const [f, key] of Object.entries(c.lookups)) {
      const target = entities.get(entity.field.get(f)?.ref ?? '');
      if (target && !(target.field.has(key) && target.unique.some((u) => u.length === 1 && u[0] === key)))
        faults.push({
          file,
          pointer: `/commands/${i}/lookups/${f}`,
          message: `"${key}" must be a field of ${target.name} that is unique on its own`,
        });
    }
  });
}
