import { join, resolve } from 'node:path';
import { ensureHolder } from '../engine/auth/holder-bootstrap.ts';
import { loadSecretKey } from '../engine/auth/secret-key.ts';
import type { Db } from '../engine/db/db.ts';
import { openDatabase } from '../engine/db/open-database.ts';
import { oneProcessAtATime, PROCESS_LOCK } from '../engine/db/process-lock.ts';
import { hooks } from '../engine/hooks/index.ts';
import { createMailer } from '../engine/mail/mail-delivery.ts';
import { loadRegistry } from '../engine/metadata/loader.ts';
import type { Registry } from '../engine/metadata/registry.ts';
import { syncModules } from '../engine/metadata/module-sync.ts';
import { migrate } from '../engine/migrator/migrate.ts';
import { seedDemo } from '../scripts/demo/seed-demo.ts';
import { createApp } from './app.ts';
import type { Config } from './config.ts';
import { createLogger, type Logger } from './logger.ts';
import { createMetrics } from './metrics.ts';
import type { Stratum } from './stratum-context.ts';

export const ROOT = resolve(import.meta.dirname, '..');

export interface BootOptions {
  metadataDir?: string;
  /** an open database (tests); otherwise DATABASE_URL or PGlite under DATA_DIR */
  db?: Db;
  /** that database, which the caller began to open before it loaded the engine (server/main.ts); boot owns it */
  opening?: Promise<Db>;
  /** the logger to use; else one at LOG_LEVEL writing JSON lines to stdout, or to `log` when given */
  logger?: Logger;
  /** receives every log line (JSON) instead of stdout: tests keep or drop them */
  log?: (line: string) => void;
  /** the built renderer to serve at / (dist/renderer) */
  rendererDir?: string;
  /** where the fingerprint of the last metadata that passed its schemas is kept (engine/metadata/phases/validation-stamp.ts) */
  validationStamp?: string;
}

/**
 * Boot in named phases: load and check the metadata, open the database, migrate it, sync the module table,
 * make sure the holder exists, seed the demo when asked, build the app. Any fault stops it with its cause.
 */
export async function bootStratum(config: Config, options: BootOptions = {}) {
  const logger = options.logger ?? createLogger(config.logLevel, options.log);
  const log = (line: string) => logger.info(line);
  // The database opens first and in the background: PGlite compiles its WebAssembly and starts PostgreSQL in a thread
  // of its own (a second or more of a restart), PostgreSQL's pool connects on its own, and neither needs the metadata,
  // which this thread loads and checks meanwhile. On a machine with two cores a restart waits for the longer of the
  // two rather than their sum.
  const opening = options.db ? Promise.resolve(options.db) : (options.opening ?? openDatabase(config));
  let registry: Registry;
  try {
    registry = loadRegistry(options.metadataDir ?? join(ROOT, 'metadata'), hooks, {
      validationStamp: options.validationStamp,
    });
  } catch (e) {
    if (!options.db) await opening.then((db) => db.close()).catch(() => undefined);
    throw e;
  }
  const db = await opening;
  try {
    // Servers booting together over one PostgreSQL (WORKERS, several machines) take turns: the first migrates, syncs
    // the modules, makes the holder and seeds the demo; the others find it done.
    const holder = await oneProcessAtATime(db, PROCESS_LOCK.boot, async () => {
      const { plan, patches } = await migrate(db, registry, { patchesDir: join(ROOT, 'scripts', 'patches') });
      if (plan.actions.length || patches.length)
        log(`migrated: ${plan.actions.length} change(s), ${patches.length} patch(es)`);
      if (plan.orphans.length) log(`kept columns that no field declares any more: ${plan.orphans.join(', ')}`);
      await syncModules(db, registry);
      return ensureHolder(db, config.holderEmail, config.holderPassword);
    });
    if (holder.generatedPassword)
      log(
        `holder account created: ${config.holderEmail} / ${holder.generatedPassword}  (shown once; set HOLDER_PASSWORD to choose it)`,
      );
    const mailer = createMailer(db, {
      smtpUrl: config.smtpUrl,
      outboxDir: join(config.dataDir, 'outbox'),
      from: config.mailFrom,
      log: (line) => logger.warn(line),
      retrySeconds: config.mailRetrySeconds,
      pollSeconds: config.mailPollSeconds,
    });
    const secret = loadSecretKey(config.secretKey, config.dataDir);
    if (secret.generated)
      log(
        `secret key generated in ${secret.file} (keep it with the data; set STRATUM_SECRET_KEY when several servers share the database)`,
      );
    const stratum: Stratum = {
      db,
      registry,
      hooks,
      mailer,
      config,
      secretKey: secret.key,
      logger,
      metrics: createMetrics(db),
    };
    if (config.demo)
      for (const line of await oneProcessAtATime(db, PROCESS_LOCK.boot, () => seedDemo(stratum))) log(line);
    const app = createApp(stratum, { rendererDir: options.rendererDir });
    return { stratum, app };
  } catch (e) {
    if (!options.db) await db.close();
    throw e;
  }
}
