import type { EntityDef, FieldDef } from '../metadata/registry.ts';
import { quoteIdent } from '../metadata/naming.ts';
import { AppError } from '../app-error.ts';
import { sealSecret } from '../auth/secret-box.ts';

/** The fields that have a column (computed ones do not). */
export const storedFields = (entity: EntityDef): FieldDef[] => entity.fields.filter((f) => !f.computed);

const STANDARD_COLUMNS: readonly [string, string][] = [
  ['id', 'id'],
  ['version', 'version'],
  ['created_at', 'createdAt'],
  ['updated_at', 'updatedAt'],
  ['created_by', 'createdBy'],
  ['updated_by', 'updatedBy'],
];

const cache = new WeakMap<EntityDef, string>();

/** `id, version, created_at AS "createdAt", …, business_unit_id AS "businessUnitId"`: rows come back in API shape. */
export function selectColumns(entity: EntityDef): string {
  let s = cache.get(entity);
  if (!s) {
    // write-only fields (a client secret) never leave the database: not in replies, not in the audit trail
    const pairs = [
      ...STANDARD_COLUMNS,
      ...storedFields(entity)
        .filter((f) => !f.writeOnly)
        .map((f) => [f.column, f.name] as [string, string]),
    ];
    s = pairs
      .map(([col, name]) => (col === name ? quoteIdent(col) : `${quoteIdent(col)} AS ${quoteIdent(name)}`))
      .join(', ');
    cache.set(entity, s);
  }
  return s;
}

/** The column of a field or of a standard field, for filters and sort. */
export function columnOf(entity: EntityDef, name: string): string | undefined {
  const std = STANDARD_COLUMNS.find(([, n]) => n === name);
  if (std) return std[0];
  const f = entity.field.get(name);
  return f && !f.computed ? f.column : undefined;
}

export const STANDARD_TYPES: Readonly<Record<string, { type: FieldDef['type']; format?: string }>> = {
  id: { type: 'integer' },
  version: { type: 'integer' },
  createdAt: { type: 'string', format: 'date-time' },
  updatedAt: { type: 'string', format: 'date-time' },
  createdBy: { type: 'integer' },
  updatedBy: { type: 'integer' },
};

/** Writes JSON values as jsonb parameters (both drivers accept the text form) and encrypted fields sealed with the key. */
export function toParam(f: FieldDef, v: unknown, secretKey?: Buffer): unknown {
  if (v === undefined) return null;
  if (f.encrypted && v !== null) {
    if (!secretKey)
      throw new AppError('internal', `${f.name} is stored encrypted, but no secret key was given to this call`);
    return sealSecret(secretKey, String(v));
  }
  if (v !== null && (f.type === 'object' || f.type === 'array')) return JSON.stringify(v);
  return v;
}

export function paramCast(f: FieldDef): string {
  return f.type === 'object' || f.type === 'array' ? '::text::jsonb' : '';
}
