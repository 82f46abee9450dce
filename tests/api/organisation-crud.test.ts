import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../support/backends.ts';
import { startTestStratum, type Client, type TestStratum } from '../support/test-stratum.ts';

const LEVELS = [
  { path: 'business-unit', parent: null, item: 'business_unit', list: 'businessUnitList', children: 'departmentList' },
  { path: 'department', parent: 'businessUnitId', item: 'department', list: 'list', children: 'divisionList' },
  { path: 'division', parent: 'departmentId', item: 'division', list: 'list', children: 'sectionList' },
  { path: 'section', parent: 'divisionId', item: 'section', list: 'list', children: 'subSectionList' },
  { path: 'sub-section', parent: 'sectionId', item: 'sub_section', list: 'list', children: 'subSubSectionList' },
  { path: 'sub-sub-section', parent: 'subSectionId', item: 'sub_sub_section', list: 'list', children: null },
] as const;

describe.each(backends())('organisation and employees on $name', (backend) => {
  let t: TestStratum;
  let exec: Client;
  beforeAll(async () => {
    t = await startTestStratum(backend);
    exec = (await t.addCompany('Acme')).executive;
  });
  afterAll(() => t.close());

  it('adds, reads with children, looks up by parent, updates and deletes every level', async () => {
    let parentId: number | null = null;
    const ids: number[] = [];
    for (const level of LEVELS) {
      const body: Record<string, unknown> = { name: `${level.path} one` };
      if (level.parent) body[level.parent] = parentId;
      const added = await exec.post(`${level.path}/add`, body);
      expect(added.status, added.body.err_msg ?? '').toBe(200);
      const rec = added.body.data[level.item];
      expect(rec).toMatchObject({ name: `${level.path} one`, version: 1 });
      if (level.parent) {
        const byParent = await exec.get(`${level.path}?${level.parent}=${parentId}`);
        expect(byParent.body.data[level.list].map((r: { id: number }) => r.id)).toEqual([rec.id]);
        const otherParent = await exec.get(`${level.path}?${level.parent}=${Number(parentId) + 100000}`);
        expect(otherParent.body.data[level.list]).toEqual([]);
      }
      ids.push(rec.id);
      parentId = rec.id;
    }
    // read returns the declared children
    for (let i = 0; i < LEVELS.length - 1; i++) {
      const r = await exec.get(`${LEVELS[i].path}/${ids[i]}`);
      expect(r.body.data[LEVELS[i].item][LEVELS[i].children!].map((c: { id: number }) => c.id)).toEqual([ids[i + 1]]);
    }
    // update
    const bu = (await exec.get(`business-unit/${ids[0]}`)).body.data.business_unit;
    const upd = await exec.post('business-unit/update', {
      id: bu.id,
      version: bu.version,
      name: 'Renamed',
      strategyPlanOwner: 'Yes',
    });
    expect(upd.status).toBe(200);
    expect(upd.body.data.business_unit).toMatchObject({
      name: 'Renamed',
      strategyPlanOwner: 'Yes',
      status: 'Active',
      version: 2,
    });
    // a parent still referred to cannot be deleted; leaves first, then it can
    const blocked = await exec.post('business-unit/delete', { id: ids[0] });
    expect(blocked.status).toBe(409);
    expect(blocked.body.err_msg).toMatch(/This business unit cannot be deleted: department records still refer to it/);
    for (let i = LEVELS.length - 1; i >= 0; i--) {
      const del = await exec.post(`${LEVELS[i].path}/delete`, { id: ids[i] });
      expect(del.status, del.body.err_msg ?? '').toBe(200);
      expect((await exec.get(`${LEVELS[i].path}/${ids[i]}`)).status).toBe(404);
    }
  });

  it('pages with a total, sorts and searches', async () => {
    const names = Array.from({ length: 23 }, (_, i) => `Unit ${String(i).padStart(2, '0')}`);
    const r = await exec.post('business-unit/add-bulk', { items: names.map((name) => ({ name })) });
    // business-unit declares no bulk command: the route does not exist
    expect(r.status).toBe(404);
    for (const name of names) expect((await exec.post('business-unit/add', { name })).status).toBe(200);
    const page1 = await exec.get('business-unit?limit=10&offset=0&sort=name&q=Unit');
    expect(page1.body.data.total).toBe(23);
    expect(page1.body.data.businessUnitList.map((b: { name: string }) => b.name)).toEqual(names.slice(0, 10));
    const page3 = await exec.get('business-unit?limit=10&offset=20&sort=name&q=Unit');
    expect(page3.body.data.businessUnitList.map((b: { name: string }) => b.name)).toEqual(names.slice(20));
    expect(page3.body.data.total).toBe(23);
    const desc = await exec.get('business-unit?limit=3&sort=-name&q=unit');
    expect(desc.body.data.businessUnitList.map((b: { name: string }) => b.name)).toEqual([
      'Unit 22',
      'Unit 21',
      'Unit 20',
    ]);
    // each word of a search matches, wherever it stands: "nit 1" finds Unit 01, Unit 10 … 19 and Unit 21
    const search = await exec.get('business-unit?q=nit 1');
    expect(search.body.data.businessUnitList.map((b: { name: string }) => b.name).sort()).toEqual(
      names.filter((n) => n.includes('nit') && n.includes('1')),
    );
    const filtered = await exec.get('business-unit?name[in]=Unit 01,Unit 02');
    expect(filtered.body.data.businessUnitList).toHaveLength(2);
    // keyset paging (?after=<id>) walks the same pages as offsets, in either direction
    for (const sort of ['name', '-name']) {
      const byOffset = [0, 10, 20].map((o) => exec.get(`business-unit?limit=10&offset=${o}&sort=${sort}&q=Unit`));
      const pages = await Promise.all(byOffset);
      let after: number | null = null;
      for (const p of pages) {
        const r = await exec.get(`business-unit?limit=10&sort=${sort}&q=Unit${after ? `&after=${after}` : ''}`);
        const ids = r.body.data.businessUnitList.map((b: { id: number }) => b.id);
        expect(ids).toEqual(p.body.data.businessUnitList.map((b: { id: number }) => b.id));
        after = ids.at(-1);
      }
    }
    expect((await exec.get('business-unit?after=1&offset=10')).status).toBe(400);
    expect((await exec.get('business-unit?offset=10001')).body.err_msg).toMatch(
      /"offset" reaches 10,000 rows at most; page further with "after"/,
    );
    expect((await exec.get('business-unit?after=99999999')).status).toBe(404);
    expect((await exec.get('business-unit?colour=red')).body.err_msg).toMatch(
      /"colour" is not a filter of business-unit/,
    );
    expect((await exec.get('business-unit?sort=colour')).status).toBe(400);
    expect((await exec.get('business-unit?limit=100000')).status).toBe(400);
  });

  it('pages by ?after= in any sort: mixed directions, and fields that may be empty, walk the same rows as offsets', async () => {
    const titles = [null, 'Analyst', 'Clerk', null, 'Analyst'];
    const items = Array.from({ length: 31 }, (_, i) => ({
      firstName: `Keyset${i}`,
      lastName: ['Ng', 'Okafor', 'Ng', 'Berg'][i % 4],
      email: `keyset${i}@acme.example`,
      ...(titles[i % 5] ? { jobTitle: titles[i % 5] } : {}),
    }));
    const added = await exec.post('employee/add-bulk', { items });
    expect(added.status, added.body.err_msg ?? '').toBe(200);
    const idsOf = (r: { body: { data: { list: { id: number }[] } } }) => r.body.data.list.map((e) => e.id);
    for (const sort of [
      'jobTitle',
      '-jobTitle',
      'jobTitle,-lastName',
      '-lastName,jobTitle',
      'lastName,-id',
      '-jobTitle,lastName,-email',
    ]) {
      const whole = idsOf(await exec.get(`employee?q=Keyset&limit=100&sort=${sort}`));
      expect(whole, sort).toHaveLength(31);
      const walked: number[] = [];
      for (let after: number | undefined; ; ) {
        const r = await exec.get(`employee?q=Keyset&limit=7&sort=${sort}${after ? `&after=${after}` : ''}`);
        expect(r.status, r.body.err_msg ?? '').toBe(200);
        walked.push(...idsOf(r));
        if (idsOf(r).length < 7) break;
        after = walked.at(-1);
      }
      expect(walked, sort).toEqual(whole);
    }
  });

  it('keeps employees with derived fullName and head, filters them by unit, adds many at once', async () => {
    const bu = (await exec.post('business-unit/add', { name: 'People' })).body.data.business_unit;
    const dept = (await exec.post('department/add', { name: 'Ops', businessUnitId: bu.id })).body.data.department;
    const boss = await exec.post('employee/add', {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@acme.example',
      businessUnitId: bu.id,
      businessUnitHead: 'Yes',
    });
    expect(boss.status, boss.body.err_msg ?? '').toBe(200);
    expect(boss.body.data.employee).toMatchObject({ fullName: 'Ada Lovelace', head: 'Yes', departmentHead: 'No' });
    const bulk = await exec.post('employee/add-bulk', {
      items: [
        {
          firstName: 'Grace',
          lastName: 'Hopper',
          businessUnitId: bu.id,
          departmentId: dept.id,
          supervisorId: boss.body.data.employee.id,
        },
        {
          firstName: 'Alan',
          lastName: 'Turing',
          businessUnitId: bu.id,
          departmentId: dept.id,
          supervisorId: boss.body.data.employee.id,
        },
      ],
    });
    expect(bulk.status, bulk.body.err_msg ?? '').toBe(200);
    expect(bulk.body.data.list.map((e: { fullName: string; head: string }) => [e.fullName, e.head])).toEqual([
      ['Grace Hopper', 'No'],
      ['Alan Turing', 'No'],
    ]);
    const inDept = await exec.get(`employee?departmentId=${dept.id}&sort=firstName`);
    expect(inDept.body.data.list.map((e: { firstName: string }) => e.firstName)).toEqual(['Alan', 'Grace']);
    const inBu = await exec.get(`employee?businessUnitId=${bu.id}`);
    expect(inBu.body.data.total).toBe(3);
    const reports = await exec.get(`employee?supervisorId=${boss.body.data.employee.id}`);
    expect(reports.body.data.total).toBe(2);
    // a full name as a reference field shows it finds the employee: its words stand in two fields
    const byName = await exec.get('employee?q=Grace Hop');
    expect(byName.body.data.list.map((e: { fullName: string }) => e.fullName)).toEqual(['Grace Hopper']);
    // a bulk add with one bad row writes none of them and names the row
    const bad = await exec.post('employee/add-bulk', {
      items: [{ firstName: 'Ok', lastName: 'Row' }, { firstName: 'No last name' }],
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual([{ field: 'items.1.lastName', message: 'Row 2: Last name is required' }]);
    expect((await exec.get('employee?q=Ok Row')).body.data.total).toBe(0);
    // deleting the supervisor leaves the reports without one
    expect((await exec.post('employee/delete', { id: boss.body.data.employee.id })).status).toBe(200);
    const orphan = await exec.get(`employee/${bulk.body.data.list[0].id}`);
    expect(orphan.body.data.employee.supervisorId).toBeNull();
  });
});
