import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../../server/boot.ts';
import { copyMetadata } from './metadata-copy.ts';

/**
 * A copy of metadata/ with a module of tests/fixtures added, as an implementer adds one: its folder of JSON under
 * modules/ and its texts (tests/fixtures/i18n/<module>.json, en/bn/de, the format of `npm run add-texts`) merged into
 * the three catalogues. Nothing of it ships: the product's metadata never holds it. Boot it with
 * `startOnDb(db, { metadataDir })`, or a server process with METADATA_DIR.
 */
export function metadataWithFixture(module: string): string {
  const meta = copyMetadata();
  cpSync(join(ROOT, 'tests/fixtures/modules', module), join(meta, 'modules', module), { recursive: true });
  const texts = JSON.parse(readFileSync(join(ROOT, 'tests/fixtures/i18n', `${module}.json`), 'utf8')) as Record<
    string,
    Record<string, string>
  >;
  for (const lang of ['en', 'bn', 'de']) {
    const file = join(meta, 'i18n', `${lang}.json`);
    const catalogue = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
    for (const [key, byLang] of Object.entries(texts)) catalogue[key] = byLang[lang];
    writeFileSync(file, JSON.stringify(catalogue, null, 2));
  }
  return meta;
}
