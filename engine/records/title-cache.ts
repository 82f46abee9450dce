import { LRUCache } from 'lru-cache';

/**
 * The titles `_titles` names references by (engine/records/reference-titles.ts), remembered for a moment per table,
 * company and id: every row of every list names its business unit, department and the rest, and asking the database
 * for the same few titles again costs each call a statement per referenced entity (an employee names seven). Any
 * write this process commits forgets them all (scoped-call.ts), so that a caller sees a renamed record at once; a
 * change made elsewhere (another server process, a hand-written UPDATE) shows within TITLE_TTL_MS. A title is part of
 * the record that names it (whoever reads the row reads it), so the company is the only partition it needs.
 */
export const TITLE_TTL_MS = 2_000;

const titles = new LRUCache<string, string>({ max: 50_000, ttl: TITLE_TTL_MS });

const key = (table: string, companyId: number | null, id: number) => `${table}|${companyId ?? ''}|${id}`;

export const rememberedTitle = (table: string, companyId: number | null, id: number) =>
  titles.get(key(table, companyId, id));
export const rememberTitle = (table: string, companyId: number | null, id: number, title: string) =>
  void titles.set(key(table, companyId, id), title);

export function forgetTitles(): void {
  titles.clear();
}
