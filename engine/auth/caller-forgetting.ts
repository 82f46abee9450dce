import type { Db } from '../db/db.ts';
import { forgetCallersHere, onCallersForgotten } from './caller-cache.ts';

/** The NOTIFY channel on which a server process tells the others to forget remembered callers and module access. */
export const FORGET_CALLERS_CHANNEL = 'stratum_forget_callers';

/**
 * Several server processes over one PostgreSQL (WORKERS, or servers on several machines) each remember callers. When
 * one of them changes what decides a caller (a sign-out, a password reset, a module switched off), it sends a NOTIFY
 * after its commit and every process, itself included, forgets at once; a process whose listening connection was
 * lost and comes back forgets too, since it may have missed a notice. On PGlite there is one process: nothing to tell.
 * Returns a stop function.
 */
export async function shareCallerForgetting(db: Db, log: (line: string) => void): Promise<() => Promise<void>> {
  if (!db.listen) return async () => {};
  const listening = await db.listen(
    FORGET_CALLERS_CHANNEL,
    () => forgetCallersHere(),
    () => forgetCallersHere(),
  );
  onCallersForgotten(() => {
    db.query(`SELECT pg_notify($1, '')`, [FORGET_CALLERS_CHANNEL]).catch((e: Error) =>
      log(`could not tell the other server processes to forget remembered callers: ${e.message}`),
    );
  });
  return async () => {
    onCallersForgotten(() => {});
    await listening.unlisten().catch(() => undefined);
  };
}
