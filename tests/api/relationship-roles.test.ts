import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hooks } from '../../engine/hooks/index.ts';
import { loadRegistry } from '../../engine/metadata/loader.ts';
import { MetadataError } from '../../engine/metadata/metadata-error.ts';
import { backends } from '../support/backends.ts';
import { withReviewBoard } from '../support/review-board-metadata.ts';
import { startTestStratum, type Client, type TestStratum } from '../support/test-stratum.ts';

describe('relationship roles in the metadata', () => {
  it('refuses a member role whose team declares no members, and a field role on a field that names no employee', () => {
    const meta = withReviewBoard({ access: { update: ['member:approverId', 'field:title'] } });
    let error: unknown;
    try {
      loadRegistry(meta, hooks);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(MetadataError);
    const messages = (error as MetadataError).faults.map((f) => `${f.pointer}: ${f.message}`);
    expect(messages).toContain('/access/update: names the role member:approverId, but employee declares no "members"');
    expect(messages).toContain(
      '/access/update: names the role field:title, but "title" is not a reference to employee',
    );
  });
});

describe.each(backends())('relationship roles on $name', (backend) => {
  let t: TestStratum;
  let exec: Client;
  let mia: Client; // member of the board
  let abe: Client; // the approver, not a member
  let oz: Client; // neither
  const id: Record<string, number> = {};
  let item: Record<string, any>;

  beforeAll(async () => {
    t = await startTestStratum(backend, { metadataDir: withReviewBoard() });
    exec = (await t.addCompany('Boardco')).executive;
    mia = await t.addEmployee(exec, 'Mia', 'Member', 'mia@boardco.example');
    abe = await t.addEmployee(exec, 'Abe', 'Approver', 'abe@boardco.example');
    oz = await t.addEmployee(exec, 'Oz', 'Outsider', 'oz@boardco.example');
    for (const who of ['mia', 'abe'])
      id[who] = (await exec.get(`employee?email=${who}@boardco.example`)).body.data.list[0].id;
    id.board = (await exec.post('review-board/add', { name: 'Audit board' })).body.data.item.id;
    expect((await exec.post('review-board-member/add', { reviewBoardId: id.board, employeeId: id.mia })).status).toBe(
      200,
    );
    item = (await exec.post('review-item/add', { title: 'Policy', reviewBoardId: id.board, approverId: id.abe })).body
      .data.item;
  });
  afterAll(() => t.close());

  it('lets a member of the team the record references change it, and nobody else without admin access', async () => {
    const byMember = await mia.post('review-item/update', { id: item.id, version: item.version, title: 'Policy v2' });
    expect(byMember.status, byMember.body.err_msg ?? '').toBe(200);
    item = byMember.body.data.item;
    const byOutsider = await oz.post('review-item/update', { id: item.id, version: item.version, title: 'Mine now' });
    expect(byOutsider.status).toBe(403);
    // the refusal names the roles by the fields' and the entity's labels (the test metadata borrows field.name and entity.department)
    expect(byOutsider.body.err_msg).toBe(
      'Only a member of its name, or an employee with admin access to the module “Organisation” may change department records',
    );
    expect(
      (await abe.post('review-item/update', { id: item.id, version: item.version, title: 'Approver edit' })).status,
    ).toBe(403);
    // member:id admits the members to the team record itself
    const board = (await exec.get(`review-board/${id.board}`)).body.data.item;
    expect(
      (await mia.post('review-board/update', { id: board.id, version: board.version, name: 'Audit & risk board' }))
        .status,
    ).toBe(200);
    expect(
      (await oz.post('review-board/update', { id: board.id, version: board.version + 1, name: 'Taken' })).status,
    ).toBe(403);
  });

  it('lets only the employee a field names take the action given to that field', async () => {
    const byMember = await mia.post('review-item/sign-off', { id: item.id, version: item.version, approved: true });
    expect(byMember.status).toBe(403);
    expect(byMember.body.err_msg).toBe(
      'Only the employee it names as “Name” may take the step “Sign off” on department records',
    );
    const byApprover = await abe.post('review-item/sign-off', { id: item.id, version: item.version, approved: true });
    expect(byApprover.status, byApprover.body.err_msg ?? '').toBe(200);
    expect(byApprover.body.data.item.approved).toBe(true);
  });

  it('forgets a member who leaves the team', async () => {
    const membership = (await exec.get(`review-board-member?reviewBoardId=${id.board}`)).body.data.list[0];
    expect((await exec.post('review-board-member/delete', { id: membership.id })).status).toBe(200);
    const current = (await exec.get(`review-item/${item.id}`)).body.data.item;
    expect(
      (await mia.post('review-item/update', { id: current.id, version: current.version, title: 'Too late' })).status,
    ).toBe(403);
  });
});
