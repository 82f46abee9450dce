import { randomBytes } from 'node:crypto';
import { AppError } from '../app-error.ts';
import type { ApiTokenScope } from '../access/actor.ts';
import type { Db } from '../db/db.ts';
import { inScope } from '../db/tenant-scope.ts';
import { dayMonthYear } from '../i18n/day-month-year.ts';
import { text } from '../i18n/text.ts';
import { rememberCaller, rememberedCaller, type TokenCaller } from './caller-cache.ts';
import { hashSecret } from './secret-token.ts';

/**
 * API tokens for integrations. Whose rights a token carries: its creator's, as they are at each call (module access
 * is read per call), narrowed to the token's modules (admin access only to those) and, for a read token, to reads.
 * So a token never does more than its creator could, and loses what its creator loses. The audit trail names it
 * "API token: <name>" (the caller's name), with the creator's account as the one who acted. The holder's tokens
 * (platform-api-token) carry the holder's rights within their modules alike.
 */
export const API_TOKEN_MARK = 'stk_';
/** the characters kept in the clear, so that a person can tell their tokens apart ("stk_Ab3dE9xQ") */
const PREFIX_LENGTH = API_TOKEN_MARK.length + 8;

export const isApiToken = (token: string) => token.startsWith(API_TOKEN_MARK);

/** A new token: 32 random bytes after the mark; only its hash and its first characters are kept. */
export function newApiToken(): { secret: string; hash: string; prefix: string } {
  const secret = API_TOKEN_MARK + randomBytes(32).toString('base64url');
  return { secret, hash: hashSecret(secret), prefix: secret.slice(0, PREFIX_LENGTH) };
}

export const auditName = (name: string) => `API token: ${name}`;

interface TokenRow {
  id: number;
  name: string;
  access: 'read' | 'readWrite';
  modules: string[];
  expires_on: string;
  status: string;
  expired: boolean;
  company_active: boolean;
  account_id: number | null;
  employee_id: number | null;
  email: string | null;
}

const TOKEN_COLUMNS = `t.id, t.name, t.access, t.modules, t.expires_on::text AS expires_on, t.status, t.expires_on < current_date AS expired`;

/** A company's token (api-token: its creator is an employee), read in the company's scope. */
async function companyToken(db: Db, hash: string): Promise<{ row: TokenRow; companyId: number } | null> {
  const [key] = await db.query<{ company_id: number; token_id: number }>(
    `SELECT company_id, token_id FROM api_token_key WHERE token_hash = $1`,
    [hash],
  );
  if (!key) return null;
  const companyId = Number(key.company_id);
  const [row] = await inScope(db, { companyId, holder: false }, (tx) =>
    tx.query<TokenRow>(
      `SELECT ${TOKEN_COLUMNS}, c.status = 'Active' AS company_active, a.id AS account_id, t.creator_id AS employee_id, a.email
       FROM api_token t JOIN company c ON c.id = t.company_id
       LEFT JOIN account a ON a.company_id = t.company_id AND a.employee_id = t.creator_id
       WHERE t.company_id = $1 AND t.id = $2`,
      [companyId, key.token_id],
    ),
  );
  return row ? { row, companyId } : null;
}

/** The holder's token (platform-api-token: its creator is the holder's account that issued it). */
async function platformToken(db: Db, hash: string): Promise<TokenRow | null> {
  const [row] = await db.query<TokenRow>(
    `SELECT ${TOKEN_COLUMNS}, true AS company_active, a.id AS account_id, NULL AS employee_id, a.email
     FROM platform_api_token_key k JOIN platform_api_token t ON t.id = k.token_id
     LEFT JOIN account a ON a.id = t.created_by AND a.role = 'holder'
     WHERE k.token_hash = $1`,
    [hash],
  );
  return row ?? null;
}

/**
 * The caller an API token stands for, or the refusal that names why it no longer does (revoked, expired, its company
 * or its creator gone). An unknown token is null, like an unknown session.
 */
export async function resolveApiToken(db: Db, token: string): Promise<TokenCaller | AppError | null> {
  const hash = hashSecret(token);
  const known = rememberedCaller(hash);
  if (known) return known;
  const company = await companyToken(db, hash);
  const t = company?.row ?? (await platformToken(db, hash));
  if (!t) return null;
  if (t.status !== 'Active')
    return AppError.worded('not_authenticated', text('refusal.apiToken.revoked', { name: t.name }));
  if (t.expired)
    return AppError.worded(
      'not_authenticated',
      text('refusal.apiToken.expired', { name: t.name, day: dayMonthYear(t.expires_on) }),
    );
  if (!t.company_active) return AppError.worded('forbidden', text('refusal.auth.companyInactive'));
  if (t.account_id === null)
    return AppError.worded('not_authenticated', text('refusal.apiToken.creatorGone', { name: t.name }));
  const apiToken: ApiTokenScope = { id: Number(t.id), name: t.name, access: t.access, modules: t.modules };
  const caller: TokenCaller = {
    accountId: Number(t.account_id),
    role: company ? 'employee' : 'holder',
    companyId: company?.companyId ?? null,
    employeeId: t.employee_id === null ? null : Number(t.employee_id),
    email: t.email ?? '',
    name: auditName(t.name),
    apiToken,
  };
  // remembered no longer than the day it expires at midnight (UTC, as current_date is in the database's zone)
  rememberCaller(hash, caller, new Date(`${t.expires_on}T23:59:59Z`));
  return caller;
}

/** Whether a call of this HTTP method writes: a read token may only GET (HEAD and OPTIONS change nothing either). */
export const writesBy = (method: string) => !['GET', 'HEAD', 'OPTIONS'].includes(method.toUpperCase());

/**
 * Every use of a token, admitted or refused, in the audit trail under the token's name (method, route and status),
 * and the token's last use; in a transaction of its own after the reply, so that a refused call is recorded too.
 */
export async function recordApiTokenUse(
  db: Db,
  caller: TokenCaller,
  use: { method: string; path: string; status: number },
): Promise<void> {
  const token = caller.apiToken!;
  if (caller.role === 'holder') {
    await db.transaction(async (tx) => {
      await tx.query(`UPDATE platform_api_token SET last_used_at = now() WHERE id = $1`, [token.id]);
      await tx.query(
        `INSERT INTO platform_audit_trail (entity, record_id, action, done_by, done_by_name, done_at, before, after)
         VALUES ('platform-api-token', $1, 'use', $2, $3, now(), NULL, $4::text::jsonb)`,
        [token.id, caller.accountId, caller.name, JSON.stringify(use)],
      );
    });
    return;
  }
  await inScope(db, { companyId: caller.companyId, holder: false }, async (tx) => {
    await tx.query(`UPDATE api_token SET last_used_at = now() WHERE company_id = $1 AND id = $2`, [
      caller.companyId,
      token.id,
    ]);
    await tx.query(
      `INSERT INTO audit_trail (company_id, entity, record_id, action, done_by, done_by_name, done_at, before, after)
       VALUES ($1, 'api-token', $2, 'use', $3, $4, now(), NULL, $5::text::jsonb)`,
      [caller.companyId, token.id, caller.accountId, caller.name, JSON.stringify(use)],
    );
  });
}
