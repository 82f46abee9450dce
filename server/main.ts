import { serve } from '@hono/node-server';
import { MetadataError } from '../engine/metadata/metadata-error.ts';
import { DestructiveMigrationError } from '../engine/migrator/migrate.ts';
import { RequestRoleError } from '../engine/migrator/request-role.ts';
import { join } from 'node:path';
import { bootStratum, ROOT } from './boot.ts';
import { configFromEnv } from './config.ts';
import { scheduleReminders } from './reminder-schedule.ts';

try {
  const config = configFromEnv();
  // METADATA_DIR is for tests (tests/support/fixture-module.ts): a server on a copy of metadata/ with a fixture module
  const { stratum, app } = await bootStratum(config, { rendererDir: join(ROOT, 'dist', 'renderer'), ...(process.env.METADATA_DIR ? { metadataDir: process.env.METADATA_DIR } : {}) });
  const server = serve({ fetch: app.fetch, port: config.port }, (info) => {
    stratum.logger.info({ port: info.port, database: stratum.db.kind }, `Stratum is serving on http://localhost:${info.port} (${stratum.db.kind === 'pglite' ? `embedded PGlite under ${config.dataDir}` : 'PostgreSQL'})`);
  });
  const stopReminders = scheduleReminders(stratum, config.reminderIntervalMinutes);
  // the mail worker: sends queued mail at once and looks again every MAIL_POLL_SECONDS (mail of other processes, retries)
  stratum.mailer.start();
  const stop = async () => {
    stopReminders();
    await stratum.mailer.stop();
    server.close();
    await stratum.db.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
} catch (e) {
  // A start that cannot go on is told in plain text on stderr, not as a JSON line: the person starting the server
  // reads it (the settings or the logger may be what failed), and what it asks them to do is theirs, not a stack's.
  if (e instanceof MetadataError || e instanceof DestructiveMigrationError || e instanceof RequestRoleError) console.error(e.message);
  else console.error(e);
  process.exit(1);
}
