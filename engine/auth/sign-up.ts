import { AppError } from '../app-error.ts';
import { fieldProblem } from '../records/record-validator.ts';
import { text } from '../i18n/text.ts';
import type { Db } from '../db/db.ts';
import { enqueueMail } from '../mail/outbox.ts';
import type { Language, Messages } from '../metadata/registry.ts';
import { hashPassword, MIN_PASSWORD_LENGTH } from './password-hash.ts';
import { consumeResetKey, createResetKey } from './reset-keys.ts';
import { setPasswordMail } from './set-password-mail.ts';

interface InviteeRow {
  id: number;
  email: string;
  password_hash: string | null;
  first_name: string | null;
  company_id: number;
  employee_id: number;
  company_status: string | null;
}

/**
 * An invitation is an employee whose e-mail a company administrator entered (which gives the employee an account)
 * and who has not chosen a password yet. Nobody else can sign up: there is no account to sign up into.
 */
const findInvitee = async (db: Db, email: string) =>
  (
    await db.query<InviteeRow>(
      `SELECT a.id, a.email, a.password_hash, a.first_name, a.company_id, a.employee_id, c.status AS company_status FROM account a JOIN company c ON c.id = a.company_id
       WHERE lower(a.email) = lower($1) AND a.role = 'employee'`,
      [email],
    )
  )[0];

/**
 * Step one of signing up with a password: an invited e-mail gets a mail with a single-use key (proof that the person
 * holds the mailbox). The reply is the same whatever the e-mail, as for "forgot password", so that sign-up cannot be
 * used to find out who works where; an uninvited e-mail gets no mail and can go no further.
 */
export async function requestSignUp(
  db: Db,
  texts: Readonly<Record<Language, Messages>>,
  email: string,
  publicUrl: string,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const invitee = await findInvitee(tx, email);
    if (!invitee || invitee.password_hash || invitee.company_status !== 'Active') return false;
    const key = await createResetKey(tx, invitee.id);
    await enqueueMail(
      tx,
      texts,
      [setPasswordMail('signUp', publicUrl, invitee.email, key, invitee.first_name ?? '')],
      invitee.company_id,
    );
    return true;
  });
}

/** Step two: the key from the mail and the chosen password. Refused for anyone without a waiting invitation. */
export async function completeSignUp(db: Db, email: string, password: string, authKey: string): Promise<void> {
  if (password.length < MIN_PASSWORD_LENGTH)
    throw AppError.validation([fieldProblem(null, 'password', 'validation.minLength', { count: MIN_PASSWORD_LENGTH })]);
  const hash = await hashPassword(password);
  await db.transaction(async (tx) => {
    const invitee = await findInvitee(tx, email);
    const noInvitation = AppError.worded('forbidden', text('refusal.auth.noInvitation', { email }));
    if (!invitee || !(await consumeResetKey(tx, invitee.id, authKey))) throw noInvitation;
    if (invitee.password_hash) throw AppError.worded('conflict', text('refusal.auth.signedUpAlready', { email }));
    await tx.query(`UPDATE account SET password_hash = $1 WHERE id = $2`, [hash, invitee.id]);
    // the company's audit trail records that the employee signed up (never the password)
    await tx.query(`select set_config('app.company_id', $1, true)`, [String(invitee.company_id)]);
    await tx.query(
      `INSERT INTO audit_trail (company_id, entity, record_id, action, done_by, done_by_name, done_at, before, after) VALUES ($1, 'employee', $2, 'signUp', $3, $4, now(), NULL, $5::text::jsonb)`,
      [
        invitee.company_id,
        invitee.employee_id,
        invitee.id,
        invitee.email,
        JSON.stringify({ accountId: invitee.id, method: 'password' }),
      ],
    );
  });
}
