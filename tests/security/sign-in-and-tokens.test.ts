import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CALLER_TTL_MS } from '../../engine/auth/caller-cache.ts';
import { hashSecret } from '../../engine/auth/secret-token.ts';
import { FREE_FAILURES } from '../../engine/auth/login-throttle.ts';
import { backends } from '../support/backends.ts';
import {
  decodeMail,
  HOLDER,
  keyFromMail,
  PASSWORD,
  startTestStratum,
  type Client,
  type TestStratum,
} from '../support/test-stratum.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The headers every reply carries, page or API, success or refusal. */
const SECURITY_HEADERS: [string, RegExp][] = [
  ['content-security-policy', /default-src 'self'.*frame-ancestors 'none'/],
  ['x-frame-options', /^DENY$/],
  ['x-content-type-options', /^nosniff$/],
  ['referrer-policy', /^no-referrer$/],
];

/**
 * Sign-in and tokens: repeated wrong passwords lock the e-mail for a while (429 with Retry-After, growing); tokens
 * expire and die at sign-out; reset keys are single-use, expire and open only the account they were made for, and are
 * no tokens; no reply (but the sign-in that issues the token) and no log line carries a password, a token or a key;
 * every reply carries the security headers.
 */
describe.each(backends())('sign-in and tokens on $name', (backend) => {
  let t: TestStratum;
  let exec: Client;
  let execEmail: string;
  /** everything the server logged: its log function and the console */
  const logged: string[] = [];
  /** every reply body the tests saw, with the path */
  const replies: { path: string; text: string }[] = [];
  /** passwords, tokens and keys that must never be logged, nor echoed where they were not issued */
  const secrets = new Set<string>();
  const consoleSpies: ReturnType<typeof vi.spyOn>[] = [];

  beforeAll(async () => {
    for (const level of ['log', 'error', 'warn', 'info', 'debug'] as const)
      consoleSpies.push(
        vi
          .spyOn(console, level)
          .mockImplementation(
            (...args: unknown[]) =>
              void logged.push(
                args
                  .map((a) =>
                    a instanceof Error ? `${a.message} ${a.stack}` : typeof a === 'string' ? a : JSON.stringify(a),
                  )
                  .join(' '),
              ),
          ),
      );
    t = await startTestStratum(backend, { log: (line) => void logged.push(line) });
    const c = await t.addCompany('Token Co');
    exec = c.executive;
    execEmail = c.executiveEmail;
    secrets.add(HOLDER.password).add(PASSWORD).add(exec.token).add(t.holder.token);
  });
  afterAll(async () => {
    for (const s of consoleSpies) s.mockRestore();
    await t.close();
  });

  /** A call through the app whose reply is kept for the no-secrets check. */
  async function call(
    path: string,
    init: RequestInit & { token?: string } = {},
  ): Promise<Response & { json: () => Promise<any> }> {
    const headers = new Headers(init.headers);
    if (init.token) headers.set('token', init.token);
    if (init.body && !headers.has('content-type')) headers.set('content-type', 'application/json');
    const res = await t.app.request(path.startsWith('/') ? path : `/api/v1/${path}`, { ...init, headers });
    const text = await res.clone().text();
    replies.push({ path, text });
    return Object.assign(res, { json: async () => JSON.parse(text) });
  }
  const post = (path: string, body: unknown, token?: string) =>
    call(path, { method: 'POST', body: JSON.stringify(body), token });
  const login = async (email: string, password: string) => {
    secrets.add(password);
    const r = await post('auth/login', { email, password });
    const body = await r.json();
    if (body.data?.user?.token) secrets.add(body.data.user.token);
    return { status: r.status, body, retryAfter: r.headers.get('retry-after') };
  };
  const newEmployee = async (email: string, password: string) => {
    await t.addEmployee(exec, 'Tess', 'Token', email);
    await t.setPassword(email, password);
    secrets.add(password);
  };

  it(`locks an e-mail after ${FREE_FAILURES} wrong passwords, for longer after each further failure, with Retry-After`, async () => {
    const email = 'locked@token.example';
    await newEmployee(email, 'the-right-password');
    for (let i = 0; i < FREE_FAILURES; i++) expect((await login(email, `wrong-password-${i}`)).status).toBe(401);
    const locked = await login(email, 'the-right-password');
    expect(locked.status).toBe(429);
    expect(locked.body.code).toBe('too_many_attempts');
    const first = Number(locked.retryAfter);
    expect(first).toBeGreaterThan(0);
    expect(first).toBeLessThanOrEqual(30);
    expect(locked.body.err_msg).toMatch(new RegExp(`try again in ${first} seconds`));
    // the lock is per account, whatever the case of the e-mail, and does not leak whether the password was right
    const upper = await login(email.toUpperCase(), 'the-right-password');
    expect(upper.status).toBe(429);
    const wrongWhileLocked = await login(email, 'wrong-again');
    expect([wrongWhileLocked.status, wrongWhileLocked.body.code]).toEqual([429, 'too_many_attempts']);
    expect(wrongWhileLocked.body.err_msg).toMatch(/try again in \d+ seconds/);
    // the lock runs out (moved into the past here): a further failure locks again, for twice as long
    await t.stratum.db.query(`UPDATE login_throttle SET locked_until = now() - interval '1 second' WHERE email = $1`, [
      email,
    ]);
    expect((await login(email, 'still-wrong')).status).toBe(401);
    const again = await login(email, 'the-right-password');
    expect(again.status).toBe(429);
    expect(Number(again.retryAfter)).toBeGreaterThan(first);
    expect(Number(again.retryAfter)).toBeLessThanOrEqual(60);
    // once it runs out, the right password signs in and the count starts afresh
    await t.stratum.db.query(`UPDATE login_throttle SET locked_until = now() - interval '1 second' WHERE email = $1`, [
      email,
    ]);
    expect((await login(email, 'the-right-password')).status).toBe(200);
    expect(await t.stratum.db.query(`SELECT 1 FROM login_throttle WHERE email = $1`, [email])).toEqual([]);
  });

  it('slows every wrong password down: a failed sign-in costs the same memory-hard hash as a right one', async () => {
    const started = performance.now();
    expect((await login('nobody@token.example', 'whatever-password')).status).toBe(401);
    // scrypt N=2^15, r=8: tens of milliseconds at least, on any machine
    expect(performance.now() - started).toBeGreaterThan(20);
  });

  it('refuses a token past its expiry', async () => {
    const { body } = await login(execEmail, PASSWORD);
    const token = body.data.user.token as string;
    expect((await call('business-unit', { token })).status).toBe(200);
    const [session] = await t.stratum.db.query<{ expires_at: string }>(
      `SELECT expires_at FROM session WHERE token_hash = $1`,
      [hashSecret(token)],
    );
    // issued for SESSION_HOURS: more than 11 hours from now
    expect(new Date(session.expires_at).getTime() - Date.now()).toBeGreaterThan(11 * 3600_000);
    // a session that ends in a moment: the server remembers its caller no longer than that
    const ends = Date.now() + CALLER_TTL_MS + 1_500;
    await t.stratum.db.query(`UPDATE session SET expires_at = $2 WHERE token_hash = $1`, [
      hashSecret(token),
      new Date(ends).toISOString(),
    ]);
    // once what the server remembered of the token before has gone, it remembers the session's new end
    await sleep(CALLER_TTL_MS + 50);
    expect((await call('business-unit', { token })).status).toBe(200);
    await sleep(ends - Date.now() + 50);
    const r = await call('business-unit', { token });
    expect(r.status).toBe(401);
    expect((await r.json()).err_msg).toMatch(/session has ended/);
    expect((await call('business-unit', { headers: { authorization: `Bearer ${token}` } })).status).toBe(401);
  });

  it('refuses a session ended outside this server process within CALLER_TTL_MS', async () => {
    const token = (await login(execEmail, PASSWORD)).body.data.user.token as string;
    expect((await call('business-unit', { token })).status).toBe(200);
    // as another server process over the same database would end it
    await t.stratum.db.query(`UPDATE session SET revoked_at = now() WHERE token_hash = $1`, [hashSecret(token)]);
    await sleep(CALLER_TTL_MS + 50);
    expect((await call('business-unit', { token })).status).toBe(401);
  });

  it('kills a token at sign-out, in either header, and leaves the other sessions alone', async () => {
    const a = (await login(execEmail, PASSWORD)).body.data.user.token as string;
    const b = (await login(execEmail, PASSWORD)).body.data.user.token as string;
    expect((await call('business-unit', { headers: { authorization: `Bearer ${a}` } })).status).toBe(200);
    expect((await call('auth/logout', { method: 'POST', headers: { authorization: `Bearer ${a}` } })).status).toBe(200);
    expect((await call('business-unit', { token: a })).status).toBe(401);
    expect((await call('business-unit', { headers: { authorization: `Bearer ${a}` } })).status).toBe(401);
    expect((await call('business-unit', { token: b })).status).toBe(200);
    // a token stored only as its hash: the database holds nothing that works as one
    const [row] = await t.stratum.db.query<{ token_hash: string }>(
      `SELECT token_hash FROM session WHERE token_hash = $1`,
      [hashSecret(b)],
    );
    expect(row.token_hash).not.toBe(b);
    expect((await call('business-unit', { token: row.token_hash })).status).toBe(401);
  });

  it('uses a reset key once, only for its own account, only before it expires, and never as a token', async () => {
    const email = 'reset@token.example';
    await newEmployee(email, 'first-password-1');
    const other = 'other@token.example';
    await newEmployee(other, 'other-password-1');
    const keyFor = async (who: string) => {
      await post('auth/forgot-password', { email: who });
      const key = keyFromMail(
        (await t.mails())
          .reverse()
          .find((m) => decodeMail(m).includes(who) && m.includes('Reset your Stratum password'))!,
      );
      secrets.add(key);
      return key;
    };
    const key = await keyFor(email);
    // stored as a hash only
    expect(await t.stratum.db.query(`SELECT 1 FROM password_reset WHERE key_hash = $1`, [key])).toEqual([]);
    // not a session token
    expect((await call('business-unit', { token: key })).status).toBe(401);
    // not a key for another account
    const stolen = await post('auth/reset-password', { email: other, password: 'hijacked-password', authKey: key });
    expect(stolen.status).toBe(400);
    expect((await login(other, 'hijacked-password')).status).toBe(401);
    // a session token is not a reset key
    const session = (await login(email, 'first-password-1')).body.data.user.token;
    expect((await post('auth/reset-password', { email, password: 'via-a-token-1', authKey: session })).status).toBe(
      400,
    );
    // used once
    expect((await post('auth/reset-password', { email, password: 'second-password-2', authKey: key })).status).toBe(
      200,
    );
    secrets.add('second-password-2').add('via-a-token-1').add('hijacked-password');
    const reused = await post('auth/reset-password', { email, password: 'third-password-3', authKey: key });
    expect(reused.status).toBe(400);
    expect((await reused.json()).err_msg).toMatch(/wrong, used or expired/);
    // expired (moved into the past here)
    const late = await keyFor(email);
    await t.stratum.db.query(`UPDATE password_reset SET expires_at = now() - interval '1 second' WHERE key_hash = $1`, [
      hashSecret(late),
    ]);
    expect((await post('auth/reset-password', { email, password: 'too-late-password', authKey: late })).status).toBe(
      400,
    );
    secrets.add('too-late-password').add('third-password-3');
    expect((await login(email, 'second-password-2')).status).toBe(200);
  });

  it('sends the security headers with every reply: API success and refusal, unknown address, health, sign-in', async () => {
    const probes: [string, Promise<Response>][] = [
      ['GET /api/v1/meta', call('meta', { token: exec.token })],
      ['GET /api/v1/business-unit (401)', call('business-unit')],
      [
        'GET /api/v1/company (403 for nobody)',
        call('company-module/delete', { method: 'POST', body: '{}', token: exec.token }),
      ],
      ['POST /api/v1/auth/login (401)', post('auth/login', { email: 'no@token.example', password: 'nope-nope-1' })],
      ['POST malformed JSON (400)', call('business-unit/add', { method: 'POST', body: '{', token: exec.token })],
      ['GET unknown address (404)', call('/no/such/page')],
      ['GET /healthz', call('/healthz')],
      ['GET /api/v1/openapi.json', call('openapi.json')],
    ];
    for (const [what, pending] of probes) {
      const r = await pending;
      for (const [name, value] of SECURITY_HEADERS)
        expect(r.headers.get(name) ?? '', `${what}: ${name}`).toMatch(value);
      expect(r.headers.get('x-powered-by'), what).toBeNull();
    }
  });

  it('never puts a password, a token or a reset key in a log line, nor a password or key in any reply', async () => {
    // provoke the server's own error log too (an internal error is logged with its cause)
    const spy = vi
      .spyOn(t.stratum.db, 'transaction')
      .mockRejectedValueOnce(Object.assign(new Error('simulated failure'), { detail: 'x' }));
    const failed = await call('business-unit', { token: exec.token });
    spy.mockRestore();
    expect(failed.status).toBe(500);
    expect(logged.join('\n')).toMatch(/simulated failure/);
    const leaks: string[] = [];
    for (const s of secrets) {
      for (const line of logged)
        if (line.includes(s)) leaks.push(`log line has ${s.slice(0, 6)}…: ${line.slice(0, 120)}`);
      for (const r of replies) {
        // the sign-in reply carries the token it issues, and nothing else may
        const issued = r.path === 'auth/login' && JSON.parse(r.text).data?.user?.token === s;
        if (r.text.includes(s) && !issued) leaks.push(`reply to ${r.path} has ${s.slice(0, 6)}…`);
      }
    }
    expect(leaks).toEqual([]);
    expect(replies.length).toBeGreaterThan(30);
    expect(secrets.size).toBeGreaterThan(10);
    for (const r of replies) expect(r.text, r.path).not.toMatch(/password_hash|scrypt\$|token_hash|key_hash/);
  });
});
