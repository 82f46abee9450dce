import { describe, expect, it } from 'vitest';
import { lastRowAfter, PageCursor } from '../../renderer/src/screens/page-cursor.ts';

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

  it("pages by offset a list that does not take after (a hook's list)", () => {
    const c = new PageCursor(false);
    c.remember(0, rows(1, 100));
    expect(c.request(100, 200)).toEqual({ limit: 100, offset: 100 });
  });

  it('knows the last row from a short page or an exact total, and not past a capped one', () => {
    expect(lastRowAfter({ startRow: 100, endRow: 150, rows: 20, total: 120, totalCapped: false })).toBe(120);
    expect(lastRowAfter({ startRow: 0, endRow: 50, rows: 50, total: 2_000, totalCapped: false })).toBe(2_000);
    // "at least 10,000": the grid must be able to scroll past row 10,000
    expect(lastRowAfter({ startRow: 9_950, endRow: 10_000, rows: 50, total: 10_000, totalCapped: true })).toBe(-1);
    expect(lastRowAfter({ startRow: 12_000, endRow: 12_050, rows: 7, total: 10_000, totalCapped: true })).toBe(12_007);
  });
});
