import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../engine/app-error.ts';
import { hooks } from '../../engine/hooks/index.ts';
import { loadRegistry } from '../../engine/metadata/loader.ts';
import { keysetPageable } from '../../engine/records/keyset-paging.ts';
import { parseListQuery } from '../../engine/records/list-query.ts';
import { PageCursor } from '../../renderer/src/screens/page-cursor.ts';
import { ROOT } from '../../server/boot.ts';

const rows = (from: number, n: number) => Array.from({ length: n }, (_, i) => ({ id: from + i }));

describe('keyset paging of a scrolling grid', () => {
  it('asks for the next page after the last id of the one before, and by offset where it does not know it', () => {
    const c = new PageCursor(true);
    expect(c.request(0, 100)).toEqual({ limit: 100, offset: 0 });
    // the grid asks for two blocks at once: the second before the first has come back
    expect(c.request(100, 200)).toEqual({ limit: 100, offset: 100 });
    c.remember(0, rows(501, 100));
    expect(c.request(100, 200)).toEqual({ limit: 100, after: 600 });
    // a jump far down (the scrollbar dragged) has no predecessor
    expect(c.request(5000, 5100)).toEqual({ limit: 100, offset: 5000 });
    c.remember(100, []);
    expect(c.request(100, 200)).toEqual({ limit: 100, after: 600 });
  });

  it('pages by offset a sort that after cannot page', () => {
    const c = new PageCursor(false);
    c.remember(0, rows(1, 100));
    expect(c.request(100, 200)).toEqual({ limit: 100, offset: 100 });
    const required = (f: string) => f === 'lastName';
    expect(keysetPageable('lastName', required)).toBe(true);
    expect(keysetPageable('-createdAt,-id', required)).toBe(true);
    expect(keysetPageable('lastName,-id', required)).toBe(false);
    expect(keysetPageable('jobTitle', required)).toBe(false);
  });

  it('says keyset exactly where the server takes ?after=, for every list sort of the metadata', () => {
    const registry = loadRegistry(join(ROOT, 'metadata'), hooks);
    let both = 0;
    for (const entity of registry.entities.values()) {
      const sorts = [entity.list.sort, ...entity.list.columns.filter((c) => entity.field.get(c) && !entity.field.get(c)!.computed).flatMap((c) => [c, `-${c}`, `${c},-id`])];
      for (const sort of sorts) {
        let accepted = true;
        try {
          parseListQuery(entity, { after: ['1'], sort: [sort] }, 1, hooks.filter);
        } catch (e) {
          if (!(e instanceof AppError)) throw e;
          accepted = false;
        }
        expect(keysetPageable(sort, (f) => entity.field.get(f)?.required === true), `${entity.name} sorted by ${sort}`).toBe(accepted);
        if (accepted) both++;
      }
    }
    expect(both).toBeGreaterThan(100);
  });
});
