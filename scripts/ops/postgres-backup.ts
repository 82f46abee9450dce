import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { connectPostgres } from '../../engine/db/postgres-adapter.ts';
import { BACKUP_ROLE } from '../../engine/migrator/backup-role.ts';
import { ensureRequestRole } from '../../engine/migrator/request-role.ts';
import { BackupRefusal } from './backup-folder.ts';

export const POSTGRES_FILE = 'postgres.dump';

/** PG_BIN: the folder of the PostgreSQL client programs, when they are not on PATH. */
const program = (name: string) => (process.env.PG_BIN ? join(process.env.PG_BIN, name) : name);

/**
 * The address without its password, which goes to the program in PGPASSWORD instead: a password in the arguments
 * would show in every process list on the machine.
 */
function connection(url: string): { url: string; env: NodeJS.ProcessEnv; role: string } {
  const u = new URL(url);
  const password = decodeURIComponent(u.password);
  u.password = '';
  return {
    url: u.toString(),
    env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
    role: decodeURIComponent(u.username) || '(the default role)',
  };
}

function run(name: string, args: string[], env: NodeJS.ProcessEnv): string {
  const r = spawnSync(program(name), args, { env, encoding: 'utf8' });
  if (r.error && (r.error as NodeJS.ErrnoException).code === 'ENOENT')
    throw new BackupRefusal(
      `${name} is not installed. Install the PostgreSQL client programs (on Debian or Ubuntu: apt install postgresql-client), of the server's major version or newer, or set PG_BIN to their folder.`,
    );
  if (r.status !== 0) return r.stderr || `${name} stopped with exit code ${r.status}`;
  return '';
}

/**
 * pg_dump of the whole database in its custom format: one snapshot, so the rows of every table are of one moment
 * even while servers keep writing. Row-level security would hide every company's rows from a role it applies to, so
 * pg_dump is told to stop rather than leave them out (its default), and the refusal says which role to use.
 */
export function dumpPostgres(databaseUrl: string, backupDir: string): string {
  const c = connection(databaseUrl);
  const failed = run(
    'pg_dump',
    ['--format=custom', '--file', join(backupDir, POSTGRES_FILE), '--dbname', c.url],
    c.env,
  );
  if (/row-level security/.test(failed))
    throw new BackupRefusal(
      `The role "${c.role}" is bound by row-level security, so a dump as it would leave every company's rows out; nothing was written.\n` +
        `Back up as the role "${BACKUP_ROLE}", which may read past it: a superuser makes it once with the SQL that npm run db:roles prints, ` +
        `gives it a password, and you set BACKUP_DATABASE_URL=postgres://${BACKUP_ROLE}:PASSWORD@HOST/DATABASE (or connect as a superuser).`,
    );
  if (failed) throw new BackupRefusal(`pg_dump failed; nothing usable was written:\n${failed.trim()}`);
  return POSTGRES_FILE;
}

/**
 * pg_restore into an empty database, in one transaction (all or nothing), owned by the role DATABASE_URL names
 * (--no-owner: the new installation's owner may have another name). The request role must exist first, since the
 * dump grants it the tables; a superuser restoring makes it, an owner that may not gets the SQL to have run.
 */
export async function restorePostgres(backupDir: string, databaseFile: string, databaseUrl: string): Promise<void> {
  const db = connectPostgres(databaseUrl, { max: 1 });
  try {
    const [{ relations }] = await db.query<{ relations: number }>(
      `SELECT count(*)::int AS relations FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public'`,
    );
    if (relations > 0)
      throw new BackupRefusal(
        `The database DATABASE_URL names is not empty (its public schema holds ${relations} tables, sequences or indexes). Restore into a new, empty database, so that nothing of another installation is mixed in or overwritten.`,
      );
    await ensureRequestRole(db);
  } finally {
    await db.close();
  }
  const c = connection(databaseUrl);
  const failed = run(
    'pg_restore',
    ['--no-owner', '--exit-on-error', '--single-transaction', '--dbname', c.url, join(backupDir, databaseFile)],
    c.env,
  );
  if (failed)
    throw new BackupRefusal(`pg_restore failed and restored nothing (it ran in one transaction):\n${failed.trim()}`);
}
