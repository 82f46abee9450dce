import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../support/backends.ts';
import {
  decodeMail,
  HOLDER,
  keyFromMail,
  PASSWORD,
  startTestStratum,
  type TestStratum,
} from '../support/test-stratum.ts';

describe.each(backends())('sign-in on $name', (backend) => {
  let t: TestStratum;
  let execEmail: string;
  beforeAll(async () => {
    t = await startTestStratum(backend);
    execEmail = (await t.addCompany('Signin Co')).executiveEmail;
  });
  afterAll(() => t.close());

  it('signs in with the spec user shape and never returns a password', async () => {
    const r = await t.anonymous.post('auth/login', { email: execEmail.toUpperCase(), password: PASSWORD });
    expect(r.status).toBe(200);
    const user = r.body.data.user;
    expect(user).toMatchObject({ role: 'employee', firstName: 'Exe', lastName: 'Signin Co', email: execEmail });
    expect(user.uid).toBe(user.id);
    expect(user.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(JSON.stringify(r.body)).not.toMatch(/password|scrypt/i);
  });

  it('refuses a wrong password and an unknown e-mail alike', async () => {
    const wrong = await t.anonymous.post('auth/login', { email: execEmail, password: 'nope-nope' });
    const unknown = await t.anonymous.post('auth/login', { email: 'nobody@nowhere.example', password: 'nope-nope' });
    expect([wrong.status, unknown.status]).toEqual([401, 401]);
    expect(wrong.body.err_msg).toBe(unknown.body.err_msg);
    expect((await t.anonymous.post('auth/login', { email: execEmail })).body.errors).toEqual([
      { field: 'password', message: 'Password is required' },
    ]);
  });

  it('slows down repeated failures: after five, even the right password waits', async () => {
    const email = 'victim@signin.example';
    await t.addEmployee(await t.login(execEmail, PASSWORD), 'Vic', 'Tim', email);
    await t.setPassword(email, 'right-password');
    for (let i = 0; i < 5; i++)
      expect((await t.anonymous.post('auth/login', { email, password: `wrong-${i}` })).status).toBe(401);
    const locked = await t.anonymous.post('auth/login', { email, password: 'right-password' });
    expect(locked.status).toBe(429);
    expect(locked.body.code).toBe('too_many_attempts');
    expect(locked.body.err_msg).toMatch(/try again in \d+ seconds/);
    // another e-mail is not affected
    expect((await t.anonymous.post('auth/login', { email: execEmail, password: PASSWORD })).status).toBe(200);
  });

  it('resets a password through the outbox, once, and ends the old sessions', async () => {
    const before = await t.login(execEmail, PASSWORD);
    const forgot = await t.anonymous.post('auth/forgot-password', { email: execEmail });
    expect(forgot.body).toMatchObject({ res: 'success', data: { email: execEmail } });
    // an unknown e-mail gets the same answer and no mail
    const count = (await t.mails()).length;
    expect((await t.anonymous.post('auth/forgot-password', { email: 'ghost@nowhere.example' })).body.res).toBe(
      'success',
    );
    expect((await t.mails()).length).toBe(count);
    const mail = (await t.mails())
      .reverse()
      .find((m) => m.includes(execEmail) && m.includes('Reset your Stratum password'))!;
    expect(mail).toMatch(/^To: /m);
    expect(decodeMail(mail)).toContain(
      `http://stratum.test/app/sessions/reset-password?email=${encodeURIComponent(execEmail)}&authKey=`,
    );
    const key = keyFromMail(mail);
    expect(
      (await t.anonymous.post('auth/reset-password', { email: execEmail, password: 'short', authKey: key })).status,
    ).toBe(422);
    const reset = await t.anonymous.post('auth/reset-password', {
      email: execEmail,
      password: 'a-new-password',
      authKey: key,
    });
    expect(reset.status).toBe(200);
    expect(JSON.stringify(reset.body)).not.toContain('a-new-password');
    expect(
      (await t.anonymous.post('auth/reset-password', { email: execEmail, password: 'again-password', authKey: key }))
        .body.err_msg,
    ).toMatch(/wrong, used or expired/);
    expect((await before.get('business-unit')).status).toBe(401);
    expect((await t.anonymous.post('auth/login', { email: execEmail, password: PASSWORD })).status).toBe(401);
    const after = await t.login(execEmail, 'a-new-password');
    expect((await after.get('business-unit')).status).toBe(200);
  });

  it('a deleted employee can no longer sign in, and its sessions end', async () => {
    const exec = await t.login(execEmail, 'a-new-password');
    const leaver = await t.addEmployee(exec, 'Lee', 'Ver', 'leaver@signin.example');
    expect((await leaver.get('business-unit')).status).toBe(200);
    const me = (await leaver.get('auth/me')).body.data.user;
    expect((await exec.post('employee/delete', { id: me.employeeId })).status).toBe(200);
    expect((await leaver.get('business-unit')).status).toBe(401);
    expect((await t.anonymous.post('auth/login', { email: 'leaver@signin.example', password: PASSWORD })).status).toBe(
      401,
    );
    expect(await t.stratum.db.query(`SELECT id FROM account WHERE email = 'leaver@signin.example'`)).toEqual([]);
  });

  it('signs out: the token stops working', async () => {
    const holder = await t.login(HOLDER.email, HOLDER.password);
    expect((await holder.get('company')).status).toBe(200);
    expect((await holder.post('auth/logout')).status).toBe(200);
    expect((await holder.get('company')).status).toBe(401);
  });

  it('stores tokens and passwords only as hashes', async () => {
    const c = await t.login(HOLDER.email, HOLDER.password);
    const sessions = await t.stratum.db.query<{ token_hash: string }>(`SELECT token_hash FROM session`);
    expect(sessions.some((s) => s.token_hash === c.token)).toBe(false);
    const accounts = await t.stratum.db.query<{ password_hash: string }>(
      `SELECT password_hash FROM account WHERE role = 'holder'`,
    );
    expect(accounts[0].password_hash).toMatch(/^scrypt\$32768\$8\$1\$/);
  });
});
