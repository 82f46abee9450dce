/**
 * npm run migrate            applies the plan (as boot does)
 * npm run migrate -- --plan  prints what would change, changes nothing
 * Uses DATABASE_URL, or the embedded PGlite under DATA_DIR.
 */
import { join } from 'node:path';
import { openDatabase } from '../engine/db/open-database.ts';
import { hooks } from '../engine/hooks/index.ts';
import { loadRegistry } from '../engine/metadata/loader.ts';
import { migrate, planFor } from '../engine/migrator/migrate.ts';
import { ROOT } from '../server/boot.ts';
import { configFromEnv } from '../server/config.ts';

const registry = loadRegistry(join(ROOT, 'metadata'), hooks);
const db = await openDatabase(configFromEnv());
try {
  if (process.argv.includes('--plan')) {
    const plan = await planFor(db, registry);
    for (const a of plan.actions) console.log(`  + ${a.description}`);
    for (const d of plan.destructive) console.log(`  ! ${d.description}  (needs a patch in scripts/patches/)`);
    for (const o of plan.orphans) console.log(`  ~ ${o} is kept: no field declares it`);
    console.log(
      `plan: ${plan.actions.length} change(s), ${plan.destructive.length} refused, ${plan.orphans.length} kept`,
    );
  } else {
    const { plan, patches } = await migrate(db, registry, { patchesDir: join(ROOT, 'scripts', 'patches') });
    console.log(`applied ${plan.actions.length} change(s) and ${patches.length} patch(es)`);
  }
} catch (e) {
  console.error((e as Error).message);
  process.exitCode = 1;
} finally {
  await db.close();
}
