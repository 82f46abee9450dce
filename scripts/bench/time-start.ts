/**
 * `npm start` timed as a user waits (issue 28, "Start-up"), on its own, without the bench's tenant: from the command
 * (npm included) to the first 200 from /healthz, `START_TIMES` times (3 by default), with the load average beside each
 * start and the CPU time the start took (npm, Node and its threads), since the machine may be shared and a wall-clock
 * figure without them says little.
 *
 *   DATA_DIR=/tmp/some-folder npx tsx scripts/bench/time-start.ts          (PGlite; an empty folder: the first start)
 *   DATABASE_URL=postgres://… npx tsx scripts/bench/time-start.ts          (PostgreSQL)
 */
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from './server-process.ts';
import { NPM_START } from './startup-timing.ts';

const times = Number(process.env.START_TIMES ?? 3);
const logDir = mkdtempSync(join(tmpdir(), 'stratum-start-'));
const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
/**
 * CPU seconds spent so far by the processes of one process group (npm, its shell, Node and its threads): what a start
 * costs whatever else the machine does, where the wall clock also counts the turns other work took.
 */
function groupCpuMs(group: number): number {
  let ticks = 0;
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      // after the name: state, ppid, pgrp, …; utime and stime are the 12th and 13th, cutime and cstime (waited-for children) next
      if (Number(f[2]) === group) ticks += Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]);
    } catch {
      // gone meanwhile
    }
  }
  return ticks * 10;
}
const env: Record<string, string> = {
  HOLDER_PASSWORD: process.env.HOLDER_PASSWORD ?? 'holder-pw-123',
  LOG_LEVEL: 'warn',
};
console.log(
  `npm start on ${process.env.DATABASE_URL ? 'PostgreSQL' : `PGlite under ${process.env.DATA_DIR ?? '(DATA_DIR unset)'}`}, logs in ${logDir}`,
);
for (let i = 1; i <= times; i++) {
  const before = load();
  const s = await startServer(`start-${i}`, '', env, logDir, NPM_START);
  const cpu = groupCpuMs(s.pid);
  console.log(
    `start ${i}: ${Math.round(s.startupMs)} ms to a ready /healthz, ${cpu} ms of CPU (load average ${before} → ${load()})`,
  );
  await s.stop();
}
