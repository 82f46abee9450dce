import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { claimDataDir, serverOnDataDir } from '../../server/data-dir-lock.ts';
import { BackupRefusal, PGLITE_DIR } from './backup-folder.ts';

export const PGLITE_FILE = 'pglite.tar.gz';

/** The embedded database is one process's: a server running on the folder has to stop first. */
function refuseWhileServing(dataDir: string, what: string): void {
  const pid = serverOnDataDir(dataDir);
  if (pid !== null)
    throw new BackupRefusal(
      `A Stratum server (process ${pid}) is running on ${dataDir}. The embedded database may be opened by one process at a time: stop the server, ${what}, then start it again.`,
    );
}

/**
 * PGlite's own dump of its data folder (dumpDataDir: a gzipped tarball of the whole cluster, every company's rows
 * whatever row-level security says, since it copies files, not rows), taken with the database open and quiet.
 */
export async function dumpPglite(dataDir: string, backupDir: string): Promise<string> {
  refuseWhileServing(dataDir, 'make the backup');
  const release = claimDataDir(dataDir);
  try {
    const pg = await PGlite.create(join(dataDir, PGLITE_DIR));
    try {
      const tarball = await pg.dumpDataDir('gzip');
      writeFileSync(join(backupDir, PGLITE_FILE), Buffer.from(await tarball.arrayBuffer()));
    } finally {
      await pg.close();
    }
  } finally {
    release();
  }
  return PGLITE_FILE;
}

/** Makes DATA_DIR/pglite from the backup's tarball (loadDataDir), and checks that it opens and answers. */
export async function loadPglite(backupDir: string, databaseFile: string, dataDir: string): Promise<void> {
  refuseWhileServing(dataDir, 'restore');
  const release = claimDataDir(dataDir);
  try {
    const tarball = new Blob([readFileSync(join(backupDir, databaseFile))]);
    const pg = await PGlite.create(join(dataDir, PGLITE_DIR), { loadDataDir: tarball });
    try {
      await pg.query(`SELECT count(*) FROM stratum_migration`);
    } finally {
      await pg.close();
    }
  } finally {
    release();
  }
}
