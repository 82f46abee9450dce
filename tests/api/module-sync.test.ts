import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../engine/db/db.ts';
import { openPglite } from '../../engine/db/pglite-adapter.ts';
import { syncModules } from '../../engine/metadata/module-sync.ts';
import { startOnDb, type TestStratum } from '../support/test-stratum.ts';

/** Every statement a Db runs, for counting what a sync asks. */
function counted(db: Db, seen: string[]): Db {
  return {
    kind: db.kind,
    query: (text, params, options) => (seen.push(text), db.query(text, params, options)),
    transaction: (fn, options) => db.transaction(fn, options),
    close: () => db.close(),
  } as Db;
}

describe('the module table kept in step with metadata/modules at boot', () => {
  let t: TestStratum;
  let db: Db;
  beforeAll(async () => {
    db = await openPglite();
    t = await startOnDb(db);
  }, 120_000);
  afterAll(() => t.close());

  it('reads the table and writes nothing on a restart with the metadata unchanged', async () => {
    const seen: string[] = [];
    await syncModules(counted(db, seen), t.stratum.registry);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatch(/^SELECT code, label, core, role FROM module$/);
  });

  it('puts back a row that differs from the metadata and adds one that is missing, and only those', async () => {
    const [first, second] = [...t.stratum.registry.modules.values()];
    await db.query(`UPDATE module SET label = 'Renamed by hand' WHERE code = $1`, [first.id]);
    await db.query(
      `DELETE FROM module WHERE code = $1 AND NOT EXISTS (SELECT 1 FROM company_module cm WHERE cm.module_id = module.id)`,
      [second.id],
    );
    const [gone] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM module WHERE code = $1`, [second.id]);
    const seen: string[] = [];
    await syncModules(counted(db, seen), t.stratum.registry);
    expect(seen.filter((s) => s.startsWith('INSERT'))).toHaveLength(gone.n === 0 ? 2 : 1);
    const rows = await db.query<{ code: string; label: string; core: string; role: string }>(
      `SELECT code, label, core, role FROM module`,
    );
    for (const m of t.stratum.registry.modules.values())
      expect(rows.find((r) => r.code === m.id)).toEqual({
        code: m.id,
        label: m.label,
        core: m.core ? 'Yes' : 'No',
        role: m.role,
      });
  });
});
