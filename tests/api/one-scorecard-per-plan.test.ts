import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../support/backends.ts';
import { startTestStratum, type Client, type Reply, type TestStratum } from '../support/test-stratum.ts';
import { isoDay } from '../support/iso-day.ts';

const ok = (r: Reply) => expect(r.status, r.body.err_msg ?? '').toBe(200);

/** One scorecard per employee and annual plan period, on the Add form's path as on the cascade's. */
describe.each(backends())('one scorecard per employee and plan on $name', (backend) => {
  let t: TestStratum;
  let exec: Client;
  let emma: Client;
  const id: Record<string, number> = {};
  let plan: number;
  const card = (who: number, extra: Record<string, unknown> = {}) => ({
    name: 'My FY',
    level: 'employee',
    employeeId: who,
    annualPlanId: plan,
    includeKeyPerformanceArea: 'No',
    ...extra,
  });

  beforeAll(async () => {
    t = await startTestStratum(backend);
    exec = (await t.addCompany('Onecard', { modules: ['strategic', 'performance'] })).executive;
    emma = await t.addEmployee(exec, 'Emma', 'Ployee', 'emma@onecard.example');
    await t.addEmployee(exec, 'Olga', 'Other', 'olga@onecard.example');
    for (const who of ['emma', 'olga'])
      id[who] = (await exec.get(`employee?email=${who}@onecard.example`)).body.data.list[0].id;
    const strategic = (
      await exec.post('strategic-plan/add', { description: 'Vision', startDate: isoDay(-400), endDate: isoDay(2000) })
    ).body.data.strategic;
    const p = await exec.post('annual-plan/add', {
      name: 'FY',
      strategicPlanId: strategic.id,
      startDate: isoDay(-10),
      endDate: isoDay(354),
    });
    ok(p);
    plan = p.body.data.annualPlan.id;
  });
  afterAll(() => t.close());

  it('refuses an employee a second scorecard for the same plan, naming whose and which', async () => {
    const first = await emma.post('performance-scorecard/add', card(id.emma));
    ok(first);
    id.first = first.body.data.scorecard.id;
    const second = await emma.post('performance-scorecard/add', card(id.emma, { name: 'Another FY' }));
    expect(second.status).toBe(409);
    expect(second.body.err_msg).toBe(
      'Emma Ployee already has a scorecard for this annual plan ("My FY"); a second one would be counted twice. Add the KPIs to that scorecard instead',
    );
    // nothing half-written
    const mine = (await exec.get(`performance-scorecard?employeeId=${id.emma}&annualPlanId=${plan}`)).body.data.list;
    expect(mine.map((s: { id: number }) => s.id)).toEqual([id.first]);
  });

  it('keeps a periodic scorecard of a quarter apart from the annual one, once per quarter', async () => {
    ok(await exec.post('performance-scorecard/add', card(id.emma, { period: 'Periodic', quarterIndex: 0 })));
    ok(await exec.post('performance-scorecard/add', card(id.emma, { period: 'Periodic', quarterIndex: 1 })));
    const twice = await exec.post('performance-scorecard/add', card(id.emma, { period: 'Periodic', quarterIndex: 1 }));
    expect(twice.status).toBe(409);
  });

  it('refuses moving a scorecard onto an employee who has one, and lets it be saved as it is', async () => {
    const olga = await exec.post('performance-scorecard/add', card(id.olga, { name: 'Olga FY' }));
    ok(olga);
    const record = olga.body.data.scorecard;
    const moved = await exec.post('performance-scorecard/update', {
      id: record.id,
      version: record.version,
      employeeId: id.emma,
    });
    expect(moved.status).toBe(409);
    expect(moved.body.err_msg).toMatch(/^Emma Ployee already has a scorecard/);
    // its own row is not a second one of itself
    ok(await exec.post('performance-scorecard/update', { id: record.id, version: record.version, name: 'Olga FY 2' }));
  });
});
