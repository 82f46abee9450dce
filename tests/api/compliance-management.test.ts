import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, addMonths } from '../../engine/hooks/compliance-management/compliance-dates.ts';
import { today } from '../../engine/hooks/performance/quarter-windows.ts';
import { backends } from '../support/backends.ts';
import { appDay } from '../support/iso-day.ts';
import { SAMPLE_PDF } from '../support/sample-records.ts';
import { startTestStratum, type Client, type Reply, type TestStratum } from '../support/test-stratum.ts';
import { specTitlesOf } from '../support/spec-catalogue.ts';

const ok = (r: Reply) => expect(r.status, r.body.err_msg ?? '').toBe(200);
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
const MAX_EVIDENCE = 5 * 1024 * 1024;

/** The attach form: the evidence's fields and the file in "document". */
function evidenceForm(
  submissionId: number,
  file: { bytes: Uint8Array; type: string; name: string } = {
    bytes: SAMPLE_PDF,
    type: 'application/pdf',
    name: 'minutes.pdf',
  },
  description?: string,
): FormData {
  const form = new FormData();
  form.set('complianceSubmissionId', String(submissionId));
  if (description) form.set('description', description);
  form.set('document', new File([file.bytes as Uint8Array<ArrayBuffer>], file.name, { type: file.type }));
  return form;
}

