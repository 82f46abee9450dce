import { PGlite } from '@electric-sql/pglite';
import postgres from 'postgres';

/**
 * The baseline's own access to the database: the driver and nothing of the engine. A statement is text plus
 * parameters, exactly what the driver's tagged template would send; on PostgreSQL every statement is prepared (the
 * `postgres` driver's default for tagged templates), so the baseline gets the driver's best case.
 */
export type Rows = Record<string, unknown>[];

export interface BaselineStore {
  /** prepare: false for one-off text (a literal OFFSET), as the engine does */
  query(text: string, params?: unknown[], prepare?: boolean): Promise<Rows>;
  /** Runs fn in one transaction; tx queries go to that transaction. */
  begin<T>(fn: (tx: Pick<BaselineStore, 'query'>) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

const INT8 = 20;

/** bigint ids as JavaScript numbers, as any hand-written service over these tables would configure the driver. */
export function postgresStore(url: string, max: number): BaselineStore {
  const sql = postgres(url, {
    max,
    onnotice: () => {},
    types: { int8: { to: INT8, from: [INT8], serialize: (x: number) => String(x), parse: (x: string) => Number(x) } },
  });
  const on = (s: postgres.Sql | postgres.TransactionSql) => ({
    query: async (text: string, params: unknown[] = [], prepare = true) =>
      (await s.unsafe(text, params as postgres.ParameterOrJSON<never>[], { prepare })) as unknown as Rows,
  });
  return {
    ...on(sql),
    begin: async (fn) => (await sql.begin((tx) => fn(on(tx)))) as never,
    close: () => sql.end({ timeout: 5 }),
  };
}

export async function pgliteStore(dataDir: string): Promise<BaselineStore> {
  const pg = await PGlite.create(dataDir, { parsers: { [INT8]: (x: string) => Number(x) } });
  const on = (q: { query: PGlite['query'] }) => ({
    query: async (text: string, params: unknown[] = []) => (await q.query<Record<string, unknown>>(text, params)).rows,
  });
  return {
    ...on(pg),
    begin: (fn) => pg.transaction((tx) => fn(on(tx))),
    close: () => pg.close(),
  };
}
