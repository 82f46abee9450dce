import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { today } from '../../engine/hooks/performance/quarter-windows.ts';
import { backends } from '../support/backends.ts';
import { startTestStratum, type Client, type Reply, type TestStratum } from '../support/test-stratum.ts';

const ok = (r: Reply) => expect(r.status, r.body.err_msg ?? '').toBe(200);

type Task = {
  kind: string;
  recordId: number;
  role: string;
  title: string | null;
  decision: string | null;
  reason: string | null;
  _titles?: Record<string, string>;
};

/**
 * The audit manager's steps, as a walk of the audit journey met them: he validates or rejects a finding without
 * rewriting it, a validated finding stays as validated, a rejected one goes back to its auditor with the reason, the
 * draft report submitted to him waits in his tasks, and each decision is kept as the state it led to.
 */
describe.each(backends())('audit review steps on $name', (backend) => {
  let t: TestStratum;
  let exec: Client; // module admin
  let aud: Client; // the auditor, author of the findings
  let man: Client; // the audit manager
  let app: Client; // the audit's approver
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
  const read = async (who: Client, entity: string, recordId: number) => item(await who.get(`${entity}/${recordId}`));
  const tasks = async (who: Client, status: 'Pending' | 'Completed', kind: string) =>
    (await who.get(`audit-task?owner=me&status=${status}&kind=${kind}&limit=100`)).body.data.list as Task[];
  const auditTaskCount = async (who: Client) =>
    (await who.get('dashboard-item/required-actions')).body.data.item.list[0].parts.find(
      (p: { kind: string }) => p.kind === 'auditTasks',
    ).count as number;

  beforeAll(async () => {
    t = await startTestStratum(backend);
    exec = (await t.addCompany('Reviewco', { modules: ['audit-management'] })).executive;
    aud = await t.addEmployee(exec, 'Ada', 'Auditor', 'ada@reviewco.example');
    man = await t.addEmployee(exec, 'Max', 'Manager', 'max@reviewco.example');
    app = await t.addEmployee(exec, 'Abe', 'Approver', 'abe@reviewco.example');
    for (const who of ['ada', 'max', 'abe'])
      id[who] = (await exec.get(`employee?email=${who}@reviewco.example`)).body.data.list[0].id;
    const plan = await add(exec, 'audit-plan', { name: 'Audit plan 2026', year: 2026 });
    id.eng = (
      await add(exec, 'audit-engagement', {
        name: 'Spinning 2026',
        auditPlanId: plan.id,
        auditorId: id.ada,
        auditManagerId: id.max,
        approverId: id.abe,
        startDate: now,
        endDate: now,
      })
    ).id;
    id.issueOpen = (await add(exec, 'audit-issue-status', { name: 'Open' })).id;
  });
  afterAll(() => t.close());

  it('lets the audit manager validate or reject a finding awaiting validation, not rewrite or delete it', async () => {
    const finding = await add(aud, 'audit-finding', {
      auditEngagementId: id.eng,
      title: 'Maintenance logs not signed',
      observation: '3 of 10 logs had no sign-off.',
      riskRating: 'High',
    });
    id.finding = finding.id;
    const seen = await read(man, 'audit-finding', finding.id);
    expect(seen._allowed).toMatchObject({ update: false, delete: false });
    expect(seen._allowed.transitions.sort()).toEqual(['reject', 'validate']);
    // its own words are held; its progress updates and management responses follow their own steps
    expect(seen._allowed.lockedChildren).toBeUndefined();
    const rewrite = await man.post('audit-finding/update', {
      id: finding.id,
      version: seen.version,
      observation: 'Rewritten by the manager',
    });
    expect(rewrite.status).toBe(409);
    expect(rewrite.body.err_msg).toMatch(
      /“Maintenance logs not signed” is Awaiting Validation and can no longer be changed/,
    );
    expect((await man.post('audit-finding/delete', { id: finding.id })).status).toBe(409);
    // sent for validation: the author, too, waits for the decision
    expect((await read(aud, 'audit-finding', finding.id))._allowed).toMatchObject({ update: false, delete: false });
    expect((await read(exec, 'audit-finding', finding.id)).observation).toBe('3 of 10 logs had no sign-off.');
  });

  it('sends a rejected finding back to its auditor with the reason, to rework and resubmit', async () => {
    ok(await take(man, 'audit-finding', 'reject', id.finding, { reason: 'Name the machines concerned' }));
    expect(await tasks(man, 'Completed', 'finding')).toEqual([
      expect.objectContaining({ recordId: id.finding, decision: 'Rejected', reason: 'Name the machines concerned' }),
    ]);
    expect(await tasks(aud, 'Pending', 'finding')).toEqual([
      expect.objectContaining({
        recordId: id.finding,
        role: 'auditor',
        title: 'Spinning 2026 — Maintenance logs not signed',
      }),
    ]);
    const back = await read(aud, 'audit-finding', id.finding);
    expect(back).toMatchObject({ status: 'Rejected', reason: 'Name the machines concerned' });
    expect(back._allowed.update).toBe(true);
    expect(back._allowed.transitions).toContain('resubmit');
    // the rework is the auditor's: the manager who rejected it reads it, he does not rewrite it
    expect((await read(man, 'audit-finding', id.finding))._allowed.update).toBe(false);
    expect(
      (await man.post('audit-finding/update', { id: id.finding, version: back.version, title: 'His words' })).status,
    ).toBe(409);
    ok(
      await aud.post('audit-finding/update', {
        id: id.finding,
        version: back.version,
        observation: '3 of 10 logs of looms L4 and L7 had no sign-off.',
      }),
    );
    ok(await take(aud, 'audit-finding', 'resubmit', id.finding));
    expect(await read(aud, 'audit-finding', id.finding)).toMatchObject({
      status: 'Awaiting Validation',
      reason: null,
    });
    expect(await tasks(aud, 'Pending', 'finding')).toEqual([]);
    expect(await tasks(aud, 'Completed', 'finding')).toEqual([
      expect.objectContaining({ recordId: id.finding, role: 'auditor', decision: 'Awaiting Validation' }),
    ]);
    expect(await tasks(man, 'Pending', 'finding')).toEqual([
      expect.objectContaining({ recordId: id.finding, role: 'auditManager' }),
    ]);
  });

  it('keeps a validated finding as validated: only its issue status, progress and responses still change', async () => {
    ok(await take(man, 'audit-finding', 'validate', id.finding));
    for (const who of [exec, aud, man]) {
      const validated = await read(who, 'audit-finding', id.finding);
      expect(validated._allowed).toMatchObject({ update: true, delete: false });
      expect(validated._allowed.fields).toEqual(['auditIssueStatusId']);
    }
    const v = await read(man, 'audit-finding', id.finding);
    const edit = await man.post('audit-finding/update', { id: id.finding, version: v.version, riskRating: 'Low' });
    expect(edit.status).toBe(409);
    expect(edit.body.err_msg).toMatch(
      /“Maintenance logs not signed” is Validated: only issue status can still be changed/,
    );
    expect((await read(exec, 'audit-finding', id.finding)).status).toBe('Validated');
    ok(
      await man.post('audit-finding/update', { id: id.finding, version: v.version, auditIssueStatusId: id.issueOpen }),
    );
    await add(aud, 'audit-issue-progress', {
      auditFindingId: id.finding,
      progressDate: now,
      progress: 20,
      comment: 'Floor managers briefed',
    });
    await add(aud, 'audit-management-response', { auditFindingId: id.finding, responseOwnerId: id.abe, dueDate: now });
  });

  it('puts the submitted draft report into the audit manager’s tasks and counts until he returns it or makes it final', async () => {
    const report = await add(aud, 'audit-report', { auditEngagementId: id.eng, title: 'Spinning audit report' });
    const before = await auditTaskCount(man);
    ok(await take(aud, 'audit-report', 'submit-draft', report.id));
    expect(await tasks(man, 'Pending', 'report')).toEqual([
      expect.objectContaining({
        recordId: report.id,
        role: 'auditManager',
        title: 'Spinning 2026 — Spinning audit report',
      }),
    ]);
    expect(await auditTaskCount(man)).toBe(before + 1);
    ok(await take(man, 'audit-report', 'return-draft', report.id));
    expect(await tasks(man, 'Pending', 'report')).toEqual([]);
    expect(await tasks(man, 'Completed', 'report')).toEqual([
      expect.objectContaining({ recordId: report.id, decision: 'Draft' }),
    ]);
    expect(await auditTaskCount(man)).toBe(before);
    ok(await take(aud, 'audit-report', 'submit-draft', report.id));
    expect((await tasks(man, 'Pending', 'report')).map((x) => x.recordId)).toEqual([report.id]);
  });

  it('keeps the decision as the state it led to, and names an item without a title of its own by none', async () => {
    const survey = await add(exec, 'customer-satisfaction-survey', { name: 'Auditee survey' });
    await add(exec, 'audit-survey-rating-scale', { customerSatisfactionSurveyId: survey.id, value: 1, name: 'Poor' });
    const response = await add(aud, 'audit-survey-response', {
      auditEngagementId: id.eng,
      customerSatisfactionSurveyId: survey.id,
      receiverId: id.abe,
    });
    ok(await take(aud, 'audit-survey-response', 'send-survey', response.id));
    const [task] = await tasks(app, 'Pending', 'survey');
    // no words of its own: the task list names it by its audit (the reference's title) and its kind, in the reader's language
    expect(task).toMatchObject({ recordId: response.id, title: null, _titles: { auditEngagementId: 'Spinning 2026' } });
    ok(await take(app, 'audit-survey-response', 'save', response.id, { answers: [] }));
    ok(await take(app, 'audit-survey-response', 'submit', response.id));
    expect(await tasks(app, 'Completed', 'survey')).toEqual([
      expect.objectContaining({ recordId: response.id, decision: 'Submitted', reason: null }),
    ]);
  });
});
