import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../support/backends.ts';
import { startTestStratum, type Client, type TestStratum } from '../support/test-stratum.ts';

describe.each(backends())('audit trail on $name', (backend) => {
  let t: TestStratum;
  let exec: Client;
  beforeAll(async () => {
    t = await startTestStratum(backend);
    exec = (await t.addCompany('Audited')).executive;
  });
  afterAll(() => t.close());

  it('records who changed what, with the record before and after, for add, update and delete', async () => {
    const started = new Date(Date.now() - 1000).toISOString();
    const bu = (await exec.post('business-unit/add', { name: 'Tracked' })).body.data.business_unit;
    await exec.post('business-unit/update', { id: bu.id, version: 1, name: 'Tracked twice' });
    await exec.post('business-unit/delete', { id: bu.id });
    const r = await exec.get(`audit-trail?entity=business-unit&recordId=${bu.id}&sort=id`);
    expect(r.status).toBe(200);
    const entries = r.body.data.list;
    expect(entries.map((e: { action: string }) => e.action)).toEqual(['add', 'update', 'delete']);
    const me = (await exec.get('auth/me')).body.data.user;
    for (const e of entries) expect(e).toMatchObject({ doneBy: me.accountId, doneByName: 'Exe Audited' });
    expect(entries[0].before).toBeNull();
    expect(entries[0].after).toMatchObject({ name: 'Tracked', version: 1 });
    expect(entries[1].before).toMatchObject({ name: 'Tracked', version: 1 });
    expect(entries[1].after).toMatchObject({ name: 'Tracked twice', version: 2 });
    expect(entries[2].before).toMatchObject({ name: 'Tracked twice' });
    expect(entries[2].after).toBeNull();
    // filters: by user, by date range
    expect(
      (await exec.get(`audit-trail?doneBy=${me.accountId}&entity=business-unit&recordId=${bu.id}`)).body.data.total,
    ).toBe(3);
    expect((await exec.get(`audit-trail?doneBy=${me.accountId + 999}`)).body.data.total).toBe(0);
    expect(
      (await exec.get(`audit-trail?doneAt[gte]=${started}&entity=business-unit&recordId=${bu.id}`)).body.data.total,
    ).toBe(3);
    expect((await exec.get(`audit-trail?doneAt[lt]=${started}&entity=business-unit`)).body.data.total).toBe(0);
  });

  it('is searched by who did it, the record by its title, and the record type by its label in any language', async () => {
    const freight = (await exec.post('business-unit/add', { name: 'Freight Hub' })).body.data.business_unit;
    await exec.post('business-unit/update', { id: freight.id, version: 1, name: 'Freight Hub North' });
    const nusrat = await t.addEmployee(exec, 'Nusrat', 'Jahan', 'nusrat.jahan@audited.example');
    const nusratId = (await exec.get('employee?email=nusrat.jahan@audited.example')).body.data.list[0].id;
    // Nusrat, given admin access to the organisation, writes something herself
    const organisation = (await exec.get('module?limit=50')).body.data.list.find(
      (m: { code: string }) => m.code === 'organisation',
    );
    const grant = await exec.post('employee-module/set-admin-access', {
      employeeId: nusratId,
      moduleId: organisation.id,
      adminAccess: 'Yes',
    });
    expect(grant.status, grant.body.err_msg ?? '').toBe(200);
    const own = await nusrat.post('business-unit/add', { name: 'Dockside' });
    expect(own.status, own.body.err_msg ?? '').toBe(200);
    type Entry = { entity: string; recordId: number; doneByName: string; recordTitle: string };
    const search = async (q: string): Promise<Entry[]> => {
      const r = await exec.get(`audit-trail?q=${encodeURIComponent(q)}&limit=500`);
      expect(r.status, r.body.err_msg ?? '').toBe(200);
      return r.body.data.list;
    };
    // the record's title, as the entry held it when written (both names of the renamed unit find both its writes)
    const byTitle = await search('freight');
    expect(byTitle.map((e) => [e.entity, e.recordId])).toEqual([
      ['business-unit', freight.id],
      ['business-unit', freight.id],
    ]);
    expect((await search('Hub North')).map((e) => e.recordTitle)).toEqual(['Freight Hub North']);
    // who did it, or whom the record names: Nusrat's own write and the entries about her
    const byName = await search('Nusrat');
    expect(byName.length).toBeGreaterThan(0);
    for (const e of byName) expect(`${e.doneByName} ${e.recordTitle}`).toMatch(/Nusrat/);
    expect(byName.some((e) => e.doneByName === 'Nusrat Jahan')).toBe(true);
    expect(byName.some((e) => e.entity === 'employee' && e.recordId === nusratId)).toBe(true);
    // the record type by its label in English, German or Bengali, and by its name
    for (const q of ['Business unit', 'geschäftsbereich', 'বিজনেস ইউনিট', 'business-unit']) {
      const found = await search(q);
      expect(found.length, q).toBeGreaterThanOrEqual(2);
      for (const e of found) expect(e.entity, q).toBe('business-unit');
    }
    expect(await search('nothing is called this')).toEqual([]);
    // a search with LIKE's own signs finds them as typed, not as wildcards
    expect(await search('%')).toEqual([]);
  });

  it('is read-only: the API cannot write or erase it', async () => {
    for (const call of ['add', 'update', 'delete']) {
      const r = await exec.post(`audit-trail/${call}`, { id: 1, version: 1 });
      expect(r.status).toBe(403);
    }
  });

  it('writes nothing when the write fails', async () => {
    const before = (await exec.get('audit-trail')).body.data.total;
    expect((await exec.post('department/add', { name: 'Orphan', businessUnitId: 424242 })).status).toBe(422);
    expect((await exec.get('audit-trail')).body.data.total).toBe(before);
  });

  it('is shown to module admins and the holder, not to other employees', async () => {
    const count = (await t.mails()).length;
    const plain = await t.addEmployee(exec, 'Plain', 'Worker', 'plain.worker@audited.example');
    // adding an employee sends nothing by itself; the one mail is the key the employee asked for
    expect((await t.mails()).length).toBe(count + 1);
    const denied = await plain.get('audit-trail');
    expect(denied.status).toBe(403);
    expect(denied.body.err_msg).toMatch(/admin access to the module “Organisation”/);
    const companyId = (await exec.get('auth/me')).body.data.user.companyId;
    expect((await t.holder.get(`audit-trail?companyId=${companyId}`)).body.data.total).toBeGreaterThan(0);
  });
});
