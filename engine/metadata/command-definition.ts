import type { HookCatalog } from './hook-catalog.ts';
import type { KeyCheck } from './i18n-key-check.ts';
import type { MetadataFault } from './metadata-error.ts';
import { buildReport } from './report-definition.ts';
import type { CommandDef, EntityDef, EntityMeta, FieldDef, JsonSchema, Role } from './registry.ts';
import { isStored } from './stored-field.ts';

const DEFAULT_UPLOAD_BYTES = 2 * 1024 * 1024;

/**
 * An entity's commands as the engine runs them, each checked against its entity: not a standard call's name, stored
 * fields, a known hook, an error title, a file's fields for upload and attach, lookups for bulk adds only; its access
 * defaults to the entity's (delete for bulkDelete, add for attach, else update), its report is built (report-definition.ts).
 */
export function commandsOf(
  m: EntityMeta,
  field: ReadonlyMap<string, FieldDef>,
  access: EntityDef['access'],
  errors: Readonly<Record<string, string>>,
  hooks: HookCatalog,
  file: string,
  faults: MetadataFault[],
  key: KeyCheck,
): CommandDef[] {
  const stored = (name: string) => isStored(field, name);
  return (m.commands ?? []).map((c, i) => {
    const pointer = `/commands/${i}`;
    if (['add', 'update', 'delete'].includes(c.name))
      faults.push({ file, pointer: `${pointer}/name`, message: `"${c.name}" is a standard call` });
    for (const f of c.fields ?? [])
      if (!stored(f))
        faults.push({ file, pointer: `${pointer}/fields`, message: `names "${f}", which is not a stored field` });
    if (c.kind === 'hook' && (!c.hook || !hooks.has('command', c.hook)))
      faults.push({ file, pointer: `${pointer}/hook`, message: `names the unknown hook "${c.hook ?? ''}"` });
    if ((c.kind === 'patch' || c.kind === 'upload' || c.kind === 'attach') && !(c.fields ?? []).length)
      faults.push({ file, pointer, message: `a ${c.kind} command names its fields` });
    key(file, `${pointer}/confirm`, c.confirm);
    if (c.confirm && c.kind !== 'upload')
      faults.push({ file, pointer: `${pointer}/confirm`, message: 'only an upload command asks to confirm' });
    // the remove beside an uploaded file is a POST hook of the same entity, so that the form may offer it as a button
    if (
      c.removedBy !== undefined &&
      !(
        c.kind === 'upload' &&
        (m.commands ?? []).some((r) => r.name === c.removedBy && r.kind === 'hook' && (r.method ?? 'POST') === 'POST')
      )
    )
      faults.push({
        file,
        pointer: `${pointer}/removedBy`,
        message: `"${c.removedBy}" is not a POST hook command of ${m.name} (removedBy is for upload commands)`,
      });
    if ((c.kind === 'upload' || c.kind === 'attach') && (c.fields ?? []).length > 1)
      faults.push({
        file,
        pointer: `${pointer}/fields`,
        message: `an ${c.kind} command names the one field that points at the file`,
      });
    for (const [k, f] of Object.entries(c.fileInfo ?? {})) {
      if (c.kind !== 'upload' && c.kind !== 'attach')
        faults.push({ file, pointer: `${pointer}/fileInfo`, message: 'only upload and attach commands store a file' });
      else if (!stored(f as string) || !field.get(f as string)!.readOnly)
        faults.push({
          file,
          pointer: `${pointer}/fileInfo/${k}`,
          message: `names "${f}", which is not a stored read-only field`,
        });
    }
    if (!errors[c.name])
      faults.push({ file, pointer: `/errors`, message: `has no error title for the command "${c.name}"` });
    for (const f of Object.keys(c.lookups ?? {})) {
      if (c.kind !== 'bulkAdd')
        faults.push({ file, pointer: `${pointer}/lookups`, message: 'only bulkAdd commands look references up' });
      else if (!stored(f) || !field.get(f)!.ref)
        faults.push({
          file,
          pointer: `${pointer}/lookups/${f}`,
          message: `names "${f}", which is not a stored reference field`,
        });
    }
    return {
      name: c.name,
      kind: c.kind,
      method: c.method ?? 'POST',
      fields: c.fields ?? [],
      input: c.input as JsonSchema | undefined,
      lookups: (c.lookups ?? {}) as Record<string, string>,
      hook: c.hook,
      when: c.when,
      access: (c.access ??
        (c.kind === 'bulkDelete' ? access.delete : c.kind === 'attach' ? access.add : access.update)) as Role[],
      dataKey: c.dataKey ?? (c.kind === 'bulkAdd' || c.kind === 'bulkDelete' ? 'list' : 'item'),
      error: errors[c.name],
      maxBytes: c.maxBytes ?? DEFAULT_UPLOAD_BYTES,
      mimeTypes: c.mimeTypes ?? [],
      ...(c.confirm && { confirm: c.confirm }),
      ...(c.removedBy && { removedBy: c.removedBy }),
      fileInfo: (c.fileInfo ?? {}) as CommandDef['fileInfo'],
      ...(c.report && {
        report: buildReport(c.report as Parameters<typeof buildReport>[0], c, file, `${pointer}/report`, faults, key),
      }),
    };
  });
}
