import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Db } from '../db/db.ts';
import { APP_ROLE } from '../db/tenant-scope.ts';
import type { Registry } from '../metadata/registry.ts';
import { readCatalogue, tableHasRows } from './catalogue.ts';
import { desiredSchema } from './desired-schema.ts';
import { GRANTS_SQL, planMigration, type MigrationPlan } from './planner.ts';

export class DestructiveMigrationError extends Error {
  constructor(readonly plan: MigrationPlan) {
    super(
      'The metadata asks for changes that could lose data; write a patch in scripts/patches/ for each:\n' +
        plan.destructive.map((d) => `  ${d.description}`).join('\n'),
    );
    this.name = 'DestructiveMigrationError';
  }
}

/** Phase 1: the request role exists and the connecting role may switch to it. */
async function ensureAppRole(db: Db): Promise<void> {
  try {
    await db.query(`DO $$ BEGIN IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '${APP_ROLE}') THEN CREATE ROLE ${APP_ROLE} NOLOGIN; END IF; END $$`);
  } catch (e) {
    // Two databases of one cluster booting at once may race to create the role; the loser finds it made.
    if (!/already exists|duplicate key/.test((e as Error).message)) throw e;
  }
  await db.query(`GRANT ${APP_ROLE} TO CURRENT_USER`).catch(() => undefined);
}

/** Phase 2: hand-written patches (scripts/patches/*.sql) not yet applied, in name order. */
async function applyPatches(tx: Db, patchesDir: string | undefined): Promise<string[]> {
  if (!patchesDir || !existsSync(patchesDir)) return [];
  const done = new Set((await tx.query<{ name: string }>(`SELECT name FROM stratum_patch`)).map((r) => r.name));
  const applied: string[] = [];
  for (const name of readdirSync(patchesDir).filter((f) => f.endsWith('.sql')).sort()) {
    if (done.has(name)) continue;
    await tx.query(readFileSync(join(patchesDir, name), 'utf8'));
    await tx.query(`INSERT INTO stratum_patch (name) VALUES ($1)`, [name]);
    applied.push(name);
  }
  return applied;
}

/** Phase 3: compare the Registry with the live catalogue. */
export async function planFor(db: Db, registry: Registry): Promise<MigrationPlan> {
  const desired = desiredSchema(registry);
  const live = await readCatalogue(db);
  const rows = new Map<string, boolean>();
  for (const t of desired) if (live.tables.has(t.name)) rows.set(t.name, await tableHasRows(db, t.name));
  return planMigration(desired, live, (t) => rows.get(t) ?? false);
}

export interface MigrationResult {
  plan: MigrationPlan;
  patches: string[];
}

/**
 * Brings the database to the Registry in one transaction: patches, then the additive plan, recorded in
 * stratum_migration. A destructive change without a patch fails the whole migration and changes nothing.
 */
export async function migrate(db: Db, registry: Registry, options: { patchesDir?: string } = {}): Promise<MigrationResult> {
  await ensureAppRole(db);
  return db.transaction(async (tx) => {
    // Serialise concurrent boots against one database.
    await tx.query(`SELECT pg_advisory_xact_lock(727274)`);
    const bootstrap = await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = current_schema() AND table_name = 'stratum_patch'`);
    const patches = bootstrap[0].n ? await applyPatches(tx, options.patchesDir) : [];
    const plan = await planFor(tx, registry);
    if (plan.destructive.length) throw new DestructiveMigrationError(plan);
    for (const a of plan.actions) for (const sql of a.sql) await tx.query(sql);
    if (plan.actions.length || patches.length)
      await tx.query(`INSERT INTO stratum_migration (registry_hash, actions) VALUES ($1, $2::text::jsonb)`, [
        registry.hash,
        JSON.stringify({ patches, actions: plan.actions.map((a) => a.description) }),
      ]);
    for (const sql of GRANTS_SQL) await tx.query(sql);
    return { plan, patches };
  });
}
