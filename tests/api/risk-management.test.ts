import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultRiskTable, riskColour } from '../../engine/hooks/risk-management/risk.ts';
import { backends } from '../support/backends.ts';
import { startTestStratum, type Client, type Reply, type TestStratum } from '../support/test-stratum.ts';

const ok = (r: Reply) => expect(r.status, r.body.err_msg ?? '').toBe(200);

describe.each(backends())('risk management on $name', (backend) => {
  let t: TestStratum;
  let exec: Client; // the executive: admin access to the module
  let emma: Client; // an employee without admin access
  let other: Client; // the executive of another company
  const id: Record<string, number> = {};
  const count = async (path: string) => (await exec.get(path)).body.data.total as number;

  beforeAll(async () => {
    t = await startTestStratum(backend);
    exec = (await t.addCompany('Riskco', { modules: ['risk-management'] })).executive;
    emma = await t.addEmployee(exec, 'Emma', 'Ployee', 'emma@riskco.example');
    other = (await t.addCompany('Otherco', { modules: ['risk-management'] })).executive;
  });
  afterAll(() => t.close());

  it('titles the risk calls as the spec writes them', () => {
    const en = t.stratum.registry.messages.en;
    const title = (entity: string, call: string) => en[t.stratum.registry.entity(entity).errors[call]];
    expect(title('risk-rating-type', 'list')).toBe('Get risk rating type Failed');
    expect(title('risk', 'add')).toBe('Add Risk Failed');
    expect(title('residual-rating', 'add')).toBe('Set Residual Rating Failed');
    expect(title('residual-rating', 'update')).toBe('Update Residual Rating Failed');
  });

  it("sets up each company's own risk matrix from the default table on first use", async () => {
    const r = await exec.get('risk-rating/matrix');
    ok(r);
    const matrix = r.body.data.matrix as Record<string, any>[];
    expect(matrix.map((c) => [c.impact, c.likelihood, c.ratingScore, c.rating])).toEqual(
      defaultRiskTable().map((e) => [e.impact, e.likelihood, e.ratingScore, e.rating]),
    );
    for (const c of matrix) expect(c.colour).toBe(riskColour(c.level));
    expect(await count('risk-rating')).toBe(25);
    expect((await exec.get('risk-rating-type?sort=id')).body.data.list.map((x: { name: string }) => x.name)).toEqual([
      'Low',
      'Moderate',
      'High',
      'Extreme',
    ]);
    // asking again sets up nothing more
    ok(await exec.get('risk-rating/matrix'));
    expect(await count('risk-rating')).toBe(25);
    expect(await count('audit-trail?entity=risk-rating')).toBe(25);
  });

  it('lets only employees with module admin access change the set-up', async () => {
    const type = await exec.post('risk-rating-type/add', {
      name: 'Critical',
      level: 'Extreme',
      description: 'Board attention',
    });
    ok(type);
    id.critical = type.body.data.riskRatingType.id;
    expect((await emma.post('risk-rating-type/add', { name: 'Mine', level: 'Low' })).status).toBe(403);
    expect((await emma.post('risk-rating-type/update', { id: id.critical, version: 1, name: 'Mine' })).status).toBe(
      403,
    );
    expect((await emma.post('risk-rating-type/delete', { id: id.critical })).status).toBe(403);
    expect((await emma.post('risk-category/add', { name: 'Mine', kind: 'Strategic' })).status).toBe(403);
    const cell = (await exec.get('risk-rating?impact=Minor&likelihood=Rare')).body.data.list[0];
    const refused = await emma.post('risk-rating/update', { id: cell.id, version: cell.version, ratingScore: 3 });
    expect(refused.status).toBe(403);
    expect(refused.body.err_msg).toMatch(/admin access to the module “Risk management”/);
    // the matrix is always the full 5 × 5: cells are changed, never added or removed
    expect(
      (
        await exec.post('risk-rating/add', {
          impact: 'Minor',
          likelihood: 'Rare',
          ratingScore: 2,
          riskRatingTypeId: id.critical,
        })
      ).status,
    ).toBe(403);
    expect((await exec.post('risk-rating/delete', { id: cell.id })).status).toBe(403);
    // employees read the set-up
    ok(await emma.get('risk-rating-type'));
    ok(await emma.get('risk-rating'));
  });

  it('keeps strategic and operational categories apart, each with real endpoints', async () => {
    const strategic = await exec.post('risk-category/add', { name: 'Market', kind: 'Strategic' });
    ok(strategic);
    id.market = strategic.body.data.riskCategory.id;
    const operational = await exec.post('risk-category/add', { name: 'Process', kind: 'Operational' });
    ok(operational);
    id.process = operational.body.data.riskCategory.id;
    expect(
      (await exec.get('risk-category?kind=Operational')).body.data.list.map((c: { name: string }) => c.name),
    ).toEqual(['Process']);
    expect(
      (await exec.get('risk-category?kind=Strategic')).body.data.list.map((c: { name: string }) => c.name),
    ).toEqual(['Market']);
    const renamed = await exec.post('risk-category/update', { id: id.process, version: 1, name: 'Processes' });
    ok(renamed);
    expect(renamed.body.data.riskCategory.name).toBe('Processes');
  });

  let strategicRisk: Record<string, any>;
  it('identifies a strategic risk whose inherent rating the server derives from impact and likelihood', async () => {
    const r = await exec.post('risk/add', {
      name: 'New competitor',
      kind: 'Strategic',
      impact: 'Major',
      likelihood: 'Likely',
      riskCategoryId: id.market,
    });
    ok(r);
    strategicRisk = r.body.data.risk;
    expect(strategicRisk).toMatchObject({ ratingScore: 16, rating: 'High' });
    // the rating is never taken from the client
    const forged = await exec.post('risk/add', {
      name: 'Forged',
      kind: 'Strategic',
      impact: 'Minor',
      likelihood: 'Rare',
      ratingScore: 1,
      rating: 'Low',
    });
    expect(forged.status).toBe(422);
    expect(forged.body.errors).toEqual([
      { field: 'ratingScore', message: 'Inherent rating score is read-only' },
      { field: 'rating', message: 'Inherent rating is read-only' },
    ]);
    const changed = await exec.post('risk/update', {
      id: strategicRisk.id,
      version: strategicRisk.version,
      likelihood: 'Certain',
    });
    ok(changed);
    strategicRisk = changed.body.data.risk;
    expect(strategicRisk).toMatchObject({ ratingScore: 20, rating: 'Extreme' });
    const trail = (await exec.get(`audit-trail?entity=risk&recordId=${strategicRisk.id}&sort=id`)).body.data.list;
    expect(trail.map((e: { action: string }) => e.action)).toEqual(['add', 'update']);
    expect(trail[1].after).toMatchObject({ likelihood: 'Certain', ratingScore: 20, rating: 'Extreme' });
  });

  it('refuses an unknown impact or likelihood with a 4xx that names it, writing nothing', async () => {
    const before = await count('risk');
    const impact = await exec.post('risk/add', {
      name: 'Odd',
      kind: 'Strategic',
      impact: 'Huge',
      likelihood: 'Likely',
    });
    expect(impact.status).toBe(422);
    expect(impact.body.errors).toEqual([
      { field: 'impact', message: 'Impact must be Insignificant, Minor, Moderate, Major or Catastrophic' },
    ]);
    const likelihood = await exec.post('residual-rating/add', {
      riskId: strategicRisk.id,
      impact: 'Major',
      likelihood: 'Sometimes',
    });
    expect(likelihood.status).toBe(422);
    expect(likelihood.body.err_msg).toMatch(/Likelihood must be Rare, Unlikely, Possible, Likely or Certain/);
    const cell = await exec.get('risk/in-cell?impact=Huge&likelihood=Rare');
    expect(cell.status).toBe(422);
    expect(cell.body.err_msg).toMatch(/^Impact must be Insignificant, Minor, Moderate, Major or Catastrophic$/);
    expect(await count('risk')).toBe(before);
  });

  let operationalRisk: Record<string, any>;
  it('gives operational risks a start and an end date, the end never before the start', async () => {
    const undated = await exec.post('risk/add', {
      name: 'Outage',
      kind: 'Operational',
      impact: 'Moderate',
      likelihood: 'Possible',
    });
    expect(undated.status).toBe(422);
    expect(undated.body.errors).toEqual([
      { field: 'startDate', message: 'Start date is required for an operational risk' },
      { field: 'endDate', message: 'End date is required for an operational risk' },
    ]);
    const backwards = await exec.post('risk/add', {
      name: 'Outage',
      kind: 'Operational',
      impact: 'Moderate',
      likelihood: 'Possible',
      startDate: '2027-03-01',
      endDate: '2027-02-28',
    });
    expect(backwards.status).toBe(422);
    expect(backwards.body.errors).toEqual([{ field: 'endDate', message: 'End date must not be before Start date' }]);
    const wrongKind = await exec.post('risk/add', {
      name: 'Outage',
      kind: 'Operational',
      impact: 'Moderate',
      likelihood: 'Possible',
      startDate: '2027-01-01',
      endDate: '2027-12-31',
      riskCategoryId: id.market,
    });
    expect(wrongKind.status).toBe(422);
    expect(wrongKind.body.errors).toEqual([
      {
        field: 'riskCategoryId',
        message: 'Risk category is for risks of the kind Strategic; this risk is of the kind Operational',
      },
    ]);
    const r = await exec.post('risk/add', {
      name: 'Outage',
      kind: 'Operational',
      impact: 'Moderate',
      likelihood: 'Possible',
      startDate: '2027-01-01',
      endDate: '2027-12-31',
      riskCategoryId: id.process,
    });
    ok(r);
    operationalRisk = r.body.data.risk;
    expect(operationalRisk).toMatchObject({
      ratingScore: 9,
      rating: 'Moderate',
      startDate: '2027-01-01',
      endDate: '2027-12-31',
    });
    const moved = await exec.post('risk/update', {
      id: operationalRisk.id,
      version: operationalRisk.version,
      startDate: '2028-01-01',
    });
    expect(moved.status).toBe(422);
    expect(moved.body.errors).toEqual([{ field: 'endDate', message: 'End date must not be before Start date' }]);
    expect((await exec.get('risk?kind=Operational')).body.data.list.map((x: { id: number }) => x.id)).toEqual([
      operationalRisk.id,
    ]);
  });

  it('adds risks in bulk in one transaction: one bad row and nothing is written', async () => {
    const before = await count('risk');
    const good = (name: string) => ({ name, kind: 'Strategic', impact: 'Minor', likelihood: 'Unlikely' });
    const badEnum = await exec.post('risk/bulk-add', { items: [good('A1'), { ...good('A2'), impact: 'Tiny' }] });
    expect(badEnum.status).toBe(422);
    expect(badEnum.body.errors).toEqual([
      {
        field: 'items.1.impact',
        message: 'Row 2: Impact must be Insignificant, Minor, Moderate, Major or Catastrophic',
      },
    ]);
    // a row that passes the schema but breaks a rule fails after earlier rows were written: they are rolled back
    const badRule = await exec.post('risk/bulk-add', {
      items: [
        good('B1'),
        good('B2'),
        {
          name: 'B3',
          kind: 'Operational',
          impact: 'Minor',
          likelihood: 'Rare',
          startDate: '2027-02-01',
          endDate: '2027-01-01',
        },
      ],
    });
    expect(badRule.status).toBe(422);
    expect(badRule.body.errors).toEqual([
      { field: 'items.2.endDate', message: 'End date must not be before Start date' },
    ]);
    expect(await count('risk')).toBe(before);
    expect((await emma.post('risk/bulk-add', { items: [good('E1')] })).status).toBe(403);
    const r = await exec.post('risk/bulk-add', {
      items: [
        good('C1'),
        { ...good('C2'), impact: 'Catastrophic', likelihood: 'Certain' },
        { ...good('C3'), kind: 'Operational', startDate: '2027-01-01', endDate: '2027-06-30' },
      ],
    });
    ok(r);
    expect(r.body.data.list.map((x: Record<string, unknown>) => [x.name, x.ratingScore, x.rating])).toEqual([
      ['C1', 4, 'Low'],
      ['C2', 25, 'Extreme'],
      ['C3', 4, 'Low'],
    ]);
    expect(await count('risk')).toBe(before + 3);
    id.c1 = r.body.data.list[0].id;
    id.c2 = r.body.data.list[1].id;
    id.c3 = r.body.data.list[2].id;
  });

  it('deletes risks in bulk, all or none', async () => {
    const before = await count('risk');
    const unknown = await exec.post('risk/bulk-delete', { ids: [id.c1, 999999] });
    expect(unknown.status).toBe(404);
    expect(unknown.body.err_msg).toMatch(/No risk with id 999999/);
    expect(await count('risk')).toBe(before);
    expect((await emma.post('risk/bulk-delete', { ids: [id.c1] })).status).toBe(403);
    expect((await exec.post('risk/bulk-delete', { ids: [] })).status).toBe(400);
    expect((await exec.post('risk/bulk-delete', { ids: [id.c1, id.c1] })).status).toBe(422);
    const r = await exec.post('risk/bulk-delete', { ids: [id.c1, id.c2] });
    ok(r);
    expect(r.body.data.list.map((x: { id: number }) => x.id)).toEqual([id.c1, id.c2]);
    expect(await count('risk')).toBe(before - 2);
    expect((await exec.get(`risk/${id.c1}`)).status).toBe(404);
    const trail = (await exec.get(`audit-trail?entity=risk&recordId=${id.c2}&sort=id`)).body.data.list;
    expect(trail.map((e: { action: string }) => e.action)).toEqual(['add', 'delete']);
    expect(trail[1]).toMatchObject({ before: { name: 'C2' }, after: null });
  });

  it('records controls (Preventative, Detective or Reactive) with their effectiveness', async () => {
    const r = await exec.post('risk-control/add', {
      riskId: strategicRisk.id,
      name: 'Price monitoring',
      controlType: 'Detective',
      effectiveness: 'Partially Effective',
    });
    ok(r);
    id.control = r.body.data.riskControl.id;
    ok(
      await exec.post('risk-control/add', {
        riskId: strategicRisk.id,
        name: 'Long contracts',
        controlType: 'Preventative',
        effectiveness: 'Effective',
      }),
    );
    const wrong = await exec.post('risk-control/add', {
      riskId: strategicRisk.id,
      name: 'Hope',
      controlType: 'Corrective',
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toEqual([
      { field: 'controlType', message: 'Control type must be Preventative, Detective or Reactive' },
    ]);
    expect(
      (await emma.post('risk-control/add', { riskId: strategicRisk.id, name: 'Mine', controlType: 'Reactive' })).status,
    ).toBe(403);
    const list = (await exec.get(`risk-control?riskId=${strategicRisk.id}`)).body.data.list;
    expect(list.map((c: Record<string, unknown>) => [c.name, c.controlType, c.effectiveness])).toEqual([
      ['Long contracts', 'Preventative', 'Effective'],
      ['Price monitoring', 'Detective', 'Partially Effective'],
    ]);
    const updated = await exec.post('risk-control/update', { id: id.control, version: 1, effectiveness: 'Effective' });
    ok(updated);
  });

  let residual: Record<string, any>;
  it('sets one residual rating per risk, rated by the server like the inherent one', async () => {
    const r = await exec.post('residual-rating/add', {
      riskId: strategicRisk.id,
      impact: 'Moderate',
      likelihood: 'Unlikely',
      comment: 'After the controls',
    });
    ok(r);
    residual = r.body.data.residualRating;
    expect(residual).toMatchObject({ ratingScore: 6, rating: 'Moderate', label: 'Moderate (6)' });
    const twice = await exec.post('residual-rating/add', {
      riskId: strategicRisk.id,
      impact: 'Minor',
      likelihood: 'Rare',
    });
    expect(twice.status).toBe(409);
    const forged = await exec.post('residual-rating/update', {
      id: residual.id,
      version: residual.version,
      rating: 'Low',
    });
    expect(forged.status).toBe(422);
    const changed = await exec.post('residual-rating/update', {
      id: residual.id,
      version: residual.version,
      likelihood: 'Rare',
    });
    ok(changed);
    residual = changed.body.data.residualRating;
    expect(residual).toMatchObject({ ratingScore: 3, rating: 'Low' });
    expect(
      (
        await emma.post('residual-rating/update', {
          id: residual.id,
          version: residual.version,
          likelihood: 'Possible',
        })
      ).status,
    ).toBe(403);
    expect(
      (await exec.get(`residual-rating?riskId=${strategicRisk.id}`)).body.data.list.map((x: { id: number }) => x.id),
    ).toEqual([residual.id]);
  });

  it('tracks mitigations with progress notes that move their progress and status', async () => {
    const m = await exec.post('mitigation/add', {
      riskId: strategicRisk.id,
      name: 'Loyalty programme',
      dueDate: '2027-06-30',
    });
    ok(m);
    const mitigation = m.body.data.mitigation;
    expect(mitigation).toMatchObject({ progress: 0, status: 'In Progress' });
    expect(
      (await exec.post('mitigation/update', { id: mitigation.id, version: mitigation.version, status: 'Complete' }))
        .status,
    ).toBe(422);
    ok(
      await exec.post('mitigation-progress/add', {
        mitigationId: mitigation.id,
        description: 'Pilot in two regions',
        progress: 40,
      }),
    );
    expect((await exec.get(`mitigation/${mitigation.id}`)).body.data.mitigation).toMatchObject({
      progress: 40,
      status: 'In Progress',
    });
    ok(
      await exec.post('mitigation-progress/add', {
        mitigationId: mitigation.id,
        description: 'Rolled out',
        progress: 100,
      }),
    );
    const done = (await exec.get(`mitigation/${mitigation.id}`)).body.data.mitigation;
    expect(done).toMatchObject({ progress: 100, status: 'Complete' });
    expect(done.progressList.map((n: { description: string }) => n.description).sort()).toEqual([
      'Pilot in two regions',
      'Rolled out',
    ]);
    const bad = await exec.post('mitigation-progress/add', {
      mitigationId: mitigation.id,
      description: 'Too far',
      progress: 120,
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors?.[0].field).toBe('progress');
    expect(
      (await emma.post('mitigation-progress/add', { mitigationId: mitigation.id, description: 'Mine', progress: 10 }))
        .status,
    ).toBe(403);
    const trail = (await exec.get(`audit-trail?entity=mitigation&recordId=${mitigation.id}&sort=id`)).body.data.list;
    expect(trail.map((e: { action: string }) => e.action)).toEqual(['add', 'update-progress', 'update-progress']);
  });

  it('reads a detailed risk: its controls, residual rating, mitigations and their progress', async () => {
    const r = await emma.get(`risk/${strategicRisk.id}`);
    ok(r);
    const risk = r.body.data.risk;
    expect(risk.riskControlList).toHaveLength(2);
    expect(risk.residualRatingList.map((x: { rating: string }) => x.rating)).toEqual(['Low']);
    expect(risk.mitigationList[0].progressList).toHaveLength(2);
    const detailed = await emma.get('risk/detailed?kind=Strategic&sort=name');
    ok(detailed);
    const strategic = detailed.body.data.risks.list;
    expect(strategic.every((x: { kind: string }) => x.kind === 'Strategic')).toBe(true);
    expect(
      strategic.find((x: { id: number }) => x.id === strategicRisk.id).mitigationList[0].progressList,
    ).toHaveLength(2);
    const operational = (await emma.get('risk/detailed?kind=Operational')).body.data.risks.list;
    expect(operational.map((x: { id: number }) => x.id).sort()).toEqual([operationalRisk.id, id.c3].sort());
    expect(operational[0]).toHaveProperty('riskControlList');
  });

  it('shows the risks on the heat map, inherent and residual, each cell coloured by its rating', async () => {
    const r = await emma.get('risk/heat-map');
    ok(r);
    const cells = r.body.data.heatMap.cells as Record<string, any>[];
    expect(cells).toHaveLength(25);
    const at = (impact: string, likelihood: string) =>
      cells.find((c) => c.impact === impact && c.likelihood === likelihood)!;
    expect(at('Major', 'Certain')).toMatchObject({
      ratingScore: 20,
      rating: 'Extreme',
      colour: 'red',
      inherent: 1,
      residual: 0,
    });
    expect(at('Moderate', 'Rare')).toMatchObject({ rating: 'Low', colour: 'green', inherent: 0, residual: 1 });
    expect(at('Moderate', 'Possible')).toMatchObject({ colour: 'yellow', inherent: 1 });
    expect(
      (await emma.get('risk/heat-map?kind=Operational')).body.data.heatMap.cells.find(
        (c: Record<string, unknown>) => c.impact === 'Major' && c.likelihood === 'Certain',
      ).inherent,
    ).toBe(0);
    const inherent = (await emma.get('risk/in-cell?impact=Major&likelihood=Certain')).body.data.cell;
    expect(inherent.list.map((x: { name: string }) => x.name)).toEqual(['New competitor']);
    expect(inherent.total).toBe(1);
    const after = (await emma.get('risk/in-cell?impact=Moderate&likelihood=Rare&view=residual')).body.data.cell;
    expect(after.list).toEqual([
      expect.objectContaining({ id: strategicRisk.id, residualRating: 'Low', rating: 'Extreme' }),
    ]);
  });

  it('re-rates stored risks when the company edits its matrix', async () => {
    const cell = (await exec.get('risk-rating?impact=Major&likelihood=Certain')).body.data.list[0];
    const r = await exec.post('risk-rating/update', {
      id: cell.id,
      version: cell.version,
      ratingScore: 22,
      riskRatingTypeId: id.critical,
    });
    ok(r);
    const risk = (await exec.get(`risk/${strategicRisk.id}`)).body.data.risk;
    expect(risk).toMatchObject({ ratingScore: 22, rating: 'Critical' });
    expect(risk.version).toBe(strategicRisk.version + 1);
    const trail = (await exec.get(`audit-trail?entity=risk&recordId=${strategicRisk.id}&sort=id`)).body.data.list;
    expect(trail.at(-1)).toMatchObject({
      action: 'rerate',
      before: { ratingScore: 20, rating: 'Extreme' },
      after: { ratingScore: 22, rating: 'Critical' },
    });
    // a renamed rating type renames the ratings that use it
    const type = (await exec.get(`risk-rating-type/${id.critical}`)).body.data.riskRatingType;
    ok(await exec.post('risk-rating-type/update', { id: type.id, version: type.version, name: 'Severe' }));
    expect((await exec.get(`risk/${strategicRisk.id}`)).body.data.risk.rating).toBe('Severe');
    // a rating type still used by the matrix is not deleted
    expect((await exec.post('risk-rating-type/delete', { id: type.id })).status).toBe(409);
    const heat = (await exec.get('risk/heat-map')).body.data.heatMap.cells.find(
      (c: Record<string, unknown>) => c.impact === 'Major' && c.likelihood === 'Certain',
    );
    expect(heat).toMatchObject({ ratingScore: 22, rating: 'Severe', level: 'Extreme', colour: 'red' });
  });

  it('sets a matrix up once when two calls first need it at the same time', async () => {
    const third = (await t.addCompany('Thirdco', { modules: ['risk-management'] })).executive;
    const [a, b] = await Promise.all([
      third.get('risk-rating/matrix'),
      third.post('risk/add', { name: 'Race', kind: 'Strategic', impact: 'Minor', likelihood: 'Rare' }),
    ]);
    ok(a);
    ok(b);
    expect((await third.get('risk-rating')).body.data.total).toBe(25);
    expect((await third.get('risk-rating-type')).body.data.total).toBe(4);
  });

  it('keeps each company to its own risks and matrix', async () => {
    const theirs = await other.get('risk?limit=500');
    ok(theirs);
    expect(theirs.body.data.list).toEqual([]);
    expect((await other.get(`risk/${strategicRisk.id}`)).status).toBe(404);
    expect((await other.get('risk/detailed')).body.data.risks).toMatchObject({ list: [], total: 0 });
    expect([403, 404]).toContain(
      (await other.post('risk/update', { id: strategicRisk.id, version: 1, name: 'Taken' })).status,
    );
    expect((await other.post('risk/delete', { id: strategicRisk.id })).status).toBe(404);
    expect((await other.post('risk/bulk-delete', { ids: [strategicRisk.id] })).status).toBe(404);
    const control = await other.post('risk-control/add', {
      riskId: strategicRisk.id,
      name: 'Borrowed',
      controlType: 'Reactive',
    });
    expect(control.status).toBe(422);
    expect(control.body.err_msg).toMatch(/^Risk refers to a record that does not exist$/);
    expect(
      (await other.post('residual-rating/add', { riskId: strategicRisk.id, impact: 'Minor', likelihood: 'Rare' }))
        .status,
    ).toBe(422);
    expect((await other.get('risk/in-cell?impact=Major&likelihood=Certain')).body.data.cell).toMatchObject({
      list: [],
      total: 0,
    });
    const cells = (await other.get('risk/heat-map')).body.data.heatMap.cells as Record<string, any>[];
    expect(cells.every((c) => c.inherent === 0 && c.residual === 0)).toBe(true);
    // its own matrix, still the default one
    expect(cells.find((c) => c.impact === 'Major' && c.likelihood === 'Certain')).toMatchObject({
      ratingScore: 20,
      rating: 'Extreme',
    });
    const ours = (await exec.get('risk-rating?impact=Major&likelihood=Certain')).body.data.list[0];
    expect(
      (await other.post('risk-rating/update', { id: ours.id, version: ours.version, ratingScore: 1 })).status,
    ).toBe(404);
    expect((await exec.get(`risk/${strategicRisk.id}`)).body.data.risk.name).toBe('New competitor');
  });
  it("lets a risk's owner record its mitigations and their action owners note progress; the mitigations follow the risk to a new owner", async () => {
    const rita = await t.addEmployee(exec, 'Rita', 'Owner', 'rita@riskco.example');
    const leo = await t.addEmployee(exec, 'Leo', 'Action', 'leo@riskco.example');
    const me = async (c: Client) => (await c.get('auth/me')).body.data.user.employeeId as number;
    const [ritaId, leoId, emmaId] = [await me(rita), await me(leo), await me(emma)];
    const added = await exec.post('risk/add', {
      name: 'Key staff leave',
      kind: 'Operational',
      startDate: '2027-01-01',
      endDate: '2027-12-31',
      impact: 'Moderate',
      likelihood: 'Possible',
      ownerId: ritaId,
    });
    ok(added);
    const risk = added.body.data.risk;
    // only the risk's owner (and the module's administrators) records its mitigations
    expect((await emma.post('mitigation/add', { riskId: risk.id, name: 'Not mine', ownerId: emmaId })).status).toBe(
      403,
    );
    const m = await rita.post('mitigation/add', { riskId: risk.id, name: 'Succession plan', ownerId: leoId });
    ok(m);
    let mitigation = m.body.data.mitigation;
    expect(mitigation).toMatchObject({ riskOwnerId: ritaId, ownerId: leoId, progress: 0 });
    // the risk owner is derived, never sent
    expect(
      (await rita.post('mitigation/update', { id: mitigation.id, version: mitigation.version, riskOwnerId: emmaId }))
        .status,
    ).toBe(422);
    // the action owner and the risk owner note progress; a colleague does not, nor does the action owner change the mitigation
    ok(
      await leo.post('mitigation-progress/add', {
        mitigationId: mitigation.id,
        description: 'Deputies named',
        progress: 50,
      }),
    );
    ok(
      await rita.post('mitigation-progress/add', {
        mitigationId: mitigation.id,
        description: 'Handbook written',
        progress: 70,
      }),
    );
    expect(
      (await emma.post('mitigation-progress/add', { mitigationId: mitigation.id, description: 'Mine', progress: 90 }))
        .status,
    ).toBe(403);
    mitigation = (await exec.get(`mitigation/${mitigation.id}`)).body.data.mitigation;
    expect(mitigation).toMatchObject({ progress: 70, status: 'In Progress' });
    expect(
      (await leo.post('mitigation/update', { id: mitigation.id, version: mitigation.version, name: 'Renamed' })).status,
    ).toBe(403);
    // the risk changes hands: its mitigations go with it, audited
    ok(await exec.post('risk/update', { id: risk.id, version: risk.version, ownerId: emmaId }));
    mitigation = (await exec.get(`mitigation/${mitigation.id}`)).body.data.mitigation;
    expect(mitigation.riskOwnerId).toBe(emmaId);
    expect(
      (await rita.post('mitigation/update', { id: mitigation.id, version: mitigation.version, name: 'Still mine?' }))
        .status,
    ).toBe(403);
    ok(await emma.post('mitigation/update', { id: mitigation.id, version: mitigation.version, dueDate: '2027-12-31' }));
    const trail = (await exec.get(`audit-trail?entity=mitigation&recordId=${mitigation.id}&sort=id`)).body.data.list;
    expect(trail.map((e: { action: string }) => e.action)).toEqual([
      'add',
      'update-progress',
      'update-progress',
      'follow-risk-owner',
      'update',
    ]);
  });
});
