import type { KeyCheck } from './i18n-key-check.ts';
import type { MetadataFault } from './metadata-error.ts';
import { OWNER_ROLE_WITHOUT_OWNER } from './owner-roles.ts';
import type { EntityMeta, FieldDef, ReminderDef, Role } from './registry.ts';

/** The entity's reminders, each checked: a stored date field, known fields in its conditions, an English subject. */
export function remindersOf(
  m: EntityMeta,
  field: ReadonlyMap<string, FieldDef>,
  file: string,
  faults: MetadataFault[],
  key: KeyCheck,
): ReminderDef[] {
  return (m.reminders ?? []).map((r, i) => {
    const pointer = `/reminders/${i}`;
    const date = field.get(r.date);
    if (!date || date.computed || date.schema.format !== 'date')
      faults.push({ file, pointer: `${pointer}/date`, message: `names "${r.date}", which is not a stored date field` });
    for (const f of [...Object.keys(r.onlyWhen ?? {}), ...(r.skipWhenSet ?? [])])
      if (!field.has(f) || field.get(f)!.computed)
        faults.push({ file, pointer, message: `names "${f}", which is not a stored field` });
    for (const role of r.to)
      if (['holder', 'employee', 'employee:anyModuleAdmin', 'public'].includes(role))
        faults.push({
          file,
          pointer: `${pointer}/to`,
          message: `${role} names nobody in particular; name self, supervisor, field:…, member:… or employee:moduleAdmin`,
        });
    if (m.owner === undefined && r.to.some((role) => role === 'self' || role === 'supervisor' || role === 'unowned'))
      faults.push({ file, pointer: `${pointer}/to`, message: OWNER_ROLE_WITHOUT_OWNER });
    key(file, `${pointer}/subject`, r.subject);
    return {
      name: r.name,
      date: r.date,
      daysBefore: r.daysBefore,
      daysAfter: r.daysAfter,
      to: r.to as Role[],
      subject: r.subject,
      onlyWhen: (r.onlyWhen ?? {}) as ReminderDef['onlyWhen'],
      skipWhenSet: r.skipWhenSet ?? [],
    };
  });
}
