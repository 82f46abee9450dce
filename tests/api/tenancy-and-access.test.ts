import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../support/backends.ts';
import { keyFromMail, startTestStratum, type Client, type TestStratum } from '../support/test-stratum.ts';

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);

describe.each(backends())('companies, modules and access on $name', (backend) => {
  let t: TestStratum;
  let a: { id: number; executive: Client; executiveEmail: string };
  let employee: Client;
  beforeAll(async () => {
    t = await startTestStratum(backend);
    a = await t.addCompany('Alpha');
    employee = await t.addEmployee(a.executive, 'Sam', 'Staff', 'staff@alpha.example');
  });
  afterAll(() => t.close());

  it('adding a company creates its executive as the first employee, with admin access and a set-password mail', async () => {
    const r = await t.holder.post('company/add', {
      companyName: 'Beta',
      eFirstName: 'Bea',
      eLastName: 'Boss',
      email: 'bea@beta.example',
      status: 'Active',
    });
    expect(r.status, r.body.err_msg ?? '').toBe(200);
    const company = r.body.data.company;
    expect(company).toMatchObject({ companyName: 'Beta', status: 'Active', ratingScaleOption: 'Strategic Plan' });
    expect(company.executiveId).toBeGreaterThan(0);
    const staff = await t.holder.get(`employee?companyId=${company.id}`);
    expect(staff.body.data.list).toEqual([
      expect.objectContaining({ id: company.executiveId, fullName: 'Bea Boss', email: 'bea@beta.example' }),
    ]);
    const access = await t.holder.get(`employee-module?companyId=${company.id}&employeeId=${company.executiveId}`);
    const modules = (await t.holder.get('module?limit=100')).body.data.list as { id: number; code: string }[];
    const administered = access.body.data.list
      .filter((r: { adminAccess: string }) => r.adminAccess === 'Yes')
      .map((r: { moduleId: number }) => modules.find((m) => m.id === r.moduleId)!.code);
    expect(administered.sort()).toEqual(['dashboard', 'organisation']);
    const mail = (await t.mails()).reverse().find((m) => m.includes('bea@beta.example'))!;
    expect(mail).toContain('Set your Stratum password');
    expect(keyFromMail(mail)).toBeTruthy();
    // the same executive e-mail cannot start a second company
    const dup = await t.holder.post('company/add', {
      companyName: 'Gamma',
      eFirstName: 'Bea',
      eLastName: 'Boss',
      email: 'bea@beta.example',
    });
    expect(dup.status).toBe(409);
    expect((await t.holder.get('company?q=Gamma')).body.data.total).toBe(0);
  });

  it('lists companies for the holder under company_list; an employee sees only its own', async () => {
    const all = await t.holder.get('company');
    expect(all.body.data.company_list.length).toBeGreaterThanOrEqual(2);
    const own = await employee.get('company');
    expect(own.body.data.company_list.map((c: { id: number }) => c.id)).toEqual([a.id]);
    const other = all.body.data.company_list.find((c: { id: number }) => c.id !== a.id);
    expect((await employee.get(`company/${other.id}`)).status).toBe(404);
  });

  it('keeps holder-only work from employees', async () => {
    expect(
      (
        await a.executive.post('company/add', {
          companyName: 'Sneaky',
          eFirstName: 'S',
          eLastName: 'N',
          email: 's@n.example',
        })
      ).status,
    ).toBe(403);
    expect((await a.executive.post('company/update', { id: a.id, version: 1, status: 'Inactive' })).status).toBe(403);
    expect(
      (
        await a.executive.post('company/update-performance-committee-function', {
          id: a.id,
          version: 1,
          performanceCommitteeFunction: 'Yes',
        })
      ).status,
    ).toBe(403);
    const modules = (await a.executive.get('module?limit=50')).body.data.list;
    const strategic = modules.find((m: { code: string }) => m.code === 'strategic');
    expect(
      (await a.executive.post('company-module/set-enablement', { moduleId: strategic.id, enabled: 'Yes' })).status,
    ).toBe(403);
  });

  it('refuses a module the holder has not enabled, and opens it once enabled', async () => {
    const denied = await a.executive.get('strategic-plan');
    expect(denied.status).toBe(403);
    expect(denied.body.code).toBe('module_disabled');
    const strategic = (await t.holder.get('module?limit=50')).body.data.list.find(
      (m: { code: string }) => m.code === 'strategic',
    );
    const on = await t.holder.post(`company-module/set-enablement?companyId=${a.id}`, {
      moduleId: strategic.id,
      enabled: 'Yes',
    });
    expect(on.status, on.body.err_msg ?? '').toBe(200);
    expect(on.body.data.m_c).toMatchObject({ moduleId: strategic.id, enabled: 'Yes' });
    const plan = await a.executive.post('strategic-plan/add', {
      description: 'Plan',
      startDate: '2026-01-01',
      endDate: '2030-12-31',
    });
    expect(plan.status, plan.body.err_msg ?? '').toBe(200);
    expect(plan.body.data.strategic).toMatchObject({ status: 'Active' });
    const states = await a.executive.get('company-module/states');
    expect(states.body.data.list).toEqual(
      expect.arrayContaining([expect.objectContaining({ code: 'strategic', enabled: 'Yes' })]),
    );
    // an employee without module admin access reads but cannot change the set-up
    expect((await employee.get('strategic-plan')).status).toBe(200);
    const refused = await employee.post('perspective/add', {
      name: 'Customer',
      strategicPlanId: plan.body.data.strategic.id,
    });
    expect(refused.status).toBe(403);
    expect(refused.body.err_msg).toMatch(/admin access to the module “Strategic plans”/);
    // switched off again: refused again
    await t.holder.post(`company-module/set-enablement?companyId=${a.id}`, { moduleId: strategic.id, enabled: 'No' });
    expect((await a.executive.get('strategic-plan')).status).toBe(403);
  });

  it('lets a module admin grant admin access, and nobody else', async () => {
    const me = (await employee.get('auth/me')).body.data.user;
    const organisation = (await a.executive.get('module?limit=50')).body.data.list.find(
      (m: { code: string }) => m.code === 'organisation',
    );
    expect(
      (
        await employee.post('employee-module/set-admin-access', {
          employeeId: me.employeeId,
          moduleId: organisation.id,
          adminAccess: 'Yes',
        })
      ).status,
    ).toBe(403);
    expect((await employee.post('business-unit/add', { name: 'Not yet' })).status).toBe(403);
    const grant = await a.executive.post('employee-module/set-admin-access', {
      employeeId: me.employeeId,
      moduleId: organisation.id,
      adminAccess: 'Yes',
    });
    expect(grant.status, grant.body.err_msg ?? '').toBe(200);
    expect(grant.body.data.m_e).toMatchObject({ employeeId: me.employeeId, adminAccess: 'Yes' });
    expect((await employee.post('business-unit/add', { name: 'Now allowed' })).status).toBe(200);
    const revoke = await a.executive.post('employee-module/set-admin-access', {
      employeeId: me.employeeId,
      moduleId: organisation.id,
      adminAccess: 'No',
    });
    expect(revoke.body.data.m_e).toMatchObject({ adminAccess: 'No' });
    expect((await employee.post('business-unit/add', { name: 'Not any more' })).status).toBe(403);
  });

  it('uploads a logo with size and type limits', async () => {
    const form = (bytes: Uint8Array<ArrayBuffer>, type: string, name = 'logo.png') => {
      const f = new FormData();
      f.set('id', String(a.id));
      f.set('document', new File([bytes], name, { type }));
      return f;
    };
    const ok = await a.executive.raw('company/update-logo', { method: 'POST', body: form(PNG, 'image/png') });
    expect(ok.status, ok.body.err_msg ?? '').toBe(200);
    expect(ok.body.data.logo).toMatchObject({ name: 'logo.png', mimeType: 'image/png', size: PNG.length });
    const file = await t.app.request(`/api/v1/file/${ok.body.data.logo.id}`, { headers: { token: a.executive.token } });
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(PNG);
    expect((await a.executive.get(`company/${a.id}`)).body.data.company.logo).toBe(ok.body.data.logo.id);
    const wrongType = await a.executive.raw('company/update-logo', {
      method: 'POST',
      body: form(PNG, 'application/x-msdownload', 'evil.exe'),
    });
    expect(wrongType.status).toBe(415);
    const fake = await a.executive.raw('company/update-logo', {
      method: 'POST',
      body: form(new TextEncoder().encode('MZ not a png'), 'image/png'),
    });
    expect(fake.status).toBe(415);
    expect(fake.body.err_msg).toMatch(/not really image\/png/);
    const big = new Uint8Array(1024 * 1024 + 1);
    big.set(PNG);
    const tooBig = await a.executive.raw('company/update-logo', { method: 'POST', body: form(big, 'image/png') });
    expect(tooBig.status).toBe(413);
    expect((await employee.raw('company/update-logo', { method: 'POST', body: form(PNG, 'image/png') })).status).toBe(
      403,
    );
  });

  it('patches only what a command declares', async () => {
    const company = (await a.executive.get(`company/${a.id}`)).body.data.company;
    const r = await a.executive.post('company/update-rating-scale-option', {
      id: a.id,
      version: company.version,
      ratingScaleOption: 'Operational Plan',
    });
    expect(r.status, r.body.err_msg ?? '').toBe(200);
    expect(r.body.data.company).toMatchObject({ ratingScaleOption: 'Operational Plan', companyName: 'Alpha' });
    const sneaky = await a.executive.post('company/update-rating-scale-option', {
      id: a.id,
      version: company.version + 1,
      companyName: 'Renamed',
    });
    expect(sneaky.status).toBe(422);
    expect(sneaky.body.errors?.[0]).toMatchObject({ field: 'companyName' });
  });

  it('an inactive company cannot sign in', async () => {
    const c = (await t.holder.get(`company/${a.id}`)).body.data.company;
    expect((await t.holder.post('company/update', { id: a.id, version: c.version, status: 'Inactive' })).status).toBe(
      200,
    );
    const r = await t.anonymous.post('auth/login', { email: a.executiveEmail, password: 'employee-pass-1' });
    expect(r.status).toBe(403);
    expect(r.body.err_msg).toMatch(/not active/);
  });
});
