/**
 * npm run backup [-- FOLDER]     writes a backup of the whole installation into FOLDER (default
 *                                backups/stratum-YYYYMMDD-HHMMSS), which must not exist yet or be empty.
 *
 * The database DATABASE_URL names (pg_dump; as BACKUP_DATABASE_URL's role when set, since the owner is bound by
 * row-level security), or else the embedded PGlite under DATA_DIR (PGlite's dumpDataDir; the server must be
 * stopped), and the files under DATA_DIR. README "Operating Stratum" tells the whole story.
 */
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { RequestRoleError } from '../../engine/migrator/request-role.ts';
import { ROOT } from '../../server/boot.ts';
import { configFromEnv } from '../../server/config.ts';
import { BackupRefusal, copyFilesOut, isEmptyFolder, writeManifest, type BackupManifest } from './backup-folder.ts';
import { dumpPglite } from './pglite-backup.ts';
import { dumpPostgres } from './postgres-backup.ts';

const stamp = () => new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);

const config = configFromEnv();
const folder = resolve(process.argv[2] ?? join('backups', `stratum-${stamp()}`));
try {
  if (!isEmptyFolder(folder))
    throw new BackupRefusal(
      `${folder} is not empty: a backup is written into a new or empty folder, so that it never mixes with another.`,
    );
  mkdirSync(folder, { recursive: true });
  try {
    const database = config.databaseUrl ? 'postgres' : 'pglite';
    const databaseFile = config.databaseUrl
      ? dumpPostgres(process.env.BACKUP_DATABASE_URL || config.databaseUrl, folder)
      : await dumpPglite(config.dataDir, folder);
    const manifest: BackupManifest = {
      stratumBackup: 1,
      version: JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version,
      createdAt: new Date().toISOString(),
      database,
      databaseFile,
      files: copyFilesOut(config.dataDir, folder),
    };
    writeManifest(folder, manifest);
    console.log(
      `Backed up the ${database === 'pglite' ? `embedded database under ${config.dataDir}` : 'PostgreSQL database'} and ${manifest.files.length} file(s) of ${config.dataDir} into ${folder}`,
    );
  } catch (e) {
    // half a backup is worse than none: it would be taken for a whole one
    rmSync(folder, { recursive: true, force: true });
    throw e;
  }
} catch (e) {
  if (e instanceof BackupRefusal || e instanceof RequestRoleError) console.error(e.message);
  else console.error(e);
  process.exit(1);
}
