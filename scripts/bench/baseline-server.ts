/**
 * The no-abstraction baseline: Hono and the database driver, no engine, no metadata. Each endpoint
 * is written by hand and sends the statements the engine sends for that call, in the same order — token lookup,
 * one transaction per call with the request role and the tenant setting, the caller's module access, the work, the
 * audit entry — so that engine ÷ baseline measures what the engine's generality costs and nothing else.
 *
 * Run as its own process by the bench: PORT, and DATABASE_URL (PostgreSQL) or PGLITE_DIR; BASELINE_META names a
 * JSON file with the /meta reply to serve (a hand-written service ships its screen list as a static document).
 */
import { createHash, randomBytes, scrypt as scryptCb, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { serve } from '@hono/node-server';
import { Hono, type Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { AUDIT_COLUMNS, EMPLOYEE_COLUMNS, EMPLOYEE_FIELDS, employeeProblems, withDerived } from './baseline-records.ts';
import { reportRoutes } from './baseline-reports.ts';
import { scorecardRoutes, type ModuleAccess } from './baseline-scorecards.ts';
import { pgliteStore, postgresStore, type BaselineStore } from './baseline-store.ts';

type Tx = Pick<BaselineStore, 'query'>;
type Caller = {
  accountId: number;
  role: string;
  companyId: number | null;
  employeeId: number | null;
  email: string;
  name: string;
};

class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: { field: string; message: string }[],
  ) {
    super(message);
  }
}

const store = process.env.DATABASE_URL
  ? postgresStore(process.env.DATABASE_URL, 10)
  : await pgliteStore(process.env.PGLITE_DIR!);
const metaReply = process.env.BASELINE_META
  ? readFileSync(process.env.BASELINE_META, 'utf8')
  : '{"res":"success","data":{},"err_msg":null}';

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const scrypt = (password: string, salt: Buffer, keylen: number, o: { N: number; r: number; p: number }) =>
  new Promise<Buffer>((resolve, reject) =>
    scryptCb(password, salt, keylen, { ...o, maxmem: 64 * 1024 * 1024 }, (e, k) => (e ? reject(e) : resolve(k))),
  );

async function passwordMatches(password: string, stored: string | null): Promise<boolean> {
  const parts = stored?.split('$');
  if (parts?.length !== 6) {
    await scrypt(password, Buffer.alloc(16), 32, { N: 2 ** 15, r: 8, p: 1 });
    return false;
  }
  const expected = Buffer.from(parts[5], 'base64');
  return timingSafeEqual(
    expected,
    await scrypt(password, Buffer.from(parts[4], 'base64'), expected.length, {
      N: Number(parts[1]),
      r: Number(parts[2]),
      p: Number(parts[3]),
    }),
  );
}

const ok = (c: Context, data: unknown) => c.json({ res: 'success', data, err_msg: null });

async function callerOf(c: Context): Promise<Caller> {
  const token = c.req.header('token') ?? c.req.header('authorization')?.replace(/^Bearer /, '');
  if (!token) throw new Refusal(401, 'Sign in first');
  const [a] = await store.query(
    `SELECT a.* FROM session s JOIN account a ON a.id = s.account_id WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > now()`,
    [sha256(token)],
  );
  if (!a) throw new Refusal(401, 'Your session has ended or the token is not valid; sign in again');
  return {
    accountId: a.id as number,
    role: a.role as string,
    companyId: a.company_id as number | null,
    employeeId: a.employee_id as number | null,
    email: a.email as string,
    name: [a.first_name, a.last_name].filter(Boolean).join(' ') || (a.email as string),
  };
}

