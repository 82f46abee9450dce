import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ROLE } from '../../engine/db/tenant-scope.ts';
import type { EntityDef } from '../../engine/metadata/registry.ts';
import { backends } from '../support/backends.ts';
import { hookInput } from '../security/support/hook-inputs.ts';
import { answerAll, sentRecipient } from '../support/public-flow-respondent.ts';
import { addableCompanyEntities, addSample } from '../support/sample-records.ts';
import { enterMonthlyProgress } from '../support/monthly-progress-records.ts';
import { writeQaReview } from '../support/qa-review-records.ts';
import { startTestStratum, type Client, type TestStratum } from '../support/test-stratum.ts';

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);

/**
 * Generated from the Registry: for every company entity, company B tries to list, read, update, delete, filter by and
 * reference company A's records; every try is refused or sees nothing, and A's records are unchanged.
 */
describe.each(backends())('tenant isolation on $name', (backend) => {
  let t: TestStratum;
  let a: Client;
  let b: Client;
  let aCompany: number;
  let bCompany: number;
  /** A's records by entity, made through the API (or, for engine-written entities, found there). */
  const aRecords = new Map<string, any[]>();
  const companyEntities = () => [...t.stratum.registry.entities.values()].filter((e) => e.scope === 'company');
  const read = async (client: Client, e: EntityDef, id: number) => client.get(`${e.name}/${id}`);

  beforeAll(async () => {
    t = await startTestStratum(backend);
    const modules = [...t.stratum.registry.modules.values()]
      .filter((m) => !m.core && m.role === 'employee')
      .map((m) => m.id);
    const ca = await t.addCompany('Tenant A', { modules });
    const cb = await t.addCompany('Tenant B', { modules });
    [a, b, aCompany, bCompany] = [ca.executive, cb.executive, ca.id, cb.id];
    for (const e of addableCompanyEntities(t.stratum.registry)) {
      const { record } = await addSample(a, t.stratum.registry, e.name);
      await addSample(b, t.stratum.registry, e.name);
      aRecords.set(e.name, [record]);
    }
    // answers are written by respondents only, through a public flow's link
    for (const e of [...t.stratum.registry.entities.values()].filter((x) => x.publicFlow)) {
      for (const admin of [a, b]) await answerAll(t, e, (await sentRecipient(t, admin, e)).token);
    }
    // monthly progress is entered through set only (an open month, one's own KPIs): made as users make it
    for (const admin of [a, b])
      await enterMonthlyProgress(admin, admin, (await admin.get('auth/me')).body.data.user.employeeId);
    // a QA review is written by a QA member, as themselves, of someone not above them
    for (const [admin, tag] of [
      [a, 'a'],
      [b, 'b'],
    ] as const) {
      const me = (await admin.get('auth/me')).body.data.user.employeeId;
      await t.addEmployee(admin, 'Quality', 'Subject', `qa-subject-${tag}@isolation.example`);
      const subject = (await admin.get(`employee?email=qa-subject-${tag}@isolation.example`)).body.data.list[0].id;
      await writeQaReview(admin, admin, me, subject);
    }
    // API tokens are issued, never added
    for (const admin of [a, b])
      await admin.post('api-token/issue', {
        name: 'Isolation feed',
        access: 'read',
        modules: ['organisation'],
        expiresOn: '2099-12-31',
      });
    for (const e of companyEntities()) {
      if (aRecords.has(e.name)) continue;
      const rows = (await a.get(`${e.name}?limit=5`)).body.data[e.dataKeys.list];
      expect(rows.length, `A has no ${e.name} to protect`).toBeGreaterThan(0);
      aRecords.set(e.name, rows);
    }
  });
  afterAll(() => t.close());

  it('covers every company entity of the Registry', () => {
    expect([...aRecords.keys()].sort()).toEqual(
      companyEntities()
        .map((e) => e.name)
        .sort(),
    );
  });

  it('B lists none of A records, by any filter', async () => {
    for (const e of companyEntities()) {
      const aIds = aRecords.get(e.name)!.map((r) => r.id);
      const list = await b.get(`${e.name}?limit=500`);
      expect(list.status, `${e.name}: ${list.body.err_msg}`).toBe(200);
      const seen = list.body.data[e.dataKeys.list].map((r: { id: number }) => r.id);
      expect(
        seen.filter((id: number) => aIds.includes(id)),
        e.name,
      ).toEqual([]);
      for (const f of e.fields.filter((x) => x.ref && e.list.filters.includes(x.name))) {
        const parent = aRecords.get(f.ref!)?.[0];
        if (!parent) continue;
        const filtered = await b.get(`${e.name}?${f.name}=${parent.id}`);
        expect(filtered.body.data[e.dataKeys.list], `${e.name}?${f.name}`).toEqual([]);
      }
    }
  });

  it('B can neither read, update nor delete A records by id', async () => {
    for (const e of companyEntities()) {
      for (const rec of aRecords.get(e.name)!) {
        expect((await read(b, e, rec.id)).status, `read ${e.name}`).toBe(404);
        const upd = await b.post(`${e.name}/update`, { id: rec.id, version: rec.version });
        expect([403, 404], `update ${e.name}: ${upd.status}`).toContain(upd.status);
        const del = await b.post(`${e.name}/delete`, { id: rec.id });
        expect([403, 404], `delete ${e.name}: ${del.status}`).toContain(del.status);
        for (const c of e.commands.filter((x) => x.kind === 'patch')) {
          const r = await b.post(`${e.name}/${c.name}`, { id: rec.id, version: rec.version });
          expect([403, 404], `${c.name} ${e.name}`).toContain(r.status);
        }
      }
    }
  });

  it('B can run none of A records commands or workflow transitions by id', async () => {
    let tried = 0;
    const companyBefore = (await a.get(`company/${aCompany}`)).body.data.company;
    const entities = [...t.stratum.registry.entities.values()].filter((e) => e.scope === 'company' || e.tenantKey);
    for (const e of entities) {
      const recs =
        e.scope === 'company'
          ? aRecords.get(e.name)!
          : [(await a.get(`${e.name}/${aCompany}`)).body.data[e.dataKeys.item]];
      for (const rec of recs) {
        const calls: [string, () => Promise<{ status: number; body: any }>][] = [];
        for (const tr of e.workflow?.transitions ?? []) {
          calls.push([
            `transition ${tr.action}`,
            () =>
              b.post(`${e.name}/${tr.action}`, {
                id: rec.id,
                version: rec.version,
                ...Object.fromEntries((tr.requires ?? []).map((f) => [f, 'A reason'])),
              }),
          ]);
        }
        for (const c of e.commands) {
          // GET commands read the caller's own company (they take no record id)
          if (c.method === 'GET') continue;
          if (c.kind === 'upload') {
            const form = new FormData();
            form.set('id', String(rec.id));
            form.set('document', new File([PNG], 'x.png', { type: c.mimeTypes[0] ?? 'image/png' }));
            calls.push([`command ${c.name}`, () => b.raw(`${e.name}/${c.name}`, { method: 'POST', body: form })]);
          } else if (c.kind === 'bulkAdd' || c.kind === 'attach')
            continue; // add B's own records; references are 'B cannot add records that reference A records'
          else if (c.hook === 'apiToken.issue')
            continue; // issues B's own token, naming no record of anyone's
          else if (c.kind === 'bulkDelete')
            calls.push([`command ${c.name}`, () => b.post(`${e.name}/${c.name}`, { ids: [rec.id] })]);
          else if (c.kind === 'hook') {
            // the hook's example input, every id in it one of A's
            const own = (name: string) => aRecords.get(name)![0].id as number;
            const body = hookInput(c, {
              target: rec,
              ownerId: own('employee'),
              libraryScorecardId: own('performance-scorecard'),
              strategicModuleId: 1,
              bystanderEmployeeId: own('employee'),
              annualPlanId: own('annual-plan'),
            });
            calls.push([`command ${c.name}`, () => b.post(`${e.name}/${c.name}`, body)]);
          } else
            calls.push([
              `command ${c.name}`,
              () => b.post(`${e.name}/${c.name}`, { id: rec.id, version: rec.version }),
            ]);
        }
        for (const [name, call] of calls) {
          const r = await call();
          expect([403, 404], `${e.name} ${name}: ${r.status} ${r.body.err_msg}`).toContain(r.status);
          tried++;
        }
      }
    }
    expect(tried).toBeGreaterThan(10);
    // A's company record (a platform record with a tenant key) too: its commands (logo, options) were refused
    expect((await a.get(`company/${aCompany}`)).body.data.company).toMatchObject({
      version: companyBefore.version,
      updatedAt: companyBefore.updatedAt,
    });
  });

  it('B cannot add records that reference A records', async () => {
    let tried = 0;
    for (const e of addableCompanyEntities(t.stratum.registry)) {
      // read-only references (aKpiId, cascadedFromId) are set by the engine alone, never sent
      for (const f of e.fields.filter(
        (x) => x.ref && !x.readOnly && t.stratum.registry.entity(x.ref).scope === 'company',
      )) {
        const target = aRecords.get(f.ref!)![0];
        const r = await addSample(b, t.stratum.registry, e.name, { [f.name]: target.id }).catch((err: Error) => err);
        expect(r, `${e.name}.${f.name} -> A's ${f.ref}`).toBeInstanceOf(Error);
        expect((r as Error).message, `${e.name}.${f.name}`).toMatch(/422 .*refers to a record that does not exist/);
        tried++;
      }
    }
    expect(tried).toBeGreaterThan(10);
  });

  it('B cannot grant itself access through A employees', async () => {
    const aEmployee = aRecords.get('employee')![0];
    const module = (await b.get('module?limit=1')).body.data.list[0];
    const r = await b.post('employee-module/set-admin-access', {
      employeeId: aEmployee.id,
      moduleId: module.id,
      adminAccess: 'Yes',
    });
    expect(r.status).toBe(404);
  });

  it('A records are unchanged', async () => {
    for (const e of companyEntities()) {
      for (const rec of aRecords.get(e.name)!) {
        const now = (await read(a, e, rec.id)).body.data[e.dataKeys.item];
        expect(now.version, e.name).toBe(rec.version);
        expect(now.updatedAt, e.name).toBe(rec.updatedAt);
      }
    }
  });

  it('row-level security: a raw query as the request role sees no rows without the tenant setting, and only its company with it', async () => {
    for (const e of companyEntities()) {
      const [none] = await t.stratum.db.transaction(async (tx) => {
        await tx.query(`SET LOCAL ROLE ${APP_ROLE}`);
        return tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${e.table}`);
      });
      expect(none.n, e.table).toBe(0);
      const rows = await t.stratum.db.transaction(async (tx) => {
        await tx.query(`SET LOCAL ROLE ${APP_ROLE}`);
        await tx.query(`SELECT set_config('app.company_id', $1, true)`, [String(bCompany)]);
        return tx.query<{ company_id: number }>(`SELECT DISTINCT company_id FROM ${e.table}`);
      });
      expect(
        rows.map((r) => r.company_id),
        e.table,
      ).toEqual([bCompany]);
      // and the role cannot write into another company
      const write = await t.stratum.db
        .transaction(async (tx) => {
          await tx.query(`SET LOCAL ROLE ${APP_ROLE}`);
          await tx.query(`SELECT set_config('app.company_id', $1, true)`, [String(bCompany)]);
          return tx.query(`UPDATE ${e.table} SET version = version + 1 WHERE company_id = $1 RETURNING id`, [aCompany]);
        })
        .catch((err: Error) => err);
      expect(Array.isArray(write) ? write.length : 0, e.table).toBe(0);
    }
  });
});
