import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hooks } from '../../engine/hooks/index.ts';
import { loadRegistry } from '../../engine/metadata/loader.ts';
import { MetadataError } from '../../engine/metadata/metadata-error.ts';
import { selectColumns } from '../../engine/records/record-columns.ts';
import { ROOT } from '../../server/boot.ts';
import { copyMetadata, editJson } from '../support/metadata-copy.ts';

const faultsOf = (dir: string): string[] => {
  try {
    loadRegistry(dir, hooks);
    return [];
  } catch (e) {
    if (e instanceof MetadataError) return e.faults.map((f) => `${f.pointer} ${f.message}`);
    throw e;
  }
};

describe('write-only and encrypted fields', () => {
  it('a write-only field is never selected, so never in a reply or the audit trail', () => {
    const provider = loadRegistry(join(ROOT, 'metadata'), hooks).entity('sso-provider');
    expect(provider.field.get('clientSecret')).toMatchObject({ writeOnly: true, encrypted: true });
    expect(selectColumns(provider)).not.toContain('client_secret');
    expect(selectColumns(provider)).toContain('client_id');
  });

  it('refuses an encrypted field that is not write-only, and a list that shows a write-only one', () => {
    const dir = copyMetadata();
    const file = join(dir, 'modules/organisation/sso-provider/entity.json');
    editJson(file, (e) => {
      delete e.schema.properties.clientSecret.writeOnly;
      e.list.columns.push('clientSecret');
    });
    expect(faultsOf(dir)).toContain(
      '/schema/properties/clientSecret/x-encrypted an encrypted field is a writeOnly string (its stored form is never returned)',
    );
    editJson(file, (e) => (e.schema.properties.clientSecret.writeOnly = true));
    expect(faultsOf(dir)).toContain('/list/columns/6 names "clientSecret", which is write-only and never returned');
  });
});
