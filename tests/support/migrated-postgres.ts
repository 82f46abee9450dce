import { randomBytes } from 'node:crypto';
import type { Db } from '../../engine/db/db.ts';
import { connectPostgres } from '../../engine/db/postgres-adapter.ts';
import { oncePerRun } from './once-per-run.ts';
import { startOnDb } from './test-stratum.ts';

/**
 * Migrating an empty PostgreSQL database to the metadata (some 800 changes) is most of a test file's start. The run
 * migrates one database once, by booting Stratum on it as a test does (the default metadata, the test holder), and
 * each file that boots with those defaults gets a copy of it (CREATE DATABASE … TEMPLATE): a database of its own,
 * whose boot then finds the schema, the modules and the holder in place, as a restart does.
 */
const TEMPLATE = 't_migrated';

const withAdmin = async <T>(clusterUrl: string, fn: (admin: Db) => Promise<T>): Promise<T> => {
  const admin = connectPostgres(clusterUrl, { max: 1 });
  try {
    return await fn(admin);
  } finally {
    await admin.close();
  }
};

/** A new database with the default metadata's schema (or, outside a run, an empty one), named `name`. */
export async function migratedPostgres(clusterUrl: string, name: string): Promise<Db> {
  const prepared = await oncePerRun('stratum-migrated-postgres', async () => {
    // made under another name and renamed when done: no file copies a half-migrated database
    const building = `${TEMPLATE}_building`;
    await withAdmin(clusterUrl, (admin) => admin.query(`CREATE DATABASE ${building}`));
    const t = await startOnDb(connectPostgres(clusterUrl.replace(/\/postgres$/, `/${building}`), { max: 5 }));
    await t.close();
    await withAdmin(clusterUrl, (admin) => admin.query(`ALTER DATABASE ${building} RENAME TO ${TEMPLATE}`));
  });
  await withAdmin(clusterUrl, async (admin) => {
    if (!prepared) return admin.query(`CREATE DATABASE ${name}`);
    // two copies at the same moment: PostgreSQL refuses one while the other reads the template (55006); it is retried
    for (let attempt = 0; ; attempt++)
      try {
        return await admin.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE}`);
      } catch (e) {
        if ((e as { code?: string }).code !== '55006' || attempt > 50) throw e;
        await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
      }
  });
  return connectPostgres(clusterUrl.replace(/\/postgres$/, `/${name}`), { max: 5 });
}

/** A database name no other file of the run takes. */
export const freshDatabaseName = () => `t_${randomBytes(6).toString('hex')}`;