/** One transaction per call: the request role and the tenant setting first, then the caller's module access. */
async function inCall<T>(
  c: Context,
  fn: (tx: Tx, caller: Caller, adminOfOrganisation: boolean, access: ModuleAccess) => Promise<T>,
): Promise<T> {
  const caller = await callerOf(c);
  if (caller.role !== 'employee') throw new Refusal(403, 'The baseline serves employees only');
  return store.begin(async (tx) => {
    // sent together: the driver pipelines a transaction's statements
    const scoped = tx.query(
      `select set_config('role', $1, true), set_config('app.company_id', $2, true), set_config('app.holder', $3, true)`,
      ['stratum_app', String(caller.companyId), 'off'],
    );
    const access = tx.query(
      `SELECT m.code, cm.enabled, em.admin_access AS admin FROM module m
     LEFT JOIN company_module cm ON cm.company_id = $1 AND cm.module_id = m.id
     LEFT JOIN employee_module em ON em.company_id = $1 AND em.employee_id = $2 AND em.module_id = m.id
     WHERE cm.id IS NOT NULL OR em.id IS NOT NULL`,
      [caller.companyId, caller.employeeId],
    );
    const [, rows] = await Promise.all([scoped, access]);
    const admin = rows.some((r) => r.code === 'organisation' && r.admin === 'Yes');
    const modules = {
      enabled: new Set(rows.filter((r) => r.enabled === 'Yes').map((r) => r.code as string)),
      admin: new Set(rows.filter((r) => r.admin === 'Yes').map((r) => r.code as string)),
    };
    return fn(tx, caller, admin, modules);
  });
}

const needAdmin = (admin: boolean) => {
  if (!admin) throw new Refusal(403, 'You need admin access to the module "organisation"');
};

const intParam = (raw: string | undefined, dflt: number, max: number, name: string) => {
  if (raw === undefined) return dflt;
  if (!/^\d+$/.test(raw) || Number(raw) > max)
    throw new Refusal(400, `"${name}" must be a whole number from 0 to ${max}`);
  return Number(raw);
};

/** "More than 10,000 match" is remembered for 5 s per query and values, and forgotten when an employee changes or goes. */
const cappedUntil = new Map<string, number>();

interface PageOrder {
  sql: string;
  /** the sort columns, id last, and which way they run: what ?after= compares with */
  keys: string;
  descending: boolean;
}

/**
 * A page and its total (counted only when the page does not tell it, never past 10,000): the first page directly,
 * deeper pages by offset with a deferred join (ids of the skipped rows only, the offset a parameter), or after a given
 * record by keyset. The count is sent together with the page unless "more than 10,000" is known.
 */
async function page(
  tx: Tx,
  table: string,
  columns: string,
  where: string[],
  params: unknown[],
  order: PageOrder,
  limit: number,
  offset: number,
  after: number | null,
) {
  const whereSql = `WHERE ${where.join(' AND ')}`;
  let pageRows: Promise<Record<string, unknown>[]>;
  if (after !== null) {
    const anchor = `ROW(${order.keys}) ${order.descending ? '<' : '>'} (SELECT ${order.keys} FROM "${table}" WHERE id = $${params.length + 1} AND company_id = $1)`;
    pageRows = tx.query(
      `SELECT ${columns} FROM "${table}" ${whereSql} AND ${anchor} ORDER BY ${order.sql} LIMIT ${limit}`,
      [...params, after],
    );
  } else if (offset === 0) {
    pageRows = tx.query(`SELECT ${columns} FROM "${table}" ${whereSql} ORDER BY ${order.sql} LIMIT ${limit}`, params);
  } else {
    pageRows = tx.query(
      `SELECT ${columns} FROM "${table}" ${whereSql} AND id IN (SELECT id FROM "${table}" ${whereSql} ORDER BY ${order.sql} LIMIT ${limit} OFFSET $${params.length + 1}) ORDER BY ${order.sql}`,
      [...params, offset],
    );
  }
  const key = `${table} ${whereSql} ${JSON.stringify(params)}`;
  const capped = (cappedUntil.get(key) ?? 0) > Date.now();
  const count = capped
    ? null
    : tx.query(`SELECT count(*)::int AS n FROM (SELECT 1 FROM "${table}" ${whereSql} LIMIT 10001) s`, params);
  count?.catch(() => undefined);
  const rows = await pageRows;
  if (
    after !== null &&
    !rows.length &&
    !(await tx.query(`SELECT 1 FROM "${table}" WHERE id = $1 AND company_id = $2`, [after, params[0]])).length
  )
    throw new Refusal(404, `No record with id ${after}`);
  let total = offset + rows.length;
  let totalCapped = false;
  if (after !== null || rows.length === limit || (rows.length === 0 && offset > 0)) {
    if (capped) {
      total = 10_000;
      totalCapped = true;
    } else {
      const [{ n }] = await count!;
      totalCapped = (n as number) > 10_000;
      total = Math.min(n as number, 10_000);
      if (totalCapped) cappedUntil.set(key, Date.now() + 5_000);
    }
  } else await count;
  return { rows, total, totalCapped, limit, offset };
}

