/**
 * The real Stratum server as the bench runs it, in its own process: bootStratum (metadata, migration, module sync,
 * holder) and @hono/node-server, from the same environment as `npm start` (DATABASE_URL or DATA_DIR, PORT,
 * HOLDER_PASSWORD). It listens on loopback only, and says when it is ready so that start-up can be timed.
 */
import { serve } from '@hono/node-server';
import { bootStratum } from '../../server/boot.ts';
import { configFromEnv } from '../../server/config.ts';

const config = configFromEnv();
const { stratum, app } = await bootStratum(config, { log: () => {} });
const server = serve({ fetch: app.fetch, port: config.port, hostname: '127.0.0.1' }, (info) => console.log(`engine serving on ${info.port}`));
const stop = async () => {
  server.close();
  await stratum.db.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
