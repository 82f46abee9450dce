/** The database shape the migrator aims for, one table at a time; built from the Registry and from the engine's own tables. */
export type SqlType =
  | 'text'
  | 'bigint'
  | 'integer'
  | 'numeric'
  | 'boolean'
  | 'date'
  | 'timestamptz'
  | 'jsonb'
  | 'bytea';

export interface ColumnSpec {
  name: string;
  type: SqlType;
  notNull: boolean;
  /** SQL expression */
  default?: string;
  identity?: boolean;
  renamedFrom?: string;
}

export interface CheckSpec {
  name: string;
  column: string;
  values: readonly string[];
}

/** left >= right whenever both are given */
export interface ComparisonSpec {
  name: string;
  left: string;
  right: string;
}

export interface ForeignKeySpec {
  name: string;
  columns: readonly string[];
  refTable: string;
  refColumns: readonly string[];
  onDelete: 'RESTRICT' | 'CASCADE' | 'SET NULL';
  /** With SET NULL on a composite key only these columns become null (company_id stays). */
  setNullColumns?: readonly string[];
}

export interface IndexSpec {
  name: string;
  /** column names or SQL expressions */
  columns: readonly string[];
  unique?: boolean;
}

export interface TableSpec {
  name: string;
  /** company_id leads the key and row-level security applies */
  companyScoped: boolean;
  columns: ColumnSpec[];
  primaryKey: readonly string[];
  checks: CheckSpec[];
  comparisons?: ComparisonSpec[];
  foreignKeys: ForeignKeySpec[];
  indexes: IndexSpec[];
}

/** PostgreSQL identifiers stop at 63 bytes; longer constraint names are cut and keep a hash so they stay unique. */
export function constraintName(prefix: string, table: string, columns: readonly string[]): string {
  const name = `${prefix}_${table}__${columns.join('__')}`;
  if (name.length <= 63) return name;
  let h = 0;
  for (const c of name) h = (h * 31 + c.charCodeAt(0)) >>> 0;
  return name.slice(0, 54) + '_' + h.toString(36);
}

/** What information_schema calls each type, to compare with the live catalogue. */
export const CATALOG_TYPE: Record<SqlType, string> = {
  text: 'text',
  bigint: 'bigint',
  integer: 'integer',
  numeric: 'numeric',
  boolean: 'boolean',
  date: 'date',
  timestamptz: 'timestamp with time zone',
  jsonb: 'jsonb',
  bytea: 'bytea',
};
