import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hooks } from '../../engine/hooks/index.ts';
import { loadRegistry } from '../../engine/metadata/loader.ts';
import { MetadataError } from '../../engine/metadata/metadata-error.ts';
import { readMetadata } from '../../engine/metadata/phases/read.ts';
import { rememberValidated, validationFingerprint } from '../../engine/metadata/phases/validation-stamp.ts';
import { copyMetadata, editJson } from '../support/metadata-copy.ts';

const stampIn = () => join(mkdtempSync(join(tmpdir(), 'stratum-stamp-')), 'dist', 'metadata-validated');
const departmentFile = (dir: string) => join(dir, 'modules/organisation/department/entity.json');
const faultsOf = (load: () => unknown): string[] => {
  try {
    load();
  } catch (e) {
    if (e instanceof MetadataError) return e.faults.map((f) => `${f.file}#${f.pointer} ${f.message}`);
    throw e;
  }
  return [];
};

describe('the validation stamp of a restart', () => {
  it('keeps the fingerprint of metadata that passed, and a restart on it builds the same registry', () => {
    const dir = copyMetadata();
    const stamp = stampIn();
    const first = loadRegistry(dir, hooks, { validationStamp: stamp });
    expect(readFileSync(stamp, 'utf8')).toBe(validationFingerprint(readMetadata(dir, [])));
    const again = loadRegistry(dir, hooks, { validationStamp: stamp });
    expect(again.hash).toBe(first.hash);
    expect(JSON.stringify(again.entity('employee'))).toBe(JSON.stringify(first.entity('employee')));
  });

  it('checks a file changed since against its schema again', () => {
    const dir = copyMetadata();
    const stamp = stampIn();
    loadRegistry(dir, hooks, { validationStamp: stamp });
    const kept = readFileSync(stamp, 'utf8');
    editJson(departmentFile(dir), (e) => (e.colour = 'red'));
    // (the refused file goes no further, so the entities naming it are reported too)
    expect(faultsOf(() => loadRegistry(dir, hooks, { validationStamp: stamp }))).toContainEqual(
      expect.stringMatching(/department\/entity.json#\/colour is not a known property/),
    );
    // metadata that did not pass leaves the stamp as it was
    expect(readFileSync(stamp, 'utf8')).toBe(kept);
  });

  it('does not run the schemas for files whose fingerprint it holds', () => {
    // a stamp is trusted: with the fingerprint of a file the schema refuses put there by hand, the refusal is not
    // seen, which is what saves a restart the schemas' compilation; without a stamp the same files are refused
    const dir = copyMetadata();
    editJson(departmentFile(dir), (e) => (e.colour = 'red'));
    const stamp = stampIn();
    rememberValidated(stamp, validationFingerprint(readMetadata(dir, [])));
    expect(faultsOf(() => loadRegistry(dir, hooks, { validationStamp: stamp }))).toEqual([]);
    expect(faultsOf(() => loadRegistry(dir, hooks))).toContainEqual(
      expect.stringMatching(/department\/entity.json#\/colour is not a known property/),
    );
  });
});
