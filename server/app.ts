import { Hono } from 'hono';
import { AppError } from '../engine/app-error.ts';
import { failure, toAppError } from './envelope.ts';
import { bodySize } from './middleware/body-size.ts';
import { callerMiddleware } from './middleware/caller.ts';
import { compressReplies, revalidatedApiReplies, taggedReplies } from './middleware/reply-encoding.ts';
import { requestLog } from './middleware/request-log.ts';
import { securityHeaders } from './middleware/security-headers.ts';
import { mountAuthRoutes } from './routes/auth-routes.ts';
import { mountEntityRoutes } from './routes/entity-routes.ts';
import { mountMetaRoutes } from './routes/meta-routes.ts';
import { mountMetricsRoutes } from './routes/metrics-routes.ts';
import { mountRendererRoutes } from './routes/renderer-routes.ts';
import { mountPublicFlowRoutes } from './routes/public-flow-routes.ts';
import { mountReminderRoutes } from './routes/reminder-routes.ts';
import { mountSignUpRoutes } from './routes/sign-up-routes.ts';
import { mountSsoRoutes } from './routes/sso-routes.ts';
import type { AppEnv, Stratum } from './stratum-context.ts';

/** The HTTP API, built from the Registry: every entity gets the same routes. */
export function createApp(s: Stratum, options: { rendererDir?: string } = {}): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.onError((e, c) => failure(c, toAppError(e, s.logger), s.registry));
  app.notFound((c) =>
    failure(c, new AppError('not_found', `No such address: ${c.req.method} ${c.req.path}`), s.registry),
  );
  // outermost, so that it times and counts every reply, refusals by the middleware below included
  app.use('*', requestLog(s.logger, s.metrics));
  // first, so that every reply carries them: pages, assets, API answers and refusals alike
  app.use('*', securityHeaders);
  // then compression around the ETag (the tag is the uncompressed body's), so that a 304 is neither compressed nor hashed twice
  app.use('*', compressReplies);
  app.use('*', taggedReplies);
  app.use('/api/*', revalidatedApiReplies);
  app.use('/api/*', bodySize);
  app.use('/api/*', callerMiddleware(s));
  mountAuthRoutes(app, s);
  mountSignUpRoutes(app, s);
  mountSsoRoutes(app, s);
  mountMetaRoutes(app, s);
  mountReminderRoutes(app, s);
  mountMetricsRoutes(app, s);
  mountPublicFlowRoutes(app, s);
  for (const entity of s.registry.entities.values()) mountEntityRoutes(app, s, entity);
  if (options.rendererDir) mountRendererRoutes(app, options.rendererDir);
  return app;
}
