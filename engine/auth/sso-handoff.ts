import { AppError, type ErrorCode } from '../app-error.ts';
import { wordIn } from '../i18n/catalogue.ts';
import type { Text } from '../i18n/text.ts';
import { text } from '../i18n/text.ts';
import type { Db } from '../db/db.ts';
import { hashSecret, newSecret } from './secret-token.ts';

/** The renderer must pick up a callback's outcome within this time. */
export const HANDOFF_SECONDS = 60;

/**
 * The outcome of a directory callback (the account signed in, or why not), kept under a one-time code that travels to
 * the renderer in the address fragment (never sent to a server, never in a Referer) and is exchanged by POST. The
 * session token itself is made only then, and never appears in an address.
 */
export async function createHandoff(db: Db, outcome: { accountId: number } | { error: AppError }): Promise<string> {
  const { secret, hash } = newSecret();
  await db.query(`DELETE FROM sso_handoff WHERE expires_at < now() - interval '1 day'`);
  await db.query(
    `INSERT INTO sso_handoff (code_hash, account_id, error_code, error_message, error_text, expires_at) VALUES ($1, $2, $3, $4, $5::text::jsonb, now() + make_interval(secs => $6))`,
    [
      hash,
      'accountId' in outcome ? outcome.accountId : null,
      'error' in outcome ? outcome.error.code : null,
      'error' in outcome ? outcome.error.message : null,
      // the refusal as a text, so that it is worded in the language of the page that redeems the code
      'error' in outcome && outcome.error.text ? JSON.stringify(outcome.error.text) : null,
      HANDOFF_SECONDS,
    ],
  );
  return secret;
}

/** Uses a handoff code up: the account it signed in, or the callback's refusal raised again. */
export async function redeemHandoff(db: Db, code: string): Promise<number> {
  const [row] = await db.query<{
    account_id: number | null;
    error_code: ErrorCode | null;
    error_message: string | null;
    error_text: Text | null;
  }>(
    `UPDATE sso_handoff SET used_at = now() WHERE code_hash = $1 AND used_at IS NULL AND expires_at > now() RETURNING account_id, error_code, error_message, error_text`,
    [hashSecret(code)],
  );
  if (!row) throw AppError.worded('not_authenticated', text('refusal.sso.handoffCode'));
  if (row.error_code && row.error_text)
    throw new AppError(row.error_code, wordIn('en', row.error_text), [], {}, row.error_text);
  // (a refusal without a text: worded in English where it was made)
  if (row.error_code)
    throw row.error_message
      ? new AppError(row.error_code, row.error_message)
      : AppError.worded(row.error_code, text('refusal.sso.failed'));
  return row.account_id!;
}
