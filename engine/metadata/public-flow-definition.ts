import type { HookCatalog } from './hook-catalog.ts';
import { fieldAt } from './workflow-conditions.ts';
import type { KeyCheck } from './i18n-key-check.ts';
import type { MetadataFault } from './metadata-error.ts';
import type { EntityDef, EntityMeta, FieldDef, PublicFlowDef } from './registry.ts';

/** The entity's public flow, checked: its fields exist with the right types, its hook and mail texts are known. */
export function publicFlowOf(
  m: EntityMeta,
  field: ReadonlyMap<string, FieldDef>,
  hooks: HookCatalog,
  file: string,
  faults: MetadataFault[],
  key: KeyCheck,
): PublicFlowDef | undefined {
  const p = m.publicFlow;
  if (!p) return undefined;
  const storedField = (name: string | undefined, pointer: string, check: (f: FieldDef) => boolean, what: string) => {
    if (name === undefined) return;
    const f = field.get(name);
    if (!f || f.computed || !check(f))
      faults.push({ file, pointer: `/publicFlow/${pointer}`, message: `names "${name}", which is not ${what}` });
  };
  storedField(p.email, 'email', (f) => f.type === 'string', 'a stored text field');
  storedField(p.respondentName, 'respondentName', (f) => f.type === 'string', 'a stored text field');
  storedField(p.employee, 'employee', (f) => f.ref === 'employee', 'a stored reference to employee');
  storedField(
    p.submitted,
    'submitted',
    (f) => f.schema.format === 'date-time' && f.readOnly === true,
    'a stored read-only date-time field',
  );
  storedField(
    p.sent,
    'sent',
    (f) => f.schema.format === 'date-time' && f.readOnly === true,
    'a stored read-only date-time field',
  );
  if (!hooks.has('command', p.info))
    faults.push({ file, pointer: '/publicFlow/info', message: `names the unknown hook "${p.info}"` });
  key(file, '/publicFlow/mail', `${p.mail}.subject`);
  key(file, '/publicFlow/mail', `${p.mail}.body`);
  key(file, '/publicFlow/mail', `${p.mail}.action`);
  if (!(m.commands ?? []).some((c) => c.kind === 'share'))
    faults.push({
      file,
      pointer: '/commands',
      message: 'an entity with a public flow declares a share command that mails its link',
    });
  const errors = {
    auth: 'publicFlow.error.auth',
    answer: 'publicFlow.error.answer',
    submit: 'publicFlow.error.submit',
    ...p.errors,
  };
  for (const [k, v] of Object.entries(errors)) key(file, `/publicFlow/errors/${k}`, v);
  return { ...p, authPage: p.authPage ?? 'auth', expiresInDays: p.expiresInDays ?? 14, errors };
}

/** Each public flow's answers entity references its recipients; flow names are unique; share commands belong to flows. */
export function checkPublicFlows(entities: ReadonlyMap<string, EntityDef>, faults: MetadataFault[]): void {
  const names = new Map<string, string>();
  for (const entity of entities.values()) {
    const file = entity.source;
    if (entity.commands.some((c) => c.kind === 'share') && !entity.publicFlow)
      faults.push({
        file,
        pointer: '/commands',
        message: 'a share command needs the entity to declare its publicFlow',
      });
    const p = entity.publicFlow;
    if (!p) continue;
    if (names.has(p.name))
      faults.push({
        file,
        pointer: '/publicFlow/name',
        message: `duplicates the public flow "${p.name}" of ${names.get(p.name)}`,
      });
    names.set(p.name, entity.name);
    if (p.expiresWith !== undefined) {
      const until = fieldAt(entity, entities, p.expiresWith);
      if (typeof until === 'string' || until.format !== 'date')
        faults.push({
          file,
          pointer: '/publicFlow/expiresWith',
          message: typeof until === 'string' ? until : `"${p.expiresWith}" is not a date field`,
        });
    }
    const answers = entities.get(p.answers.entity);
    if (!answers) {
      faults.push({
        file,
        pointer: '/publicFlow/answers/entity',
        message: `names the unknown entity "${p.answers.entity}"`,
      });
      continue;
    }
    if (answers.field.get(p.answers.via)?.ref !== entity.name)
      faults.push({
        file,
        pointer: '/publicFlow/answers/via',
        message: `"${p.answers.via}" must be a field of ${answers.name} that references ${entity.name}`,
      });
    const k = answers.field.get(p.answers.key);
    if (!k || k.computed || k.type !== 'integer')
      faults.push({
        file,
        pointer: '/publicFlow/answers/key',
        message: `"${p.answers.key}" must be a stored whole-number field of ${answers.name}`,
      });
    if (!answers.unique.some((u) => u.length === 2 && u.includes(p.answers.via) && u.includes(p.answers.key)))
      faults.push({
        file,
        pointer: '/publicFlow/answers',
        message: `${answers.name} must declare ["${p.answers.via}", "${p.answers.key}"] unique: one answer per question`,
      });
  }
}
