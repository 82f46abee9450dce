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
 * The organisational (values) survey: per quarter of an annual plan, its scale, competencies (each standing for an
 * organisational value) and questions; reviewers answer through an expiring link while the quarter runs.
 */
describe.each(backends())('organisational surveys on $name', (backend) => {
  let t: TestStratum;
  let exec: Client;
  let oz: Client; // a colleague without admin rights
  let other: Client;
  const id: Record<string, number> = {};
  const q: Record<string, number> = {};
  /** A quarter of the annual plan, as the organisational survey's records name it. */
  let q1End = '';
  const Q1 = () => ({ annualPlanId: id.plan, quarterIndex: 0 });
  const Q2 = () => ({ annualPlanId: id.plan, quarterIndex: 1 });
  const pub = (call: 'auth' | 'answer' | 'submit', body: unknown, flow = 'organizational-survey-review') =>
    t.anonymous.post(`public/${flow}/${call}`, body);
  const linkTo = async (email: string) => {
    const raw = (await t.mails()).reverse().find((m) => decodeMail(m).includes(`To: ${email}`))!;
    const mail = decodeMail(raw);
    const link = /(http\S+\/app\/organizational-survey-review\/authenticate#token=([A-Za-z0-9_-]+))/.exec(mail)!;
    return { mail, raw, link: link[1], token: link[2] };
  };

  beforeAll(async () => {
    t = await startTestStratum(backend);
    const company = await t.addCompany('Valueco', { modules: ['strategic', 'performance', 'organizational-survey'] });
    exec = company.executive;
    await t.addEmployee(exec, 'Vera', 'Values', 'vera@valueco.example');
    await t.addEmployee(exec, 'Gus', 'Guest', 'gus@valueco.example');
    oz = await t.addEmployee(exec, 'Oz', 'Other', 'oz@valueco.example');
    for (const who of ['vera', 'gus', 'oz'])
      id[who] = (await exec.get(`employee?email=${who}@valueco.example`)).body.data.list[0].id;
    other = (await t.addCompany('Otherco', { modules: ['organizational-survey'] })).executive;
    const strategic = (
      await exec.post('strategic-plan/add', { description: 'Vision', startDate: isoDay(-400), endDate: isoDay(2000) })
    ).body.data.strategic;
    const plan = (
      await exec.post('annual-plan/add', {
        name: 'FY',
        strategicPlanId: strategic.id,
        startDate: isoDay(-30),
        endDate: isoDay(330),
      })
    ).body.data.annualPlan;
    id.plan = plan.id;
    // the annual plan's quarters come with it: the first runs today, the second starts later
    const quarters = (await exec.get(`quarter?annualPlanId=${plan.id}&sort=quarterIndex`)).body.data.list;
    expect(quarters[0].startDate <= isoDay(0) && quarters[0].endDate >= isoDay(0)).toBe(true);
    expect(quarters[1].startDate > isoDay(0)).toBe(true);
    q1End = quarters[0].endDate;
  });
  afterAll(() => t.close());

  it('keeps organisational values, and a scale, competencies and questions per quarter', async () => {
    const integrity = await exec.post('organizational-value/add', {
      name: 'Integrity',
      description: 'We do what we say',
    });
    ok(integrity);
    id.integrity = integrity.body.data.organizationalValue.id;
    expect((await exec.post('organizational-value/add', { name: 'Integrity' })).status).toBe(409);
    for (const [value, name] of [
      [1, 'Rarely'],
      [2, 'Sometimes'],
      [3, 'Often'],
      [4, 'Always'],
    ] as const)
      ok(await exec.post('organizational-survey-scale/add', { ...Q1(), value, name }));
    const competency = await exec.post('organizational-survey-competency/add', {
      ...Q1(),
      organizationalValueId: id.integrity,
      name: 'Keeping promises',
    });
    ok(competency);
    id.promises = competency.body.data.organizationalSurveyCompetency.id;
    for (const [key, question] of [
      ['deadlines', 'Deadlines we agree are kept'],
      ['honest', 'Bad news is told early'],
    ] as const) {
      const r = await exec.post('organizational-survey-question/add', {
        organizationalSurveyCompetencyId: id.promises,
        question,
      });
      ok(r);
      expect(r.body.data.organizationalSurveyQuestion).toMatchObject(Q1());
      q[key] = r.body.data.organizationalSurveyQuestion.id;
    }
    const later = (await exec.post('organizational-survey-competency/add', { ...Q2(), name: 'Later' })).body.data
      .organizationalSurveyCompetency.id;
    q.otherQuarter = (
      await exec.post('organizational-survey-question/add', {
        organizationalSurveyCompetencyId: later,
        question: 'Next quarter',
      })
    ).body.data.organizationalSurveyQuestion.id;
    expect(
      (await exec.get(`organizational-survey-question?annualPlanId=${id.plan}&quarterIndex=0`)).body.data.total,
    ).toBe(2);
    expect((await exec.get(`organizational-survey-scale?annualPlanId=${id.plan}&quarterIndex=0`)).body.data.total).toBe(
      4,
    );
    expect(
      (await exec.get(`organizational-survey-competency?annualPlanId=${id.plan}&quarterIndex=0`)).body.data.list[0]
        .organizationalValueId,
    ).toBe(id.integrity);
  });

  it('takes colleagues as reviewers, with their name and e-mail', async () => {
    const vera = await exec.post('organizational-survey-reviewer/add', {
      ...Q1(),
      employeeId: id.vera,
      email: 'forged@elsewhere.example',
    });
    ok(vera);
    expect(vera.body.data.organizationalSurveyReviewer).toMatchObject({
      email: 'vera@valueco.example',
      name: 'Vera Values',
      status: 'Not Sent',
    });
    id.veraReviewer = vera.body.data.organizationalSurveyReviewer.id;
    const gus = await exec.post('organizational-survey-reviewer/add', { ...Q1(), employeeId: id.gus });
    ok(gus);
    id.gus = gus.body.data.organizationalSurveyReviewer.id;
    expect((await exec.post('organizational-survey-reviewer/add', { ...Q1(), employeeId: id.gus })).status).toBe(409);
    const nobody = await exec.post('organizational-survey-reviewer/add', { ...Q1(), email: 'no.one@partner.example' });
    expect(nobody.status).toBe(422);
    expect(nobody.body.errors![0].field).toBe('employeeId');
    // the name is the colleague's, never typed in
    const renamed = await exec.post('organizational-survey-reviewer/update', {
      id: id.veraReviewer,
      version: 1,
      name: 'Someone Else',
    });
    expect(renamed.status).toBe(422);
    expect(renamed.body.errors).toContainEqual({ field: 'name', message: 'Name is read-only' });
    expect((await exec.post('organizational-survey-reviewer/add', { ...Q1(), employeeId: 999999 })).status).toBe(422);
  });

  it('refuses a colleague without admin rights the admin calls', async () => {
    const calls: [string, unknown][] = [
      ['organizational-value/add', { name: 'Mine' }],
      ['organizational-survey-scale/add', { ...Q1(), value: 9, name: 'Nine' }],
      ['organizational-survey-competency/add', { ...Q1(), name: 'Mine' }],
      ['organizational-survey-question/add', { organizationalSurveyCompetencyId: id.promises, question: 'Mine?' }],
      ['organizational-survey-reviewer/add', { ...Q1(), employeeId: id.oz }],
      ['organizational-survey-reviewer/share', { id: id.gus }],
      [
        'organizational-survey-answer/add',
        { organizationalSurveyReviewerId: id.gus, organizationalSurveyQuestionId: q.deadlines, rating: 1 },
      ],
    ];
    for (const [path, body] of calls) expect((await oz.post(path, body)).status, path).toBe(403);
    expect((await oz.get('organizational-survey-answer')).status).toBe(403);
    expect((await oz.get('organizational-survey-reviewer')).status).toBe(403);
  });

  it("shares a link that opens the quarter's survey, saves answers as they go and takes one submission", async () => {
    const shared = await exec.post('organizational-survey-reviewer/share', { id: id.gus });
    ok(shared);
    // the link works to the end of the quarter's last day, the day the mail and the page state, not 14 days from now
    expect(q1End > isoDay(14)).toBe(true);
    const expires = new Date(shared.body.data.item.expiresAt);
    expect(isoDayOf(expires)).toBe(q1End);
    const { mail, raw, link, token } = await linkTo('gus@valueco.example');
    expect(mailText(raw)).toContain(`The link works until ${appDay(q1End)}`);
    expect(link.startsWith('http://stratum.test/app/organizational-survey-review/authenticate#token=')).toBe(true);
    // the quarter worded as the screens word it
    expect(mail).toContain('Organisational survey: FY (Q1)');
    const auth = await pub('auth', { token });
    ok(auth);
    const info = auth.body.data.info;
    expect(info).toMatchObject({ title: 'Organisational survey: FY (Q1)', ...Q1(), answers: [] });
    expect(info.intro).toBe(
      `Rate how the organisation lives its values. Your answers are saved as you go; submit them when you are done, by ${appDay(q1End)}.`,
    );
    const inLanguage = async (lang: string) =>
      (
        await t.anonymous.raw('public/organizational-survey-review/auth', {
          method: 'POST',
          body: JSON.stringify({ token }),
          headers: { 'content-type': 'application/json', 'accept-language': lang },
        })
      ).body.data.info;
    const de = await inLanguage('de');
    expect(de.title).toBe('Organisationsumfrage: FY (Q1)');
    expect(de.intro).toMatch(
      /^Bewerten Sie, wie die Organisation ihre Werte lebt\. Ihre Antworten werden laufend gespeichert/,
    );
    const bn = await inLanguage('bn');
    expect(bn.title).toBe('প্রাতিষ্ঠানিক জরিপ: FY (১ম প্রান্তিক)');
    expect(bn.intro).not.toMatch(/[A-Za-z]{3,}/);
    expect(info.questions.map((x: { id: number; group: string }) => [x.id, x.group])).toEqual([
      [q.deadlines, 'Integrity: Keeping promises'],
      [q.honest, 'Integrity: Keeping promises'],
    ]);

    ok(await pub('answer', { token, questionId: q.deadlines, rating: 3 }));
    expect((await pub('auth', { token })).body.data.info.answers).toEqual([
      expect.objectContaining({ organizationalSurveyQuestionId: q.deadlines, rating: 3 }),
    ]);
    const otherQuarter = await pub('answer', { token, questionId: q.otherQuarter, rating: 3 });
    expect(otherQuarter.status).toBe(422);
    expect(otherQuarter.body.errors![0].field).toBe('questionId');
    expect((await pub('answer', { token, questionId: q.honest, rating: 5 })).status).toBe(422);
    // the link of this flow means nothing to the 360 flow
    expect((await pub('auth', { token }, 'survey-review')).status).toBe(401);

    expect((await pub('submit', { token })).status).toBe(422);
    ok(await pub('answer', { token, questionId: q.honest, rating: 4 }));
    ok(await pub('submit', { token }));
    const reused = await pub('answer', { token, questionId: q.honest, rating: 1 });
    expect(reused.status).toBe(409);
    expect(reused.body.code).toBe('already_submitted');
    const stored = (await exec.get(`organizational-survey-reviewer/${id.gus}`)).body.data.organizationalSurveyReviewer;
    expect(stored.status).toBe('Submitted');
    expect(stored.answerList.map((a: { rating: number }) => a.rating)).toEqual([3, 4]);
    const completed = (
      await exec.get(`organizational-survey-reviewer?annualPlanId=${id.plan}&quarterIndex=0&status=Submitted`)
    ).body.data.list;
    expect(completed.map((r: { id: number }) => r.id)).toEqual([id.gus]);
    const trail = (await exec.get(`audit-trail?entity=organizational-survey-reviewer&recordId=${id.gus}&sort=id`)).body
      .data.list;
    expect(trail.map((e: { action: string; doneByName: string }) => [e.action, e.doneByName]).at(-1)).toEqual([
      'submit',
      'gus@valueco.example (respondent)',
    ]);
  });

  it('refuses an expired link', async () => {
    ok(await exec.post('organizational-survey-reviewer/share', { id: id.veraReviewer }));
    const { token } = await linkTo('vera@valueco.example');
    ok(await pub('auth', { token }));
    await t.stratum.db.query(
      `UPDATE public_pass SET expires_at = now() - interval '1 minute' WHERE entity = 'organizational-survey-reviewer' AND record_id = $1`,
      [id.veraReviewer],
    );
    const expired = await pub('auth', { token });
    expect(expired.status).toBe(410);
    expect(expired.body.code).toBe('link_expired');
  });

  it('does not share a quarter that has no questions or scale yet, nor one of another company', async () => {
    const q2 = (await exec.post('organizational-survey-reviewer/add', { ...Q2(), employeeId: id.vera })).body.data
      .organizationalSurveyReviewer.id;
    const soon = await exec.post('organizational-survey-reviewer/share', { id: q2 });
    expect(soon.status).toBe(409);
    expect(soon.body.err_msg).toContain('the survey has a rating scale (it has none yet: add its scale first)');
    expect((await other.get('organizational-value')).body.data.total).toBe(0);
    expect((await other.get('organizational-survey-reviewer')).body.data.total).toBe(0);
    expect((await other.get(`organizational-survey-reviewer/${id.gus}`)).status).toBe(404);
    expect((await other.post('organizational-survey-reviewer/share', { id: id.gus })).status).toBe(404);
    expect((await other.post('organizational-survey-scale/add', { ...Q1(), value: 1, name: 'One' })).status).toBe(422);
  });
});
