/**
 * Keyset paging for a grid that scrolls: the id of the last row of each page fetched, by where the next page starts,
 * so that the next page is asked for `?after=<id>` (as fast deep down as on page one) instead of `?offset=` (which
 * makes the database walk every row before it). A jump to a page whose predecessor was never fetched, or a hook's list
 * (which pages by offset only), falls back to the offset.
 */
export class PageCursor {
  private readonly lastIdBefore = new Map<number, number>();

  constructor(private readonly keyset: boolean) {}

  /** The paging parameters of rows [startRow, endRow). */
  request(startRow: number, endRow: number): { limit: number; offset: number } | { limit: number; after: number } {
    const limit = endRow - startRow;
    const after = this.keyset && startRow > 0 ? this.lastIdBefore.get(startRow) : undefined;
    return after === undefined ? { limit, offset: startRow } : { limit, after };
  }

  /** Notes where the page that starts at `startRow` ended. */
  remember(startRow: number, rows: { id?: unknown }[]): void {
    const last = rows[rows.length - 1]?.id;
    if (typeof last === 'number') this.lastIdBefore.set(startRow + rows.length, last);
  }
}
