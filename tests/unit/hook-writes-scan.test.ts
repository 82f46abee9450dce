import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hooks } from '../../engine/hooks/index.ts';
import { loadRegistry } from '../../engine/metadata/loader.ts';
import { SYSTEM_TABLES } from '../../engine/migrator/system-tables.ts';
import { ENGINE_OWNED_TABLES } from '../../engine/records/engine-owned-tables.ts';
import { rawEntityWrites } from '../support/hook-sql-scan.ts';
import { ROOT } from '../../server/boot.ts';

const hookFiles = (dir: string): { file: string; source: string }[] =>
  readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((d) => d.isFile() && d.name.endsWith('.ts'))
    .map((d) => join(d.parentPath, d.name))
    .map((path) => ({ file: relative(ROOT, path), source: readFileSync(path, 'utf8') }));

describe('hooks write entity rows only through the record store', () => {
  const registry = loadRegistry(join(ROOT, 'metadata'), hooks);
  const entityTables = new Set([...registry.entities.values()].map((e) => e.table));

  it('finds no INSERT, UPDATE or DELETE of a hook on an entity table, or on a table nobody excused', () => {
    const files = hookFiles(join(ROOT, 'engine/hooks'));
    expect(files.length).toBeGreaterThan(50);
    expect(rawEntityWrites(files, entityTables).map((w) => `${w.file}:${w.line} writes ${w.table}: ${w.why}`)).toEqual(
      [],
    );
  });

  it('excuses only engine tables, each with its reason, and none of an entity', () => {
    const system = new Set(SYSTEM_TABLES.map((t) => t.name));
    for (const [table, reason] of Object.entries(ENGINE_OWNED_TABLES)) {
      expect(system.has(table), `${table} is one of the engine's own tables`).toBe(true);
      expect(entityTables.has(table), `${table} is no entity's table`).toBe(false);
      expect(reason.length).toBeGreaterThan(40);
    }
  });

  it('sees the writes it is there to catch, and not reads, row locks or upserts', () => {
    const sample = [
      'await ctx.tx.query(`UPDATE performance_kpi SET a_kpi_id = $1 WHERE id = $2`, [1, 2]);',
      "await ctx.tx.query('DELETE FROM performance_scorecard WHERE company_id = $1', [1]);",
      'await ctx.tx.query(`INSERT INTO "risk" (name) VALUES ($1)`, [1]);',
      'await ctx.tx.query(`UPDATE ${quoteIdent(child.table)} x SET auditor_id = $1`, [1]);',
      'await ctx.tx.query(`INSERT INTO scratch_table (x) VALUES (1)`);',
      'await ctx.tx.query(`SELECT id FROM risk WHERE company_id = $1 FOR UPDATE`);',
      'await ctx.tx.query(`INSERT INTO account (email) VALUES ($1) ON CONFLICT (email) DO UPDATE SET email = EXCLUDED.email`);',
      '// UPDATE risk SET rating = 1 (a comment is not SQL)',
    ].join('\n');
    const found = rawEntityWrites([{ file: 'sample.ts', source: sample }], entityTables);
    expect(found.map((w) => `${w.line} ${w.table} ${w.why}`)).toEqual([
      '1 performance_kpi an entity’s table',
      '2 performance_scorecard an entity’s table',
      '3 risk an entity’s table',
      '4 ${…} a table named at run time',
      '5 scratch_table a table not in ENGINE_OWNED_TABLES',
    ]);
  });
});
