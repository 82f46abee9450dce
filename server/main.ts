import cluster from 'node:cluster';
import { serve } from '@hono/node-server';
import { shareCallerForgetting } from '../engine/auth/caller-forgetting.ts';
import { MetadataError } from '../engine/metadata/metadata-error.ts';
import { DestructiveMigrationError } from '../engine/migrator/migrate.ts';
import { RequestRoleError } from '../engine/migrator/request-role.ts';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { bootStratum, ROOT } from './boot.ts';
import { configFromEnv, type Config } from './config.ts';
import { claimDataDir, DataDirInUse } from './data-dir-lock.ts';
import { createLogger } from './logger.ts';
import { scheduleReminders } from './reminder-schedule.ts';
import { runPrimary } from './worker-cluster.ts';

/** One server process: boots, serves PORT (shared with the other workers under node:cluster), stops on a signal. */
async function serveProcess(config: Config): Promise<void> {
  // the embedded database is one process's: a backup or restore must not open it while this one runs
  const releaseDataDir = config.databaseUrl
    ? () => {}
    : (mkdirSync(config.dataDir, { recursive: true }), claimDataDir(config.dataDir));
  let booted: Awaited<ReturnType<typeof bootStratum>>;
  try {
    // METADATA_DIR is for tests (tests/support/fixture-module.ts): a server on a copy of metadata/ with a fixture module
    booted = await bootStratum(config, {
      rendererDir: join(ROOT, 'dist', 'renderer'),
      ...(process.env.METADATA_DIR ? { metadataDir: process.env.METADATA_DIR } : {}),
    });
  } catch (e) {
    releaseDataDir();
    throw e;
  }
  const { stratum, app } = booted;
  const stopSharing = await shareCallerForgetting(stratum.db, (line) => stratum.logger.warn(line));
  const server = serve({ fetch: app.fetch, port: config.port }, (info) => {
    if (cluster.isWorker && cluster.worker!.id > 1) return;
    stratum.logger.info(
      { port: info.port, database: stratum.db.kind },
      `Stratum is serving on http://localhost:${info.port} (${stratum.db.kind === 'pglite' ? `embedded PGlite under ${config.dataDir}` : 'PostgreSQL'})`,
    );
  });
  const stopReminders = scheduleReminders(stratum, config.reminderIntervalMinutes);
  // the mail worker: sends queued mail at once and looks again every MAIL_POLL_SECONDS (mail of other processes, retries)
  stratum.mailer.start();
  let stopping = false;
  const stop = async () => {
    // a terminal's Ctrl+C reaches the workers both directly and through the primary
    if (stopping) return;
    stopping = true;
    stopReminders();
    await stratum.mailer.stop();
    server.close();
    await stopSharing();
    await stratum.db.close();
    releaseDataDir();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

try {
  const config = configFromEnv();
  if (cluster.isPrimary && config.workers > 1 && !config.databaseUrl) {
    createLogger(config.logLevel).info(
      { workers: 1, asked: config.workers },
      'WORKERS is 1 on the embedded PGlite, which one process alone may open (set DATABASE_URL for several)',
    );
    config.workers = 1;
  }
  if (cluster.isPrimary && config.workers > 1) await runPrimary(config.workers, createLogger(config.logLevel));
  else await serveProcess(config);
} catch (e) {
  // A start that cannot go on is told in plain text on stderr, not as a JSON line: the person starting the server
  // reads it (the settings or the logger may be what failed), and what it asks them to do is theirs, not a stack's.
  if (
    e instanceof MetadataError ||
    e instanceof DestructiveMigrationError ||
    e instanceof RequestRoleError ||
    e instanceof DataDirInUse
  )
    console.error(e.message);
  else
    console.error(
      e instanceof Error && cluster.isPrimary && /first server process stopped/.test(e.message) ? e.message : e,
    );
  process.exit(1);
}