const forgetEmployeeTotals = () => {
  for (const k of cappedUntil.keys()) if (k.startsWith('employee ')) cappedUntil.delete(k);
};

async function audit(tx: Tx, caller: Caller, recordId: unknown, action: string, before: unknown, after: unknown) {
  await tx.query(
    `INSERT INTO audit_trail (company_id, entity, record_id, action, done_by, done_by_name, done_at, before, after)
     VALUES ($1, $2, $3, $4, $5, $6, now(), $7::text::jsonb, $8::text::jsonb)`,
    [
      caller.companyId,
      'employee',
      recordId,
      action,
      caller.accountId,
      caller.name,
      before && JSON.stringify(before),
      after && JSON.stringify(after),
    ],
  );
}

/** The employee's sign-in follows its e-mail and names. */
async function syncAccount(tx: Tx, caller: Caller, e: Record<string, unknown>) {
  if (!e.email) {
    await tx.query(`DELETE FROM account WHERE company_id = $1 AND employee_id = $2`, [caller.companyId, e.id]);
    return;
  }
  await tx.query(
    `INSERT INTO account (email, role, company_id, employee_id, first_name, last_name) VALUES ($1, 'employee', $2, $3, $4, $5)
       ON CONFLICT (company_id, employee_id) DO UPDATE SET email = EXCLUDED.email, first_name = EXCLUDED.first_name, last_name = EXCLUDED.last_name`,
    [e.email, caller.companyId, e.id, e.firstName ?? null, e.lastName ?? null],
  );
}

async function lockedEmployee(tx: Tx, caller: Caller, id: unknown): Promise<Record<string, unknown>> {
  if (typeof id !== 'number' || !Number.isInteger(id) || id < 1)
    throw new Refusal(400, 'id must be a positive whole number');
  const [row] = await tx.query(
    `SELECT ${EMPLOYEE_COLUMNS} FROM "employee" WHERE id = $1 AND company_id = $2 FOR UPDATE`,
    [id, caller.companyId],
  );
  if (!row) throw new Refusal(404, `No employee with id ${id}`);
  return row;
}

async function body(c: Context): Promise<Record<string, unknown>> {
  const t = await c.req.text();
  try {
    return t.trim() ? JSON.parse(t) : {};
  } catch {
    throw new Refusal(400, 'The body is not valid JSON');
  }
}

function validated(b: unknown, mode: 'add' | 'update') {
  const problems = employeeProblems(b, mode);
  if (problems.length) throw new Refusal(422, problems.map((p) => `${p.field}: ${p.message}`).join('; '), problems);
  return b as Record<string, unknown>;
}

const dbRefusal = (e: unknown) => {
  const code = (e as { code?: string }).code;
  if (code === '23505') return new Refusal(409, 'employee: a record with these values already exists');
  if (code === '23503') return new Refusal(422, 'employee: a referenced record does not exist');
  return e;
};

const app = new Hono();
app.onError((e, c) => {
  if (!(e instanceof Refusal)) console.error(e);
  const status = e instanceof Refusal ? e.status : 500;
  return c.json(
    {
      res: 'failed',
      data: null,
      err_msg: e.message,
      ...(e instanceof Refusal && e.errors ? { errors: e.errors } : {}),
    },
    status as ContentfulStatusCode,
  );
});

app.get('/healthz', async (c) => {
  await store.query('SELECT 1');
  return c.json({ status: 'ok' });
});

