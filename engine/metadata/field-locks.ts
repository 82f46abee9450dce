import type { EntityMeta } from '../generated/metadata/entity.ts';
import type { KeyCheck } from './i18n-key-check.ts';
import type { MetadataFault } from './metadata-error.ts';
import type { FieldDef, FieldLockDef } from './registry.ts';
import { valueFault } from './workflow-conditions.ts';

/**
 * `lockedWhen` (entity.json): locks by a stored field's value, for records that have no workflow to hold them (a QA
 * review once its isComplete is set, a survey reviewer once submittedAt is). Checked here (the field and each name it
 * fixes a stored field of the record, each value one that field takes, the reason a text) and turned into the entity's
 * `fieldLocks`, which the record store asks before every update and delete (engine/records/state-locks.ts) and "what
 * may I do here" reads, as it does a workflow's locks. Judged on the record as stored, so the write that sets the
 * field (the complete command, a submission) still passes; the next one is held.
 */
export function fieldLocksOf(
  file: string,
  declared: EntityMeta['lockedWhen'],
  fields: readonly FieldDef[],
  faults: MetadataFault[],
  key: KeyCheck,
): FieldLockDef[] {
  const stored = new Map(fields.filter((f) => !f.computed).map((f) => [f.name, f]));
  return (declared ?? []).flatMap((l, i): FieldLockDef[] => {
    const pointer = `/lockedWhen/${i}`;
    const fault = (at: string, message: string) => void faults.push({ file, pointer: `${pointer}${at}`, message });
    key(file, `${pointer}/reason`, l.reason);
    const field = stored.get(l.field);
    if (!field) {
      fault('/field', `"${l.field}" is not a stored field`);
      return [];
    }
    (l.values ?? []).forEach((v, j) => {
      const bad = valueFault(field, v);
      if (bad) fault(`/values/${j}`, bad);
    });
    const fixed: readonly string[] = l.fixed ?? [];
    fixed.forEach((name, j) => {
      if (!stored.has(name)) fault(`/fixed/${j}`, `"${name}" is not a stored field`);
    });
    // what stays open: with fixed, every other stored field; without, nothing
    const open = fixed.length ? [...stored.keys()].filter((name) => !fixed.includes(name)) : [];
    const byField = { reason: l.reason, ...(fixed.length ? { fixed } : {}) };
    return [
      {
        field: l.field,
        ...(l.values ? { values: l.values } : { filled: true as const }),
        lock: { states: [], fields: open, openChildren: [], childFields: {}, exceptRoles: [], byField },
      },
    ];
  });
}

/** Whether a field lock holds a stored record: its field has one of the values, or (filled) any value. */
export function fieldLockHolds(l: FieldLockDef, row: Readonly<Record<string, unknown>>): boolean {
  const value = row[l.field];
  if (l.filled) return value !== null && value !== undefined && value !== '';
  return l.values!.includes(value as string | number | boolean);
}
