import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../support/backends.ts';
import { editJson } from '../support/metadata-copy.ts';
import { withReviewBoard } from '../support/review-board-metadata.ts';
import { SAMPLE_PDF } from '../support/sample-records.ts';
import { startTestStratum, type Client, type Reply, type TestStratum } from '../support/test-stratum.ts';

const ok = (r: Reply) => expect(r.status, r.body.err_msg ?? '').toBe(200);

/**
 * The review board of tests/support, with a workflow that locks an approved review item: its completion date stays
 * open, its notes may still have their text changed (nothing added or deleted), its links stay open altogether, and a
 * module administrator may still correct everything.
 */
function lockedReviewBoard(): string {
  const errors = {
    list: 'error.getDepartment',
    read: 'error.getDepartment',
    add: 'error.addDepartment',
    update: 'error.updateDepartment',
    delete: 'error.deleteDepartment',
  };
  const ref = (to: string, title: string) => ({ type: 'integer', 'x-ref': to, title });
  const meta = withReviewBoard({
    label: 'entity.reviewItem',
    schema: {
      type: 'object',
      required: ['title', 'reviewBoardId'],
      additionalProperties: false,
      properties: {
        title: { type: 'string', title: 'field.title' },
        reviewBoardId: ref('review-board', 'field.name'),
        approverId: ref('employee', 'field.name'),
        approved: { type: 'boolean', title: 'field.name' },
        completionDate: { type: 'string', format: 'date', title: 'field.completionDate' },
        evidenceFile: { type: 'integer', 'x-file': true, readOnly: true, title: 'field.fileName' },
        status: { type: 'string', enum: ['Open', 'Approved'], default: 'Open', title: 'field.status' },
      },
    },
    commands: [
      { name: 'sign-off', kind: 'patch', fields: ['approved'], access: ['field:approverId'] },
      { name: 'upload-evidence', kind: 'upload', fields: ['evidenceFile'], mimeTypes: ['application/pdf'] },
    ],
    errors: { ...errors, 'sign-off': 'error.updateDepartment', 'upload-evidence': 'error.updateDepartment' },
    access: {
      add: ['employee:moduleAdmin', 'member:reviewBoardId'],
      update: ['employee:moduleAdmin', 'member:reviewBoardId'],
      delete: ['employee:moduleAdmin', 'member:reviewBoardId'],
    },
    children: [
      { key: 'noteList', entity: 'review-note', via: 'reviewItemId' },
      { key: 'linkList', entity: 'review-link', via: 'reviewItemId' },
    ],
  });
  const dir = join(meta, 'modules/organisation');
  const entity = (name: string, json: Record<string, unknown>) => {
    mkdirSync(join(dir, name), { recursive: true });
    writeFileSync(join(dir, name, 'entity.json'), JSON.stringify({ name, ...json }));
  };
  entity('review-note', {
    label: 'entity.reviewNote',
    schema: {
      type: 'object',
      required: ['reviewItemId', 'title'],
      additionalProperties: false,
      properties: {
        reviewItemId: { ...ref('review-item', 'entity.reviewItem'), 'x-onDelete': 'cascade' },
        title: { type: 'string', title: 'field.title' },
        text: { type: 'string', title: 'field.comment' },
        file: { type: 'integer', 'x-file': true, readOnly: true, title: 'field.fileName' },
        fileName: { type: 'string', readOnly: true, title: 'field.fileName' },
      },
    },
    list: { filters: ['reviewItemId'] },
    access: { read: ['employee'], write: ['employee'] },
    commands: [
      { name: 'bulk-add', kind: 'bulkAdd' },
      { name: 'bulk-delete', kind: 'bulkDelete' },
      {
        name: 'attach',
        kind: 'attach',
        fields: ['file'],
        fileInfo: { name: 'fileName' },
        mimeTypes: ['application/pdf'],
      },
    ],
    errors: {
      ...errors,
      'bulk-add': 'error.addDepartment',
      'bulk-delete': 'error.deleteDepartment',
      attach: 'error.addDepartment',
    },
  });
  entity('review-link', {
    label: 'entity.reviewLink',
    schema: {
      type: 'object',
      required: ['reviewItemId', 'title'],
      additionalProperties: false,
      properties: {
        reviewItemId: { ...ref('review-item', 'entity.reviewItem'), 'x-onDelete': 'cascade' },
        title: { type: 'string', title: 'field.title' },
      },
    },
    access: { read: ['employee'], write: ['employee'] },
    errors,
  });
  writeFileSync(
    join(dir, 'review-item', 'workflow.json'),
    JSON.stringify({
      entity: 'review-item',
      stateField: 'status',
      initial: 'Open',
      states: ['Open', 'Approved'],
      locks: [
        {
          states: ['Approved'],
          editable: ['completionDate', 'noteList.text', 'linkList'],
          exceptRoles: ['employee:moduleAdmin'],
        },
      ],
      transitions: [
        { action: 'approve', from: ['Open'], to: 'Approved', access: ['field:approverId'] },
        { action: 'reopen', from: ['Approved'], to: 'Open', access: ['employee:moduleAdmin', 'field:approverId'] },
      ],
    }),
  );
  const texts: Record<string, Record<'en' | 'bn' | 'de', string>> = {
    'entity.reviewItem': { en: 'Review item', bn: 'পর্যালোচনার বিষয়', de: 'Prüfpunkt' },
    'entity.reviewNote': { en: 'Review note', bn: 'পর্যালোচনার নোট', de: 'Prüfnotiz' },
    'entity.reviewLink': { en: 'Review link', bn: 'পর্যালোচনার লিংক', de: 'Prüfverweis' },
  };
  for (const lang of ['en', 'bn', 'de'] as const)
    editJson(join(meta, 'i18n', `${lang}.json`), (m) =>
      Object.assign(m, Object.fromEntries(Object.entries(texts).map(([k, v]) => [k, v[lang]]))),
    );
  return meta;
}

