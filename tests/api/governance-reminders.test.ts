import { dayMonthYear } from '../../engine/i18n/day-month-year.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../engine/reminders/reminder-window.ts';
import { today } from '../../engine/hooks/performance/quarter-windows.ts';
import { backends } from '../support/backends.ts';
import { startTestStratum, type Client, type Reply, type TestStratum } from '../support/test-stratum.ts';

const ok = (r: Reply) => expect(r.status, r.body.err_msg ?? '').toBe(200);
const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

/** The governance reminders issue 7 asks for: a policy's review, a compliance activity coming due, a resolution past due, a contract near its end. */
describe.each(backends())('governance reminders on $name', (backend) => {
  let t: TestStratum;
  let exec: Client;
  let execEmail: string;
  const id: Record<string, number> = {};
  const day = (offset: number) => addDays(today(), offset);
  /** a day as a reminder's subject writes it (day/month/year) */
  const shown = (offset: number) => dayMonthYear(day(offset));
  let mailsSeen = 0;
  /** Runs the reminders and returns the new mails as "to: subject", sorted. */
  const remind = async () => {
    const r = await t.holder.post('reminders/run', {});
    ok(r);
    const all = await t.mails();
    const fresh = all.slice(mailsSeen);
    mailsSeen = all.length;
    return fresh.map((m) => `${/^To: (.*)$/m.exec(m)?.[1]}: ${/^Subject: (.*)$/m.exec(m)?.[1]}`).sort();
  };

  beforeAll(async () => {
    t = await startTestStratum(backend);
    const c = await t.addCompany('Governco', {
      modules: ['contract-management', 'actions-tracker', 'compliance-management'],
    });
    exec = c.executive;
    execEmail = c.executiveEmail;
    await t.addEmployee(exec, 'Olive', 'Owner', 'olive@governco.example');
    await t.addEmployee(exec, 'Tina', 'Team', 'tina@governco.example');
    for (const who of ['olive', 'tina'])
      id[who] = (await exec.get(`employee?email=${who}@governco.example`)).body.data.list[0].id;
    mailsSeen = (await t.mails()).length;
  });
  afterAll(() => t.close());

  it('reminds the owner and the module admins of a policy review a month ahead, and once it is overdue', async () => {
    ok(
      await exec.post('governance-policy/add', {
        name: 'Data policy',
        status: 'Active',
        ownerId: id.olive,
        nextReviewDate: day(10),
      }),
    );
    ok(
      await exec.post('governance-policy/add', {
        name: 'Retired policy',
        status: 'Not Active',
        ownerId: id.olive,
        nextReviewDate: day(10),
      }),
    );
    ok(
      await exec.post('governance-policy/add', {
        name: 'Travel policy',
        status: 'Active',
        ownerId: id.olive,
        nextReviewDate: day(-2),
      }),
    );
    expect(await remind()).toEqual(
      [
        `${execEmail}: Policy review due on ${shown(10)}: Data policy`,
        `olive@governco.example: Policy review due on ${shown(10)}: Data policy`,
        `${execEmail}: Policy review overdue since ${shown(-2)}: Travel policy`,
        `olive@governco.example: Policy review overdue since ${shown(-2)}: Travel policy`,
      ].sort(),
    );
    expect(await remind()).toEqual([]);
  });

  it('reminds the owner and the team of a resolution past its due date, not of one due later', async () => {
    const committee = (await exec.post('committee/add', { name: 'Board' })).body.data.committee;
    const team = (await exec.post('resolution-team/add', { name: 'Finance team' })).body.data.resolutionTeam;
    ok(await exec.post('resolution-team-member/add', { resolutionTeamId: team.id, employeeId: id.tina }));
    const base = { committeeId: committee.id, ownerId: id.olive, resolutionTeamId: team.id, dateTaken: day(-30) };
    ok(await exec.post('resolution/add', { ...base, title: 'Close the books faster', dueDate: day(-1) }));
    ok(await exec.post('resolution/add', { ...base, title: 'Far off', dueDate: day(60) }));
    expect(await remind()).toEqual([
      `olive@governco.example: Resolution overdue since ${shown(-1)}: Close the books faster`,
      `tina@governco.example: Resolution overdue since ${shown(-1)}: Close the books faster`,
    ]);
  });

  it('reminds the contract team and the admins of a signed contract ending within two months, never of a draft', async () => {
    const party = (await exec.post('third-party/add', { name: 'Acme Cleaning' })).body.data.thirdParty;
    const team = (await exec.post('contract-team/add', { name: 'Facilities' })).body.data.contractTeam;
    ok(await exec.post('contract-team-member/add', { contractTeamId: team.id, employeeId: id.tina }));
    const contract = (title: string) =>
      exec.post('contract/add', {
        title,
        thirdPartyId: party.id,
        contractTeamId: team.id,
        startDate: day(-300),
        endDate: day(30),
      });
    const draft = await contract('Draft cleaning');
    ok(draft);
    expect(await remind()).toEqual([]);
    const signed = (await contract('Office cleaning')).body.data.contract;
    const form = new FormData();
    form.set('id', String(signed.id));
    form.set('document', new File([PDF], 'signed.pdf', { type: 'application/pdf' }));
    ok(await exec.raw('contract/upload-signed', { method: 'POST', body: form }));
    expect(await remind()).toEqual([
      `${execEmail}: Contract ends on ${shown(30)}: Office cleaning`,
      `tina@governco.example: Contract ends on ${shown(30)}: Office cleaning`,
    ]);
  });

  it('reminds the compliance team of an activity a week before it is due, and the approver too once it is overdue', async () => {
    const first = (r: Reply) => Object.values(r.body.data as Record<string, { id: number }>)[0].id;
    const team = first(await exec.post('compliance-team/add', { name: 'Payroll compliance' }));
    ok(await exec.post('compliance-team-member/add', { complianceTeamId: team, employeeId: id.tina }));
    const activity = { complianceTeamId: team, approverId: id.olive, frequency: 'Monthly' };
    ok(await exec.post('compliance-activity/add', { ...activity, name: 'PAYE return', nextComplianceDate: day(5) }));
    ok(
      await exec.post('compliance-activity/add', { ...activity, name: 'Pension filing', nextComplianceDate: day(-3) }),
    );
    ok(await exec.post('compliance-activity/add', { ...activity, name: 'Annual census', nextComplianceDate: day(40) }));
    expect(await remind()).toEqual([
      `olive@governco.example: Compliance overdue since ${shown(-3)}: Pension filing`,
      `tina@governco.example: Compliance due on ${shown(5)}: PAYE return`,
      `tina@governco.example: Compliance overdue since ${shown(-3)}: Pension filing`,
    ]);
  });
});
