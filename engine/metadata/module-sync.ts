import type { Db } from '../db/db.ts';
import type { Registry } from './registry.ts';

/** The module table mirrors metadata/modules: one row per module, kept at boot, so that enablement and admin access can reference it. */
export async function syncModules(db: Db, registry: Registry): Promise<void> {
  for (const m of registry.modules.values()) {
    await db.query(
      `INSERT INTO module (code, label, core, role) VALUES ($1, $2, $3, $4)
       ON CONFLICT (code) DO UPDATE SET label = EXCLUDED.label, core = EXCLUDED.core, role = EXCLUDED.role
       WHERE (module.label, module.core, module.role) IS DISTINCT FROM (EXCLUDED.label, EXCLUDED.core, EXCLUDED.role)`,
      [m.id, m.label, m.core ? 'Yes' : 'No', m.role],
    );
  }
}