describe.each(backends())('locks by state on $name', (backend) => {
  let t: TestStratum;
  let exec: Client; // a module administrator: the lock excepts the role
  let mia: Client; // a member of the board: may change its items, until one is approved
  let abe: Client; // the approver
  const id: Record<string, number> = {};
  const read = async (who: Client, entity: string, recordId: number) => {
    const r = await who.get(`${entity}/${recordId}`);
    ok(r);
    return r.body.data.item;
  };
  const inGerman = async (who: Client, path: string, body: unknown) =>
    (
      await t.app.request(`/api/v1/${path}`, {
        method: 'POST',
        headers: { token: who.token, 'content-type': 'application/json', 'accept-language': 'de' },
        body: JSON.stringify(body),
      })
    ).json() as Promise<Reply['body']>;

  beforeAll(async () => {
    t = await startTestStratum(backend, { metadataDir: lockedReviewBoard() });
    exec = (await t.addCompany('Lockco')).executive;
    mia = await t.addEmployee(exec, 'Mia', 'Member', 'mia@lockco.example');
    abe = await t.addEmployee(exec, 'Abe', 'Approver', 'abe@lockco.example');
    for (const who of ['mia', 'abe'])
      id[who] = (await exec.get(`employee?email=${who}@lockco.example`)).body.data.list[0].id;
    id.board = (await exec.post('review-board/add', { name: 'Audit board' })).body.data.item.id;
    ok(await exec.post('review-board-member/add', { reviewBoardId: id.board, employeeId: id.mia }));
    id.item = (
      await mia.post('review-item/add', { title: 'Policy', reviewBoardId: id.board, approverId: id.abe })
    ).body.data.item.id;
    id.note = (
      await mia.post('review-note/add', { reviewItemId: id.item, title: 'First reading', text: 'Looks fine' })
    ).body.data.item.id;
    id.spare = (
      await mia.post('review-note/add', { reviewItemId: id.item, title: 'Second reading' })
    ).body.data.item.id;
    ok(await abe.post('review-item/approve', { id: id.item }));
  });
  afterAll(() => t.close());

  it('refuses every change of an approved item but the open field, in the caller’s language, naming the item, its state and what opens it', async () => {
    const item = await read(mia, 'review-item', id.item);
    const changed = await mia.post('review-item/update', { id: id.item, version: item.version, title: 'Policy v2' });
    expect(changed.status).toBe(409);
    expect(changed.body.code).toBe('invalid_state');
    expect(changed.body.err_msg).toBe(
      'The review item “Policy” is Approved: only completion date can still be changed; “Reopen” opens it again',
    );
    expect(
      (await inGerman(mia, 'review-item/update', { id: id.item, version: item.version, title: 'Policy v2' })).err_msg,
    ).toBe(
      '„Policy“ (Prüfpunkt) hat den Status „Genehmigt“; geändert werden kann nur noch: Erledigungsdatum; wieder geöffnet wird der Eintrag mit „Wieder öffnen“',
    );
    const deleted = await mia.post('review-item/delete', { id: id.item });
    expect(deleted.status).toBe(409);
    expect(deleted.body.err_msg).toBe(
      'The review item “Policy” is Approved and can no longer be deleted; “Reopen” opens it again',
    );
    // a patch command writes a field the lock keeps closed
    const signed = await abe.post('review-item/sign-off', { id: id.item, version: item.version, approved: true });
    expect([signed.status, signed.body.err_msg]).toEqual([409, changed.body.err_msg]);
    // as does an upload of a file into a closed field
    const form = new FormData();
    form.set('id', String(id.item));
    form.set('document', new Blob([SAMPLE_PDF], { type: 'application/pdf' }), 'evidence.pdf');
    const uploaded = await mia.raw('review-item/upload-evidence', { method: 'POST', body: form });
    expect([uploaded.status, uploaded.body.err_msg]).toEqual([409, changed.body.err_msg]);
    // the open field stays open, and an update sending a closed field unchanged is no change of it
    ok(
      await mia.post('review-item/update', {
        id: id.item,
        version: item.version,
        title: 'Policy',
        completionDate: '2026-11-30',
      }),
    );
    expect(await read(mia, 'review-item', id.item)).toMatchObject({
      title: 'Policy',
      completionDate: '2026-11-30',
      status: 'Approved',
    });
  });

  it('locks the item’s notes: none added (by add, bulk add or attach) or deleted (by delete or bulk delete), only their text changed; its links stay open', async () => {
    const added = await mia.post('review-note/add', { reviewItemId: id.item, title: 'Late reading' });
    expect(added.status).toBe(409);
    expect(added.body.err_msg).toBe(
      'The review item “Policy” is Approved, so no review note can be added to it any more; “Reopen” opens it again',
    );
    expect((await inGerman(mia, 'review-note/add', { reviewItemId: id.item, title: 'Late reading' })).err_msg).toBe(
      '„Policy“ (Prüfpunkt) hat den Status „Genehmigt“, daher können keine Einträge vom Typ Prüfnotiz mehr hinzugefügt werden; wieder geöffnet wird der Eintrag mit „Wieder öffnen“',
    );
    const bulk = await mia.post('review-note/bulk-add', { items: [{ reviewItemId: id.item, title: 'Bulk reading' }] });
    // (a bulk add names the row it refuses, counted from 1 as a person counts them)
    expect([bulk.status, bulk.body.err_msg]).toEqual([409, `Row 1: ${added.body.err_msg}`]);
    const form = new FormData();
    form.set('reviewItemId', String(id.item));
    form.set('title', 'Scan');
    form.set('document', new Blob([SAMPLE_PDF], { type: 'application/pdf' }), 'scan.pdf');
    const attached = await mia.raw('review-note/attach', { method: 'POST', body: form });
    expect([attached.status, attached.body.err_msg]).toEqual([409, added.body.err_msg]);

    const note = await read(mia, 'review-note', id.note);
    const retitled = await mia.post('review-note/update', { id: id.note, version: note.version, title: 'Renamed' });
    expect(retitled.status).toBe(409);
    expect(retitled.body.err_msg).toBe(
      'The review item “Policy” is Approved, so of this review note only comment can still be changed; “Reopen” opens it again',
    );
    ok(await mia.post('review-note/update', { id: id.note, version: note.version, text: 'Looks fine, signed' }));
    const gone = await mia.post('review-note/delete', { id: id.spare });
    expect(gone.status).toBe(409);
    expect(gone.body.err_msg).toBe(
      'The review item “Policy” is Approved, so this review note can no longer be deleted; “Reopen” opens it again',
    );
    const bulkGone = await mia.post('review-note/bulk-delete', { ids: [id.spare] });
    expect([bulkGone.status, bulkGone.body.err_msg]).toEqual([409, gone.body.err_msg]);

    const link = await mia.post('review-link/add', { reviewItemId: id.item, title: 'Minutes' });
    ok(link);
    ok(await mia.post('review-link/delete', { id: link.body.data.item.id }));
    expect(
      (await exec.get(`review-note?reviewItemId=${id.item}`)).body.data.list
        .map((n: { title: string }) => n.title)
        .sort(),
    ).toEqual(['First reading', 'Second reading']);
  });

  it('says so in _allowed: the item, its notes and its list, for the member; everything for the excepted administrator', async () => {
    const item = await read(mia, 'review-item', id.item);
    expect(item._allowed).toEqual({
      update: true,
      delete: false,
      transitions: [],
      commands: [],
      fields: ['completionDate'],
      lockedChildren: ['noteList'],
      addChildren: ['linkList'],
    });
    expect(item.noteList.map((n: { _allowed: unknown }) => n._allowed)).toEqual([
      { update: true, delete: false, transitions: [], commands: [], fields: ['text'] },
      { update: true, delete: false, transitions: [], commands: [], fields: ['text'] },
    ]);
    expect((await read(mia, 'review-note', id.note))._allowed).toMatchObject({
      update: true,
      delete: false,
      fields: ['text'],
    });
    const notes = (await mia.get(`review-note?reviewItemId=${id.item}`)).body.data;
    expect(notes.list[0]._allowed).toMatchObject({ update: true, delete: false, fields: ['text'] });
    // a list of the item's notes offers no Add; the list of all notes still does
    expect(notes.allowed).toEqual({ add: false });
    expect((await mia.get('review-note')).body.data.allowed).toEqual({ add: true });
    expect((await read(abe, 'review-item', id.item))._allowed).toMatchObject({
      update: false,
      delete: false,
      transitions: ['reopen'],
      commands: [],
    });
    const asAdmin = await read(exec, 'review-item', id.item);
    expect(asAdmin._allowed).toEqual({
      update: true,
      delete: true,
      transitions: ['reopen'],
      commands: ['upload-evidence'],
      inPlaceOf: { reopen: 'Abe Approver' },
      addChildren: ['noteList', 'linkList'],
    });
    expect(asAdmin.noteList[0]._allowed).toEqual({ update: true, delete: true, transitions: [], commands: [] });
  });

  it('lets the excepted role correct the approved item and its notes', async () => {
    const item = await read(exec, 'review-item', id.item);
    ok(await exec.post('review-item/update', { id: id.item, version: item.version, title: 'Policy (corrected)' }));
    const note = await exec.post('review-note/add', { reviewItemId: id.item, title: 'Correction' });
    ok(note);
    ok(await exec.post('review-note/delete', { id: note.body.data.item.id }));
  });

  it('opens the item again once a transition takes it out of the locked state', async () => {
    ok(await abe.post('review-item/reopen', { id: id.item }));
    const item = await read(mia, 'review-item', id.item);
    expect(item._allowed).toEqual({
      update: true,
      delete: true,
      transitions: [],
      commands: ['upload-evidence'],
      addChildren: ['noteList', 'linkList'],
    });
    expect(item.noteList[0]._allowed).toEqual({ update: true, delete: true, transitions: [], commands: [] });
    expect((await mia.get(`review-note?reviewItemId=${id.item}`)).body.data.allowed).toEqual({ add: true });
    ok(await mia.post('review-item/update', { id: id.item, version: item.version, title: 'Policy v3' }));
    ok(await mia.post('review-note/add', { reviewItemId: id.item, title: 'Third reading' }));
    ok(await mia.post('review-note/bulk-delete', { ids: [id.spare] }));
    const trail = (await exec.get(`audit-trail?entity=review-item&recordId=${id.item}&sort=id`)).body.data.list.map(
      (e: { action: string }) => e.action,
    );
    expect(trail).toEqual(['add', 'approve', 'update', 'update', 'reopen', 'update']);
  });
});
