import { Worker } from 'node:worker_threads';
import type { Db, PoolUse, Row, TransactionOptions } from './db.ts';

/**
 * The embedded PGlite runs in a worker thread of its own. In the server's thread, each statement would run
 * synchronously and settle its promises as microtasks: under load a queue of calls then runs back to back without the
 * event loop reaching the network, and connections not yet accepted wait for seconds (measured by `npm run bench`:
 * p99 over 1 s at 50 connections, first requests of new connections served one by one). In its own thread the
 * database works while the server thread keeps accepting, parsing and answering.
 *
 * PGlite has one session, so the adapter hands it one call at a time: a statement outside a transaction, or a whole
 * transaction, in the order they asked (first come, first served).
 */
interface Reply {
  id: number;
  rows?: Row[];
  error?: Record<string, unknown> & { message: string };
}

class PgliteThread {
  private next = 1;
  private readonly waiting = new Map<number, { resolve: (rows: Row[]) => void; reject: (e: Error) => void }>();
  /** the tail of the queue of calls: each call starts when the one before it has finished */
  private queue: Promise<void> = Promise.resolve();
  closed = false;

  /** calls (a statement, or a whole transaction) holding the session now */
  private holding = 0;

  /** PGlite is one session: busy while a call holds it or any statement is on its way */
  get busy(): boolean {
    return this.holding > 0 || this.waiting.size > 0;
  }

  constructor(private readonly worker: Worker) {
    worker.on('message', (m: Reply) => {
      const w = this.waiting.get(m.id);
      if (!w) return;
      this.waiting.delete(m.id);
      // An idle database does not keep the process alive (as an in-thread one would not).
      if (!this.waiting.size) this.worker.unref();
      if (m.error) w.reject(Object.assign(new Error(m.error.message), m.error));
      else w.resolve(m.rows!);
    });
    worker.on('error', (e) => this.failAll(e));
    worker.on('exit', () => this.failAll(new Error('the PGlite thread has stopped')));
    worker.unref();
  }

  private failAll(e: Error): void {
    this.closed = true;
    for (const w of this.waiting.values()) w.reject(e);
    this.waiting.clear();
  }

  send(op: 'query' | 'close', sql = '', params: readonly unknown[] = []): Promise<Row[]> {
    if (this.closed && op !== 'close') return Promise.reject(new Error('the database is closed'));
    const id = this.next++;
    return new Promise<Row[]>((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.worker.ref();
      this.worker.postMessage({ id, op, sql, params });
    });
  }

  /** Runs fn when every call queued before it has finished; the next one waits for it. */
  exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.queue.then(async () => {
      this.holding++;
      try {
        return await fn();
      } finally {
        this.holding--;
      }
    });
    this.queue = run.then(
      () => undefined,
      () => undefined,
    );
    return run;
  }
}

class PgliteDb implements Db {
  readonly kind = 'pglite' as const;
  /** Inside a transaction: the first statement that failed, which makes the whole transaction fail. */
  private failure: { error: unknown } | null = null;

  /** inTransaction: this handle is a transaction's, whose statements go straight through */
  constructor(
    private readonly thread: PgliteThread,
    private readonly inTransaction: boolean,
  ) {}

  poolUse(): PoolUse {
    return { size: 1, inUse: this.thread.busy ? 1 : 0 };
  }

  async query<T = Row>(text: string, params: readonly unknown[] = []): Promise<T[]> {
    if (!this.inTransaction) return (await this.thread.exclusive(() => this.thread.send('query', text, params))) as T[];
    try {
      return (await this.thread.send('query', text, params)) as T[];
    } catch (error) {
      this.failure ??= { error };
      throw error;
    }
  }

  async transaction<T>(fn: (tx: Db) => Promise<T>, options: TransactionOptions = {}): Promise<T> {
    if (this.inTransaction) return fn(this);
    return this.thread.exclusive(async () => {
      // Not awaited: the thread runs statements in the order sent, so BEGIN travels with the transaction's first
      // statement instead of costing a round trip of its own; if it failed, that statement fails too.
      const begun = this.thread.send('query', options.readOnly ? 'BEGIN READ ONLY' : 'BEGIN');
      begun.catch(() => undefined);
      let result: T;
      const tx = new PgliteDb(this.thread, true);
      try {
        result = await fn(tx);
        await begun;
        // PostgreSQL would answer COMMIT after a failed statement (one the caller caught) with a silent rollback
        if (tx.failure) throw tx.failure.error;
      } catch (e) {
        await this.thread.send('query', 'ROLLBACK').catch(() => undefined);
        throw e;
      }
      const committed = this.thread.send('query', 'COMMIT');
      // a read's COMMIT runs before the next call's statements (the thread keeps their order): see TransactionOptions
      if (options.readOnly) committed.catch(() => undefined);
      else await committed;
      return result;
    });
  }

  async close(): Promise<void> {
    if (this.inTransaction || this.thread.closed) return;
    await this.thread.exclusive(() => this.thread.send('close'));
    this.thread.closed = true;
  }
}

/** dataDir undefined: in memory (tests); otherwise persisted there. */
export async function openPglite(dataDir?: string): Promise<Db> {
  const worker = new Worker(new URL('./pglite-thread.mjs', import.meta.url), { workerData: { dataDir } });
  const ready = await new Promise<{ ready: boolean; error?: { message: string } }>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  if (!ready.ready) {
    await worker.terminate();
    throw new Error(`PGlite could not open ${dataDir ?? 'an in-memory database'}: ${ready.error?.message}`);
  }
  return new PgliteDb(new PgliteThread(worker), false);
}
