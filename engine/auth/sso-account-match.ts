import { AppError } from '../app-error.ts';
import { text } from '../i18n/text.ts';
import type { Db } from '../db/db.ts';
import { inScope } from '../db/tenant-scope.ts';
import type { HookRegistry } from '../hooks/hook-registry.ts';
import type { Registry } from '../metadata/registry.ts';
import { addRecord } from '../records/record-store.ts';
import { scopedCall, type Caller } from '../records/scoped-call.ts';
import type { DirectoryClaims } from './sso-flow.ts';
import { emailDomain, type SsoProvider } from './sso-provider.ts';

export interface MatchEngine {
  db: Db;
  registry: Registry;
  hooks: HookRegistry;
  publicUrl: string;
  secretKey?: Buffer;
}

interface AccountRow {
  id: number;
  role: 'holder' | 'employee';
  company_id: number | null;
  employee_id: number | null;
}

/** The directory must vouch for the e-mail, and the e-mail must be in the domains this sign-in accepts. */
export function checkDirectoryEmail(provider: SsoProvider, claims: DirectoryClaims): string {
  if (!claims.email || !claims.emailVerified)
    throw AppError.worded('forbidden', text('refusal.sso.emailUnconfirmed', { directory: provider.name }));
  const domain = emailDomain(claims.email);
  if (provider.allowedDomains.length && !provider.allowedDomains.includes(domain))
    throw AppError.worded(
      'forbidden',
      text('refusal.sso.outsideDomains', { email: claims.email, domains: provider.allowedDomains.join(', ') }),
    );
  return claims.email;
}

/** First and last name for a new employee, from the directory's claims or, failing them, the e-mail. */
export function namesFrom(claims: DirectoryClaims, email: string): { firstName: string; lastName: string } {
  const parts = (claims.name ?? '').trim().split(/\s+/).filter(Boolean);
  const local = email.slice(0, email.indexOf('@'));
  const firstName = (claims.givenName || parts[0] || local).slice(0, 100);
  const lastName = (claims.familyName || parts.slice(1).join(' ') || local).slice(0, 100);
  return { firstName, lastName };
}

/** A directory-created employee is recorded as added by the directory sign-in, not by a person (account 0). */
const directoryCaller = (provider: SsoProvider, companyId: number): Caller => ({
  accountId: 0,
  role: 'employee',
  companyId,
  employeeId: null,
  email: '',
  name: `Directory sign-in (${provider.name})`,
});

async function createEmployee(
  engine: MatchEngine,
  provider: SsoProvider,
  claims: DirectoryClaims,
  email: string,
): Promise<void> {
  const companyId = provider.companyId!;
  // addRecord writes the record, its account (employee.syncAccount) and the audit-trail entry in one transaction
  await scopedCall(engine, directoryCaller(provider, companyId), companyId, (ctx) =>
    addRecord(ctx, engine.registry.entity('employee'), { ...namesFrom(claims, email), email }, { checked: true }),
  );
}

const findAccount = async (db: Db, provider: SsoProvider, email: string) =>
  provider.companyId === null
    ? (
        await db.query<AccountRow>(
          `SELECT id, role, company_id, employee_id FROM account WHERE lower(email) = lower($1) AND role = 'holder'`,
          [email],
        )
      )[0]
    : (
        await db.query<AccountRow>(
          `SELECT id, role, company_id, employee_id FROM account WHERE lower(email) = lower($1) AND role = 'employee' AND company_id = $2`,
          [email, provider.companyId],
        )
      )[0];

/**
 * Links the directory identity (issuer + subject) to the account at its first directory sign-in, with an audit-trail
 * entry, in one transaction; later sign-ins must come from the same identity, so a directory account that later
 * takes over someone's old e-mail does not become that person here.
 */
async function linkIdentity(
  db: Db,
  account: AccountRow,
  claims: DirectoryClaims,
  provider: SsoProvider,
): Promise<void> {
  const scope = { companyId: account.company_id, holder: account.role === 'holder' };
  await inScope(db, scope, async (tx) => {
    const links = await tx.query<{ account_id: number; subject: string }>(
      `SELECT account_id, subject FROM account_identity WHERE issuer = $1 AND (subject = $2 OR account_id = $3)`,
      [claims.issuer, claims.subject, account.id],
    );
    if (links.some((l) => l.account_id !== account.id))
      throw AppError.worded('forbidden', text('refusal.sso.linkedToAnother', { directory: provider.name }));
    if (links.some((l) => l.subject !== claims.subject))
      throw AppError.worded('forbidden', text('refusal.sso.linkedElsewhere', { directory: provider.name }));
    if (links.length) return;
    await tx.query(`INSERT INTO account_identity (account_id, issuer, subject) VALUES ($1, $2, $3)`, [
      account.id,
      claims.issuer,
      claims.subject,
    ]);
    const after = JSON.stringify({
      accountId: account.id,
      issuer: claims.issuer,
      subject: claims.subject,
      provider: provider.name,
    });
    if (account.role === 'holder')
      await tx.query(
        `INSERT INTO platform_audit_trail (entity, record_id, action, done_by, done_by_name, done_at, before, after) VALUES ('account', $1, 'linkDirectory', $1, $2, now(), NULL, $3::text::jsonb)`,
        [account.id, claims.email, after],
      );
    else
      await tx.query(
        `INSERT INTO audit_trail (company_id, entity, record_id, action, done_by, done_by_name, done_at, before, after) VALUES ($1, 'employee', $2, 'linkDirectory', $3, $4, now(), NULL, $5::text::jsonb)`,
        [account.company_id, account.employee_id, account.id, claims.email, after],
      );
  });
}

/**
 * The Stratum account of a person the directory signed in: the company's employee (or, for the platform's directory,
 * the holder) with that verified e-mail. An unknown person is refused, unless the company lets its directory add
 * employees, in which case one is added without admin access.
 */
export async function matchDirectoryAccount(
  engine: MatchEngine,
  provider: SsoProvider,
  claims: DirectoryClaims,
): Promise<number> {
  const email = checkDirectoryEmail(provider, claims);
  let account = await findAccount(engine.db, provider, email);
  if (!account && provider.companyId !== null && provider.newEmployees) {
    await createEmployee(engine, provider, claims, email);
    account = await findAccount(engine.db, provider, email);
  }
  if (!account)
    throw AppError.worded(
      'forbidden',
      provider.companyId === null
        ? text('refusal.sso.notHolder', { email })
        : text('refusal.sso.notEmployee', { email, company: provider.companyName ?? '' }),
    );
  await linkIdentity(engine.db, account, claims, provider);
  return account.id;
}
