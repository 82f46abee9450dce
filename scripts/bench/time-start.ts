/**
 * `npm start` timed as a user waits (issue 28, "Start-up"), on its own, without the bench's tenant: from the command
 * (npm included) to the first 200 from /healthz, `START_TIMES` times (3 by default), with the load average beside each
 * start, since the machine may be shared and a figure without it says little.
 *
 *   DATA_DIR=/tmp/some-folder npx tsx scripts/bench/time-start.ts          (PGlite; an empty folder: the first start)
 *   DATABASE_URL=postgres://… npx tsx scripts/bench/time-start.ts          (PostgreSQL)
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from './server-process.ts';
import { NPM_START } from './startup-timing.ts';

const times = Number(process.env.START_TIMES ?? 3);
const logDir = mkdtempSync(join(tmpdir(), 'stratum-start-'));
const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
const env: Record<string, string> = { HOLDER_PASSWORD: process.env.HOLDER_PASSWORD ?? 'holder-pw-123', LOG_LEVEL: 'warn' };
console.log(`npm start on ${process.env.DATABASE_URL ? 'PostgreSQL' : `PGlite under ${process.env.DATA_DIR ?? '(DATA_DIR unset)'}`}, logs in ${logDir}`);
for (let i = 1; i <= times; i++) {
  const before = load();
  const s = await startServer(`start-${i}`, '', env, logDir, NPM_START);
  console.log(`start ${i}: ${Math.round(s.startupMs)} ms to a ready /healthz (load average ${before} → ${load()})`);
  await s.stop();
}
