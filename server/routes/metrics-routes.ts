import { timingSafeEqual } from 'node:crypto';
import type { Context, Hono } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { AppEnv, Stratum } from '../stratum-context.ts';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

function sameSecret(sent: string, expected: string): boolean {
  const a = Buffer.from(sent);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The address of the socket the request came on; none when it came through no socket (app.request in tests). */
function remoteAddress(c: Context<AppEnv>): string | undefined {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    return undefined;
  }
}

/**
 * Who may read /metrics: with METRICS_TOKEN set, whoever sends it as `Authorization: Bearer …`; without, a
 * Prometheus on the same machine only, i.e. a direct loopback connection. A loopback request that a proxy forwarded
 * (it says so in Forwarded or X-Forwarded-For) came from elsewhere, so it is refused: a reverse proxy on the same
 * machine must not make the metrics public.
 */
function mayScrape(c: Context<AppEnv>, token: string | undefined): boolean {
  if (token) {
    const auth = c.req.header('authorization') ?? '';
    return auth.startsWith('Bearer ') && sameSecret(auth.slice(7).trim(), token);
  }
  if (c.req.header('forwarded') !== undefined || c.req.header('x-forwarded-for') !== undefined) return false;
  const address = remoteAddress(c);
  return address !== undefined && LOOPBACK.has(address);
}

/** GET /metrics: the Prometheus text format (server/metrics.ts says what is in it). */
export function mountMetricsRoutes(app: Hono<AppEnv>, s: Stratum): void {
  app.get('/metrics', async (c) => {
    if (!mayScrape(c, s.config.metricsToken)) {
      const hint = s.config.metricsToken
        ? 'send METRICS_TOKEN as "Authorization: Bearer …"'
        : 'set METRICS_TOKEN to scrape from elsewhere than this machine';
      return c.text(`Not allowed: ${hint}\n`, s.config.metricsToken ? 401 : 403);
    }
    return c.body(await s.metrics.registry.metrics(), 200, { 'content-type': s.metrics.registry.contentType });
  });
}
