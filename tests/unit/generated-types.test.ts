import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hooks } from '../../engine/hooks/index.ts';
import { loadRegistry } from '../../engine/metadata/loader.ts';
import { renderGeneratedTypes } from '../../scripts/gen-types.ts';
import { ROOT } from '../../server/boot.ts';

describe('generated types', () => {
  it('are fresh: engine/generated is what `npm run gen-types` writes now', async () => {
    const files = await renderGeneratedTypes(loadRegistry(join(ROOT, 'metadata'), hooks));
    for (const [path, text] of files)
      expect(readFileSync(join(ROOT, path), 'utf8'), `${path} is stale; run npm run gen-types`).toBe(text);
    const onDisk = readdirSync(join(ROOT, 'engine/generated/entities')).map((f) => `engine/generated/entities/${f}`);
    expect(
      onDisk.filter((p) => !files.has(p)),
      'files for entities that no longer exist',
    ).toEqual([]);
  });
});
