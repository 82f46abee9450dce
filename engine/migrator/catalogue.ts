import type { Db } from '../db/db.ts';

/** What the live database has, read once per plan. */
export interface Catalogue {
  tables: Map<string, { columns: Map<string, { type: string; notNull: boolean }>; hasRows: boolean; rls: boolean }>;
  /** constraint name -> definition (pg_get_constraintdef) */
  constraints: Map<string, string>;
  indexes: Set<string>;
  policies: Set<string>;
}

export async function readCatalogue(db: Db): Promise<Catalogue> {
  const cols = await db.query<{ table_name: string; column_name: string; data_type: string; is_nullable: string }>(
    `SELECT table_name, column_name, data_type, is_nullable FROM information_schema.columns WHERE table_schema = current_schema() ORDER BY table_name, ordinal_position`,
  );
  const rls = await db.query<{ relname: string; relrowsecurity: boolean }>(
    `SELECT c.relname, c.relrowsecurity FROM pg_class c WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind = 'r'`,
  );
  const tables: Catalogue['tables'] = new Map();
  for (const r of rls) tables.set(r.relname, { columns: new Map(), hasRows: false, rls: r.relrowsecurity });
  for (const c of cols)
    tables.get(c.table_name)?.columns.set(c.column_name, { type: c.data_type, notNull: c.is_nullable === 'NO' });
  const constraints = new Map(
    (
      await db.query<{ conname: string; def: string }>(
        `SELECT conname, pg_get_constraintdef(oid) AS def FROM pg_constraint WHERE connamespace = current_schema()::regnamespace`,
      )
    ).map((r) => [r.conname, r.def]),
  );
  const indexes = new Set(
    (await db.query<{ indexname: string }>(`SELECT indexname FROM pg_indexes WHERE schemaname = current_schema()`)).map(
      (r) => r.indexname,
    ),
  );
  const policies = new Set(
    (
      await db.query<{ tablename: string; policyname: string }>(
        `SELECT tablename, policyname FROM pg_policies WHERE schemaname = current_schema()`,
      )
    ).map((r) => `${r.tablename}.${r.policyname}`),
  );
  return { tables, constraints, indexes, policies };
}

/** Whether a table holds any row (adding a NOT NULL column without a default needs an empty table). */
export async function tableHasRows(db: Db, table: string): Promise<boolean> {
  const [r] = await db.query<{ x: boolean }>(`SELECT EXISTS (SELECT 1 FROM "${table}") AS x`);
  return r.x;
}
