import { constraintName, type TableSpec } from './table-spec.ts';

/** Stored files: a company's (row-level security) or the platform's (user manuals). */
function fileTable(name: string, companyScoped: boolean): TableSpec {
  return {
    name,
    companyScoped,
    columns: [
      ...(companyScoped ? [{ name: 'company_id', type: 'bigint' as const, notNull: true }] : []),
      { name: 'id', type: 'bigint', notNull: true, identity: true },
      { name: 'name', type: 'text', notNull: true },
      { name: 'mime_type', type: 'text', notNull: true },
      { name: 'size', type: 'bigint', notNull: true },
      { name: 'sha256', type: 'text', notNull: true },
      { name: 'content', type: 'bytea', notNull: true },
      ts('created_at'),
      { name: 'created_by', type: 'bigint', notNull: false },
    ],
    primaryKey: companyScoped ? ['company_id', 'id'] : ['id'],
    checks: [],
    foreignKeys: [],
    indexes: [],
  };
}

const ts = (name: string, notNull = true) => ({ name, type: 'timestamptz' as const, notNull, default: notNull ? 'now()' : undefined });

/**
 * The engine's own tables: sign-in identities and sessions, reset keys, sign-in throttling, the mail outbox, stored files,
 * and the migrator's records. They are not entities: no API reaches them directly.
 */
export const SYSTEM_TABLES: TableSpec[] = [
  {
    name: 'stratum_migration',
    companyScoped: false,
    columns: [
      { name: 'id', type: 'bigint', notNull: true, identity: true },
      ts('applied_at'),
      { name: 'registry_hash', type: 'text', notNull: true },
      { name: 'actions', type: 'jsonb', notNull: true },
    ],
    primaryKey: ['id'],
    checks: [],
    foreignKeys: [],
    indexes: [],
  },
  {
    name: 'stratum_patch',
    companyScoped: false,
    columns: [{ name: 'name', type: 'text', notNull: true }, ts('applied_at')],
    primaryKey: ['name'],
    checks: [],
    foreignKeys: [],
    indexes: [],
  },
  {
    name: 'account',
    companyScoped: false,
    columns: [
      { name: 'id', type: 'bigint', notNull: true, identity: true },
      { name: 'email', type: 'text', notNull: true },
      { name: 'password_hash', type: 'text', notNull: false },
      { name: 'role', type: 'text', notNull: true },
      { name: 'company_id', type: 'bigint', notNull: false },
      { name: 'employee_id', type: 'bigint', notNull: false },
      { name: 'first_name', type: 'text', notNull: false },
      { name: 'last_name', type: 'text', notNull: false },
      ts('created_at'),
    ],
    primaryKey: ['id'],
    checks: [{ name: constraintName('ck', 'account', ['role']), column: 'role', values: ['holder', 'employee'] }],
    // an employee's sign-in goes with the employee
    foreignKeys: [{ name: 'fk_account__employee', columns: ['company_id', 'employee_id'], refTable: 'employee', refColumns: ['company_id', 'id'], onDelete: 'CASCADE' }],
    indexes: [
      { name: 'uq_account__email', columns: ['lower(email)'], unique: true },
      { name: 'uq_account__company_id__employee_id', columns: ['company_id', 'employee_id'], unique: true },
    ],
  },
  {
    name: 'session',
    companyScoped: false,
    columns: [
      { name: 'token_hash', type: 'text', notNull: true },
      { name: 'account_id', type: 'bigint', notNull: true },
      ts('created_at'),
      ts('expires_at'),
      ts('revoked_at', false),
    ],
    primaryKey: ['token_hash'],
    checks: [],
    foreignKeys: [{ name: 'fk_session__account_id', columns: ['account_id'], refTable: 'account', refColumns: ['id'], onDelete: 'CASCADE' }],
    indexes: [{ name: 'ix_session__account_id', columns: ['account_id'] }],
  },
  {
    name: 'password_reset',
    companyScoped: false,
    columns: [
      { name: 'key_hash', type: 'text', notNull: true },
      { name: 'account_id', type: 'bigint', notNull: true },
      ts('created_at'),
      ts('expires_at'),
      ts('used_at', false),
    ],
    primaryKey: ['key_hash'],
    checks: [],
    foreignKeys: [{ name: 'fk_password_reset__account_id', columns: ['account_id'], refTable: 'account', refColumns: ['id'], onDelete: 'CASCADE' }],
    indexes: [{ name: 'ix_password_reset__account_id', columns: ['account_id'] }],
  },
  {
    name: 'login_throttle',
    companyScoped: false,
    columns: [
      { name: 'email', type: 'text', notNull: true },
      { name: 'failures', type: 'integer', notNull: true, default: '0' },
      ts('last_failure_at'),
      ts('locked_until', false),
    ],
    primaryKey: ['email'],
    checks: [],
    foreignKeys: [],
    indexes: [],
  },
  {
    name: 'mail_outbox',
    companyScoped: false,
    columns: [
      { name: 'id', type: 'bigint', notNull: true, identity: true },
      { name: 'recipient', type: 'text', notNull: true },
      { name: 'subject', type: 'text', notNull: true },
      { name: 'body', type: 'text', notNull: true },
      ts('created_at'),
      ts('sent_at', false),
      { name: 'attempts', type: 'integer', notNull: true, default: '0' },
      { name: 'last_error', type: 'text', notNull: false },
    ],
    primaryKey: ['id'],
    checks: [],
    foreignKeys: [],
    indexes: [],
  },
  fileTable('stored_file', true),
  fileTable('platform_file', false),
];
