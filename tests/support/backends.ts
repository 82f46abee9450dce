import { inject } from 'vitest';
import type { Db } from '../../engine/db/db.ts';
import { openPglite } from '../../engine/db/pglite-adapter.ts';
import { connectPostgres } from '../../engine/db/postgres-adapter.ts';
import { freshDatabaseName, migratedPostgres } from './migrated-postgres.ts';

export interface Backend {
  name: 'pglite' | 'postgres';
  /** A new, empty database. */
  open(): Promise<Db>;
  /**
   * A new database a boot with the default metadata and the test holder will find migrated, where the backend can copy
   * one (tests/support/migrated-postgres.ts); else a new, empty one, which the boot migrates.
   */
  openMigrated(): Promise<Db>;
}

// PGlite opens in memory: a migrated copy would be a folder on disk, whose every statement is slower than memory's
const pglite: Backend = { name: 'pglite', open: () => openPglite(), openMigrated: () => openPglite() };

const postgres = (clusterUrl: string): Backend => ({
  name: 'postgres',
  async open() {
    const admin = connectPostgres(clusterUrl, { max: 1 });
    const name = freshDatabaseName();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.close();
    return connectPostgres(clusterUrl.replace(/\/postgres$/, `/${name}`), { max: 5 });
  },
  openMigrated: () => migratedPostgres(clusterUrl, freshDatabaseName()),
});

/** Every suite runs against both: the embedded PGlite and a real PostgreSQL 15 (skipped loudly when absent, never under CI). */
export function backends(): Backend[] {
  const url = inject('pgUrl');
  return url ? [pglite, postgres(url)] : [pglite];
}
