/**
 * The bare floor (issue 28): what Node, Hono and the `postgres` driver do at best for a read, with none of the
 * engine's per-call work. One prepared SELECT per request on the table owner's connection, no transaction, no
 * token, no tenant setting, no row-level security: the company comes from the X-Company-Id header. Engine ÷ floor is
 * then what all of the engine's work costs (access, auditability, metadata), where engine ÷ baseline is only what
 * its generality costs over the same work written by hand.
 *
 * Run as its own process by the bench and by the load test: PORT and DATABASE_URL, the same pool size as the engine's.
 * Writes (the load test's update and transitions) are one UPDATE each, with no audit entry and no checks.
 */
import { serve } from '@hono/node-server';
import { Hono, type Context } from 'hono';
import postgres from 'postgres';
import { EMPLOYEE_COLUMNS } from './baseline-records.ts';

const INT8 = 20;
const sql = postgres(process.env.DATABASE_URL!, {
  max: 10,
  onnotice: () => {},
  types: { int8: { to: INT8, from: [INT8], serialize: (x: number) => String(x), parse: (x: string) => Number(x) } },
});

const READ = `SELECT ${EMPLOYEE_COLUMNS} FROM "employee" WHERE company_id = $1 AND id = $2`;

/**
 * FLOOR_SCOPED: the floor under the engine's isolation (row-level security under the request role with the tenant
 * setting), by hand, to show what that isolation costs any server:
 * - `1`: as the engine reads: each read in its own read-only transaction, all four statements (BEGIN, the setting,
 *   the SELECT, COMMIT) in one write and one round trip;
 * - `session`: the scope held by the connection: a pool per company whose connections log in as the request role
 *   with the company's setting, each read one statement, pipelined as the bare floor's. The most that keeping the
 *   scope on connections could win (a pool per company is no design for many companies).
 */
const SCOPED = process.env.FLOOR_SCOPED ?? '';
const SETTING = `select set_config('role', $1, true), set_config('app.company_id', $2, true), set_config('app.holder', 'off', true)`;
const companyPools = new Map<number, postgres.Sql>();

function companyPool(company: number): postgres.Sql {
  let pool = companyPools.get(company);
  if (!pool) {
    pool = postgres(process.env.DATABASE_URL!, {
      max: 10,
      onnotice: () => {},
      types: { int8: { to: INT8, from: [INT8], serialize: (x: number) => String(x), parse: (x: string) => Number(x) } },
      connection: { role: 'stratum_app', 'app.company_id': String(company), 'app.holder': 'off' } as never,
    });
    companyPools.set(company, pool);
  }
  return pool;
}

async function select(company: number, text: string, params: unknown[]): Promise<Record<string, unknown>[]> {
  if (!SCOPED) return sql.unsafe(text, params as never[], { prepare: true });
  if (SCOPED === 'session') return companyPool(company).unsafe(text, params as never[], { prepare: true });
  const connection = await sql.reserve();
  connection
    .unsafe('begin read only')
    .execute()
    .catch(() => undefined);
  connection
    .unsafe(SETTING, ['stratum_app', String(company)], { prepare: true })
    .execute()
    .catch(() => undefined);
  const rows = connection.unsafe(text, params as never[], { prepare: true }).execute();
  // released once COMMIT answered, never with the transaction open (the engine's rule, engine/db/postgres-adapter.ts)
  const committed = connection.unsafe('commit').execute();
  committed.then(
    () => connection.release(),
    () => connection.release(),
  );
  return rows;
}

const LISTS: Record<string, { table: string; columns: string; order: string }> = {
  employee: { table: 'employee', columns: EMPLOYEE_COLUMNS, order: 'id' },
  'performance-kpi': { table: 'performance_kpi', columns: '*', order: 'id' },
  'performance-scorecard': { table: 'performance_scorecard', columns: '*', order: 'id' },
  'business-unit': { table: 'business_unit', columns: '*', order: 'name, id' },
};
/** the load test's workflow calls, as one UPDATE each: approve a Draft, send an Approved back to Draft */
const TRANSITIONS: Record<string, { from: string; to: string }> = {
  approve: { from: 'Draft', to: 'Approved' },
  'accept-back': { from: 'Approved', to: 'Draft' },
};

const companyOf = (c: Context) => Number(c.req.header('x-company-id'));
const ok = (c: Context, data: unknown) => c.json({ res: 'success', data, err_msg: null });
const notFound = (c: Context) => c.json({ res: 'failed', data: null, err_msg: 'not found' }, 404);

const app = new Hono();
app.get('/healthz', (c) => c.text('ok'));
app.get('/api/v1/employee/:id{[0-9]+}', async (c) => {
  const [row] = await select(companyOf(c), READ, [companyOf(c), Number(c.req.param('id'))]);
  return row ? ok(c, { employee: row }) : notFound(c);
});
app.get('/api/v1/performance-scorecard/:id{[0-9]+}', async (c) => {
  const [row] = await sql.unsafe(
    `SELECT * FROM "performance_scorecard" WHERE company_id = $1 AND id = $2`,
    [companyOf(c), Number(c.req.param('id'))],
    { prepare: true },
  );
  return row ? ok(c, { scorecard: row }) : notFound(c);
});
app.get('/api/v1/:entity{[a-z-]+}', async (c) => {
  const list = LISTS[c.req.param('entity')];
  if (!list) return notFound(c);
  const limit = Math.min(Number(c.req.query('limit') ?? 50) || 50, 500);
  const order = c.req.query('sort') === '-updatedAt' ? 'updated_at DESC, id DESC' : list.order;
  const rows = await select(
    companyOf(c),
    `SELECT ${list.columns} FROM "${list.table}" WHERE company_id = $1 ORDER BY ${order} LIMIT ${limit}`,
    [companyOf(c)],
  );
  return ok(c, { list: rows });
});
app.post('/api/v1/employee/update', async (c) => {
  const b = (await c.req.json()) as { id: number; version: number; lastName: string };
  const [row] = await sql.unsafe(
    `UPDATE "employee" SET last_name = $4, version = version + 1, updated_at = now() WHERE company_id = $1 AND id = $2 AND version = $3 RETURNING ${EMPLOYEE_COLUMNS}`,
    [companyOf(c), b.id, b.version, b.lastName],
    { prepare: true },
  );
  return row
    ? ok(c, { employee: row })
    : c.json({ res: 'failed', data: null, err_msg: 'changed by someone else' }, 409);
});
app.post('/api/v1/performance-scorecard/:action{approve|accept-back}', async (c) => {
  const t = TRANSITIONS[c.req.param('action')];
  const b = (await c.req.json()) as { id: number };
  const [row] = await sql.unsafe(
    `UPDATE "performance_scorecard" SET status = $4, version = version + 1, updated_at = now() WHERE company_id = $1 AND id = $2 AND status = $3 RETURNING *`,
    [companyOf(c), b.id, t.from, t.to],
    { prepare: true },
  );
  return row ? ok(c, { scorecard: row }) : c.json({ res: 'failed', data: null, err_msg: `not ${t.from}` }, 409);
});

const server = serve({ fetch: app.fetch, port: Number(process.env.PORT ?? 3200), hostname: '127.0.0.1' }, (info) =>
  console.log(`floor serving on ${info.port}`),
);
const stop = async () => {
  server.close();
  await sql.end({ timeout: 5 });
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
