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

const ts = (name: string, notNull = true) => ({
  name,
  type: 'timestamptz' as const,
  notNull,
  default: notNull ? 'now()' : undefined,
});

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
      // the language the person chose to read Stratum in (the renderer's switch); mail and documents follow it
      { name: 'language', type: 'text', notNull: false },
    ],
    primaryKey: ['id'],
    checks: [
      { name: constraintName('ck', 'account', ['role']), column: 'role', values: ['holder', 'employee'] },
      { name: constraintName('ck', 'account', ['language']), column: 'language', values: ['en', 'bn', 'de'] },
    ],
    // an employee's sign-in goes with the employee
    foreignKeys: [
      {
        name: 'fk_account__employee',
        columns: ['company_id', 'employee_id'],
        refTable: 'employee',
        refColumns: ['company_id', 'id'],
        onDelete: 'CASCADE',
      },
    ],
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
    foreignKeys: [
      {
        name: 'fk_session__account_id',
        columns: ['account_id'],
        refTable: 'account',
        refColumns: ['id'],
        onDelete: 'CASCADE',
      },
    ],
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
    foreignKeys: [
      {
        name: 'fk_password_reset__account_id',
        columns: ['account_id'],
        refTable: 'account',
        refColumns: ['id'],
        onDelete: 'CASCADE',
      },
    ],
    indexes: [{ name: 'ix_password_reset__account_id', columns: ['account_id'] }],
  },
  {
    // a respondent's pass into one public flow for one invitation record; looked up by its hash before
    // the company is known, so it lives outside row-level security like sessions do
    name: 'public_pass',
    companyScoped: false,
    columns: [
      { name: 'token_hash', type: 'text', notNull: true },
      { name: 'company_id', type: 'bigint', notNull: true },
      { name: 'entity', type: 'text', notNull: true },
      { name: 'record_id', type: 'bigint', notNull: true },
      { name: 'email', type: 'text', notNull: true },
      ts('created_at'),
      ts('expires_at'),
      ts('revoked_at', false),
      ts('submitted_at', false),
    ],
    primaryKey: ['token_hash'],
    checks: [],
    foreignKeys: [
      {
        name: 'fk_public_pass__company_id',
        columns: ['company_id'],
        refTable: 'company',
        refColumns: ['id'],
        onDelete: 'CASCADE',
      },
    ],
    indexes: [{ name: 'ix_public_pass__record', columns: ['company_id', 'entity', 'record_id'] }],
  },
  {
    // an API token's hash, looked up before the company is known (api_token itself is a company table that row-level
    // security hides from such a call), like sessions and passes; the token's record keeps its name, scope and state
    name: 'api_token_key',
    companyScoped: false,
    columns: [
      { name: 'token_hash', type: 'text', notNull: true },
      { name: 'company_id', type: 'bigint', notNull: true },
      { name: 'token_id', type: 'bigint', notNull: true },
    ],
    primaryKey: ['token_hash'],
    checks: [],
    foreignKeys: [
      {
        name: 'fk_api_token_key__api_token',
        columns: ['company_id', 'token_id'],
        refTable: 'api_token',
        refColumns: ['company_id', 'id'],
        onDelete: 'CASCADE',
      },
    ],
    indexes: [{ name: 'ix_api_token_key__company_id__token_id', columns: ['company_id', 'token_id'] }],
  },
  {
    // the holder's API tokens (platform-api-token), by hash
    name: 'platform_api_token_key',
    companyScoped: false,
    columns: [
      { name: 'token_hash', type: 'text', notNull: true },
      { name: 'token_id', type: 'bigint', notNull: true },
    ],
    primaryKey: ['token_hash'],
    checks: [],
    foreignKeys: [
      {
        name: 'fk_platform_api_token_key__platform_api_token',
        columns: ['token_id'],
        refTable: 'platform_api_token',
        refColumns: ['id'],
        onDelete: 'CASCADE',
      },
    ],
    indexes: [{ name: 'ix_platform_api_token_key__token_id', columns: ['token_id'] }],
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
    // reminders already sent: one per record, reminder and date value, so a moved date reminds again
    name: 'reminder_sent',
    companyScoped: true,
    columns: [
      { name: 'company_id', type: 'bigint', notNull: true },
      { name: 'id', type: 'bigint', notNull: true, identity: true },
      { name: 'entity', type: 'text', notNull: true },
      { name: 'reminder', type: 'text', notNull: true },
      { name: 'record_id', type: 'bigint', notNull: true },
      { name: 'date_value', type: 'date', notNull: true },
      { name: 'recipients', type: 'integer', notNull: true },
      ts('sent_at'),
    ],
    primaryKey: ['company_id', 'id'],
    checks: [],
    foreignKeys: [],
    indexes: [
      {
        name: 'uq_reminder_sent__record',
        columns: ['company_id', 'entity', 'reminder', 'record_id', 'date_value'],
        unique: true,
      },
    ],
  },
  {
    name: 'mail_outbox',
    companyScoped: false,
    columns: [
      { name: 'id', type: 'bigint', notNull: true, identity: true },
      { name: 'recipient', type: 'text', notNull: true },
      { name: 'subject', type: 'text', notNull: true },
      { name: 'body', type: 'text', notNull: true },
      // the HTML part, from the same template as the text part (body); none in mail queued before there was one
      { name: 'html', type: 'text', notNull: false },
      { name: 'language', type: 'text', notNull: false },
      ts('created_at'),
      ts('sent_at', false),
      { name: 'attempts', type: 'integer', notNull: true, default: '0' },
      { name: 'last_error', type: 'text', notNull: false },
      // a failed delivery is tried again from then on (backoff); a worker that takes a message holds it until claimed_until
      ts('next_attempt_at'),
      ts('claimed_until', false),
    ],
    primaryKey: ['id'],
    checks: [],
    foreignKeys: [],
    indexes: [{ name: 'ix_mail_outbox__sent_at__next_attempt_at', columns: ['sent_at', 'next_attempt_at'] }],
  },
  fileTable('stored_file', true),
  fileTable('platform_file', false),
  {
    // e-mail domain -> a company's directory, so that the sign-in page can offer it before anyone is signed in
    // (sso_provider itself is a company table that row-level security hides from such a call)
    name: 'sso_domain',
    companyScoped: false,
    columns: [
      { name: 'domain', type: 'text', notNull: true },
      { name: 'company_id', type: 'bigint', notNull: true },
      { name: 'provider_id', type: 'bigint', notNull: true },
      { name: 'provider_name', type: 'text', notNull: true },
      // the provider's "passwords still allowed", so that the sign-in page can leave the password out
      { name: 'password_sign_in', type: 'boolean', notNull: true, default: 'true' },
    ],
    primaryKey: ['domain', 'company_id', 'provider_id'],
    checks: [],
    foreignKeys: [
      {
        name: 'fk_sso_domain__sso_provider',
        columns: ['company_id', 'provider_id'],
        refTable: 'sso_provider',
        refColumns: ['company_id', 'id'],
        onDelete: 'CASCADE',
      },
    ],
    indexes: [{ name: 'ix_sso_domain__company_id__provider_id', columns: ['company_id', 'provider_id'] }],
  },
  {
    // one directory sign-in under way: state, nonce and PKCE verifier kept here, single-use and short-lived
    name: 'sso_flow',
    companyScoped: false,
    columns: [
      { name: 'state', type: 'text', notNull: true },
      { name: 'browser_hash', type: 'text', notNull: true },
      { name: 'provider_key', type: 'text', notNull: true },
      { name: 'company_id', type: 'bigint', notNull: false },
      { name: 'purpose', type: 'text', notNull: true },
      { name: 'nonce', type: 'text', notNull: true },
      { name: 'code_verifier', type: 'text', notNull: true },
      { name: 'redirect_uri', type: 'text', notNull: true },
      ts('created_at'),
      ts('expires_at'),
      ts('used_at', false),
    ],
    primaryKey: ['state'],
    checks: [{ name: constraintName('ck', 'sso_flow', ['purpose']), column: 'purpose', values: ['signIn', 'signUp'] }],
    foreignKeys: [],
    indexes: [],
  },
  {
    // the outcome of a callback, handed to the renderer by a one-time code in the address fragment
    name: 'sso_handoff',
    companyScoped: false,
    columns: [
      { name: 'code_hash', type: 'text', notNull: true },
      { name: 'account_id', type: 'bigint', notNull: false },
      { name: 'error_code', type: 'text', notNull: false },
      { name: 'error_message', type: 'text', notNull: false },
      { name: 'error_text', type: 'jsonb', notNull: false },
      ts('created_at'),
      ts('expires_at'),
      ts('used_at', false),
    ],
    primaryKey: ['code_hash'],
    checks: [],
    foreignKeys: [
      {
        name: 'fk_sso_handoff__account_id',
        columns: ['account_id'],
        refTable: 'account',
        refColumns: ['id'],
        onDelete: 'CASCADE',
      },
    ],
    indexes: [],
  },
  {
    // a directory identity (issuer + subject) linked to an account at its first directory sign-in
    name: 'account_identity',
    companyScoped: false,
    columns: [
      { name: 'account_id', type: 'bigint', notNull: true },
      { name: 'issuer', type: 'text', notNull: true },
      { name: 'subject', type: 'text', notNull: true },
      ts('linked_at'),
    ],
    primaryKey: ['issuer', 'subject'],
    checks: [],
    foreignKeys: [
      {
        name: 'fk_account_identity__account_id',
        columns: ['account_id'],
        refTable: 'account',
        refColumns: ['id'],
        onDelete: 'CASCADE',
      },
    ],
    indexes: [{ name: 'uq_account_identity__account_id__issuer', columns: ['account_id', 'issuer'], unique: true }],
  },
];
