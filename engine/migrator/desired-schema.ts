import type { EntityDef, FieldDef, Registry } from '../metadata/registry.ts';
import { constraintName, type ColumnSpec, type SqlType, type TableSpec } from './table-spec.ts';
import { SYSTEM_TABLES } from './system-tables.ts';
import { CASE_FOLDED_UNIQUE, uniqueIgnoresCase } from './unique-case.ts';
import { quoteIdent } from '../metadata/naming.ts';

export function sqlTypeOf(f: Pick<FieldDef, 'type' | 'format'>): SqlType {
  switch (f.type) {
    case 'integer':
      return 'bigint';
    case 'number':
      return 'numeric';
    case 'boolean':
      return 'boolean';
    case 'object':
    case 'array':
      return 'jsonb';
    default:
      return f.format === 'date' ? 'date' : f.format === 'date-time' ? 'timestamptz' : 'text';
  }
}

const sqlLiteral = (v: unknown): string =>
  typeof v === 'number' || typeof v === 'boolean' ? String(v) : `'${String(v).replace(/'/g, "''")}'`;

/** The table of one entity: standard columns, one column per stored field, keys led by company_id, references as composite foreign keys. */
export function entityTable(entity: EntityDef, registry: Registry): TableSpec {
  const t = entity.table;
  const company = entity.scope === 'company';
  const stored = entity.fields.filter((f) => !f.computed);
  const columns: ColumnSpec[] = [
    ...(company ? [{ name: 'company_id', type: 'bigint' as const, notNull: true }] : []),
    { name: 'id', type: 'bigint', notNull: true, identity: true },
    ...stored.map((f) => ({
      name: f.column,
      type: sqlTypeOf(f),
      notNull: f.required,
      default: f.default !== undefined && f.type !== 'object' && f.type !== 'array' ? sqlLiteral(f.default) : undefined,
      renamedFrom: f.renamedFrom?.replace(/[A-Z]/g, (c) => '_' + c.toLowerCase()),
    })),
    { name: 'version', type: 'integer', notNull: true, default: '1' },
    { name: 'created_at', type: 'timestamptz', notNull: true, default: 'now()' },
    { name: 'updated_at', type: 'timestamptz', notNull: true, default: 'now()' },
    { name: 'created_by', type: 'bigint', notNull: false },
    { name: 'updated_by', type: 'bigint', notNull: false },
  ];
  const lead = company ? ['company_id'] : [];
  const spec: TableSpec = {
    name: t,
    companyScoped: company,
    columns,
    primaryKey: [...lead, 'id'],
    checks: stored
      .filter((f) => f.enum && f.type === 'string')
      .map((f) => ({ name: constraintName('ck', t, [f.column]), column: f.column, values: f.enum!.map(String) })),
    comparisons: entity.rules.map((r) => {
      const [left, right] = [entity.field.get(r.field)!.column, entity.field.get(r.notBefore)!.column];
      return { name: constraintName('ck', t, [left, right]), left, right };
    }),
    foreignKeys: [],
    indexes: [],
  };
  const sortField = entity.field.get(entity.list.sort.replace(/^-/, ''));
  for (const f of stored) {
    if (!f.ref) continue;
    const target = registry.entity(f.ref);
    const composite = company && target.scope === 'company';
    const cols = composite ? ['company_id', f.column] : [f.column];
    spec.foreignKeys.push({
      name: constraintName('fk', t, [f.column]),
      columns: cols,
      refTable: target.table,
      refColumns: composite ? ['company_id', 'id'] : ['id'],
      onDelete: f.onDelete === 'cascade' ? 'CASCADE' : f.onDelete === 'setNull' ? 'SET NULL' : 'RESTRICT',
      setNullColumns: f.onDelete === 'setNull' && composite ? [f.column] : undefined,
    });
    // A reference the list filters by ("the employees of department 7") also carries the list's default order, so
    // that one index serves the foreign key and that page; a company table's reference to a platform record keeps
    // its plain index, which is what the foreign key needs.
    if (
      entity.list.filters.includes(f.name) &&
      sortField &&
      !sortField.computed &&
      sortField !== f &&
      (composite || !company)
    )
      spec.indexes.push({
        name: constraintName('ix', t, [f.column, sortField.column]),
        columns: [...cols, sortField.column, 'id'],
      });
    else spec.indexes.push({ name: constraintName('ix', t, [f.column]), columns: cols });
  }
  for (const name of entity.list.filters) {
    const f = entity.field.get(name);
    // a computed filter is SQL over other columns, which carry their own indexes
    if (!f || f.ref || f.computed) continue;
    spec.indexes.push({ name: constraintName('ix', t, [f.column]), columns: [...lead, f.column] });
  }
  if (sortField && !spec.indexes.some((i) => i.columns.at(-1) === sortField.column))
    spec.indexes.push({
      name: constraintName('ix', t, [sortField.column]),
      columns: [...lead, sortField.column, 'id'],
    });
  for (const x of entity.indexes) {
    const cols = x.map((n) => entity.field.get(n)!.column);
    spec.indexes.push({ name: constraintName('ix', t, cols), columns: [...lead, ...cols, 'id'] });
  }
  for (const u of entity.unique) {
    const fields = u.map((n) => entity.field.get(n)!);
    const cols = fields.map((f) => f.column);
    // a new name, not the exact index's: the migrator adds indexes it does not find by name, so a database made before
    // gets the case-blind index too (and keeps the exact one, which it implies)
    const folded = fields.some(uniqueIgnoresCase);
    const exprs = fields.map((f) => (uniqueIgnoresCase(f) ? `lower(${quoteIdent(f.column)})` : f.column));
    spec.indexes.push({
      name: constraintName(folded ? CASE_FOLDED_UNIQUE : 'uq', t, cols),
      columns: [...lead, ...exprs],
      unique: true,
    });
  }
  return spec;
}

/** Every table the Registry and the engine need, in an order where referenced tables come first. */
export function desiredSchema(registry: Registry): TableSpec[] {
  return [...SYSTEM_TABLES, ...[...registry.entities.values()].map((e) => entityTable(e, registry))];
}
