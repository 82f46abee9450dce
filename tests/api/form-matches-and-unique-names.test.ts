import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../support/backends.ts';
import { startTestStratum, type Client, type Reply, type TestStratum } from '../support/test-stratum.ts';

const ok = (r: Reply) => expect(r.status, r.body.err_msg ?? '').toBe(200);
const MODULES = ['strategic', 'strategy-management', 'strategic-projects', 'contract-management', 'performance'];

/**
 * A reference that must belong where the form's record belongs (`x-refMatch`: a pillar's perspective of the pillar's
 * plan) is refused otherwise, naming the field; names that differ only in case or surrounding spaces are one name.
 */
describe.each(backends())('reference matches and case-blind unique names on $name', (backend) => {
  let t: TestStratum;
  let exec: Client;
  const id: Record<string, number> = {};
  const first = (r: Reply) => {
    ok(r);
    return Object.values(r.body.data as Record<string, Record<string, any>>)[0];
  };
  const add = async (entity: string, body: object) => first(await exec.post(`${entity}/add`, body));

  beforeAll(async () => {
    t = await startTestStratum(backend);
    exec = (await t.addCompany('Matchco', { modules: MODULES })).executive;
    id.plan = (
      await add('strategic-plan', { description: 'Vision 2030', startDate: '2026-01-01', endDate: '2030-12-31' })
    ).id;
    id.other = (
      await add('strategic-plan', { description: 'Vision 2040', startDate: '2031-01-01', endDate: '2040-12-31' })
    ).id;
    id.finance = (await add('perspective', { strategicPlanId: id.plan, name: 'Finance' })).id;
    id.otherFinance = (await add('perspective', { strategicPlanId: id.other, name: 'Finance' })).id;
  });
  afterAll(() => t.close());

  it("refuses a pillar's perspective of another plan, on add and update, and offers the plan's own through the list filter", async () => {
    const wrong = await exec.post('strategic-pillar/add', {
      strategicPlanId: id.plan,
      name: 'Growth',
      perspectiveId: id.otherFinance,
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toEqual([
      { field: 'perspectiveId', message: 'Perspective belongs to another strategic plan than this pillar' },
    ]);
    const pillar = await add('strategic-pillar', {
      strategicPlanId: id.plan,
      name: 'Growth',
      perspectiveId: id.finance,
    });
    expect(
      (
        await exec.post('strategic-pillar/update', {
          id: pillar.id,
          version: pillar.version,
          perspectiveId: id.otherFinance,
        })
      ).status,
    ).toBe(422);
    // what the form's select asks: the declared match as a filter of the perspectives
    const meta = (await exec.get('meta')).body.data;
    expect(
      meta.entities.find((e: { name: string }) => e.name === 'strategic-pillar').schema.properties.perspectiveId[
        'x-refMatch'
      ],
    ).toEqual({ strategicPlanId: 'strategicPlanId' });
    expect(
      (await exec.get(`perspective?strategicPlanId=${id.plan}`)).body.data.list.map((p: { id: number }) => p.id),
    ).toEqual([id.finance]);
    id.pillar = pillar.id;
  });

  it("judges a match named through another reference (an objective's perspective of its pillar's plan), in German too", async () => {
    const objective = t.stratum.registry.entity('pillar-objective');
    expect(objective.field.get('perspectiveId')!.schema['x-refMatch']).toEqual({
      strategicPlanId: 'pillarId.strategicPlanId',
    });
    const wrong = await exec.post('pillar-objective/add?lang=de', {
      pillarId: id.pillar,
      name: 'Exports',
      perspectiveId: id.otherFinance,
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors, JSON.stringify(wrong.body)).toEqual([
      { field: 'perspectiveId', message: expect.stringContaining('Perspektive') },
    ]);
    ok(await exec.post('pillar-objective/add', { pillarId: id.pillar, name: 'Exports', perspectiveId: id.finance }));
  });

  it("refuses a strategic project's pillar of another project plan and a contract's service of another third party", async () => {
    const planA = await add('project-plan', {
      strategicPlanId: id.plan,
      name: 'Projects 2026',
      startDate: '2026-01-01',
      endDate: '2026-12-31',
    });
    const planB = await add('project-plan', {
      strategicPlanId: id.plan,
      name: 'Projects 2027',
      startDate: '2027-01-01',
      endDate: '2027-12-31',
    });
    const pillarB = await add('project-pillar', { projectPlanId: planB.id, name: 'Digital' });
    const project = await exec.post('strategic-project/add', {
      projectPlanId: planA.id,
      name: 'New portal',
      projectPillarId: pillarB.id,
    });
    expect(project.status).toBe(422);
    expect(project.body.errors?.[0].field).toBe('projectPillarId');
    const acme = await add('third-party', { name: 'Acme' });
    const globex = await add('third-party', { name: 'Globex' });
    const cleaning = await add('contracted-service', { thirdPartyId: globex.id, name: 'Cleaning' });
    const contract = await exec.post('contract/add', {
      thirdPartyId: acme.id,
      contractedServiceId: cleaning.id,
      title: 'Cleaning 2026',
      startDate: '2026-01-01',
      endDate: '2026-12-31',
    });
    expect(contract.status).toBe(422);
    expect(contract.body.errors).toEqual([
      {
        field: 'contractedServiceId',
        message: expect.stringMatching(/^Contracted service belongs to another third party than this contract$/i),
      },
    ]);
  });

  it('treats names that differ only in case or surrounding spaces as the same name, naming the fields by their labels', async () => {
    const twin = await exec.post('perspective/add', { strategicPlanId: id.plan, name: ' finance  ' });
    expect(twin.status).toBe(409);
    expect(twin.body.err_msg).toBe('Another perspective already has this strategic plan and name');
    const bn = await exec.post('perspective/add?lang=bn', { strategicPlanId: id.plan, name: 'FINANCE' });
    expect(bn.status).toBe(409);
    expect(bn.body.err_msg).toMatch(/[\u0980-\u09FF]/);
    // another plan's perspective of the same name, and a different name, are fine
    ok(await exec.post('perspective/add', { strategicPlanId: id.other, name: 'Customers' }));
    const customers = await add('perspective', { strategicPlanId: id.plan, name: 'Customers' });
    // renaming into another's name in other case is refused too
    expect(
      (await exec.post('perspective/update', { id: customers.id, version: customers.version, name: 'FINANCE' })).status,
    ).toBe(409);
    // a module's code, which the engine upserts by, stays exact
    expect(t.stratum.registry.entity('module').field.get('code')!.schema['x-caseSensitive']).toBeUndefined();
  });
});
