import { randomUUID } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import type { Logger } from '../logger.ts';
import { completeReplies } from './complete-replies.ts';
import type { StratumMetrics } from '../metrics.ts';
import type { AppEnv } from '../stratum-context.ts';

/** A parameter's pattern in a route (`:id{[0-9]+}`): the label keeps the parameter's name only. */
const PARAM_PATTERN = /\{(?:[^{}]|\{[^{}]*\})*\}/g;

/** A request id a proxy sent is kept when it is a plain token; anything else gets a new one (no log injection). */
const REQUEST_ID = /^[\w.:-]{1,64}$/;

/**
 * One JSON log line and one metrics observation per request, when its reply is ready: method, route pattern (the
 * route as declared, `/api/v1/employee/:id`, so that ids stay out and the metrics' labels stay few), status, duration,
 * the caller's company and the request id (also sent back as X-Request-Id). Nothing else of the request is read:
 * no headers but the request id, no query string, no body, so no token, password or key can reach the log.
 */
export function requestLog(logger: Logger, metrics: StratumMetrics): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    const sent = c.req.header('x-request-id');
    const requestId = sent && REQUEST_ID.test(sent) ? sent : randomUUID();
    // carried by a reply written whole (complete-replies.ts); set on any other once it is ready, so that no reply is
    // built on prepared headers (undici Headers) just for this one
    c.set('requestId', requestId);
    await next();
    if (!completeReplies.has(c.res))
      try {
        c.res.headers.set('X-Request-Id', requestId);
      } catch {
        // a reply whose headers are immutable (Response.redirect) goes without it, as it went before
      }
    const seconds = (performance.now() - started) / 1000;
    // after next(), the route index is the handler's that answered; a request no route took keeps a middleware's '*'
    const route = routePath(c).replace(PARAM_PATTERN, '');
    const status = c.res.status;
    metrics.observeRequest(c.req.method, route, status, seconds);
    const caller = c.get('caller');
    logger.info(
      {
        req: { id: requestId, method: c.req.method, route },
        status,
        ms: Math.round(seconds * 10000) / 10,
        companyId: caller?.companyId ?? null,
      },
      'request',
    );
  };
}
