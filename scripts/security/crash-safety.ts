/**
 * Crash safety: the real server takes a stream of writes (employee adds from concurrent clients), is killed with
 * SIGKILL in the middle of it, and is started again on the same data. Every write it acknowledged must be there, and
 * no record may be half-written: an employee without its audit entry (or an audit entry without its employee), an
 * employee with an e-mail but no account. Runs on the embedded PGlite (a fresh DATA_DIR) and on a throwaway PostgreSQL
 * cluster; ROUNDS kills per backend (default 3), CRASH_BACKENDS=pglite,postgres to choose.
 *
 *   npm run test:crash
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Db } from '../../engine/db/db.ts';
import { openPglite } from '../../engine/db/pglite-adapter.ts';
import { connectPostgres } from '../../engine/db/postgres-adapter.ts';
import { postgresAvailable, startCluster } from '../../tests/support/postgres-cluster.ts';
import { api, companyWithExecutive, PASSWORD, startStratum, type StratumProcess } from './stratum-process.ts';

const ROUNDS = Number(process.env.ROUNDS ?? 3);
const WRITERS = Number(process.env.CRASH_WRITERS ?? 8);
const BACKENDS = (process.env.CRASH_BACKENDS ?? 'pglite,postgres').split(',');

interface RoundResult {
  acknowledged: number;
  unanswered: number;
  missing: number[];
  withoutAudit: number[];
  auditWithoutEmployee: number[];
  withoutAccount: number[];
  restartMs: number;
  writesPerSecond: number;
}

/** Writers add employees until the server dies; the ids it acknowledged, and how many calls got no answer. */
async function writeUntilKilled(server: StratumProcess, token: string, round: number, killAfterMs: number) {
  const acknowledged: number[] = [];
  let unanswered = 0;
  let stop = false;
  const a = api(server.url);
  const started = Date.now();
  const writer = async (w: number) => {
    for (let i = 0; !stop; i++) {
      try {
        const r = await a.call(
          'employee/add',
          { firstName: `Crash${round}`, lastName: `W${w}N${i}`, email: `r${round}.w${w}.n${i}@crash.example` },
          token,
        );
        if (r.status === 200) acknowledged.push(r.body.data.employee.id);
        else throw new Error(`employee/add answered ${r.status}: ${r.body.err_msg}`);
      } catch (e) {
        if (!stop) throw e;
        unanswered++;
      }
    }
  };
  const writers = Array.from({ length: WRITERS }, (_, w) =>
    writer(w).catch((e) => (stop ? undefined : Promise.reject(e))),
  );
  await new Promise((r) => setTimeout(r, killAfterMs));
  stop = true;
  await server.kill();
  await Promise.all(writers);
  return { acknowledged, unanswered, seconds: (Date.now() - started) / 1000 };
}

/** What the database holds after the restart, checked in SQL (as the owner, past row-level security). */
async function inspect(
  db: Db,
  acknowledged: number[],
): Promise<Omit<RoundResult, 'acknowledged' | 'unanswered' | 'restartMs' | 'writesPerSecond'>> {
  const present = new Set(
    (await db.query<{ id: number }>(`SELECT id FROM employee WHERE id = ANY($1)`, [acknowledged])).map((r) => r.id),
  );
  const ids = (rows: { id: number }[]) => rows.map((r) => r.id);
  return {
    missing: acknowledged.filter((id) => !present.has(id)),
    withoutAudit: ids(
      await db.query(
        `SELECT e.id FROM employee e WHERE NOT EXISTS (SELECT 1 FROM audit_trail t WHERE t.company_id = e.company_id AND t.entity = 'employee' AND t.action = 'add' AND t.record_id = e.id)`,
      ),
    ),
    auditWithoutEmployee: ids(
      await db.query(
        `SELECT t.record_id AS id FROM audit_trail t WHERE t.entity = 'employee' AND t.action = 'add' AND NOT EXISTS (SELECT 1 FROM employee e WHERE e.id = t.record_id) AND NOT EXISTS (SELECT 1 FROM audit_trail d WHERE d.entity = 'employee' AND d.action = 'delete' AND d.record_id = t.record_id)`,
      ),
    ),
    withoutAccount: ids(
      await db.query(
        `SELECT e.id FROM employee e WHERE e.email IS NOT NULL AND NOT EXISTS (SELECT 1 FROM account a WHERE a.employee_id = e.id)`,
      ),
    ),
  };
}

