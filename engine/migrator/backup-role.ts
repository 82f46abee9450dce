/** The role `npm run backup` connects as on PostgreSQL: it reads every company's rows past row-level security. */
export const BACKUP_ROLE = 'stratum_backup';

/**
 * The one-time SQL that makes the backup role. The request policies keep each company's rows to itself even for the
 * tables' owner (FORCE ROW LEVEL SECURITY), so a pg_dump as the owner either stops or, told to apply the policies,
 * silently writes no company rows. A role with BYPASSRLS that may read everything (pg_read_all_data, PostgreSQL 14
 * and later) and write nothing dumps the whole installation; only a superuser may give BYPASSRLS. Safe to run again.
 */
export function backupRoleSql(): string {
  return [
    `-- Stratum's backup role: npm run backup connects as it (BACKUP_DATABASE_URL) and reads every company's rows past row-level security; it may change nothing.`,
    `DO $$ BEGIN IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '${BACKUP_ROLE}') THEN CREATE ROLE ${BACKUP_ROLE} LOGIN BYPASSRLS; END IF; END $$;`,
    `GRANT pg_read_all_data TO ${BACKUP_ROLE};`,
    `-- Then give it a password of your own: ALTER ROLE ${BACKUP_ROLE} PASSWORD '…';`,
  ].join('\n');
}
