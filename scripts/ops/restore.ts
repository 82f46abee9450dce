/**
 * npm run restore -- FOLDER      restores a backup (npm run backup) into an empty DATA_DIR and, for a PostgreSQL
 *                                backup, into the empty database DATABASE_URL names; it refuses a target that holds
 *                                anything. Start the server on it afterwards: it migrates the data to its own version.
 */
import { mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { RequestRoleError } from '../../engine/migrator/request-role.ts';
import { configFromEnv } from '../../server/config.ts';
import {
  BackupRefusal,
  checkFiles,
  copyFilesIn,
  dataDirFiles,
  isEmptyFolder,
  PGLITE_DIR,
  readManifest,
} from './backup-folder.ts';
import { loadPglite } from './pglite-backup.ts';
import { restorePostgres } from './postgres-backup.ts';

const config = configFromEnv();
try {
  if (!process.argv[2]) throw new BackupRefusal('Name the backup folder to restore: npm run restore -- FOLDER');
  const folder = resolve(process.argv[2]);
  const manifest = readManifest(folder);
  if (manifest.database === 'postgres' && !config.databaseUrl)
    throw new BackupRefusal(
      `${folder} is a backup of a PostgreSQL database: set DATABASE_URL to the new, empty database to restore it into.`,
    );
  if (manifest.database === 'pglite' && config.databaseUrl)
    throw new BackupRefusal(
      `${folder} is a backup of the embedded database: unset DATABASE_URL and set DATA_DIR to a new, empty folder to restore it into.`,
    );
  // the folder may hold what a server leaves without data (nothing), but no file of another installation
  if (!isEmptyFolder(config.dataDir) && (manifest.database === 'pglite' || dataDirFiles(config.dataDir).length))
    throw new BackupRefusal(
      `DATA_DIR ${config.dataDir} is not empty. Restore into a new, empty folder, so that nothing of another installation is mixed in or overwritten.`,
    );
  checkFiles(folder, manifest);
  mkdirSync(config.dataDir, { recursive: true });
  if (manifest.database === 'pglite')
    await loadPglite(folder, manifest.databaseFile, config.dataDir).catch((e: unknown) => {
      // a half-made database would make the folder look restored
      rmSync(join(config.dataDir, PGLITE_DIR), { recursive: true, force: true });
      throw e;
    });
  else await restorePostgres(folder, manifest.databaseFile, config.databaseUrl!);
  copyFilesIn(folder, manifest, config.dataDir);
  console.log(
    `Restored the backup of ${manifest.createdAt} (Stratum ${manifest.version}, ${manifest.database === 'pglite' ? 'embedded database' : 'PostgreSQL'}, ${manifest.files.length} file(s)) into ${config.databaseUrl ? 'the database DATABASE_URL names and ' : ''}${config.dataDir}`,
  );
} catch (e) {
  if (e instanceof BackupRefusal || e instanceof RequestRoleError) console.error(e.message);
  else console.error(e);
  process.exit(1);
}
