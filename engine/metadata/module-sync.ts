import type { Db } from '../db/db.ts';
import type { Registry } from './registry.ts';

/**
 * The module table mirrors metadata/modules: one row per module, kept at boot, so that enablement and admin access can
 * reference it. The table is read first and only the modules whose row is missing or differs are written: a restart
 * with the metadata unchanged costs one statement instead of one per module (each a round trip to the embedded
 * database's thread, a fifth of a second of a restart on PGlite).
 */
export async function syncModules(db: Db, registry: Registry): Promise<void> {
  const rows = await db.query<{ code: string; label: string; core: string; role: string }>(
    `SELECT code, label, core, role FROM module`,
  );
  const kept = new Map(rows.map((r) => [r.code, r]));
  for (const m of registry.modules.values()) {
    const core = m.core ? 'Yes' : 'No';
    const row = kept.get(m.id);
    if (row && row.label === m.label && row.core === core && row.role === m.role) continue;
    await db.query(
      `INSERT INTO module (code, label, core, role) VALUES ($1, $2, $3, $4)
       ON CONFLICT (code) DO UPDATE SET label = EXCLUDED.label, core = EXCLUDED.core, role = EXCLUDED.role
       WHERE (module.label, module.core, module.role) IS DISTINCT FROM (EXCLUDED.label, EXCLUDED.core, EXCLUDED.role)`,
      [m.id, m.label, core, m.role],
    );
  }
}
