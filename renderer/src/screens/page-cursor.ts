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

/**
 * The grid's last row after a page came back: known when the page came back short, or from an exact total; unknown
 * (-1) past a capped total ("at least 10,000"), so that the grid scrolls on page by page instead of stopping there.
 */
export function lastRowAfter(page: {
  startRow: number;
  endRow: number;
  rows: number;
  total: number;
  totalCapped: boolean;
}): number {
  if (page.rows < page.endRow - page.startRow) return page.startRow + page.rows;
  return page.totalCapped ? -1 : page.total;
}
