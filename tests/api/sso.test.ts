import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../support/backends.ts';
import { followDirectory, startTestDirectory, type TestDirectory } from '../support/oidc-directory.ts';
import {
  decodeMail,
  HOLDER,
  keyFromMail,
  PASSWORD,
  startTestStratum,
  type Client,
  type Reply,
  type TestStratum,
} from '../support/test-stratum.ts';

const SECRET = 'acme-client-secret-1';

describe.each(backends())('single sign-on over OpenID Connect on $name', (backend) => {
  let t: TestStratum;
  let directory: TestDirectory;
  let exec: Client;
  let execEmail: string;
  let providerId: number;

  /** Starts a directory sign-in as the renderer does; returns the directory's address and the browser cookie. */
  async function start(provider: string, purpose: 'signIn' | 'signUp', email?: string) {
    const res = await t.app.request('/api/v1/auth/sso/start', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ provider, purpose, email }),
    });
    const body = await res.json();
    if (res.status !== 200) throw new Error(`start: ${res.status} ${body.err_msg}`);
    const cookie = /stratum_sso=[^;]+/.exec(res.headers.get('set-cookie') ?? '')![0];
    return { url: body.data.url as string, cookie };
  }

  /** The directory's return to Stratum: where the browser is sent, and what exchanging its one-time code gives. */
  async function callback(at: URL, cookie?: string): Promise<{ location: string; exchange: Reply }> {
    const res = await t.app.request(at.pathname + at.search, { headers: cookie ? { cookie } : {} });
    expect(res.status).toBe(302);
    const location = res.headers.get('location')!;
    const code = /#sso=([A-Za-z0-9_-]+)$/.exec(location)![1];
    return { location, exchange: await t.anonymous.post('auth/sso/exchange', { code }) };
  }

  async function signInThroughDirectory(
    email: string,
    opts: { provider?: string; purpose?: 'signIn' | 'signUp'; as?: string } = {},
  ) {
    const { url, cookie } = await start(opts.provider ?? String(providerId), opts.purpose ?? 'signIn', email);
    directory.signInAs = opts.as ?? null;
    try {
      return await callback(await followDirectory(url), cookie);
    } finally {
      directory.signInAs = null;
    }
  }

  beforeAll(async () => {
    directory = await startTestDirectory();
    t = await startTestStratum(
      backend,
      {},
      {
        platformSso: {
          name: 'Platform Directory',
          issuer: directory.issuer,
          clientId: 'stratum-platform',
          clientSecret: 'platform-secret',
          allowedDomains: ['test.example'],
        },
      },
    );
    ({ executive: exec, executiveEmail: execEmail } = await t.addCompany('Acme'));
    const added = await exec.post('sso-provider/add', {
      name: 'Acme Directory',
      issuer: directory.issuer,
      clientId: 'stratum-acme',
      clientSecret: SECRET,
      allowedDomains: ['acme.example'],
    });
    expect(added.status).toBe(200);
    providerId = added.body.data.sso_provider.id;
    directory.setClients([
      {
        clientId: 'stratum-acme',
        clientSecret: SECRET,
        redirectUris: [`http://stratum.test/auth/${providerId}/callback`],
      },
      {
        clientId: 'stratum-platform',
        clientSecret: 'platform-secret',
        redirectUris: ['http://stratum.test/auth/platform/callback'],
      },
    ]);
    for (const email of [
      'anna@acme.example',
      'bob@acme.example',
      'carl@acme.example',
      'dora@acme.example',
      'stranger@acme.example',
      'mallory@elsewhere.example',
      HOLDER.email,
    ])
      directory.addPerson(email, {
        givenName: email.split('@')[0].replace(/^./, (c) => c.toUpperCase()),
        familyName: 'Tester',
      });
    directory.addPerson('unverified@acme.example', { emailVerified: false });
    for (const [first, email] of [
      ['Anna', 'anna@acme.example'],
      ['Carl', 'carl@acme.example'],
      ['Dora', 'dora@acme.example'],
      ['Una', 'unverified@acme.example'],
    ])
      expect((await exec.post('employee/add', { firstName: first, lastName: 'Tester', email })).status).toBe(200);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await directory?.close();
  });

  it('keeps the client secret encrypted and never returns it', async () => {
    const one = await exec.get(`sso-provider/${providerId}`);
    expect(one.body.data.sso_provider).toMatchObject({
      name: 'Acme Directory',
      allowedDomains: ['acme.example'],
      passwordSignIn: 'Yes',
      newEmployees: 'No',
    });
    const list = await exec.get('sso-provider');
    const audit = await exec.get(`audit-trail?entity=sso-provider`);
    for (const reply of [one, list, audit]) expect(JSON.stringify(reply.body)).not.toContain('clientSecret');
    expect(JSON.stringify(audit.body)).not.toContain(SECRET);
    const [stored] = await t.stratum.db.query<{ client_secret: string }>(
      `SELECT client_secret FROM sso_provider WHERE id = $1`,
      [providerId],
    );
    expect(stored.client_secret).toMatch(/^v1:[0-9a-f]{8}:/);
    expect(stored.client_secret).not.toContain(SECRET);
    // an update that leaves the secret out keeps it (the sign-ins below still authenticate with it)
    const v = one.body.data.sso_provider.version;
    expect(
      (await exec.post('sso-provider/update', { id: providerId, version: v, clientId: 'stratum-acme' })).status,
    ).toBe(200);
    const [kept] = await t.stratum.db.query<{ client_secret: string }>(
      `SELECT client_secret FROM sso_provider WHERE id = $1`,
      [providerId],
    );
    expect(kept.client_secret).toBe(stored.client_secret);
  });

  it("only the company's module administrators see its directories, and no other company does", async () => {
    const other = (await t.addCompany('Other Co')).executive;
    expect((await other.get(`sso-provider/${providerId}`)).status).toBe(404);
    expect((await other.get('sso-provider')).body.data.sso_provider_list).toEqual([]);
    expect((await other.post('sso-provider/update', { id: providerId, version: 2, name: 'Hijacked' })).status).toBe(
      404,
    );
  });

  it("offers the company's directory for its e-mail domain, and the platform's for the holder's", async () => {
    const acme = await t.anonymous.get('auth/sso/providers?email=someone%40ACME.example');
    expect(acme.body.data).toEqual({
      providers: [{ key: String(providerId), name: 'Acme Directory', companyName: null }],
      passwords: true,
    });
    expect((await t.anonymous.get('auth/sso/providers?email=someone%40nowhere.example')).body.data).toEqual({
      providers: [],
      passwords: true,
    });
    expect(
      (await t.anonymous.get(`auth/sso/providers?email=${encodeURIComponent(HOLDER.email)}`)).body.data.providers,
    ).toEqual([{ key: 'platform', name: 'Platform Directory', companyName: null }]);
    expect((await t.anonymous.get('auth/sso/providers')).status).toBe(422);
    expect((await t.anonymous.post('auth/sso/start', { provider: '999999' })).status).toBe(404);
  });

  it('signs an invited employee in: the callback hands over a one-time code, never the token, and the session works', async () => {
    const { url } = await start(String(providerId), 'signIn', 'anna@acme.example');
    const authorize = new URL(url);
    expect(authorize.origin).toBe(directory.issuer);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('redirect_uri')).toBe(`http://stratum.test/auth/${providerId}/callback`);
    expect(authorize.searchParams.get('nonce')).toBeTruthy();

    const { location, exchange } = await signInThroughDirectory('anna@acme.example');
    expect(location).toMatch(/^\/app\/sessions\/signIn#sso=/);
    expect(exchange.status).toBe(200);
    const user = exchange.body.data.user;
    expect(user).toMatchObject({ role: 'employee', email: 'anna@acme.example', firstName: 'Anna' });
    expect(location).not.toContain(user.token);
    const me = await t.anonymous.raw('auth/me', { headers: { token: user.token } });
    expect(me.body.data.user.email).toBe('anna@acme.example');
    expect((await t.anonymous.raw('business-unit', { headers: { token: user.token } })).status).toBe(200);
    // the identity is linked, with an audit-trail entry
    const [link] = await t.stratum.db.query<{ issuer: string }>(
      `SELECT issuer FROM account_identity WHERE account_id = $1`,
      [user.id],
    );
    expect(link.issuer).toBe(directory.issuer);
    const trail = await exec.get(`audit-trail?entity=employee&recordId=${user.employeeId}`);
    expect(trail.body.data.list.map((e: { action: string }) => e.action)).toContain('linkDirectory');
    // the code is single-use
    const code = /#sso=(.+)$/.exec(location)![1];
    const again = await t.anonymous.post('auth/sso/exchange', { code });
    expect(again.status).toBe(401);
    expect(again.body.err_msg).toMatch(/wrong, used or expired/);
    // an employee without admin access does not see the company's directories
    expect((await t.anonymous.raw('sso-provider', { headers: { token: user.token } })).status).toBe(403);
  });

  it('refuses a wrong state, a replayed answer, another browser and a wrong nonce', async () => {
    const forged = await callback(new URL(`http://stratum.test/auth/${providerId}/callback?code=abc&state=made-up`));
    expect(forged.exchange.status).toBe(401);
    expect(forged.exchange.body.err_msg).toMatch(/unknown, used or expired state/);

    const first = await start(String(providerId), 'signIn', 'anna@acme.example');
    const answer = await followDirectory(first.url);
    expect((await callback(answer, first.cookie)).exchange.status).toBe(200);
    const replay = await callback(answer, first.cookie);
    expect(replay.exchange.status).toBe(401);
    expect(replay.exchange.body.err_msg).toMatch(/unknown, used or expired state/);

    const elsewhere = await start(String(providerId), 'signIn', 'anna@acme.example');
    const stolen = await callback(await followDirectory(elsewhere.url), 'stratum_sso=another-browser');
    expect(stolen.exchange.status).toBe(401);
    expect(stolen.exchange.body.err_msg).toMatch(/started in another browser/);

    const tampered = await start(String(providerId), 'signIn', 'anna@acme.example');
    const state = new URL(tampered.url).searchParams.get('state');
    await t.stratum.db.query(`UPDATE sso_flow SET nonce = 'not-the-nonce-sent' WHERE state = $1`, [state]);
    const wrongNonce = await callback(await followDirectory(tampered.url), tampered.cookie);
    expect(wrongNonce.exchange.status).toBe(401);
    expect(wrongNonce.exchange.body.err_msg).toMatch(/the ID token.s "nonce" is not the one expected/);
  });

  it('refuses an e-mail outside the allowed domains, and one the directory did not verify', async () => {
    const outside = await signInThroughDirectory('anna@acme.example', { as: 'mallory@elsewhere.example' });
    expect(outside.exchange.status).toBe(403);
    expect(outside.exchange.body.err_msg).toBe(
      'mallory@elsewhere.example is outside the e-mail domains this sign-in accepts (acme.example)',
    );
    const unverified = await signInThroughDirectory('unverified@acme.example');
    expect(unverified.exchange.status).toBe(403);
    expect(unverified.exchange.body.err_msg).toMatch(/did not confirm an e-mail address/);
  });

  it('refuses a person who is not an employee, or adds them without admin access where the company allows it', async () => {
    const refused = await signInThroughDirectory('bob@acme.example');
    expect(refused.exchange.status).toBe(403);
    expect(refused.exchange.body.err_msg).toBe(
      "bob@acme.example is not an employee of Acme on Stratum; ask your company's administrator to add you with this e-mail",
    );
    expect(await t.stratum.db.query(`SELECT id FROM account WHERE email = 'bob@acme.example'`)).toEqual([]);

    const v = (await exec.get(`sso-provider/${providerId}`)).body.data.sso_provider.version;
    expect((await exec.post('sso-provider/update', { id: providerId, version: v, newEmployees: 'Yes' })).status).toBe(
      200,
    );
    const added = await signInThroughDirectory('bob@acme.example');
    expect(added.exchange.status).toBe(200);
    const bob = added.exchange.body.data.user;
    expect(bob).toMatchObject({ role: 'employee', firstName: 'Bob', lastName: 'Tester' });
    const employee = (await exec.get(`employee/${bob.employeeId}`)).body.data.employee;
    expect(employee.email).toBe('bob@acme.example');
    expect(
      await t.stratum.db.query(`SELECT id FROM employee_module WHERE employee_id = $1 AND admin_access = 'Yes'`, [
        bob.employeeId,
      ]),
    ).toEqual([]);
    const trail = (await exec.get(`audit-trail?entity=employee&recordId=${bob.employeeId}`)).body.data.list;
    expect(trail.find((e: { action: string }) => e.action === 'add').doneByName).toBe(
      'Directory sign-in (Acme Directory)',
    );
    const v2 = (await exec.get(`sso-provider/${providerId}`)).body.data.sso_provider.version;
    expect((await exec.post('sso-provider/update', { id: providerId, version: v2, newEmployees: 'No' })).status).toBe(
      200,
    );
  });

  it('switches password sign-in off for the company when the directory says so', async () => {
    const v = (await exec.get(`sso-provider/${providerId}`)).body.data.sso_provider.version;
    expect((await exec.post('sso-provider/update', { id: providerId, version: v, passwordSignIn: 'No' })).status).toBe(
      200,
    );
    const refused = await t.anonymous.post('auth/login', { email: execEmail, password: PASSWORD });
    expect(refused.status).toBe(403);
    expect(refused.body.err_msg).toBe(
      'Your company signs in through Acme Directory: use “Sign in with Acme Directory”',
    );
    // a wrong password still reads as a wrong password
    expect((await t.anonymous.post('auth/login', { email: execEmail, password: 'wrong-password' })).status).toBe(401);
    // and the sign-in page is told to leave the password out for this domain
    expect((await t.anonymous.get('auth/sso/providers?email=anyone%40acme.example')).body.data.passwords).toBe(false);
    expect(
      (await exec.post('sso-provider/update', { id: providerId, version: v + 1, passwordSignIn: 'Yes' })).status,
    ).toBe(200);
    expect((await t.anonymous.post('auth/login', { email: execEmail, password: PASSWORD })).status).toBe(200);
  });

  it('signs the holder in through the platform directory, and nobody else', async () => {
    const holder = await signInThroughDirectory(HOLDER.email, { provider: 'platform' });
    expect(holder.exchange.status).toBe(200);
    expect(holder.exchange.body.data.user).toMatchObject({ role: 'holder', email: HOLDER.email });
    const employee = await signInThroughDirectory(HOLDER.email, { provider: 'platform', as: 'anna@acme.example' });
    expect(employee.exchange.status).toBe(403);
    expect(employee.exchange.body.err_msg).toMatch(/outside the e-mail domains/);
  });

  it('sign-out ends a directory session', async () => {
    const { exchange } = await signInThroughDirectory('anna@acme.example');
    const token = exchange.body.data.user.token;
    expect((await t.anonymous.raw('auth/logout', { method: 'POST', headers: { token } })).status).toBe(200);
    expect((await t.anonymous.raw('business-unit', { headers: { token } })).status).toBe(401);
  });

  it('sign-up: nobody uninvited gets in, by password or by directory', async () => {
    const before = (await t.mails()).length;
    const asked = await t.anonymous.post('auth/sign-up', { email: 'stranger@acme.example' });
    expect(asked.body).toMatchObject({ res: 'success', data: { email: 'stranger@acme.example' } });
    expect((await t.mails()).length).toBe(before);
    const guessed = await t.anonymous.post('auth/sign-up/complete', {
      email: 'stranger@acme.example',
      password: 'a-good-password',
      authKey: 'guessed-key',
    });
    expect(guessed.status).toBe(403);
    expect(guessed.body.err_msg).toMatch(/^No invitation is waiting for stranger@acme.example/);
    const viaDirectory = await signInThroughDirectory('stranger@acme.example', { purpose: 'signUp' });
    expect(viaDirectory.location).toMatch(/^\/app\/sessions\/signUp#sso=/);
    expect(viaDirectory.exchange.status).toBe(403);
    expect(viaDirectory.exchange.body.err_msg).toMatch(/is not an employee of Acme/);
    expect(await t.stratum.db.query(`SELECT id FROM account WHERE email = 'stranger@acme.example'`)).toEqual([]);
  });

  it('sign-up: an invited employee chooses a password through the mailed link, once', async () => {
    const asked = await t.anonymous.post('auth/sign-up', { email: 'carl@acme.example' });
    expect(asked.status).toBe(200);
    const mail = (await t.mails())
      .reverse()
      .find((m) => decodeMail(m).includes('carl@acme.example') && m.includes('Finish signing up'))!;
    expect(decodeMail(mail)).toContain(
      `http://stratum.test/app/sessions/signUp?email=${encodeURIComponent('carl@acme.example')}&authKey=`,
    );
    const authKey = keyFromMail(mail);
    expect(
      (await t.anonymous.post('auth/sign-up/complete', { email: 'carl@acme.example', password: 'short', authKey }))
        .status,
    ).toBe(422);
    const done = await t.anonymous.post('auth/sign-up/complete', {
      email: 'carl@acme.example',
      password: 'carl-password-1',
      authKey,
    });
    expect(done.status).toBe(200);
    expect(JSON.stringify(done.body)).not.toContain('carl-password-1');
    const carl = await t.login('carl@acme.example', 'carl-password-1');
    expect((await carl.get('business-unit')).status).toBe(200);
    expect(
      (
        await t.anonymous.post('auth/sign-up/complete', {
          email: 'carl@acme.example',
          password: 'again-password',
          authKey,
        })
      ).status,
    ).toBe(403);
    // signed up: asking again sends nothing
    const count = (await t.mails()).length;
    await t.anonymous.post('auth/sign-up', { email: 'carl@acme.example' });
    expect((await t.mails()).length).toBe(count);
    const carlId = (await carl.get('auth/me')).body.data.user.employeeId;
    const trail = (await exec.get(`audit-trail?entity=employee&recordId=${carlId}`)).body.data.list;
    expect(trail.map((e: { action: string }) => e.action)).toContain('signUp');
    expect(JSON.stringify(trail)).not.toContain('carl-password-1');
  });

  it('sign-up: an invited employee links the directory account instead', async () => {
    const { location, exchange } = await signInThroughDirectory('dora@acme.example', { purpose: 'signUp' });
    expect(location).toMatch(/^\/app\/sessions\/signUp#sso=/);
    expect(exchange.status).toBe(200);
    expect(exchange.body.data.user).toMatchObject({ role: 'employee', email: 'dora@acme.example' });
  });
});
