import type { Db } from '../../engine/db/db.ts';
import { quoteIdent } from '../../engine/metadata/naming.ts';

export interface BulkColumn {
  name: string;
  type: 'bigint' | 'integer' | 'numeric' | 'text' | 'date' | 'timestamptz' | 'jsonb';
}

/**
 * Inserts many rows with one statement per batch: each column travels as one array parameter and unnest() turns
 * them back into rows. That is a handful of parameters however many rows (no 65,535-parameter limit), works the
 * same on PostgreSQL and PGlite, and is about as fast as COPY at this size. jsonb travels as text (both drivers
 * pass a text[] through unchanged) and is cast in SQL.
 */
export async function bulkInsert(
  db: Db,
  table: string,
  columns: readonly BulkColumn[],
  rows: readonly unknown[][],
  batchSize = 5_000,
): Promise<void> {
  const arrayType = (c: BulkColumn) => (c.type === 'jsonb' ? 'text' : c.type);
  const select = columns.map((c, i) => (c.type === 'jsonb' ? `c${i}::jsonb` : `c${i}`)).join(', ');
  const sql =
    `INSERT INTO ${quoteIdent(table)} (${columns.map((c) => quoteIdent(c.name)).join(', ')}) ` +
    `SELECT ${select} FROM unnest(${columns.map((c, i) => `$${i + 1}::${arrayType(c)}[]`).join(', ')}) AS t(${columns.map((_, i) => `c${i}`).join(', ')})`;
  for (let start = 0; start < rows.length; start += batchSize) {
    const batch = rows.slice(start, start + batchSize);
    const params = columns.map((c, i) =>
      batch.map((r) =>
        r[i] === null || r[i] === undefined ? null : c.type === 'bigint' || c.type === 'integer' ? r[i] : String(r[i]),
      ),
    );
    await db.query(sql, params);
  }
}

/** After rows were inserted with explicit ids, the identity continues after the largest one. */
export async function resetIdentity(db: Db, table: string): Promise<void> {
  await db.query(
    `SELECT setval(pg_get_serial_sequence($1, 'id'), (SELECT coalesce(max(id), 0) + 1 FROM ${quoteIdent(table)}), false)`,
    [table],
  );
}
