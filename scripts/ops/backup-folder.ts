import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { PID_FILE_NAME } from '../../server/data-dir-lock.ts';

/**
 * A backup is a folder: manifest.json (what it holds, with every file's size and SHA-256), the database (the
 * embedded PGlite's data folder as pglite.tar.gz, or PostgreSQL's pg_dump as postgres.dump) and files/, the files of
 * DATA_DIR beside the database (the secret key that seals stored secrets, the outbox of mail written to disk). A
 * folder can be copied, synced or archived by whatever tools the operator keeps backups with.
 */
export interface BackupManifest {
  stratumBackup: 1;
  /** the package version that wrote it */
  version: string;
  createdAt: string;
  database: 'pglite' | 'postgres';
  /** the database file in the folder */
  databaseFile: string;
  files: BackupFile[];
}

export interface BackupFile {
  /** relative to DATA_DIR, with / */
  path: string;
  size: number;
  sha256: string;
}

export const MANIFEST = 'manifest.json';
export const FILES = 'files';
/** DATA_DIR's folder of the embedded database: it goes into the backup as the database, not as files */
export const PGLITE_DIR = 'pglite';

/** A backup or restore that must not go on, with what to do instead: told as it is, without a stack trace. */
export class BackupRefusal extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupRefusal';
  }
}

export const sha256 = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

function walk(root: string, dir: string, skip: (rel: string) => boolean, out: string[]): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    const rel = relative(root, full).split(sep).join('/');
    if (skip(rel)) continue;
    if (entry.isDirectory()) walk(root, full, skip, out);
    else if (entry.isFile()) out.push(rel);
  }
  return out;
}

/** The files of DATA_DIR that belong in a backup: all but the embedded database and a running server's pid file. */
export function dataDirFiles(dataDir: string): string[] {
  if (!existsSync(dataDir)) return [];
  return walk(dataDir, dataDir, (rel) => rel === PGLITE_DIR || rel === PID_FILE_NAME, []).sort();
}

/** Copies DATA_DIR's files into the backup's files/ and describes each. */
export function copyFilesOut(dataDir: string, backupDir: string): BackupFile[] {
  return dataDirFiles(dataDir).map((path) => {
    const from = join(dataDir, path);
    const to = join(backupDir, FILES, path);
    mkdirSync(join(to, '..'), { recursive: true });
    cpSync(from, to, { preserveTimestamps: true });
    return { path, size: statSync(to).size, sha256: sha256(to) };
  });
}

/** Checks every file of the backup against its manifest, before anything is restored from it. */
export function checkFiles(backupDir: string, manifest: BackupManifest): void {
  for (const f of manifest.files) {
    const from = join(backupDir, FILES, f.path);
    if (!existsSync(from) || sha256(from) !== f.sha256)
      throw new BackupRefusal(
        `The backup is damaged: ${FILES}/${f.path} is missing or not the file it held when it was made. Nothing was restored from it.`,
      );
  }
}

/** Copies the backup's files into DATA_DIR (checkFiles first). */
export function copyFilesIn(backupDir: string, manifest: BackupManifest, dataDir: string): void {
  for (const f of manifest.files) {
    const to = join(dataDir, f.path);
    mkdirSync(join(to, '..'), { recursive: true });
    cpSync(join(backupDir, FILES, f.path), to, { preserveTimestamps: true });
  }
}

/** A folder that does not exist yet, or exists and is empty: the only kind a backup is written into or restored into. */
export function isEmptyFolder(dir: string): boolean {
  return !existsSync(dir) || (statSync(dir).isDirectory() && readdirSync(dir).length === 0);
}

export function writeManifest(backupDir: string, manifest: BackupManifest): void {
  writeFileSync(join(backupDir, MANIFEST), JSON.stringify(manifest, null, 2) + '\n');
}

export function readManifest(backupDir: string): BackupManifest {
  const file = join(backupDir, MANIFEST);
  if (!existsSync(file)) throw new BackupRefusal(`${backupDir} is not a Stratum backup: it has no ${MANIFEST}.`);
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as BackupManifest;
  if (manifest.stratumBackup !== 1)
    throw new BackupRefusal(`${backupDir} was written by a Stratum whose backup format this version does not know.`);
  return manifest;
}
