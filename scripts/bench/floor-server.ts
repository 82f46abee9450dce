/**
 * The bare floor (issue 28): what Node, Hono and the `postgres` driver do at best for a read, with none of the
 * engine's per-call work. One prepared SELECT per request on the table owner's connection, no transaction, no
 * token, no tenant setting, no row-level security: the company comes from the X-Company-Id header. Engine ÷ floor is
 * then what all of the engine's work costs (access, auditability, metadata), where engine ÷ baseline is only what
 * its generality costs over the same work written by hand.
 *
 * Run as its own process by the bench: PORT and DATABASE_URL, the same pool size as the engine's.
 */
import { serve } from '@hono/node-server';
import { Hono, type Context } from 'hono';
import postgres from 'postgres';
import { EMPLOYEE_COLUMNS } from './baseline-records.ts';

const INT8 = 20;
const sql = postgres(process.env.DATABASE_URL!, { max: 10, onnotice: () => {}, types: { int8: { to: INT8, from: [INT8], serialize: (x: number) => String(x), parse: (x: string) => Number(x) } } });

const READ = `SELECT ${EMPLOYEE_COLUMNS} FROM "employee" WHERE company_id = $1 AND id = $2`;
const FIRST_PAGE = `SELECT ${EMPLOYEE_COLUMNS} FROM "employee" WHERE company_id = $1 ORDER BY id LIMIT 50`;

/** the KPI list's floor: the table's every column, first 50 by id (its list order) */
const FIRST_KPIS = `SELECT * FROM "performance_kpi" WHERE company_id = $1 ORDER BY id LIMIT 50`;

const companyOf = (c: Context) => Number(c.req.header('x-company-id'));
const ok = (c: Context, data: unknown) => c.json({ res: 'success', data, err_msg: null });

const app = new Hono();
app.get('/healthz', (c) => c.text('ok'));
app.get('/api/v1/employee/:id{[0-9]+}', async (c) => {
  const [row] = await sql.unsafe(READ, [companyOf(c), Number(c.req.param('id'))], { prepare: true });
  return row ? ok(c, { employee: row }) : c.json({ res: 'failed', data: null, err_msg: 'not found' }, 404);
});
app.get('/api/v1/employee', async (c) => ok(c, { employees: await sql.unsafe(FIRST_PAGE, [companyOf(c)], { prepare: true }) }));
app.get('/api/v1/performance-kpi', async (c) => ok(c, { performanceKpis: await sql.unsafe(FIRST_KPIS, [companyOf(c)], { prepare: true }) }));

const server = serve({ fetch: app.fetch, port: Number(process.env.PORT ?? 3200), hostname: '127.0.0.1' }, (info) => console.log(`floor serving on ${info.port}`));
const stop = async () => {
  server.close();
  await sql.end({ timeout: 5 });
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
