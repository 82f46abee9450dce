import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Db } from '../../engine/db/db.ts';
import { openPglite } from '../../engine/db/pglite-adapter.ts';
import { connectPostgres } from '../../engine/db/postgres-adapter.ts';
import { ROOT } from '../../server/boot.ts';
import { api, startStratum } from '../../scripts/security/stratum-process.ts';
import { dataDirFiles, sha256 } from '../../scripts/ops/backup-folder.ts';
import { PG_BIN } from '../support/postgres-cluster.ts';
import { tableDigests } from '../support/table-digest.ts';

const pgUrl = inject('pgUrl');
const DEMO_ADMIN = { email: 'farzana.rahman@padma.example', password: 'stratum-demo' };
const folder = (name: string) => mkdtempSync(join(tmpdir(), `stratum-${name}-`));

/** npm run backup / npm run restore as an operator runs them: their exit code and what they print. */
function ops(
  script: 'backup' | 'restore',
  arg: string,
  env: Record<string, string>,
): { status: number | null; out: string } {
  const r = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts', 'ops', `${script}.ts`), arg], {
    cwd: ROOT,
    // the test cluster's own client programs, of its version
    env: { ...process.env, DATABASE_URL: '', BACKUP_DATABASE_URL: '', PG_BIN, ...env },
    encoding: 'utf8',
  });
  return { status: r.status, out: r.stdout + r.stderr };
}

/** Every file of a data folder (the database's own folder aside) with its hash. */
const filesOf = (dataDir: string) =>
  Object.fromEntries(dataDirFiles(dataDir).map((f) => [f, sha256(join(dataDir, f))]));

async function digestsOf(open: () => Promise<Db> | Db): Promise<Record<string, string>> {
  const db = await open();
  try {
    return await tableDigests(db);
  } finally {
    await db.close();
  }
}

/** The demo admin signs in to the restored installation and sees the demo company's employees. */
async function demoEmployees(url: string): Promise<number> {
  const a = api(url);
  const signIn = await a.call('auth/login', DEMO_ADMIN);
  expect(signIn.status, signIn.body.err_msg).toBe(200);
  const list = await a.call('employee?limit=500', undefined, signIn.body.data.user.token);
  expect(list.status).toBe(200);
  return list.body.data.list.length;
}

/**
 * The demo installation backed up and restored elsewhere, on the embedded PGlite and on PostgreSQL: every table's rows
 * (count and content hash, every company's, row-level security notwithstanding), every sequence and every file of
 * DATA_DIR come back equal, and the restored installation serves the demo company. Targets that hold anything are
 * refused, and so is a backup that row-level security would empty.
 */
describe('backup and restore on the embedded PGlite', () => {
  const source = folder('backup-src');
  const backup = join(folder('backup-out'), 'b');
  const target = folder('backup-dst');

  it('refuses while the server runs, then backs up, restores into an empty folder only, and equals the source', async () => {
    const server = await startStratum({ dataDir: source, env: { DEMO: '1', REMINDER_INTERVAL_MINUTES: '0' } });
    let employees: number;
    try {
      employees = await demoEmployees(server.url);
      const running = ops('backup', backup, { DATA_DIR: source });
      expect(running.status).toBe(1);
      expect(running.out).toContain(`is running on ${source}`);
    } finally {
      await server.stop();
    }
    const made = ops('backup', backup, { DATA_DIR: source });
    expect(made.out).toContain('Backed up the embedded database');
    expect(made.status).toBe(0);
    expect(ops('backup', backup, { DATA_DIR: source }).out).toContain('is not empty');

    const restored = ops('restore', backup, { DATA_DIR: target });
    expect(restored.out).toContain('Restored the backup');
    expect(restored.status).toBe(0);
    const again = ops('restore', backup, { DATA_DIR: target });
    expect(again.status).toBe(1);
    expect(again.out).toContain(`DATA_DIR ${target} is not empty`);

    const before = await digestsOf(() => openPglite(join(source, 'pglite')));
    expect(Number(before.employee.split(' ')[0])).toBeGreaterThan(50);
    expect(await digestsOf(() => openPglite(join(target, 'pglite')))).toEqual(before);
    expect(Object.keys(filesOf(source))).toContain('secret.key');
    expect(filesOf(target)).toEqual(filesOf(source));

    const back = await startStratum({ dataDir: target, env: { REMINDER_INTERVAL_MINUTES: '0' } });
    try {
      expect(await demoEmployees(back.url)).toBe(employees);
    } finally {
      await back.stop();
    }
  }, 600_000);
});

