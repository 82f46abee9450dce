import type { MetadataFault } from './metadata-error.ts';
import type { EntityDef } from './registry.ts';

/** Each public flow's answers entity references its recipients; flow names are unique; share commands belong to flows. */
export function checkPublicFlows(entities: ReadonlyMap<string, EntityDef>, faults: MetadataFault[]): void {
  const names = new Map<string, string>();
  for (const entity of entities.values()) {
    const file = entity.source;
    if (entity.commands.some((c) => c.kind === 'share') && !entity.publicFlow) faults.push({ file, pointer: '/commands', message: 'a share command needs the entity to declare its publicFlow' });
    const p = entity.publicFlow;
    if (!p) continue;
    if (names.has(p.name)) faults.push({ file, pointer: '/publicFlow/name', message: `duplicates the public flow "${p.name}" of ${names.get(p.name)}` });
    names.set(p.name, entity.name);
    const answers = entities.get(p.answers.entity);
    if (!answers) {
      faults.push({ file, pointer: '/publicFlow/answers/entity', message: `names the unknown entity "${p.answers.entity}"` });
      continue;
    }
    if (answers.field.get(p.answers.via)?.ref !== entity.name) faults.push({ file, pointer: '/publicFlow/answers/via', message: `"${p.answers.via}" must be a field of ${answers.name} that references ${entity.name}` });
    const k = answers.field.get(p.answers.key);
    if (!k || k.computed || k.type !== 'integer') faults.push({ file, pointer: '/publicFlow/answers/key', message: `"${p.answers.key}" must be a stored whole-number field of ${answers.name}` });
    if (!answers.unique.some((u) => u.length === 2 && u.includes(p.answers.via) && u.includes(p.answers.key)))
      faults.push({ file, pointer: '/publicFlow/answers', message: `${answers.name} must declare ["${p.answers.via}", "${p.answers.key}"] unique: one answer per question` });
  }
}
