import { AppError } from '../app-error.ts';
import { dayMonthYear } from '../i18n/day-month-year.ts';
import { text } from '../i18n/text.ts';
import { hashSecret, newSecret } from '../auth/secret-token.ts';
import type { Db } from '../db/db.ts';

/** What a respondent's link admits them to: one recipient record of one company, until it expires or is submitted. */
export interface PublicPass {
  tokenHash: string;
  companyId: number;
  entity: string;
  recordId: number;
  email: string;
  expiresAt: string;
}

/**
 * A new pass for a recipient, working until `until` (the end of a survey's last day) or for `days` from now; earlier unused passes of the same record stop working, so a re-sent link replaces the
 * old one, unless `keepOthers` (a colleague answering signed in, from My inbox: the link mailed to them still works;
 * every pass of the record closes on submit). Only the hash is kept: a database leak reveals no usable link.
 */
export async function issuePass(
  tx: Db,
  p: {
    companyId: number;
    entity: string;
    recordId: number;
    email: string;
    days: number;
    until?: Date | null;
    keepOthers?: boolean;
  },
): Promise<{ token: string; expiresAt: string }> {
  if (!p.keepOthers)
    await tx.query(
      `UPDATE public_pass SET revoked_at = now() WHERE company_id = $1 AND entity = $2 AND record_id = $3 AND revoked_at IS NULL AND submitted_at IS NULL`,
      [p.companyId, p.entity, p.recordId],
    );
  const { secret, hash } = newSecret();
  const [row] = await tx.query<{ expires_at: Date | string }>(
    `INSERT INTO public_pass (token_hash, company_id, entity, record_id, email, expires_at) VALUES ($1, $2, $3, $4, $5, COALESCE($7::timestamptz, now() + make_interval(days => $6::int))) RETURNING expires_at`,
    [hash, p.companyId, p.entity, p.recordId, p.email, p.days, p.until?.toISOString() ?? null],
  );
  return { token: secret, expiresAt: new Date(row.expires_at).toISOString() };
}

/** The company a token belongs to, read before the call's tenant is known; unknown tokens name nothing. */
export async function passCompany(db: Db, token: string, entities: readonly string[]): Promise<number> {
  const [row] = await db.query<{ company_id: number }>(
    `SELECT company_id FROM public_pass WHERE token_hash = $1 AND entity = ANY($2::text[])`,
    [hashSecret(token), entities],
  );
  if (!row) throw invalidLink();
  return Number(row.company_id);
}

/**
 * The pass for the token, locked for the call: refused when unknown, made for another flow, replaced by a newer link,
 * expired, or already used to submit.
 */
export async function openPass(tx: Db, token: string, entity: string): Promise<PublicPass> {
  const [row] = await tx.query<{
    company_id: number;
    entity: string;
    record_id: number;
    email: string;
    expires_at: Date | string;
    revoked_at: unknown;
    submitted_at: unknown;
    expired: boolean;
  }>(
    `SELECT company_id, entity, record_id, email, expires_at, revoked_at, submitted_at, expires_at <= now() AS expired FROM public_pass WHERE token_hash = $1 FOR UPDATE`,
    [hashSecret(token)],
  );
  if (!row || row.entity !== entity) throw invalidLink();
  if (row.submitted_at) throw AppError.worded('already_submitted', text('refusal.publicFlow.alreadySubmitted'));
  if (row.revoked_at) throw AppError.worded('not_authenticated', text('refusal.publicFlow.replaced'));
  if (row.expired)
    throw AppError.worded(
      'link_expired',
      text('refusal.publicFlow.expired', { day: dayMonthYear(new Date(row.expires_at).toISOString()) }),
    );
  return {
    tokenHash: hashSecret(token),
    companyId: Number(row.company_id),
    entity: row.entity,
    recordId: Number(row.record_id),
    email: row.email,
    expiresAt: new Date(row.expires_at).toISOString(),
  };
}

/** Uses up every pass of the recipient once its answers are submitted. */
export async function closePasses(tx: Db, pass: PublicPass): Promise<void> {
  await tx.query(
    `UPDATE public_pass SET submitted_at = now() WHERE company_id = $1 AND entity = $2 AND record_id = $3 AND submitted_at IS NULL`,
    [pass.companyId, pass.entity, pass.recordId],
  );
}

const invalidLink = () => AppError.worded('not_authenticated', text('refusal.publicFlow.invalidLink'));
