import type { Db } from '../engine/db/db.ts';
import type { HookRegistry } from '../engine/hooks/hook-registry.ts';
import type { Mailer } from '../engine/mail/mail-delivery.ts';
import type { Registry } from '../engine/metadata/registry.ts';
import type { Caller } from '../engine/records/scoped-call.ts';
import type { Config } from './config.ts';
import type { Logger } from './logger.ts';
import type { StratumMetrics } from './metrics.ts';

/** What the Hono app is built from; one per running server. */
export interface Stratum {
  db: Db;
  registry: Registry;
  hooks: HookRegistry;
  mailer: Mailer;
  config: Config;
  /** seals and opens secrets at rest (a directory's client secret) */
  secretKey: Buffer;
  /** every line the server logs, the request log included (LOG_LEVEL) */
  logger: Logger;
  /** what GET /metrics reports */
  metrics: StratumMetrics;
}

export type ResolvedCaller = Caller;

/** Hono variables set by the middleware. */
export interface AppEnv {
  /** requestId: the request log's (request-log.ts), for a reply written whole to carry */
  Variables: { caller: ResolvedCaller | null; requestId: string };
}
