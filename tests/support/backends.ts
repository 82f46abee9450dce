import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import type { Db } from '../../engine/db/db.ts';
import { openPglite } from '../../engine/db/pglite-adapter.ts';
import { connectPostgres } from '../../engine/db/postgres-adapter.ts';

export interface Backend {
  name: 'pglite' | 'postgres';
  /** A new, empty database. */
  open(): Promise<Db>;
}

const pglite: Backend = { name: 'pglite', open: () => openPglite() };

const postgres = (clusterUrl: string): Backend => ({
  name: 'postgres',
  async open() {
    const admin = connectPostgres(clusterUrl, { max: 1 });
    const name = `t_${randomBytes(6).toString('hex')}`;
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.close();
    return connectPostgres(clusterUrl.replace(/\/postgres$/, `/${name}`), { max: 5 });
  },
});

/** Every suite runs against both: the embedded PGlite and a real PostgreSQL 15 (skipped loudly when absent, never under CI). */
export function backends(): Backend[] {
  const url = inject('pgUrl');
  return url ? [pglite, postgres(url)] : [pglite];
}
