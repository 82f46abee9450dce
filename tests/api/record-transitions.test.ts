import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { today } from '../../engine/hooks/performance/quarter-windows.ts';
import { backends } from '../support/backends.ts';
import { startTestStratum, type Client, type Reply, type TestStratum } from '../support/test-stratum.ts';

const ok = (r: Reply) => expect(r.status, r.body.err_msg ?? '').toBe(200);
/** The record a write answers with, whatever its data key. */
const first = (r: Reply) => {
  ok(r);
  return Object.values(r.body.data as Record<string, Record<string, any>>)[0];
};

/** A record's state moves (GET <entity>/<id>/transitions): what the lifecycle page's stepper shows, read from the audit trail. */
describe.each(backends())('record transitions on $name', (backend) => {
  let t: TestStratum;
  let exec: Client; // the company's executive, module admin
  let ada: Client; // the audit's auditor
  let peer: Client; // a colleague named on nothing
  let other: Client; // another company's executive
  let engagement: Record<string, any>;

  beforeAll(async () => {
    t = await startTestStratum(backend);
    const company = await t.addCompany('Stepperco', {
      modules: ['audit-management', 'projects', 'performance', 'strategic'],
    });
    exec = company.executive;
    ada = await t.addEmployee(exec, 'Ada', 'Auditor', 'ada@stepperco.example');
    peer = await t.addEmployee(exec, 'Pia', 'Peer', 'pia@stepperco.example');
    other = (await t.addCompany('Elsewhere', { modules: ['audit-management'] })).executive;
    await t.addEmployee(exec, 'Abe', 'Approver', 'abe@stepperco.example');
    const abeId = (await exec.get('employee?email=abe@stepperco.example')).body.data.list[0].id;
    const adaId = (await exec.get('employee?email=ada@stepperco.example')).body.data.list[0].id;
    const plan = first(
      await exec.post('audit-plan/add', {
        name: 'Audit plan 2026',
        year: 2026,
      }),
    );
    engagement = first(
      await exec.post('audit-engagement/add', {
        name: 'Procurement',
        auditPlanId: plan.id,
        auditorId: adaId,
        auditManagerId: adaId,
        approverId: abeId,
        startDate: today(),
        endDate: today(),
      }),
    );
  });
  afterAll(() => t.close());

  it('names each move of the state in order, by whom, and leaves out the writes that kept it', async () => {
    ok(
      await exec.post('audit-engagement/update', {
        id: engagement.id,
        version: engagement.version,
        name: 'Procurement 2026',
      }),
    );
    ok(await ada.post('audit-engagement/start-fieldwork', { id: engagement.id }));
    ok(await ada.post('audit-engagement/start-reporting', { id: engagement.id }));
    const r = await ada.get(`audit-engagement/${engagement.id}/transitions`);
    ok(r);
    const moves = r.body.data.transitions as Record<string, any>[];
    expect(moves.map((m) => [m.from, m.state, m.action, m.doneByName])).toEqual([
      [null, 'Planning', 'add', 'Exe Stepperco'],
      ['Planning', 'Fieldwork', 'start-fieldwork', 'Ada Auditor'],
      ['Fieldwork', 'Reporting', 'start-reporting', 'Ada Auditor'],
    ]);
    expect(Date.parse(moves[2].doneAt)).toBeGreaterThanOrEqual(Date.parse(moves[0].doneAt));
  });

  it('follows the stages of a record without a workflow (a project’s status, written by its form)', async () => {
    const project = first(await exec.post('project/add', { name: 'New warehouse' }));
    const started = first(
      await exec.post('project/update', { id: project.id, version: project.version, status: 'In Progress' }),
    );
    ok(await exec.post('project/update', { id: project.id, version: started.version, name: 'New warehouse 2027' }));
    const moves = (await exec.get(`project/${project.id}/transitions`)).body.data.transitions as Record<string, any>[];
    expect(moves.map((m) => [m.from, m.state, m.action])).toEqual([
      [null, 'Not Started', 'add'],
      ['Not Started', 'In Progress', 'update'],
    ]);
  });

  it('is read only by who may read the record, never from another company', async () => {
    expect((await peer.get(`audit-engagement/${engagement.id}`)).status).toBe(403);
    expect((await peer.get(`audit-engagement/${engagement.id}/transitions`)).status).toBe(403);
    // the other company's executive administers the same module, but the record is not his company's
    expect((await other.get(`audit-engagement/${engagement.id}/transitions`)).status).toBe(404);
    expect((await exec.get('audit-engagement/999999/transitions')).status).toBe(404);
    // an entity without a workflow has no state to move
    expect((await exec.get(`audit-plan/${engagement.auditPlanId}/transitions`)).status).toBe(404);
  });
});
