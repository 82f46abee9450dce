/**
 * How the server scales from 1 to 2 worker processes (WORKERS) on one port over one PostgreSQL: the same read load
 * (autocannon, SCALING_CONNECTIONS connections for SCALING_SECONDS against an employee list, as the company's
 * executive) against WORKERS=1 and WORKERS=2, each on a fresh database of a throwaway cluster. Prints requests per
 * second, p50/p99 and errors of each and the ratio, and ends with one JSON line (for the bench to take up).
 * measureWorkerScaling() is the same for a caller that prints it its own way.
 *
 *   npx tsx scripts/ops/worker-scaling.ts        SCALING_SECONDS=20 SCALING_WORKERS=1,2,3 npx tsx scripts/ops/worker-scaling.ts
 *
 * The load generator runs on the same machine: on two cores it takes a share of the second one, so the ratio here
 * is a floor of what a second core brings a server with a machine of its own.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { connectPostgres } from '../../engine/db/postgres-adapter.ts';
import { postgresAvailable, startCluster } from '../../tests/support/postgres-cluster.ts';
import { api, companyWithExecutive, startStratum } from '../security/stratum-process.ts';

export interface WorkerRun {
  workers: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  requests: number;
}

export interface WorkerScaling {
  runs: WorkerRun[];
  /** requests per second of the last run over the first's */
  ratio: number;
}

async function measureOne(
  clusterUrl: string,
  workers: number,
  seconds: number,
  connections: number,
): Promise<WorkerRun> {
  const admin = connectPostgres(clusterUrl, { max: 1 });
  const name = `scaling_${randomBytes(4).toString('hex')}`;
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.close();
  const dataDir = mkdtempSync(join(tmpdir(), 'stratum-scaling-'));
  const server = await startStratum({
    dataDir,
    databaseUrl: clusterUrl.replace(/\/postgres$/, `/${name}`),
    env: { WORKERS: String(workers), REMINDER_INTERVAL_MINUTES: '0', LOG_LEVEL: 'warn' },
  });
  try {
    const { token } = await companyWithExecutive(server.url, dataDir, 'Scaling Co');
    const added = await api(server.url).call(
      'employee/add-bulk',
      { items: Array.from({ length: 50 }, (_, i) => ({ firstName: 'Scale', lastName: `Person ${i}` })) },
      token,
    );
    if (added.status !== 200) throw new Error(`employee/add-bulk: ${added.body.err_msg}`);
    const run = (duration: number) =>
      autocannon({ url: `${server.url}/api/v1/employee?limit=20`, headers: { token }, connections, duration });
    // warm every worker's JIT and caches first, so that the second run is not measured against a cold first
    await run(3);
    const r = await run(seconds);
    return {
      workers,
      requestsPerSecond: Math.round(r.requests.average),
      p50Ms: r.latency.p50,
      p99Ms: r.latency.p99,
      errors: r.errors + r.non2xx,
      requests: r.requests.total,
    };
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function measureWorkerScaling(options: {
  clusterUrl: string;
  workers?: number[];
  seconds?: number;
  connections?: number;
}): Promise<WorkerScaling> {
  const runs: WorkerRun[] = [];
  for (const w of options.workers ?? [1, 2])
    runs.push(await measureOne(options.clusterUrl, w, options.seconds ?? 10, options.connections ?? 20));
  return { runs, ratio: Number((runs[runs.length - 1].requestsPerSecond / runs[0].requestsPerSecond).toFixed(2)) };
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  if (!postgresAvailable()) {
    console.error(
      'PostgreSQL server binaries are missing: several workers need PostgreSQL, so the scaling cannot be measured',
    );
    process.exit(process.env.CI === 'true' ? 1 : 0);
  }
  const cluster = await startCluster();
  try {
    const scaling = await measureWorkerScaling({
      clusterUrl: cluster.url,
      workers: (process.env.SCALING_WORKERS ?? '1,2').split(',').map(Number),
      seconds: Number(process.env.SCALING_SECONDS ?? 10),
      connections: Number(process.env.SCALING_CONNECTIONS ?? 20),
    });
    console.log(
      `${'workers'.padEnd(8)} ${'req/s'.padStart(7)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'errors'.padStart(7)}`,
    );
    for (const r of scaling.runs)
      console.log(
        `${String(r.workers).padEnd(8)} ${String(r.requestsPerSecond).padStart(7)} ${String(r.p50Ms).padStart(7)} ${String(r.p99Ms).padStart(7)} ${String(r.errors).padStart(7)}`,
      );
    console.log(
      `scaling from ${scaling.runs[0].workers} to ${scaling.runs.at(-1)!.workers} workers: ×${scaling.ratio}`,
    );
    console.log(JSON.stringify({ workerScaling: scaling }));
    if (scaling.runs.some((r) => r.errors)) process.exitCode = 1;
  } finally {
    cluster.stop();
  }
}
