/**
 * `npm run bench` (issue 12): the engine next to a hand-written baseline, in one run, with budgets.
 *
 *   1. a throwaway PostgreSQL 15 cluster (as the tests start it), filled with the bench tenant;
 *   2. start-up of the engine on that existing database, timed;
 *   3. the engine and the baseline, each in its own process, driven by autocannon from a third process, case by
 *      case, interleaved engine / baseline, BENCH_ROUNDS times each;
 *   4. optionally (BENCH_SOAK=1) a soak of read-by-id on one fresh engine process, first minute against last;
 *   5. the same cases once on the embedded PGlite mode, engine and a PGlite baseline, and PGlite start-up;
 *   6. one table with the budgets, and the same as JSON under bench-results/;
 *   7. the renderer: gzipped JavaScript of the sign-in and list screens, and navigation to a rendered 50-row grid in
 *      headless Chromium (renderer-timing.ts).
 *
 * Settings: bench-settings.ts.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Db } from '../../engine/db/db.ts';
import { openPglite } from '../../engine/db/pglite-adapter.ts';
import { connectPostgres } from '../../engine/db/postgres-adapter.ts';
import { ROOT } from '../../server/boot.ts';
import { PG_BIN, postgresAvailable, startCluster } from '../../tests/support/postgres-cluster.ts';
import { measureWorkerScaling } from '../ops/worker-scaling.ts';
import {
  AGGREGATE_REPORTS,
  aggregateReportPaths,
  CASES,
  type AggregateReport,
  type BenchCase,
  type Fixture,
} from './bench-cases.ts';
import { benchSettings } from './bench-settings.ts';
import { HOLDER_PASSWORD } from './bench-tenant.ts';
import { judgeCase, judgeReport, judgeStartup, type Verdict } from './budgets.ts';
import { caseSummary } from './case-summary.ts';
import type { LoadResult } from './load-driver.ts';
import { loadProcess } from './load-process.ts';
import { cpuMsOf } from './process-cpu.ts';
import { formatTable, writeResults, type TableRow } from './results-table.ts';
import { replyDifferences } from './reply-parity.ts';
import { timeAggregateReport, timeScoreReport } from './report-sweep.ts';
import { baseFixture, prepareRun, type PreparedRun } from './run-fixtures.ts';
import { startServer, stopAllServers, type ServerProcess } from './server-process.ts';
import { soak } from './soak.ts';
import { bundledEngine, NPM_START, timeStartups } from './startup-timing.ts';
import { describeRenderer, measureRenderer } from './renderer-timing.ts';
import { buildRenderer } from '../build-renderer.ts';
import { generateTenant, HOLDER_EMAIL, type GeneratedTenant } from './tenant-generator.ts';

/** the engine as `npm start` runs it (server/main.ts: the renderer's routes, the request log, the mail worker) */
const ENGINE = join(ROOT, 'server', 'main.ts');
const BASELINE = join(import.meta.dirname, 'baseline-server.ts');
const FLOOR = join(import.meta.dirname, 'floor-server.ts');

