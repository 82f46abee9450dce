import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hooks } from '../../engine/hooks/index.ts';
import { loadRegistry } from '../../engine/metadata/loader.ts';
import { entityTable } from '../../engine/migrator/desired-schema.ts';
import { planMigration } from '../../engine/migrator/planner.ts';
import { CATALOG_TYPE } from '../../engine/migrator/table-spec.ts';
import type { Catalogue } from '../../engine/migrator/catalogue.ts';
import { ROOT } from '../../server/boot.ts';

const registry = loadRegistry(join(ROOT, 'metadata'), hooks);
const empty: Catalogue = { tables: new Map(), constraints: new Map(), indexes: new Set(), policies: new Set() };

describe('migration planner', () => {
  it('leads company keys with company_id and references with composite foreign keys', () => {
    const dept = entityTable(registry.entity('department'), registry);
    expect(dept.primaryKey).toEqual(['company_id', 'id']);
    expect(dept.foreignKeys).toEqual([
      expect.objectContaining({
        columns: ['company_id', 'business_unit_id'],
        refTable: 'business_unit',
        refColumns: ['company_id', 'id'],
      }),
    ]);
    expect(dept.indexes.every((i) => i.columns[0] === 'company_id')).toBe(true);
    const cm = entityTable(registry.entity('company-module'), registry);
    expect(cm.foreignKeys[0]).toMatchObject({ columns: ['module_id'], refTable: 'module' });
    const emp = entityTable(registry.entity('employee'), registry);
    expect(emp.foreignKeys.find((f) => f.columns.includes('supervisor_id'))).toMatchObject({
      onDelete: 'SET NULL',
      setNullColumns: ['supervisor_id'],
    });
  });

  it('makes names unique without regard to case under an index of its own name, and keeps other unique text exact', () => {
    const perspective = entityTable(registry.entity('perspective'), registry).indexes.filter((i) => i.unique);
    expect(perspective).toEqual([
      {
        name: 'uqc_perspective__strategic_plan_id__name',
        columns: ['company_id', 'strategic_plan_id', 'lower("name")'],
        unique: true,
      },
      {
        name: 'uqc_perspective__operational_plan_id__name',
        columns: ['company_id', 'operational_plan_id', 'lower("name")'],
        unique: true,
      },
    ]);
    // the engine upserts modules by their code: that index stays exact
    expect(
      entityTable(registry.entity('module'), registry)
        .indexes.filter((i) => i.unique)
        .map((i) => i.columns),
    ).toEqual([['code']]);
    // a database made before gets the case-blind index beside the exact one it has
    const table = entityTable(registry.entity('perspective'), registry);
    const live: Catalogue = {
      ...empty,
      tables: new Map([
        [
          table.name,
          {
            columns: new Map(table.columns.map((c) => [c.name, { type: CATALOG_TYPE[c.type], notNull: !!c.notNull }])),
          },
        ],
      ]),
      indexes: new Set(['uq_perspective__strategic_plan_id__name']),
    } as unknown as Catalogue;
    const plan = planMigration([table], live, () => true);
    expect(
      plan.actions.some(
        (a) => a.kind === 'addIndex' && a.sql[0].includes('uqc_perspective') && a.sql[0].includes('lower("name")'),
      ),
    ).toBe(true);
  });

  it('creates everything on an empty database, with row-level security on company tables only', () => {
    const plan = planMigration(
      [entityTable(registry.entity('department'), registry), entityTable(registry.entity('module'), registry)],
      empty,
      () => false,
    );
    expect(plan.actions.map((a) => a.kind)).toEqual([
      'createTable',
      'createTable',
      'enableRowSecurity',
      'addForeignKey',
    ]);
    expect(plan.actions[2].sql.join(';')).toMatch(
      /FORCE ROW LEVEL SECURITY.*CREATE POLICY tenant_isolation ON "department"/,
    );
  });

  it('adds a missing column, widens an enum, and refuses type changes and narrowing', () => {
    const spec = entityTable(registry.entity('business-unit'), registry);
    const live: Catalogue = {
      tables: new Map([
        [
          'business_unit',
          {
            hasRows: true,
            rls: true,
            columns: new Map([
              ['company_id', { type: 'bigint', notNull: true }],
              ['id', { type: 'bigint', notNull: true }],
              ['name', { type: 'bigint', notNull: true }],
              ['status', { type: 'text', notNull: false }],
              ['legacy', { type: 'text', notNull: false }],
              ['version', { type: 'integer', notNull: true }],
              ['created_at', { type: 'timestamp with time zone', notNull: true }],
              ['updated_at', { type: 'timestamp with time zone', notNull: true }],
              ['created_by', { type: 'bigint', notNull: false }],
              ['updated_by', { type: 'bigint', notNull: false }],
            ]),
          },
        ],
      ]),
      constraints: new Map([
        ['ck_business_unit__status', `CHECK ((status = ANY (ARRAY['Active'::text])))`],
        [
          'ck_business_unit__strategy_plan_owner',
          `CHECK ((strategy_plan_owner = ANY (ARRAY['Yes'::text, 'No'::text, 'Maybe'::text])))`,
        ],
      ]),
      indexes: new Set(spec.indexes.map((i) => i.name)),
      policies: new Set(['business_unit.tenant_isolation']),
    };
    const plan = planMigration([spec], live, () => true);
    expect(plan.actions.map((a) => a.description)).toEqual([
      'add column business_unit.strategy_plan_owner',
      'widen ck_business_unit__status to Active, Inactive',
    ]);
    expect(plan.destructive.map((d) => d.description)).toEqual([
      'column business_unit.name changes type bigint -> text',
      'business_unit.strategy_plan_owner would no longer allow Maybe',
    ]);
    expect(plan.orphans).toEqual(['business_unit.legacy']);
  });
});
