import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { LOG_LEVELS, type LogLevel } from './logger.ts';

/** Every setting Stratum reads, from the environment (README lists them). */
export interface Config {
  port: number;
  databaseUrl?: string;
  dataDir: string;
  holderEmail: string;
  holderPassword?: string;
  demo: boolean;
  demoPassword: string;
  /** the demo's journeys in progress (reviews, trainings, surveys); off: the demo at the start of its cycle */
  demoJourneys: boolean;
  smtpUrl?: string;
  mailFrom: string;
  /** MAIL_RETRY_SECONDS: the wait before a failed mail is tried again, doubling with each failure */
  mailRetrySeconds: number;
  /** MAIL_POLL_SECONDS: how often the mail worker looks for mail queued by another process, and for retries due */
  mailPollSeconds: number;
  publicUrl: string;
  /** REMINDER_INTERVAL_MINUTES: how often due reminders are sent (0: never; the holder can still send them by hand) */
  reminderIntervalMinutes: number;
  /** STRATUM_SECRET_KEY: seals secrets at rest; unset = DATA_DIR/secret.key, generated at first boot */
  secretKey?: string;
  /** LOG_LEVEL: the least severe log line written (fatal, error, warn, info, debug, trace, silent); default info */
  logLevel: LogLevel;
  /** METRICS_TOKEN: the bearer token GET /metrics asks for; unset = /metrics answers direct loopback callers only */
  metricsToken?: string;
  /**
   * WORKERS: how many server processes answer on PORT (node:cluster); default the number of cores. Forced to 1 on the
   * embedded PGlite, which one process alone may open.
   */
  workers: number;
  /** The platform's own directory, through which the holder may sign in (PLATFORM_OIDC_*) */
  platformSso?: PlatformSsoConfig;
}

export interface PlatformSsoConfig {
  name: string;
  issuer: string;
  clientId: string;
  clientSecret?: string;
  /** e-mail domains it is offered for and accepted from; empty = any */
  allowedDomains: string[];
}

function platformSsoFromEnv(env: NodeJS.ProcessEnv): PlatformSsoConfig | undefined {
  if (!env.PLATFORM_OIDC_ISSUER) return undefined;
  if (!env.PLATFORM_OIDC_CLIENT_ID)
    throw new Error('PLATFORM_OIDC_ISSUER is set, so PLATFORM_OIDC_CLIENT_ID must be set too');
  return {
    name: env.PLATFORM_OIDC_NAME || 'Platform directory',
    issuer: env.PLATFORM_OIDC_ISSUER,
    clientId: env.PLATFORM_OIDC_CLIENT_ID,
    clientSecret: env.PLATFORM_OIDC_CLIENT_SECRET || undefined,
    allowedDomains: (env.PLATFORM_OIDC_ALLOWED_DOMAINS ?? '')
      .split(/[\s,]+/)
      .map((d) => d.trim().toLowerCase())
      .filter(Boolean),
  };
}

function reminderInterval(raw: string | undefined): number {
  if (raw === undefined || raw === '') return 60;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0)
    throw new Error(
      `REMINDER_INTERVAL_MINUTES must be a whole number of minutes (0 to switch reminders off); got "${raw}"`,
    );
  return n;
}

function logLevel(raw: string | undefined): LogLevel {
  if (raw === undefined || raw === '') return 'info';
  if (!(LOG_LEVELS as readonly string[]).includes(raw))
    throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}; got "${raw}"`);
  return raw as LogLevel;
}

function positiveSeconds(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a number of seconds above 0; got "${raw}"`);
  return n;
}

function workers(raw: string | undefined): number {
  if (raw === undefined || raw === '') return availableParallelism();
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1)
    throw new Error(`WORKERS must be a whole number of server processes, 1 or more; got "${raw}"`);
  return n;
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be a port number; got "${env.PORT}"`);
  return {
    port,
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: resolve(env.DATA_DIR ?? './data'),
    holderEmail: env.HOLDER_EMAIL ?? 'holder@stratum.local',
    holderPassword: env.HOLDER_PASSWORD || undefined,
    demo: env.DEMO === '1' || env.DEMO === 'true',
    demoPassword: env.DEMO_PASSWORD ?? 'stratum-demo',
    demoJourneys: env.DEMO_JOURNEYS !== '0',
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Stratum <no-reply@stratum.local>',
    mailRetrySeconds: positiveSeconds('MAIL_RETRY_SECONDS', env.MAIL_RETRY_SECONDS, 60),
    mailPollSeconds: positiveSeconds('MAIL_POLL_SECONDS', env.MAIL_POLL_SECONDS, 5),
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    reminderIntervalMinutes: reminderInterval(env.REMINDER_INTERVAL_MINUTES),
    secretKey: env.STRATUM_SECRET_KEY || undefined,
    platformSso: platformSsoFromEnv(env),
    logLevel: logLevel(env.LOG_LEVEL),
    metricsToken: env.METRICS_TOKEN || undefined,
    workers: workers(env.WORKERS),
  };
}
