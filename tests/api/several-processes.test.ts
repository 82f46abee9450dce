import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CALLER_TTL_MS } from '../../engine/auth/caller-cache.ts';
import { connectPostgres } from '../../engine/db/postgres-adapter.ts';
import type { Db } from '../../engine/db/db.ts';
import { addDays } from '../../engine/reminders/reminder-window.ts';
import { ROOT } from '../../server/boot.ts';
import {
  api,
  companyWithExecutive,
  startStratum,
  type StratumProcess,
} from '../../scripts/security/stratum-process.ts';
import { decodeMail } from '../support/test-stratum.ts';

const pgUrl = inject('pgUrl');

/**
 * Three server processes over one PostgreSQL, as three machines behind a load balancer would run (each on a port of
 * its own here, so that the test can choose which one it asks): they boot together and migrate once, a sign-out in one
 * is refused by the others at once (not after the caller cache's 2 s), reminder runs asked of all three at the same
 * moment send each reminder once. Then WORKERS=3 on one port carries the load test with no error.
 */
describe.skipIf(!pgUrl)('several server processes over one PostgreSQL', () => {
  let admin: Db;
  let db: Db;
  let dbUrl: string;
  let servers: StratumProcess[] = [];
  const dataDir = mkdtempSync(join(tmpdir(), 'stratum-three-'));
  const secret = randomBytes(32).toString('base64');

  beforeAll(async () => {
    admin = connectPostgres(pgUrl!, { max: 1 });
    const name = `t_three_${randomBytes(4).toString('hex')}`;
    await admin.query(`CREATE DATABASE ${name}`);
    dbUrl = pgUrl!.replace(/\/postgres$/, `/${name}`);
    db = connectPostgres(dbUrl, { max: 2 });
    // one data folder (the outbox) and one secret key, as servers sharing a database must have
    servers = await Promise.all(
      [0, 1, 2].map(() =>
        startStratum({
          dataDir,
          databaseUrl: dbUrl,
          env: { STRATUM_SECRET_KEY: secret, REMINDER_INTERVAL_MINUTES: '0', MAIL_POLL_SECONDS: '0.5' },
        }),
      ),
    );
  }, 180_000);
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await db?.close();
    await admin?.close();
  });

  it('boot together and migrate once', async () => {
    const [{ n }] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM stratum_migration`);
    expect(n).toBe(1);
    const [{ holders }] = await db.query<{ holders: number }>(
      `SELECT count(*)::int AS holders FROM account WHERE role = 'holder'`,
    );
    expect(holders).toBe(1);
  });

  it('refuse a signed-out token in every process within a second', async () => {
    const [a, b, c] = servers.map((s) => api(s.url));
    const { token } = await companyWithExecutive(servers[0].url, dataDir, 'Three Co', ['contract-management']);
    // b and c now remember the caller behind the token, and would for CALLER_TTL_MS unless told to forget
    const cached = await Promise.all([b, c].map((other) => other.call('employee', undefined, token)));
    const cachedAt = performance.now();
    for (const r of cached) expect(r.status).toBe(200);
    expect((await a.call('auth/logout', {}, token)).status).toBe(200);
    const signedOut = performance.now();
    const refusedAt = await Promise.all(
      [b, c].map(async (other) => {
        for (;;) {
          if ((await other.call('employee', undefined, token)).status === 401) return performance.now();
          if (performance.now() - signedOut > 5_000) return Infinity;
        }
      }),
    );
    for (const at of refusedAt) {
      expect(at - signedOut).toBeLessThan(1_000);
      // refused before the remembered caller would have expired by itself: forgotten on notice
      expect(at - cachedAt).toBeLessThan(CALLER_TTL_MS);
    }
  });

  it('send each due reminder once when all three are asked to run at the same moment', async () => {
    const { token } = await companyWithExecutive(servers[1].url, dataDir, 'Remind Co', ['contract-management']);
    const a = api(servers[1].url);
    const me = (await a.call('employee', undefined, token)).body.data.list[0];
    const today = new Date().toISOString().slice(0, 10);
    for (const [name, days] of [
      ['Data policy', 10],
      ['Travel policy', -2],
      ['Leave policy', 20],
    ] as const) {
      const r = await a.call(
        'governance-policy/add',
        { name, status: 'Active', ownerId: me.id, nextReviewDate: addDays(today, days) },
        token,
      );
      expect(r.status, r.body.err_msg).toBe(200);
    }
    const holder = (await a.call('auth/login', { email: 'holder@security.example', password: 'holder-security-pass' }))
      .body.data.user.token;
    const runs = await Promise.all(servers.map((s) => api(s.url).call('reminders/run', {}, holder)));
    for (const r of runs) expect(r.status, r.body.err_msg).toBe(200);
    const mailed = runs.reduce((n, r) => n + r.body.data.reminders.mails, 0);
    expect(mailed).toBeGreaterThanOrEqual(3);

    // the mail workers of all three deliver the outbox, each mail once
    const policyMails = () =>
      readdirSync(join(dataDir, 'outbox'))
        .map((f) => decodeMail(readFileSync(join(dataDir, 'outbox', f), 'utf8')))
        .filter((m) => /^Subject: Policy review/m.test(m))
        .map((m) => `${/^To: (.*)$/m.exec(m)?.[1]} ${/^Subject: (.*)$/m.exec(m)?.[1]}`);
    for (let i = 0; i < 100 && policyMails().length < mailed; i++) await new Promise((r) => setTimeout(r, 100));
    await new Promise((r) => setTimeout(r, 1_500));
    const mails = policyMails();
    expect(mails).toHaveLength(mailed);
    expect(new Set(mails).size).toBe(mails.length);
    const [{ sent }] = await db.query<{ sent: number }>(
      `SELECT count(*)::int AS sent FROM mail_outbox WHERE subject LIKE 'Policy review%' AND sent_at IS NOT NULL AND attempts = 1`,
    );
    expect(sent).toBe(mailed);

    const again = await Promise.all(servers.map((s) => api(s.url).call('reminders/run', {}, holder)));
    expect(again.map((r) => r.body.data.reminders.mails)).toEqual([0, 0, 0]);
  });

  it('carry the load test as WORKERS=3 on one port with no error', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts', 'security', 'load-test.ts')], {
      cwd: ROOT,
      encoding: 'utf8',
      // a short run: what it shows is that three processes share the work without an error, not a latency budget nor
      // the engine's ratio to the bare floor (npm run test:load judges that, on a machine of its own)
      env: {
        ...process.env,
        LOAD_WORKERS: '3',
        LOAD_SECONDS: '5',
        LOAD_USERS: '20',
        LOAD_P99_MS: '60000',
        LOAD_RATIO: '0',
      },
      timeout: 240_000,
    });
    expect(run.stdout).toContain('against 3 server process(es)');
    expect(run.stdout).toContain('errors: 0');
    expect(run.status, run.stdout + run.stderr).toBe(0);
  }, 300_000);
});
