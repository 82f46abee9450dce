/**
 * Lists with more matches than the total cap answer "at least TOTAL_CAP", and finding that out costs a scan of
 * TOTAL_CAP + 1 index entries on every page. That answer (and only that one: exact totals are always counted) is
 * remembered for a few seconds per table, filter text and values (the company among them). Adding rows can never make
 * it wrong; changing or removing them can, so the record store forgets a table's answers whenever it updates or
 * deletes one of its rows. What it cannot see — another server process, or rows a cascade removed — may leave a list
 * that just fell under the cap answering "at least TOTAL_CAP" for up to TTL_MS.
 */
const TTL_MS = 5_000;
/** per table; a table past it simply stops remembering until its entries expire or it is written */
const MAX_PER_TABLE = 10_000;

const byTable = new Map<string, Map<string, number>>();

const keyOf = (whereSql: string, params: readonly unknown[]) => `${whereSql}\u0000${JSON.stringify(params)}`;

export function knownCapped(table: string, whereSql: string, params: readonly unknown[]): boolean {
  const known = byTable.get(table);
  const key = keyOf(whereSql, params);
  const until = known?.get(key);
  if (until === undefined) return false;
  const now = Date.now();
  if (until > now) return true;
  // Expired: this caller counts again, while the calls that arrive meanwhile keep the answer a while longer instead
  // of all counting at once (under load, a whole page of connections scanning TOTAL_CAP rows together).
  known!.set(key, now + TTL_MS);
  return false;
}

/** What a count found: "at least TOTAL_CAP" is remembered, an exact total forgets any earlier answer. */
export function settleCapped(table: string, whereSql: string, params: readonly unknown[], capped: boolean): void {
  let known = byTable.get(table);
  if (!capped) {
    known?.delete(keyOf(whereSql, params));
    return;
  }
  if (!known) byTable.set(table, (known = new Map()));
  if (known.size >= MAX_PER_TABLE) {
    const now = Date.now();
    for (const [k, until] of known) if (until <= now) known.delete(k);
    if (known.size >= MAX_PER_TABLE) return;
  }
  known.set(keyOf(whereSql, params), Date.now() + TTL_MS);
}

/** Called by every update and delete of the record store. */
export function forgetCapped(table: string): void {
  byTable.delete(table);
}
