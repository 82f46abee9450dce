import type { Db } from '../db/db.ts';
import { isDbError } from '../db/db.ts';
import { APP_ROLE } from '../db/tenant-scope.ts';

/** A role name as SQL writes it: quoted, so that any name the owner has is taken as it is. */
const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * The one-time SQL a superuser runs so that a database owner without the right to create roles can run Stratum: the
 * request role (roles are the cluster's, not the database's, so only a superuser or a CREATEROLE role may make it) and
 * the owner's membership, which lets every call switch to it. The grants on the tables the owner gives itself, on
 * every migration (planner.ts), since the owner owns them. Safe to run again.
 */
export function requestRoleSql(owner: string): string {
  return [
    `-- Stratum's request role: every call's queries run under it, so that row-level security applies.`,
    `DO $$ BEGIN IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '${APP_ROLE}') THEN CREATE ROLE ${APP_ROLE} NOLOGIN; END IF; END $$;`,
    `-- The database owner Stratum connects as may switch to it.`,
    `GRANT ${APP_ROLE} TO ${quoted(owner)};`,
  ].join('\n');
}

/** The owner Stratum connects as cannot make or join the request role: a superuser has to, once. */
export class RequestRoleError extends Error {
  constructor(
    readonly owner: string,
    reason: 'missing' | 'not_member',
  ) {
    const what =
      reason === 'missing'
        ? `the database role "${APP_ROLE}" does not exist, and "${owner}" is not allowed to create roles`
        : `the database role "${owner}" is not a member of "${APP_ROLE}" and may not make itself one`;
    super(
      `Stratum cannot start: ${what}.\n` +
        `"${APP_ROLE}" is the role every call's queries run under, so that row-level security keeps each company's rows to itself.\n` +
        `Have a superuser run this once (npm run db:roles prints it), e.g. with psql, then start Stratum again:\n\n` +
        requestRoleSql(owner) +
        '\n',
    );
    this.name = 'RequestRoleError';
  }
}

/** 42501: insufficient_privilege, what PostgreSQL answers a CREATE ROLE or GRANT the connecting role may not make. */
const refused = (e: unknown) => isDbError(e) && e.code === '42501';

/**
 * Phase 1 of a migration: the request role exists and the connecting role may switch to it. A superuser (and PGlite,
 * which runs as one) makes both itself; an owner that may not gets a RequestRoleError saying what to run.
 */
export async function ensureRequestRole(db: Db): Promise<void> {
  const [{ owner, exists }] = await db.query<{ owner: string; exists: boolean }>(
    `SELECT current_user AS owner, EXISTS (SELECT FROM pg_roles WHERE rolname = $1) AS exists`,
    [APP_ROLE],
  );
  if (!exists) {
    try {
      await db.query(
        `DO $$ BEGIN IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '${APP_ROLE}') THEN CREATE ROLE ${APP_ROLE} NOLOGIN; END IF; END $$`,
      );
    } catch (e) {
      if (refused(e)) throw new RequestRoleError(owner, 'missing');
      // Two databases of one cluster booting at once may race to create the role; the loser finds it made.
      if (!/already exists|duplicate key/.test((e as Error).message)) throw e;
    }
  }
  const member = async () =>
    (await db.query<{ member: boolean }>(`SELECT pg_has_role(current_user, $1, 'MEMBER') AS member`, [APP_ROLE]))[0]
      .member;
  if (await member()) return;
  await db.query(`GRANT ${APP_ROLE} TO CURRENT_USER`).catch((e: unknown) => {
    if (!refused(e)) throw e;
  });
  if (!(await member())) throw new RequestRoleError(owner, 'not_member');
}
