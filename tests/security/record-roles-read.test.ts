import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../support/backends.ts';
import { copyMetadata, editJson } from '../support/metadata-copy.ts';
import { addSample } from '../support/sample-records.ts';
import { startTestStratum, type Client, type TestStratum } from '../support/test-stratum.ts';

/**
 * No entity of the product limits reading to self and supervisor yet, but the metadata may say so: then a list shows
 * an employee only the records of its own and of those it supervises, and a read of anyone else's is refused. Proven on
 * a copy of the metadata where training tags are readable only that way.
 */
describe.each(backends())('reading limited to self and supervisor on $name', (backend) => {
  let t: TestStratum;
  let admin: Client;
  let pat: Client;
  let rey: Client;
  const ids: Record<string, number> = {};
  const tags: Record<string, number> = {};

  beforeAll(async () => {
    const metadata = copyMetadata();
    editJson(join(metadata, 'modules/performance/training-tag/entity.json'), (e) => {
      e.access = { read: ['employee:moduleAdmin', 'self', 'supervisor'], write: ['employee:moduleAdmin', 'self', 'supervisor'] };
    });
    t = await startTestStratum(backend, { metadataDir: metadata });
    admin = (await t.addCompany('Reach Co', { modules: ['strategic', 'performance'] })).executive;
    pat = await t.addEmployee(admin, 'Pat', 'Lead', 'pat@reach.example');
    rey = await t.addEmployee(admin, 'Rey', 'Report', 'rey@reach.example');
    const other = await t.addEmployee(admin, 'Oli', 'Other', 'oli@reach.example');
    for (const [name, c] of [['pat', pat], ['rey', rey], ['oli', other]] as const) ids[name] = (await c.get('auth/me')).body.data.user.employeeId;
    const r = (await admin.get(`employee/${ids.rey}`)).body.data.employee;
    expect((await admin.post('employee/update', { id: ids.rey, version: r.version, supervisorId: ids.pat })).status).toBe(200);
    for (const name of ['pat', 'rey', 'oli']) tags[name] = (await addSample(admin, t.stratum.registry, 'training-tag', { employeeId: ids[name] })).record.id;
  });
  afterAll(() => t.close());

  const listed = async (c: Client) => ((await c.get('training-tag?limit=100')).body.data.list as { id: number }[]).map((r) => r.id).sort();

  it('lists an employee its own records and those of the employees it supervises, and nothing else', async () => {
    expect(await listed(pat)).toEqual([tags.pat, tags.rey].sort());
    expect(await listed(rey)).toEqual([tags.rey]);
    expect((await listed(admin)).length).toBe(3);
    expect((await rey.get('training-tag?limit=100')).body.data.total).toBe(1);
  });

  it('refuses reading another employee record by id with 403, and reads one it may', async () => {
    expect((await rey.get(`training-tag/${tags.pat}`)).status).toBe(403);
    expect((await rey.get(`training-tag/${tags.oli}`)).status).toBe(403);
    expect((await pat.get(`training-tag/${tags.oli}`)).status).toBe(403);
    expect((await pat.get(`training-tag/${tags.rey}`)).status).toBe(200);
    expect((await rey.get(`training-tag/${tags.rey}`)).status).toBe(200);
  });
});
