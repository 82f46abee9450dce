import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../engine/db/db.ts';
import { connectPostgres } from '../../engine/db/postgres-adapter.ts';
import { ensureRequestRole, RequestRoleError } from '../../engine/migrator/request-role.ts';
import { ROOT } from '../../server/boot.ts';
import { api, companyWithExecutive, startStratum } from '../../scripts/security/stratum-process.ts';
import { PG_BIN, postgresAvailable, startCluster, type Cluster } from '../support/postgres-cluster.ts';

/** The cluster's address as another role, on another database. */
const asRole = (clusterUrl: string, role: string, database: string) => {
  const url = new URL(clusterUrl);
  url.username = role;
  url.pathname = `/${database}`;
  return url.toString();
};

/**
 * Stratum on a fresh PostgreSQL cluster as a database owner that is no superuser and may not create roles, as a
 * hosting provider gives one: the server stops with a message that says what to run (no stack trace); once a
 * superuser ran what `npm run db:roles` prints, it starts, and calls run under the request role. A cluster of its own,
 * because the request role is the cluster's and every other suite's cluster already has it.
 */
describe.skipIf(!postgresAvailable() && process.env.CI !== 'true')(
  'start as a database owner that is no superuser',
  () => {
    let cluster: Cluster;
    let superuser: Db;
    let ownerUrl: string;

    beforeAll(async () => {
      cluster = await startCluster();
      superuser = connectPostgres(cluster.url, { max: 1 });
      await superuser.query(`CREATE ROLE stratum_owner LOGIN`);
      await superuser.query(`CREATE DATABASE stratum_owned OWNER stratum_owner`);
      ownerUrl = asRole(cluster.url, 'stratum_owner', 'stratum_owned');
    });
    afterAll(async () => {
      await superuser?.close();
      cluster?.stop();
    });

    it('stops with what a superuser must run when the request role is missing, and starts once it has been run', async () => {
      const [{ exists }] = await superuser.query<{ exists: boolean }>(
        `SELECT EXISTS (SELECT FROM pg_roles WHERE rolname = 'stratum_app') AS exists`,
      );
      expect(exists).toBe(false);

      const refused = await startStratum({
        dataDir: mkdtempSync(join(tmpdir(), 'stratum-owner-')),
        databaseUrl: ownerUrl,
        env: { REMINDER_INTERVAL_MINUTES: '0' },
      }).then(
        () => 'started',
        (e: Error) => e.message,
      );
      expect(refused).toContain(
        'Stratum cannot start: the database role "stratum_app" does not exist, and "stratum_owner" is not allowed to create roles',
      );
      expect(refused).toContain('npm run db:roles');
      expect(refused).toContain('GRANT stratum_app TO "stratum_owner";');
      // the operator's message, not a stack trace
      expect(refused).not.toMatch(/^\s+at /m);

      // what the DBA runs: the script's output, through psql, as the superuser
      const sql = execFileSync(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts', 'db-roles.ts')], {
        cwd: ROOT,
        env: { ...process.env, DATABASE_URL: ownerUrl },
        encoding: 'utf8',
      });
      const psql = spawnSync(join(PG_BIN, 'psql'), ['-v', 'ON_ERROR_STOP=1', '-q', cluster.url], {
        input: sql,
        encoding: 'utf8',
      });
      expect(psql.stderr).toBe('');
      expect(psql.status).toBe(0);

      const dataDir = mkdtempSync(join(tmpdir(), 'stratum-owner-'));
      const server = await startStratum({ dataDir, databaseUrl: ownerUrl, env: { REMINDER_INTERVAL_MINUTES: '0' } });
      try {
        // a company, its executive's welcome mail and sign-in, and company calls under row-level security
        const { token, email } = await companyWithExecutive(server.url, dataDir, 'Owned Co');
        const list = await api(server.url).call('employee', undefined, token);
        expect(list.status).toBe(200);
        expect(list.body.data.list.map((e: { email: string }) => e.email)).toEqual([email]);
        const inOwned = connectPostgres(asRole(cluster.url, 'postgres', 'stratum_owned'), { max: 1 });
        const owners = await inOwned.query<{ owner: string }>(
          `SELECT DISTINCT tableowner AS owner FROM pg_tables WHERE schemaname = 'public'`,
        );
        await inOwned.close();
        expect(owners.map((o) => o.owner)).toEqual(['stratum_owner']);
      } finally {
        await server.stop();
      }
    });

    it('names the grant when the role exists but the owner is not a member of it', async () => {
      await superuser.query(`CREATE ROLE second_owner LOGIN`);
      await superuser.query(`CREATE DATABASE second_owned OWNER second_owner`);
      await superuser.query(
        `DO $$ BEGIN IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'stratum_app') THEN CREATE ROLE stratum_app NOLOGIN; END IF; END $$`,
      );
      const db = connectPostgres(asRole(cluster.url, 'second_owner', 'second_owned'), { max: 1 });
      try {
        const error = await ensureRequestRole(db).then(
          () => undefined,
          (e: unknown) => e,
        );
        expect(error).toBeInstanceOf(RequestRoleError);
        expect((error as Error).message).toContain('"second_owner" is not a member of "stratum_app"');
        expect((error as Error).message).toContain('GRANT stratum_app TO "second_owner";');
        await superuser.query(`GRANT stratum_app TO second_owner`);
        await expect(ensureRequestRole(db)).resolves.toBeUndefined();
      } finally {
        await db.close();
      }
    });
  },
);
