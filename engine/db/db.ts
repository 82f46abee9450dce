/** The one storage interface the engine uses; `postgres` and PGlite adapters implement it. */
export type Row = Record<string, unknown>;

/** How one statement is sent. */
export interface QueryOptions {
  /**
   * false for text that is unlikely to repeat (a literal OFFSET): it is then parsed and planned for its values each
   * time instead of being kept as a prepared statement on the connection. Default true.
   */
  prepare?: boolean;
  /**
   * The transaction's setting (the tenant scope): PostgreSQL's adapter sends it again when a read that ended early
   * goes on (`endsRead`).
   */
  setting?: boolean;
  /**
   * In a read (TransactionOptions.readOnly), the statement after which the read most likely asks nothing more: on
   * PostgreSQL its COMMIT goes out in the same write, so the read is one write and one round trip, as a bare query is.
   * Should a statement follow after all, the adapter opens the read again in that statement's write (BEGIN READ ONLY
   * and the `setting` statements first): under READ COMMITTED every statement sees its own snapshot anyway, so the
   * statement sees what it would have seen in one transaction, under the same role and tenant.
   */
  endsRead?: boolean;
}

/** How a transaction is opened. */
export interface TransactionOptions {
  /**
   * A read: opened READ ONLY, so that PostgreSQL refuses any write in it, and its result is handed back as soon as
   * its last statement answered. The COMMIT goes out behind it and the reply does not wait for it (a read-only
   * transaction has nothing to make durable); the connection serves its next user once COMMIT answered.
   */
  readOnly?: boolean;
}

/** A database handle's connections: how many it may open and how many are busy with a statement or transaction now. */
export interface PoolUse {
  size: number;
  inUse: number;
}

export interface Db {
  readonly kind: 'postgres' | 'pglite';
  query<T = Row>(sql: string, params?: readonly unknown[], options?: QueryOptions): Promise<T[]>;
  /** Runs fn in one transaction; inside a transaction it simply runs fn. */
  transaction<T>(fn: (tx: Db) => Promise<T>, options?: TransactionOptions): Promise<T>;
  close(): Promise<void>;
  /** For /metrics: read from counters the adapter keeps, never from a query. */
  poolUse?(): PoolUse;
  /**
   * PostgreSQL only: hears NOTIFY on `channel` (on a connection of its own). onListen runs on every (re)connect, when
   * notifications sent while it was away are lost. PGlite has no other process to hear from, so it has none.
   */
  listen?(
    channel: string,
    onMessage: (payload: string) => void,
    onListen?: () => void,
  ): Promise<{ unlisten(): Promise<void> }>;
}

/** A PostgreSQL error as both drivers surface it (SQLSTATE code, constraint, detail). */
export interface DbError {
  code?: string;
  constraint?: string;
  constraint_name?: string;
  detail?: string;
  column?: string;
  column_name?: string;
  message: string;
}

export function isDbError(e: unknown): e is DbError {
  return typeof e === 'object' && e !== null && typeof (e as DbError).code === 'string';
}
