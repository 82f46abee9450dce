import type { Hono } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { AppError } from '../../engine/app-error.ts';
import { fieldProblem } from '../../engine/records/record-validator.ts';
import { signInAccount } from '../../engine/auth/auth-service.ts';
import { matchDirectoryAccount } from '../../engine/auth/sso-account-match.ts';
import { finishFlow, FLOW_MINUTES, startFlow, takeFlow, type SsoPurpose } from '../../engine/auth/sso-flow.ts';
import { createHandoff, redeemHandoff } from '../../engine/auth/sso-handoff.ts';
import { providerByKey, providersForEmail } from '../../engine/auth/sso-provider.ts';
import { success, toAppError } from '../envelope.ts';
import { jsonBody } from '../request-body.ts';
import type { AppEnv, Stratum } from '../stratum-context.ts';
import { strings } from './auth-routes.ts';

/** Binds a directory sign-in to the browser that started it; only the callback path ever receives it. */
const BROWSER_COOKIE = 'stratum_sso';
const PURPOSES: readonly SsoPurpose[] = ['signIn', 'signUp'];

/**
 * Sign-in (and sign-up) through an OpenID Connect directory: the directories offered for an e-mail, the start of the
 * flow, the directory's return to /auth/:provider/callback (spec route), and the exchange of the one-time code that
 * the callback hands to the renderer for a session.
 */
export function mountSsoRoutes(app: Hono<AppEnv>, s: Stratum): void {
  const source = () => ({ db: s.db, secretKey: s.secretKey, platformSso: s.config.platformSso });

  app.get('/api/v1/auth/sso/providers', async (c) => {
    const email = (c.req.query('email') ?? '').trim();
    if (!email) throw AppError.validation([fieldProblem(null, 'email', 'validation.required')]);
    return success(c, await providersForEmail(source(), email));
  });

  app.post('/api/v1/auth/sso/start', async (c) => {
    const raw = await jsonBody(c);
    const body = (raw && typeof raw === 'object' && !Array.isArray(raw) ? raw : {}) as Record<string, unknown>;
    const { provider: key } = strings({ provider: body.provider }, ['provider']);
    const purpose = (body.purpose ?? 'signIn') as SsoPurpose;
    if (!PURPOSES.includes(purpose))
      throw AppError.validation([{ field: 'purpose', message: `must be ${PURPOSES.join(' or ')}` }]);
    const email = body.email === undefined ? undefined : String(body.email).trim() || undefined;
    const extra = Object.keys(body).filter((k) => !['provider', 'purpose', 'email'].includes(k));
    if (extra.length) throw AppError.validation(extra.map((field) => ({ field, message: 'is not a known field' })));
    const provider = await providerByKey(source(), key);
    const { url, browserSecret } = await startFlow(s.db, provider, purpose, s.config.publicUrl, email);
    setCookie(c, BROWSER_COOKIE, browserSecret, {
      path: '/auth',
      httpOnly: true,
      sameSite: 'Lax', // sent on the directory's top-level redirect back, not on other sites' requests
      secure: s.config.publicUrl.startsWith('https:'),
      maxAge: FLOW_MINUTES * 60,
    });
    return success(c, { url });
  });

  app.get('/auth/:provider/callback', async (c) => {
    const key = c.req.param('provider');
    const query = new URL(c.req.url).searchParams;
    let purpose: SsoPurpose = 'signIn';
    let outcome: Parameters<typeof createHandoff>[1];
    try {
      const flow = await takeFlow(s.db, key, query.get('state'), getCookie(c, BROWSER_COOKIE));
      purpose = flow.purpose;
      const provider = await providerByKey(source(), key);
      const claims = await finishFlow(provider, flow, query);
      outcome = { accountId: await matchDirectoryAccount({ ...s, publicUrl: s.config.publicUrl }, provider, claims) };
    } catch (e) {
      outcome = { error: toAppError(e, s.logger) };
    }
    deleteCookie(c, BROWSER_COOKIE, { path: '/auth' });
    const code = await createHandoff(s.db, outcome);
    c.header('Cache-Control', 'no-store');
    c.header('Referrer-Policy', 'no-referrer');
    // the code rides in the fragment: browsers never send it to any server, nor in a Referer
    return c.redirect(`/app/sessions/${purpose}#sso=${code}`, 302);
  });

  app.post('/api/v1/auth/sso/exchange', async (c) => {
    const { code } = strings(await jsonBody(c), ['code']);
    return success(c, { user: await signInAccount(s.db, await redeemHandoff(s.db, code)) });
  });
}
