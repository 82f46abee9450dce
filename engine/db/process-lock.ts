import type { Db } from './db.ts';

/**
 * Advisory-lock keys of work that one server process at a time does, over one PostgreSQL (WORKERS, or servers on
 * several machines). The migrator's own lock is 727274 (migrate.ts); these sit beside it.
 */
export const PROCESS_LOCK = {
  /** the boot's writes: migration, module sync, the holder, the demo seed */
  boot: 727275,
  /** a reminder run (scheduled or the holder's) */
  reminders: 727276,
} as const;

/**
 * Runs fn while this process holds the lock `key`, waiting for it when another process has it (the boot). A
 * transaction holds the lock on one pooled connection while fn works on others, and gives it up when fn ends (or when
 * the process dies, as its connection closes). PGlite is one process: fn simply runs, since a transaction there
 * would shut fn's own statements out.
 */
export async function oneProcessAtATime<T>(db: Db, key: number, fn: () => Promise<T>): Promise<T> {
  if (db.kind === 'pglite') return fn();
  return db.transaction(async (tx) => {
    await tx.query(`SELECT pg_advisory_xact_lock($1)`, [key]);
    return fn();
  });
}

/** As oneProcessAtATime, but when another process holds the lock it does not wait: fn is not run, and the answer is null. */
export async function unlessElsewhere<T>(db: Db, key: number, fn: () => Promise<T>): Promise<T | null> {
  if (db.kind === 'pglite') return fn();
  return db.transaction(async (tx) => {
    const [{ got }] = await tx.query<{ got: boolean }>(`SELECT pg_try_advisory_xact_lock($1) AS got`, [key]);
    return got ? fn() : null;
  });
}
