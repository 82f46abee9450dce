/**
 * The tables a hook may write with its own SQL, and why: the engine's own tables that follow records (lookup keys,
 * indexes, sign-in identities, file bytes). None is an entity's table, and none needs an audit entry of its own, since
 * the record it follows is written through the record store, audited, in the same transaction. Every other row a hook
 * adds, changes or deletes goes through the record store (`record-store.ts`, and `bulk-writes.ts` for many rows);
 * tests/unit/hook-writes-scan.test.ts reads the hooks' SQL and holds them to this list.
 */
export const ENGINE_OWNED_TABLES: Readonly<Record<string, string>> = {
  account:
    'the sign-in identity of an employee with an e-mail (not an entity, no API): kept in step with the employee record, whose add and update are audited (organisation/employee-account.ts)',
  api_token_key:
    'the SHA-256 of an API token, looked up before the company is known (outside row-level security): written once with the audited api-token record it belongs to',
  platform_api_token_key:
    'the same lookup key for the holder’s platform API tokens, written with the audited platform-api-token record',
  sso_domain:
    'the index from e-mail domain to directory that sign-in reads before the company is known: rebuilt from the audited sso-provider record on each of its writes',
  stored_file:
    'the bytes of an uploaded file: the record that names the file is audited with its id; a file the record no longer names is dropped with that audited write',
};
