import type { Context, MiddlewareHandler } from 'hono';
import { AppError } from '../../engine/app-error.ts';
import { text } from '../../engine/i18n/text.ts';
import { resolveToken } from '../../engine/auth/auth-service.ts';
import { isApiToken, recordApiTokenUse, resolveApiToken, writesBy } from '../../engine/auth/api-tokens.ts';
import type { TokenCaller } from '../../engine/auth/caller-cache.ts';
import type { AppEnv, Stratum } from '../stratum-context.ts';

/** The token from the "token" header, or from "Authorization: Bearer". */
export function tokenOf(c: Context): string | undefined {
  const t = c.req.header('token');
  if (t) return t;
  const auth = c.req.header('authorization');
  return auth?.startsWith('Bearer ') ? auth.slice(7).trim() : undefined;
}

/** Resolves the caller once per request; a token that is sent but not valid is refused at once. */
export function callerMiddleware(s: Stratum): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const token = tokenOf(c);
    if (token && isApiToken(token)) return apiTokenCall(s, c, token, next);
    const caller = token ? await resolveToken(s.db, token) : null;
    if (token && !caller && !c.req.path.startsWith('/api/v1/auth/'))
      throw AppError.worded('not_authenticated', text('refusal.auth.sessionEnded'));
    c.set('caller', caller);
    await next();
  };
}

/**
 * A call with an API token: refused when the token is unknown, revoked or expired, and a write with a read token;
 * otherwise made with the token's narrowed rights. Every use that names a live token is audited, refusals included.
 */
async function apiTokenCall(s: Stratum, c: Context<AppEnv>, token: string, next: () => Promise<void>): Promise<void> {
  const caller = await resolveApiToken(s.db, token);
  if (caller === null) throw AppError.worded('not_authenticated', text('refusal.apiToken.unknown'));
  if (caller instanceof AppError) throw caller;
  c.set('caller', caller);
  let status = 500;
  try {
    if (caller.apiToken!.access === 'read' && writesBy(c.req.method))
      throw AppError.worded('forbidden', text('refusal.apiToken.readOnly', { name: caller.apiToken!.name }));
    await next();
    status = c.res.status;
  } catch (e) {
    if (e instanceof AppError) status = e.status;
    throw e;
  } finally {
    await recordApiTokenUse(s.db, caller as TokenCaller, { method: c.req.method, path: c.req.path, status });
  }
}
