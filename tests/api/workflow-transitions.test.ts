import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../support/backends.ts';
import { copyMetadata } from '../support/metadata-copy.ts';
import { startTestStratum, type Client, type TestStratum } from '../support/test-stratum.ts';

/** The engine's workflow support, exercised on a workflow declared in a copy of the metadata (no module needs one yet). */
describe.each(backends())('workflow transitions on $name', (backend) => {
  let t: TestStratum;
  let exec: Client;
  let staff: Client;
  beforeAll(async () => {
    const meta = copyMetadata();
    writeFileSync(
      join(meta, 'modules/strategic/strategic-plan/workflow.json'),
      JSON.stringify({
        entity: 'strategic-plan',
        stateField: 'status',
        initial: 'Draft',
        states: ['Draft', 'Active', 'Closed'],
        transitions: [
          { action: 'activate', from: ['Draft'], to: 'Active', error: 'error.updateStrategicPlan' },
          {
            action: 'close',
            from: ['Active'],
            to: 'Closed',
            access: ['employee'],
            requires: ['description'],
            error: 'error.updateStrategicPlan',
          },
        ],
      }),
    );
    t = await startTestStratum(backend, { metadataDir: meta });
    const c = await t.addCompany('Flow', { modules: ['strategic'] });
    exec = c.executive;
    staff = await t.addEmployee(exec, 'S', 'T', 'st@flow.example');
  });
  afterAll(() => t.close());

  it('starts in the initial state, moves only along declared transitions, and audits each', async () => {
    const plan = (
      await exec.post('strategic-plan/add', { description: 'Plan', startDate: '2026-01-01', endDate: '2030-12-31' })
    ).body.data.strategic;
    expect(plan.status).toBe('Draft');
    // the state field is not the generic update's to change
    const direct = await exec.post('strategic-plan/update', { id: plan.id, version: plan.version, status: 'Closed' });
    expect(direct.status).toBe(422);
    expect(direct.body.errors).toEqual([{ field: 'status', message: '“status” is not a field of strategic plan' }]);
    const early = await exec.post('strategic-plan/close', { id: plan.id, description: 'Done' });
    expect(early.status).toBe(409);
    expect(early.body.err_msg).toMatch(/This strategic plan is Draft: “Close” is possible only while it is Active/);
    expect((await staff.post('strategic-plan/activate', { id: plan.id })).status).toBe(403);
    const active = await exec.post('strategic-plan/activate', { id: plan.id });
    expect(active.status, active.body.err_msg ?? '').toBe(200);
    expect(active.body.data.strategic).toMatchObject({ status: 'Active', version: 2 });
    const missing = await staff.post('strategic-plan/close', { id: plan.id });
    expect(missing.body.errors).toEqual([{ field: 'description', message: 'Description is required' }]);
    const closed = await staff.post('strategic-plan/close', { id: plan.id, description: 'Plan (closed)' });
    expect(closed.body.data.strategic).toMatchObject({ status: 'Closed', description: 'Plan (closed)' });
    const trail = (await exec.get(`audit-trail?entity=strategic-plan&recordId=${plan.id}&sort=id`)).body.data.list;
    expect(trail.map((e: { action: string }) => e.action)).toEqual(['add', 'activate', 'close']);
    expect(trail[2].before.status).toBe('Active');
  });
});