async function runBackend(name: 'pglite' | 'postgres'): Promise<RoundResult[]> {
  const dataDir = mkdtempSync(join(tmpdir(), `stratum-crash-${name}-`));
  const cluster = name === 'postgres' ? await startCluster() : null;
  const databaseUrl = cluster?.url;
  const results: RoundResult[] = [];
  try {
    let server = await startStratum({ dataDir, databaseUrl });
    const { email, token: first } = await companyWithExecutive(server.url, dataDir, 'Crash Co');
    let token = first;
    for (let round = 1; round <= ROUNDS; round++) {
      // killed at a different moment each round, somewhere in the stream
      const { acknowledged, unanswered, seconds } = await writeUntilKilled(
        server,
        token,
        round,
        1500 + Math.floor(Math.random() * 1500),
      );
      const t0 = Date.now();
      server = await startStratum({ dataDir, databaseUrl });
      const restartMs = Date.now() - t0;
      // the server is whole again: it signs in and answers a list
      const login = await api(server.url).call('auth/login', { email, password: PASSWORD });
      if (login.status !== 200) throw new Error(`sign-in after restart: ${login.body.err_msg}`);
      token = login.body.data.user.token;
      const list = await api(server.url).call('employee?limit=1', undefined, token);
      if (list.status !== 200) throw new Error(`list after restart: ${list.body.err_msg}`);
      let checks: Awaited<ReturnType<typeof inspect>>;
      if (name === 'pglite') {
        // PGlite has one session: stop the server cleanly to look into its database, then start it again
        await server.stop();
        const db = await openPglite(join(dataDir, 'pglite'));
        checks = await inspect(db, acknowledged);
        await db.close();
        server = await startStratum({ dataDir, databaseUrl });
        token = (await api(server.url).call('auth/login', { email, password: PASSWORD })).body.data.user.token;
      } else {
        const db = connectPostgres(databaseUrl!, { max: 1 });
        checks = await inspect(db, acknowledged);
        await db.close();
      }
      const r: RoundResult = {
        acknowledged: acknowledged.length,
        unanswered,
        restartMs,
        writesPerSecond: Math.round(acknowledged.length / seconds),
        ...checks,
      };
      results.push(r);
      console.log(
        `${name} round ${round}: ${r.acknowledged} writes acknowledged (${r.writesPerSecond}/s), ${r.unanswered} cut off by the kill; after restart (${restartMs} ms): ` +
          `${r.missing.length} acknowledged missing, ${r.withoutAudit.length} employees without audit entry, ${r.auditWithoutEmployee.length} audit entries without employee, ${r.withoutAccount.length} employees without account`,
      );
    }
    await server.stop();
  } finally {
    cluster?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return results;
}

const failures: string[] = [];
for (const name of BACKENDS as ('pglite' | 'postgres')[]) {
  if (name === 'postgres' && !postgresAvailable()) {
    const msg = 'PostgreSQL server binaries are missing: the PostgreSQL crash test cannot run';
    if (process.env.CI === 'true') throw new Error(msg);
    console.warn(`!!! ${msg}; SKIPPED !!!`);
    continue;
  }
  for (const [i, r] of (await runBackend(name)).entries()) {
    if (r.acknowledged === 0)
      failures.push(`${name} round ${i + 1}: no write was acknowledged before the kill (the test proved nothing)`);
    for (const k of ['missing', 'withoutAudit', 'auditWithoutEmployee', 'withoutAccount'] as const)
      if (r[k].length) failures.push(`${name} round ${i + 1}: ${k}: ${r[k].slice(0, 10).join(', ')}`);
  }
}
if (failures.length) {
  console.error(`CRASH SAFETY FAILED:\n${failures.join('\n')}`);
  process.exit(1);
}
console.log('crash safety: every acknowledged write survived SIGKILL, and no record was half-written');
