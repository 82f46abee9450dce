import cluster from 'node:cluster';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import { shareCallerForgetting } from '../engine/auth/caller-forgetting.ts';
import type { Db } from '../engine/db/db.ts';
import { bootStratum, ROOT } from './boot.ts';
import type { Config } from './config.ts';
import { scheduleReminders } from './reminder-schedule.ts';

/**
 * One server process, on the database main.ts began to open: boots, serves PORT (shared with the other workers under node:cluster), stops on a signal. */
export async function serveProcess(config: Config, opening: Promise<Db>, releaseDataDir: () => void): Promise<void> {
  let booted: Awaited<ReturnType<typeof bootStratum>>;
  try {
    // METADATA_DIR is for tests (tests/support/fixture-module.ts): a server on a copy of metadata/ with a fixture module
    booted = await bootStratum(config, {
      opening,
      rendererDir: join(ROOT, 'dist', 'renderer'),
      validationStamp: join(ROOT, 'dist', 'server', 'metadata-validated'),
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
