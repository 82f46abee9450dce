import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../engine/db/db.ts';
import { DestructiveMigrationError, DuplicateRowsError } from '../../engine/migrator/migration-refusals.ts';
import { backends } from '../support/backends.ts';
import { copyMetadata, editJson } from '../support/metadata-copy.ts';
import { startOnDb, type TestStratum } from '../support/test-stratum.ts';

const column = async (db: Db, table: string, name: string) =>
  (
    await db.query<{ data_type: string; is_nullable: string }>(
      `SELECT data_type, is_nullable FROM information_schema.columns WHERE table_name = $1 AND column_name = $2`,
      [table, name],
    )
  )[0];

/** The platform's promise: a field added to an entity's JSON is in the table, the API, the validation and the OpenAPI document, with no code changed. */
describe.each(backends())('extending the metadata on $name', (backend) => {
  let db: Db;
  let first: TestStratum;
  let buId: number;
  beforeAll(async () => {
    db = await backend.open();
    first = await startOnDb(db);
    const { executive } = await first.addCompany('Extensible');
    buId = (await executive.post('business-unit/add', { name: 'Before' })).body.data.business_unit.id;
  });
  afterAll(() => db.close());

  it('restarts on unchanged metadata without planning: nothing applied, nothing recorded, the data kept', async () => {
    const runs = async () => (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM stratum_migration`))[0].n;
    const before = await runs();
    const lines: string[] = [];
    const again = await startOnDb(db, { log: (l) => lines.push(l) });
    expect(lines.map((l) => JSON.parse(l).msg as string).filter((m) => m.startsWith('migrated'))).toEqual([]);
    expect(await runs()).toBe(before);
    expect(
      (await again.holder.get('company')).body.data.company_list.map((c: { companyName: string }) => c.companyName),
    ).toContain('Extensible');
    // a changed field is a changed schema: planned and recorded
    const meta = copyMetadata();
    editJson(join(meta, 'modules/organisation/business-unit/entity.json'), (e) => {
      e.schema.properties.motto = { type: 'string', title: 'field.name' };
    });
    const { loadRegistry } = await import('../../engine/metadata/loader.ts');
    const { hooks } = await import('../../engine/hooks/index.ts');
    const { schemaHash } = await import('../../engine/migrator/migrate.ts');
    expect(schemaHash(loadRegistry(meta, hooks))).not.toBe(schemaHash(first.stratum.registry));
  });

  it('adds a field: column, API, validation and OpenAPI follow', async () => {
    const meta = copyMetadata();
    editJson(join(meta, 'modules/organisation/business-unit/entity.json'), (e) => {
      e.schema.properties.costCentre = { type: 'string', pattern: '^CC-[0-9]{4}$', title: 'field.name' };
      e.list.filters.push('costCentre');
    });
    const t = await startOnDb(db, { metadataDir: meta });
    expect(await column(db, 'business_unit', 'cost_centre')).toEqual({ data_type: 'text', is_nullable: 'YES' });
    const exec = await t.login(
      (await db.query<{ email: string }>(`SELECT email FROM account WHERE role = 'employee' LIMIT 1`))[0].email,
      'employee-pass-1',
    );
    const added = await exec.post('business-unit/add', { name: 'After', costCentre: 'CC-1234' });
    expect(added.status, added.body.err_msg ?? '').toBe(200);
    expect(added.body.data.business_unit).toMatchObject({ name: 'After', costCentre: 'CC-1234' });
    expect((await exec.get(`business-unit/${buId}`)).body.data.business_unit).toMatchObject({
      name: 'Before',
      costCentre: null,
    });
    const bad = await exec.post('business-unit/add', { name: 'Bad', costCentre: 'twelve' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors?.[0].field).toBe('costCentre');
    expect(
      (await exec.get('business-unit?costCentre=CC-1234')).body.data.businessUnitList.map(
        (b: { name: string }) => b.name,
      ),
    ).toEqual(['After']);
    const openapi = (await t.app.request('/api/v1/openapi.json')).json() as Promise<any>;
    const doc = await openapi;
    // an optional field may be empty (its column is nullable); its title is the English text, its key beside it
    expect(doc.components.schemas.BusinessUnit.properties.costCentre).toMatchObject({
      type: ['string', 'null'],
      pattern: '^CC-[0-9]{4}$',
      title: 'Name',
      'x-titleKey': 'field.name',
    });
    expect(doc.components.schemas.BusinessUnitAdd.properties.costCentre).toBeDefined();
    expect(doc.paths['/api/v1/business-unit'].get.parameters.map((p: { name: string }) => p.name)).toContain(
      'costCentre',
    );
  });

  it('renames a field by x-renamedFrom, keeping its data', async () => {
    const meta = copyMetadata();
    editJson(join(meta, 'modules/organisation/business-unit/entity.json'), (e) => {
      e.schema.properties.costCentre = { type: 'string', title: 'field.name' };
    });
    await startOnDb(db, { metadataDir: meta });
    const renamed = copyMetadata();
    editJson(join(renamed, 'modules/organisation/business-unit/entity.json'), (e) => {
      e.schema.properties.costCenter = { type: 'string', title: 'field.name', 'x-renamedFrom': 'costCentre' };
    });
    const t = await startOnDb(db, { metadataDir: renamed });
    expect(await column(db, 'business_unit', 'cost_centre')).toBeUndefined();
    expect(await column(db, 'business_unit', 'cost_center')).toBeDefined();
    const exec = await t.login(
      (await db.query<{ email: string }>(`SELECT email FROM account WHERE role = 'employee' LIMIT 1`))[0].email,
      'employee-pass-1',
    );
    const list = (await exec.get('business-unit?q=After')).body.data.businessUnitList;
    expect(list[0].costCenter).toBe('CC-1234');
  });

  it('refuses a destructive change without a patch, and changes nothing', async () => {
    const meta = copyMetadata();
    editJson(join(meta, 'modules/organisation/business-unit/entity.json'), (e) => {
      e.schema.properties.name = { type: 'integer', title: 'field.name' };
      e.list.search = [];
      e.schema.properties.extraThing = { type: 'string', title: 'field.name' };
    });
    const err = await startOnDb(db, { metadataDir: meta }).catch((x: Error) => x);
    expect(err).toBeInstanceOf(DestructiveMigrationError);
    expect((err as Error).message).toMatch(/column business_unit.name changes type text -> bigint/);
    expect(await column(db, 'business_unit', 'extra_thing')).toBeUndefined();
    // narrowing an enum is refused too
    const narrow = copyMetadata();
    editJson(join(narrow, 'modules/organisation/business-unit/entity.json'), (e) => {
      e.schema.properties.status.enum = ['Active'];
    });
    const err2 = await startOnDb(db, { metadataDir: narrow }).catch((x: Error) => x);
    expect((err2 as Error).message).toMatch(/business_unit.status would no longer allow Inactive/);
  });

  it('keeps a removed field column and reports it', async () => {
    const meta = copyMetadata();
    const lines: string[] = [];
    const { bootStratum } = await import('../../server/boot.ts');
    const { configFromEnv } = await import('../../server/config.ts');
    await bootStratum(
      { ...configFromEnv({}), holderEmail: 'x@y.example', holderPassword: 'whatever-1' },
      { db, metadataDir: meta, log: (l) => lines.push(l) },
    );
    expect(lines.join('\n')).toMatch(/kept columns that no field declares any more: business_unit.cost_center/);
    expect(await column(db, 'business_unit', 'cost_center')).toBeDefined();
  });

  it('stops a start whose new unique index the stored rows break, names the rows, and keeps nothing', async () => {
    // a database from before names were compared without regard to case: no such index, "Twin" and "twin" both stored
    const folded = async () =>
      (
        await db.query<{ indexname: string }>(
          `SELECT indexname FROM pg_indexes WHERE tablename = 'business_unit' AND indexname LIKE 'uqc%'`,
        )
      ).map((r) => r.indexname);
    const [index] = await folded();
    expect(index).toBeDefined();
    await db.query(`DROP INDEX ${index}`);
    await db.query(`UPDATE stratum_migration SET registry_hash = 'before case-folded names'`);
    const { executive } = await first.addCompany('Twins');
    for (const name of ['Twin', 'twin']) expect((await executive.post('business-unit/add', { name })).status).toBe(200);
    const err = await startOnDb(db).catch((x: Error) => x);
    expect(err).toBeInstanceOf(DuplicateRowsError);
    expect((err as Error).message).toMatch(
      /rows of business_unit already hold the same values \(.*twin.*\)\. Rename or merge those rows/,
    );
    expect(await folded()).toEqual([]);
    // once the person renames one, the next start adds the index
    const twin = (await executive.get('business-unit?q=twin')).body.data.businessUnitList.find(
      (b: { name: string }) => b.name === 'twin',
    );
    expect(
      (await executive.post('business-unit/update', { id: twin.id, version: twin.version, name: 'Twin B' })).status,
    ).toBe(200);
    await startOnDb(db);
    expect(await folded()).toEqual([index]);
  });
});