const settings = benchSettings();
const startedAt = new Date();
const work = mkdtempSync(join(tmpdir(), 'stratum-bench-'));
const say = (line: string) => console.log(line);
const secs = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function signIn(server: ServerProcess, t: GeneratedTenant): Promise<string> {
  const r = await fetch(`${server.url}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: t.benchEmail, password: t.benchPassword }),
  });
  const body = (await r.json()) as { data?: { user?: { token?: string } }; err_msg?: string };
  if (!body.data?.user?.token) throw new Error(`${server.label}: sign-in failed: ${r.status} ${body.err_msg}`);
  return body.data.user.token;
}

interface Side {
  server: ServerProcess;
  token: string;
  runs: LoadResult[];
}

const cases = CASES.filter((c) => !settings.only || settings.only.includes(c.name));
const measured = cases.filter((c) => !c.skipped);
const rows: TableRow[] = [];
const report: Record<string, unknown> = {
  startedAt: startedAt.toISOString(),
  settings,
  machine: { cpus: cpus().length, cpu: cpus()[0]?.model, node: process.version },
};

/** Report cases whose command the engine does not answer yet (found before measuring): shown as skipped, with why. */
const unavailable = new Map<string, string>();
const skipReason = (c: BenchCase) => c.skipped ?? unavailable.get(c.name);

async function probeReports(engine: { url: string; token: string }, f: Fixture): Promise<void> {
  for (const name of Object.keys(AGGREGATE_REPORTS) as AggregateReport[]) {
    const r = await fetch(engine.url + aggregateReportPaths(name, f)[0], { headers: { token: engine.token } });
    if (r.status !== 200)
      unavailable.set(
        name,
        `the engine answers ${AGGREGATE_REPORTS[name]} with ${r.status}: ${((await r.json()) as { err_msg?: string }).err_msg}`,
      );
  }
}

/**
 * The aggregate reports read by one client, engine then baseline, each the median of three sweeps over the whole
 * company and every business unit; the engine's time ÷ the hand-written SQL's within 1.5×, as for the score report.
 */
const aggregateReportNames = () =>
  (Object.keys(AGGREGATE_REPORTS) as AggregateReport[]).filter(
    (name) => !(settings.only && !settings.only.includes(name)) && !unavailable.has(name),
  );

/** One server's single-client times of the aggregate reports, by report. */
async function timeAggregateReportsOn(
  side: Side,
  f: Fixture,
  sweeps: number,
): Promise<Map<AggregateReport, { ms: number; calls: number }>> {
  const out = new Map<AggregateReport, { ms: number; calls: number }>();
  for (const name of aggregateReportNames()) {
    try {
      out.set(name, await timeAggregateReport({ url: side.server.url, token: side.token }, name, f, sweeps));
    } catch (e) {
      say(`  ${side.server.label} ${name}: not timed (${(e as Error).message})`);
    }
  }
  return out;
}

/** The engine's times against the baseline's, judged, printed and kept under report.aggregateReports.<db>. */
function judgeAggregateReports(
  db: 'postgres' | 'pglite',
  engine: Map<AggregateReport, { ms: number; calls: number }>,
  baseline: Map<AggregateReport, { ms: number; calls: number }>,
  sweeps: number,
): void {
  const out: Record<string, unknown> = {};
  for (const [name, e] of engine) {
    const b = baseline.get(name);
    if (!b) continue;
    const verdict = judgeReport(e.ms, b.ms);
    out[name] = {
      calls: e.calls,
      sweeps,
      engineMs: e.ms,
      baselineMs: b.ms,
      ratio: Number((e.ms / b.ms).toFixed(2)),
      verdict,
    };
    say(
      `  ${db.padEnd(8)} ${name}, the whole company and each of ${e.calls - 1} business units (${e.calls} calls, one client, ${sweeps === 1 ? 'one sweep' : `median of ${sweeps} sweeps`}): ` +
        `engine ${e.ms.toLocaleString('en')} ms, hand-written SQL ${b.ms.toLocaleString('en')} ms, ratio ${(e.ms / b.ms).toFixed(2)}  ${verdict.pass ? 'PASS' : 'FAIL'} (${verdict.notes.join(', ')})`,
    );
  }
  report.aggregateReports = { ...((report.aggregateReports as object | undefined) ?? {}), [db]: out };
}

/** Every finished case's runs, by "case:server label": delete pools are sized from them. */
const history = new Map<string, LoadResult[]>();

/** Delete pools are sized from what this server managed last time (or its adds); too small shows as 404 errors. */
function expectedRate(side: Side): number {
  const own = side.runs.map((r) => r.rps);
  if (own.length) return Math.max(...own) * 1.3;
  const adds = history.get(`add:${side.server.label}`)?.map((r) => r.rps) ?? [];
  return adds.length ? Math.max(...adds) * 2 : 6_000;
}

/** One measured run: fixture in, load, fixture out. */
/** The PostgreSQL cluster's postmaster while the PostgreSQL part runs: its CPU per request is the database's share. */
let databasePid: number | null = null;

async function measure(
  db: Db | null,
  t: GeneratedTenant,
  c: BenchCase,
  side: Side,
  warmup: number,
  prepared?: PreparedRun,
): Promise<LoadResult> {
  const prep =
    prepared ??
    (await prepareRun(db!, t, c.name, side.server.label, {
      connections: settings.connections,
      seconds: warmup + settings.seconds,
      expectedRate: expectedRate(side),
    }));
  const cpuBefore = cpuMsOf(side.server.pid);
  const dbBefore = databasePid === null ? null : cpuMsOf(databasePid, true);
  const [r] = await loadProcess.run({
    url: side.server.url,
    token: side.token,
    caseName: c.name,
    fixture: prep.fixture,
    connections: c.connections ?? settings.connections,
    warmupSeconds: warmup,
    seconds: Math.max(settings.seconds, c.minSeconds ?? 0),
    runs: 1,
  });
  const cpuAfter = cpuMsOf(side.server.pid);
  const dbAfter = databasePid === null ? null : cpuMsOf(databasePid, true);
  if (!warmup && dbBefore !== null && dbAfter !== null && r.requests > 0)
    r.dbCpuMsPerRequest = (dbAfter - dbBefore) / r.requests;
  // only a run without warm-up: the warm-up's requests are not counted, its CPU would be
  if (!warmup && cpuBefore !== null && cpuAfter !== null && r.requests > 0)
    r.cpuMsPerRequest = (cpuAfter - cpuBefore) / r.requests;
  if (!prepared) await prep.cleanUp();
  side.runs.push(r);
  return r;
}

/** CPU ms per request over the runs that measured it (those without warm-up), or — */
function cpuText(runs: readonly LoadResult[]): string {
  const mean = (xs: (number | undefined)[]) => {
    const measured = xs.filter((x): x is number => x !== undefined);
    return measured.length ? (measured.reduce((a, b) => a + b, 0) / measured.length).toFixed(2) : null;
  };
  const own = mean(runs.map((r) => r.cpuMsPerRequest));
  const database = mean(runs.map((r) => r.dbCpuMsPerRequest));
  return own === null ? '—' : `${own} ms${database === null ? '' : ` + database ${database} ms`}`;
}

/** A case's runs on one database: into the table, the history and the progress lines. */
function record(
  c: BenchCase,
  db: 'postgres' | 'pglite',
  engine: { label: string; runs: LoadResult[] },
  baseline: { label: string; runs: LoadResult[] },
  floor: LoadResult[] = [],
  scopedFloor: LoadResult[] = [],
) {
  const summary = caseSummary(c.name, db, engine.runs, baseline.runs, floor, scopedFloor);
  const verdict = judgeCase(c, summary);
  rows.push({ bench: c, summary, verdict });
  history.set(`${c.name}:${engine.label}`, engine.runs);
  history.set(`${c.name}:${baseline.label}`, baseline.runs);
  const b = summary.baseline;
  const f = summary.floor;
  const sf = summary.scopedFloor;
  say(
    `  ${db.padEnd(8)} ${c.title.padEnd(36)} engine ${Math.round(summary.engine.rps).toLocaleString('en').padStart(6)}/s` +
      (b
        ? `  baseline ${Math.round(b.rps).toLocaleString('en').padStart(6)}/s  ratio ${summary.ratio?.toFixed(2) ?? '—'}`
        : '') +
      (f
        ? `  floor ${Math.round(f.rps).toLocaleString('en').padStart(6)}/s (p99 ${f.p99} ms)  ÷ floor ${summary.floorRatio?.toFixed(2)}`
        : '') +
      (sf
        ? `  scoped floor ${Math.round(sf.rps).toLocaleString('en').padStart(6)}/s  ÷ scoped ${summary.scopedFloorRatio?.toFixed(2)}`
        : '') +
      `  CPU/request ${cpuText(engine.runs)}${f ? ` (floor ${cpuText(floor)})` : ''}${sf ? ` (scoped floor ${cpuText(scopedFloor)})` : ''}` +
      `  p99 ${summary.engine.p99} ms  errors ${summary.engine.errors}${b ? '/' + b.errors : ''}  ${verdict.pass ? 'PASS' : `FAIL (${verdict.notes.join(', ')})`}`,
  );
}

async function postgresPart(): Promise<void> {
  if (!postgresAvailable())
    throw new Error(
      `PostgreSQL 15 server binaries are not at ${PG_BIN}; install postgresql-15 (the bench needs a real PostgreSQL)`,
    );
  say('PostgreSQL: starting a throwaway cluster and writing the tenant');
  const cluster = await startCluster();
  databasePid = cluster.pid;
  stopCluster = () => cluster.stop();
  const db = connectPostgres(cluster.url, { max: 4 });
  try {
    const [{ v }] = await db.query<{ v: string }>(`SHOW server_version`);
    (report.machine as Record<string, unknown>).postgres = v;
    const started = Date.now();
    const t = await generateTenant(db, settings.employees, say);
    say(`  tenant written in ${secs(Date.now() - started)}`);
    report.tenant = t.rows;

    const engineEnv = { DATABASE_URL: cluster.url, DATA_DIR: join(work, 'engine-data'), HOLDER_EMAIL, HOLDER_PASSWORD };
    const startup = await timeStartups('engine-postgres', ENGINE, engineEnv, work, 3, NPM_START);
    say(`  start-up with npm start on the existing database: ${startup.samples.map((s) => `${s} ms`).join(', ')}`);

    const engineServer = await startServer(
      'engine-postgres',
      ENGINE,
      engineEnv,
      work,
      bundledEngine(profileArgs('engine-postgres')),
    );
    const engine: Side = { server: engineServer, token: await signIn(engineServer, t), runs: [] };
    const metaFile = join(work, 'meta.json');
    writeFileSync(
      metaFile,
      await (await fetch(`${engineServer.url}/api/v1/meta`, { headers: { token: engine.token } })).text(),
    );
    const baselineServer = await startServer(
      'baseline-postgres',
      BASELINE,
      { DATABASE_URL: cluster.url, BASELINE_META: metaFile },
      work,
    );
    const baseline: Side = { server: baselineServer, token: await signIn(baselineServer, t), runs: [] };
    const floorServer = await startServer('floor-postgres', FLOOR, { DATABASE_URL: cluster.url }, work);
    const floor: Side = { server: floorServer, token: '', runs: [] };
    const scopedServer = await startServer(
      'floor-scoped-postgres',
      FLOOR,
      { DATABASE_URL: cluster.url, FLOOR_SCOPED: settings.scopedFloor },
      work,
    );
    const scoped: Side = { server: scopedServer, token: '', runs: [] };
    const differences = await replyDifferences(
      { url: engineServer.url, token: engine.token },
      { url: baselineServer.url, token: baseline.token },
      baseFixture(t),
    );
    say(
      differences.length
        ? `  WARNING: the baseline does not answer like the engine:\n    ${differences.join('\n    ')}`
        : '  the baseline answers the read cases with the same data as the engine',
    );
    report.replyDifferences = differences;
    await probeReports({ url: engineServer.url, token: engine.token }, baseFixture(t));
    for (const [name, why] of unavailable) say(`  ${name}: not measured (${why})`);
    // engine then baseline, report by report, so that both meet the machine in the same state
    const [engineTimes, baselineTimes] = [
      new Map<AggregateReport, { ms: number; calls: number }>(),
      new Map<AggregateReport, { ms: number; calls: number }>(),
    ];
    for (const name of aggregateReportNames()) {
      engineTimes.set(
        name,
        await timeAggregateReport({ url: engineServer.url, token: engine.token }, name, baseFixture(t), 3),
      );
      baselineTimes.set(
        name,
        await timeAggregateReport({ url: baselineServer.url, token: baseline.token }, name, baseFixture(t), 3),
      );
    }
    judgeAggregateReports('postgres', engineTimes, baselineTimes, 3);
    if (!settings.only || settings.only.includes('scores-page')) {
      const e = await timeScoreReport({ url: engineServer.url, token: engine.token }, baseFixture(t));
      const b = await timeScoreReport({ url: baselineServer.url, token: baseline.token }, baseFixture(t));
      const verdict = judgeReport(e.ms, b.ms);
      report.scoreReport = {
        scorecards: e.scorecards,
        pages: e.pages,
        engineMs: e.ms,
        baselineMs: b.ms,
        ratio: Number((e.ms / b.ms).toFixed(2)),
        verdict,
      };
      say(
        `  score report, all ${e.scorecards.toLocaleString('en')} scorecards × ${t.scorecardsA.kpisPerScorecard} KPIs in ${e.pages} pages of 50 (median of 3 sweeps): engine ${e.ms} ms, ` +
          `hand-written SQL ${b.ms} ms, ratio ${(e.ms / b.ms).toFixed(2)}  ${verdict.pass ? 'PASS' : 'FAIL'} (${verdict.notes.join(', ')})`,
      );
    }
    report.postgresStartup = {
      engineMs: startup.samples,
      medianMs: startup.median,
      baselineMs: Math.round(baselineServer.startupMs),
      verdict: judgeStartup('postgres', startup.median),
    };

    say(
      `PostgreSQL: ${measured.length} cases × ${settings.rounds} rounds × (engine, baseline), ${settings.connections} connections, ${settings.warmup} s warm-up then ${settings.seconds} s`,
    );
    for (const c of cases) {
      const skipped = skipReason(c);
      if (skipped) {
        rows.push({ bench: c, db: 'postgres', skipped });
        say(`  postgres ${c.title}: SKIPPED (${skipped})`);
        continue;
      }
      engine.runs = [];
      baseline.runs = [];
      floor.runs = [];
      scoped.runs = [];
      for (let round = 0; round < settings.rounds; round++) {
        const warmup = round === 0 ? settings.warmup : 0;
        await measure(db, t, c, engine, warmup);
        if (!c.withoutBaseline) await measure(db, t, c, baseline, warmup);
        if (c.floor) await measure(db, t, c, floor, warmup);
        if (c.floor) await measure(db, t, c, scoped, warmup);
      }
      record(
        c,
        'postgres',
        { label: engineServer.label, runs: engine.runs },
        { label: baselineServer.label, runs: baseline.runs },
        floor.runs,
        scoped.runs,
      );
    }
    report.postgresMemoryMiB = {
      engine: engineServer.rssMiB(),
      baseline: baselineServer.rssMiB(),
      floor: floorServer.rssMiB(),
    };
    await engineServer.stop();
    await baselineServer.stop();
    await floorServer.stop();
    await scopedServer.stop();

    // several processes on one port (WORKERS, issue 25): the same read load against 1 and 2 workers, each on a fresh database
    say(
      `Workers: an employee list, ${settings.connections} connections for ${settings.seconds} s, against WORKERS=1 and WORKERS=2`,
    );
    const scaling = await measureWorkerScaling({
      clusterUrl: cluster.url,
      seconds: settings.seconds,
      connections: settings.connections,
    });
    report.workerScaling = scaling;
    say(
      `  ${scaling.runs.map((r) => `${r.workers} worker(s): ${Math.round(r.requestsPerSecond).toLocaleString('en')}/s, p99 ${r.p99Ms} ms, ${r.errors} errors`).join('; ')}; 2 ÷ 1 = ${scaling.ratio} (load average ${loadavg()[0].toFixed(1)})`,
    );

    if (settings.soak) {
      say(`Soak: read one employee by id for ${Math.round(settings.soakSeconds)} s on one fresh engine process`);
      const soakServer = await startServer('engine-postgres-soak', ENGINE, engineEnv, work, bundledEngine());
      const r = await soak(
        soakServer,
        await signIn(soakServer, t),
        baseFixture(t),
        settings.connections,
        settings.soakSeconds,
      );
      await soakServer.stop();
      report.soak = r;
      const [first, last] = [r.minutes[0], r.minutes.at(-1)!];
      say(
        `  minute by minute: ${r.minutes.map((m) => `${Math.round(m.rps).toLocaleString('en')}/s (p99 ${m.p99} ms)`).join(' → ')}` +
          `; last ÷ first ${(last.rps / first.rps).toFixed(2)}; ${r.rssMiBAtEnd?.toFixed(0)} MiB at the end; ${r.verdict.pass ? 'PASS' : 'FAIL'} (${r.verdict.notes.join(', ')})`,
      );
    }
  } finally {
    await stopAllServers();
    await db.close();
    stopCluster = null;
    cluster.stop();
  }
}

async function pglitePart(): Promise<void> {
  say('PGlite: writing the tenant into an embedded database');
  const dataDir = join(work, 'pglite-data');
  const pgliteDir = join(dataDir, 'pglite');
  const started = Date.now();
  mkdirSync(pgliteDir, { recursive: true });
  let db = await openPglite(pgliteDir);
  const t = await generateTenant(db, settings.employees, say);
  await db.close();
  say(`  tenant written in ${secs(Date.now() - started)}`);

  const engineEnv = { DATA_DIR: dataDir, HOLDER_EMAIL, HOLDER_PASSWORD };
  const metaFile = join(work, 'meta.json');
  const baselineEnv = { PGLITE_DIR: pgliteDir, BASELINE_META: metaFile };
  const startup = await timeStartups('engine-pglite', ENGINE, engineEnv, work, 3, NPM_START);
  say(`  engine start-up on the existing data folder: ${startup.samples.map((s) => `${s} ms`).join(', ')}`);
  report.pgliteStartup = {
    engineMs: startup.samples,
    medianMs: startup.median,
    verdict: judgeStartup('pglite', startup.median),
  };

  // One PGlite database cannot be opened by two processes: each server runs alone, reads first, then (after the
  // write fixtures were put in while no server held the folder) the writes.
  const results = new Map<string, { engine: LoadResult[]; baseline: LoadResult[] }>();
  const measured = cases.filter((c) => !skipReason(c));
  for (const c of measured) results.set(c.name, { engine: [], baseline: [] });
  // the aggregate reports by one client too, once per server (a sweep on PGlite takes a while)
  const aggregateTimes = {
    engine: new Map<AggregateReport, { ms: number; calls: number }>(),
    baseline: new Map<AggregateReport, { ms: number; calls: number }>(),
  };
  const phase = async (
    which: 'engine' | 'baseline',
    list: BenchCase[],
    prepared: Map<string, PreparedRun>,
    withAggregateTimes = false,
  ) => {
    if (!list.length && !withAggregateTimes) return;
    const server =
      which === 'engine'
        ? await startServer('engine-pglite', ENGINE, engineEnv, work, bundledEngine())
        : await startServer('baseline-pglite', BASELINE, baselineEnv, work);
    try {
      const side: Side = { server, token: await signIn(server, t), runs: [] };
      if (which === 'engine' && !existsSync(metaFile))
        writeFileSync(
          metaFile,
          await (await fetch(`${server.url}/api/v1/meta`, { headers: { token: side.token } })).text(),
        );
      for (const c of list) {
        side.runs = [];
        await measure(null, t, c, side, settings.warmup, prepared.get(`${c.name}:${which}`) ?? readFixture(t, c));
        results.get(c.name)![which] = side.runs;
      }
      // three sweeps, as on PostgreSQL: one sweep of ~150 ms on a busy machine decided a verdict by a hiccup
      if (withAggregateTimes) aggregateTimes[which] = await timeAggregateReportsOn(side, baseFixture(t), 3);
    } finally {
      await server.stop();
    }
  };
  const reads = measured.filter((c) => c.kind !== 'write');
  const writes = measured.filter((c) => c.kind === 'write');
  const timeAggregates = aggregateReportNames().length > 0;
  await phase('engine', reads, new Map(), timeAggregates);
  await phase(
    'baseline',
    reads.filter((c) => !c.withoutBaseline),
    new Map(),
    timeAggregates,
  );
  judgeAggregateReports('pglite', aggregateTimes.engine, aggregateTimes.baseline, 3);
  const prepared = new Map<string, PreparedRun>();
  if (writes.length) {
    db = await openPglite(pgliteDir);
    for (const c of writes)
      for (const which of ['engine', 'baseline'] as const) {
        // PGlite writes well below PostgreSQL: the PostgreSQL rate of the same case bounds the delete pool.
        const pgRuns = history.get(`${c.name}:${which}-postgres`)?.map((r) => r.rps) ?? [3_000];
        prepared.set(
          `${c.name}:${which}`,
          await prepareRun(db, t, c.name, `${which}-pglite`, {
            connections: settings.connections,
            seconds: settings.warmup + settings.seconds,
            expectedRate: Math.min(Math.max(...pgRuns), 8_000),
            poolPart: [which === 'engine' ? 0 : 1, 2],
          }),
        );
      }
    await db.close();
  }
  await phase('engine', writes, prepared);
  await phase('baseline', writes, prepared);
  say(`  PGlite cases done in ${secs(Date.now() - started)}`);
  for (const c of cases) {
    const skipped = skipReason(c);
    if (skipped) rows.push({ bench: c, db: 'pglite', skipped });
    else
      record(
        c,
        'pglite',
        { label: 'engine-pglite', runs: results.get(c.name)!.engine },
        { label: 'baseline-pglite', runs: results.get(c.name)!.baseline },
      );
  }
}

/** BENCH_PROFILE=<folder>: the engine's PostgreSQL process writes a CPU profile there when it stops (node --cpu-prof). */
function profileArgs(label: string): string[] {
  if (!settings.profileDir) return [];
  mkdirSync(settings.profileDir, { recursive: true });
  // one file per thread (the main thread's is the largest; the TypeScript loader's and PGlite's are others)
  return ['--cpu-prof', '--cpu-prof-dir', join(settings.profileDir, label)];
}

/** Read cases need no database work before a run; their fixture comes from the tenant alone. */
function readFixture(t: GeneratedTenant, c: BenchCase): PreparedRun {
  if (c.kind === 'write') throw new Error(`${c.name} needs its fixture prepared in the database`);
  return { fixture: baseFixture(t), cleanUp: async () => {} };
}

/** Ctrl-C: no server, cluster or scratch folder is left behind. */
let stopCluster: (() => void) | null = null;
process.once('SIGINT', () => {
  say('interrupted: stopping the servers and the cluster');
  loadProcess.stop();
  void stopAllServers().finally(() => {
    stopCluster?.();
    rmSync(work, { recursive: true, force: true });
    process.exit(130);
  });
});

const load = () => loadavg()[0].toFixed(2);

try {
  say(
    `Stratum bench: ${settings.employees.toLocaleString('en')} employees, ${settings.connections} connections, ${settings.warmup} s warm-up, ${settings.seconds} s per run, ${cpus().length} cores`,
  );
  report.loadAverageAtStart = loadavg()[0];
  // Everything here shares the machine's cores with whatever else runs: other work skews the figures.
  if (loadavg()[0] > 0.5 * cpus().length)
    say(`WARNING: the machine is busy (load average ${load()} on ${cpus().length} cores); figures will be noisy`);
  // the engine runs as `npm start` runs it, with the built renderer's routes mounted
  await buildRenderer(true);
  if (settings.postgres) await postgresPart();
  if (settings.pglite) await pglitePart();

  say('');
  say(
    `Results (${settings.rounds} interleaved runs each on PostgreSQL, 1 on PGlite; req/s = mean of runs, p50 = median, p99 = worst run; E = engine, B = baseline):`,
  );
  say('');
  say(formatTable(rows));
  say('');
  const pgStart = report.postgresStartup as { medianMs: number; engineMs: number[]; verdict: Verdict } | undefined;
  const liteStart = report.pgliteStartup as { medianMs: number; engineMs: number[]; verdict: Verdict } | undefined;
  if (pgStart)
    say(
      `start-up to ready /healthz, PostgreSQL: ${pgStart.medianMs} ms (median of ${pgStart.engineMs.join(', ')})  ${pgStart.verdict.pass ? 'PASS' : 'FAIL'} (${pgStart.verdict.notes.join(', ')})`,
    );
  if (liteStart)
    say(
      `start-up to ready /healthz, PGlite:     ${liteStart.medianMs} ms (median of ${liteStart.engineMs.join(', ')})  ${liteStart.verdict.pass ? 'PASS' : 'FAIL'} (${liteStart.verdict.notes.join(', ')})`,
    );
  if (!settings.soak) say('soak: not run (BENCH_SOAK=1 runs 3 minutes of read-by-id on one engine process)');
  // a renderer that does not come up is a failed budget, not a lost run: the table and the JSON are still written
  const renderer = await measureRenderer(work).catch((e: Error) => ({
    skipped: `FAILED: ${e.message.split('\n')[0]}`,
    failed: true as const,
  }));
  report.renderer = renderer;
  say(describeRenderer(renderer));

  const verdicts = [
    ...rows.flatMap((r) => ('verdict' in r ? [r.verdict] : [])),
    pgStart?.verdict,
    liteStart?.verdict,
    'pass' in renderer
      ? { pass: renderer.pass, notes: [] }
      : 'failed' in renderer
        ? { pass: false, notes: [renderer.skipped] }
        : undefined,
    (report.soak as { verdict?: Verdict } | undefined)?.verdict,
    (report.scoreReport as { verdict?: Verdict } | undefined)?.verdict,
    ...Object.values((report.aggregateReports ?? {}) as Record<string, Record<string, { verdict: Verdict }>>).flatMap(
      (byReport) => Object.values(byReport).map((r) => r.verdict),
    ),
  ].filter((v): v is Verdict => !!v);
  const failed = verdicts.filter((v) => !v.pass).length;
  report.cases = rows.map((r) =>
    'skipped' in r
      ? { case: r.bench.name, db: r.db, skipped: r.skipped }
      : { ...r.summary, title: r.bench.title, kind: r.bench.kind, verdict: r.verdict },
  );
  report.finishedAt = new Date().toISOString();
  report.loadAverageAtEnd = loadavg()[0];
  const file = writeResults(ROOT, startedAt, report);
  say(
    `${verdicts.length - failed} of ${verdicts.length} budgets pass; results written to ${file.replace(ROOT + '/', '')} (${secs(Date.now() - startedAt.getTime())} in all)`,
  );
  process.exitCode = failed ? 1 : 0;
} finally {
  loadProcess.stop();
  await stopAllServers();
  rmSync(work, { recursive: true, force: true });
}
