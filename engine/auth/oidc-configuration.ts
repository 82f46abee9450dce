import * as oidc from 'openid-client';
import { AppError } from '../app-error.ts';
import { text } from '../i18n/text.ts';
import { hashSecret } from './secret-token.ts';

/** What a relying party needs to know about one directory. */
export interface OidcClientSettings {
  issuer: string;
  clientId: string;
  /** absent = a public client (PKCE alone, no client authentication) */
  clientSecret?: string;
}

/** Discovery documents are kept for a while: one round trip per sign-in less, and a directory's keys rarely change. */
const KEEP_MS = 10 * 60_000;
const cache = new Map<string, { until: number; config: Promise<oidc.Configuration> }>();

/** Plain http only for a directory on this machine (a development or test provider); anything else must be https. */
export const isLoopback = (url: URL): boolean => ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);

function issuerUrl(issuer: string): URL {
  let url: URL;
  try {
    url = new URL(issuer);
  } catch {
    throw AppError.worded('bad_request', text('refusal.sso.issuerNotUrl', { issuer }));
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopback(url)))
    throw AppError.worded('bad_request', text('refusal.sso.issuerNotHttps', { issuer }));
  return url;
}

/** The openid-client configuration of a directory, from its discovery document (/.well-known/openid-configuration). */
export function oidcConfiguration(s: OidcClientSettings): Promise<oidc.Configuration> {
  const key = [s.issuer, s.clientId, s.clientSecret ? hashSecret(s.clientSecret) : ''].join('\n');
  const hit = cache.get(key);
  if (hit && hit.until > Date.now()) return hit.config;
  const url = issuerUrl(s.issuer);
  const config = oidc
    .discovery(url, s.clientId, undefined, s.clientSecret ? oidc.ClientSecretBasic(s.clientSecret) : oidc.None(), {
      execute: url.protocol === 'http:' ? [oidc.allowInsecureRequests] : [],
      timeout: 10,
    })
    .catch((e: Error) => {
      cache.delete(key);
      throw AppError.worded(
        'bad_request',
        text('refusal.sso.discoveryFailed', { issuer: s.issuer, reason: e.message }),
      );
    });
  cache.set(key, { until: Date.now() + KEEP_MS, config });
  return config;
}
