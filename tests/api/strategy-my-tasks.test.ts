import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../support/backends.ts';
import { startTestStratum, type Client, type TestStratum } from '../support/test-stratum.ts';
import { isoDay } from '../support/iso-day.ts';

const ok = (r: { status: number; body: { err_msg: string | null } }) =>
  expect(r.status, r.body.err_msg ?? '').toBe(200);
const VIEWS = [
  'pending-scorecard',
  'pending-mid-term',
  'pending-final-term',
  'completed-scorecard',
  'completed-mid-term',
  'completed-final-term',
] as const;

/**
 * Strategy management's "my task" lists (the spec's pending and completed scorecard, mid-term and final-term views)
 * hold the scorecards whose step is the caller's: those of the people the caller supervises (who approves a scorecard
 * and accepts its mid-term and final-term reviews), an employee's and a unit head's alike, each in the state its view
 * names; nobody else's, and not the company's every scorecard in that state. Each list is asked as its screen asks it
 * (its preset and owner, from the metadata), so a screen declared otherwise fails here.
 */
describe.each(backends())('strategy management: my tasks on $name', (backend) => {
  let t: TestStratum;
  let exec: Client;
  let sam: Client; // supervises Emma and Uma
  let emma: Client;
  let uma: Client; // heads the Sales unit and owns its scorecard
  let olga: Client; // supervises nobody
  const id: Record<string, number> = {};
  const card: Record<string, number> = {};

  /** The list a view's screen shows to `who`: the screen's preset and owner, as the list screen sends them. */
  const view = async (who: Client, name: (typeof VIEWS)[number]) => {
    const screen = t.stratum.registry.modules
      .get('strategy-management')!
      .screens.find((s) => s.path === `/app/strategy-management/my-task/${name}`)!;
    const query = new URLSearchParams({
      ...(screen.preset as Record<string, string>),
      ...(screen.owner ? { owner: screen.owner } : {}),
      limit: '100',
      sort: 'name',
    });
    const r = await who.get(`${screen.entity}?${query}`);
    ok(r);
    return (r.body.data.list as { name: string }[]).map((s) => s.name);
  };
  const all = async (who: Client) =>
    Object.fromEntries(await Promise.all(VIEWS.map(async (v) => [v, await view(who, v)] as const)));
  const take = async (who: Client, action: string, scorecard: number) =>
    ok(await who.post(`performance-scorecard/${action}`, { id: scorecard }));

  beforeAll(async () => {
    t = await startTestStratum(backend);
    exec = (
      await t.addCompany('Taskline', {
        modules: ['strategic', 'performance', 'strategy-management'],
      })
    ).executive;
    sam = await t.addEmployee(exec, 'Sam', 'Super', 'sam@taskline.example');
    emma = await t.addEmployee(exec, 'Emma', 'Ployee', 'emma@taskline.example');
    uma = await t.addEmployee(exec, 'Uma', 'Head', 'uma@taskline.example');
    olga = await t.addEmployee(exec, 'Olga', 'Other', 'olga@taskline.example');
    for (const who of ['sam', 'emma', 'uma', 'olga'])
      id[who] = (await exec.get(`employee?email=${who}@taskline.example`)).body.data.list[0].id;
    const sales = (await exec.post('business-unit/add', { name: 'Sales' })).body.data.business_unit.id;
    for (const who of ['emma', 'uma']) {
      const e = (await exec.get(`employee/${id[who]}`)).body.data.employee;
      ok(
        await exec.post('employee/update', {
          id: id[who],
          version: e.version,
          supervisorId: id.sam,
        }),
      );
    }
    const strategic = (
      await exec.post('strategic-plan/add', {
        description: 'Vision',
        startDate: isoDay(-400),
        endDate: isoDay(2000),
      })
    ).body.data.strategic;
    const plan = (
      await exec.post('annual-plan/add', {
        name: 'FY',
        strategicPlanId: strategic.id,
        startDate: isoDay(-10),
        endDate: isoDay(354),
      })
    ).body.data.annualPlan;
    const add = async (body: object) => {
      const r = await exec.post('performance-scorecard/add', {
        annualPlanId: plan.id,
        includeKeyPerformanceArea: 'No',
        ...body,
      });
      ok(r);
      return r.body.data.scorecard.id as number;
    };
    card.corporate = await add({ name: 'Company FY', level: 'corporate' });
    card.emma = await add({
      name: 'Emma FY',
      level: 'employee',
      employeeId: id.emma,
    });
    card.olga = await add({
      name: 'Olga FY',
      level: 'employee',
      employeeId: id.olga,
    });
    for (const c of [card.corporate, card.emma])
      ok(
        await exec.post('performance-scorecard/save-kpis', {
          id: c,
          kpis: [
            {
              name: 'Revenue growth',
              kpiType: 'Quantitative',
              optionType: 'ASC',
              weight: 100,
              target: 120,
            },
          ],
        }),
      );
    // the unit's scorecard, cascaded from the company's, is given to the unit's head
    const unit = await exec.post('performance-scorecard/cascade', {
      id: card.corporate,
      businessUnitIds: [sales],
    });
    ok(unit);
    const made = unit.body.data.list[0];
    ok(
      await exec.post('performance-scorecard/update', {
        id: made.id,
        version: made.version,
        employeeId: id.uma,
      }),
    );
    card.sales = made.id;
  });
  afterAll(() => t.close());

  it('lists for the supervisor the draft scorecards of his people, the unit head’s as well, and nobody else’s', async () => {
    expect(await all(sam)).toEqual({
      'pending-scorecard': ['Company FY', 'Emma FY'],
      'pending-mid-term': [],
      'pending-final-term': [],
      'completed-scorecard': [],
      'completed-mid-term': [],
      'completed-final-term': [],
    });
    // the unit's copy keeps the company scorecard's name; it is Uma's
    expect((await sam.get(`performance-scorecard/${card.sales}`)).body.data.scorecard).toMatchObject({
      level: 'business-unit',
      employeeId: id.uma,
    });
    // a colleague who supervises nobody, and the company's administrator, have no task here: not every draft
    for (const who of [olga, exec, emma]) for (const v of VIEWS) expect(await view(who, v), v).toEqual([]);
  });

  it('moves each scorecard through the views as its steps are taken', async () => {
    await take(sam, 'approve', card.emma);
    await take(sam, 'approve', card.sales);
    expect(await view(sam, 'pending-scorecard')).toEqual([]);
    expect(await view(sam, 'completed-scorecard')).toEqual(['Company FY', 'Emma FY']);
    await take(emma, 'accept', card.emma);
    expect(await view(sam, 'completed-scorecard')).toEqual(['Company FY']);
    expect(await view(sam, 'pending-mid-term')).toEqual(['Emma FY']);
    await take(sam, 'mid-term-accept', card.emma);
    expect(await view(sam, 'pending-mid-term')).toEqual([]);
    expect(await view(sam, 'completed-mid-term')).toEqual(['Emma FY']);
    expect(await view(sam, 'pending-final-term')).toEqual(['Emma FY']);
    await take(sam, 'final-term-accept', card.emma);
    expect(await view(sam, 'pending-final-term')).toEqual([]);
    expect(await view(sam, 'completed-final-term')).toEqual(['Emma FY']);
    // Olga's own draft was nobody's task but her supervisor's, and she has none
    expect((await exec.get(`performance-scorecard/${card.olga}`)).body.data.scorecard.status).toBe('Draft');
  });

  it('offers the views to every employee, not only to module administrators', async () => {
    const routes = (await emma.get('meta')).body.data.routes.map((r: { path: string }) => r.path);
    for (const v of VIEWS) expect(routes).toContain(`/app/strategy-management/my-task/${v}`);
  });
});