app.post('/api/v1/auth/login', async (c) => {
  const { email, password } = (await body(c)) as { email?: string; password?: string };
  if (typeof email !== 'string' || typeof password !== 'string')
    throw new Refusal(422, 'email and password are required');
  const e = email.trim();
  const [lock] = await store.query(
    `SELECT ceil(extract(epoch FROM locked_until - now()))::int AS s FROM login_throttle WHERE email = $1 AND locked_until > now()`,
    [e.toLowerCase()],
  );
  if (lock?.s) throw new Refusal(429, 'Too many failed sign-ins for this e-mail');
  const [a] = await store.query(`SELECT * FROM account WHERE lower(email) = lower($1)`, [e]);
  if (!a || !(await passwordMatches(password, (a.password_hash as string | null) ?? null)))
    throw new Refusal(401, 'The e-mail or the password is wrong');
  if (a.role === 'employee') {
    const [company] = await store.query(`SELECT status FROM company WHERE id = $1`, [a.company_id]);
    if (company?.status !== 'Active') throw new Refusal(403, 'Your company is not active on Stratum');
  }
  await store.query(`DELETE FROM login_throttle WHERE email = $1`, [e.toLowerCase()]);
  const secret = randomBytes(32).toString('base64url');
  await store.query(
    `INSERT INTO session (token_hash, account_id, expires_at) VALUES ($1, $2, now() + interval '12 hours')`,
    [sha256(secret), a.id],
  );
  return ok(c, {
    user: {
      id: a.id,
      uid: a.id,
      token: secret,
      role: a.role,
      companyId: a.company_id,
      employeeId: a.employee_id,
      email: a.email,
      firstName: a.first_name,
      lastName: a.last_name,
    },
  });
});

app.get('/api/v1/meta', async (c) => {
  await inCall(c, async () => undefined);
  return c.body(metaReply, 200, { 'content-type': 'application/json' });
});

app.get('/api/v1/employee/:id{[0-9]+}', async (c) =>
  ok(c, {
    employee: await inCall(c, async (tx, caller) => {
      const [row] = await tx.query(`SELECT ${EMPLOYEE_COLUMNS} FROM "employee" WHERE id = $1 AND company_id = $2`, [
        Number(c.req.param('id')),
        caller.companyId,
      ]);
      if (!row) throw new Refusal(404, `No employee with id ${c.req.param('id')}`);
      return withDerived(row);
    }),
  }),
);

app.get('/api/v1/employee', async (c) => {
  const q = c.req.query();
  for (const k of Object.keys(q))
    if (!['limit', 'offset', 'after', 'departmentId'].includes(k))
      throw new Refusal(400, `"${k}" is not a filter the baseline knows`);
  const limit = intParam(q.limit, 50, 500, 'limit');
  // as deep as the engine pages by offset; further on by after
  const offset = intParam(q.offset, 0, 10_000, 'offset');
  const after = q.after === undefined ? null : intParam(q.after, 0, Number.MAX_SAFE_INTEGER, 'after');
  if (after !== null && offset > 0) throw new Refusal(400, 'Page with "offset" or with "after", not both');
  const r = await inCall(c, async (tx, caller) => {
    const where = ['company_id = $1'];
    const params: unknown[] = [caller.companyId];
    if (q.departmentId !== undefined) {
      where.push(`"department_id" = $2`);
      params.push(intParam(q.departmentId, 0, Number.MAX_SAFE_INTEGER, 'departmentId'));
    }
    return page(
      tx,
      'employee',
      EMPLOYEE_COLUMNS,
      where,
      params,
      { sql: '"last_name" ASC, "id" ASC', keys: '"last_name", "id"', descending: false },
      limit,
      offset,
      after,
    );
  });
  r.rows.forEach(withDerived);
  return ok(c, { list: r.rows, total: r.total, totalCapped: r.totalCapped, limit: r.limit, offset: r.offset });
});

app.get('/api/v1/audit-trail', async (c) => {
  const q = c.req.query();
  const limit = intParam(q.limit, 50, 500, 'limit');
  // as deep as the engine pages by offset; further on by after
  const offset = intParam(q.offset, 0, 10_000, 'offset');
  const r = await inCall(c, async (tx, caller, admin) => {
    needAdmin(admin);
    return page(
      tx,
      'audit_trail',
      AUDIT_COLUMNS,
      ['company_id = $1'],
      [caller.companyId],
      { sql: '"done_at" DESC, "id" DESC', keys: '"done_at", "id"', descending: true },
      limit,
      offset,
      null,
    );
  });
  return ok(c, { list: r.rows, total: r.total, totalCapped: r.totalCapped, limit: r.limit, offset: r.offset });
});

