import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../support/backends.ts';
import { startTestStratum, type Client, type Reply, type TestStratum } from '../support/test-stratum.ts';
import { appDay, isoDay } from '../support/iso-day.ts';
import { reviewTeam } from '../support/review-team.ts';

const ok = (r: Reply) => expect(r.status, r.body.err_msg ?? '').toBe(200);
const ids = (r: Reply) =>
  (r.body.data.inbox ?? r.body.data.requiredActions).list.map((x: { id: number }) => x.id).sort();

describe.each(backends())('performance agreements on $name', (backend) => {
  let t: TestStratum;
  let exec: Client; // the PM committee: admin of the performance module
  let sam: Client; // supervises Emma and Eric
  let emma: Client;
  let eric: Client;
  let olga: Client; // Eric's acting supervisor
  const id: Record<string, number> = {};
  let plan: { id: number };
  const card: Record<string, number> = {};
  const agreement: Record<string, Record<string, any>> = {};

  const quarter = async (q: number) =>
    (await exec.get(`quarter?annualPlanId=${plan.id}&quarterIndex=${q}`)).body.data.list[0];
  const setWindow = async (q: number, fields: Record<string, string>) => {
    const row = await quarter(q);
    ok(await exec.post('quarter/update-agreement', { id: row.id, version: row.version, ...fields }));
  };
  const read = async (who: Client, key: string) =>
    (await who.get(`performance-agreement/${agreement[key].id}`)).body.data.agreement;

  beforeAll(async () => {
    t = await startTestStratum(backend);
    const team = await reviewTeam(t, 'Agreeco', { eric: true });
    ({ exec, sam, emma, olga, plan } = team);
    eric = team.eric!;
    Object.assign(id, team.id);
    for (const who of ['emma', 'eric']) {
      const r = await exec.post('performance-scorecard/add', {
        name: `${who} FY`,
        level: 'employee',
        annualPlanId: plan.id,
        employeeId: id[who],
        includeKeyPerformanceArea: 'No',
      });
      ok(r);
      card[who] = r.body.data.scorecard.id;
    }
    card.corporate = (
      await exec.post('performance-scorecard/add', {
        name: 'Company FY',
        level: 'corporate',
        annualPlanId: plan.id,
        includeKeyPerformanceArea: 'No',
      })
    ).body.data.scorecard.id;
  });
  afterAll(() => t.close());

  it('adds an agreement per scorecard, deriving its employee, plan, type and window from the scorecard', async () => {
    // Olga does not supervise Emma: she may not open Emma's agreement
    expect((await olga.post('performance-agreement/add', { scorecardId: card.emma })).status).toBe(403);
    const r = await sam.post('performance-agreement/add', { scorecardId: card.emma });
    ok(r);
    agreement.emma = r.body.data.agreement;
    expect(agreement.emma).toMatchObject({
      employeeId: id.emma,
      annualPlanId: plan.id,
      quarterIndex: null,
      type: 'Personal',
      status: 'Pending',
      title: 'emma FY (annual)',
      windowStartDate: null,
    });
    // the derived fields are not the client's to write
    expect((await sam.post('performance-agreement/add', { scorecardId: card.eric, employeeId: id.emma })).status).toBe(
      422,
    );
    agreement.eric = (await eric.post('performance-agreement/add', { scorecardId: card.eric })).body.data.agreement;
    expect(agreement.eric).toMatchObject({ employeeId: id.eric, status: 'Pending' });
    // one agreement per scorecard
    expect((await sam.post('performance-agreement/add', { scorecardId: card.emma })).status).toBe(409);
    expect((await exec.get(`performance-agreement?scorecardId=${card.emma}`)).body.data.total).toBe(1);
  });

  it('finds a review by its period in the words the list shows it in, though its title is stored in English', async () => {
    const found = async (q: string) =>
      (
        (await exec.get(`performance-agreement?q=${encodeURIComponent(q)}&sort=id`)).body.data.list as {
          title: string;
        }[]
      ).map((a) => a.title);
    expect(await found('emma FY (annual)')).toEqual(['emma FY (annual)']);
    // as a Bengali and a German reader see it: "emma FY (বার্ষিক)", "emma FY (jährlich)"
    expect(await found('emma FY (বার্ষিক)')).toEqual(['emma FY (annual)']);
    expect(await found('FY (Jährlich')).toEqual(['emma FY (annual)', 'eric FY (annual)']);
    // no agreement is of a quarter: the first quarter's words find none
    expect(await found('১ম প্রান্তিক')).toEqual([]);
  });

  it('lets the employee agree only inside the agreement window (outside_window), and only the employee', async () => {
    const unset = await emma.post('performance-agreement/agree', { id: agreement.emma.id });
    expect(unset.status).toBe(422);
    expect(unset.body.code).toBe('outside_window');
    expect(unset.body.err_msg).toMatch(/agreement window of Q1, which has not been set/);
    await setWindow(0, { agreementStartDate: isoDay(5), agreementEndDate: isoDay(20) });
    // the agreement's copy of the window follows the quarter
    expect(await read(emma, 'emma')).toMatchObject({
      windowStartDate: isoDay(5),
      windowEndDate: isoDay(20),
      status: 'Pending',
    });
    const early = await emma.post('performance-agreement/agree', { id: agreement.emma.id });
    expect(early.body.code).toBe('outside_window');
    expect(early.body.err_msg).toBe(
      `This can be done only in the agreement window of Q1, ${appDay(isoDay(5))} to ${appDay(isoDay(20))}; today is ${appDay(isoDay(0))}`,
    );
    await setWindow(0, { agreementStartDate: isoDay(-1), agreementEndDate: isoDay(10) });
    // the supervisor, the acting supervisor of another employee, and the PM committee may not agree in Emma's place
    for (const who of [sam, olga, exec])
      expect((await who.post('performance-agreement/agree', { id: agreement.emma.id })).status).toBe(403);
    expect((await read(emma, 'emma')).status).toBe('Pending');
  });

  it('shows each queue exactly the agreements waiting for the caller', async () => {
    // Pending: waiting for its employee
    expect(ids(await emma.get('performance-agreement/inbox'))).toEqual([agreement.emma.id]);
    expect(ids(await eric.get('performance-agreement/inbox'))).toEqual([agreement.eric.id]);
    expect(ids(await sam.get('performance-agreement/inbox'))).toEqual([]);
    expect(ids(await olga.get('performance-agreement/inbox'))).toEqual([]);
    // a dispute needs its note; the note is sanitised HTML
    const bare = await eric.post('performance-agreement/dispute', { id: agreement.eric.id });
    expect(bare.status).toBe(422);
    expect(bare.body.errors).toEqual([{ field: 'disputedNote', message: 'Dispute note is required' }]);
    const disputed = await eric.post('performance-agreement/dispute', {
      id: agreement.eric.id,
      disputedNote: '<p>Targets too high<script>alert(1)</script></p>',
    });
    ok(disputed);
    expect(disputed.body.data.agreement).toMatchObject({ status: 'Disputed', disputedNote: '<p>Targets too high</p>' });
    // Disputed: waiting for the supervisor and the acting supervisor, no longer for the employee
    const forSam = (await sam.get('performance-agreement/inbox')).body.data.inbox.list;
    expect(forSam.map((a: { id: number; waitingFor: string }) => [a.id, a.waitingFor])).toEqual([
      [agreement.eric.id, 'resolve'],
    ]);
    expect(ids(await olga.get('performance-agreement/inbox'))).toEqual([agreement.eric.id]);
    expect(ids(await eric.get('performance-agreement/inbox'))).toEqual([]);
    expect((await emma.get('performance-agreement/inbox')).body.data.inbox.list[0]).toMatchObject({
      id: agreement.emma.id,
      waitingFor: 'agree',
    });
    // the quarter running today: both agreements follow Q1
    expect((await olga.get('performance-agreement/required-actions')).body.data.requiredActions.total).toBe(1);
    expect((await olga.get('performance-agreement/inbox?quarterIndex=1')).body.data.inbox.total).toBe(0);
  });

  it('resolves a dispute by the supervisor, acting supervisor or the PM committee only, then the employee agrees; an agreed agreement is final', async () => {
    expect((await eric.post('performance-agreement/resolve', { id: agreement.eric.id })).status).toBe(403);
    expect((await emma.post('performance-agreement/resolve', { id: agreement.eric.id })).status).toBe(403);
    const agreeDisputed = await eric.post('performance-agreement/agree', { id: agreement.eric.id });
    expect(agreeDisputed.status).toBe(409);
    // a resolution is written down: the note is required, the dispute note stays, and the record names who resolved
    const bareResolve = await olga.post('performance-agreement/resolve', { id: agreement.eric.id });
    expect(bareResolve.status).toBe(422);
    expect(bareResolve.body.errors).toEqual([
      { field: 'resolutionNote', message: 'Resolution of the dispute is required' },
    ]);
    // the PM committee (a module administrator) resolves it, as its next step says and its button offers
    const execId = (await exec.get('auth/me')).body.data.user.employeeId as number;
    const resolved = await exec.post('performance-agreement/resolve', {
      id: agreement.eric.id,
      resolutionNote: 'Targets lowered to 90',
    });
    ok(resolved);
    expect(resolved.body.data.agreement).toMatchObject({
      resolvedBy: execId,
      status: 'Pending',
      resolutionNote: 'Targets lowered to 90',
      disputedNote: '<p>Targets too high</p>',
    });
    expect(resolved.body.data.agreement.resolvedAt).toEqual(expect.any(String));
    ok(await eric.post('performance-agreement/agree', { id: agreement.eric.id }));
    const agreed = await emma.post('performance-agreement/agree', { id: agreement.emma.id });
    ok(agreed);
    expect(agreed.body.data.agreement.status).toBe('Agreed');
    const again = await emma.post('performance-agreement/dispute', {
      id: agreement.emma.id,
      disputedNote: 'Changed my mind',
    });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('invalid_state');
    expect(again.body.err_msg).toBe(
      'This performance agreement is Agreed: “Dispute” is possible only while it is Pending',
    );
    expect(await read(emma, 'emma')).toMatchObject({ status: 'Agreed', disputedNote: null });
    const trail = (await exec.get(`audit-trail?entity=performance-agreement&recordId=${agreement.eric.id}&sort=id`))
      .body.data.list;
    // the two moves of Q1's agreement window reached the agreement's copies of it, each with its entry
    expect(trail.map((e: { action: string }) => e.action)).toEqual([
      'add',
      'follow-quarter',
      'follow-quarter',
      'dispute',
      'resolve',
      'agree',
    ]);
    expect(ids(await eric.get('performance-agreement/inbox'))).toEqual([]);
    expect(ids(await sam.get('performance-agreement/inbox'))).toEqual([]);
  });

  it('lets only the PM committee set a corporate agreement, inside the PM agreement window, else period_closed', async () => {
    expect((await emma.post('performance-agreement/add', { scorecardId: card.corporate })).status).toBe(403);
    const r = await exec.post('performance-agreement/add', { scorecardId: card.corporate });
    ok(r);
    agreement.corporate = r.body.data.agreement;
    expect(agreement.corporate).toMatchObject({ type: 'Corporate', employeeId: null, status: 'Pending' });
    // the PM committee sets the type where it makes sense: a company's scorecard has no employee to review personally
    const personal = await exec.post('performance-agreement/set-type', {
      id: agreement.corporate.id,
      version: agreement.corporate.version,
      type: 'Personal',
    });
    expect(personal.status).toBe(422);
    expect(personal.body.errors?.[0].field).toBe('type');
    expect((await emma.post('performance-agreement/agree', { id: agreement.corporate.id })).status).toBe(403);
    const closed = await exec.post('performance-agreement/agree', { id: agreement.corporate.id });
    expect(closed.status).toBe(422);
    expect(closed.body.code).toBe('period_closed');
    expect(closed.body.err_msg).toMatch(/^Period is closed/);
    expect(ids(await exec.get('performance-agreement/inbox'))).toEqual([agreement.corporate.id]);
    expect(ids(await emma.get('performance-agreement/inbox'))).toEqual([]);
    await setWindow(0, { pmAgreementStartDate: isoDay(0), pmAgreementEndDate: isoDay(1) });
    const agreed = await exec.post('performance-agreement/agree', { id: agreement.corporate.id });
    ok(agreed);
    expect(agreed.body.data.agreement).toMatchObject({
      status: 'Agreed',
      windowStartDate: isoDay(0),
      windowEndDate: isoDay(1),
    });
  });

  it('keeps notes as sanitised HTML, also on an agreed agreement, whose type no longer changes', async () => {
    const a = await read(emma, 'emma');
    ok(
      await emma.post('performance-agreement/add-note', {
        id: a.id,
        version: a.version,
        personalNote: '<b>Proud</b><img src=x onerror=alert(1)>',
      }),
    );
    const note = await sam.get(`performance-agreement/note?id=${a.id}`);
    ok(note);
    expect(note.body.data.note).toMatchObject({
      status: 'Agreed',
      type: 'Personal',
      personalNote: '<b>Proud</b>',
      disputedNote: null,
    });
    // Olga neither owns nor supervises Emma's agreement
    const b = await read(exec, 'emma');
    expect(
      (await olga.post('performance-agreement/add-note', { id: b.id, version: b.version, personalNote: 'x' })).status,
    ).toBe(403);
    expect(
      (await emma.post('performance-agreement/set-type', { id: b.id, version: b.version, type: 'Corporate' })).status,
    ).toBe(403);
    // nor through the plain update: an agreed agreement is locked but for its notes (the PM committee's rule on the
    // type is held on a pending one, below)
    const sneaky = await emma.post('performance-agreement/update', { id: b.id, version: b.version, type: 'Corporate' });
    expect(sneaky.status).toBe(409);
    expect(sneaky.body.err_msg).toBe(
      'The performance agreement “emma FY (annual)” is Agreed: only personal note and corporate note can still be changed',
    );
    expect(
      (await sam.post('performance-agreement/add', { scorecardId: card.corporate, type: 'Personal' })).status,
    ).toBe(403);
    // once agreed, not even the PM committee changes the type
    const corp = await read(exec, 'corporate');
    const retyped = await exec.post('performance-agreement/set-type', {
      id: corp.id,
      version: corp.version,
      type: 'Personal',
    });
    expect(retyped.status).toBe(409);
    expect(retyped.body.code).toBe('invalid_state');
  });

  it('reminds the employee and the supervisor once when the window opens and three days before it closes, and never for a finished agreement', async () => {
    const mailsSince = async (n: number) =>
      (await t.mails())
        .slice(n)
        .map((m) => ({ to: /^To: (.*)$/m.exec(m)?.[1], subject: /^Subject: (.*)$/m.exec(m)?.[1] }));
    const run = async (today: string) => {
      const r = await t.holder.post('reminders/run', { today });
      ok(r);
    };
    // a new agreement for Emma's next (periodic Q2) scorecard; Q2's window opens in 20 days and closes in 30
    const q2card = (
      await exec.post('performance-scorecard/add', {
        name: 'emma Q2',
        level: 'employee',
        period: 'Periodic',
        quarterIndex: 1,
        annualPlanId: plan.id,
        employeeId: id.emma,
        includeKeyPerformanceArea: 'No',
      })
    ).body.data.scorecard.id;
    agreement.q2 = (await sam.post('performance-agreement/add', { scorecardId: q2card })).body.data.agreement;
    // the type decides who reviews: not even the employee changes it by the plain update
    const sneaky = await emma.post('performance-agreement/update', {
      id: agreement.q2.id,
      version: agreement.q2.version,
      type: 'Corporate',
    });
    expect(sneaky.status).toBe(403);
    // (the field is the PM committee's, x-writeRoles: the refusal names who may and the field by its label)
    expect(sneaky.body.err_msg).toBe(
      'Only an employee with admin access to the module “Performance management” may change the type of performance agreement records',
    );
    const q2 = await quarter(1);
    await setWindow(1, {
      agreementStartDate: q2.startDate,
      agreementEndDate: isoDay(Math.round((Date.parse(q2.startDate) - Date.parse(isoDay(0))) / 86400000) + 10),
    });
    const opened = await read(sam, 'q2');
    expect(opened.quarterIndex).toBe(1);
    let n = (await t.mails()).length;
    await run(opened.windowStartDate);
    const open = await mailsSince(n);
    expect(
      open
        .filter((m) => /agreement window is open/.test(m.subject ?? ''))
        .map((m) => m.to)
        .sort(),
    ).toEqual(['emma@agreeco.example', 'sam@agreeco.example']);
    // Emma's, Eric's and the corporate agreements are agreed: nobody is reminded of them, although Q1's window is still open
    expect(open.some((m) => /emma FY|eric FY|Company FY/.test(m.subject ?? ''))).toBe(false);
    n = (await t.mails()).length;
    await run(opened.windowStartDate);
    expect(await mailsSince(n)).toEqual([]);
    // three days before it closes: one more mail each
    const closing = new Date(Date.parse(opened.windowEndDate) - 3 * 86400000).toISOString().slice(0, 10);
    await run(closing);
    const close = await mailsSince(n);
    expect(close.map((m) => m.to).sort()).toEqual(['emma@agreeco.example', 'sam@agreeco.example']);
    expect(close.every((m) => /agreement window closes on/.test(m.subject ?? ''))).toBe(true);
    n = (await t.mails()).length;
    await run(closing);
    expect(await mailsSince(n)).toEqual([]);
  });
});
