import { judgeSoak, type Verdict } from './budgets.ts';
import type { Fixture } from './bench-cases.ts';
import type { LoadResult } from './load-driver.ts';
import { loadProcess } from './load-process.ts';
import type { ServerProcess } from './server-process.ts';

export interface SoakResult {
  minutes: LoadResult[];
  rssMiBAtEnd: number | null;
  verdict: Verdict;
}

/**
 * Issue 12, trap (a): the `postgres` driver's connection queue was seen to grow under sustained load and throughput to
 * fall until the process restarted (porsager/postgres#747). One fresh engine process serves read-by-id minute after
 * minute with no pause; the first and the last minute are compared.
 */
export async function soak(
  server: ServerProcess,
  token: string,
  fixture: Fixture,
  connections: number,
  seconds: number,
): Promise<SoakResult> {
  const minutes = Math.max(1, Math.round(seconds / 60));
  const runs = await loadProcess.run({
    url: server.url,
    token,
    caseName: 'read',
    fixture,
    connections,
    warmupSeconds: 0,
    seconds: seconds / minutes,
    runs: minutes,
  });
  return { minutes: runs, rssMiBAtEnd: server.rssMiB(), verdict: judgeSoak(runs[0].rps, runs.at(-1)!.rps) };
}
