import type { Db } from '../engine/db/db.ts';
import type { HookRegistry } from '../engine/hooks/hook-registry.ts';
import type { Mailer } from '../engine/mail/mail-delivery.ts';
import type { Registry } from '../engine/metadata/registry.ts';
import type { Caller } from '../engine/records/scoped-call.ts';
import type { Config } from './config.ts';

/** What the Hono app is built from; one per running server. */
export interface Stratum {
  db: Db;
  registry: Registry;
  hooks: HookRegistry;
  mailer: Mailer;
  config: Config;
  /** seals and opens secrets at rest (a directory's client secret) */
  secretKey: Buffer;
}

export type ResolvedCaller = Caller;

/** Hono variables set by the middleware. */
export interface AppEnv {
  Variables: { caller: ResolvedCaller | null };
}
