import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { today } from '../../engine/hooks/performance/quarter-windows.ts';
import { backends } from '../support/backends.ts';
import { startTestStratum, type Client, type Reply, type TestStratum } from '../support/test-stratum.ts';

const ok = (r: Reply) => expect(r.status, r.body.err_msg ?? '').toBe(200);

describe.each(backends())('committees and resolutions on $name', (backend) => {
  let t: TestStratum;
  let exec: Client; // the executive: admin access to the module
  let emma: Client; // creates the committee
  let mia: Client; // a member emma adds
  let abe: Client; // owns a resolution, not a member
  let oz: Client; // in a resolution team, not a member
  let other: Client; // the executive of another company
  const id: Record<string, number> = {};
  let resolution: Record<string, any>;
  const titles = (r: Reply, key = 'list') =>
    (r.body.data[key].list ?? r.body.data[key]).map((x: { title?: string; name?: string }) => x.title ?? x.name);
  const trail = async (entity: string, recordId: number) =>
    (await exec.get(`audit-trail?entity=${entity}&recordId=${recordId}&sort=id`)).body.data.list as Record<
      string,
      any
    >[];

  beforeAll(async () => {
    t = await startTestStratum(backend);
    exec = (await t.addCompany('Boardco', { modules: ['actions-tracker'] })).executive;
    emma = await t.addEmployee(exec, 'Emma', 'Creator', 'emma@boardco.example');
    mia = await t.addEmployee(exec, 'Mia', 'Member', 'mia@boardco.example');
    abe = await t.addEmployee(exec, 'Abe', 'Owner', 'abe@boardco.example');
    oz = await t.addEmployee(exec, 'Oz', 'Teamer', 'oz@boardco.example');
    other = (await t.addCompany('Otherco', { modules: ['actions-tracker'] })).executive;
    for (const who of ['emma', 'mia', 'abe', 'oz'])
      id[who] = (await exec.get(`employee?email=${who}@boardco.example`)).body.data.list[0].id;
  });
  afterAll(() => t.close());

  it('titles the committee calls after the spec', () => {
    const en = t.stratum.registry.messages.en;
    const title = (entity: string, call: string) => en[t.stratum.registry.entity(entity).errors[call]];
    expect(title('committee', 'list')).toBe('Get Committees Failed');
    expect(title('committee', 'add')).toBe('Add Committee Failed');
    expect(title('resolution', 'mine')).toBe('Get My Resolutions Failed');
    expect(title('resolution-progress', 'delete')).toBe('Delete Resolution Progress Comment Failed');
    expect(en[t.stratum.registry.entity('resolution').workflow!.transitions[0].error!]).toBe(
      'Update Resolution Status Failed',
    );
  });

  it('lets any employee add a committee, which records its creator and seats them as its chairperson', async () => {
    expect((await emma.post('committee/add', { name: 'Audit committee', creatorId: id.oz })).status).toBe(422);
    const added = await emma.post('committee/add', { name: 'Audit committee', description: 'Oversees audit' });
    ok(added);
    const committee = added.body.data.committee;
    expect(committee.creatorId).toBe(id.emma);
    id.committee = committee.id;
    const members = (await exec.get(`committee-member?committeeId=${committee.id}`)).body.data.list;
    expect(members).toEqual([expect.objectContaining({ employeeId: id.emma, role: 'Chairperson' })]);
    expect((await trail('committee', committee.id)).map((e) => e.action)).toEqual(['add']);
    expect((await trail('committee-member', members[0].id)).map((e) => e.action)).toEqual(['add']);
    ok(await exec.post('committee/add', { name: 'Remuneration committee' }));
    // all committees, and "my committees" by creator
    expect(titles(await oz.get('committee?sort=name'))).toEqual(['Audit committee', 'Remuneration committee']);
    expect(titles(await emma.get('committee?owner=me'))).toEqual(['Audit committee']);
    expect(titles(await oz.get('committee?owner=me'))).toEqual([]);
    // the creator (and module admins) edit it; others may not
    ok(
      await emma.post('committee/update', {
        id: committee.id,
        version: committee.version,
        description: 'Oversees internal audit',
      }),
    );
    expect(
      (await oz.post('committee/update', { id: committee.id, version: committee.version + 1, name: 'Taken' })).status,
    ).toBe(403);
    expect((await oz.post('committee/delete', { id: committee.id })).status).toBe(403);
  });

  it('lets members add members, nobody else', async () => {
    const added = await emma.post('committee-member/add', { committeeId: id.committee, employeeId: id.mia });
    ok(added);
    expect(added.body.data.committeeMember.role).toBe('Member');
    expect((await oz.post('committee-member/add', { committeeId: id.committee, employeeId: id.oz })).status).toBe(403);
    expect((await emma.post('committee-member/add', { committeeId: id.committee, employeeId: id.mia })).status).toBe(
      409,
    );
    const detail = (await abe.get(`committee/${id.committee}`)).body.data.committee;
    expect(detail.memberList.map((m: { employeeId: number }) => m.employeeId)).toEqual([id.emma, id.mia]);
  });

  it('lets a member add resolutions to the committee, never due before they were taken; a non-member is refused', async () => {
    const base = {
      committeeId: id.committee,
      title: 'Rotate the external auditor',
      ownerId: id.abe,
      dateTaken: '2026-11-01',
    };
    const early = await mia.post('resolution/add', { ...base, dueDate: '2026-10-31' });
    expect(early.status).toBe(422);
    expect(early.body.errors).toEqual([expect.objectContaining({ field: 'dueDate' })]);
    const outsider = await abe.post('resolution/add', { ...base, dueDate: '2027-03-31' });
    expect(outsider.status).toBe(403);
    expect(outsider.body.err_msg).toMatch(/member of its committee/);
    expect((await exec.get(`resolution?committeeId=${id.committee}`)).body.data.total).toBe(0);
    const added = await mia.post('resolution/add', { ...base, dueDate: '2027-03-31' });
    ok(added);
    resolution = added.body.data.resolution;
    expect(resolution).toMatchObject({ status: 'Open', completionDate: null });
    expect((await oz.post('resolution/add', { ...base, status: 'Completed' })).status).toBe(422);
    expect(
      (await exec.get(`committee/${id.committee}`)).body.data.committee.resolutionList.map((r: { id: number }) => r.id),
    ).toEqual([resolution.id]);
  });

  it("changes a resolution's status through its owner, each change leaving a status update entry", async () => {
    expect((await oz.post('resolution/start', { id: resolution.id })).status).toBe(403);
    const started = await abe.post('resolution/start', { id: resolution.id, version: resolution.version });
    ok(started);
    expect(started.body.data.resolution.status).toBe('In Progress');
    const done = await abe.post('resolution/complete', { id: resolution.id });
    ok(done);
    expect(done.body.data.resolution).toMatchObject({ status: 'Completed', completionDate: today() });
    expect((await abe.post('resolution/complete', { id: resolution.id })).status).toBe(409);
    const reopened = await abe.post('resolution/reopen', { id: resolution.id });
    ok(reopened);
    expect(reopened.body.data.resolution).toMatchObject({ status: 'In Progress', completionDate: null });
    // the status is the workflow's: a plain update cannot set it
    expect(
      (
        await mia.post('resolution/update', {
          id: resolution.id,
          version: reopened.body.data.resolution.version,
          status: 'Completed',
        })
      ).status,
    ).toBe(422);
    // cancelling is the committee's decision, not the owner's
    expect((await abe.post('resolution/cancel-resolution', { id: resolution.id })).status).toBe(403);
    const entries = (await exec.get(`resolution-status?resolutionId=${resolution.id}&sort=id`)).body.data.list;
    // the history starts when the resolution is added, by whoever added it
    expect(entries.map((e: Record<string, unknown>) => [e.previousStatus, e.status, e.employeeId])).toEqual([
      [null, 'Open', id.mia],
      ['Open', 'In Progress', id.abe],
      ['In Progress', 'Completed', id.abe],
      ['Completed', 'In Progress', id.abe],
    ]);
    expect(entries.map((e: { label: string }) => e.label)).toEqual([
      'Open',
      'Open → In Progress',
      'In Progress → Completed',
      'Completed → In Progress',
    ]);
    expect(
      (await exec.post('resolution-status/add', { resolutionId: resolution.id, status: 'Completed' })).status,
    ).toBe(403);
    expect((await trail('resolution', resolution.id)).map((e) => e.action)).toEqual([
      'add',
      'start',
      'complete',
      'reopen',
    ]);
  });

  it('lists my resolutions: those I own and those of my resolution teams', async () => {
    const team = await exec.post('resolution-team/add', { name: 'Finance team' });
    ok(team);
    id.team = team.body.data.resolutionTeam.id;
    ok(await exec.post('resolution-team-member/add', { resolutionTeamId: id.team, employeeId: id.oz }));
    ok(
      await mia.post('resolution/add', {
        committeeId: id.committee,
        title: 'Close the books faster',
        resolutionTeamId: id.team,
        dateTaken: '2026-11-01',
      }),
    );
    const mine = async (who: Client) => titles(await who.get('resolution/mine?sort=title'), 'resolutions');
    expect(await mine(abe)).toEqual(['Rotate the external auditor']);
    expect(await mine(oz)).toEqual(['Close the books faster']);
    expect(await mine(mia)).toEqual([]);
    expect((await oz.get('resolution/mine?status=Open')).body.data.resolutions.total).toBe(1);
    // a team member updates the team's resolution's status too
    const teamResolution = (await oz.get('resolution/mine')).body.data.resolutions.list[0];
    ok(await oz.post('resolution/start', { id: teamResolution.id }));
    // a committee member cancels it; the team may no longer change it until it is reopened
    const cancelled = await mia.post('resolution/cancel-resolution', { id: teamResolution.id });
    ok(cancelled);
    expect(cancelled.body.data.resolution.status).toBe('Cancelled');
    expect((await oz.post('resolution/complete', { id: teamResolution.id })).status).toBe(409);
  });

  it('keeps comments and progress comments with the resolution; only the author or a module admin deletes one', async () => {
    const note = await oz.post('resolution-progress/add', {
      resolutionId: resolution.id,
      description: 'Tender drafted',
      progress: 40,
      authorId: id.abe,
    });
    expect(note.status).toBe(422);
    const mineNote = await oz.post('resolution-progress/add', {
      resolutionId: resolution.id,
      description: 'Tender drafted',
      progress: 40,
    });
    ok(mineNote);
    const progress = mineNote.body.data.resolutionProgress;
    expect(progress.authorId).toBe(id.oz);
    const second = (await abe.post('resolution-progress/add', { resolutionId: resolution.id, description: 'Bids in' }))
      .body.data.resolutionProgress;
    ok(
      await mia.post('resolution-comment/add', { resolutionId: resolution.id, description: 'Include two audit firms' }),
    );
    const refused = await abe.post('resolution-progress/delete', { id: progress.id });
    expect(refused.status).toBe(403);
    expect(refused.body.err_msg).toMatch(/the employee it names as “Written by”/);
    expect(
      (
        await abe.post('resolution-progress/update', {
          id: progress.id,
          version: progress.version,
          description: 'Edited',
        })
      ).status,
    ).toBe(403);
    ok(await oz.post('resolution-progress/delete', { id: progress.id }));
    ok(await exec.post('resolution-progress/delete', { id: second.id }));
    ok(
      await abe.post('resolution-progress/add', {
        resolutionId: resolution.id,
        description: 'Auditor chosen',
        progress: 90,
      }),
    );
    const one = (await emma.get(`resolution/${resolution.id}`)).body.data.resolution;
    expect(one.commentList.map((c: { description: string }) => c.description)).toEqual(['Include two audit firms']);
    expect(one.progressList.map((c: { description: string; authorId: number }) => [c.description, c.authorId])).toEqual(
      [['Auditor chosen', id.abe]],
    );
    expect(one.statusList.map((s: { status: string }) => s.status)).toEqual([
      'Open',
      'In Progress',
      'Completed',
      'In Progress',
    ]);
    expect((await trail('resolution-progress', progress.id)).map((e) => e.action)).toEqual(['add', 'delete']);
  });

  it('locks a completed resolution: nothing changed or added until it is reopened, and its stepper shows Completed or Cancelled as alternatives', async () => {
    ok(await abe.post('resolution/complete', { id: resolution.id }));
    const done = (await abe.get(`resolution/${resolution.id}`)).body.data.resolution;
    expect(done._allowed).toMatchObject({ update: false, transitions: ['reopen'] });
    expect(done._allowed.lockedChildren).toEqual(expect.arrayContaining(['commentList', 'progressList']));
    expect(done._allowed.lockedChildren).not.toContain('statusList');
    const edit = await mia.post('resolution/update', { id: done.id, version: done.version, title: 'Changed' });
    expect(edit.status).toBe(409);
    expect(
      (await mia.post('resolution-comment/add', { resolutionId: done.id, description: 'After the fact' })).status,
    ).toBe(409);
    expect(
      (await abe.post('resolution-progress/add', { resolutionId: done.id, description: 'After the fact' })).status,
    ).toBe(409);
    // Reopen is what opens it again (and it leaves its status update entry, the status history staying open)
    ok(await abe.post('resolution/reopen', { id: done.id }));
    ok(await mia.post('resolution-comment/add', { resolutionId: done.id, description: 'Reopened to add this' }));
    const entries = (await exec.get(`resolution-status?resolutionId=${done.id}&sort=id`)).body.data.list;
    expect(entries.slice(-2).map((e: { label: string }) => e.label)).toEqual([
      'In Progress → Completed',
      'Completed → In Progress',
    ]);
    const meta = (await exec.get('meta')).body.data;
    const lifecycle = meta.entities.find((e: { name: string }) => e.name === 'resolution').lifecycle;
    expect(lifecycle).toEqual({
      field: 'status',
      states: ['Open', 'In Progress', 'Completed', 'Cancelled'],
      alternatives: [['Completed', 'Cancelled']],
    });
  });

  it('shows another company nothing and lets it add nothing to these committees', async () => {
    for (const path of [
      'committee',
      'committee-member',
      'resolution',
      'resolution-progress',
      'resolution-comment',
      'resolution-status',
      'resolution-team',
    ])
      expect((await other.get(path)).body.data.total, path).toBe(0);
    expect((await other.get('resolution/mine')).body.data.resolutions.total).toBe(0);
    expect((await other.get(`resolution/${resolution.id}`)).status).toBe(404);
    expect((await other.post('resolution/start', { id: resolution.id })).status).toBe(404);
    expect(
      (await other.post('resolution/add', { committeeId: id.committee, title: 'Theirs', dateTaken: '2026-11-01' }))
        .status,
    ).toBe(422);
    expect(
      (await other.post('resolution-progress/add', { resolutionId: resolution.id, description: 'Theirs' })).status,
    ).toBe(422);
  });
});