describe.each(backends())('compliance management on $name', (backend) => {
  let t: TestStratum;
  let exec: Client; // admin access to the module
  let mia: Client; // member of the payroll compliance team
  let max: Client; // member of the same team
  let abe: Client; // the approver, not a member
  let oz: Client; // neither
  let other: Client; // the executive of another company
  const id: Record<string, number> = {};
  const now = today();
  const attach = (who: Client, submissionId: number, file?: Parameters<typeof evidenceForm>[1], description?: string) =>
    who.raw('compliance-evidence/attach', { method: 'POST', body: evidenceForm(submissionId, file, description) });
  const activity = async (activityId = id.payroll) =>
    (await exec.get(`compliance-activity/${activityId}`)).body.data.complianceActivity;
  const submission = async (submissionId: number) =>
    (await exec.get(`compliance-submission/${submissionId}`)).body.data.complianceSubmission;
  const storedFiles = async () =>
    (await t.stratum.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM stored_file`))[0].n;

  beforeAll(async () => {
    t = await startTestStratum(backend);
    exec = (await t.addCompany('Complyco', { modules: ['compliance-management'] })).executive;
    mia = await t.addEmployee(exec, 'Mia', 'Member', 'mia@complyco.example');
    max = await t.addEmployee(exec, 'Max', 'Member', 'max@complyco.example');
    abe = await t.addEmployee(exec, 'Abe', 'Approver', 'abe@complyco.example');
    oz = await t.addEmployee(exec, 'Oz', 'Outsider', 'oz@complyco.example');
    for (const who of ['mia', 'max', 'abe', 'oz'])
      id[who] = (await exec.get(`employee?email=${who}@complyco.example`)).body.data.list[0].id;
    other = (await t.addCompany('Otherco', { modules: ['compliance-management'] })).executive;
  });
  afterAll(() => t.close());

  it('titles every compliance call as the spec writes it', () => {
    const spec = specTitlesOf('compliance');
    const { registry } = t.stratum;
    const en = registry.messages.en;
    const used = [...registry.entities.values()]
      .filter((e) => e.module === 'compliance-management')
      .flatMap((e) => [...Object.values(e.errors), ...(e.workflow?.transitions ?? []).map((x) => x.error!)])
      .map((k) => en[k]);
    expect(spec.filter((title) => !used.includes(title))).toEqual([]);
    const title = (entity: string, call: string) => en[registry.entity(entity).errors[call]];
    expect(title('compliance-category', 'list')).toBe('Get Compliance Categories Failed');
    expect(['add', 'update', 'delete'].map((c) => title('compliance-category', c))).toEqual([
      'Add Compliance Category Failed',
      'Update Compliance Category Failed',
      'Delete Compliance Category Failed',
    ]);
    expect(title('compliance-note', 'add')).toBe('Save Compliance Notes Failed');
    expect(title('compliance-activity', 'list')).toBe('Get All Compliance Failed');
    const transitions = Object.fromEntries(
      registry.entity('compliance-submission').workflow!.transitions.map((x) => [x.action, en[x.error!]]),
    );
    expect(transitions).toEqual({
      submit: 'Submit Compliance Failed',
      process: 'Process Compliance Submission Failed',
      decline: 'Decline Compliance Submission Failed',
      'admin-process': 'Admin Process Compliance Submission Failed',
    });
  });

  it('lets module admins set up categories, complying teams, regulations and universes, and employees read them', async () => {
    const cat = await exec.post('compliance-category/add', {
      name: 'Labour law',
      description: 'Employment and payroll',
    });
    ok(cat);
    id.category = cat.body.data.complianceCategory.id;
    const renamed = await exec.post('compliance-category/update', {
      id: id.category,
      version: 1,
      name: 'Labour and payroll law',
    });
    ok(renamed);
    expect(renamed.body.data.complianceCategory.name).toBe('Labour and payroll law');
    expect((await exec.post('compliance-category/add', { name: 'Labour and payroll law' })).status).toBe(409);
    const spare = (await exec.post('compliance-category/add', { name: 'Spare' })).body.data.complianceCategory;
    ok(await exec.post('compliance-category/delete', { id: spare.id }));

    const complying = await exec.post('complying-team/add', { name: 'Payroll office' });
    ok(complying);
    id.complying = complying.body.data.complyingTeam.id;
    const regulation = await exec.post('compliance-regulation/add', {
      name: 'Basic Conditions of Employment Act',
      reference: 'Act 75 of 1997',
      issuer: 'Department of Labour',
      complianceCategoryId: id.category,
      effectiveDate: '1997-12-01',
    });
    ok(regulation);
    id.regulation = regulation.body.data.regulation.id;
    const universe = await exec.post('compliance-universe/add', {
      name: 'Payroll obligations',
      complianceCategoryId: id.category,
      complianceRegulationId: id.regulation,
      complyingTeamId: id.complying,
    });
    ok(universe);
    id.universe = universe.body.data.complianceUniverse.id;

    for (const [path, body] of [
      ['compliance-category/add', { name: 'Mine' }],
      ['complying-team/add', { name: 'Mine' }],
      ['compliance-team/add', { name: 'Mine' }],
      ['compliance-regulation/add', { name: 'Mine' }],
      ['compliance-universe/add', { name: 'Mine' }],
      ['compliance-category/update', { id: id.category, version: 2, name: 'Mine' }],
      ['compliance-category/delete', { id: id.category }],
    ] as const) {
      const r = await mia.post(path, body);
      expect(r.status, path).toBe(403);
      expect(r.body.err_msg).toMatch(/admin access to the module “Compliance management”/);
    }
    for (const e of ['compliance-category', 'complying-team', 'compliance-regulation', 'compliance-universe'])
      expect((await oz.get(e)).body.data.total, e).toBe(1);
  });

  it('changes and deletes each kind of set-up record, with an audit entry for each write', async () => {
    const cases: [string, string, Record<string, unknown>, Record<string, unknown>][] = [
      ['complying-team', 'complyingTeam', { name: 'Spare office' }, { description: 'Closed in June' }],
      ['compliance-team', 'complianceTeam', { name: 'Spare team' }, { name: 'Spare team (old)' }],
      [
        'compliance-regulation',
        'regulation',
        { name: 'Spare act' },
        { reference: 'Act 1 of 2001', issuer: 'Parliament' },
      ],
      ['compliance-universe', 'complianceUniverse', { name: 'Spare area' }, { complianceCategoryId: id.category }],
    ];
    for (const [entity, key, add, change] of cases) {
      const added = await exec.post(`${entity}/add`, add);
      ok(added);
      const record = added.body.data[key];
      const changed = await exec.post(`${entity}/update`, { id: record.id, version: record.version, ...change });
      ok(changed);
      expect(changed.body.data[key], entity).toMatchObject(change);
      expect((await mia.post(`${entity}/delete`, { id: record.id })).status, entity).toBe(403);
      ok(await exec.post(`${entity}/delete`, { id: record.id }));
      expect((await exec.get(`${entity}/${record.id}`)).status, entity).toBe(404);
      const trail = (await exec.get(`audit-trail?entity=${entity}&recordId=${record.id}&sort=id`)).body.data.list;
      expect(
        trail.map((e: { action: string }) => e.action),
        entity,
      ).toEqual(['add', 'update', 'delete']);
    }
    // a category still named by a regulation is not deleted from under it: the reference is cleared
    const spare = (await exec.post('compliance-category/add', { name: 'Short-lived' })).body.data.complianceCategory;
    const act = (
      await exec.post('compliance-regulation/add', { name: 'Short-lived act', complianceCategoryId: spare.id })
    ).body.data.regulation;
    ok(await exec.post('compliance-category/delete', { id: spare.id }));
    expect((await exec.get(`compliance-regulation/${act.id}`)).body.data.regulation.complianceCategoryId).toBeNull();
    ok(await exec.post('compliance-regulation/delete', { id: act.id }));
  });

  it('keeps compliance teams with their members', async () => {
    const team = await exec.post('compliance-team/add', { name: 'Payroll compliance' });
    ok(team);
    id.team = team.body.data.complianceTeam.id;
    for (const who of ['mia', 'max'])
      ok(await exec.post('compliance-team-member/add', { complianceTeamId: id.team, employeeId: id[who] }));
    expect(
      (await exec.post('compliance-team-member/add', { complianceTeamId: id.team, employeeId: id.mia })).status,
    ).toBe(409);
    expect(
      (await mia.post('compliance-team-member/add', { complianceTeamId: id.team, employeeId: id.oz })).status,
    ).toBe(403);
    const read = (await oz.get(`compliance-team/${id.team}`)).body.data.complianceTeam;
    expect(read.memberList.map((m: { employeeId: number }) => m.employeeId)).toEqual([id.mia, id.max]);
    // a membership is changed or ended by module admins
    const oz2 = (await exec.post('compliance-team-member/add', { complianceTeamId: id.team, employeeId: id.oz })).body
      .data.complianceTeamMember;
    expect((await mia.post('compliance-team-member/delete', { id: oz2.id })).status).toBe(403);
    const spareTeam = (await exec.post('compliance-team/add', { name: 'Spare members' })).body.data.complianceTeam;
    ok(
      await exec.post('compliance-team-member/update', {
        id: oz2.id,
        version: oz2.version,
        complianceTeamId: spareTeam.id,
      }),
    );
    ok(await exec.post('compliance-team-member/delete', { id: oz2.id }));
    ok(await exec.post('compliance-team/delete', { id: spareTeam.id }));
    expect((await exec.get(`compliance-team-member?complianceTeamId=${id.team}`)).body.data.total).toBe(2);
    id.otherTeam = (await exec.post('compliance-team/add', { name: 'Tax compliance' })).body.data.complianceTeam.id;
    ok(await exec.post('compliance-team-member/add', { complianceTeamId: id.otherTeam, employeeId: id.abe }));
  });

  it('schedules activities by frequency, with the team responsible and an approver', async () => {
    const base = {
      complianceTeamId: id.team,
      approverId: id.abe,
      complianceCategoryId: id.category,
      complianceRegulationId: id.regulation,
      complianceUniverseId: id.universe,
      complyingTeamId: id.complying,
    };
    const payroll = await exec.post('compliance-activity/add', {
      ...base,
      name: 'Monthly payroll return',
      frequency: 'Monthly',
      lastComplianceDate: addMonths(now, -1),
      nextComplianceDate: addDays(now, 3),
    });
    ok(payroll);
    id.payroll = payroll.body.data.complianceActivity.id;
    expect(payroll.body.data.complianceActivity).toMatchObject({
      frequency: 'Monthly',
      nextComplianceDatePendingApproval: null,
      dueStatus: 'Due soon',
    });
    const late = await exec.post('compliance-activity/add', {
      ...base,
      name: 'Quarterly levy return',
      frequency: 'Quarterly',
      nextComplianceDate: addDays(now, -1),
    });
    ok(late);
    id.levy = late.body.data.complianceActivity.id;
    expect(late.body.data.complianceActivity.dueStatus).toBe('Overdue');
    const later = await exec.post('compliance-activity/add', {
      ...base,
      name: 'Annual equity report',
      frequency: 'Annually',
      nextComplianceDate: addDays(now, 90),
    });
    ok(later);
    id.equity = later.body.data.complianceActivity.id;
    expect(later.body.data.complianceActivity.dueStatus).toBe('On track');
    // the tax team's own activity, approved by Mia
    id.tax = (
      await exec.post('compliance-activity/add', {
        name: 'Tax filing',
        complianceTeamId: id.otherTeam,
        approverId: id.mia,
        frequency: 'Weekly',
        nextComplianceDate: now,
      })
    ).body.data.complianceActivity.id;

    const unknown = await exec.post('compliance-activity/add', {
      ...base,
      name: 'Daily',
      frequency: 'Daily',
      nextComplianceDate: now,
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors).toEqual([
      { field: 'frequency', message: 'Frequency must be Weekly, Monthly, Quarterly, Half-yearly or Annually' },
    ]);
    const backwards = await exec.post('compliance-activity/add', {
      ...base,
      name: 'Backwards',
      frequency: 'Monthly',
      lastComplianceDate: now,
      nextComplianceDate: addDays(now, -1),
    });
    expect(backwards.status).toBe(422);
    expect(backwards.body.errors).toEqual([
      { field: 'nextComplianceDate', message: 'Next compliance date must not be before Last compliance date' },
    ]);
    const derived = await exec.post('compliance-activity/add', {
      ...base,
      name: 'Forged',
      frequency: 'Monthly',
      nextComplianceDate: now,
      nextComplianceDatePendingApproval: now,
    });
    expect(derived.status).toBe(422);
    expect(derived.body.errors).toEqual([
      { field: 'nextComplianceDatePendingApproval', message: 'Next date, pending approval is read-only' },
    ]);
    expect(
      (
        await mia.post('compliance-activity/add', {
          ...base,
          name: 'Mine',
          frequency: 'Monthly',
          nextComplianceDate: now,
        })
      ).status,
    ).toBe(403);
  });

  it('shows overdue activities at a glance: the due status is listed and filtered by', async () => {
    // the module admin sees every activity; an employee outside the compliance team and its approver no longer does
    const names = async (query: string) =>
      (await exec.get(`compliance-activity?${query}`)).body.data.list.map((a: { name: string }) => a.name);
    expect(await names('dueStatus=Overdue')).toEqual(['Quarterly levy return']);
    expect(await names('dueStatus=Due%20soon&complianceTeamId=' + id.team)).toEqual(['Monthly payroll return']);
    expect(await names('dueStatus=On%20track')).toEqual(['Annual equity report']);
    expect(await names(`dueStatus[in]=Overdue,Due%20soon&complianceTeamId=${id.team}`)).toEqual([
      'Quarterly levy return',
      'Monthly payroll return',
    ]);
    const list = (await exec.get(`compliance-activity?complianceTeamId=${id.team}`)).body.data.list;
    expect(list.map((a: Record<string, unknown>) => [a.name, a.dueStatus])).toEqual([
      ['Quarterly levy return', 'Overdue'],
      ['Monthly payroll return', 'Due soon'],
      ['Annual equity report', 'On track'],
    ]);
    const bad = await exec.get('compliance-activity?dueStatus=Late');
    expect(bad.status).toBe(400);
    expect(bad.body.err_msg).toBe('Filter "dueStatus" must be one of Overdue, Due soon, On track; got "Late"');
    expect((await exec.get('compliance-activity?dueStatus[lt]=Overdue')).status).toBe(400);
  });

  it("lists the required actions of the signed-in member's teams, and their count", async () => {
    const mine = await mia.get('compliance-activity/required-actions');
    ok(mine);
    expect(
      mine.body.data.requiredActions.list.map((a: Record<string, unknown>) => [
        a.name,
        a.dueStatus,
        a.openSubmissionId,
      ]),
    ).toEqual([
      ['Quarterly levy return', 'Overdue', null],
      ['Monthly payroll return', 'Due soon', null],
    ]);
    expect(mine.body.data.requiredActions.total).toBe(2);
    expect((await mia.get('compliance-activity/required-action-count')).body.data.count).toBe(2);
    expect(
      (await abe.get('compliance-activity/required-actions')).body.data.requiredActions.list.map(
        (a: { name: string }) => a.name,
      ),
    ).toEqual(['Tax filing']);
    expect((await oz.get('compliance-activity/required-action-count')).body.data.count).toBe(0);
    expect((await t.holder.get('compliance-activity/required-action-count')).status).toBe(403);
  });

  let draft: Record<string, any>;
  it('lets only a member of the activity’s compliance team start a submission, never dated in the future', async () => {
    const outsider = await oz.post('compliance-submission/add', {
      complianceActivityId: id.payroll,
      complianceDate: now,
    });
    expect(outsider.status).toBe(403);
    expect(outsider.body.err_msg).toBe(
      'Only a member of its responsible compliance team, or an employee with admin access to the module “Compliance management” may add compliance submission records',
    );
    expect(
      (await abe.post('compliance-submission/add', { complianceActivityId: id.payroll, complianceDate: now })).status,
    ).toBe(403);
    const future = await mia.post('compliance-submission/add', {
      complianceActivityId: id.payroll,
      complianceDate: addDays(now, 1),
    });
    expect(future.status).toBe(422);
    expect(future.body.errors).toEqual([
      { field: 'complianceDate', message: `Complied on must not be in the future (today is ${appDay(now)})` },
    ]);
    const forged = await mia.post('compliance-submission/add', {
      complianceActivityId: id.payroll,
      complianceDate: now,
      approverId: id.mia,
    });
    expect(forged.status).toBe(422);
    expect(forged.body.errors).toEqual([{ field: 'approverId', message: 'Approver is read-only' }]);
    const r = await mia.post('compliance-submission/add', {
      complianceActivityId: id.payroll,
      complianceDate: now,
      comment: 'Filed with the revenue service',
    });
    ok(r);
    draft = r.body.data.complianceSubmission;
    expect(draft).toMatchObject({
      status: 'Draft',
      complianceTeamId: id.team,
      approverId: id.abe,
      submittedById: null,
      label: `${appDay(now)} · Draft`,
    });
    // the draft shows against the required action
    const mine = (await mia.get('compliance-activity/required-actions')).body.data.requiredActions.list;
    expect(mine.find((a: { id: number }) => a.id === id.payroll)).toMatchObject({
      openSubmissionId: draft.id,
      openSubmissionStatus: 'Draft',
    });
  });

  it('asks for evidence before a submission goes to the approver', async () => {
    const r = await mia.post('compliance-submission/submit', { id: draft.id });
    expect(r.status).toBe(409);
    expect(r.body.err_msg).toBe(
      '“Submit” is possible only when at least one evidence file (a PDF or an image) is attached',
    );
    // the member's page says so before any click: the step is not offered, and why
    const read = await mia.get(`compliance-submission/${draft.id}`);
    expect(read.body.data.complianceSubmission._allowed.transitions).not.toContain('submit');
    expect((await submission(draft.id)).status).toBe('Draft');
  });

  it('stores evidence files (PDF or image) with their size, type and checksum, within the limit', async () => {
    const before = await storedFiles();
    const tooBig = await attach(mia, draft.id, {
      bytes: new Uint8Array(MAX_EVIDENCE + 1).fill(0x25),
      type: 'application/pdf',
      name: 'huge.pdf',
    });
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.err_msg).toBe(
      `The file “huge.pdf” is ${MAX_EVIDENCE + 1} bytes; at most ${MAX_EVIDENCE} bytes are allowed`,
    );
    const text = await attach(mia, draft.id, {
      bytes: new TextEncoder().encode('just words'),
      type: 'text/plain',
      name: 'notes.txt',
    });
    expect(text.status).toBe(415);
    expect(text.body.err_msg).toBe(
      'The file type “text/plain” is not allowed; use application/pdf, image/png, image/jpeg, image/gif, image/webp',
    );
    const disguised = await attach(mia, draft.id, {
      bytes: new TextEncoder().encode('MZ not a pdf'),
      type: 'application/pdf',
      name: 'tool.pdf',
    });
    expect(disguised.status).toBe(415);
    expect(disguised.body.err_msg).toBe('The file “tool.pdf” is not really application/pdf');
    const noFile = await mia.raw('compliance-evidence/attach', {
      method: 'POST',
      body: (() => {
        const f = new FormData();
        f.set('complianceSubmissionId', String(draft.id));
        return f;
      })(),
    });
    expect(noFile.status).toBe(400);
    expect((await attach(oz, draft.id)).status).toBe(403);
    expect((await attach(abe, draft.id)).status).toBe(403);
    const badField = await mia.raw('compliance-evidence/attach', {
      method: 'POST',
      body: (() => {
        const f = evidenceForm(draft.id);
        f.set('sha256', 'forged');
        return f;
      })(),
    });
    expect(badField.status).toBe(422);
    expect(badField.body.errors).toEqual([{ field: 'sha256', message: 'SHA-256 checksum is read-only' }]);
    // nothing written by any refusal
    expect(await storedFiles()).toBe(before);
    expect((await exec.get(`compliance-evidence?complianceSubmissionId=${draft.id}`)).body.data.total).toBe(0);
    // closed to the generic add: evidence always carries its file
    expect((await exec.post('compliance-evidence/add', { complianceSubmissionId: draft.id })).status).toBe(403);

    const pdf = await attach(mia, draft.id, undefined, 'Payroll return and receipt');
    ok(pdf);
    const stored = pdf.body.data.evidence;
    expect(stored).toMatchObject({
      name: 'minutes.pdf',
      mimeType: 'application/pdf',
      size: SAMPLE_PDF.length,
      sha256: createHash('sha256').update(SAMPLE_PDF).digest('hex'),
    });
    expect(stored.record).toMatchObject({
      complianceSubmissionId: draft.id,
      name: 'minutes.pdf',
      size: SAMPLE_PDF.length,
      mimeType: 'application/pdf',
      sha256: stored.sha256,
      file: stored.id,
      complianceTeamId: id.team,
      description: 'Payroll return and receipt',
    });
    ok(await attach(max, draft.id, { bytes: PNG, type: 'image/png', name: 'receipt.png' }));
    expect(await storedFiles()).toBe(before + 2);
    const file = await mia.raw(`file/${stored.id}`, { method: 'GET' });
    expect(file.status).toBe(200);
    const read = await submission(draft.id);
    expect(read.evidenceList.map((e: { name: string }) => e.name)).toEqual(['minutes.pdf', 'receipt.png']);
    const trail = (await exec.get(`audit-trail?entity=compliance-evidence&recordId=${stored.record.id}`)).body.data
      .list;
    expect(trail.map((e: { action: string }) => e.action)).toEqual(['attach']);
  });

  it('lets a member submit; the activity shows the next date pending approval', async () => {
    expect((await oz.post('compliance-submission/submit', { id: draft.id })).status).toBe(403);
    const notMember = await abe.post('compliance-submission/submit', { id: draft.id });
    expect(notMember.status).toBe(403);
    expect(notMember.body.err_msg).toBe(
      'Only a member of its responsible compliance team may take the step “Submit” on compliance submission records',
    );
    // where the page offers the evidence file control: to the team on a draft, never to the approver (the attach's roles)
    const attachable = async (who: typeof mia) =>
      (await who.get(`compliance-submission/${draft.id}`)).body.data.complianceSubmission._allowed.addChildren;
    expect(await attachable(mia)).toContain('evidenceList');
    expect(await attachable(abe)).not.toContain('evidenceList');
    const r = await mia.post('compliance-submission/submit', { id: draft.id });
    ok(r);
    draft = r.body.data.complianceSubmission;
    expect(draft).toMatchObject({ status: 'Submitted', submittedById: id.mia });
    // … nor on a submitted one, whose lock refuses the attach
    expect(await attachable(mia)).not.toContain('evidenceList');
    expect(await activity()).toMatchObject({
      lastComplianceDate: addMonths(now, -1),
      nextComplianceDate: addDays(now, 3),
      nextComplianceDatePendingApproval: addMonths(now, 1),
    });
    // submitted: no longer a required action, and its content is fixed
    expect(
      (await mia.get('compliance-activity/required-actions')).body.data.requiredActions.list.map(
        (a: { name: string }) => a.name,
      ),
    ).toEqual(['Quarterly levy return']);
    expect((await mia.get('compliance-activity/required-action-count')).body.data.count).toBe(1);
    const edit = await mia.post('compliance-submission/update', {
      id: draft.id,
      version: draft.version,
      comment: 'Changed my mind',
    });
    expect(edit.status).toBe(409);
    expect(edit.body.err_msg).toBe(
      'The compliance submission no. 1 is Submitted and can no longer be changed; “Decline” opens it again',
    );
    const late = await attach(mia, draft.id);
    expect(late.status).toBe(409);
    expect(late.body.err_msg).toBe(
      'The compliance submission no. 1 is Submitted, so no evidence can be added to it any more; “Decline” opens it again',
    );
    // one submission of an activity waits for approval at a time
    const second = (
      await max.post('compliance-submission/add', { complianceActivityId: id.payroll, complianceDate: now })
    ).body.data.complianceSubmission;
    const wrong = (await attach(max, second.id)).body.data.evidence.record;
    // evidence is removed by module admins only
    expect((await max.post('compliance-evidence/delete', { id: wrong.id })).status).toBe(403);
    ok(await exec.post('compliance-evidence/delete', { id: wrong.id }));
    ok(await attach(max, second.id));
    const twice = await max.post('compliance-submission/submit', { id: second.id });
    expect(twice.status).toBe(409);
    expect(twice.body.err_msg).toBe(
      `Another submission of “Monthly payroll return” (id ${draft.id}) is already waiting for approval`,
    );
    ok(await exec.post('compliance-submission/delete', { id: second.id }));
  });

  it('lets only the approver decline, and only with a reason', async () => {
    expect((await mia.post('compliance-submission/decline', { id: draft.id, reason: 'Self-decline' })).status).toBe(
      403,
    );
    expect((await exec.post('compliance-submission/decline', { id: draft.id, reason: 'Admin' })).status).toBe(403);
    const noReason = await abe.post('compliance-submission/decline', { id: draft.id });
    expect(noReason.status).toBe(422);
    expect(noReason.body.errors).toEqual([{ field: 'reason', message: 'Reason for declining is required' }]);
    const blank = await abe.post('compliance-submission/decline', { id: draft.id, reason: '   ' });
    expect(blank.status).toBe(422);
    expect(blank.body.errors).toEqual([{ field: 'reason', message: 'Reason for declining is required' }]);
    const wrongType = await abe.post('compliance-submission/decline', { id: draft.id, reason: 42 });
    expect(wrongType.status).toBe(422);
    expect(wrongType.body.errors).toEqual([{ field: 'reason', message: 'Reason for declining must be text' }]);
    expect((await submission(draft.id)).status).toBe('Submitted');
    const r = await abe.post('compliance-submission/decline', { id: draft.id, reason: 'The receipt is not stamped' });
    ok(r);
    draft = r.body.data.complianceSubmission;
    expect(draft).toMatchObject({ status: 'Declined', reason: 'The receipt is not stamped', decidedById: id.abe });
    expect((await activity()).nextComplianceDatePendingApproval).toBeNull();
    // back on the team's list, with the declined submission to continue
    const again = (await mia.get('compliance-activity/required-actions')).body.data.requiredActions.list;
    expect(again.find((a: { id: number }) => a.id === id.payroll)).toMatchObject({
      openSubmissionId: draft.id,
      openSubmissionStatus: 'Declined',
    });
  });

  it('lets the member fix and resubmit, and the approver process it: the dates move by the frequency', async () => {
    ok(await attach(mia, draft.id, { bytes: PNG, type: 'image/png', name: 'stamped-receipt.png' }));
    const moved = await mia.post('compliance-submission/update', {
      id: draft.id,
      version: (await submission(draft.id)).version,
      complianceActivityId: id.levy,
    });
    expect(moved.status).toBe(422);
    expect(moved.body.errors).toEqual([
      {
        field: 'complianceActivityId',
        message:
          'Compliance activity cannot change: a submission stays with its activity; start one for the other activity',
      },
    ]);
    const fixed = await mia.post('compliance-submission/update', {
      id: draft.id,
      version: (await submission(draft.id)).version,
      comment: 'Stamped receipt attached',
    });
    ok(fixed);
    const resubmitted = await max.post('compliance-submission/submit', { id: draft.id });
    ok(resubmitted);
    expect(resubmitted.body.data.complianceSubmission).toMatchObject({
      status: 'Submitted',
      submittedById: id.max,
      decidedById: null,
    });
    expect((await mia.post('compliance-submission/process', { id: draft.id })).status).toBe(403);
    expect((await exec.post('compliance-submission/process', { id: draft.id })).status).toBe(403);
    const r = await abe.post('compliance-submission/process', { id: draft.id });
    ok(r);
    expect(r.body.data.complianceSubmission).toMatchObject({ status: 'Processed', decidedById: id.abe });
    expect(await activity()).toMatchObject({
      lastComplianceDate: now,
      nextComplianceDate: addMonths(now, 1),
      nextComplianceDatePendingApproval: null,
      dueStatus: 'On track',
    });
    const trail = (await exec.get(`audit-trail?entity=compliance-submission&recordId=${draft.id}&sort=id`)).body.data
      .list;
    expect(trail.map((e: { action: string }) => e.action)).toEqual([
      'add',
      'submit',
      'decline',
      'update',
      'submit',
      'process',
    ]);
    const activityTrail = (await exec.get(`audit-trail?entity=compliance-activity&recordId=${id.payroll}&sort=id`)).body
      .data.list;
    expect(activityTrail.map((e: { action: string }) => e.action)).toEqual([
      'add',
      'compliance-submitted',
      'compliance-declined',
      'compliance-submitted',
      'compliance-processed',
    ]);
  });

  it('never processes a submission twice, nor declines a processed one', async () => {
    const twice = await abe.post('compliance-submission/process', { id: draft.id });
    expect(twice.status).toBe(409);
    expect(twice.body.err_msg).toBe(
      'This compliance submission is Processed: “Process” is possible only while it is Submitted',
    );
    const decline = await abe.post('compliance-submission/decline', { id: draft.id, reason: 'Too late' });
    expect(decline.status).toBe(409);
    expect((await exec.post('compliance-submission/admin-process', { id: draft.id })).status).toBe(409);
    expect((await mia.post('compliance-submission/submit', { id: draft.id })).status).toBe(409);
    expect(
      (
        await mia.post('compliance-submission/update', {
          id: draft.id,
          version: (await submission(draft.id)).version,
          comment: 'x',
        })
      ).status,
    ).toBe(409);
    expect((await activity()).lastComplianceDate).toBe(now);
  });

  it('lets module admins process as a separate action, and keeps an approver from processing their own submission', async () => {
    // Mia approves the tax team's activity; Abe is on the tax team
    const own = (await abe.post('compliance-submission/add', { complianceActivityId: id.tax, complianceDate: now }))
      .body.data.complianceSubmission;
    ok(await attach(abe, own.id));
    ok(await abe.post('compliance-submission/submit', { id: own.id }));
    expect((await abe.post('compliance-submission/admin-process', { id: own.id })).status).toBe(403);
    expect((await mia.post('compliance-submission/admin-process', { id: own.id })).status).toBe(403);
    const r = await exec.post('compliance-submission/admin-process', { id: own.id });
    ok(r);
    expect(r.body.data.complianceSubmission.status).toBe('Processed');
    expect(await activity(id.tax)).toMatchObject({ lastComplianceDate: now, nextComplianceDate: addDays(now, 7) });

    // an approver who is also on the team does not process what they submitted
    ok(
      await exec.post('compliance-activity/update', {
        id: id.tax,
        version: (await activity(id.tax)).version,
        approverId: id.abe,
      }),
    );
    const next = (await abe.post('compliance-submission/add', { complianceActivityId: id.tax, complianceDate: now }))
      .body.data.complianceSubmission;
    ok(await attach(abe, next.id));
    ok(await abe.post('compliance-submission/submit', { id: next.id }));
    const self = await abe.post('compliance-submission/process', { id: next.id });
    expect(self.status).toBe(403);
    expect(self.body.err_msg).toBe(
      'An approver may not process a submission they submitted themselves; a module administrator may admin-process it',
    );
    expect((await submission(next.id)).status).toBe('Submitted');
    // nor one dated before the activity's last compliance (the transitions' declared condition)
    const kept = await activity(id.tax);
    ok(
      await exec.post('compliance-activity/update', {
        id: id.tax,
        version: kept.version,
        lastComplianceDate: addDays(now, 1),
      }),
    );
    const early = await exec.post('compliance-submission/admin-process', { id: next.id });
    expect(early.status).toBe(409);
    expect(early.body.err_msg).toMatch(/^“Admin process” is possible only when .*“Complied on” is on or after /);
    ok(
      await exec.post('compliance-activity/update', {
        id: id.tax,
        version: (await activity(id.tax)).version,
        lastComplianceDate: kept.lastComplianceDate,
      }),
    );
    id.taxPending = next.id;
  });

  it('moves open submissions to a new approver when the activity gets one', async () => {
    const before = await activity(id.tax);
    ok(await exec.post('compliance-activity/update', { id: id.tax, version: before.version, approverId: id.mia }));
    expect((await submission(id.taxPending)).approverId).toBe(id.mia);
    const r = await mia.post('compliance-submission/process', { id: id.taxPending });
    ok(r);
    // a processed submission keeps who decided it
    expect(r.body.data.complianceSubmission).toMatchObject({ approverId: id.mia, decidedById: id.mia });
  });

  it('keeps notes on activities: the team and the approver write them, each author keeps their own', async () => {
    const note = await mia.post('compliance-note/add', {
      complianceActivityId: id.payroll,
      note: 'Revenue service changed the form this year',
    });
    ok(note);
    const mine = note.body.data.complianceNote;
    expect(mine).toMatchObject({ authorId: id.mia, label: 'Revenue service changed the form this year' });
    ok(await abe.post('compliance-note/add', { complianceActivityId: id.payroll, note: 'Check the stamp next time' }));
    const outsider = await oz.post('compliance-note/add', { complianceActivityId: id.payroll, note: 'Me too' });
    expect(outsider.status).toBe(403);
    expect(outsider.body.err_msg).toBe(
      'Only a member of its responsible compliance team, or the employee it names as “Approver”, or an employee with admin access to the module “Compliance management” may add compliance note records',
    );
    const empty = await mia.post('compliance-note/add', { complianceActivityId: id.payroll, note: '' });
    expect(empty.status).toBe(422);
    ok(
      await mia.post('compliance-note/update', {
        id: mine.id,
        version: mine.version,
        note: 'Revenue service changed the form in March',
      }),
    );
    expect(
      (await abe.post('compliance-note/update', { id: mine.id, version: mine.version + 1, note: 'Mine now' })).status,
    ).toBe(403);
    expect((await abe.post('compliance-note/delete', { id: mine.id })).status).toBe(403);
    const notes = (await activity()).noteList;
    expect(notes.map((n: { note: string }) => n.note).sort()).toEqual([
      'Check the stamp next time',
      'Revenue service changed the form in March',
    ]);
    expect((await activity()).submissionList.map((s: { status: string }) => s.status)).toEqual(['Processed']);
    ok(await exec.post('compliance-note/delete', { id: mine.id }));
  });

  it('refuses to delete what submissions still refer to', async () => {
    const r = await exec.post('compliance-activity/delete', { id: id.payroll });
    expect(r.status).toBe(409);
    expect(r.body.err_msg).toMatch(/compliance submission records still refer to it/);
    expect((await exec.post('compliance-team/delete', { id: id.team })).status).toBe(409);
  });

  it('lets another company neither see nor touch any of it', async () => {
    for (const e of [
      'compliance-category',
      'complying-team',
      'compliance-team',
      'compliance-team-member',
      'compliance-regulation',
      'compliance-universe',
      'compliance-activity',
      'compliance-submission',
      'compliance-evidence',
      'compliance-note',
    ])
      expect((await other.get(e)).body.data.total, e).toBe(0);
    expect((await other.get(`compliance-activity/${id.payroll}`)).status).toBe(404);
    expect((await other.get(`compliance-submission/${draft.id}`)).status).toBe(404);
    expect((await other.get('compliance-activity/required-action-count')).body.data.count).toBe(0);
    for (const action of ['submit', 'process', 'admin-process'])
      expect((await other.post(`compliance-submission/${action}`, { id: draft.id })).status, action).toBe(404);
    expect((await other.post('compliance-submission/decline', { id: draft.id, reason: 'Not ours' })).status).toBe(404);
    const theirs = await other.post('compliance-submission/add', {
      complianceActivityId: id.payroll,
      complianceDate: now,
    });
    expect(theirs.status).toBe(422);
    expect(theirs.body.errors).toEqual([
      { field: 'complianceActivityId', message: 'Compliance activity refers to a record that does not exist' },
    ]);
    const evidence = await attach(other, draft.id);
    expect(evidence.status).toBe(422);
    expect(evidence.body.errors).toEqual([
      { field: 'complianceSubmissionId', message: 'Compliance submission refers to a record that does not exist' },
    ]);
    expect((await other.post('compliance-note/add', { complianceActivityId: id.payroll, note: 'Hello' })).status).toBe(
      422,
    );
    const activityOf = await other.post('compliance-activity/add', {
      name: 'Borrowed team',
      complianceTeamId: id.team,
      approverId: id.abe,
      frequency: 'Monthly',
      nextComplianceDate: now,
    });
    expect(activityOf.status).toBe(422);
    const file = (await exec.get(`compliance-evidence?complianceSubmissionId=${draft.id}`)).body.data.list[0].file;
    expect((await other.raw(`file/${file}`, { method: 'GET' })).status).toBe(404);
    expect((await submission(draft.id)).status).toBe('Processed');
  });
});
