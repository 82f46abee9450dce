/**
 * Where a read by id's time goes, statement by statement (issue 28): the engine's own read of one employee (its
 * statement texts taken from the engine as it reads, on the bench tenant), sent through the `postgres` driver in
 * variants that each leave one part out, beside the bare floor's one prepared SELECT. For each: the CPU of this
 * process (the driver's share) and of PostgreSQL's backends per read, 20 reads at a time, rounds interleaved, medians.
 * No HTTP: only the database's part and the driver's.
 *
 *   npx tsx scripts/bench/read-costs.ts          (READ_COSTS_EMPLOYEES=3000, READ_COSTS_N=4000 reads per round)
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import type { Db, QueryOptions } from '../../engine/db/db.ts';
import { connectPostgres } from '../../engine/db/postgres-adapter.ts';
import { APP_ROLE } from '../../engine/db/tenant-scope.ts';
import { startCluster } from '../../tests/support/postgres-cluster.ts';
import { bootStratum } from '../../server/boot.ts';
import { configFromEnv } from '../../server/config.ts';
import { HOLDER_PASSWORD } from './bench-tenant.ts';
import { cpuMsOf } from './process-cpu.ts';
import { generateTenant, HOLDER_EMAIL } from './tenant-generator.ts';

const EMPLOYEES = Number(process.env.READ_COSTS_EMPLOYEES ?? 3000);
const N = Number(process.env.READ_COSTS_N ?? 4000);
const ROUNDS = 5;

const cluster = await startCluster();
try {
  const setup = connectPostgres(cluster.url, { max: 4 });
  const t = await generateTenant(setup, EMPLOYEES, () => {});
  await setup.close();

  // the engine's statements for one read, as its transaction sends them
  const db = connectPostgres(cluster.url, { max: 4 });
  const sent: {
    text: string;
    params: readonly unknown[];
    options?: QueryOptions;
  }[] = [];
  const transaction = db.transaction.bind(db);
  db.transaction = ((fn: (tx: Db) => Promise<unknown>, options) =>
    transaction((tx) => {
      const query = tx.query.bind(tx);
      tx.query = ((text: string, params: readonly unknown[] = [], o?: QueryOptions) => {
        sent.push({ text, params, options: o });
        return query(text, params, o);
      }) as Db['query'];
      return fn(tx);
    }, options)) as Db['transaction'];
  const config = {
    ...configFromEnv({}),
    dataDir: mkdtempSync(join(tmpdir(), 'stratum-read-costs-')),
    holderEmail: HOLDER_EMAIL,
    holderPassword: HOLDER_PASSWORD,
    publicUrl: 'http://bench.invalid',
  };
  const { stratum, app } = await bootStratum(config, { db, log: () => {} });
  const login = await app.request('/api/v1/auth/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: t.benchEmail, password: t.benchPassword }),
  });
  const token = ((await login.json()) as { data: { user: { token: string } } }).data.user.token;
  const { first, last } = t.employeeIdsA;
  sent.length = 0;
  const r = await app.request(`/api/v1/employee/${first + 1}`, {
    headers: { token },
  });
  const body = (await r.json()) as {
    data?: { employee?: { _titles?: unknown } };
  };
  if (r.status !== 200 || !body.data?.employee?._titles) throw new Error(JSON.stringify(body));
  const setting = sent.find((s) => s.options?.setting)!;
  const read = sent.find((s) => s.options?.endsRead)!;
  await stratum.db.close();
  if (!setting || !read) throw new Error(`no setting or no read among ${sent.map((s) => s.text.slice(0, 40))}`);

  // the same read without its titles, with the organisation units' only, and the floor's (owner, no transaction)
  const titles = read.text.slice(read.text.indexOf(', (SELECT'), read.text.indexOf(' FROM "employee" AS _r'));
  const columns = read.text.slice('SELECT '.length, read.text.indexOf(', (SELECT'));
  const plain = `SELECT ${columns} FROM "employee" AS _r WHERE id = $1 AND company_id = $2`;
  const orgOnly = read.text.replace(/, \(SELECT row_to_json\(t\)::text FROM \(SELECT [^()]*\) t\) AS "[^"]*"/g, '');
  if (!titles || orgOnly === read.text) throw new Error('the read statement is not shaped as expected');
  const idAt = (k: number) => first + ((k * 7919) % (last - first + 1));
  const withId = (params: readonly unknown[], k: number) => [idAt(k), ...params.slice(1)];

  const sql = postgres(cluster.url, { max: 10, onnotice: () => {} });
  // a pool whose connections log in under the request role (a startup parameter): no role switch per transaction
  const asRole = postgres(cluster.url, { max: 10, onnotice: () => {}, connection: { role: APP_ROLE } as never });
  const inRead =
    (owner: boolean, text: string, params: (k: number) => unknown[], pool = sql) =>
    async (k: number) => {
      const c = await pool.reserve();
      try {
        const statements = [
          c.unsafe('begin read only').execute(),
          ...(owner
            ? []
            : [
                c
                  .unsafe(setting.text, setting.params as string[], {
                    prepare: true,
                  })
                  .execute(),
              ]),
          c.unsafe(text, params(k) as never[], { prepare: true }).execute(),
          c.unsafe('commit').execute(),
        ];
        await Promise.all(statements);
      } finally {
        c.release();
      }
    };
  const variants: Record<string, (k: number) => Promise<unknown>> = {
    'the engine read (RLS, titles)': inRead(false, read.text, (k) => withId(read.params, k)),
    'only the organisation units titles': inRead(false, orgOnly, (k) => withId(read.params, k)),
    'the engine read, pool in its role': inRead(false, read.text, (k) => withId(read.params, k), asRole),
    'no titles (RLS)': inRead(false, plain, (k) => [idAt(k), t.companyA]),
    'titles as the owner (no RLS)': inRead(true, read.text, (k) => withId(read.params, k)),
    'floor: one SELECT, owner': (k) => sql.unsafe(plain, [idAt(k), t.companyA], { prepare: true }),
  };
  const seen: Record<string, { node: number[]; db: number[] }> = {};
  for (let round = 0; round <= ROUNDS; round++)
    for (const [name, readOnce] of Object.entries(variants)) {
      const node0 = process.cpuUsage();
      const db0 = cpuMsOf(cluster.pid, true)!;
      let k = 0;
      await Promise.all(
        Array.from({ length: 20 }, async () => {
          while (k < N) await readOnce(k++);
        }),
      );
      await new Promise((resolve) => setTimeout(resolve, 30)); // the last COMMITs land
      const node = process.cpuUsage(node0);
      const dbMs = cpuMsOf(cluster.pid, true)! - db0;
      if (round === 0) continue; // warm-up: statements prepared, caches filled
      (seen[name] ??= { node: [], db: [] }).node.push((node.user + node.system) / 1000 / N);
      seen[name].db.push(dbMs / N);
    }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  console.log(`${EMPLOYEES} employees, ${N} reads per round, ${ROUNDS} rounds; ms of CPU per read (median)`);
  for (const [name, s] of Object.entries(seen))
    console.log(`  ${name.padEnd(34)} driver ${median(s.node).toFixed(3)}  database ${median(s.db).toFixed(3)}`);
  console.log(`  (the reads with row-level security run as ${APP_ROLE}; the owner's connection skips it)`);
  await Promise.all([sql.end(), asRole.end()]);
} finally {
  cluster.stop();
}
