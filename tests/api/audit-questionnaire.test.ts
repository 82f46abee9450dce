import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../support/backends.ts';
import { decodeMail, startTestStratum, type Client, type Reply, type TestStratum } from '../support/test-stratum.ts';

const ok = (r: Reply) => expect(r.status, r.body.err_msg ?? '').toBe(200);

/**
 * The external audit questionnaire, the first public flow: an auditee who never signs in is sent an expiring link
 * that opens that one questionnaire, saves answers as they go and takes one submission.
 */
describe.each(backends())('the external audit questionnaire on $name', (backend) => {
  let t: TestStratum;
  let exec: Client;
  let ann: Client; // the auditor
  let oz: Client; // an employee with no part in the audit
  let other: Client; // another company's executive
  let companyId: number;
  const id: Record<string, number> = {};
  const questions: Record<string, number> = {};
  const pub = (call: 'auth' | 'answer' | 'submit', body: unknown, flow = 'audit-questionnaire') =>
    t.anonymous.post(`public/${flow}/${call}`, body);

  /** The token of the newest link mailed to this address, from the link's fragment. */
  const linkTo = async (email: string) => {
    const mail = decodeMail((await t.mails()).reverse().find((m) => decodeMail(m).includes(`To: ${email}`))!);
    const link = /(http\S+\/app\/audit-management\/questionnaire\/auth#token=([A-Za-z0-9_-]+))/.exec(mail)!;
    return { mail, link: link[1], token: link[2] };
  };
  const recipient = async (recipientId: number) =>
    (await ann.get(`audit-questionnaire-recipient/${recipientId}`)).body.data.auditQuestionnaireRecipient;

  beforeAll(async () => {
    t = await startTestStratum(backend);
    const company = await t.addCompany('Auditco', { modules: ['audit-management'] });
    exec = company.executive;
    companyId = company.id;
    ann = await t.addEmployee(exec, 'Ann', 'Auditor', 'ann@auditco.example');
    await t.addEmployee(exec, 'Max', 'Manager', 'max@auditco.example');
    oz = await t.addEmployee(exec, 'Oz', 'Outsider', 'oz@auditco.example');
    for (const who of ['ann', 'max', 'oz'])
      id[who] = (await exec.get(`employee?email=${who}@auditco.example`)).body.data.list[0].id;
    other = (await t.addCompany('Otherco', { modules: ['audit-management'] })).executive;

    const plan = await exec.post('audit-plan/add', { name: 'Audit plan 2027', year: 2027 });
    ok(plan);
    const engagement = await exec.post('audit-engagement/add', {
      name: 'Payroll audit',
      auditPlanId: plan.body.data.item.id,
      auditorId: id.ann,
      auditManagerId: id.max,
      approverId: id.max,
    });
    ok(engagement);
    id.engagement = engagement.body.data.item.id;
    const second = await exec.post('audit-engagement/add', {
      name: 'Treasury audit',
      auditPlanId: plan.body.data.item.id,
      auditorId: id.ann,
      auditManagerId: id.max,
      approverId: id.max,
    });
    id.secondEngagement = second.body.data.item.id;
    const area = await ann.post('audit-questionnaire-area/add', { auditEngagementId: id.engagement, name: 'Controls' });
    ok(area);
    for (const [key, question, answerType] of [
      ['text', 'How are payroll changes approved?', 'Text'],
      ['yesNo', 'Is there a four-eyes check?', 'Yes/No'],
      ['rating', 'How well is it documented?', 'Rating'],
    ] as const) {
      const q = await ann.post('audit-questionnaire-question/add', {
        auditQuestionnaireAreaId: area.body.data.item.id,
        question,
        answerType,
      });
      ok(q);
      questions[key] = q.body.data.item.id;
    }
    const otherArea = await ann.post('audit-questionnaire-area/add', {
      auditEngagementId: id.secondEngagement,
      name: 'Cash',
    });
    questions.otherAudit = (
      await ann.post('audit-questionnaire-question/add', {
        auditQuestionnaireAreaId: otherArea.body.data.item.id,
        question: 'Who counts the cash?',
        answerType: 'Text',
      })
    ).body.data.item.id;
  });
  afterAll(() => t.close());

  it('lets the auditor add a recipient and send the link, which goes in the fragment and leaves an audit entry', async () => {
    expect(
      (await oz.post('audit-questionnaire-recipient/add', { auditEngagementId: id.engagement, email: 'x@y.example' }))
        .status,
    ).toBe(403);
    const added = await ann.post('audit-questionnaire-recipient/add', {
      auditEngagementId: id.engagement,
      name: 'Pat Payroll',
      email: 'pat@auditee.example',
    });
    ok(added);
    id.pat = added.body.data.auditQuestionnaireRecipient.id;
    expect(added.body.data.auditQuestionnaireRecipient).toMatchObject({
      status: 'Not Sent',
      auditorId: id.ann,
      sentAt: null,
    });
    expect((await oz.post('audit-questionnaire-recipient/share', { id: id.pat })).status).toBe(403);

    const shared = await ann.post('audit-questionnaire-recipient/share', { id: id.pat });
    ok(shared);
    expect(shared.body.data.item).toMatchObject({ id: id.pat, sentTo: 'pat@auditee.example' });
    const days = (Date.parse(shared.body.data.item.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(20.9);
    expect(days).toBeLessThan(21.1);
    expect(await recipient(id.pat)).toMatchObject({ status: 'Sent' });
    const { mail, link } = await linkTo('pat@auditee.example');
    expect(link.startsWith('http://stratum.test/app/audit-management/questionnaire/auth#token=')).toBe(true);
    expect(mail).toContain('Payroll audit');
    expect(mail).not.toMatch(/[?&]token=/);
    // the reply and the stored record never carry the token
    expect(JSON.stringify(shared.body)).not.toContain((await linkTo('pat@auditee.example')).token);
    const trail = (await exec.get(`audit-trail?entity=audit-questionnaire-recipient&recordId=${id.pat}&sort=id`)).body
      .data.list;
    expect(trail.map((e: { action: string }) => e.action)).toEqual(['add', 'share']);
  });

  it('sends no questionnaire that has no questions: the share is refused in plain words and not offered', async () => {
    const plan = await exec.post('audit-plan/add', { name: 'Audit plan 2028', year: 2028 });
    const empty = await exec.post('audit-engagement/add', {
      name: 'Fleet audit',
      auditPlanId: plan.body.data.item.id,
      auditorId: id.ann,
      auditManagerId: id.max,
      approverId: id.max,
    });
    ok(empty);
    const added = await ann.post('audit-questionnaire-recipient/add', {
      auditEngagementId: empty.body.data.item.id,
      name: 'Fay Fleet',
      email: 'fay@auditee.example',
    });
    ok(added);
    const recipient = added.body.data.auditQuestionnaireRecipient;
    expect(recipient._allowed.commands).not.toContain('share');
    const refused = await ann.post('audit-questionnaire-recipient/share', { id: recipient.id });
    expect(refused.status).toBe(409);
    expect(refused.body.err_msg).toBe(
      "“Share” is possible only when the audit's questionnaire has questions (it has none yet: add them first)",
    );
  });

  it('opens the questionnaire with the link alone: its questions by area, nothing of any other audit', async () => {
    const { token } = await linkTo('pat@auditee.example');
    const r = await pub('auth', { token });
    ok(r);
    const info = r.body.data.info;
    expect(info.title).toContain('Payroll audit');
    expect(info).toMatchObject({
      auditQuestionnaireId: id.engagement,
      userId: id.pat,
      recipientId: id.pat,
      respondent: 'pat@auditee.example',
      answers: [],
    });
    expect(info.questions.map((q: { id: number; type: string; group: string }) => [q.id, q.type, q.group])).toEqual([
      [questions.text, 'text', 'Controls'],
      [questions.yesNo, 'choice', 'Controls'],
      [questions.rating, 'rating', 'Controls'],
    ]);
  });

  it('saves each answer as it is given, once per question, audited under the respondent', async () => {
    const { token } = await linkTo('pat@auditee.example');
    ok(await pub('answer', { token, questionId: questions.text, answer: 'By the HR lead' }));
    const changed = await pub('answer', { token, questionId: questions.text, answer: 'By the HR lead and finance' });
    ok(changed);
    const answers = (await ann.get(`audit-questionnaire-answer?auditEngagementId=${id.engagement}`)).body.data;
    expect(answers.total).toBe(1);
    expect(answers.list[0]).toMatchObject({
      auditQuestionnaireRecipientId: id.pat,
      auditQuestionnaireQuestionId: questions.text,
      answer: 'By the HR lead and finance',
    });
    const again = (await pub('auth', { token })).body.data.info;
    expect(again.answers).toEqual([
      expect.objectContaining({ auditQuestionnaireQuestionId: questions.text, answer: 'By the HR lead and finance' }),
    ]);
    const trail = (
      await exec.get(`audit-trail?entity=audit-questionnaire-answer&recordId=${answers.list[0].id}&sort=id`)
    ).body.data.list;
    expect(trail.map((e: { action: string; doneByName: string }) => [e.action, e.doneByName])).toEqual([
      ['answer', 'pat@auditee.example (respondent)'],
      ['answer', 'pat@auditee.example (respondent)'],
    ]);
    // the trail names the answer by its question and who answered, not "#1"
    expect(trail.map((e: { recordTitle: string }) => e.recordTitle)).toEqual([
      'How are payroll changes approved? — Pat Payroll',
      'How are payroll changes approved? — Pat Payroll',
    ]);
  });

  it("refuses answers that are not this questionnaire's or not well formed, and writes nothing", async () => {
    const { token } = await linkTo('pat@auditee.example');
    const count = async () =>
      (await ann.get(`audit-questionnaire-answer?auditEngagementId=${id.engagement}`)).body.data.total;
    const before = await count();
    const elsewhere = await pub('answer', { token, questionId: questions.otherAudit, answer: 'Me' });
    expect(elsewhere.status).toBe(422);
    expect(elsewhere.body.errors![0].field).toBe('questionId');
    const badRating = await pub('answer', { token, questionId: questions.rating, rating: 9 });
    expect(badRating.status).toBe(422);
    expect(badRating.body.errors![0].field).toBe('rating');
    expect((await pub('answer', { token, questionId: questions.yesNo, choice: 'Maybe' })).status).toBe(422);
    expect((await pub('answer', { token, questionId: questions.text, sneaky: 'x' })).status).toBe(422);
    const moved = await pub('answer', { token, questionId: questions.text, auditQuestionnaireRecipientId: 999 });
    expect(moved.status).toBe(422);
    expect(moved.body.errors![0].field).toBe('auditQuestionnaireRecipientId');
    expect(await count()).toBe(before);
    // nobody writes answers through the ordinary API
    expect(
      (
        await exec.post('audit-questionnaire-answer/add', {
          auditQuestionnaireRecipientId: id.pat,
          auditQuestionnaireQuestionId: questions.yesNo,
          choice: 'Yes',
        })
      ).status,
    ).toBe(403);
  });

  it('refuses a missing, forged or unknown-flow link with a clear message', async () => {
    const none = await pub('auth', {});
    expect(none.status).toBe(422);
    expect(none.body.errors![0].field).toBe('token');
    const forged = await pub('auth', { token: 'A'.repeat(43) });
    expect(forged.status).toBe(401);
    expect(forged.body.err_msg).toMatch(/link is not valid/);
    const { token } = await linkTo('pat@auditee.example');
    expect((await pub('auth', { token }, 'no-such-flow')).status).toBe(404);
  });

  it('takes one submission, once every question is answered; then the link is used up', async () => {
    const { token } = await linkTo('pat@auditee.example');
    const early = await pub('submit', { token });
    expect(early.status).toBe(422);
    expect(early.body.err_msg).toContain('Is there a four-eyes check?');
    ok(await pub('answer', { token, questionId: questions.yesNo, choice: 'Yes' }));
    ok(await pub('answer', { token, questionId: questions.rating, rating: 4 }));
    ok(await pub('submit', { token }));
    expect(await recipient(id.pat)).toMatchObject({ status: 'Submitted' });
    expect((await recipient(id.pat)).submittedAt).not.toBeNull();
    for (const [call, body] of [
      ['auth', { token }],
      ['answer', { token, questionId: questions.rating, rating: 1 }],
      ['submit', { token }],
    ] as const) {
      const r = await pub(call, body);
      expect(r.status).toBe(409);
      expect(r.body.code).toBe('already_submitted');
    }
    expect(
      (await ann.get(`audit-questionnaire-answer?auditQuestionnaireQuestionId=${questions.rating}`)).body.data.list[0]
        .rating,
    ).toBe(4);
    const resend = await ann.post('audit-questionnaire-recipient/share', { id: id.pat });
    expect(resend.status).toBe(409);
    expect(resend.body.err_msg).toMatch(/already submitted/);
    // once answered, the e-mail it went to is fixed (entity.json lockedWhen), its name is not, and it may still go
    const answered = await recipient(id.pat);
    expect(answered._allowed.fields).toContain('name');
    expect(answered._allowed.fields).not.toContain('email');
    const moved = await ann.post('audit-questionnaire-recipient/update', {
      id: id.pat,
      version: answered.version,
      email: 'pat.new@auditee.example',
    });
    expect(moved.status).toBe(409);
    expect(moved.body.err_msg).toBe(
      'The questionnaire recipient “Pat Payroll” has already submitted the questionnaire, so E-mail can no longer change',
    );
    expect((await recipient(id.pat)).email).toBe('pat@auditee.example');
    ok(
      await ann.post('audit-questionnaire-recipient/update', { id: id.pat, version: answered.version, name: 'Pat P.' }),
    );
  });

  it('lets a new link replace the old one, and refuses an expired link', async () => {
    id.lee = (
      await ann.post('audit-questionnaire-recipient/add', {
        auditEngagementId: id.engagement,
        name: 'Lee',
        email: 'lee@auditee.example',
      })
    ).body.data.auditQuestionnaireRecipient.id;
    ok(await ann.post('audit-questionnaire-recipient/share', { id: id.lee }));
    const first = (await linkTo('lee@auditee.example')).token;
    ok(await ann.post('audit-questionnaire-recipient/share', { id: id.lee }));
    const second = (await linkTo('lee@auditee.example')).token;
    expect(second).not.toBe(first);
    const replaced = await pub('auth', { token: first });
    expect(replaced.status).toBe(401);
    expect(replaced.body.err_msg).toMatch(/replaced by a newer one/);
    ok(await pub('auth', { token: second }));
    await t.stratum.db.query(
      `UPDATE public_pass SET expires_at = now() - interval '1 minute' WHERE entity = 'audit-questionnaire-recipient' AND record_id = $1 AND revoked_at IS NULL`,
      [id.lee],
    );
    const expired = await pub('auth', { token: second });
    expect(expired.status).toBe(410);
    expect(expired.body.code).toBe('link_expired');
  });

  it("keeps a company's recipients and answers from another company, and closes the link when the module is switched off", async () => {
    expect((await other.get('audit-questionnaire-recipient')).body.data.total).toBe(0);
    expect((await other.get(`audit-questionnaire-recipient/${id.pat}`)).status).toBe(404);
    expect((await other.post('audit-questionnaire-recipient/share', { id: id.pat })).status).toBe(404);
    id.kim = (
      await ann.post('audit-questionnaire-recipient/add', {
        auditEngagementId: id.engagement,
        email: 'kim@auditee.example',
      })
    ).body.data.auditQuestionnaireRecipient.id;
    ok(await ann.post('audit-questionnaire-recipient/share', { id: id.kim }));
    const { token } = await linkTo('kim@auditee.example');
    ok(await pub('auth', { token }));
    const module = (await t.holder.get('module?limit=100')).body.data.list.find(
      (m: { code: string }) => m.code === 'audit-management',
    );
    ok(
      await t.holder.post(`company-module/set-enablement?companyId=${companyId}`, {
        moduleId: module.id,
        enabled: 'No',
      }),
    );
    const off = await pub('auth', { token });
    expect(off.status).toBe(403);
    expect(off.body.code).toBe('module_disabled');
    ok(
      await t.holder.post(`company-module/set-enablement?companyId=${companyId}`, {
        moduleId: module.id,
        enabled: 'Yes',
      }),
    );
    ok(await pub('auth', { token }));
  });

  it("lists the public pages for the renderer, with the flow's error titles", async () => {
    const r = await t.anonymous.get('public/screens');
    ok(r);
    expect(r.body.data.screens).toEqual(
      expect.arrayContaining([
        {
          path: '/app/audit-management/questionnaire/auth',
          flow: 'audit-questionnaire',
          phase: 'auth',
          errors: {
            auth: 'error.auditQuestionnaireAuthenticate',
            answer: 'error.saveAuditQuestionnaireAnswer',
            submit: 'error.submitAuditQuestionnaire',
          },
        },
        expect.objectContaining({
          path: '/app/audit-management/questionnaire/complete/:auditQuestionnaireId/:userId',
          phase: 'complete',
        }),
        expect.objectContaining({ path: '/app/audit-management/questionnaire/success', phase: 'success' }),
      ]),
    );
  });
});