describe.skipIf(!pgUrl)('backup and restore on PostgreSQL', () => {
  const owner = `owner_${randomBytes(4).toString('hex')}`;
  const as = (role: string, database: string, password?: string) => {
    const u = new URL(pgUrl!);
    u.username = role;
    if (password) u.password = password;
    u.pathname = `/${database}`;
    return u.toString();
  };
  let superuser: Db;
  const source = `${owner}_src`;
  const target = `${owner}_dst`;

  beforeAll(async () => {
    superuser = connectPostgres(pgUrl!, { max: 1 });
    // a database owner that is no superuser, as a hosting provider gives one, and what npm run db:roles prints for it
    await superuser.query(`CREATE ROLE ${owner} LOGIN`);
    for (const db of [source, target]) await superuser.query(`CREATE DATABASE ${db} OWNER ${owner}`);
    const sql = execFileSync(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts', 'db-roles.ts')], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: as(owner, source) },
      encoding: 'utf8',
    });
    const psql = spawnSync(join(PG_BIN, 'psql'), ['-v', 'ON_ERROR_STOP=1', '-q', pgUrl!], {
      input: sql + `\nALTER ROLE stratum_backup PASSWORD 'backup-pw';`,
      encoding: 'utf8',
    });
    expect(psql.stderr).toBe('');
  });
  afterAll(async () => {
    await superuser?.close();
  });

  it('refuses the owner, whom row-level security binds; backs up as stratum_backup; restores into an empty database only, equal to the source', async () => {
    const sourceDir = folder('pg-backup-src');
    const server = await startStratum({
      dataDir: sourceDir,
      databaseUrl: as(owner, source),
      env: { DEMO: '1', REMINDER_INTERVAL_MINUTES: '0' },
    });
    let employees: number;
    try {
      employees = await demoEmployees(server.url);
    } finally {
      await server.stop();
    }
    const backup = join(folder('pg-backup-out'), 'b');
    const asOwner = ops('backup', backup, { DATA_DIR: sourceDir, DATABASE_URL: as(owner, source) });
    expect(asOwner.status).toBe(1);
    expect(asOwner.out).toContain(`The role "${owner}" is bound by row-level security`);
    expect(asOwner.out).toContain('BACKUP_DATABASE_URL');

    const made = ops('backup', backup, {
      DATA_DIR: sourceDir,
      DATABASE_URL: as(owner, source),
      BACKUP_DATABASE_URL: as('stratum_backup', source, 'backup-pw'),
    });
    expect(made.out).toContain('Backed up the PostgreSQL database');
    expect(made.status).toBe(0);

    const targetDir = folder('pg-backup-dst');
    const restored = ops('restore', backup, { DATA_DIR: targetDir, DATABASE_URL: as(owner, target) });
    expect(restored.out).toContain('Restored the backup');
    expect(restored.status).toBe(0);
    const again = ops('restore', backup, { DATA_DIR: folder('pg-backup-dst2'), DATABASE_URL: as(owner, target) });
    expect(again.status).toBe(1);
    expect(again.out).toContain('The database DATABASE_URL names is not empty');

    const before = await digestsOf(() => connectPostgres(as('postgres', source), { max: 1 }));
    expect(Number(before.employee.split(' ')[0])).toBeGreaterThan(50);
    expect(await digestsOf(() => connectPostgres(as('postgres', target), { max: 1 }))).toEqual(before);
    expect(filesOf(targetDir)).toEqual(filesOf(sourceDir));

    // the restored database belongs to the owner and serves under row-level security as before
    const back = await startStratum({
      dataDir: targetDir,
      databaseUrl: as(owner, target),
      env: { REMINDER_INTERVAL_MINUTES: '0' },
    });
    try {
      expect(await demoEmployees(back.url)).toBe(employees);
    } finally {
      await back.stop();
    }
  }, 600_000);
});
