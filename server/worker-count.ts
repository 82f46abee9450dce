/**
 * How many server processes `npm start` runs when WORKERS is not set: one per core, less one for PostgreSQL when the
 * database is on this machine (a loopback host or a socket folder). On 2 cores with PostgreSQL beside it, a second
 * worker answered no more (WORKERS=2 ÷ WORKERS=1 = 0.98–1.11 on a list) and held the p99 at 103 ms against 62
 * (README, "Performance"): the database and the workers took turns on the same cores.
 */
export function defaultWorkers(databaseUrl: string | undefined, cores: number): number {
  return databaseUrl !== undefined && databaseOnThisMachine(databaseUrl) ? Math.max(1, cores - 1) : cores;
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]', '::1', '']);

/** Whether a PostgreSQL URL names this machine: a loopback host, or a socket folder (`?host=/run/postgresql`). */
export function databaseOnThisMachine(databaseUrl: string): boolean {
  // a socket folder, also in the form WHATWG URLs refuse (`postgres://user@/db?host=/run/postgresql`)
  if (/[?&]host=(\/|%2F)/i.test(databaseUrl)) return true;
  let url: URL;
  try {
    url = new URL(databaseUrl);
  } catch {
    return false;
  }
  return LOOPBACK.has(url.hostname) || url.hostname.startsWith('127.');
}
