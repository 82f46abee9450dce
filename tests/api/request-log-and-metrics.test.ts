import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../support/backends.ts';
import { HOLDER, PASSWORD, startTestStratum, type TestStratum } from '../support/test-stratum.ts';

const METRICS_TOKEN = 'scrape-token-for-tests';

/** The value of one sample of the Prometheus text, by metric name and labels (in any order); undefined when absent. */
function sample(text: string, name: string, labels: Record<string, string>): number | undefined {
  for (const line of text.split('\n')) {
    const m = /^([a-z_]+)\{([^}]*)\} (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const have = Object.fromEntries([...m[2].matchAll(/(\w+)="([^"]*)"/g)].map((l) => [l[1], l[2]]));
    if (Object.entries(labels).every(([k, v]) => have[k] === v)) return Number(m[3]);
  }
  return undefined;
}

/**
 * The request log and /metrics: one JSON line per request with its route pattern, status, duration, company and
 * request id, and nothing of what the caller sent (no password, no token); the Prometheus text counts requests by
 * route pattern and status, with a latency histogram, the database pool, the outbox backlog and reminder runs; only
 * METRICS_TOKEN (or a direct loopback connection without one) may read it.
 */
describe.each(backends())('request log and metrics on $name', (backend) => {
  let t: TestStratum;
  const lines: string[] = [];
  const scrape = async (token = METRICS_TOKEN) =>
    t.app.request('/metrics', { headers: { authorization: `Bearer ${token}` } });

  beforeAll(async () => {
    t = await startTestStratum(backend, { log: (line) => void lines.push(line) }, { metricsToken: METRICS_TOKEN });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('counts requests by route pattern and status, with their latency', async () => {
    const before = await (await scrape()).text();
    const route = '/api/v1/company/:id';
    const counted = (text: string, status: string) =>
      sample(text, 'stratum_http_requests_total', { method: 'GET', route, status }) ?? 0;
    const { id } = await t.addCompany('Metrics Co');
    expect((await t.holder.get(`company/${id}`)).status).toBe(200);
    expect((await t.holder.get(`company/${id}`)).status).toBe(200);
    expect((await t.holder.get('company/999999')).status).toBe(404);
    expect((await t.anonymous.get(`company/${id}`)).status).toBe(401);

    const res = await scrape();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const after = await res.text();
    expect(counted(after, '200') - counted(before, '200')).toBe(2);
    expect(counted(after, '404') - counted(before, '404')).toBe(1);
    expect(counted(after, '401') - counted(before, '401')).toBe(1);
    // never the raw address with its id
    expect(after).not.toContain(`/api/v1/company/${id}"`);
    const buckets = sample(after, 'stratum_http_request_duration_seconds_bucket', { route, status: '200', le: '+Inf' });
    expect(buckets).toBeGreaterThanOrEqual(2);
    expect(sample(after, 'stratum_http_request_duration_seconds_count', { route, status: '200' })).toBe(buckets);
    expect(sample(after, 'stratum_http_request_duration_seconds_sum', { route, status: '200' })).toBeGreaterThan(0);
  });

  it('reports the database pool and reminder runs', async () => {
    const text = async () => (await scrape()).text();
    const first = await text();
    const size = sample(first, 'stratum_db_pool_connections', { state: 'size' });
    expect(size).toBe(backend.name === 'pglite' ? 1 : 5);
    expect(
      sample(first, 'stratum_db_pool_connections', { state: 'in_use' })! +
        sample(first, 'stratum_db_pool_connections', { state: 'idle' })!,
    ).toBe(size);

    // the adapter counts a transaction's connection as in use while it runs, and hands it back after
    const use = () => t.stratum.db.poolUse!().inUse;
    const atRest = use();
    await t.stratum.db.transaction(async (tx) => {
      await tx.query('SELECT 1');
      expect(use()).toBe(atRest + 1);
    });
    expect(use()).toBe(atRest);

    const runs = (s: string) => sample(s, 'stratum_reminder_runs_total', { trigger: 'holder' }) ?? 0;
    const runsBefore = runs(await text());
    expect((await t.holder.post('reminders/run', {})).status).toBe(200);
    expect(runs(await text()) - runsBefore).toBe(1);
  });

  it('logs each request as one JSON line, and a sign-in without its password or token', async () => {
    const { executiveEmail } = await t.addCompany('Log Co');
    await t.setPassword(executiveEmail, PASSWORD);
    const from = lines.length;
    const signIn = await t.anonymous.raw('auth/login', {
      method: 'POST',
      body: JSON.stringify({ email: executiveEmail, password: PASSWORD }),
      headers: { 'content-type': 'application/json', 'x-request-id': 'trace-42' },
    });
    expect(signIn.status).toBe(200);
    const token = signIn.body.data.user.token as string;
    const exec = (await t.anonymous.raw('auth/me', { headers: { token } })).body;
    expect(exec.res).toBe('success');

    const logged = lines.slice(from);
    const requests = logged.map((l) => JSON.parse(l)).filter((l) => l.msg === 'request');
    const login = requests.find((r) => r.req.id === 'trace-42');
    expect(login).toMatchObject({
      level: 30,
      req: { method: 'POST', route: '/api/v1/auth/login' },
      status: 200,
      companyId: null,
    });
    expect(typeof login.ms).toBe('number');
    const me = requests.find((r) => r.req.route === '/api/v1/auth/me');
    expect(me.companyId).toBe(exec.data.user?.companyId ?? exec.data.companyId);
    expect(me.companyId).toEqual(expect.any(Number));
    for (const line of logged) {
      expect(line).not.toContain(PASSWORD);
      expect(line).not.toContain(token);
      expect(line).not.toContain(HOLDER.password);
    }
  });

  it('answers /metrics only to its token', async () => {
    expect((await scrape('wrong-token')).status).toBe(401);
    expect((await t.app.request('/metrics')).status).toBe(401);
  });

  /** A server without METRICS_TOKEN, on a real socket, whose SMTP server refuses every connection. */
  describe('without a metrics token, mail down', () => {
    let open: TestStratum;
    let server: ServerType | undefined;
    let url: string;
    beforeAll(async () => {
      open = await startTestStratum(
        backend,
        {},
        { metricsToken: undefined, smtpUrl: 'smtp://127.0.0.1:9', mailRetrySeconds: 3600 },
      );
      const port = await new Promise<number>((resolve) => {
        server = serve({ fetch: open.app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => resolve(info.port));
      });
      url = `http://127.0.0.1:${port}`;
    });
    afterAll(async () => {
      await new Promise((r) => (server ? server.close(r) : r(undefined)));
      await open?.close();
    });

    it('answers a direct loopback connection only: not one a proxy forwarded, not one without a socket', async () => {
      const direct = await fetch(`${url}/metrics`);
      expect(direct.status).toBe(200);
      expect(await direct.text()).toContain('stratum_http_requests_total');
      expect((await fetch(`${url}/metrics`, { headers: { 'x-forwarded-for': '203.0.113.9' } })).status).toBe(403);
      expect((await open.app.request('/metrics')).status).toBe(403);
    });

    it('counts the mail the outbox has not sent', async () => {
      const queued = async () =>
        Number(/^stratum_mail_outbox_queued (\d+)$/m.exec(await (await fetch(`${url}/metrics`)).text())![1]);
      expect(await queued()).toBe(0);
      expect((await open.anonymous.post('auth/forgot-password', { email: HOLDER.email })).status).toBe(200);
      expect((await open.anonymous.post('auth/forgot-password', { email: HOLDER.email })).status).toBe(200);
      // the delivery fails (connection refused) and the mail waits for its retry in an hour
      await open.stratum.mailer.deliverPending();
      expect(await queued()).toBe(2);
    });
  });
});
