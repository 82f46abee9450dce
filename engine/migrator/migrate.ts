import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isDbError, type Db } from '../db/db.ts';
import type { Registry } from '../metadata/registry.ts';
import { readCatalogue, tableHasRows } from './catalogue.ts';
import { desiredSchema } from './desired-schema.ts';
import { DestructiveMigrationError, DuplicateRowsError } from './migration-refusals.ts';
import { GRANTS_SQL, planMigration, type MigrationPlan } from './planner.ts';
import { ensureRequestRole } from './request-role.ts';

/**
 * What the database must look like, as one hash: the desired tables of the Registry and the migrator's own code (a
 * change to how it writes SQL must be planned again). Equal to the last migration's hash: nothing to plan.
 */
export function schemaHash(registry: Registry): string {
  const hash = createHash('sha256').update(JSON.stringify(desiredSchema(registry)));
  for (const f of readdirSync(import.meta.dirname)
    .filter((n) => n.endsWith('.ts'))
    .sort())
    hash.update(readFileSync(join(import.meta.dirname, f)));
  return hash.digest('hex');
}

/** The hash the last migration recorded, if the migrator has run on this database before. */
async function lastSchemaHash(tx: Db): Promise<string | undefined> {
  const [exists] = await tx.query<{ t: string | null }>(`SELECT to_regclass('stratum_migration')::text AS t`);
  if (!exists.t) return undefined;
  const [last] = await tx.query<{ registry_hash: string }>(
    `SELECT registry_hash FROM stratum_migration ORDER BY id DESC LIMIT 1`,
  );
  return last?.registry_hash;
}

/** Hand-written patches not yet applied, by name. */
function pendingPatchNames(done: Set<string>, patchesDir: string | undefined): string[] {
  if (!patchesDir || !existsSync(patchesDir)) return [];
  return readdirSync(patchesDir)
    .filter((f) => f.endsWith('.sql') && !done.has(f))
    .sort();
}

/**
 * A patch's statements, one by one: the embedded database prepares each query, and a prepared statement holds one
 * command. A statement ends with a semicolon at the end of a line (scripts/patches/README.md); comment lines go.
 */
export function patchStatements(sql: string): string[] {
  return sql
    .split(/;[ \t]*$/m)
    .map((chunk) =>
      chunk
        .split('\n')
        .filter((line) => !/^\s*--/.test(line))
        .join('\n')
        .trim(),
    )
    .filter(Boolean);
}

/** Phase 2: hand-written patches (scripts/patches/*.sql) not yet applied, in name order. */
async function applyPatches(tx: Db, patchesDir: string | undefined): Promise<string[]> {
  const done = new Set((await tx.query<{ name: string }>(`SELECT name FROM stratum_patch`)).map((r) => r.name));
  const applied: string[] = [];
  for (const name of pendingPatchNames(done, patchesDir)) {
    for (const statement of patchStatements(readFileSync(join(patchesDir!, name), 'utf8'))) await tx.query(statement);
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
 * stratum_migration with the schema's hash. A destructive change without a patch fails the whole migration and changes
 * nothing. When the hash is the last one recorded and no patch is new, the catalogue is not read at all: a restart
 * costs a query, not a plan.
 */
export async function migrate(
  db: Db,
  registry: Registry,
  options: { patchesDir?: string } = {},
): Promise<MigrationResult> {
  await ensureRequestRole(db);
  const wanted = schemaHash(registry);
  return db.transaction(async (tx) => {
    // Serialise concurrent boots against one database.
    await tx.query(`SELECT pg_advisory_xact_lock(727274)`);
    const last = await lastSchemaHash(tx);
    if (last !== undefined) {
      const done = new Set((await tx.query<{ name: string }>(`SELECT name FROM stratum_patch`)).map((r) => r.name));
      if (last === wanted && pendingPatchNames(done, options.patchesDir).length === 0)
        return { plan: { actions: [], destructive: [], orphans: [] }, patches: [] };
    }
    const patches = last !== undefined ? await applyPatches(tx, options.patchesDir) : [];
    const plan = await planFor(tx, registry);
    if (plan.destructive.length) throw new DestructiveMigrationError(plan);
    for (const a of plan.actions)
      for (const sql of a.sql)
        await tx.query(sql).catch((e: unknown) => {
          throw a.kind === 'addIndex' && isDbError(e) && e.code === '23505'
            ? new DuplicateRowsError(a, e.detail ?? e.message)
            : e;
        });
    // a new database is made as the metadata is now, which every patch so far leads to: they are recorded, not run
    if (last === undefined)
      for (const name of pendingPatchNames(new Set(), options.patchesDir))
        await tx.query(`INSERT INTO stratum_patch (name) VALUES ($1) ON CONFLICT DO NOTHING`, [name]);
    if (plan.actions.length || patches.length || last !== wanted)
      await tx.query(`INSERT INTO stratum_migration (registry_hash, actions) VALUES ($1, $2::text::jsonb)`, [
        wanted,
        JSON.stringify({ patches, actions: plan.actions.map((a) => a.description) }),
      ]);
    for (const sql of GRANTS_SQL) await tx.query(sql);
    return { plan, patches };
  });
}
