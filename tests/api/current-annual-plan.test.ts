import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../support/backends.ts';
import { startTestStratum, type Client, type TestStratum } from '../support/test-stratum.ts';
import { isoDay } from '../support/iso-day.ts';

const ok = (r: { status: number; body: { err_msg: string | null } }) =>
  expect(r.status, r.body.err_msg ?? '').toBe(200);

/**
 * The annual plan screens open on (annual-plan/current, and the dashboard's company cards from the same rule): of the
 * plans with scorecards (else of all), the plan of today, else the newest. The walkers met reports opened on next
 * year's plan, set up and empty, while last year's held every figure.
 */
describe.each(backends())('the annual plan screens open on, on $name', (backend) => {
  let t: TestStratum;
  let exec: Client;
  let emma: Client;
  let strategicPlanId: number;

  const addPlan = async (name: string, from: number, to: number): Promise<number> => {
    const r = await exec.post('annual-plan/add', {
      name,
      strategicPlanId,
      startDate: isoDay(from),
      endDate: isoDay(to),
    });
    ok(r);
    return r.body.data.annualPlan.id;
  };
  const current = async (who: Client = exec) => {
    const r = await who.get('annual-plan/current');
    ok(r);
    return r.body.data.annualPlan as { id: number; name: string } | null;
  };

  beforeAll(async () => {
    t = await startTestStratum(backend);
    const c = await t.addCompany('Planline', { modules: ['strategic', 'performance'] });
    exec = c.executive;
    emma = await t.addEmployee(exec, 'Emma', 'Ployee', 'emma@planline.example');
    const strategic = await exec.post('strategic-plan/add', {
      description: 'Vision',
      startDate: isoDay(-1200),
      endDate: isoDay(2000),
    });
    ok(strategic);
    strategicPlanId = strategic.body.data.strategic.id;
  });
  afterAll(() => t.close());

  it('is none while the company has no annual plan', async () => {
    expect(await current()).toBeNull();
  });

  it('opens on the plan with data, not on a newer empty one, when no plan holds today', async () => {
    const last = await addPlan('Last year', -400, -36);
    const next = await addPlan('Next year', 400, 764);
    // both empty: the newest
    expect(await current()).toEqual({ id: next, name: 'Next year' });
    ok(
      await exec.post('performance-scorecard/add', {
        name: 'Company last year',
        level: 'corporate',
        annualPlanId: last,
        includeKeyPerformanceArea: 'No',
      }),
    );
    expect(await current()).toEqual({ id: last, name: 'Last year' });
    // every employee opens the same plan (monthly progress, the reports an employee reads)
    expect(await current(emma)).toEqual({ id: last, name: 'Last year' });
    // the dashboard's company card is about the same plan
    const card = await exec.get('dashboard-item/company-performance');
    ok(card);
    expect(card.body.data.item).toMatchObject({ annualPlanId: last, annualPlan: 'Last year' });
  });

  it('opens on the plan of today once it has scorecards, and on the one with data while it has none', async () => {
    const now = await addPlan('This year', -35, 329);
    expect((await current())?.name).toBe('Last year');
    ok(
      await exec.post('performance-scorecard/add', {
        name: 'Company this year',
        level: 'corporate',
        annualPlanId: now,
        includeKeyPerformanceArea: 'No',
      }),
    );
    expect(await current()).toEqual({ id: now, name: 'This year' });
  });
});
