import type { Context, MiddlewareHandler } from 'hono';
import { AppError } from '../../engine/app-error.ts';
import { text } from '../../engine/i18n/text.ts';
import { resolveToken } from '../../engine/auth/auth-service.ts';
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
    const caller = token ? await resolveToken(s.db, token) : null;
    if (token && !caller && !c.req.path.startsWith('/api/v1/auth/')) throw AppError.worded('not_authenticated', text('refusal.auth.sessionEnded'));
    c.set('caller', caller);
    await next();
  };
}
