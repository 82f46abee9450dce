import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../support/backends.ts';
import { startTestStratum, type Client, type Reply, type TestStratum } from '../support/test-stratum.ts';
import { isoDay } from '../support/iso-day.ts';

const ok = (r: Reply) => expect(r.status, r.body.err_msg ?? '').toBe(200);

/**
 * What a review's Add form offers: the scorecards an agreement or assessment may be made for by the caller
 * (`?pickableFor=<entity>.scorecardId`, the scorecard's employee being the review's owner, x-ownerFrom), and the
 * review's type only to the PM committee (x-writeRoles).
 */
describe.each(backends())('review add choices on $name', (backend) => {
  let t: TestStratum;
  let exec: Client;
  let sam: Client; // Emma's supervisor
  let emma: Client;
  const id: Record<string, number> = {};
  const ids = (r: Reply) => r.body.data.list.map((s: { id: number }) => s.id).sort((a: number, b: number) => a - b);

  beforeAll(async () => {
    t = await startTestStratum(backend);
    exec = (await t.addCompany('Pickco', { modules: ['strategic', 'performance'] })).executive;
    sam = await t.addEmployee(exec, 'Sam', 'Super', 'sam@pickco.example');
    emma = await t.addEmployee(exec, 'Emma', 'Ployee', 'emma@pickco.example');
    await t.addEmployee(exec, 'Olga', 'Other', 'olga@pickco.example');
    for (const who of ['sam', 'emma', 'olga'])
      id[who] = (await exec.get(`employee?email=${who}@pickco.example`)).body.data.list[0].id;
    const e = (await exec.get(`employee/${id.emma}`)).body.data.employee;
    ok(await exec.post('employee/update', { id: id.emma, version: e.version, supervisorId: id.sam }));
    const strategic = (
      await exec.post('strategic-plan/add', { description: 'Vision', startDate: isoDay(-400), endDate: isoDay(2000) })
    ).body.data.strategic;
    const plan = (
      await exec.post('annual-plan/add', {
        name: 'FY',
        strategicPlanId: strategic.id,
        startDate: isoDay(-10),
        endDate: isoDay(354),
      })
    ).body.data.annualPlan.id;
    const card = async (values: Record<string, unknown>) => {
      const r = await exec.post('performance-scorecard/add', {
        annualPlanId: plan,
        includeKeyPerformanceArea: 'No',
        ...values,
      });
      ok(r);
      return r.body.data.scorecard.id as number;
    };
    // the company's scorecard, shown to employees (so that they read it), and one of each employee
    id.company = await card({ name: 'Company FY', level: 'corporate' });
    const company = (await exec.get(`performance-scorecard/${id.company}`)).body.data.scorecard;
    ok(await exec.post('performance-scorecard/update', { id: id.company, version: company.version, visible: true }));
    for (const who of ['sam', 'emma', 'olga'])
      id[`${who}Card`] = await card({ name: `${who} FY`, level: 'employee', employeeId: id[who] });
  });
  afterAll(() => t.close());

  it('offers an employee only the scorecards an agreement or assessment may be made for', async () => {
    for (const entity of ['performance-agreement', 'performance-assessment']) {
      const query = `performance-scorecard?pickableFor=${entity}.scorecardId&limit=50`;
      // the company's scorecard is readable to Emma, yet no agreement of hers may name it
      expect(ids(await emma.get('performance-scorecard?limit=50'))).toContain(id.company);
      expect(ids(await emma.get(query))).toEqual([id.emmaCard]);
      // her supervisor: his own and hers
      expect(ids(await sam.get(query))).toEqual([id.samCard, id.emmaCard].sort((a, b) => a - b));
      // the PM committee: every one
      expect(ids(await exec.get(query))).toEqual(
        [id.company, id.samCard, id.emmaCard, id.olgaCard].sort((a, b) => a - b),
      );
    }
    // the add refuses what the list leaves out, and takes what it offers
    expect((await emma.post('performance-agreement/add', { scorecardId: id.company })).status).toBe(403);
    ok(await emma.post('performance-agreement/add', { scorecardId: id.emmaCard }));
    const bad = await emma.get('performance-scorecard?pickableFor=performance-agreement.personalNote');
    expect(bad.status).toBe(400);
  });

  it('gives the type of a review to the PM committee alone', async () => {
    const agreement = (await exec.get(`performance-agreement?scorecardId=${id.emmaCard}`)).body.data.list[0];
    expect(agreement.type).toBe('Personal');
    expect(agreement._allowed.readOnlyFields ?? []).not.toContain('type');
    const asEmma = (await emma.get(`performance-agreement/${agreement.id}`)).body.data;
    const record = asEmma[Object.keys(asEmma)[0]];
    expect(record._allowed.readOnlyFields).toContain('type');
    const typed = await sam.post('performance-agreement/add', { scorecardId: id.samCard, type: 'Corporate' });
    expect(typed.status).toBe(403);
  });
});
