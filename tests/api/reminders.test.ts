import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hooks } from '../../engine/hooks/index.ts';
import { loadRegistry } from '../../engine/metadata/loader.ts';
import { MetadataError } from '../../engine/metadata/metadata-error.ts';
import { backends } from '../support/backends.ts';
import { withReviewBoard } from '../support/review-board-metadata.ts';
import { startTestStratum, type Client, type TestStratum } from '../support/test-stratum.ts';

const TODAY = '2026-11-23';

/** Review items remind their approver a week before the due date, and the board's members once it has passed unfinished. */
const REMINDERS = [
  {
    name: 'due-soon',
    date: 'dueDate',
    daysBefore: 7,
    to: ['field:approverId'],
    subject: 'reminder.dueSoon',
    skipWhenSet: ['completionDate'],
  },
  {
    name: 'overdue',
    date: 'dueDate',
    daysAfter: 0,
    to: ['member:reviewBoardId', 'employee:moduleAdmin'],
    subject: 'reminder.overdue',
    skipWhenSet: ['completionDate'],
    onlyWhen: { status: ['Open'] },
  },
];

describe('reminders in the metadata', () => {
  it('refuse a reminder on a field that is not a date, and one addressed to everybody', () => {
    let error: unknown;
    try {
      loadRegistry(
        withReviewBoard({
          reminders: [{ name: 'x', date: 'title', daysBefore: 1, to: ['employee'], subject: 'reminder.dueSoon' }],
        }),
        hooks,
      );
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(MetadataError);
    expect((error as MetadataError).faults.map((f) => f.message)).toEqual([
      'names "title", which is not a stored date field',
      'employee names nobody in particular; name self, supervisor, field:…, member:… or employee:moduleAdmin',
    ]);
  });
});

describe.each(backends())('reminders on $name', (backend) => {
  let t: TestStratum;
  let exec: Client;
  let execEmail: string;
  const id: Record<string, number> = {};
  const mailsTo = async (since: number) =>
    (await t.mails())
      .slice(since)
      .map((m) => ({ to: /^To: (.*)$/m.exec(m)?.[1], subject: /^Subject: (.*)$/m.exec(m)?.[1], body: m }));
  const run = async (today = TODAY) => {
    const r = await t.holder.post('reminders/run', { today });
    expect(r.status, r.body.err_msg ?? '').toBe(200);
    return r.body.data.reminders as { reminders: number; mails: number };
  };
  const item = async (title: string, dueDate: string, extra: Record<string, unknown> = {}) =>
    (await exec.post('review-item/add', { title, reviewBoardId: id.board, approverId: id.abe, dueDate, ...extra })).body
      .data.item;

  beforeAll(async () => {
    t = await startTestStratum(backend, { metadataDir: withReviewBoard({ reminders: REMINDERS }) });
    const c = await t.addCompany('Remindco');
    exec = c.executive;
    execEmail = c.executiveEmail;
    await t.addEmployee(exec, 'Mia', 'Member', 'mia@remindco.example');
    await t.addEmployee(exec, 'Abe', 'Approver', 'abe@remindco.example');
    for (const who of ['mia', 'abe'])
      id[who] = (await exec.get(`employee?email=${who}@remindco.example`)).body.data.list[0].id;
    id.board = (await exec.post('review-board/add', { name: 'Audit board' })).body.data.item.id;
    await exec.post('review-board-member/add', { reviewBoardId: id.board, employeeId: id.mia });
  });
  afterAll(() => t.close());

  it('mails the approver of an item due within a week, once', async () => {
    const before = (await t.mails()).length;
    const due = await item('Policy review', '2026-11-27');
    await item('Far away', '2026-12-20');
    await item('Done early', '2026-11-25', { completionDate: '2026-11-20' });
    expect(await run()).toEqual({ reminders: 1, mails: 1 });
    const mails = await mailsTo(before);
    expect(mails.map((m) => [m.to, m.subject])).toEqual([
      ['abe@remindco.example', 'Due soon: Policy review on 27/11/2026'],
    ]);
    // the test entity has no screens, so the link opens Stratum itself
    expect(mails[0].body).toContain('Open it in Stratum:\nhttp://stratum.test');
    expect(await run()).toEqual({ reminders: 0, mails: 0 });
    // a moved due date reminds again
    const moved = await exec.post('review-item/update', { id: due.id, version: due.version, dueDate: '2026-11-29' });
    expect(moved.status).toBe(200);
    expect(await run()).toEqual({ reminders: 1, mails: 1 });
  });

  it('mails the board members and the module admins once an open item is past due', async () => {
    const before = (await t.mails()).length;
    await item('Late report', '2026-11-20');
    await item('Cancelled report', '2026-11-19', { status: 'Cancelled' });
    expect(await run()).toEqual({ reminders: 1, mails: 2 });
    const mails = await mailsTo(before);
    expect(mails.map((m) => m.to).sort()).toEqual([execEmail, 'mia@remindco.example'].sort());
    expect(mails[0].subject).toBe('Overdue since 20/11/2026: Late report');
  });

  it('sends nothing for a company that another company cannot see, and only the holder runs it by hand', async () => {
    const other = await t.addCompany('Quietco');
    expect((await other.executive.post('reminders/run', {})).status).toBe(403);
    expect((await t.holder.post('reminders/run', { today: '23/11/2026' })).status).toBe(422);
    // Quietco has no review items: a run adds no mail for it, and Remindco's items are not sent twice
    expect(await run()).toEqual({ reminders: 0, mails: 0 });
  });
});
