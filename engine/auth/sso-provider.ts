import { AppError } from '../app-error.ts';
import { text } from '../i18n/text.ts';
import type { Db } from '../db/db.ts';
import { inScope } from '../db/tenant-scope.ts';
import type { OidcClientSettings } from './oidc-configuration.ts';
import { openSecret } from './secret-box.ts';

/** The key of the platform's own directory in addresses (/auth/platform/callback); a company's is its record id. */
export const PLATFORM_KEY = 'platform';

/** A directory one can sign in through: a company's (sso-provider record) or the platform's (PLATFORM_OIDC_*). */
export interface SsoProvider extends OidcClientSettings {
  key: string;
  name: string;
  /** null for the platform's directory, which signs in the holder */
  companyId: number | null;
  companyName: string | null;
  /** lower case; empty = any (only the platform's may be empty) */
  allowedDomains: string[];
  /** unknown users become employees (without admin access) instead of being refused */
  newEmployees: boolean;
}

export interface PlatformSso {
  name: string;
  issuer: string;
  clientId: string;
  clientSecret?: string;
  allowedDomains: string[];
}

export interface ProviderSource {
  db: Db;
  secretKey: Buffer;
  platformSso?: PlatformSso;
}

const platformProvider = (p: PlatformSso): SsoProvider => ({
  key: PLATFORM_KEY,
  companyId: null,
  companyName: null,
  newEmployees: false,
  ...p,
});

/**
 * The active directory behind a key, its client secret opened. A company's record is read under that company's
 * tenant setting (row-level security); which company is found through the public domain index, which lists
 * active providers of active companies only.
 */
export async function providerByKey(src: ProviderSource, key: string): Promise<SsoProvider> {
  if (key === PLATFORM_KEY && src.platformSso) return platformProvider(src.platformSso);
  const unknown = AppError.worded('not_found', text('refusal.sso.unknownDirectory', { key }));
  if (!/^\d{1,15}$/.test(key)) throw unknown;
  const [owner] = await src.db.query<{ company_id: number; company_name: string }>(
    `SELECT d.company_id, c.company_name FROM sso_domain d JOIN company c ON c.id = d.company_id WHERE d.provider_id = $1 AND c.status = 'Active' LIMIT 1`,
    [Number(key)],
  );
  if (!owner) throw unknown;
  const [row] = await inScope(src.db, { companyId: owner.company_id, holder: false }, (tx) =>
    tx.query<{
      name: string;
      issuer: string;
      client_id: string;
      client_secret: string | null;
      allowed_domains: string[];
      new_employees: string;
      status: string;
    }>(
      `SELECT name, issuer, client_id, client_secret, allowed_domains, new_employees, status FROM sso_provider WHERE company_id = $1 AND id = $2`,
      [owner.company_id, Number(key)],
    ),
  );
  if (row?.status !== 'Active') throw unknown;
  return {
    key,
    name: row.name,
    companyId: owner.company_id,
    companyName: owner.company_name,
    issuer: row.issuer,
    clientId: row.client_id,
    clientSecret: row.client_secret ? openSecret(src.secretKey, row.client_secret) : undefined,
    allowedDomains: (row.allowed_domains ?? []).map((d) => d.toLowerCase()),
    newEmployees: row.new_employees === 'Yes',
  };
}

export const emailDomain = (email: string): string => email.slice(email.lastIndexOf('@') + 1).toLowerCase();

export interface DirectoryOffers {
  providers: { key: string; name: string; companyName: string | null }[];
  /** false when every company this domain leads to signs in through its directory only: the page can leave the password out */
  passwords: boolean;
}

/** The directories offered to someone who typed this e-mail: their company's for its domain, and the platform's. */
export async function providersForEmail(src: ProviderSource, email: string): Promise<DirectoryOffers> {
  type Offer = DirectoryOffers['providers'][number];
  if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) return { providers: [], passwords: true };
  const domain = emailDomain(email);
  const rows = await src.db.query<{
    provider_id: number;
    provider_name: string;
    company_id: number;
    company_name: string;
    password_sign_in: boolean;
  }>(
    `SELECT d.provider_id, d.provider_name, d.company_id, c.company_name, d.password_sign_in FROM sso_domain d JOIN company c ON c.id = d.company_id
     WHERE d.domain = $1 AND c.status = 'Active' ORDER BY c.company_name, d.provider_name`,
    [domain],
  );
  // a company refuses passwords when any of its active directories says so (as login does)
  const companies = new Set(rows.map((r) => r.company_id));
  const passwordless = new Set(rows.filter((r) => !r.password_sign_in).map((r) => r.company_id));
  // the company is named only where the domain leads to more than one (to tell them apart), not to anyone who asks
  const several = new Set(rows.map((r) => r.company_name)).size > 1;
  const list: Offer[] = rows.map((r) => ({
    key: String(r.provider_id),
    name: r.provider_name,
    companyName: several ? r.company_name : null,
  }));
  const p = src.platformSso;
  const platform = Boolean(p && (!p.allowedDomains.length || p.allowedDomains.includes(domain)));
  if (p && platform) list.push({ key: PLATFORM_KEY, name: p.name, companyName: null });
  return { providers: list, passwords: platform || companies.size === 0 || passwordless.size < companies.size };
}
