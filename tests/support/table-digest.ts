import type { Db } from '../../engine/db/db.ts';
import { quoteIdent } from '../../engine/metadata/naming.ts';

/**
 * Every table of the public schema with its row count and a hash of its rows' text in a stable order, and every
 * sequence's position: two databases with equal digests hold the same data and hand out the same next ids. Read as a
 * role past row-level security (a superuser), or company rows would be left out.
 */
export async function tableDigests(db: Db): Promise<Record<string, string>> {
  const digest: Record<string, string> = {};
  const tables = await db.query<{ name: string }>(
    `SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY 1`,
  );
  for (const { name } of tables) {
    const [r] = await db.query<{ rows: number; hash: string }>(
      `SELECT count(*)::int AS rows, coalesce(md5(string_agg(t::text, E'\\n' ORDER BY t::text)), '') AS hash FROM ${quoteIdent(name)} t`,
    );
    digest[name] = `${r.rows} rows ${r.hash}`;
  }
  for (const s of await db.query<{ name: string; last: number | null }>(
    `SELECT sequencename AS name, last_value AS last FROM pg_sequences WHERE schemaname = 'public' ORDER BY 1`,
  ))
    digest[`sequence ${s.name}`] = String(s.last);
  return digest;
}
