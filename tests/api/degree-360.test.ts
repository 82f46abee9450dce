import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../support/backends.ts';
import {
  decodeMail,
  mailText,
  startTestStratum,
  type Client,
  type Reply,
  type TestStratum,
} from '../support/test-stratum.ts';
import { appDay, isoDay, isoDayOf } from '../support/iso-day.ts';

const ok = (r: Reply) => expect(r.status, r.body.err_msg ?? '').toBe(200);

/**
 * 360-degree feedback: a survey with its scale, competencies and questions; the employees under review and their
 * reviewers (colleagues and outsiders), who answer through an expiring link without signing in; the result by rater group.
 */
describe.each(backends())('360-degree surveys on $name', (backend) => {
  let t: TestStratum;
  let exec: Client; // the executive: module admin of everything
  let ada: Client; // the employee under review
  let oz: Client; // a colleague without admin rights
  let other: Client; // another company's executive
  const id: Record<string, number> = {};
  const q: Record<string, number> = {};
  const reviewer: Record<string, number> = {};
  const pub = (call: 'auth' | 'answer' | 'submit', body: unknown, flow = 'survey-review') =>
    t.anonymous.post(`public/${flow}/${call}`, body);

  /** The token of the newest link mailed to this address, from the link's fragment. */
  const linkTo = async (email: string) => {
    const raw = (await t.mails()).reverse().find((m) => decodeMail(m).includes(`To: ${email}`))!;
    const mail = decodeMail(raw);
    const link = /(http\S+\/app\/survey-review\/authenticate#token=([A-Za-z0-9_-]+))/.exec(mail)!;
    return { mail, raw, link: link[1], token: link[2] };
  };
  const addReviewer = async (body: Record<string, unknown>) => {
    const r = await exec.post('survey-reviewer/add', { reviewedEmployeeId: id.reviewedAda, ...body });
    ok(r);
    return r.body.data.surveyReviewer as { id: number; email: string; name: string; surveyId: number; status: string };
  };
  /** Shares the reviewer's link and answers every question with the given ratings (by question key), then submits. */
  const review = async (reviewerId: number, email: string, ratings: Record<string, number>, submit = true) => {
    ok(await exec.post('survey-reviewer/share', { id: reviewerId }));
    const { token } = await linkTo(email);
    for (const [key, rating] of Object.entries(ratings)) ok(await pub('answer', { token, questionId: q[key], rating }));
    if (submit) ok(await pub('submit', { token }));
    return token;
  };

  beforeAll(async () => {
    t = await startTestStratum(backend);
    const company = await t.addCompany('Feedbackco', { modules: ['degree-360'] });
    exec = company.executive;
    id.company = company.id;
    ada = await t.addEmployee(exec, 'Ada', 'Reviewed', 'ada@feedbackco.example');
    await t.addEmployee(exec, 'Bob', 'Peer', 'bob@feedbackco.example');
    await t.addEmployee(exec, 'Cy', 'Boss', 'cy@feedbackco.example');
    oz = await t.addEmployee(exec, 'Oz', 'Other', 'oz@feedbackco.example');
    for (const who of ['ada', 'bob', 'cy', 'oz'])
      id[who] = (await exec.get(`employee?email=${who}@feedbackco.example`)).body.data.list[0].id;
    other = (await t.addCompany('Otherco', { modules: ['degree-360'] })).executive;
  });
  afterAll(() => t.close());

  it("keeps a survey's end on or after its start, and derives its status from the dates", async () => {
    const backwards = await exec.post('survey/add', { name: 'Backwards', startDate: isoDay(5), endDate: isoDay(4) });
    expect(backwards.status).toBe(422);
    expect(backwards.body.errors![0].field).toBe('endDate');
    const open = await exec.post('survey/add', {
      name: 'Leadership 360',
      description: 'Annual leadership feedback',
      startDate: isoDay(0),
      endDate: isoDay(30),
    });
    ok(open);
    id.survey = open.body.data.survey.id;
    expect(open.body.data.survey).toMatchObject({ status: 'Open', startDate: isoDay(0), endDate: isoDay(30) });
    id.later = (
      await exec.post('survey/add', { name: 'Next year', startDate: isoDay(1), endDate: isoDay(60) })
    ).body.data.survey.id;
    id.past = (
      await exec.post('survey/add', { name: 'Last year', startDate: isoDay(-60), endDate: isoDay(-1) })
    ).body.data.survey.id;
    expect((await exec.get(`survey/${id.later}`)).body.data.survey.status).toBe('Not Open');
    expect((await exec.get(`survey/${id.past}`)).body.data.survey.status).toBe('Closed');
    // the list filters by status in SQL, agreeing with the computed field
    for (const [status, survey] of [
      ['Open', id.survey],
      ['Not Open', id.later],
      ['Closed', id.past],
    ] as const) {
      const list = (await exec.get(`survey?status=${encodeURIComponent(status)}`)).body.data.list;
      expect(list.map((s: { id: number; status: string }) => [s.id, s.status])).toEqual([[survey, status]]);
    }
    const stale = await exec.post('survey/update', { id: id.survey, version: 99, name: 'X' });
    expect(stale.status).toBe(409);
  });

  it("holds a scale, competencies and questions per survey; a question takes its competency's survey", async () => {
    for (const [value, name] of [
      [1, 'Poor'],
      [2, 'Fair'],
      [3, 'Good'],
      [4, 'Very good'],
      [5, 'Excellent'],
    ] as const)
      ok(await exec.post('survey-scale/add', { surveyId: id.survey, value, name }));
    expect((await exec.post('survey-scale/add', { surveyId: id.survey, value: 5, name: 'Twice' })).status).toBe(409);
    id.vision = (
      await exec.post('survey-competency/add', { surveyId: id.survey, name: 'Vision' })
    ).body.data.surveyCompetency.id;
    id.care = (
      await exec.post('survey-competency/add', { surveyId: id.survey, name: 'Care' })
    ).body.data.surveyCompetency.id;
    for (const [key, competency, question] of [
      ['direction', id.vision, 'Sets a clear direction'],
      ['explains', id.vision, 'Explains why'],
      ['listens', id.care, 'Listens'],
    ] as const) {
      const r = await exec.post('survey-question/add', { surveyCompetencyId: competency, question });
      ok(r);
      expect(r.body.data.surveyQuestion.surveyId).toBe(id.survey);
      q[key] = r.body.data.surveyQuestion.id;
    }
    // the question of another survey, which this survey's reviewers may not answer
    const elsewhere = (await exec.post('survey-competency/add', { surveyId: id.later, name: 'Elsewhere' })).body.data
      .surveyCompetency.id;
    q.elsewhere = (
      await exec.post('survey-question/add', { surveyCompetencyId: elsewhere, question: 'Not ours' })
    ).body.data.surveyQuestion.id;
    expect((await exec.post('survey-question/add', { surveyCompetencyId: 999999, question: 'Lost' })).status).toBe(422);
    expect(
      (await exec.post('survey-question/add', { surveyCompetencyId: id.vision, question: 'Moved', surveyId: id.later }))
        .status,
    ).toBe(422);
    expect((await exec.get(`survey-question?surveyId=${id.survey}`)).body.data.total).toBe(3);
    expect(
      (await exec.get(`survey-scale?surveyId=${id.survey}`)).body.data.list.map((s: { value: number }) => s.value),
    ).toEqual([1, 2, 3, 4, 5]);
  });

  it('reviews employees, and takes reviewers: colleagues by employee (their e-mail), outsiders by name and e-mail', async () => {
    const reviewed = await exec.post('reviewed-employee/add', { surveyId: id.survey, employeeId: id.ada });
    ok(reviewed);
    id.reviewedAda = reviewed.body.data.reviewedEmployee.id;
    expect((await exec.post('reviewed-employee/add', { surveyId: id.survey, employeeId: id.ada })).status).toBe(409);

    // a self-review needs no colleague chosen: it is the reviewed employee's own
    const self = await addReviewer({ relationship: 'Self' });
    expect(self).toMatchObject({
      employeeId: id.ada,
      email: 'ada@feedbackco.example',
      name: 'Ada Reviewed',
      surveyId: id.survey,
      status: 'Not Sent',
    });
    reviewer.self = self.id;
    reviewer.boss = (
      await addReviewer({ relationship: 'Supervisor', employeeId: id.cy, email: 'forged@elsewhere.example' })
    ).id;
    expect((await exec.get(`survey-reviewer/${reviewer.boss}`)).body.data.surveyReviewer.email).toBe(
      'cy@feedbackco.example',
    );
    reviewer.bob = (await addReviewer({ relationship: 'Peer', employeeId: id.bob })).id;
    for (const n of [1, 2, 3, 4])
      reviewer[`out${n}`] = (
        await addReviewer({ relationship: 'Outsider', name: `Out Sider ${n}`, email: `out${n}@partner.example` })
      ).id;

    const refusals: [Record<string, unknown>, string][] = [
      [{ relationship: 'Outsider', name: 'No Mail' }, 'email'],
      [{ relationship: 'Outsider', email: 'x@partner.example', employeeId: id.bob }, 'employeeId'],
      [{ relationship: 'Peer', name: 'Not Picked', email: 'np@partner.example' }, 'employeeId'],
      [{ relationship: 'Self', employeeId: id.bob }, 'employeeId'],
      [{ relationship: 'Peer', employeeId: id.ada }, 'relationship'],
      [{ relationship: 'Friend', employeeId: id.bob }, 'relationship'],
      [
        { relationship: 'Outsider', name: 'X', email: 'x@partner.example', reviewedEmployeeId: 999999 },
        'reviewedEmployeeId',
      ],
    ];
    for (const [body, field] of refusals) {
      const r = await exec.post('survey-reviewer/add', { reviewedEmployeeId: id.reviewedAda, ...body });
      expect(r.status, JSON.stringify(body)).toBe(422);
      expect(r.body.errors!.map((e) => e.field)).toContain(field);
    }
    expect((await exec.get(`survey-reviewer?reviewedEmployeeId=${id.reviewedAda}`)).body.data.total).toBe(7);
  });

  it('refuses a colleague without admin rights every admin call, and shows them no answers', async () => {
    const calls: [string, unknown][] = [
      ['survey/add', { name: 'Mine', startDate: isoDay(0), endDate: isoDay(1) }],
      ['survey/delete', { id: id.survey }],
      ['survey-scale/add', { surveyId: id.survey, value: 9, name: 'Nine' }],
      ['survey-competency/add', { surveyId: id.survey, name: 'Mine' }],
      ['survey-question/add', { surveyCompetencyId: id.vision, question: 'Mine?' }],
      ['reviewed-employee/add', { surveyId: id.survey, employeeId: id.oz }],
      ['survey-reviewer/add', { reviewedEmployeeId: id.reviewedAda, relationship: 'Peer', employeeId: id.oz }],
      ['survey-reviewer/share', { id: reviewer.out1 }],
      ['survey-answer/add', { surveyReviewerId: reviewer.out1, surveyQuestionId: q.direction, rating: 1 }],
    ];
    for (const [path, body] of calls) expect((await oz.post(path, body)).status, path).toBe(403);
    expect((await oz.get('survey-answer')).status).toBe(403);
    expect((await oz.get('survey-reviewer')).status).toBe(403);
    expect((await oz.get(`reviewed-employee/result?id=${id.reviewedAda}`)).status).toBe(403);
    // nobody writes answers through the ordinary API, not even an admin
    expect(
      (
        await exec.post('survey-answer/add', {
          surveyReviewerId: reviewer.out1,
          surveyQuestionId: q.direction,
          rating: 1,
        })
      ).status,
    ).toBe(403);
  });

  it('shares a link by e-mail, in the fragment, that opens that one review; answers are saved as they go', async () => {
    const shared = await exec.post('survey-reviewer/share', { id: reviewer.out1 });
    ok(shared);
    expect(shared.body.data.item).toMatchObject({ id: reviewer.out1, sentTo: 'out1@partner.example' });
    // the link works to the end of the survey's end date (in 30 days), the day the mail states, not 14 days from now
    const expires = new Date(shared.body.data.item.expiresAt);
    expect(isoDayOf(expires)).toBe(isoDay(30));
    expect(expires.getTime() + 1).toBe(new Date(`${isoDay(31)}T00:00:00`).getTime());
    const { mail, raw, link, token } = await linkTo('out1@partner.example');
    expect(mailText(raw)).toContain(`The link works until ${appDay(isoDay(30))} and only for you`);
    expect(link.startsWith('http://stratum.test/app/survey-review/authenticate#token=')).toBe(true);
    expect(mail).toContain('Leadership 360');
    expect(mail).toContain('Out Sider 1');
    expect(mail).not.toMatch(/[?&]token=/);
    expect(JSON.stringify(shared.body)).not.toContain(token);
    expect((await exec.get(`survey-reviewer/${reviewer.out1}`)).body.data.surveyReviewer.status).toBe('Sent');

    const auth = await pub('auth', { token });
    ok(auth);
    const info = auth.body.data.info;
    expect(info.title).toBe('Leadership 360: review of Ada Reviewed');
    expect(info.intro).toMatch(
      /^Rate Ada Reviewed on each question, as you have seen them work \(you review as: outsider\)\..*submit them when you are done, by \d\d\/\d\d\/\d{4}\.$/,
    );
    // an outsider reads the page in the language it is shown in, its title and introduction too
    const inLanguage = async (lang: string) =>
      (
        await t.anonymous.raw('public/survey-review/auth', {
          method: 'POST',
          body: JSON.stringify({ token }),
          headers: { 'content-type': 'application/json', 'accept-language': lang },
        })
      ).body.data.info;
    const de = await inLanguage('de');
    expect(de.title).toBe('Leadership 360: Beurteilung von Ada Reviewed');
    expect(de.intro).toMatch(
      /^Bewerten Sie Ada Reviewed bei jeder Frage .*\(Sie beurteilen als: Externe[^)]*\)\..*spätestens am \d\d\.\d\d\.\d{4}\.$/,
    );
    const bn = await inLanguage('bn');
    expect(bn.title).toBe('Leadership 360: Ada Reviewed-এর মূল্যায়ন');
    expect(bn.intro).toContain('প্রতিটি প্রশ্নে রেটিং দিন');
    expect(bn.intro).not.toMatch(/Rate|answers/);
    expect(info).toMatchObject({
      surveyId: id.survey,
      reviewedEmployee: 'Ada Reviewed',
      relationship: 'Outsider',
      recipientId: reviewer.out1,
      respondent: 'out1@partner.example',
      answers: [],
    });
    expect(
      info.questions.map((x: { id: number; group: string; type: string; required: boolean }) => [
        x.id,
        x.group,
        x.type,
        x.required,
      ]),
    ).toEqual([
      [q.direction, 'Vision', 'rating', true],
      [q.explains, 'Vision', 'rating', true],
      [q.listens, 'Care', 'rating', true],
    ]);
    expect(info.questions[0].options.map((o: { value: number }) => o.value)).toEqual([1, 2, 3, 4, 5]);
    expect(info.questions[0].options[4].label).toBe('5 – Excellent');

    ok(await pub('answer', { token, questionId: q.direction, rating: 2 }));
    ok(await pub('answer', { token, questionId: q.direction, rating: 4 }));
    const again = (await pub('auth', { token })).body.data.info;
    // each answer names the question it answers as the questions are named (their id), so that a screen finds it by
    // that and not by a value that happens to equal another question's id
    expect(again.answers).toEqual([
      expect.objectContaining({
        surveyReviewerId: reviewer.out1,
        surveyQuestionId: q.direction,
        questionId: q.direction,
        rating: 4,
      }),
    ]);
    expect((await exec.get(`survey-answer?surveyReviewerId=${reviewer.out1}`)).body.data.total).toBe(1);
  });

  it('refuses an answer to a question not in the survey, off the scale or malformed, and writes nothing', async () => {
    const { token } = await linkTo('out1@partner.example');
    const count = async () => (await exec.get(`survey-answer?surveyReviewerId=${reviewer.out1}`)).body.data.total;
    const before = await count();
    const elsewhere = await pub('answer', { token, questionId: q.elsewhere, rating: 3 });
    expect(elsewhere.status).toBe(422);
    expect(elsewhere.body.errors![0].field).toBe('questionId');
    const offScale = await pub('answer', { token, questionId: q.explains, rating: 7 });
    expect(offScale.status).toBe(422);
    expect(offScale.body.errors![0]).toMatchObject({
      field: 'rating',
      message: "Rating is not on the survey's rating scale (1, 2, 3, 4, 5)",
    });
    expect((await pub('answer', { token, questionId: q.explains, rating: 'four' })).status).toBe(422);
    const moved = await pub('answer', { token, questionId: q.explains, rating: 3, surveyReviewerId: reviewer.bob });
    expect(moved.status).toBe(422);
    expect(moved.body.errors![0].field).toBe('surveyReviewerId');
    expect(await count()).toBe(before);
  });

  it('refuses a submission until every question is answered, then takes it once; the audit trail names the respondent', async () => {
    const { token } = await linkTo('out1@partner.example');
    const early = await pub('submit', { token });
    expect(early.status).toBe(422);
    expect(early.body.err_msg).toContain('Explains why');
    ok(await pub('answer', { token, questionId: q.explains, rating: 3 }));
    ok(await pub('answer', { token, questionId: q.listens, rating: 5 }));
    ok(await pub('submit', { token }));
    const stored = (await exec.get(`survey-reviewer/${reviewer.out1}`)).body.data.surveyReviewer;
    expect(stored.status).toBe('Submitted');
    expect(stored.answerList).toHaveLength(3);
    // the link is used up: every later call is refused and changes nothing
    for (const [call, body] of [
      ['auth', { token }],
      ['answer', { token, questionId: q.listens, rating: 1 }],
      ['submit', { token }],
    ] as const) {
      const r = await pub(call, body);
      expect(r.status).toBe(409);
      expect(r.body.code).toBe('already_submitted');
    }
    expect(
      (await exec.get(`survey-answer?surveyReviewerId=${reviewer.out1}&surveyQuestionId=${q.listens}`)).body.data
        .list[0].rating,
    ).toBe(5);
    const resend = await exec.post('survey-reviewer/share', { id: reviewer.out1 });
    expect(resend.status).toBe(409);
    // who reviewed, and how they stand to the employee, no longer change
    const moved = await exec.post('survey-reviewer/update', {
      id: reviewer.out1,
      version: stored.version,
      relationship: 'Peer',
      employeeId: id.bob,
    });
    expect(moved.status).toBe(409);
    expect(moved.body.err_msg).toMatch(
      /has already submitted the review, so relationship and colleague can no longer change$/,
    );
    expect((await exec.get(`survey-reviewer/${reviewer.out1}`)).body.data.surveyReviewer._allowed.fields).not.toContain(
      'relationship',
    );
    // who did what: the respondent by the e-mail the link went to
    const answer = (await exec.get(`survey-answer?surveyReviewerId=${reviewer.out1}&surveyQuestionId=${q.direction}`))
      .body.data.list[0];
    const trail = (await exec.get(`audit-trail?entity=survey-answer&recordId=${answer.id}&sort=id`)).body.data.list;
    expect(trail.map((e: { action: string; doneByName: string }) => [e.action, e.doneByName])).toEqual([
      ['answer', 'out1@partner.example (respondent)'],
      ['answer', 'out1@partner.example (respondent)'],
    ]);
    const reviewerTrail = (await exec.get(`audit-trail?entity=survey-reviewer&recordId=${reviewer.out1}&sort=id`)).body
      .data.list;
    expect(reviewerTrail.map((e: { action: string }) => e.action)).toEqual(['add', 'share', 'submit']);
    expect(reviewerTrail[2].doneByName).toBe('out1@partner.example (respondent)');
    // the completed reviews list
    const completed = (await exec.get(`survey-reviewer?surveyId=${id.survey}&status=Submitted`)).body.data.list;
    expect(completed.map((r: { id: number }) => r.id)).toEqual([reviewer.out1]);
  });

  it('admits a link to its own review only: not another flow, not after a newer link, not once expired', async () => {
    ok(await exec.post('survey-reviewer/share', { id: reviewer.out2 }));
    const first = (await linkTo('out2@partner.example')).token;
    // the same token on the organisational survey's flow names nothing there
    const otherFlow = await pub('auth', { token: first }, 'organizational-survey-review');
    expect(otherFlow.status).toBe(401);
    ok(await exec.post('survey-reviewer/share', { id: reviewer.out2 }));
    const second = (await linkTo('out2@partner.example')).token;
    const replaced = await pub('auth', { token: first });
    expect(replaced.status).toBe(401);
    expect(replaced.body.err_msg).toMatch(/replaced by a newer one/);
    ok(await pub('auth', { token: second }));
    await t.stratum.db.query(
      `UPDATE public_pass SET expires_at = now() - interval '1 minute' WHERE entity = 'survey-reviewer' AND record_id = $1 AND revoked_at IS NULL`,
      [reviewer.out2],
    );
    const expired = await pub('answer', { token: second, questionId: q.direction, rating: 3 });
    expect(expired.status).toBe(410);
    expect(expired.body.code).toBe('link_expired');
    expect((await exec.get(`survey-answer?surveyReviewerId=${reviewer.out2}`)).body.data.total).toBe(0);
    expect((await pub('auth', { token: 'A'.repeat(43) })).status).toBe(401);
  });

  it('refuses links into a closed survey and answers before a survey opens', async () => {
    const reviewedLater = (await exec.post('reviewed-employee/add', { surveyId: id.later, employeeId: id.ada })).body
      .data.reviewedEmployee.id;
    ok(await exec.post('survey-scale/add', { surveyId: id.later, value: 1, name: 'One' }));
    const early = (
      await exec.post('survey-reviewer/add', {
        reviewedEmployeeId: reviewedLater,
        relationship: 'Outsider',
        name: 'Early',
        email: 'early@partner.example',
      })
    ).body.data.surveyReviewer.id;
    ok(await exec.post('survey-reviewer/share', { id: early }));
    const earlyToken = (await linkTo('early@partner.example')).token;
    const notOpen = await pub('auth', { token: earlyToken }, 'survey-review');
    expect(notOpen.status).toBe(409);
    // the flow's declared condition (survey-reviewer/entity.json publicFlow.when), worded with the survey's start
    expect(notOpen.body.err_msg).toBe(
      `Answering is possible only when the survey has opened (it opens on ${appDay(isoDay(1))})`,
    );
    // in the respondent's language: an outsider has no account, so the page's language asks
    const inGerman = await t.anonymous.post('public/survey-review/answer?lang=de', {
      token: earlyToken,
      questionId: q.elsewhere,
      rating: 1,
    });
    expect(inGerman.status).toBe(409);
    expect(inGerman.body.err_msg).toMatch(/^Antworten ist nur möglich, wenn gilt: die Umfrage ist bereits geöffnet/);
    expect((await exec.get(`survey-answer?surveyReviewerId=${early}`)).body.data.total).toBe(0);

    const reviewedPast = (await exec.post('reviewed-employee/add', { surveyId: id.past, employeeId: id.ada })).body.data
      .reviewedEmployee.id;
    const late = (
      await exec.post('survey-reviewer/add', {
        reviewedEmployeeId: reviewedPast,
        relationship: 'Outsider',
        name: 'Late',
        email: 'late@partner.example',
      })
    ).body.data.surveyReviewer.id;
    const closed = await exec.post('survey-reviewer/share', { id: late });
    expect(closed.status).toBe(409);
    expect(closed.body.err_msg).toContain(`the survey is still open (it closed on ${appDay(isoDay(-1))})`);
    expect((await exec.get(`survey-reviewer/${late}`)).body.data.surveyReviewer.sentAt).toBeNull();
    // the share command's same condition leaves it out of what the admin may do on the reviewer
    expect((await exec.get(`survey-reviewer/${late}`)).body.data.surveyReviewer._allowed.commands).not.toContain(
      'share',
    );
  });

  it("refuses to share a survey without its scale or questions, and a respondent's step once they are gone", async () => {
    const empty = (await exec.post('survey/add', { name: 'Unready', startDate: isoDay(0), endDate: isoDay(9) })).body
      .data.survey.id;
    const reviewed = (await exec.post('reviewed-employee/add', { surveyId: empty, employeeId: id.bob })).body.data
      .reviewedEmployee.id;
    const asked = (
      await exec.post('survey-reviewer/add', {
        reviewedEmployeeId: reviewed,
        relationship: 'Outsider',
        name: 'Unready',
        email: 'unready@partner.example',
      })
    ).body.data.surveyReviewer.id;
    const noScale = await exec.post('survey-reviewer/share', { id: asked });
    expect(noScale.status).toBe(409);
    expect(noScale.body.err_msg).toContain('the survey has a rating scale (it has none yet: add its scale first)');
    ok(await exec.post('survey-scale/add', { surveyId: empty, value: 1, name: 'One' }));
    const noQuestions = await exec.post('survey-reviewer/share', { id: asked });
    expect(noQuestions.status).toBe(409);
    expect(noQuestions.body.err_msg).toContain('the survey has questions (it has none yet: add them first)');
    // another survey's questions do not count for this one
    expect((await exec.get(`survey-question?surveyId=${id.survey}`)).body.data.total).toBeGreaterThan(0);
    const competency = (await exec.post('survey-competency/add', { surveyId: empty, name: 'Only' })).body.data
      .surveyCompetency.id;
    const question = (await exec.post('survey-question/add', { surveyCompetencyId: competency, question: 'Only?' }))
      .body.data.surveyQuestion.id;
    ok(await exec.post('survey-reviewer/share', { id: asked }));
    const { token } = await linkTo('unready@partner.example');
    ok(await pub('auth', { token }));
    ok(await exec.post('survey-question/delete', { id: question }));
    const gone = await pub('auth', { token });
    expect(gone.status).toBe(409);
    expect(gone.body.err_msg).toBe(
      'Answering is possible only when the survey has questions (it has none yet: add them first)',
    );
  });

  it('reports the averages per competency by rater group from submitted reviews, hiding anonymous groups under three', async () => {
    // outsiders 1 (above: 4, 3, 5), 3 and 4 submit; outsider 2's link expired, so outsiders are three
    await review(reviewer.out3, 'out3@partner.example', { direction: 5, explains: 4, listens: 4 });
    await review(reviewer.out4, 'out4@partner.example', { direction: 3, explains: 2, listens: 3 });
    await review(reviewer.self, 'ada@feedbackco.example', { direction: 5, explains: 5, listens: 5 });
    await review(reviewer.boss, 'cy@feedbackco.example', { direction: 2, explains: 2, listens: 2 });
    // the peer answers but never submits: those ratings do not count
    await review(reviewer.bob, 'bob@feedbackco.example', { direction: 1, explains: 1, listens: 1 }, false);

    const r = await exec.get(`reviewed-employee/result?id=${id.reviewedAda}`);
    ok(r);
    const result = r.body.data.result;
    expect(result).toMatchObject({
      reviewedEmployeeId: id.reviewedAda,
      employeeId: id.ada,
      surveyId: id.survey,
      minRaters: 3,
    });
    expect(result.groups).toEqual(['Self', 'Supervisor', 'Outsider', 'Others']);
    const [vision, care] = result.competencies;
    expect(vision.competency).toBe('Vision');
    // Vision: outsiders (4+3, 5+4, 3+2) / 6 = 3.5; all others add the supervisor's 2 and 2: 25 / 8 = 3.125
    // the supervisor is one person whom the employee knows: the group is not anonymous, so it is shown
    expect(vision.groups).toEqual({
      Self: { average: 5, reviewers: 1, hidden: false },
      Supervisor: { average: 2, reviewers: 1, hidden: false },
      Outsider: { average: 3.5, reviewers: 3, hidden: false },
      Others: { average: 3.13, reviewers: 4, hidden: false },
    });
    // Care: outsiders (5, 4, 3) / 3 = 4; others (5 + 4 + 3 + 2) / 4 = 3.5
    expect(care.groups.Outsider).toEqual({ average: 4, reviewers: 3, hidden: false });
    expect(care.groups.Others).toEqual({ average: 3.5, reviewers: 4, hidden: false });
    expect(care.groups.Peer).toBeUndefined();

    // the peer submits: one peer is hidden, and so is All others, which beside the outsiders' and the supervisor's
    // averages would tell the peer's rating
    await review(reviewer.bob, 'bob@feedbackco.example', { direction: 1, explains: 1, listens: 1 });
    const withPeer = (await exec.get(`reviewed-employee/result?id=${id.reviewedAda}`)).body.data.result;
    expect(withPeer.groups).toEqual(['Self', 'Supervisor', 'Peer', 'Outsider', 'Others']);
    expect(withPeer.competencies[0].groups).toEqual({
      Self: { average: 5, reviewers: 1, hidden: false },
      Supervisor: { average: 2, reviewers: 1, hidden: false },
      Peer: { average: null, reviewers: 1, hidden: true, because: 'fewerReviewers' },
      Outsider: { average: 3.5, reviewers: 3, hidden: false },
      Others: { average: null, reviewers: 5, hidden: true, because: 'tellsHiddenGroup' },
    });

    // the reviewed employee may see their own result; nobody else's
    ok(await ada.get(`reviewed-employee/result?id=${id.reviewedAda}`));
    expect(
      (await ada.get(`reviewed-employee`)).body.data.list.map((x: { employeeId: number }) => x.employeeId),
    ).toEqual([id.ada, id.ada, id.ada]);
    expect((await exec.get('reviewed-employee/result?id=abc')).status).toBe(422);

    // her supervisor sees whom he may read the result of (his reports) and their result; before, nobody of hers
    expect((await oz.get('reviewed-employee')).body.data.total).toBe(0);
    expect((await oz.get(`reviewed-employee/result?id=${id.reviewedAda}`)).status).toBe(403);
    const adaRecord = (await exec.get(`employee/${id.ada}`)).body.data.employee;
    ok(await exec.post('employee/update', { id: id.ada, version: adaRecord.version, supervisorId: id.oz }));
    expect((await oz.get('reviewed-employee')).body.data.list.map((x: { employeeId: number }) => x.employeeId)).toEqual(
      [id.ada, id.ada, id.ada],
    );
    const seen = await oz.get(`reviewed-employee/result?id=${id.reviewedAda}`);
    ok(seen);
    expect(seen.body.data.result.competencies[0].groups.Supervisor).toEqual({
      average: 2,
      reviewers: 1,
      hidden: false,
    });
  });

  it('tells an outsider of a Bengali company the survey’s end date in Bengali, the day the link stops working', async () => {
    const company = (await t.holder.get(`company/${id.company}`)).body.data.company;
    ok(await t.holder.post('company/update', { id: company.id, version: company.version, language: 'bn' }));
    const late = await addReviewer({ relationship: 'Outsider', name: 'Late Comer', email: 'late@partner.example' });
    ok(await exec.post('survey-reviewer/share', { id: late.id }));
    const text = mailText((await linkTo('late@partner.example')).raw);
    const endBn = appDay(isoDay(30)).replace(/\d/g, (d) => '০১২৩৪৫৬৭৮৯'[Number(d)]);
    expect(text).toContain(`${endBn} পর্যন্ত`);
    expect(text).not.toContain(appDay(isoDay(30)));
    ok(await t.holder.post('company/update', { id: company.id, version: company.version + 1, language: 'en' }));
  });

  it('shows another company nothing of these surveys', async () => {
    expect((await other.get('survey')).body.data.total).toBe(0);
    expect((await other.get(`survey/${id.survey}`)).status).toBe(404);
    expect((await other.get('survey-reviewer')).body.data.total).toBe(0);
    expect((await other.get('survey-answer')).body.data.total).toBe(0);
    expect((await other.post('survey-reviewer/share', { id: reviewer.out3 })).status).toBe(404);
    expect((await other.get(`reviewed-employee/result?id=${id.reviewedAda}`)).status).toBe(404);
    expect((await other.post('survey-scale/add', { surveyId: id.survey, value: 6, name: 'Six' })).status).toBe(422);
  });
});
