import postgres from 'postgres';
import type { Db, PoolUse, QueryOptions, Row, TransactionOptions } from './db.ts';
import { OID, parseDate, parseInt8, parseNumeric, parseTimestamp } from './type-parsers.ts';

type Sql = postgres.Sql | postgres.TransactionSql;

/**
 * Distinct statement texts kept prepared per pool. The engine's texts are few (one per entity and call shape), so
 * this is only a bound against a client that invents shapes (repeated filters); past it, new texts go unprepared.
 */
export const MAX_PREPARED_TEXTS = 2_000;

/** Texts seen once and not yet prepared, remembered to know a second use; forgotten all at once when full. */
const MAX_SEEN_ONCE = 10_000;

/**
 * Statements that repeat are prepared: the driver then sends each in a single round trip (an unprepared one with
 * parameters first asks the server to describe them, a second round trip) and PostgreSQL reuses the parse and, when it
 * pays, the plan. A text is prepared from its second use on, so that what runs once (a migration's DDL, the demo's
 * seed, a first start's inserts) does not use up the bound: when it did, the demo's reads by id, first asked after the
 * seed, went unprepared for the life of the server, five writes to PostgreSQL each instead of one (README,
 * "Performance").
 */
export class PreparedTexts {
  private readonly texts = new Set<string>();
  private readonly seenOnce = new Set<string>();
  use(text: string, options: QueryOptions | undefined): boolean {
    if (options?.prepare === false) return false;
    if (this.texts.has(text)) return true;
    if (this.texts.size >= MAX_PREPARED_TEXTS) return false;
    if (!this.seenOnce.delete(text)) {
      if (this.seenOnce.size >= MAX_SEEN_ONCE) this.seenOnce.clear();
      this.seenOnce.add(text);
      return false;
    }
    this.texts.add(text);
    return true;
  }
}

/** The pool's size and its busy connections: a statement outside a transaction, or a reserved transaction. */
class PoolCounter {
  busy = 0;
  constructor(readonly size: number) {}
}

class PostgresDb implements Db {
  readonly kind = 'postgres' as const;
  /** Inside a transaction: the first statement that failed, which makes the whole transaction fail. */
  private failure: { error: unknown } | null = null;
  /** Inside a transaction: its `setting` statements, sent again when a read that committed ahead is opened again. */
  private readonly settings: { text: string; params: readonly unknown[] }[] = [];
  /** Inside a read: the COMMIT sent behind its `endsRead` statement, while no statement has followed it. */
  committedAhead: Promise<unknown> | null = null;

  constructor(
    private readonly sql: Sql,
    private readonly root: postgres.Sql | null,
    private readonly prepared: PreparedTexts,
    private readonly pool: PoolCounter,
    private readonly readOnly = false,
  ) {}

  poolUse(): PoolUse {
    return { size: this.pool.size, inUse: Math.min(this.pool.busy, this.pool.size) };
  }

  async query<T = Row>(text: string, params: readonly unknown[] = [], options?: QueryOptions): Promise<T[]> {
    // a transaction's statements run on the connection its transaction already counts
    if (this.root) this.pool.busy++;
    try {
      if (this.committedAhead) this.openAgain();
      // executed at once, so that a COMMIT sent ahead goes behind it (the driver writes in the order executed)
      const query = this.sql
        .unsafe(text, params as postgres.ParameterOrJSON<never>[], { prepare: this.prepared.use(text, options) })
        .execute();
      if (!this.root && options?.setting) this.settings.push({ text, params });
      if (!this.root && this.readOnly && options?.endsRead) this.commitAhead();
      const rows = await query;
      return rows as unknown as T[];
    } catch (error) {
      if (!this.root) this.failure ??= { error };
      throw error;
    } finally {
      if (this.root) this.pool.busy--;
    }
  }

  /**
   * A read's COMMIT in the same write as its `endsRead` statement (the driver gathers what is executed in one tick
   * into one write). A failed statement makes PostgreSQL answer it with a rollback, and the statement's own error
   * fails the call.
   */
  private commitAhead(): void {
    this.committedAhead = this.sql.unsafe('commit').execute();
    this.committedAhead.catch(() => undefined);
  }

