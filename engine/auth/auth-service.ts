import { AppError } from '../app-error.ts';
import { fieldProblem } from '../records/record-validator.ts';
import { text } from '../i18n/text.ts';
import type { Db } from '../db/db.ts';
import { inScope } from '../db/tenant-scope.ts';
import { enqueueMail } from '../mail/outbox.ts';
import type { Language, Messages } from '../metadata/registry.ts';
import {
  forgetCallers,
  lookUpCallerOnce,
  rememberAccess,
  rememberCaller,
  rememberedAccess,
  rememberedCaller,
  type ModuleAccess,
  type TokenCaller,
} from './caller-cache.ts';
import { clearFailures, recordFailure, secondsLocked } from './login-throttle.ts';
import { hashPassword, MIN_PASSWORD_LENGTH, verifyPassword } from './password-hash.ts';
import { consumeResetKey, createResetKey } from './reset-keys.ts';
import { hashSecret, newSecret } from './secret-token.ts';
import { setPasswordMail } from './set-password-mail.ts';

export const SESSION_HOURS = 12;

interface AccountRow {
  id: number;
  email: string;
  password_hash: string | null;
  role: 'holder' | 'employee';
  company_id: number | null;
  employee_id: number | null;
  first_name: string | null;
  last_name: string | null;
  language: string | null;
}

export interface SessionUser {
  id: number;
  uid: number;
  token: string;
  role: 'holder' | 'employee';
  companyId: number | null;
  employeeId: number | null;
  email: string;
  firstName: string | null;
  lastName: string | null;
  /** the language the person chose (null: none yet; the renderer keeps its own) */
  language: string | null;
}

const findAccount = async (db: Db, email: string) =>
  (await db.query<AccountRow>(`SELECT * FROM account WHERE lower(email) = lower($1)`, [email]))[0] as
    | AccountRow
    | undefined;

/** Sign-in: a wrong e-mail and a wrong password look alike; repeated failures lock the e-mail for a while. */
export async function login(db: Db, email: string, password: string): Promise<SessionUser> {
  const wait = await secondsLocked(db, email);
  if (wait > 0)
    throw AppError.worded('too_many_attempts', text('refusal.auth.tooManyAttempts', { count: wait }), [], {
      'Retry-After': String(wait),
    });
  const account = await findAccount(db, email);
  const ok = await verifyPassword(password, account?.password_hash ?? null);
  if (!account || !ok) {
    await recordFailure(db, email);
    throw AppError.worded('not_authenticated', text('refusal.auth.wrongPassword'));
  }
  await assertCompanyActive(db, account);
  const directory = account.role === 'employee' ? await passwordlessDirectory(db, account.company_id!) : null;
  if (directory) throw AppError.worded('forbidden', text('refusal.auth.useDirectory', { directory }));
  await clearFailures(db, email);
  return openSession(db, account);
}

async function assertCompanyActive(db: Db, account: AccountRow): Promise<void> {
  if (account.role !== 'employee') return;
  const [company] = await db.query<{ status: string }>(`SELECT status FROM company WHERE id = $1`, [
    account.company_id,
  ]);
  if (company?.status !== 'Active') throw AppError.worded('forbidden', text('refusal.auth.companyInactive'));
}

/** The name of an active directory of the company that no longer allows passwords, if there is one. */
async function passwordlessDirectory(db: Db, companyId: number): Promise<string | null> {
  const [row] = await inScope(db, { companyId, holder: false }, (tx) =>
    tx.query<{ name: string }>(
      `SELECT name FROM sso_provider WHERE company_id = $1 AND status = 'Active' AND password_sign_in = 'No' ORDER BY name LIMIT 1`,
      [companyId],
    ),
  );
  return row?.name ?? null;
}

/** Signs an account in that a directory vouched for (no password involved). */
export async function signInAccount(db: Db, accountId: number): Promise<SessionUser> {
  const [account] = await db.query<AccountRow>(`SELECT * FROM account WHERE id = $1`, [accountId]);
  if (!account) throw AppError.worded('not_authenticated', text('refusal.auth.accountGone'));
  await assertCompanyActive(db, account);
  return openSession(db, account);
}

