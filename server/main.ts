import { serve } from '@hono/node-server';
import { MetadataError } from '../engine/metadata/metadata-error.ts';
import { DestructiveMigrationError } from '../engine/migrator/migrate.ts';
import { join } from 'node:path';
import { bootStratum, ROOT } from './boot.ts';
import { configFromEnv } from './config.ts';
import { scheduleReminders } from './reminder-schedule.ts';

try {
  const config = configFromEnv();
  const { stratum, app } = await bootStratum(config, { rendererDir: join(ROOT, 'dist', 'renderer') });
  const server = serve({ fetch: app.fetch, port: config.port }, (info) => {
    console.log(`Stratum is serving on http://localhost:${info.port} (${stratum.db.kind === 'pglite' ? `embedded PGlite under ${config.dataDir}` : 'PostgreSQL'})`);
  });
  const stopReminders = scheduleReminders(stratum, config.reminderIntervalMinutes, (line) => console.log(line));
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
  if (e instanceof MetadataError || e instanceof DestructiveMigrationError) console.error(e.message);
  else console.error(e);
  process.exit(1);
}