  /**
   * A statement after a read committed ahead: the read is opened again, in the same write, with its settings (the
   * request role and the tenant) sent again first. Without them the statement would run as the connection's own
   * role, past row-level security, so a read that has none is refused.
   */
  private openAgain(): void {
    if (!this.settings.length) throw new Error('a read that committed ahead has no setting to open again with');
    this.committedAhead = null;
    this.sql
      .unsafe('begin read only')
      .execute()
      .catch(() => undefined);
    for (const { text, params } of this.settings)
      this.sql
        .unsafe(text, params as postgres.ParameterOrJSON<never>[], { prepare: true })
        .execute()
        .catch(() => undefined);
  }

  /**
   * BEGIN goes out with the call's first statement, in one write and one round trip, instead of on its own
   * (postgres' `sql.begin` waits for BEGIN's reply before it runs anything). A failed statement fails the
   * transaction even when the caller caught it: PostgreSQL would answer COMMIT with a silent rollback.
   */
  async transaction<T>(fn: (tx: Db) => Promise<T>, options: TransactionOptions = {}): Promise<T> {
    if (!this.root) return fn(this);
    this.pool.busy++;
    const connection = await this.root.reserve().catch((e: unknown) => {
      this.pool.busy--;
      throw e;
    });
    const tx = new PostgresDb(connection, null, this.prepared, this.pool, options.readOnly);
    const begun = connection.unsafe(options.readOnly ? 'begin read only' : 'begin').execute();
    // a failed BEGIN also fails the statements behind it; it is awaited before COMMIT
    begun.catch(() => {});
    let result: T;
    try {
      result = await fn(tx);
      await begun;
      if (tx.failure) throw tx.failure.error;
    } catch (error) {
      await this.rollBack(connection);
      throw error;
    }
    const committed = tx.committedAhead ?? connection.unsafe('commit');
    if (options.readOnly) {
      // A read answers now (see TransactionOptions); its connection goes back to the pool once COMMIT answered, never
      // before: handed back with COMMIT still queued inside the reservation (a busy socket), it would carry its open
      // transaction on to the next user.
      committed.then(
        () => this.handBack(connection, true),
        () => this.rollBack(connection),
      );
      return result;
    }
    try {
      await committed;
    } catch (error) {
      await this.rollBack(connection);
      throw error;
    }
    this.handBack(connection, true);
    return result;
  }

  /** A connection that cannot even roll back is lost: the pool reconnects it, so it is not handed back. */
  private async rollBack(connection: postgres.ReservedSql): Promise<void> {
    const alive = await connection.unsafe('rollback').then(
      () => true,
      () => false,
    );
    this.handBack(connection, alive);
  }

  /** A reserved connection back to the pool when it is fit for the next user; a lost one is left for the pool to replace. */
  private handBack(connection: postgres.ReservedSql, alive: boolean): void {
    this.pool.busy--;
    if (alive) connection.release();
  }

  async listen(
    channel: string,
    onMessage: (payload: string) => void,
    onListen?: () => void,
  ): Promise<{ unlisten(): Promise<void> }> {
    if (!this.root) throw new Error('listen is not for a transaction');
    const { unlisten } = await this.root.listen(channel, onMessage, onListen);
    return { unlisten };
  }

  async close(): Promise<void> {
    if (this.root) await this.root.end({ timeout: 5 });
  }
}

export function connectPostgres(url: string, options: { max?: number } = {}): Db {
  const max = options.max ?? 10;
  const sql = postgres(url, {
    max,
    onnotice: () => {},
    types: {
      int8: { to: OID.int8, from: [OID.int8], serialize: (x: number) => String(x), parse: parseInt8 },
      numeric: { to: OID.numeric, from: [OID.numeric], serialize: (x: number) => String(x), parse: parseNumeric },
      date: { to: OID.date, from: [OID.date], serialize: (x: string) => x, parse: parseDate },
      timestamptz: {
        to: OID.timestamptz,
        from: [OID.timestamptz, OID.timestamp],
        serialize: (x: string) => x,
        parse: parseTimestamp,
      },
    },
  });
  return new PostgresDb(sql, sql, new PreparedTexts(), new PoolCounter(max));
}