async function openSession(db: Db, account: AccountRow): Promise<SessionUser> {
  const { secret, hash } = newSecret();
  await db.query(
    `INSERT INTO session (token_hash, account_id, expires_at) VALUES ($1, $2, now() + interval '${SESSION_HOURS} hours')`,
    [hash, account.id],
  );
  return {
    id: account.id,
    uid: account.id,
    token: secret,
    role: account.role,
    companyId: account.company_id,
    employeeId: account.employee_id,
    email: account.email,
    firstName: account.first_name,
    lastName: account.last_name,
    language: account.language,
  };
}

export async function logout(db: Db, token: string): Promise<void> {
  await db.query(`UPDATE session SET revoked_at = now() WHERE token_hash = $1 AND revoked_at IS NULL`, [
    hashSecret(token),
  ]);
  forgetCallers();
}

/** The caller behind a token, or null when it is unknown, expired or revoked. Module access is filled in per call. */
export async function resolveToken(db: Db, token: string): Promise<TokenCaller | null> {
  const hash = hashSecret(token);
  const known = rememberedCaller(hash);
  if (known) return known;
  return lookUpCallerOnce(hash, async () => {
    const [a] = await db.query<AccountRow & { expires_at: string }>(
      `SELECT a.*, s.expires_at FROM session s JOIN account a ON a.id = s.account_id WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > now()`,
      [hash],
    );
    if (!a) return null;
    const caller: TokenCaller = {
      accountId: a.id,
      role: a.role,
      companyId: a.company_id,
      employeeId: a.employee_id,
      email: a.email,
      name: [a.first_name, a.last_name].filter(Boolean).join(' ') || a.email,
    };
    rememberCaller(hash, caller, new Date(a.expires_at));
    return caller;
  });
}

/**
 * Always answers alike, whether or not the e-mail has an account, so that it cannot be used to find accounts. Returns
 * whether a mail was queued (for the mail worker to be woken); the new key voids the account's older ones.
 */
export async function forgotPassword(
  db: Db,
  texts: Readonly<Record<Language, Messages>>,
  email: string,
  publicUrl: string,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const account = await findAccount(tx, email);
    if (!account) return false;
    const key = await createResetKey(tx, account.id);
    await enqueueMail(
      tx,
      texts,
      [setPasswordMail('reset', publicUrl, account.email, key, account.first_name ?? '')],
      account.company_id,
    );
    return true;
  });
}

/** Sets a new password with a reset key; the key is used up, every session of the account ends, and nothing echoes the password. */
export async function resetPassword(db: Db, email: string, password: string, authKey: string): Promise<void> {
  if (password.length < MIN_PASSWORD_LENGTH)
    throw AppError.validation([fieldProblem(null, 'password', 'validation.minLength', { count: MIN_PASSWORD_LENGTH })]);
  const hash = await hashPassword(password);
  await db.transaction(async (tx) => {
    const account = await findAccount(tx, email);
    if (!account || !(await consumeResetKey(tx, account.id, authKey)))
      throw AppError.worded('bad_request', text('refusal.auth.resetKey'));
    await tx.query(`UPDATE account SET password_hash = $1 WHERE id = $2`, [hash, account.id]);
    await tx.query(`UPDATE session SET revoked_at = now() WHERE account_id = $1 AND revoked_at IS NULL`, [account.id]);
    await clearFailures(tx, email);
  });
  forgetCallers();
}

/** The modules the company has and the ones this employee administers, read inside the call's scoped transaction. */
export async function loadModuleAccess(tx: Db, companyId: number, employeeId: number | null): Promise<ModuleAccess> {
  const known = rememberedAccess(companyId, employeeId);
  if (known) return known;
  const rows = await tx.query<{ code: string; enabled: string | null; admin: string | null }>(
    `SELECT m.code, cm.enabled, em.admin_access AS admin FROM module m
     LEFT JOIN company_module cm ON cm.company_id = $1 AND cm.module_id = m.id
     LEFT JOIN employee_module em ON em.company_id = $1 AND em.employee_id = $2 AND em.module_id = m.id
     WHERE cm.id IS NOT NULL OR em.id IS NOT NULL`,
    [companyId, employeeId],
  );
  const access = {
    enabled: new Set(rows.filter((r) => r.enabled === 'Yes').map((r) => r.code)),
    admin: new Set(rows.filter((r) => r.admin === 'Yes').map((r) => r.code)),
  };
  rememberAccess(companyId, employeeId, access);
  return access;
}
