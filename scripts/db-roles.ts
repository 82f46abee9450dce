/**
 * npm run db:roles                    prints the one-time SQL for the owner named in DATABASE_URL
 * npm run db:roles -- --owner NAME    … for another owner
 * A superuser runs it once (psql -f, or paste it), so that Stratum can connect as a database owner that may not
 * create roles, and so that npm run backup has a role that reads every company's rows. It changes nothing itself.
 */
import { backupRoleSql } from '../engine/migrator/backup-role.ts';
import { requestRoleSql } from '../engine/migrator/request-role.ts';

function ownerFromArgs(argv: string[], databaseUrl: string | undefined): string | undefined {
  const at = argv.indexOf('--owner');
  if (at >= 0) return argv[at + 1];
  if (!databaseUrl) return undefined;
  const user = new URL(databaseUrl).username;
  return user ? decodeURIComponent(user) : undefined;
}

const owner = ownerFromArgs(process.argv.slice(2), process.env.DATABASE_URL);
if (!owner) {
  console.error(
    'Name the role Stratum connects as: set DATABASE_URL (postgres://OWNER@host/db) or run npm run db:roles -- --owner OWNER',
  );
  process.exit(1);
}
console.log(requestRoleSql(owner));
console.log(backupRoleSql());
