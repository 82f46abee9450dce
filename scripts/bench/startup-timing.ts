import { join } from 'node:path';
import { ROOT } from '../../server/boot.ts';
import { startServer, type StartOptions } from './server-process.ts';

/**
 * Start-up on an existing data folder (issue 12, "Start-up"): the server is started on a database that is already
 * migrated and full, timed from spawn to the first 200 from /healthz, and stopped; `times` starts, median reported.
 * The bench starts it as a user does (`npm start`: npm, the renderer's staleness check and the server's), see NPM_START.
 */
export async function timeStartups(
  label: string,
  entry: string,
  env: Record<string, string>,
  logDir: string,
  times: number,
  options: StartOptions = {},
): Promise<{ samples: number[]; median: number }> {
  const samples: number[] = [];
  for (let i = 0; i < times; i++) {
    const s = await startServer(`${label}-startup-${i + 1}`, entry, env, logDir, options);
    samples.push(Math.round(s.startupMs));
    await s.stop();
  }
  const sorted = [...samples].sort((a, b) => a - b);
  return { samples, median: sorted[Math.floor(sorted.length / 2)] };
}

/** `npm start` as a user types it, in the repository: the start-up a user waits for (issue 28). */
export const NPM_START: StartOptions = { command: ['npm', 'start'] };

/**
 * The engine measured under load as `npm start` runs it (issue 28): scripts/start.mjs, which runs the server bundled
 * ahead of time (dist/server/main.mjs, rebuilt when stale), not the sources through the TypeScript loader, whose hooks
 * stay in the process and showed in its profile. Node is called directly (npm adds nothing to a running server), so
 * that nodeArgs (BENCH_PROFILE's --cpu-prof) reach it.
 */
export const bundledEngine = (nodeArgs: string[] = []): StartOptions => ({
  command: [process.execPath, ...nodeArgs, join(ROOT, 'scripts', 'start.mjs')],
});
