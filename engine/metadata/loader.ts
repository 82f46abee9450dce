import { keyCheck } from './i18n-key-check.ts';
import type { HookCatalog } from './hook-catalog.ts';
import { MetadataError, type MetadataFault } from './metadata-error.ts';
import { checkMetadata } from './phases/check.ts';
import { freezeRegistry } from './phases/freeze.ts';
import { readMetadata } from './phases/read.ts';
import { resolveMetadata } from './phases/resolve.ts';
import { validateMetadata } from './phases/validate.ts';
import { rememberValidated, validatedBefore, validationFingerprint } from './phases/validation-stamp.ts';
import type { Registry } from './registry.ts';

export type { HookCatalog, HookKind } from './hook-catalog.ts';
export { STANDARD_FIELDS } from './entity-definition.ts';

/**
 * Loads metadata/ into the frozen Registry in five named phases (engine/metadata/phases/), each handing the next what
 * it made: read (the files from disk), validate (each against its JSON Schema), resolve (the definitions, and the
 * references between entities, workflows, roles and modules tied), check (what only the whole can tell) and freeze.
 * Every phase runs and reports its faults, each with its file and JSON pointer; any fault throws a MetadataError that
 * lists them all (boot and `npm run check` print it), so one run shows every mistake.
 */
export function loadRegistry(
  metadataDir: string,
  hooks: HookCatalog,
  options: { validationStamp?: string } = {},
): Registry {
  const faults: MetadataFault[] = [];
  const files = readMetadata(metadataDir, faults);
  // the server's restarts (options.validationStamp): files that passed before need not pass the schemas again
  const stamp = options.validationStamp;
  const fingerprint = stamp ? validationFingerprint(files) : '';
  const passedBefore = !!stamp && !faults.length && validatedBefore(stamp, fingerprint);
  const valid = validateMetadata(files, faults, passedBefore);
  const key = keyCheck(valid.messages.en, faults);
  const resolved = resolveMetadata(valid, hooks, faults, key);
  checkMetadata({ ...resolved, hooks, faults, key });
  if (faults.length) throw new MetadataError(faults);
  if (stamp && !passedBefore) rememberValidated(stamp, fingerprint);
  return freezeRegistry(files, valid.messages, resolved);
}
