import type { Hono } from 'hono';
import { completeSignUp, requestSignUp } from '../../engine/auth/sign-up.ts';
import { success } from '../envelope.ts';
import { jsonBody } from '../request-body.ts';
import type { AppEnv, Stratum } from '../stratum-context.ts';
import { strings } from './auth-routes.ts';

/** Sign-up with a password (spec route /app/sessions/signUp): only for e-mails a company administrator has invited. */
export function mountSignUpRoutes(app: Hono<AppEnv>, s: Stratum): void {
  app.post('/api/v1/auth/sign-up', async (c) => {
    const { email } = strings(await jsonBody(c), ['email']);
    if (await requestSignUp(s.db, s.registry.messages, email, s.config.publicUrl)) s.mailer.wake();
    return success(c, { email });
  });
  app.post('/api/v1/auth/sign-up/complete', async (c) => {
    const { email, password, authKey } = strings(await jsonBody(c), ['email', 'password', 'authKey']);
    await completeSignUp(s.db, email, password, authKey);
    return success(c, { email });
  });
}
