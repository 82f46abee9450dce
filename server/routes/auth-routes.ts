import type { Hono } from 'hono';
import { AppError } from '../../engine/app-error.ts';
import { text } from '../../engine/i18n/text.ts';
import { forgotPassword, login, logout, resetPassword } from '../../engine/auth/auth-service.ts';
import { chooseLanguage } from '../../engine/i18n/reader-language.ts';
import { LANGUAGES, type Language } from '../../engine/metadata/registry.ts';
import { assertNoNul, fieldProblem } from '../../engine/records/record-validator.ts';
import { success } from '../envelope.ts';
import { jsonBody } from '../request-body.ts';
import type { AppEnv, Stratum } from '../stratum-context.ts';
import { tokenOf } from '../middleware/caller.ts';

/** The named string fields of a JSON body, trimmed; a missing or an unknown field is a 422 that names it. */
export function strings<K extends string>(body: unknown, names: readonly K[]): Record<K, string> {
  const b = (body ?? {}) as Record<string, unknown>;
  const missing = names.filter((n) => typeof b[n] !== 'string' || !(b[n] as string).trim());
  if (missing.length)
    throw AppError.validation(missing.map((field) => fieldProblem(null, field, 'validation.required')));
  const extra = Object.keys(b).filter((k) => !(names as readonly string[]).includes(k));
  if (extra.length) throw AppError.validation(extra.map((field) => ({ field, message: 'is not a known field' })));
  assertNoNul(b);
  return Object.fromEntries(names.map((n) => [n, (b[n] as string).trim()])) as Record<K, string>;
}

/** Sign-in, sign-out, forgot and reset password (spec 000 §7 Auth); none of them needs a token except sign-out. */
export function mountAuthRoutes(app: Hono<AppEnv>, s: Stratum): void {
  app.post('/api/v1/auth/login', async (c) => {
    const { email, password } = strings(await jsonBody(c), ['email', 'password']);
    return success(c, { user: await login(s.db, email, password) });
  });
  app.post('/api/v1/auth/logout', async (c) => {
    const token = tokenOf(c);
    if (!token) throw AppError.worded('not_authenticated', text('refusal.auth.signInFirst'));
    await logout(s.db, token);
    return success(c, {});
  });
  app.post('/api/v1/auth/forgot-password', async (c) => {
    const { email } = strings(await jsonBody(c), ['email']);
    if (await forgotPassword(s.db, s.registry.messages, email, s.config.publicUrl)) s.mailer.wake();
    return success(c, { email });
  });
  app.post('/api/v1/auth/reset-password', async (c) => {
    const { email, password, authKey } = strings(await jsonBody(c), ['email', 'password', 'authKey']);
    await resetPassword(s.db, email, password, authKey);
    // The password is never echoed (defect D05): the caller signs in afresh.
    return success(c, { email });
  });
  // the language the signed-in person reads Stratum in (the renderer's switch): their mail and documents follow it
  app.post('/api/v1/auth/language', async (c) => {
    const caller = c.get('caller');
    if (!caller?.accountId) throw AppError.worded('not_authenticated', text('refusal.auth.signInFirst'));
    const { language } = strings(await jsonBody(c), ['language']);
    if (!LANGUAGES.includes(language as Language))
      throw AppError.validation([{ field: 'language', message: `must be one of ${LANGUAGES.join(', ')}` }]);
    await chooseLanguage(s.db, caller.accountId, language as Language);
    return success(c, { language });
  });
  app.get('/api/v1/auth/me', (c) => {
    const caller = c.get('caller');
    if (!caller) throw AppError.worded('not_authenticated', text('refusal.auth.signInFirst'));
    return success(c, { user: caller });
  });
}
