import type { Db } from '../db/db.ts';
import { hashSecret, newSecret } from './secret-token.ts';

export const RESET_KEY_HOURS = 24;

/**
 * A single-use key that lets the account's owner set a password; only its hash is kept. It voids the account's
 * unused older keys: only the newest mail works, so a mail that went astray earlier is worth nothing once another is
 * asked for.
 */
export async function createResetKey(tx: Db, accountId: number): Promise<string> {
  await tx.query(`DELETE FROM password_reset WHERE account_id = $1 AND used_at IS NULL`, [accountId]);
  const { secret, hash } = newSecret();
  await tx.query(
    `INSERT INTO password_reset (key_hash, account_id, expires_at) VALUES ($1, $2, now() + interval '${RESET_KEY_HOURS} hours')`,
    [hash, accountId],
  );
  return secret;
}

/** Uses the key up if it is the account's, unused and unexpired; returns whether it was. */
export async function consumeResetKey(tx: Db, accountId: number, key: string): Promise<boolean> {
  const rows = await tx.query(
    `UPDATE password_reset SET used_at = now() WHERE key_hash = $1 AND account_id = $2 AND used_at IS NULL AND expires_at > now() RETURNING key_hash`,
    [hashSecret(key), accountId],
  );
  return rows.length === 1;
}

export function resetLink(
  publicUrl: string,
  email: string,
  key: string,
  page: 'reset-password' | 'signUp' = 'reset-password',
): string {
  return `${publicUrl}/app/sessions/${page}?email=${encodeURIComponent(email)}&authKey=${encodeURIComponent(key)}`;
}
