/**
 * The load, in a process of its own so that the servers never share an event loop with it: autocannon drives one
 * case against one server, first a warm-up that is not counted, then the measured run, then (for a soak) further
 * back-to-back measured runs. The bench forks it once and sends it LoadOrders over IPC; it answers each with the
 * LoadResult of every measured run.
 */
import autocannon from 'autocannon';
import { requestsFor, type Fixture } from './bench-cases.ts';

export interface LoadOrder {
  url: string;
  token: string;
  caseName: string;
  fixture: Fixture;
  connections: number;
  warmupSeconds: number;
  seconds: number;
  /** measured runs back to back (1, or one per minute of a soak) */
  runs: number;
}

export interface LoadResult {
  requests: number;
  seconds: number;
  rps: number;
  p50: number;
  p99: number;
  /** connection errors and timeouts plus non-2xx replies */
  errors: number;
  timeouts: number;
  /** replies by status, to tell what the errors were */
  statuses: Record<string, number>;
  /** the server's CPU ms per answered request in this run (bench-run.ts, from /proc), where measured */
  cpuMsPerRequest?: number;
  /** the PostgreSQL cluster's CPU ms per answered request in this run (its postmaster's process group), where measured */
  dbCpuMsPerRequest?: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * autocannon stops with requests still in flight, and the server finishes them after the run; slow calls (sign-in)
 * would bleed into the next run. Waiting as long as the slowest of this run's replies lets the server drain first.
 */
async function blast(order: LoadOrder, seconds: number, requests: autocannon.Request[]): Promise<autocannon.Result> {
  const r = await run(order, seconds, requests);
  // a run that got no reply at all has no p99 to go by, and its calls are all still on the server: the longest wait
  await sleep(r.requests.total === 0 ? 10_000 : Math.min(10_000, r.latency.p99));
  return r;
}

function run(order: LoadOrder, seconds: number, requests: autocannon.Request[]): Promise<autocannon.Result> {
  return autocannon({
    url: order.url,
    connections: order.connections,
    duration: seconds,
    // A reply slower than this counts as a timeout, which is what the PGlite budget looks for.
    timeout: 10,
    requests,
  });
}

async function carryOut(order: LoadOrder): Promise<LoadResult[]> {
  // One request generator for the whole order: counters and pools carry on from warm-up into the measured runs.
  const requests = requestsFor(order.caseName, order.fixture, order.token);
  if (order.warmupSeconds > 0) await blast(order, order.warmupSeconds, requests);
  const results: LoadResult[] = [];
  for (let i = 0; i < order.runs; i++) {
    const r = await blast(order, order.seconds, requests);
    const statuses: Record<string, number> = {};
    for (const [code, { count }] of Object.entries(
      (r as unknown as { statusCodeStats?: Record<string, { count: number }> }).statusCodeStats ?? {},
    ))
      statuses[code] = count;
    results.push({
      requests: r.requests.total,
      seconds: r.duration,
      rps: r.requests.total / r.duration,
      p50: r.latency.p50,
      p99: r.latency.p99,
      errors: r.errors + r.non2xx,
      timeouts: r.timeouts,
      statuses,
    });
  }
  return results;
}

process.on('message', (order: LoadOrder) => {
  carryOut(order).then(
    (results) => process.send!({ results }),
    (e: Error) => process.send!({ error: e.stack ?? e.message }),
  );
});
