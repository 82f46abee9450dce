import type { Hono } from 'hono';
import { authenticate, flowEntity, saveAnswer, submitAnswers } from '../../engine/public-flows/public-flow-service.ts';
import { publicFlowScreens } from '../../engine/public-flows/public-flow-screens.ts';
import { colleaguePass } from '../../engine/public-flows/colleague-pass.ts';
import { runCall } from '../call-runner.ts';
import { callerLanguage, success } from '../envelope.ts';
import { jsonBody } from '../request-body.ts';
import type { AppEnv, Stratum } from '../stratum-context.ts';

/**
 * The calls of the public flows (questionnaires, survey reviews): a respondent who never signs in sends the token from
 * the mailed link in the body; it admits them to that one recipient only. A colleague the recipient names may, signed
 * in, take a pass of their own for it (`mine`).
 */
export function mountPublicFlowRoutes(app: Hono<AppEnv>, s: Stratum): void {
  const engine = { ...s, publicUrl: s.config.publicUrl };
  const screens = publicFlowScreens(s.registry);
  // what the renderer needs, before anyone signs in, to show a mailed link's page
  app.get('/api/v1/public/screens', (c) => success(c, { screens }));
  app.post('/api/v1/public/:flow/auth', async (c) => {
    flowEntity(s.registry, c.req.param('flow'));
    const body = (await jsonBody(c)) as { token?: unknown } | null;
    return success(c, await authenticate(engine, c.req.param('flow'), body?.token, callerLanguage(c)));
  });
  app.post('/api/v1/public/:flow/answer', async (c) => {
    flowEntity(s.registry, c.req.param('flow'));
    return success(c, await saveAnswer(engine, c.req.param('flow'), await jsonBody(c)));
  });
  app.post('/api/v1/public/:flow/submit', async (c) => {
    flowEntity(s.registry, c.req.param('flow'));
    const body = (await jsonBody(c)) as { token?: unknown } | null;
    return success(c, await submitAnswers(engine, c.req.param('flow'), body?.token));
  });
  // a signed-in colleague opening their own review from My inbox: a pass without the mailed link
  app.post('/api/v1/public/:flow/mine', async (c) => {
    flowEntity(s.registry, c.req.param('flow'));
    const body = await jsonBody(c);
    return success(c, await runCall(s, c, (ctx) => colleaguePass(ctx, c.req.param('flow'), body)));
  });
}