app.post('/api/v1/employee/add', async (c) => {
  const input = validated(await body(c), 'add');
  const row = await inCall(c, async (tx, caller, admin) => {
    needAdmin(admin);
    const fields = Object.keys(EMPLOYEE_FIELDS).filter((f) => input[f] !== undefined);
    const columns = ['company_id', ...fields.map((f) => `"${EMPLOYEE_FIELDS[f].column}"`), 'created_by', 'updated_by'];
    const params = [caller.companyId, ...fields.map((f) => input[f]), caller.accountId, caller.accountId];
    let added: Record<string, unknown>;
    try {
      [added] = await tx.query(
        `INSERT INTO "employee" (${columns.join(', ')}) VALUES (${params.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING ${EMPLOYEE_COLUMNS}`,
        params,
      );
    } catch (e) {
      throw dbRefusal(e);
    }
    withDerived(added);
    await syncAccount(tx, caller, added);
    await audit(tx, caller, added.id, 'add', null, added);
    return added;
  });
  return ok(c, { employee: row });
});

app.post('/api/v1/employee/update', async (c) => {
  const input = validated(await body(c), 'update');
  const row = await inCall(c, async (tx, caller, admin) => {
    needAdmin(admin);
    const before = await lockedEmployee(tx, caller, input.id);
    if (before.version !== input.version)
      throw new Refusal(
        409,
        `This employee was changed by someone else since you loaded it (your version ${input.version}, now ${before.version})`,
      );
    withDerived(before);
    const fields = Object.keys(EMPLOYEE_FIELDS).filter((f) => input[f] !== undefined);
    const params: unknown[] = fields.map((f) => input[f]);
    const sets = fields.map((f, i) => `"${EMPLOYEE_FIELDS[f].column}" = $${i + 1}`);
    params.push(caller.accountId, before.id, caller.companyId);
    const n = params.length;
    let after: Record<string, unknown>;
    try {
      [after] = await tx.query(
        `UPDATE "employee" SET ${[...sets, 'version = version + 1', 'updated_at = now()', `updated_by = $${n - 2}`].join(', ')} WHERE id = $${n - 1} AND company_id = $${n} RETURNING ${EMPLOYEE_COLUMNS}`,
        params,
      );
    } catch (e) {
      throw dbRefusal(e);
    }
    forgetEmployeeTotals();
    withDerived(after);
    await syncAccount(tx, caller, after);
    await audit(tx, caller, after.id, 'update', before, after);
    return after;
  });
  return ok(c, { employee: row });
});

app.post('/api/v1/employee/delete', async (c) => {
  const input = await body(c);
  const extra = Object.keys(input).filter((k) => k !== 'id' && k !== 'version');
  if (extra.length) throw new Refusal(422, `${extra.join(', ')}: is not used by delete`);
  const row = await inCall(c, async (tx, caller, admin) => {
    needAdmin(admin);
    const before = await lockedEmployee(tx, caller, input.id);
    if (input.version !== undefined && input.version !== before.version)
      throw new Refusal(409, 'This employee was changed by someone else since you loaded it');
    withDerived(before);
    try {
      await tx.query(`DELETE FROM "employee" WHERE id = $1 AND company_id = $2`, [before.id, caller.companyId]);
    } catch (e) {
      throw dbRefusal(e);
    }
    forgetEmployeeTotals();
    await audit(tx, caller, before.id, 'delete', before, null);
    return before;
  });
  return ok(c, { employee: row });
});

const scorecardDeps = {
  inCall: <T>(c: Context, fn: (tx: Tx, caller: Caller, access: ModuleAccess) => Promise<T>) =>
    inCall(c, (tx, caller, _admin, access) => fn(tx, caller, access)),
  refuse: (status: number, message: string) => new Refusal(status, message),
  body,
};
scorecardRoutes(app, scorecardDeps);
reportRoutes(app, scorecardDeps);

const server = serve({ fetch: app.fetch, port: Number(process.env.PORT ?? 3100), hostname: '127.0.0.1' }, (info) =>
  console.log(`baseline serving on ${info.port}`),
);
const stop = async () => {
  server.close();
  await store.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
