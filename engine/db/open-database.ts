import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Db } from './db.ts';
import { connectPostgres } from './postgres-adapter.ts';
import { openPglite } from './pglite-adapter.ts';

/** DATABASE_URL set: that PostgreSQL; otherwise the embedded PGlite under DATA_DIR/pglite. */
export async function openDatabase(env: { databaseUrl?: string; dataDir: string }): Promise<Db> {
  if (env.databaseUrl) return connectPostgres(env.databaseUrl);
  const dir = join(env.dataDir, 'pglite');
  mkdirSync(dir, { recursive: true });
  return openPglite(dir);
}
