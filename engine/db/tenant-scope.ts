import type { Db } from './db.ts';

/** The non-owner role every request runs under, so that row-level security applies even to the table owner's connection. */
export const APP_ROLE = 'stratum_app';

export interface Scope {
  companyId: number | null;
  holder: boolean;
}

/**
 * Runs fn in one transaction as APP_ROLE with the tenant setting; company tables' policies read
 * app.company_id, so a transaction without it sees no company rows.
 */
export function inScope<T>(db: Db, scope: Scope, fn: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await setScope(tx, scope);
    return fn(tx);
  });
}

export async function setScope(tx: Db, scope: Scope): Promise<void> {
  await tx.query(
    `select set_config('role', $1, true), set_config('app.company_id', $2, true), set_config('app.holder', $3, true)`,
    [APP_ROLE, scope.companyId === null ? '' : String(scope.companyId), scope.holder ? 'on' : 'off'],
    { setting: true },
  );
}
