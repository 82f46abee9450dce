import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { today } from '../../engine/hooks/performance/quarter-windows.ts';
import { backends } from '../support/backends.ts';
import { startTestStratum, type Client, type Reply, type TestStratum } from '../support/test-stratum.ts';

const ok = (r: Reply) => expect(r.status, r.body.err_msg ?? '').toBe(200);
const MODULES = ['strategic', 'strategy-execution', 'audit-management'];

/** A record's History: its audit trail for whoever may read the record, paged, with the overrides of a named approver. */
describe.each(backends())('record history on $name', (backend) => {
  let t: TestStratum;
  let exec: Client; // module admin of every module
  let app: Client; // Tanvir, a named approver
  let aud: Client; // an auditor
  let peer: Client; // a colleague named on nothing
  const id: Record<string, number> = {};
  let companyId: number;
  const first = (r: Reply) => {
    ok(r);
    return Object.values(r.body.data as Record<string, Record<string, any>>)[0];
  };
  const add = async (entity: string, body: object) => first(await exec.post(`${entity}/add`, body));

  beforeAll(async () => {
    t = await startTestStratum(backend);
    const company = await t.addCompany('Historyco', { modules: MODULES });
    exec = company.executive;
    companyId = company.id;
    app = await t.addEmployee(exec, 'Tanvir', 'Ahmed', 'tanvir@historyco.example');
    aud = await t.addEmployee(exec, 'Ada', 'Auditor', 'ada@historyco.example');
    peer = await t.addEmployee(exec, 'Pia', 'Peer', 'pia@historyco.example');
    for (const who of ['tanvir', 'ada'])
      id[who] = (await exec.get(`employee?email=${who}@historyco.example`)).body.data.list[0].id;
  });
  afterAll(() => t.close());

  it('lists who did what and when, newest first, the fields each write changed, and in place of whom an administrator acted', async () => {
    const strategic = await add('strategic-plan', {
      description: 'Vision 2030',
      startDate: '2026-01-01',
      endDate: '2030-12-31',
    });
    const plan = await add('execution-plan', {
      name: 'FY 2026',
      strategicPlanId: strategic.id,
      startDate: '2026-01-01',
      endDate: '2026-12-31',
      approverId: id.tanvir,
    });
    ok(await exec.post('execution-plan/update', { id: plan.id, version: plan.version, name: 'FY 2026 plan' }));
    ok(await exec.post('execution-plan/accept', { id: plan.id }));
    const h = (await exec.get(`execution-plan/${plan.id}/history`)).body.data.history;
    expect(h.total).toBe(3);
    const executive = h.entries[2].doneByName as string;
    expect(h.entries.map((e: Record<string, unknown>) => [e.action, e.doneByName, e.inPlaceOfName])).toEqual([
      ['accept', executive, 'Tanvir Ahmed'],
      ['update', executive, null],
      ['add', executive, null],
    ]);
    expect(h.entries[1].changed).toEqual(['name']);
    expect(h.entries[0].changed).toContain('status');
    expect(h.entries[2].changed).toEqual(expect.arrayContaining(['name', 'approverId', 'startDate']));
    expect(h.entries[0].actionLabel).toBe('action.accept');
    expect(Date.parse(h.entries[0].doneAt)).toBeGreaterThan(Date.parse(h.entries[2].doneAt) - 1);
    // the approver reads the same history
    expect((await app.get(`execution-plan/${plan.id}/history`)).body.data.history.total).toBe(3);
  });

  it('is read only by who may read the record, a page at a time', async () => {
    const auditPlan = await add('audit-plan', { name: 'Audit plan 2026', year: 2026 });
    const eng = await add('audit-engagement', {
      name: 'Procurement',
      auditPlanId: auditPlan.id,
      auditorId: id.ada,
      auditManagerId: id.ada,
      approverId: id.tanvir,
      startDate: today(),
      endDate: today(),
    });
    ok(await exec.post('audit-engagement/update', { id: eng.id, version: eng.version, name: 'Procurement 2026' }));
    const page = (await aud.get(`audit-engagement/${eng.id}/history?limit=1&offset=1`)).body.data.history;
    expect(page).toMatchObject({ total: 2, limit: 1, offset: 1 });
    expect(page.entries.map((e: { action: string }) => e.action)).toEqual(['add']);
    // a colleague named on nothing reads neither the engagement nor its history
    expect((await peer.get(`audit-engagement/${eng.id}`)).status).toBe(403);
    expect((await peer.get(`audit-engagement/${eng.id}/history`)).status).toBe(403);
    expect((await exec.get(`audit-engagement/999999/history`)).status).toBe(404);
    expect((await exec.get(`audit-engagement/${eng.id}/history?limit=0`)).status).toBe(400);
  });

  it("gives the holder a company's history from that company's trail", async () => {
    const h = (await t.holder.get(`company/${companyId}/history`)).body.data.history;
    expect(h.total).toBeGreaterThan(0);
    expect(h.entries.at(-1).action).toBe('add');
  });
});
