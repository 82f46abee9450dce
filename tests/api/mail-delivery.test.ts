import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { holderCaller, scopedCall } from '../../engine/records/scoped-call.ts';
import { backends } from '../support/backends.ts';
import { smtpSinkSkipReason, startSmtpSink, type ReceivedMail, type SmtpSink } from '../support/smtp-sink.ts';
import { startTestStratum, type Client, type TestStratum } from '../support/test-stratum.ts';

const part = (m: ReceivedMail, type: 'text/plain' | 'text/html') => m.parts.find((p) => p.type === type)?.text ?? '';
const keyIn = (m: ReceivedMail) => /: ([A-Za-z0-9_-]{20,})$/m.exec(part(m, 'text/plain'))![1];

/**
 * Mail as a person gets it, through a real SMTP server on loopback: in the recipient's language, text and HTML from
 * one template, sent by the mail worker as soon as it is queued (or, queued elsewhere, at the worker's next look),
 * retried with backoff and logged when the server refuses it; a newer reset key voids the older ones.
 */
describe.skipIf(smtpSinkSkipReason()).each(backends())('mail delivery on $name', (backend) => {
  let t: TestStratum;
  let sink: SmtpSink;
  const log: string[] = [];
  let companyId: number;
  let exec: Client;
  const execEmail = 'erin@mailco.example';

  /** The next mail to `email` after the first `since` the sink received, waiting for it up to `seconds`. */
  const nextMailTo = async (email: string, since: number, seconds = 10): Promise<ReceivedMail> => {
    for (let i = 0; i < seconds * 20; i++) {
      const found = sink
        .received()
        .slice(since)
        .find((m) => m.to.includes(email));
      if (found) return found;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`no mail to ${email} within ${seconds} s; the log says:\n${log.join('\n')}`);
  };
  const setPassword = async (email: string, password: string) => {
    const since = sink.received().length;
    await t.anonymous.post('auth/forgot-password', { email });
    const r = await t.anonymous.post('auth/reset-password', {
      email,
      password,
      authKey: keyIn(await nextMailTo(email, since)),
    });
    expect(r.status, r.body.err_msg ?? '').toBe(200);
    return t.login(email, password);
  };

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await startTestStratum(
      backend,
      { log: (l) => log.push(JSON.parse(l).msg) },
      { smtpUrl: sink.url, mailRetrySeconds: 1, mailPollSeconds: 0.2 },
    );
    t.stratum.mailer.start();
    const since = sink.received().length;
    const added = await t.holder.post('company/add', {
      companyName: 'Mailco',
      eFirstName: 'Erin',
      eLastName: 'Exec',
      email: execEmail,
    });
    companyId = added.body.data.company.id;
    // the welcome mail reaches the SMTP server with nobody asking the outbox for it
    const welcome = await nextMailTo(execEmail, since);
    expect(welcome.subject).toBe('Set your Stratum password');
    const reset = await t.anonymous.post('auth/reset-password', {
      email: execEmail,
      password: 'erin-pass-123',
      authKey: keyIn(welcome),
    });
    expect(reset.status).toBe(200);
    exec = await t.login(execEmail, 'erin-pass-123');
  });
  afterAll(async () => {
    await t?.stratum.mailer.stop();
    await sink?.stop();
    await t?.close();
  });

  it('writes to a Bengali-speaking employee in Bengali, the text and the HTML part from one template', async () => {
    expect(
      (await exec.post('employee/add', { firstName: 'নুসরাত', lastName: 'জাহান', email: 'nusrat@mailco.example' })).status,
    ).toBe(200);
    const nusrat = await setPassword('nusrat@mailco.example', 'nusrat-pass-1');
    // she chooses Bengali in the renderer's language switch
    expect((await nusrat.post('auth/language', { language: 'bn' })).status).toBe(200);
    expect((await nusrat.post('auth/language', { language: 'fr' })).body.errors).toEqual([
      { field: 'language', message: 'must be one of en, bn, de' },
    ]);
    expect(
      (await t.anonymous.post('auth/login', { email: 'nusrat@mailco.example', password: 'nusrat-pass-1' })).body.data
        .user.language,
    ).toBe('bn');

    const since = sink.received().length;
    await t.anonymous.post('auth/forgot-password', { email: 'nusrat@mailco.example' });
    const mail = await nextMailTo('nusrat@mailco.example', since);
    expect(mail.subject).toBe('আপনার Stratum পাসওয়ার্ড রিসেট করুন');
    expect(mail.contentType).toBe('multipart/alternative');
    expect(mail.parts.map((p) => [p.type, p.charset])).toEqual([
      ['text/plain', 'utf-8'],
      ['text/html', 'utf-8'],
    ]);
    const text = part(mail, 'text/plain');
    const html = part(mail, 'text/html');
    const key = keyIn(mail);
    const link = `http://stratum.test/app/sessions/reset-password?email=${encodeURIComponent('nusrat@mailco.example')}&authKey=${key}`;
    expect(text).toContain('প্রিয় নুসরাত,');
    expect(text).toContain('কেউ (আশা করি আপনিই) nusrat@mailco.example-এর Stratum পাসওয়ার্ড রিসেট করার অনুরোধ করেছেন।');
    expect(text).toContain(`পাসওয়ার্ড সেট করুন:\n${link}`);
    expect(text).toContain(`আপনার কোড: ${key}`);
    // the HTML part says the same, in Bengali, its values escaped
    expect(html).toMatch(/^<!DOCTYPE html><html lang="bn">/);
    expect(html).toContain('<title>আপনার Stratum পাসওয়ার্ড রিসেট করুন</title>');
    expect(html).toContain('কেউ (আশা করি আপনিই) nusrat@mailco.example-এর Stratum পাসওয়ার্ড রিসেট করার অনুরোধ করেছেন।');
    expect(html).toContain(`href="${link.replace('&', '&amp;')}"`);
    expect(html).toContain('>পাসওয়ার্ড সেট করুন</a>');
    expect(html).toContain(key);
    expect(html).not.toMatch(/Reset your|Someone \(hopefully/);

    // an employee who chose nothing reads the company's language: German once the holder sets it
    expect(
      (await exec.post('employee/add', { firstName: 'Jonas', lastName: 'Weber', email: 'jonas@mailco.example' }))
        .status,
    ).toBe(200);
    const company = (await t.holder.get(`company/${companyId}`)).body.data.company;
    expect(
      (await t.holder.post('company/update', { id: companyId, version: company.version, language: 'de' })).status,
    ).toBe(200);
    const before = sink.received().length;
    await t.anonymous.post('auth/forgot-password', { email: 'jonas@mailco.example' });
    const german = await nextMailTo('jonas@mailco.example', before);
    expect(german.subject).toBe('Setzen Sie Ihr Stratum-Passwort zurück');
    expect(part(german, 'text/plain')).toContain('Hallo Jonas,\n\njemand (hoffentlich Sie) hat angefordert');
    expect(part(german, 'text/html')).toContain('lang="de"');
    expect(part(german, 'text/html')).toContain('Passwort festlegen');
    // and Nusrat's own choice still wins over the company's
    const again = sink.received().length;
    await t.anonymous.post('auth/forgot-password', { email: 'nusrat@mailco.example' });
    expect((await nextMailTo('nusrat@mailco.example', again)).subject).toBe('আপনার Stratum পাসওয়ার্ড রিসেট করুন');
  });

  it('sends mail queued elsewhere (a script, another process) without another mail to push it, in the company language', async () => {
    const since = sink.received().length;
    // queued through an engine that has no mailer to wake, as a script or another server process queues it
    const engine = {
      db: t.stratum.db,
      registry: t.stratum.registry,
      hooks: t.stratum.hooks,
      publicUrl: 'http://stratum.test',
    };
    await scopedCall(engine, await holderCaller(t.stratum.db), companyId, async (ctx) => {
      ctx.mail.push({
        to: 'quiet@mailco.example',
        template: 'reminder',
        subjectKey: 'reminder.dueSoon',
        values: { title: 'Policy review', date: '27/11/2026', link: 'http://stratum.test/app' },
      });
    });
    const mail = await nextMailTo('quiet@mailco.example', since, 5);
    // an address without an account reads the company's language (German since the test before)
    expect(mail.subject).toBe('Bald fällig: Policy review am 27.11.2026');
    expect(part(mail, 'text/plain')).toContain('In Stratum öffnen:\nhttp://stratum.test/app');
  });

  it('tries a refused mail again with growing waits, logging every failure, until the server takes it', async () => {
    sink.refuse();
    const since = sink.received().length;
    const logged = log.length;
    await t.anonymous.post('auth/forgot-password', { email: execEmail });
    // two refusals: the first waits 1 s, the second 2 s
    for (let i = 0; i < 100 && log.slice(logged).filter((l) => l.includes('failed')).length < 2; i++)
      await new Promise((r) => setTimeout(r, 50));
    const failures = log.slice(logged).filter((l) => l.includes('failed'));
    expect(failures[0]).toMatch(
      new RegExp(
        `^mail \\d+ to ${execEmail} failed, attempt 1 of 8: .*451 4\\.3\\.0 Mailbox busy.*; tried again in 1 s$`,
      ),
    );
    expect(failures[1]).toMatch(/attempt 2 of 8: .*; tried again in 2 s$/);
    const [row] = await t.stratum.db.query<{ attempts: number; last_error: string; sent_at: string | null }>(
      `SELECT attempts, last_error, sent_at FROM mail_outbox WHERE recipient = $1 ORDER BY id DESC LIMIT 1`,
      [execEmail],
    );
    expect(row).toMatchObject({ attempts: 2, sent_at: null });
    expect(row.last_error).toContain('451');
    expect(sink.received().length).toBe(since);
    sink.accept();
    const mail = await nextMailTo(execEmail, since, 10);
    // (in German: Erin chose no language, and her company's is German since the first test)
    expect(mail.subject).toBe('Setzen Sie Ihr Stratum-Passwort zurück');
    const [sent] = await t.stratum.db.query<{ attempts: number; sent_at: string | null }>(
      `SELECT attempts, sent_at FROM mail_outbox WHERE recipient = $1 ORDER BY id DESC LIMIT 1`,
      [execEmail],
    );
    expect(sent.attempts).toBe(3);
    expect(sent.sent_at).not.toBeNull();
  });

  it('refuses an older reset key once a newer one was sent', async () => {
    const first = sink.received().length;
    await t.anonymous.post('auth/forgot-password', { email: execEmail });
    const older = keyIn(await nextMailTo(execEmail, first));
    const second = sink.received().length;
    await t.anonymous.post('auth/forgot-password', { email: execEmail });
    const newer = keyIn(await nextMailTo(execEmail, second));
    expect(newer).not.toBe(older);
    const refused = await t.anonymous.post('auth/reset-password', {
      email: execEmail,
      password: 'older-key-pass',
      authKey: older,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.err_msg).toMatch(/reset key is wrong, used or expired/);
    expect(
      (await t.anonymous.post('auth/reset-password', { email: execEmail, password: 'newer-key-pass', authKey: newer }))
        .status,
    ).toBe(200);
    await t.login(execEmail, 'newer-key-pass');
  });
});
