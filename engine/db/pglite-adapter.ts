import { PGlite } from '@electric-sql/pglite';
import type { Db, Row } from './db.ts';
import { OID, parseDate, parseInt8, parseNumeric, parseTimestamp } from './type-parsers.ts';

interface Queryable {
  query<T>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
}

class PgliteDb implements Db {
  readonly kind = 'pglite' as const;
  constructor(private readonly q: Queryable, private readonly root: PGlite | null) {}

  async query<T = Row>(text: string, params: readonly unknown[] = []): Promise<T[]> {
    return (await this.q.query<T>(text, params as unknown[])).rows;
  }

  async transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
    if (!this.root) return fn(this);
    return this.root.transaction((tx) => fn(new PgliteDb(tx, null)));
  }

  async close(): Promise<void> {
    if (this.root && !this.root.closed) await this.root.close();
  }
}

/** dataDir undefined: in memory (tests); otherwise persisted there. */
export async function openPglite(dataDir?: string): Promise<Db> {
  const pg = await PGlite.create(dataDir, {
    parsers: {
      [OID.int8]: parseInt8,
      [OID.numeric]: parseNumeric,
      [OID.date]: parseDate,
      [OID.timestamptz]: parseTimestamp,
      [OID.timestamp]: parseTimestamp,
    },
  });
  return new PgliteDb(pg, pg);
}
