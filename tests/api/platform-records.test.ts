import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../support/backends.ts';
import { startTestStratum, type Client, type TestStratum } from '../support/test-stratum.ts';

const PDF = new TextEncoder().encode('%PDF-1.4\n% a very small manual\n');

/** Records that belong to no company: user manuals and the platform rating scale, kept by the holder, read by everyone. */
describe.each(backends())('platform records on $name', (backend) => {
  let t: TestStratum;
  let exec: Client;
  beforeAll(async () => {
    t = await startTestStratum(backend);
    exec = (await t.addCompany('Reader Co')).executive;
  });
  afterAll(() => t.close());

  it('the holder keeps user manuals with a PDF; employees read and download them but cannot change them', async () => {
    const added = await t.holder.post('user-manual/add', { title: 'Getting started', description: 'First steps' });
    expect(added.status, added.body.err_msg ?? '').toBe(200);
    const manual = added.body.data.item;
    const form = new FormData();
    form.set('id', String(manual.id));
    form.set('document', new File([PDF], 'start.pdf', { type: 'application/pdf' }));
    const up = await t.holder.raw('user-manual/upload-document', { method: 'POST', body: form });
    expect(up.status, up.body.err_msg ?? '').toBe(200);
    const fileId = up.body.data.document.id;
    expect((await exec.get('user-manual')).body.data.list.map((m: { title: string }) => m.title)).toEqual([
      'Getting started',
    ]);
    const file = await t.app.request(`/api/v1/platform-file/${fileId}`, { headers: { token: exec.token } });
    expect(file.status).toBe(200);
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(PDF);
    // a platform file is not a company file of the same number
    expect((await exec.get(`file/${fileId}`)).status).toBe(404);
    expect((await exec.post('user-manual/add', { title: 'Mine' })).status).toBe(403);
    expect((await exec.post('user-manual/delete', { id: manual.id })).status).toBe(403);
    const wrong = new FormData();
    wrong.set('id', String(manual.id));
    wrong.set('document', new File([new Uint8Array([1, 2, 3])], 'x.pdf', { type: 'application/pdf' }));
    expect((await t.holder.raw('user-manual/upload-document', { method: 'POST', body: wrong })).status).toBe(415);
  });

  it('audits platform records in the platform trail, which only the holder reads', async () => {
    const band = await t.holder.post('platform-rating-scale/add', {
      description: 'Outstanding',
      rating: 5,
      min: 120,
      max: 1000,
    });
    expect(band.status, band.body.err_msg ?? '').toBe(200);
    const trail = await t.holder.get(
      `platform-audit-trail?entity=platform-rating-scale&recordId=${band.body.data.item.id}`,
    );
    // the entry names its record by its title and its type by its label's key, not "Record id 1"
    expect(trail.body.data.list).toEqual([
      expect.objectContaining({
        action: 'add',
        doneByName: 'Platform Administrator',
        recordTitle: 'Outstanding',
        entityLabel: 'entity.platformRatingScale',
      }),
    ]);
    // a deleted record is still named, as it read
    const manual = (await t.holder.post('user-manual/add', { title: 'Old manual' })).body.data;
    const made = Object.values(manual)[0] as { id: number; version: number };
    expect((await t.holder.post('user-manual/delete', { id: made.id, version: made.version })).status).toBe(200);
    const gone = (await t.holder.get(`platform-audit-trail?entity=user-manual&recordId=${made.id}&sort=id`)).body.data
      .list;
    expect(gone.map((e: { action: string; recordTitle: string }) => [e.action, e.recordTitle])).toEqual([
      ['add', 'Old manual'],
      ['delete', 'Old manual'],
    ]);
    // a company's trail too: the administrator's business unit by its name, the employee by her full name
    const unit = (await exec.post('business-unit/add', { name: 'Harbour' })).body.data.business_unit;
    const entry = (await exec.get(`audit-trail?entity=business-unit&recordId=${unit.id}`)).body.data.list[0];
    expect(entry).toMatchObject({ recordTitle: 'Harbour', entityLabel: 'entity.businessUnit' });
    const employee = (await exec.get('audit-trail?entity=employee&limit=1')).body.data.list[0];
    expect(employee.recordTitle).toMatch(/\S+ \S+/);
    // every entry names its record: one without a title (the executive's admin access to a module) by its id
    const all = (await exec.get('audit-trail?limit=500')).body.data.list as {
      entity: string;
      recordId: number;
      recordTitle: string | null;
    }[];
    expect(all.filter((e) => !e.recordTitle)).toEqual([]);
    const access = all.find((e) => e.entity === 'employee-module');
    expect(access).toBeDefined();
    expect(access!.recordTitle).toBe(`#${access!.recordId}`);
    expect((await exec.get('platform-audit-trail')).status).toBe(403);
    expect((await exec.get('platform-rating-scale')).body.data.list).toHaveLength(1);
    expect((await t.holder.post('platform-rating-scale/add', { description: 'Twice', rating: 5 })).status).toBe(409);
  });
});
