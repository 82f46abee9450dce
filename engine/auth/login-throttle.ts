import type { Db } from '../db/db.ts';

/** After this many failures in a row an e-mail must wait before the next try; 30 s at first, doubling with each further failure, up to MAX_WAIT_S. */
export const FREE_FAILURES = 5;
export const MAX_WAIT_S = 15 * 60;

export const waitAfter = (failures: number): number =>
  failures < FREE_FAILURES ? 0 : Math.min(30 * 2 ** (failures - FREE_FAILURES), MAX_WAIT_S);

/** Seconds until this e-mail may try again (0 = now). */
export async function secondsLocked(db: Db, email: string): Promise<number> {
  const [r] = await db.query<{ s: number }>(
    `SELECT ceil(extract(epoch FROM locked_until - now()))::int AS s FROM login_throttle WHERE email = $1 AND locked_until > now()`,
    [email.toLowerCase()],
  );
  return r?.s ?? 0;
}

export async function recordFailure(db: Db, email: string): Promise<void> {
  const [r] = await db.query<{ failures: number }>(
    `INSERT INTO login_throttle (email, failures, last_failure_at) VALUES ($1, 1, now())
     ON CONFLICT (email) DO UPDATE SET failures = login_throttle.failures + 1, last_failure_at = now() RETURNING failures`,
    [email.toLowerCase()],
  );
  const wait = waitAfter(r.failures);
  if (wait)
    await db.query(`UPDATE login_throttle SET locked_until = now() + make_interval(secs => $2) WHERE email = $1`, [
      email.toLowerCase(),
      wait,
    ]);
}

export async function clearFailures(db: Db, email: string): Promise<void> {
  await db.query(`DELETE FROM login_throttle WHERE email = $1`, [email.toLowerCase()]);
}
