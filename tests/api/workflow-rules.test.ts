import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hooks } from '../../engine/hooks/index.ts';
import { loadRegistry } from '../../engine/metadata/loader.ts';
import { MetadataError } from '../../engine/metadata/metadata-error.ts';
import { backends } from '../support/backends.ts';
import { metadataWithFixture } from '../support/fixture-module.ts';
import { editJson } from '../support/metadata-copy.ts';
import {
  decodeMail,
  PASSWORD,
  startTestStratum,
  type Client,
  type Reply,
  type TestStratum,
} from '../support/test-stratum.ts';

const ok = (r: Reply) => expect(r.status, r.body.err_msg ?? '').toBe(200);

/**
 * An implementer's module, by JSON and texts alone (tests/fixtures/modules/expenses): expense claims go Draft →
 * Submitted → Approved; an approved claim is locked but for its comment; a claim is submitted only when its amount is
 * at most 1,000 or by an administrator of the module; approving stamps who and when and mails the claim's owner.
 */
describe.each(backends())('workflow conditions and effects on $name', (backend) => {
  let t: TestStratum;
  let admin: Client;
  let tess: Client;
  let sam: Client;
  let tessId: number;
  let samId: number;
  let german: (path: string, body: unknown) => Promise<Reply>;
  beforeAll(async () => {
    t = await startTestStratum(backend, { metadataDir: metadataWithFixture('expenses') });
    ({ executive: admin } = await t.addCompany('Acme', { modules: ['expenses'] }));
    const person = async (firstName: string, email: string, supervisorId?: number) => {
      const r = await admin.post('employee/add', {
        firstName,
        lastName: 'Staff',
        email,
        ...(supervisorId ? { supervisorId } : {}),
      });
      ok(r);
      await t.setPassword(email, PASSWORD);
      return [r.body.data.employee.id as number, await t.login(email, PASSWORD)] as const;
    };
    [tessId, tess] = await person('Tess', 'tess@acme.example');
    [samId, sam] = await person('Sam', 'sam@acme.example', tessId);
    german = (path, body) =>
      sam.raw(path, {
        method: 'POST',
        body: JSON.stringify(body),
        headers: { 'content-type': 'application/json', 'accept-language': 'de' },
      });
  });
  afterAll(() => t.close());

  const claim = async (who: Client, amount: number) => {
    const r = await who.post('expense-claim/add', {
      title: `Hotel ${amount}`,
      employeeId: samId,
      claimDate: '2026-11-18',
      amount,
    });
    ok(r);
    return r.body.data.expenseClaim;
  };

  it('submits only within the limit, unless a module administrator does; a claim over it offers no Submit', async () => {
    const big = await claim(sam, 1500);
    expect(big._allowed.transitions).toEqual([]);
    const refused = await sam.post('expense-claim/submit', { id: big.id });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('invalid_state');
    expect(refused.body.err_msg).toBe(
      '“Submit” is possible only when “Amount” is at most 1000 or it is done by an employee with admin access to the module “Expenses”',
    );
    expect((await german('expense-claim/submit', { id: big.id })).body.err_msg).toBe(
      '„Einreichen“ ist nur möglich, wenn gilt: „Betrag“ ist höchstens 1000 oder die ausführende Person ist ein Mitarbeiter mit Administratorzugriff auf das Modul „Spesen“',
    );
    expect((await sam.get(`expense-claim/${big.id}`)).body.data.expenseClaim.status).toBe('Draft');
    // the module's administrator sees the button on the same claim, and takes it
    expect((await admin.get(`expense-claim/${big.id}`)).body.data.expenseClaim._allowed.transitions).toEqual([
      'submit',
    ]);
    ok(await admin.post('expense-claim/submit', { id: big.id }));
    // within the limit, its owner submits
    const small = await claim(sam, 1000);
    expect(small._allowed.transitions).toEqual(['submit']);
    expect(
      (await sam.get('expense-claim?status=Draft')).body.data.expenseClaimList.map(
        (c: { _allowed: { transitions: string[] } }) => c._allowed.transitions,
      ),
    ).toEqual([['submit']]);
    const submitted = await sam.post('expense-claim/submit', { id: small.id });
    ok(submitted);
    expect(submitted.body.data.expenseClaim.status).toBe('Submitted');
  });

  it('approving stamps the approver and the moment in its audit entry, mails the owner, and locks the claim but for its comment', async () => {
    const c = await claim(sam, 240);
    ok(await sam.post('expense-claim/submit', { id: c.id }));
    const before = Date.now();
    const approved = await tess.post('expense-claim/approve', { id: c.id });
    ok(approved);
    const a = approved.body.data.expenseClaim;
    expect(a).toMatchObject({ status: 'Approved', approvedBy: tessId });
    expect(Date.parse(a.approvedAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(a.approvedAt)).toBeLessThanOrEqual(Date.now() + 1000);
    const trail = (await admin.get(`audit-trail?entity=expense-claim&recordId=${c.id}`)).body.data.list;
    const entry = trail.find((e: { action: string }) => e.action === 'approve');
    expect(JSON.stringify(entry)).toContain('approvedBy');
    // quoted-printable undone gives the UTF-8 bytes one by one
    const mail = (await t.mails())
      .map((m) => Buffer.from(decodeMail(m), 'latin1').toString('utf8'))
      .find((m) => m.includes('To: sam@acme.example') && m.includes('Hotel 240'));
    expect(mail).toBeDefined();
    expect(mail).toContain('Tess Staff chose “Approve” on “Hotel 240” (Expense claim). It is now Approved.');
    expect(mail).toContain('/app/expenses/edit-claim?id=');
    // locked once approved, but for the comment
    const mine = (await sam.get(`expense-claim/${c.id}`)).body.data.expenseClaim;
    expect(mine._allowed).toMatchObject({ update: true, delete: false, transitions: [], fields: ['comment'] });
    const changed = await sam.post('expense-claim/update', { id: c.id, version: mine.version, amount: 1 });
    expect(changed.status).toBe(409);
    expect(changed.body.code).toBe('invalid_state');
    expect(changed.body.err_msg).toBe('The expense claim “Hotel 240” is Approved: only comment can still be changed');
    ok(
      await sam.post('expense-claim/update', {
        id: c.id,
        version: mine.version,
        comment: 'Paid with the November salary',
      }),
    );
    expect((await sam.post('expense-claim/delete', { id: c.id })).status).toBe(409);
  });

  it("refuses a stamp or a set the form cannot take: they are the transition's to write", async () => {
    const c = await claim(sam, 50);
    const r = await sam.post('expense-claim/submit', { id: c.id, approvedBy: samId });
    expect(r.status).toBe(422);
  });
});

/** What an implementer gets wrong in the JSON fails the start and `npm run check`, with the file and JSON pointer. */
describe('workflow conditions and effects checked at start', () => {
  it('npm run check names the file and JSON pointer of a condition, stamp or notice that names what does not exist', () => {
    const faults = (edit: (wf: any) => void) => {
      const meta = metadataWithFixture('expenses');
      editJson(join(meta, 'modules/expenses/expense-claim/workflow.json'), edit);
      try {
        loadRegistry(meta, hooks);
        return [];
      } catch (e) {
        expect(e).toBeInstanceOf(MetadataError);
        return (e as MetadataError).faults.map(
          (f) => `${f.file.replace(/^.*modules\//, '')}${f.pointer}: ${f.message}`,
        );
      }
    };
    const wf = 'expenses/expense-claim/workflow.json';
    expect(faults((w) => (w.transitions[0].when[0].anyOf[0].field = 'amont'))).toEqual([
      `${wf}/transitions/0/when/0/anyOf/0/field: "amont" is not a stored field of expense-claim`,
    ]);
    expect(faults((w) => (w.transitions[0].when[0].anyOf[1].role = ['approver'])).join('\n')).toContain(
      `${wf}/transitions/0/when/0/anyOf/1/role/0: names the unknown role "approver"`,
    );
    expect(faults((w) => (w.transitions[0].when = [{ field: 'status', op: 'eq', value: 'Paid' }]))).toEqual([
      `${wf}/transitions/0/when/0/value: "Paid" is not one of the values of "status" (Draft, Submitted, Approved, Rejected)`,
    ]);
    expect(faults((w) => (w.transitions[0].when = [{ children: 'lineList', every: { status: ['Done'] } }]))).toEqual([
      `${wf}/transitions/0/when/0/children: "lineList" is not a child collection of expense-claim (none)`,
    ]);
    expect(faults((w) => (w.transitions[1].stamp = { approvedBy: 'now', approvedAt: 'caller' }))).toEqual([
      `${wf}/transitions/1/stamp/approvedBy: "approvedBy" takes now, so it must be a date or date-time field`,
      `${wf}/transitions/1/stamp/approvedAt: "approvedAt" takes the caller, so it must be a reference to employee`,
    ]);
    expect(faults((w) => (w.transitions[1].set = { amount: 'a lot' }))).toEqual([
      `${wf}/transitions/1/set/amount: "a lot" is not a value "amount" takes`,
    ]);
    expect(faults((w) => (w.transitions[1].notify = [{ mail: 'welcome', to: ['employee'] }]))).toEqual([
      `${wf}/transitions/1/notify/0/mail: "welcome" is not a mail template a notice fills (stateNotice)`,
      `${wf}/transitions/1/notify/0/to: employee names nobody in particular; name self, supervisor, field:…, member:… or employee:moduleAdmin`,
    ]);
  });
});
