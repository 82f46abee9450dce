import * as oidc from 'openid-client';
import { AppError } from '../app-error.ts';
import { text as worded } from '../i18n/text.ts';
import type { Db } from '../db/db.ts';
import { oidcConfiguration } from './oidc-configuration.ts';
import type { SsoProvider } from './sso-provider.ts';
import { hashSecret, newSecret } from './secret-token.ts';

/** A directory sign-in must come back within this time. */
export const FLOW_MINUTES = 10;

export type SsoPurpose = 'signIn' | 'signUp';

export interface FlowRow {
  state: string;
  browser_hash: string;
  provider_key: string;
  purpose: SsoPurpose;
  nonce: string;
  code_verifier: string;
  redirect_uri: string;
}

/** What the directory says about the person, once its answer has been checked. */
export interface DirectoryClaims {
  issuer: string;
  subject: string;
  email?: string;
  emailVerified: boolean;
  givenName?: string;
  familyName?: string;
  name?: string;
}

export const callbackUri = (publicUrl: string, key: string): string =>
  `${publicUrl}/auth/${encodeURIComponent(key)}/callback`;

/**
 * Starts the authorization code flow with PKCE: state, nonce and the code verifier are kept server-side (single-use,
 * FLOW_MINUTES), and the flow is bound to the browser that started it by a secret the caller sets as a cookie
 * (so that nobody can make another browser finish a sign-in they started: login CSRF).
 */
export async function startFlow(
  db: Db,
  provider: SsoProvider,
  purpose: SsoPurpose,
  publicUrl: string,
  loginHint?: string,
): Promise<{ url: string; browserSecret: string }> {
  const config = await oidcConfiguration(provider);
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const verifier = oidc.randomPKCECodeVerifier();
  const browser = newSecret();
  const redirectUri = callbackUri(publicUrl, provider.key);
  await db.query(`DELETE FROM sso_flow WHERE expires_at < now() - interval '1 day'`);
  await db.query(
    `INSERT INTO sso_flow (state, browser_hash, provider_key, company_id, purpose, nonce, code_verifier, redirect_uri, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, now() + interval '${FLOW_MINUTES} minutes')`,
    [state, browser.hash, provider.key, provider.companyId, purpose, nonce, verifier, redirectUri],
  );
  const params: Record<string, string> = {
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: 'openid email profile',
    state,
    nonce,
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
  };
  if (loginHint) params.login_hint = loginHint;
  return { url: oidc.buildAuthorizationUrl(config, params).href, browserSecret: browser.secret };
}

/** Uses the flow a callback names up: it must exist, be unused, unexpired, of this directory and of this browser. */
export async function takeFlow(
  db: Db,
  providerKey: string,
  state: string | null,
  browserSecret: string | undefined,
): Promise<FlowRow> {
  if (!state) throw AppError.worded('bad_request', worded('refusal.sso.noState'));
  const [flow] = await db.query<FlowRow>(
    `UPDATE sso_flow SET used_at = now() WHERE state = $1 AND used_at IS NULL AND expires_at > now() RETURNING *`,
    [state],
  );
  if (!flow) throw AppError.worded('not_authenticated', worded('refusal.sso.unknownState'));
  if (!browserSecret || hashSecret(browserSecret) !== flow.browser_hash)
    throw AppError.worded('not_authenticated', worded('refusal.sso.otherBrowser'));
  if (flow.provider_key !== providerKey)
    throw AppError.worded('not_authenticated', worded('refusal.sso.otherDirectory'));
  return flow;
}

/** openid-client's reason, naming the claim that did not match (nonce, iss, aud, …) where it says which. */
function checkFailure(e: unknown): string {
  // openid-client wraps oauth4webapi's error, whose cause names the claim
  for (
    let at = e as { cause?: unknown } | undefined, depth = 0;
    at && typeof at === 'object' && depth < 4;
    at = at.cause as typeof at, depth++
  ) {
    const claim = (at as { claim?: unknown }).claim;
    if (typeof claim === 'string') return `the ID token's "${claim}" is not the one expected`;
  }
  return (e as Error).message;
}

/**
 * Finishes the flow: the code is exchanged with the PKCE verifier, the ID token checked (signature, issuer, audience,
 * expiry, nonce) by openid-client; the e-mail comes from the ID token or, when the directory keeps it there, from userinfo.
 */
export async function finishFlow(
  provider: SsoProvider,
  flow: FlowRow,
  query: URLSearchParams,
): Promise<DirectoryClaims> {
  if (query.get('error'))
    throw AppError.worded(
      'not_authenticated',
      worded('refusal.sso.notSignedIn', {
        directory: provider.name,
        reason: query.get('error_description') || query.get('error') || '',
      }),
    );
  const config = await oidcConfiguration(provider);
  const current = new URL(flow.redirect_uri);
  current.search = query.toString();
  let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
  try {
    tokens = await oidc.authorizationCodeGrant(config, current, {
      pkceCodeVerifier: flow.code_verifier,
      expectedState: flow.state,
      expectedNonce: flow.nonce,
      idTokenExpected: true,
    });
  } catch (e) {
    throw AppError.worded(
      'not_authenticated',
      worded('refusal.sso.checksFailed', { directory: provider.name, reason: checkFailure(e) }),
    );
  }
  const id = tokens.claims()!;
  let info: Record<string, unknown> = id;
  if (typeof id.email !== 'string')
    info = { ...(await oidc.fetchUserInfo(config, tokens.access_token, id.sub)), ...id };
  const text = (v: unknown) => (typeof v === 'string' && v ? v : undefined);
  return {
    issuer: id.iss,
    subject: id.sub,
    email: text(info.email),
    // Entra ID sends no email_verified; its optional claim xms_edov says the e-mail's domain owner vouches for it
    emailVerified:
      info.email_verified === true || info.email_verified === 'true' || info.xms_edov === true || info.xms_edov === '1',
    givenName: text(info.given_name),
    familyName: text(info.family_name),
    name: text(info.name),
  };
}
