import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { today } from '../../engine/hooks/performance/quarter-windows.ts';
import { backends } from '../support/backends.ts';
import { SAMPLE_PDF } from '../support/sample-records.ts';
import { pdfText } from '../unit/audit-pdf-text.ts';
import { startTestStratum, type Client, type Reply, type TestStratum } from '../support/test-stratum.ts';
import { specTitlesOf } from '../support/spec-catalogue.ts';

const ok = (r: Reply) => expect(r.status, r.body.err_msg ?? '').toBe(200);
const addDays = (d: string, n: number) =>
  new Date(Date.parse(`${d}T00:00:00Z`) + n * 86400000).toISOString().slice(0, 10);

describe.each(backends())('audit management on $name', (backend) => {
  let t: TestStratum;
  let exec: Client; // admin access to the module
  let aud: Client; // the auditor
  let man: Client; // the audit manager
  let app: Client; // the approver
  let own: Client; // the management-response owner
  let act: Client; // a management action's owner
  let rec: Client; // the receiver of the survey (an auditee)
  let oz: Client; // none of these
  let other: Client; // another company's executive
  const id: Record<string, number> = {};
  const now = today();
  const item = (r: Reply) => r.body.data.item;
  const add = async (who: Client, entity: string, body: object) => {
    const r = await who.post(`${entity}/add`, body);
    ok(r);
    return item(r);
  };
  const take = (who: Client, entity: string, action: string, recordId: number, extra: object = {}) =>
    who.post(`${entity}/${action}`, { id: recordId, ...extra });
  const read = async (entity: string, recordId: number) => (await exec.get(`${entity}/${recordId}`)).body.data.item;
  const tasks = async (who: Client, status: 'Pending' | 'Completed') =>
    (await who.get(`audit-task?owner=me&status=${status}&limit=100`)).body.data.list as {
      kind: string;
      recordId: number;
      role: string;
      decision: string | null;
      reason: string | null;
      title: string;
    }[];
  const fileBytes = async (who: Client, fileId: number) => {
    const res = await t.app.request(`/api/v1/file/${fileId}`, { headers: { token: who.token } });
    return {
      status: res.status,
      type: res.headers.get('content-type'),
      bytes: new Uint8Array(await res.arrayBuffer()),
    };
  };

  beforeAll(async () => {
    t = await startTestStratum(backend);
    exec = (await t.addCompany('Auditco', { modules: ['audit-management'] })).executive;
    aud = await t.addEmployee(exec, 'Ada', 'Auditor', 'ada@auditco.example');
    man = await t.addEmployee(exec, 'Max', 'Manager', 'max@auditco.example');
    app = await t.addEmployee(exec, 'Abe', 'Approver', 'abe@auditco.example');
    own = await t.addEmployee(exec, 'Ola', 'Owner', 'ola@auditco.example');
    act = await t.addEmployee(exec, 'Ace', 'Actor', 'ace@auditco.example');
    rec = await t.addEmployee(exec, 'Rea', 'Receiver', 'rea@auditco.example');
    oz = await t.addEmployee(exec, 'Oz', 'Outsider', 'oz@auditco.example');
    for (const who of ['ada', 'max', 'abe', 'ola', 'ace', 'rea', 'oz'])
      id[who] = (await exec.get(`employee?email=${who}@auditco.example`)).body.data.list[0].id;
    id.exec = (await exec.get('employee?limit=100')).body.data.list.find(
      (e: { id: number }) => !Object.values(id).includes(e.id),
    ).id;
    other = (await t.addCompany('Otherco', { modules: ['audit-management'] })).executive;
  });
  afterAll(() => t.close());

  it('titles the audit calls as the spec writes them, and each approval step by its own action (D09)', () => {
    const spec = specTitlesOf('audit');
    const { registry } = t.stratum;
    const en = registry.messages.en;
    const mine = [...registry.entities.values()].filter((e) => e.module === 'audit-management');
    const used = mine
      .flatMap((e) => [...Object.values(e.errors), ...(e.workflow?.transitions ?? []).map((x) => x.error!)])
      .map((k) => en[k]);
    // the questionnaire's authentication is the public flow's; "Get Process Send Failed" is the reused title D09 replaces
    expect(
      spec.filter(
        (title) =>
          !used.includes(title) &&
          title !== 'Audit Questionnaire Authenticate Failed' &&
          title !== 'Get Process Send Failed',
      ),
    ).toEqual([]);
    expect(used).not.toContain('Get Process Send Failed');
    const titles = (entity: string) =>
      Object.fromEntries(registry.entity(entity).workflow!.transitions.map((x) => [x.action, en[x.error!]]));
    expect(titles('audit-working-paper')).toEqual({
      send: 'Send Working Paper Failed',
      approve: 'Approve Working Paper Failed',
      'not-approve': 'Not Approve Working Paper Failed',
      'allow-update': 'Allow Update Working Paper Failed',
    });
    expect(titles('audit-report')['make-final-report']).toBe('Update Make Final Report Failed');
    expect(titles('audit-report')['recall-final-report']).toBe('Update Recall Final Report Failed');
    expect(en[registry.entity('audit-universe').label]).toBe('Audit Organizational Entity');
    expect(en[registry.entity('audit-universe').errors.add]).toBe('Add Audit Organizational Entity Failed');
    // every transition of the module has its own title
    const all = mine.flatMap((e) => (e.workflow?.transitions ?? []).map((x) => `${e.name}:${x.error}`));
    expect(new Set(all.map((x) => x.split(':')[1])).size).toBe(all.length);
  });

  it('lets module admins set up the audit area, and employees only read it', async () => {
    id.type = (await add(exec, 'audit-type', { name: 'Compliance audit' })).id;
    await add(exec, 'audit-control-environment', { name: 'Entity level controls' });
    await add(exec, 'internal-auditor', { employeeId: id.ada, designation: 'Senior auditor' });
    await add(exec, 'mr-owner', { employeeId: id.ola });
    await add(exec, 'audit-standard', { name: 'IIA 2400', reference: 'IPPF' });
    id.effective = (await add(exec, 'audit-control-effectiveness', { name: 'Effective', score: 5 })).id;
    id.rootCause = (await add(exec, 'audit-root-cause', { name: 'Missing review' })).id;
    id.issueOpen = (await add(exec, 'audit-issue-status', { name: 'Open issue' })).id;
    id.universe = (await add(exec, 'audit-universe', { name: 'Procurement', riskRating: 'High' })).id;
    id.process = (
      await add(exec, 'audit-universe-process', {
        auditUniverseId: id.universe,
        name: 'Purchase to pay',
        riskRating: 'Medium',
      })
    ).id;
    expect(
      (await exec.get(`audit-universe/${id.universe}`)).body.data.item.processList.map((p: { name: string }) => p.name),
    ).toEqual(['Purchase to pay']);

    const refused = await aud.post('audit-type/add', { name: 'Sneaky' });
    expect(refused.status).toBe(403);
    expect(refused.body.err_msg).toMatch(/admin access to the module “Audit management”/);
    expect((await oz.get('audit-type')).body.data.list.map((x: { name: string }) => x.name)).toEqual([
      'Compliance audit',
    ]);
    expect((await other.get('audit-type')).body.data.list).toEqual([]);
    expect((await exec.post('audit-type/add', { name: 'Compliance audit' })).status).toBe(409);
  });

  it('plans the year: plan content is Active within its dates, Not Active outside them, and risk assessments feed it', async () => {
    id.plan = (await add(exec, 'audit-plan', { name: 'Audit plan 2026', year: 2026 })).id;
    await add(exec, 'audit-plan', { name: 'Audit plan 2025', year: 2025 });
    const current = await add(exec, 'audit-plan-content', {
      auditPlanId: id.plan,
      name: 'Procurement review',
      auditUniverseId: id.universe,
      auditTypeId: id.type,
      startDate: addDays(now, -5),
      endDate: addDays(now, 30),
    });
    expect(current.statusText).toBe('Active');
    id.content = current.id;
    const past = await add(exec, 'audit-plan-content', {
      auditPlanId: id.plan,
      name: 'Payroll review',
      startDate: addDays(now, -60),
      endDate: addDays(now, -1),
    });
    expect(past.statusText).toBe('Not Active');
    const bad = await exec.post('audit-plan-content/add', {
      auditPlanId: id.plan,
      name: 'Backwards',
      startDate: now,
      endDate: addDays(now, -1),
    });
    expect(bad.status).toBe(422);
    expect(
      (await exec.get(`audit-plan-content?auditPlanId=${id.plan}&statusText=Active`)).body.data.list.map(
        (x: { name: string }) => x.name,
      ),
    ).toEqual(['Procurement review']);
    expect(
      (await exec.get(`audit-plan-content?auditPlanId=${id.plan}&statusText=Not%20Active`)).body.data.list.map(
        (x: { name: string }) => x.name,
      ),
    ).toEqual(['Payroll review']);
    await add(exec, 'audit-strategic-risk-assessment', {
      auditPlanId: id.plan,
      auditUniverseId: id.universe,
      risk: 'Supplier concentration',
      riskRating: 'High',
    });
    await add(exec, 'audit-operational-risk-assessment', {
      auditPlanId: id.plan,
      auditUniverseProcessId: id.process,
      risk: 'Duplicate payments',
      riskRating: 'Medium',
    });
    expect(
      (await exec.get(`audit-operational-risk-assessment?auditPlanId=${id.plan}&processed=No`)).body.data.total,
    ).toBe(1);
    expect((await oz.get('audit-plan/years')).body.data.list).toEqual([2026, 2025]);
  });

  it('opens an audit with its auditor, audit manager and approver; the approver is never the auditor', async () => {
    const same = await exec.post('audit-engagement/add', {
      name: 'Self check',
      auditPlanId: id.plan,
      auditorId: id.ada,
      auditManagerId: id.max,
      approverId: id.ada,
    });
    expect(same.status).toBe(422);
    expect(same.body.errors).toEqual([
      { field: 'approverId', message: expect.stringMatching(/other than the auditor/) },
    ]);
    const e = await add(exec, 'audit-engagement', {
      name: 'Procurement 2026',
      auditPlanId: id.plan,
      auditPlanContentId: id.content,
      auditUniverseId: id.universe,
      auditTypeId: id.type,
      auditorId: id.ada,
      auditManagerId: id.max,
      approverId: id.abe,
      startDate: now,
      endDate: addDays(now, 30),
    });
    id.eng = e.id;
    expect(e.status).toBe('Planning');
    expect(
      (
        await aud.post('audit-engagement/add', {
          name: 'Mine',
          auditPlanId: id.plan,
          auditorId: id.ada,
          auditManagerId: id.max,
          approverId: id.abe,
        })
      ).status,
    ).toBe(403);
    expect(
      (await oz.post('audit-engagement/update', { id: id.eng, version: e.version, objective: 'Take over' })).status,
    ).toBe(403);
    ok(
      await aud.post('audit-engagement/update', {
        id: id.eng,
        version: e.version,
        objective: 'Assess purchase-to-pay controls',
      }),
    );
    expect((await aud.get('audit-engagement?owner=me')).body.data.list.map((x: { name: string }) => x.name)).toEqual([
      'Procurement 2026',
    ]);
    expect((await aud.get('audit-engagement/names')).body.data.list).toEqual([
      { id: id.eng, name: 'Procurement 2026' },
    ]);
    expect((await other.get(`audit-engagement/${id.eng}`)).status).toBe(404);
  });

  it('notifies the auditee by letter, holds the entrance meeting and declares the questionnaire', async () => {
    const letter = await add(aud, 'audit-notification-letter', {
      auditEngagementId: id.eng,
      addresseeId: id.ola,
      letterDate: now,
      subject: 'Planning notification',
      body: 'We will audit procurement from next week.',
    });
    expect(letter).toMatchObject({ auditorId: id.ada, auditManagerId: id.max, approverId: id.abe, status: 'Draft' });
    expect((await take(oz, 'audit-notification-letter', 'notify', letter.id)).status).toBe(403);
    ok(await take(aud, 'audit-notification-letter', 'notify', letter.id));
    expect(
      (await t.mails()).some((m) => m.includes('ola@auditco.example') && m.includes('Planning notification')),
    ).toBe(true);
    const sent = await read('audit-notification-letter', letter.id);
    expect(
      (await aud.post('audit-notification-letter/update', { id: letter.id, version: sent.version, subject: 'Changed' }))
        .status,
    ).toBe(409);

    await add(aud, 'audit-entrance-meeting', {
      auditEngagementId: id.eng,
      meetingDate: now,
      venue: 'Room 4',
      attendees: 'Ada, Ola',
    });
    await add(aud, 'audit-control-objective', { auditEngagementId: id.eng, name: 'Payments are authorised' });
    id.memo = (
      await add(aud, 'audit-memorandum', { auditEngagementId: id.eng, memoDate: now, subject: 'Planning memo' })
    ).id;
    const area = await add(aud, 'audit-questionnaire-area', { auditEngagementId: id.eng, name: 'Purchasing' });
    const q = await add(aud, 'audit-questionnaire-question', {
      auditQuestionnaireAreaId: area.id,
      question: 'Are purchase orders approved?',
      answerType: 'Yes/No',
    });
    expect(q.auditEngagementId).toBe(id.eng);
    expect(
      (
        await aud.post('audit-questionnaire-question/add', {
          auditQuestionnaireAreaId: area.id,
          question: 'Scale?',
          answerType: 'Stars',
        })
      ).status,
    ).toBe(422);
    expect((await oz.post('audit-questionnaire-area/add', { auditEngagementId: id.eng, name: 'Mine' })).status).toBe(
      403,
    );
    expect((await exec.get(`audit-questionnaire-area/${area.id}`)).body.data.item.questionList).toHaveLength(1);
  });

  it("sends the scope for approval: not approved needs a reason, approval lands in the approver's completed tasks, a scope change reopens it", async () => {
    const scope = await add(aud, 'audit-scope', {
      auditEngagementId: id.eng,
      description: 'Purchase to pay, January to June',
    });
    id.scope = scope.id;
    expect((await take(app, 'audit-scope', 'send', scope.id)).status).toBe(403);
    ok(await take(aud, 'audit-scope', 'send', scope.id));
    expect(await tasks(app, 'Pending')).toEqual([
      expect.objectContaining({
        kind: 'audit',
        recordId: scope.id,
        role: 'approver',
        title: 'Procurement 2026 — Purchase to pay, January to June',
      }),
    ]);
    expect(await tasks(oz, 'Pending')).toEqual([]);
    const locked = await read('audit-scope', scope.id);
    const edit = await aud.post('audit-scope/update', { id: scope.id, version: locked.version, description: 'More' });
    expect(edit.status).toBe(409);
    expect(edit.body.err_msg).toBe(
      'The audit scope “Purchase to pay, January to June” is Pending Approval and can no longer be changed; “Not approve” or “Allow scope change” opens it again',
    );
    expect((await take(aud, 'audit-scope', 'approve', scope.id)).status).toBe(403);
    const noReason = await take(app, 'audit-scope', 'not-approve', scope.id);
    expect(noReason.status).toBe(422);
    expect(noReason.body.errors).toEqual([{ field: 'reason', message: 'Reason is required' }]);
    const na = await take(app, 'audit-scope', 'not-approve', scope.id, { reason: 'Include vendor master data' });
    ok(na);
    expect(item(na)).toMatchObject({ status: 'Not Approved', reason: 'Include vendor master data' });
    expect(await tasks(app, 'Pending')).toEqual([]);
    expect(await tasks(app, 'Completed')).toEqual([
      expect.objectContaining({ kind: 'audit', decision: 'Not Approved', reason: 'Include vendor master data' }),
    ]);
    ok(
      await aud.post('audit-scope/update', {
        id: scope.id,
        version: item(na).version,
        description: 'Purchase to pay and vendor master data',
      }),
    );
    ok(await take(aud, 'audit-scope', 'send', scope.id));
    ok(await take(app, 'audit-scope', 'approve', scope.id));
    expect((await tasks(app, 'Completed')).map((x) => [x.decision, x.reason])).toEqual([
      ['Approved', null],
      ['Not Approved', 'Include vendor master data'],
    ]);
    expect((await take(aud, 'audit-scope', 'allow-change', scope.id)).status).toBe(403);
    const reopened = await take(man, 'audit-scope', 'allow-change', scope.id);
    ok(reopened);
    expect(item(reopened).status).toBe('Draft');
    ok(await take(aud, 'audit-scope', 'send', scope.id));
    ok(await take(app, 'audit-scope', 'approve', scope.id));
  });

  it('documents the process and the RACM, each approved as its own step', async () => {
    ok(await take(aud, 'audit-engagement', 'start-fieldwork', id.eng));
    await add(aud, 'audit-description-interview', {
      auditEngagementId: id.eng,
      intervieweeId: id.ola,
      interviewDate: now,
      subject: 'How orders are raised',
    });
    await add(aud, 'audit-personnel', {
      auditEngagementId: id.eng,
      employeeId: id.ola,
      responsibility: 'Head of purchasing',
    });
    const proc = await add(aud, 'audit-process', {
      auditEngagementId: id.eng,
      auditUniverseProcessId: id.process,
      name: 'Purchase to pay',
      description: 'Orders, receipts, invoices, payments',
    });
    await add(aud, 'audit-process-documentation', {
      auditProcessId: proc.id,
      step: 1,
      activity: 'Raise purchase order',
    });
    ok(await take(aud, 'audit-process', 'send', proc.id));
    // the process's documentation is part of it: it waits with it
    expect(
      (
        await aud.post('audit-process-documentation/add', {
          auditProcessId: proc.id,
          step: 2,
          activity: 'Receive goods',
        })
      ).status,
    ).toBe(409);
    ok(await take(app, 'audit-process', 'approve', proc.id));

    await add(aud, 'audit-risk-control-background', {
      auditEngagementId: id.eng,
      background: 'Decentralised purchasing',
    });
    const racm = await add(aud, 'audit-risk-control-matrix', { auditEngagementId: id.eng, name: 'P2P RACM' });
    id.racm = racm.id;
    const rc = await add(aud, 'audit-risk-control', {
      auditRiskControlMatrixId: racm.id,
      name: 'Unauthorised payments',
      riskRating: 'High',
      control: 'Two signatures above 10,000',
      controlType: 'Preventative',
    });
    id.riskControl = rc.id;
    expect(rc.auditEngagementId).toBe(id.eng);
    await add(aud, 'audit-procedure', { auditRiskControlId: rc.id, name: 'Inspect 25 payments for two signatures' });
    ok(await take(aud, 'audit-risk-control-matrix', 'send', racm.id));
    ok(await take(app, 'audit-risk-control-matrix', 'approve', racm.id));
    const full = (await exec.get(`audit-risk-control-matrix/${racm.id}`)).body.data.item;
    expect(full.riskControlList[0].procedureList[0].name).toBe('Inspect 25 payments for two signatures');
  });

  it('tests with a working paper: sample selection, samples, a finding; not approved, reopened, approved; nobody approves their own paper', async () => {
    const wp = await add(aud, 'audit-working-paper', {
      auditEngagementId: id.eng,
      auditRiskControlId: id.riskControl,
      title: 'WP1 payment authorisation',
      auditControlEffectivenessId: id.effective,
    });
    id.paper = wp.id;
    expect(wp.preparedById).toBe(id.ada);
    await add(aud, 'audit-sample-selection', {
      auditWorkingPaperId: wp.id,
      method: 'Random',
      populationSize: 1200,
      sampleSize: 25,
    });
    await add(aud, 'audit-sample-documentation', {
      auditWorkingPaperId: wp.id,
      sampleReference: 'PAY-0042',
      result: 'Exception',
    });
    const finding = await add(aud, 'audit-finding', {
      auditEngagementId: id.eng,
      auditWorkingPaperId: wp.id,
      title: 'Single signature payments',
      observation: 'Three payments above the limit carried one signature.',
      riskRating: 'High',
      auditRootCauseId: id.rootCause,
      recommendation: 'Enforce dual signatures in the bank portal',
    });
    id.finding = finding.id;
    expect(finding.status).toBe('Awaiting Validation');

    ok(await take(aud, 'audit-working-paper', 'send', wp.id));
    ok(await take(app, 'audit-working-paper', 'not-approve', wp.id, { reason: 'Document the exception follow-up' }));
    const back = await read('audit-working-paper', wp.id);
    ok(
      await aud.post('audit-working-paper/update', {
        id: wp.id,
        version: back.version,
        conclusion: 'Control not operating effectively',
      }),
    );
    ok(await take(aud, 'audit-working-paper', 'send', wp.id));
    ok(await take(app, 'audit-working-paper', 'approve', wp.id));
    // reopened by the audit manager (allow-update), changed, approved again
    expect((await take(aud, 'audit-working-paper', 'allow-update', wp.id)).status).toBe(403);
    ok(await take(man, 'audit-working-paper', 'allow-update', wp.id));
    const open = await read('audit-working-paper', wp.id);
    expect(open.status).toBe('Draft');
    ok(
      await aud.post('audit-working-paper/update', {
        id: wp.id,
        version: open.version,
        workPerformed: 'Re-performed 25 samples',
      }),
    );
    ok(await take(aud, 'audit-working-paper', 'send', wp.id));
    ok(await take(app, 'audit-working-paper', 'approve', wp.id));
    expect(
      (await tasks(app, 'Completed')).filter((x) => x.kind === 'paper').map((x) => [x.decision, x.reason]),
    ).toEqual([
      ['Approved', null],
      ['Approved', null],
      ['Not Approved', 'Document the exception follow-up'],
    ]);

    // the module admin prepares a paper on an audit that names them as approver: they may not approve it
    const e2 = await add(exec, 'audit-engagement', {
      name: 'Treasury 2026',
      auditPlanId: id.plan,
      auditorId: id.ada,
      auditManagerId: id.max,
      approverId: id.exec,
    });
    const own = await add(exec, 'audit-working-paper', { auditEngagementId: e2.id, title: 'WP cash counts' });
    expect(own.preparedById).toBe(id.exec);
    ok(await take(aud, 'audit-working-paper', 'send', own.id));
    const refused = await take(exec, 'audit-working-paper', 'approve', own.id);
    expect(refused.status).toBe(403);
    expect(refused.body.err_msg).toMatch(/You prepared this working paper yourself, so you cannot approve it/);
    expect((await read('audit-working-paper', own.id)).status).toBe('Pending Approval');

    // findings: validated by the audit manager, in whose My tasks one awaiting validation waits; rejection needs a reason
    const findingTasks = async (status: string) =>
      (await man.get(`audit-task?owner=me&kind=finding&status=${status}`)).body.data.list as {
        recordId: number;
        role: string;
        decision: string | null;
      }[];
    expect(await findingTasks('Pending')).toEqual([
      expect.objectContaining({ recordId: finding.id, role: 'auditManager' }),
    ]);
    expect((await take(aud, 'audit-finding', 'validate', finding.id)).status).toBe(403);
    ok(await take(man, 'audit-finding', 'validate', finding.id));
    expect(await findingTasks('Pending')).toEqual([]);
    expect(await findingTasks('Completed')).toEqual([
      expect.objectContaining({ recordId: finding.id, decision: 'Validated' }),
    ]);
    const f2 = await add(aud, 'audit-finding', {
      auditEngagementId: id.eng,
      title: 'Late filing',
      observation: 'Invoices filed late',
      riskRating: 'Low',
    });
    expect((await take(man, 'audit-finding', 'reject', f2.id)).status).toBe(422);
    ok(await take(man, 'audit-finding', 'reject', f2.id, { reason: 'Not significant' }));
    expect(
      (await exec.get(`audit-finding?auditEngagementId=${id.eng}&status=Awaiting%20Validation`)).body.data.total,
    ).toBe(0);

    const opinion = await add(aud, 'audit-overall-opinion', {
      auditEngagementId: id.eng,
      opinion: 'Needs Improvement',
      conclusion: 'Payment controls need strengthening',
    });
    ok(await take(aud, 'audit-overall-opinion', 'send', opinion.id));
    ok(await take(app, 'audit-overall-opinion', 'approve', opinion.id));
    expect(
      (
        await aud.post('audit-overall-opinion/add', {
          auditEngagementId: id.eng,
          opinion: 'Satisfactory',
          conclusion: 'Second',
        })
      ).status,
    ).toBe(409);
  });

  it('asks management for a response: the owner sends, cancels, resends; not approved goes back to them; approved', async () => {
    const r = await add(aud, 'audit-management-response', {
      auditFindingId: id.finding,
      responseOwnerId: id.ola,
      dueDate: addDays(now, 14),
    });
    id.response = r.id;
    expect(r).toMatchObject({ auditEngagementId: id.eng, status: 'Requested', approverId: id.abe });
    expect(await tasks(own, 'Pending')).toEqual([
      expect.objectContaining({ kind: 'response', role: 'responseOwner', recordId: r.id }),
    ]);
    // the owner reads the finding she is asked to answer (by id, in a list, its responses), and only that one;
    // another employee does not, and reading gives the owner no right to change it
    const finding = await own.get(`audit-finding/${id.finding}`);
    ok(finding);
    expect(item(finding)).toMatchObject({ id: id.finding, auditEngagementId: id.eng });
    expect(
      (await own.get(`audit-finding?auditEngagementId=${id.eng}&limit=100`)).body.data.list.map(
        (f: { id: number }) => f.id,
      ),
    ).toEqual([id.finding]);
    expect(
      (await own.get(`audit-management-response?auditFindingId=${id.finding}`)).body.data.list.map(
        (x: { id: number }) => x.id,
      ),
    ).toEqual([r.id]);
    expect([403, 404]).toContain((await oz.get(`audit-finding/${id.finding}`)).status);
    expect((await oz.get(`audit-finding?auditEngagementId=${id.eng}&limit=100`)).body.data.list).toEqual([]);
    expect(
      (await own.post('audit-finding/update', { id: id.finding, version: item(finding).version, title: 'Mine now' }))
        .status,
    ).toBe(403);
    // a list offers Add only where the caller may add: the audit's auditor on its reports, papers and findings; not an
    // employee on no audit, nor the response owner on the audit of the finding she reads
    const mayAdd = async (who: Client, path: string) => (await who.get(path)).body.data.allowed?.add;
    for (const path of [
      'audit-report?limit=1',
      `audit-report?auditEngagementId=${id.eng}`,
      `audit-working-paper?auditEngagementId=${id.eng}`,
      `audit-finding?auditEngagementId=${id.eng}`,
    ]) {
      expect(await mayAdd(aud, path), path).toBe(true);
      expect(await mayAdd(oz, path), path).toBe(false);
      expect(await mayAdd(own, path), path).toBe(false);
    }
    const action = await add(own, 'audit-management-action', {
      auditManagementResponseId: r.id,
      action: 'Configure dual approval in the bank portal',
      actionOwnerId: id.ace,
      dueDate: addDays(now, 30),
    });
    id.action = action.id;
    expect(action).toMatchObject({
      auditEngagementId: id.eng,
      responseOwnerId: id.ola,
      status: 'Open',
      tracker: 'Open',
      progress: 0,
    });
    expect((await take(own, 'audit-management-response', 'send-response', r.id)).status).toBe(422);
    expect((await take(aud, 'audit-management-response', 'send-response', r.id, { response: 'Not mine' })).status).toBe(
      403,
    );
    ok(
      await take(own, 'audit-management-response', 'send-response', r.id, {
        response: 'Agreed; dual approval by June',
      }),
    );
    expect(await tasks(own, 'Completed')).toEqual([expect.objectContaining({ kind: 'response', decision: 'Sent' })]);
    const sent = await read('audit-management-response', r.id);
    expect(
      (await own.post('audit-management-response/update', { id: r.id, version: sent.version, dueDate: now })).status,
    ).toBe(409);
    ok(await take(own, 'audit-management-response', 'cancel', r.id));
    expect((await tasks(app, 'Pending')).filter((x) => x.kind === 'response')).toEqual([]);
    ok(
      await take(own, 'audit-management-response', 'send-response', r.id, { response: 'Agreed; dual approval by May' }),
    );
    ok(await take(app, 'audit-management-response', 'not-approve', r.id, { reason: 'Name the system owner' }));
    expect((await tasks(own, 'Pending')).map((x) => x.kind)).toEqual(['response']);
    ok(
      await take(own, 'audit-management-response', 'send-response', r.id, {
        response: 'Agreed; IT configures dual approval by May',
      }),
    );
    ok(await take(app, 'audit-management-response', 'approve', r.id));
    expect(await tasks(own, 'Pending')).toEqual([]);
    expect((await read('audit-management-response', r.id)).response).toBe('Agreed; IT configures dual approval by May');
  });

  it('reports: exit minutes uploaded and removed; the draft report uploaded, replaced and removed while a draft; no final report while a response is outstanding; the final report is a PDF made on the server; recall clears it', async () => {
    ok(await take(aud, 'audit-engagement', 'start-reporting', id.eng));
    const report = await add(aud, 'audit-report', {
      auditEngagementId: id.eng,
      title: 'Procurement audit report',
      executiveSummary: 'Payments need a second signature.',
    });
    id.report = report.id;
    await add(aud, 'audit-report-section', {
      auditReportId: report.id,
      heading: 'Background',
      body: 'Procurement spends 40 million a year.',
      position: 1,
    });
    const form = new FormData();
    form.set('id', String(report.id));
    form.set('document', new File([SAMPLE_PDF], 'exit-minutes.pdf', { type: 'application/pdf' }));
    const up = await aud.raw('audit-report/upload-exit-minutes', { method: 'POST', body: form });
    ok(up);
    expect(up.body.data.item.record).toMatchObject({ exitMinutesName: 'exit-minutes.pdf' });
    const minutesId = up.body.data.item.record.exitMinutesFileId;
    expect((await fileBytes(aud, minutesId)).status).toBe(200);
    expect((await oz.post('audit-report/remove-exit-minutes', { id: report.id })).status).toBe(403);
    const removed = await aud.post('audit-report/remove-exit-minutes', { id: report.id });
    ok(removed);
    expect(removed.body.data.item.exitMinutesFileId).toBeNull();
    expect((await fileBytes(aud, minutesId)).status).toBe(404);
    const none = await aud.post('audit-report/remove-exit-minutes', { id: report.id });
    expect(none.status).toBe(409);
    expect(none.body.err_msg).toBe(
      '“Remove exit meeting minutes” is possible only when exit meeting minutes are attached',
    );
    expect((await read('audit-report', report.id))._allowed.commands).not.toContain('remove-exit-minutes');

    // the draft report's attachment: uploaded, replaced, removed, each a trail entry; refused in plain words
    const draft = async (who: Client, name: string) => {
      const body = new FormData();
      body.set('id', String(report.id));
      body.set('document', new File([SAMPLE_PDF], name, { type: 'application/pdf' }));
      return who.raw('audit-report/upload-draft-report', { method: 'POST', body });
    };
    expect((await draft(oz, 'draft-v1.pdf')).status).toBe(403);
    ok(await draft(aud, 'draft-v1.pdf'));
    const replaced = await draft(man, 'draft-v2.pdf');
    ok(replaced);
    expect(replaced.body.data.item.record).toMatchObject({ draftReportName: 'draft-v2.pdf' });
    const draftFile = replaced.body.data.item.record.draftReportFileId;
    expect((await fileBytes(aud, draftFile)).bytes).toEqual(SAMPLE_PDF);
    expect((await read('audit-report', report.id))._allowed.commands).toEqual(
      expect.arrayContaining(['upload-draft-report', 'remove-draft-report']),
    );
    expect((await oz.post('audit-report/remove-draft-report', { id: report.id })).status).toBe(403);
    const gone = await aud.post('audit-report/remove-draft-report', { id: report.id });
    ok(gone);
    expect(gone.body.data.item).toMatchObject({ draftReportFileId: null, draftReportName: null });
    expect((await fileBytes(aud, draftFile)).status).toBe(404);
    const nothing = await aud.post('audit-report/remove-draft-report?lang=de', { id: report.id });
    expect(nothing.status).toBe(409);
    expect(nothing.body.err_msg).toBe(
      '„Berichtsentwurf entfernen“ ist nur möglich, wenn gilt: ein Berichtsentwurf ist angehängt',
    );
    const trail = (await exec.get(`audit-trail?entity=audit-report&recordId=${report.id}&sort=id&limit=100`)).body.data
      .list as { action: string; doneByName: string }[];
    expect(trail.filter((e) => e.action.endsWith('draft-report')).map((e) => [e.action, e.doneByName])).toEqual([
      ['upload-draft-report', 'Ada Auditor'],
      ['upload-draft-report', 'Max Manager'],
      ['remove-draft-report', 'Ada Auditor'],
    ]);
    ok(await draft(aud, 'draft-v3.pdf'));
    const r = await read('audit-report', report.id);
    ok(
      await aud.post('audit-report/update', {
        id: report.id,
        version: r.version,
        managementComment: 'Management accepts the findings.',
      }),
    );
    ok(await take(aud, 'audit-report', 'submit-draft', report.id));
    // a submitted draft's attachment stays as it was sent
    const sentDraft = await read('audit-report', report.id);
    expect(sentDraft).toMatchObject({ draftReportName: 'draft-v3.pdf' });
    expect(sentDraft._allowed.commands).not.toContain('remove-draft-report');
    const late = await aud.post('audit-report/remove-draft-report', { id: report.id });
    expect(late.status).toBe(409);
    expect(late.body.err_msg).toBe('“Remove draft report” is possible only when the report is still a draft');

    // a second finding's response is still with its owner: the final report waits
    const f3 = await add(aud, 'audit-finding', {
      auditEngagementId: id.eng,
      title: 'Vendor master changes',
      observation: 'Changes are not reviewed',
      riskRating: 'Medium',
    });
    ok(await take(man, 'audit-finding', 'validate', f3.id));
    const pending = await add(aud, 'audit-management-response', { auditFindingId: f3.id, responseOwnerId: id.ola });
    expect((await take(aud, 'audit-report', 'make-final-report', report.id)).status).toBe(403);
    const waits = await take(man, 'audit-report', 'make-final-report', report.id);
    expect(waits.status).toBe(409);
    expect(waits.body.err_msg).toMatch(
      /waits for 1 outstanding management response: “Vendor master changes” \(Requested\)/,
    );
    expect(await read('audit-report', report.id)).toMatchObject({ status: 'Submitted Draft', finalReportFileId: null });
    ok(
      await take(own, 'audit-management-response', 'send-response', pending.id, {
        response: 'Monthly review from July',
      }),
    );
    ok(await take(app, 'audit-management-response', 'approve', pending.id));

    const made = await take(man, 'audit-report', 'make-final-report', report.id);
    ok(made);
    const fileId = item(made).finalReportFileId;
    expect(fileId).toEqual(expect.any(Number));
    // the report is as confidential as its audit: its team fetches it, a colleague outside it does not
    expect((await fileBytes(oz, fileId)).status).toBe(404);
    const pdf = await fileBytes(man, fileId);
    expect(pdf.status).toBe(200);
    expect(pdf.type).toBe('application/pdf');
    expect(Buffer.from(pdf.bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    expect(Buffer.from(pdf.bytes.subarray(-6)).toString('latin1')).toMatch(/%%EOF/);
    const text = pdfText(pdf.bytes);
    expect(text).toContain('Procurement 2026');
    expect(text).toContain('Single signature payments');
    expect(text).toContain('Needs Improvement');
    expect(text).not.toContain('Late filing'); // rejected findings stay out
    expect((await other.get(`file/${fileId}`)).status).toBe(404);
    // final: its content is settled
    const fin = await read('audit-report', report.id);
    expect(
      (await aud.post('audit-report/update', { id: report.id, version: fin.version, title: 'Changed' })).status,
    ).toBe(409);
    expect((await aud.post('audit-report-section/add', { auditReportId: report.id, heading: 'Late' })).status).toBe(
      409,
    );

    const recalled = await take(man, 'audit-report', 'recall-final-report', report.id);
    ok(recalled);
    expect(item(recalled)).toMatchObject({ status: 'Submitted Draft', finalReportFileId: null });
    expect((await fileBytes(man, fileId)).status).toBe(404);
    const again = await take(man, 'audit-report', 'make-final-report', report.id);
    ok(again);
    expect(item(again).finalReportFileId).not.toBe(fileId);
  });

  it('follows a management action to closed: open and closed trackers', async () => {
    expect((await take(oz, 'audit-management-action', 'start', id.action)).status).toBe(403);
    ok(await take(act, 'audit-management-action', 'start', id.action));
    const a = await read('audit-management-action', id.action);
    expect(
      (await oz.post('audit-management-action/update-progress', { id: id.action, version: a.version, progress: 90 }))
        .status,
    ).toBe(403);
    expect(
      (
        await act.post('audit-management-action/update-progress', {
          id: id.action,
          version: a.version,
          progress: 50,
          status: 'Closed',
        })
      ).status,
    ).toBe(422);
    ok(
      await act.post('audit-management-action/update-progress', {
        id: id.action,
        version: a.version,
        progress: 50,
        progressComment: 'Configured in test',
      }),
    );
    expect(
      (await exec.get('audit-management-action?tracker=Open')).body.data.list.map((x: { id: number }) => x.id),
    ).toEqual([id.action]);
    expect((await take(act, 'audit-management-action', 'close', id.action)).status).toBe(403);
    const closed = await take(aud, 'audit-management-action', 'close', id.action);
    ok(closed);
    expect(item(closed)).toMatchObject({ status: 'Closed', progress: 100, tracker: 'Closed' });
    expect((await exec.get('audit-management-action?tracker=Open')).body.data.total).toBe(0);
    expect(
      (await exec.get('audit-management-action?tracker=Closed')).body.data.list.map((x: { id: number }) => x.id),
    ).toEqual([id.action]);
    expect((await take(aud, 'audit-management-action', 'reopen', id.action)).status).toBe(422);
    ok(await take(aud, 'audit-management-action', 'reopen', id.action, { reason: 'Portal setting reverted' }));
    ok(await take(aud, 'audit-management-action', 'close', id.action));
  });

  it('keeps the management action owners: an action is owned by one of them, offered as such, and listed as its owner’s', async () => {
    // the owner's own list: the actions he owns, none of another's
    const mine = async (who: Client) =>
      (await who.get('audit-management-action?owner=me&limit=100')).body.data.list.map((x: { id: number }) => x.id);
    expect(await mine(act)).toEqual([id.action]);
    expect(await mine(own)).toEqual([]);
    // while the company keeps no list, anyone may own an action and the picker offers everyone
    const offered = async (who: Client) =>
      (
        await who.get('employee?pickableFor=audit-management-action.actionOwnerId&limit=100&sort=id')
      ).body.data.list.map((e: { id: number }) => e.id);
    expect(await offered(own)).toContain(id.oz);
    // only a module admin keeps the list, and an employee is on it once
    expect((await aud.post('management-action-owner/add', { employeeId: id.ace })).status).toBe(403);
    const ace = await add(exec, 'management-action-owner', { employeeId: id.ace, description: 'Treasury systems' });
    expect((await exec.post('management-action-owner/add', { employeeId: id.ace })).status).toBe(409);
    await add(exec, 'management-action-owner', { employeeId: id.ola });
    expect(await offered(own)).toEqual([id.ola, id.ace].sort((a, b) => a - b));
    expect(await offered(exec)).toEqual([id.ola, id.ace].sort((a, b) => a - b));
    // an owner off the list is refused, naming the field, the person and the list, in the caller's language
    const off = await own.post('audit-management-action/add', {
      auditManagementResponseId: id.response,
      action: 'Train the clerks',
      dueDate: addDays(now, 30),
      actionOwnerId: id.oz,
    });
    expect(off.status).toBe(422);
    expect(off.body.err_msg).toContain(
      "Action owner: Oz Outsider is not on the company's list “Management action owner”; choose someone on it, or add Oz Outsider to it in the settings first",
    );
    const offDe = await own.post('audit-management-action/add?lang=de', {
      auditManagementResponseId: id.response,
      action: 'Train the clerks',
      dueDate: addDays(now, 30),
      actionOwnerId: id.oz,
    });
    expect(offDe.body.err_msg).toContain('Oz Outsider steht nicht auf der Liste');
    const train = await add(own, 'audit-management-action', {
      auditManagementResponseId: id.response,
      action: 'Train the clerks',
      dueDate: addDays(now, 30),
      actionOwnerId: id.ola,
    });
    expect(await mine(own)).toEqual([train.id]);
    // an action owned by someone who left the list keeps its owner until it changes hands
    ok(await exec.post('management-action-owner/delete', { id: ace.id }));
    expect(await read('audit-management-action', id.action)).toMatchObject({ actionOwnerId: id.ace });
    expect(await mine(act)).toEqual([id.action]);
    expect(
      (
        await own.post('audit-management-action/update', {
          id: train.id,
          version: train.version,
          actionOwnerId: id.ace,
        })
      ).status,
    ).toBe(422);
    ok(await aud.post('audit-management-action/delete', { id: train.id }));
  });

  it('tracks issues: progress updates added, changed and deleted; findings added from the tracker await validation', async () => {
    const f = await read('audit-finding', id.finding);
    ok(
      await man.post('audit-finding/update', { id: id.finding, version: f.version, auditIssueStatusId: id.issueOpen }),
    );
    const p = await add(aud, 'audit-issue-progress', {
      auditFindingId: id.finding,
      progressDate: now,
      progress: 40,
      comment: 'Bank portal change requested',
    });
    expect(p.auditEngagementId).toBe(id.eng);
    ok(await aud.post('audit-issue-progress/update', { id: p.id, version: p.version, progress: 60 }));
    expect((await oz.post('audit-issue-progress/delete', { id: p.id })).status).toBe(403);
    ok(await aud.post('audit-issue-progress/delete', { id: p.id }));
    const added = await add(aud, 'audit-finding', {
      auditEngagementId: id.eng,
      title: 'Found later',
      observation: 'Raised from the issue tracker',
      riskRating: 'Low',
    });
    expect(added.status).toBe('Awaiting Validation');
    expect(
      (await exec.get('audit-finding?status=Awaiting%20Validation')).body.data.list.map(
        (x: { title: string }) => x.title,
      ),
    ).toEqual(['Found later']);
  });

  it('completes the audit: the checklist is sent and completed, the customer satisfaction survey sent, re-sent, saved and submitted by its receiver', async () => {
    const ck = await add(aud, 'audit-completion-checklist', {
      auditEngagementId: id.eng,
      receiverId: id.max,
      workingPapersReviewed: 'Yes',
      findingsDiscussed: 'Yes',
      reportIssued: 'Yes',
      filesArchived: 'No',
    });
    expect((await take(man, 'audit-completion-checklist', 'complete', ck.id)).status).toBe(409);
    ok(await take(aud, 'audit-completion-checklist', 'send-checklist', ck.id));
    // beside the findings still awaiting his validation
    const pending = await tasks(man, 'Pending');
    expect(pending.filter((x) => x.kind !== 'finding').map((x) => x.kind)).toEqual(['checklist']);
    for (const task of pending.filter((x) => x.kind === 'finding'))
      expect((await read('audit-finding', task.recordId)).status).toBe('Awaiting Validation');
    expect((await take(aud, 'audit-completion-checklist', 'complete', ck.id)).status).toBe(403);
    ok(await take(man, 'audit-completion-checklist', 'complete', ck.id));
    // beside the findings he validated or rejected and the draft report he made final earlier
    expect(
      (await tasks(man, 'Completed'))
        .filter((x) => x.kind !== 'finding' && x.kind !== 'report')
        .map((x) => `${x.kind}:${x.decision}`),
    ).toEqual(['checklist:Completed']);

    const css = await add(exec, 'customer-satisfaction-survey', { name: 'Auditee survey' });
    for (const v of [1, 2, 3, 4, 5])
      await add(exec, 'audit-survey-rating-scale', {
        customerSatisfactionSurveyId: css.id,
        name: `Score ${v}`,
        value: v,
      });
    const area = await add(exec, 'audit-survey-area', { customerSatisfactionSurveyId: css.id, name: 'Conduct' });
    const q1 = await add(exec, 'audit-survey-question', {
      customerSatisfactionSurveyId: css.id,
      auditSurveyAreaId: area.id,
      question: 'Was the audit professional?',
    });
    const q2 = await add(exec, 'audit-survey-question', {
      customerSatisfactionSurveyId: css.id,
      auditSurveyAreaId: area.id,
      question: 'Was the report clear?',
    });
    const s = await add(aud, 'audit-survey-response', {
      auditEngagementId: id.eng,
      customerSatisfactionSurveyId: css.id,
      receiverId: id.rea,
    });
    expect((await take(rec, 'audit-survey-response', 'save', s.id, { answers: [] })).status).toBe(409); // not sent yet
    ok(await take(aud, 'audit-survey-response', 'send-survey', s.id));
    ok(await take(aud, 'audit-survey-response', 'resend-survey', s.id));
    expect((await tasks(rec, 'Pending')).map((x) => x.kind)).toEqual(['survey']);
    expect((await take(oz, 'audit-survey-response', 'save', s.id, { answers: [] })).status).toBe(403);
    const offScale = await take(rec, 'audit-survey-response', 'save', s.id, {
      answers: [{ auditSurveyQuestionId: q1.id, value: 9 }],
    });
    expect(offScale.status).toBe(422);
    expect(offScale.body.errors?.[0]).toEqual({
      field: 'answers.0.value',
      message: "Answer 1: Value is not on the survey's rating scale (1, 2, 3, 4, 5)",
    });
    ok(
      await take(rec, 'audit-survey-response', 'save', s.id, { answers: [{ auditSurveyQuestionId: q1.id, value: 5 }] }),
    );
    const early = await take(rec, 'audit-survey-response', 'submit', s.id);
    expect(early.status).toBe(422);
    expect(early.body.errors).toEqual([
      { field: 'answers', message: "1 of the survey's 2 questions is not answered yet" },
    ]);
    expect((await read('audit-survey-response', s.id)).status).toBe('Saved');
    ok(
      await take(rec, 'audit-survey-response', 'save', s.id, {
        answers: [
          { auditSurveyQuestionId: q1.id, value: 5 },
          { auditSurveyQuestionId: q2.id, value: 4, comment: 'Clear' },
        ],
      }),
    );
    const submitted = await take(rec, 'audit-survey-response', 'submit', s.id);
    ok(submitted);
    expect(item(submitted).answers).toHaveLength(2);
    expect((await take(aud, 'audit-survey-response', 'resend-survey', s.id)).status).toBe(409);
    expect((await tasks(rec, 'Completed')).map((x) => `${x.kind}:${x.decision}`)).toEqual(['survey:Submitted']);
  });

  it('closes the audit once its report is final, then its records stay as they are', async () => {
    ok(await take(man, 'audit-engagement', 'close', id.eng));
    const late = await aud.post('audit-memorandum/add', {
      auditEngagementId: id.eng,
      memoDate: now,
      subject: 'Too late',
    });
    expect(late.status).toBe(409);
    expect(late.body.err_msg).toMatch(/^The audit “[^”]+” is Closed, so no memorandum can be added to it any more$/);
    // every record of the audit is held by its closed audit (entity.json heldBy), whoever asks
    const memo = await read('audit-memorandum', id.memo);
    expect(memo._allowed).toMatchObject({ update: false, delete: false });
    const changed = await exec.post('audit-memorandum/update', {
      id: memo.id,
      version: memo.version,
      subject: 'Later',
    });
    expect(changed.status).toBe(409);
    expect(changed.body.err_msg).toMatch(/^The audit “[^”]+” is Closed, so this memorandum can no longer be changed$/);
    expect((await exec.post('audit-memorandum/delete', { id: memo.id })).status).toBe(409);
    const e3 = await add(exec, 'audit-engagement', {
      name: 'Fleet 2026',
      auditPlanId: id.plan,
      auditorId: id.ada,
      auditManagerId: id.max,
      approverId: id.abe,
    });
    ok(await take(aud, 'audit-engagement', 'start-fieldwork', e3.id));
    // no final report before the audit reaches Reporting (make-final-report's declared condition)
    const draft = await add(aud, 'audit-report', { auditEngagementId: e3.id, title: 'Fleet audit report' });
    ok(await take(aud, 'audit-report', 'submit-draft', draft.id));
    const tooEarly = await take(man, 'audit-report', 'make-final-report', draft.id);
    expect(tooEarly.status).toBe(409);
    expect(tooEarly.body.err_msg).toBe(
      '“Make final report” is possible only when its audit is in Reporting (its fieldwork is done)',
    );
    expect((await read('audit-report', draft.id))._allowed.transitions).not.toContain('make-final-report');
    ok(await take(aud, 'audit-engagement', 'start-reporting', e3.id));
    const early = await take(man, 'audit-engagement', 'close', e3.id);
    expect(early.status).toBe(409);
    expect(early.body.err_msg).toBe('“Close” is possible only when its final report is made');
    expect(item(await man.get(`audit-engagement/${e3.id}`))._allowed.transitions).toEqual([]);
  });

  it("follows up: a follow-up plan's work is sent for approval and approved by its approver", async () => {
    const plan = await add(exec, 'audit-follow-up-plan', {
      auditPlanId: id.plan,
      name: 'Procurement follow-up',
      auditEngagementId: id.eng,
      auditorId: id.ada,
      auditManagerId: id.max,
      approverId: id.abe,
    });
    const work = await add(aud, 'audit-follow-up-work', {
      auditFollowUpPlanId: plan.id,
      auditManagementActionId: id.action,
      name: 'Verify dual approval',
      workDone: 'Tested 10 payments',
    });
    expect(work).toMatchObject({ auditorId: id.ada, approverId: id.abe });
    ok(await take(aud, 'audit-follow-up-work', 'send', work.id));
    expect((await tasks(app, 'Pending')).map((x) => x.kind)).toEqual(['follow-up-work-plan']);
    ok(await take(app, 'audit-follow-up-work', 'approve', work.id));
    expect(await tasks(app, 'Pending')).toEqual([]);
    expect((await oz.post('audit-follow-up-work/add', { auditFollowUpPlanId: plan.id, name: 'Sneaky' })).status).toBe(
      403,
    );
  });

  it('moves an audit to another approver: only a module admin may, and its records and pending tasks follow', async () => {
    const e = await add(exec, 'audit-engagement', {
      name: 'Payroll 2026',
      auditPlanId: id.plan,
      auditorId: id.ada,
      auditManagerId: id.max,
      approverId: id.abe,
    });
    const wp = await add(aud, 'audit-working-paper', { auditEngagementId: e.id, title: 'WP payroll' });
    ok(await take(aud, 'audit-working-paper', 'send', wp.id));
    const grab = await aud.post('audit-engagement/update', { id: e.id, version: e.version, approverId: id.ola });
    expect(grab.status).toBe(403);
    expect(grab.body.err_msg).toMatch(
      /Only an employee with admin access to the module “Audit management” may change the approver/,
    );
    ok(await exec.post('audit-engagement/update', { id: e.id, version: e.version, approverId: id.ola }));
    expect((await read('audit-working-paper', wp.id)).approverId).toBe(id.ola);
    expect((await tasks(own, 'Pending')).map((x) => `${x.kind}:${x.title}`)).toEqual([
      'paper:Payroll 2026 — WP payroll',
    ]);
    expect((await tasks(app, 'Pending')).filter((x) => x.recordId === wp.id)).toEqual([]);
    expect((await take(app, 'audit-working-paper', 'approve', wp.id)).status).toBe(403);
    ok(await take(own, 'audit-working-paper', 'approve', wp.id));
  });

  it('keeps each audit task to the engine: nobody writes one through the API', async () => {
    expect(
      (
        await exec.post('audit-task/add', {
          kind: 'paper',
          title: 'x',
          recordId: 1,
          assigneeId: id.abe,
          role: 'approver',
          status: 'Pending',
        })
      ).status,
    ).toBe(403);
    const mine = await tasks(app, 'Completed');
    expect(mine.length).toBeGreaterThan(5);
    expect((await other.get('audit-task')).body.data.list).toEqual([]);
  });
});
