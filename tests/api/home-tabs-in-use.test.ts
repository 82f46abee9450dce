import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../support/backends.ts';
import { startTestStratum, type Client, type Reply, type TestStratum } from '../support/test-stratum.ts';

const ok = (r: Reply) => expect(r.status, r.body.err_msg ?? '').toBe(200);
const first = (r: Reply) => Object.values(r.body.data)[0] as { id: number };

type HomeTab = { path: string } | { label: string; screens: string[] };

const FIELDWORK = '/app/audit-management/audits/open';
const ISSUE_TRACKER = '/app/audit-management/issue-tracker';
const MONTHLY_PROGRESS = '/app/my-inbox/monthly-progress/employee-progresses';

/**
 * A module home offers a tab to those who can use it (engine/access/unused-lists.ts): a list that only records naming
 * the caller could fill (an audit's, for its auditor, manager and approver) is not offered to an employee named on none,
 * and is once a record names her; a screen where any employee writes (monthly progress, by its command) stays offered
 * with nothing written yet; the administrator, who reads by role, has every tab.
 */
describe.each(backends())('module home tabs for those who use them on $name', (backend) => {
  let t: TestStratum;
  let exec: Client;
  let eve: Client;
  let eveId: number;
  let bobId: number;

  /** The screen paths of a module's home as /meta gives it to the caller (tabs and the screens of groups). */
  const homeOf = async (who: Client, module: string): Promise<string[]> => {
    const r = await who.get('meta');
    ok(r);
    const m = (r.body.data.modules as { id: string; home?: { tabs: HomeTab[] } }[]).find((x) => x.id === module);
    return (m?.home?.tabs ?? []).flatMap((tab) => ('path' in tab ? [tab.path] : tab.screens));
  };

  beforeAll(async () => {
    t = await startTestStratum(backend);
    exec = (await t.addCompany('Homeco', { modules: ['audit-management', 'performance', 'strategic'] })).executive;
    eve = await t.addEmployee(exec, 'Eve', 'Staff', 'eve@homeco.example');
    eveId = (await exec.get('employee?email=eve@homeco.example')).body.data.list[0].id;
    await t.addEmployee(exec, 'Bob', 'Boss', 'bob@homeco.example');
    bobId = (await exec.get('employee?email=bob@homeco.example')).body.data.list[0].id;
  });
  afterAll(() => t.close());

  it('offers the audits’ list to an employee once an audit names her, never the trackers of findings she is on none of', async () => {
    expect(await homeOf(exec, 'audit-management')).toEqual(expect.arrayContaining([FIELDWORK, ISSUE_TRACKER]));
    const before = await homeOf(eve, 'audit-management');
    expect(before).not.toContain(FIELDWORK);
    expect(before).not.toContain(ISSUE_TRACKER);
    // the screen itself still opens by its path: only the home leaves it out
    const screens = (await eve.get('meta')).body.data.modules.find((m: { id: string }) => m.id === 'audit-management');
    expect(screens?.screens.map((s: { path: string }) => s.path) ?? []).toContain(FIELDWORK);

    const plan = first(await exec.post('audit-plan/add', { name: 'Audits 2026', year: 2026 })).id;
    ok(
      await exec.post('audit-engagement/add', {
        name: 'Stores',
        auditPlanId: plan,
        auditorId: eveId,
        auditManagerId: bobId,
        approverId: bobId,
      }),
    );
    const after = await homeOf(eve, 'audit-management');
    expect(after).toContain(FIELDWORK);
    expect(after).not.toContain(ISSUE_TRACKER);
  });

  it('keeps a screen where any employee writes, with nothing written yet', async () => {
    expect(await homeOf(eve, 'performance')).toContain(MONTHLY_PROGRESS);
  });
});
