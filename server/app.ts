import { Hono } from 'hono';
import { AppError } from '../engine/app-error.ts';
import { failure, toAppError } from './envelope.ts';
import { bodySize } from './middleware/body-size.ts';
import { callerMiddleware } from './middleware/caller.ts';
import { mountAuthRoutes } from './routes/auth-routes.ts';
import { mountEntityRoutes } from './routes/entity-routes.ts';
import { mountMetaRoutes } from './routes/meta-routes.ts';
import { mountRendererRoutes } from './routes/renderer-routes.ts';
import type { AppEnv, Stratum } from './stratum-context.ts';

/** The HTTP API, built from the Registry: every entity gets the same routes. */
export function createApp(s: Stratum, options: { rendererDir?: string } = {}): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.onError((e, c) => failure(c, toAppError(e)));
  app.notFound((c) => failure(c, new AppError('not_found', `No such address: ${c.req.method} ${c.req.path}`)));
  app.use('/api/*', bodySize);
  app.use('/api/*', callerMiddleware(s));
  mountAuthRoutes(app, s);
  mountMetaRoutes(app, s);
  for (const entity of s.registry.entities.values()) mountEntityRoutes(app, s, entity);
  if (options.rendererDir) mountRendererRoutes(app, options.rendererDir);
  return app;
}
