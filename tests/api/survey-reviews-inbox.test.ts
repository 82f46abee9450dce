import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../support/backends.ts';
import { isoDay } from '../support/iso-day.ts';
import { decodeMail, startTestStratum, type Client, type Reply, type TestStratum } from '../support/test-stratum.ts';

const ok = (r: Reply) => expect(r.status, r.body.err_msg ?? '').toBe(200);

interface Item {
  kind: string;
  area: string;
  id: number;
  title: string | null;
  person: string | null;
  date: string | null;
  link: string;
}

/**
 * Survey and 360 reviews in My inbox: a review sent to a colleague (its reviewer record names their employee) waits
 * for them while its survey is open — not for the employee it is about, another colleague or another company, not
 * before it is sent, not once submitted or the survey closed — and they open it signed in (POST public/<flow>/mine),
 * answering through the flow's own calls, while the link mailed to them works until they submit.
 */
describe.each(backends())('survey reviews in My inbox on $name', (backend) => {
  let t: TestStratum;
  let exec: Client;
  let ada: Client; // the employee under review
  let bob: Client; // her peer, who reviews her
  let cy: Client; // a colleague who reviews no one in the first survey
  let other: Client; // another company's executive
  const id: Record<string, number> = {};

  const inbox = async (who: Client) => {
    const r = await who.get('dashboard-item/inbox?tab=reviews');
    ok(r);
    return r.body.data.inbox as { list: Item[]; kinds: { kind: string; count: number }[]; total: number };
  };
  const items = async (who: Client, kind: string) => (await inbox(who)).list.filter((i) => i.kind === kind);
  const mine = (who: Client, flow: string, recipientId: number) => who.post(`public/${flow}/mine`, { recipientId });
  const pub = (flow: string, call: 'auth' | 'answer' | 'submit', body: unknown) =>
    t.anonymous.post(`public/${flow}/${call}`, body);
  /** The token of the newest link mailed to this address. */
  const mailedToken = async (email: string, flow: string) => {
    const mail = decodeMail((await t.mails()).reverse().find((m) => decodeMail(m).includes(`To: ${email}`))!);
    return new RegExp(`/app/${flow}/authenticate#token=([A-Za-z0-9_-]+)`).exec(mail)![1];
  };
  /** An open 360 survey with a two-point scale and one question. */
  const openSurvey = async (name: string, startDate: string, endDate: string) => {
    const survey = (await exec.post('survey/add', { name, startDate, endDate })).body.data.survey;
    for (const [value, label] of [
      [1, 'Low'],
      [2, 'High'],
    ] as const)
      ok(await exec.post('survey-scale/add', { surveyId: survey.id, value, name: label }));
    const competency = (await exec.post('survey-competency/add', { surveyId: survey.id, name: 'Care' })).body.data
      .surveyCompetency;
    ok(await exec.post('survey-question/add', { surveyCompetencyId: competency.id, question: 'Listens well?' }));
    const reviewed = await exec.post('reviewed-employee/add', { surveyId: survey.id, employeeId: id.ada });
    ok(reviewed);
    return { survey: survey.id as number, reviewed: reviewed.body.data.reviewedEmployee.id as number };
  };

  beforeAll(async () => {
    t = await startTestStratum(backend);
    const modules = ['degree-360', 'organizational-survey', 'strategic', 'performance'];
    exec = (await t.addCompany('Reviewco', { modules })).executive;
    ada = await t.addEmployee(exec, 'Ada', 'Reviewed', 'ada@reviewco.example');
    bob = await t.addEmployee(exec, 'Bob', 'Peer', 'bob@reviewco.example');
    cy = await t.addEmployee(exec, 'Cy', 'Colleague', 'cy@reviewco.example');
    for (const who of ['ada', 'bob', 'cy'])
      id[who] = (await exec.get(`employee?email=${who}@reviewco.example`)).body.data.list[0].id;
    other = (await t.addCompany('Otherreviewco', { modules })).executive;
  });
  afterAll(() => t.close());

  it('lists a sent 360 review for the peer reviewing, opens it signed in, and drops it once submitted', async () => {
    const { reviewed } = await openSurvey('Leadership 360', isoDay(-1), isoDay(30));
    const added = await exec.post('survey-reviewer/add', {
      reviewedEmployeeId: reviewed,
      relationship: 'Peer',
      employeeId: id.bob,
    });
    ok(added);
    const reviewer = added.body.data.surveyReviewer.id as number;
    // not before it is sent, and it cannot be opened yet
    expect(await items(bob, 'surveyReviewsToAnswer')).toEqual([]);
    const early = await mine(bob, 'survey-review', reviewer);
    expect(early.status).toBe(409);
    expect(early.body.err_msg).toBe('This review has not been sent yet: you can answer it once it is sent to you');

    ok(await exec.post('survey-reviewer/share', { id: reviewer }));
    expect(await items(bob, 'surveyReviewsToAnswer')).toMatchObject([
      {
        id: reviewer,
        area: 'reviews',
        title: 'Leadership 360',
        person: 'Ada Reviewed',
        date: isoDay(30),
        link: `/app/survey-review/authenticate#recipient=${reviewer}`,
      },
    ]);
    // not for the employee it is about, another colleague, or another company
    expect(await items(ada, 'surveyReviewsToAnswer')).toEqual([]);
    expect(await items(cy, 'surveyReviewsToAnswer')).toEqual([]);
    expect((await inbox(other)).total).toBe(0);
    // nor may they open it
    const notHis = await mine(cy, 'survey-review', reviewer);
    expect(notHis.status).toBe(403);
    expect(notHis.body.err_msg).toBe(
      'This review was not sent to you: only the colleague it was sent to may answer it',
    );
    expect((await mine(ada, 'survey-review', reviewer)).status).toBe(403);
    expect((await mine(other, 'survey-review', reviewer)).status).toBe(404);
    expect((await t.anonymous.post('public/survey-review/mine', { recipientId: reviewer })).status).toBe(401);
    // a flow whose recipients are no colleagues has no signed-in way in
    expect((await mine(bob, 'audit-questionnaire', reviewer)).status).toBe(403);

    // Bob opens it signed in: a pass of his own, beside the mailed link, which still works
    const mailed = await mailedToken('bob@reviewco.example', 'survey-review');
    const opened = await mine(bob, 'survey-review', reviewer);
    ok(opened);
    expect(opened.body.data.page).toBe('/app/survey-review/authenticate');
    const token = opened.body.data.token as string;
    expect(token).not.toBe(mailed);
    const info = (await pub('survey-review', 'auth', { token })).body.data.info;
    expect(info.title).toBe('Leadership 360: review of Ada Reviewed');
    ok(await pub('survey-review', 'auth', { token: mailed }));
    // opening it again gives another pass and leaves the first working
    ok(await mine(bob, 'survey-review', reviewer));
    ok(await pub('survey-review', 'answer', { token, questionId: info.questions[0].id, rating: 2 }));
    // the audit trail says he opened it signed in
    const history = (await exec.get(`survey-reviewer/${reviewer}/history`)).body.data.history.entries;
    expect(history.map((e: { action: string }) => e.action)).toContain('answerSignedIn');

    ok(await pub('survey-review', 'submit', { token }));
    expect(await items(bob, 'surveyReviewsToAnswer')).toEqual([]);
    // every pass of the record closed with the submission: the mailed link too
    expect((await pub('survey-review', 'auth', { token: mailed })).status).toBe(409);
    const again = await mine(bob, 'survey-review', reviewer);
    expect(again.status).toBe(409);
    expect(again.body.err_msg).toBe(
      'You have already submitted your answers to this review; there is nothing left to answer',
    );
  });

  it('lists a 360 review only while its survey is open', async () => {
    const { survey, reviewed } = await openSurvey('Next 360', isoDay(1), isoDay(20));
    const reviewer = (
      await exec.post('survey-reviewer/add', { reviewedEmployeeId: reviewed, relationship: 'Peer', employeeId: id.cy })
    ).body.data.surveyReviewer.id as number;
    // a link may go out before the survey opens; the review waits in no inbox until it does
    ok(await exec.post('survey-reviewer/share', { id: reviewer }));
    expect(await items(cy, 'surveyReviewsToAnswer')).toEqual([]);
    const early = await mine(cy, 'survey-review', reviewer);
    expect(early.status).toBe(409);
    expect(early.body.err_msg).toMatch(/^Answering is possible only when the survey has opened/);
    const setDates = async (startDate: string, endDate: string) => {
      const s = (await exec.get(`survey/${survey}`)).body.data.survey;
      ok(await exec.post('survey/update', { id: survey, version: s.version, startDate, endDate }));
    };
    await setDates(isoDay(-5), isoDay(20));
    expect(await items(cy, 'surveyReviewsToAnswer')).toMatchObject([{ id: reviewer, title: 'Next 360' }]);
    // closed: gone, and it cannot be opened
    await setDates(isoDay(-5), isoDay(-1));
    expect(await items(cy, 'surveyReviewsToAnswer')).toEqual([]);
    const closed = await mine(cy, 'survey-review', reviewer);
    expect(closed.status).toBe(409);
    expect(closed.body.err_msg).toMatch(/^Answering is possible only when the survey is still open/);
  });

  it('lists an organisational survey for the colleague reviewing the quarter until they submit', async () => {
    const strategic = (
      await exec.post('strategic-plan/add', { description: 'Vision', startDate: isoDay(-400), endDate: isoDay(2000) })
    ).body.data.strategic;
    const plan = (
      await exec.post('annual-plan/add', {
        name: 'FY Values',
        strategicPlanId: strategic.id,
        startDate: isoDay(-10),
        endDate: isoDay(354),
      })
    ).body.data.annualPlan;
    const quarter = { annualPlanId: plan.id, quarterIndex: 0 };
    const quarterEnd = (await exec.get(`quarter?annualPlanId=${plan.id}&sort=quarterIndex`)).body.data.list[0].endDate;
    for (const [value, name] of [
      [1, 'Rarely'],
      [2, 'Always'],
    ] as const)
      ok(await exec.post('organizational-survey-scale/add', { ...quarter, value, name }));
    const value = (await exec.post('organizational-value/add', { name: 'Integrity' })).body.data.organizationalValue;
    const competency = (
      await exec.post('organizational-survey-competency/add', {
        ...quarter,
        organizationalValueId: value.id,
        name: 'Keeping promises',
      })
    ).body.data.organizationalSurveyCompetency;
    ok(
      await exec.post('organizational-survey-question/add', {
        organizationalSurveyCompetencyId: competency.id,
        question: 'Keeps promises?',
      }),
    );
    const reviewer = (await exec.post('organizational-survey-reviewer/add', { ...quarter, employeeId: id.bob })).body
      .data.organizationalSurveyReviewer.id as number;
    expect(await items(bob, 'organizationalSurveysToAnswer')).toEqual([]);
    ok(await exec.post('organizational-survey-reviewer/share', { id: reviewer }));
    expect(await items(bob, 'organizationalSurveysToAnswer')).toMatchObject([
      {
        id: reviewer,
        title: 'FY Values (Q1)',
        person: null,
        date: quarterEnd,
        link: `/app/organizational-survey-review/authenticate#recipient=${reviewer}`,
      },
    ]);
    expect(await items(cy, 'organizationalSurveysToAnswer')).toEqual([]);
    expect((await mine(cy, 'organizational-survey-review', reviewer)).status).toBe(403);
    const opened = await mine(bob, 'organizational-survey-review', reviewer);
    ok(opened);
    const token = opened.body.data.token as string;
    const info = (await pub('organizational-survey-review', 'auth', { token })).body.data.info;
    for (const q of info.questions as { id: number }[])
      ok(await pub('organizational-survey-review', 'answer', { token, questionId: q.id, rating: 2 }));
    ok(await pub('organizational-survey-review', 'submit', { token }));
    expect(await items(bob, 'organizationalSurveysToAnswer')).toEqual([]);
  });

  it('builds the kinds only for a company with their modules', async () => {
    const kinds = async (who: Client) => (await inbox(who)).kinds.map((k) => k.kind);
    expect(await kinds(bob)).toEqual(
      expect.arrayContaining(['surveyReviewsToAnswer', 'organizationalSurveysToAnswer']),
    );
    const solo = (await t.addCompany('Soloreviewco', { modules: ['projects'] })).executive;
    expect(await kinds(solo)).not.toContain('surveyReviewsToAnswer');
    expect(await kinds(solo)).not.toContain('organizationalSurveysToAnswer');
    expect((await mine(solo, 'survey-review', 1)).status).toBe(403);
  });
});
