import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { MetadataFiles } from './read.ts';

/**
 * The fingerprint of what phase 2 (validate) judges: the four schemas, every file's parsed content, and the code that
 * judges it (this phase's sources and ajv's version). Equal fingerprints, equal verdicts: validation is a pure function
 * of these.
 */
export function validationFingerprint(files: MetadataFiles): string {
  const hash = createHash('sha256');
  const ajvPackage = join(import.meta.dirname, '..', '..', '..', 'node_modules', 'ajv', 'package.json');
  for (const source of [
    join(import.meta.dirname, 'validate.ts'),
    join(import.meta.dirname, '..', 'schema-validator.ts'),
    ajvPackage,
  ])
    hash.update(readOrEmpty(source));
  for (const kind of ['entity', 'module', 'workflow', 'i18n'])
    hash.update(readOrEmpty(join(files.schemaDir, `${kind}.schema.json`)));
  const located = (f: { file: string; json: unknown }) => [f.file, f.json];
  hash.update(
    JSON.stringify([
      Object.values(files.i18n).map(located),
      files.modules.map(located),
      files.entities.map(located),
      files.workflows.map(located),
    ]),
  );
  return hash.digest('hex');
}

const readOrEmpty = (file: string): Buffer => {
  try {
    return readFileSync(file);
  } catch {
    return Buffer.alloc(0);
  }
};

/**
 * A restart loads the same metadata it loaded last time, and compiling the four schemas (ajv) to check it again was
 * the largest part of the metadata's load (0.4–0.5 s of a 1.6 s start's CPU). The server keeps, in `file`, the
 * fingerprint of the last metadata that passed every phase; when it is the same, the schemas need not run again.
 * The other phases still run: they build the registry.
 */
export function validatedBefore(file: string, fingerprint: string): boolean {
  try {
    return readFileSync(file, 'utf8') === fingerprint;
  } catch {
    return false;
  }
}

/** Keeps the fingerprint of metadata that passed; a folder that cannot be written only costs the next start the check. */
export function rememberValidated(file: string, fingerprint: string): void {
  try {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, fingerprint);
  } catch {
    // read-only install: every start validates, as before
  }
}
