import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Hono } from 'hono';
import { bootStratum, type BootOptions } from '../../server/boot.ts';
import { configFromEnv, type Config } from '../../server/config.ts';
import type { AppEnv, Stratum } from '../../server/stratum-context.ts';
import type { Backend } from './backends.ts';
import type { ReceivedMail, SmtpSink } from './smtp-sink.ts';

export const HOLDER = { email: 'holder@test.example', password: 'holder-password-1' };
export const PASSWORD = 'employee-pass-1';

export interface Reply {
  status: number;
  body: {
    res: string;
    data: any;
    err_msg: string | null;
    code?: string;
    errors?: { field: string; message: string }[];
  };
}

export interface Client {
  token: string;
  get(path: string): Promise<Reply>;
  post(path: string, body?: unknown): Promise<Reply>;
  raw(path: string, init: RequestInit): Promise<Reply>;
}

export interface TestStratum {
  stratum: Stratum;
  app: Hono<AppEnv>;
  config: Config;
  holder: Client;
  anonymous: Client;
  login(email: string, password: string): Promise<Client>;
  /** A company with its executive signed in (password set through the reset flow of the welcome mail). */
  addCompany(
    name: string,
    options?: { modules?: string[] },
  ): Promise<{ id: number; executive: Client; executiveEmail: string }>;
  /** Sets an account's password the way a person does: forgot password, the key from the mail, reset. */
  setPassword(email: string, password: string): Promise<void>;
  /** An employee added by `admin`, with a password set, signed in. */
  addEmployee(admin: Client, firstName: string, lastName: string, email: string): Promise<Client>;
  /** The .eml messages the outbox wrote, oldest first (or, over a real SMTP server, each mail it received as text). */
  mails(): Promise<string[]>;
  close(): Promise<void>;
}

/** The settings a migrated copy was made without: the holder it has, the demo it has not (tests/support/migrated-postgres.ts). */
const SEEDING_SETTINGS: (keyof Config)[] = ['holderEmail', 'holderPassword', 'demo', 'demoPassword'];

/**
 * Boots Stratum on a fresh database of the backend, in memory, and gives clients that speak its API through app.request.
 * With the default metadata and no settings that seed it otherwise, the database is a copy the backend keeps migrated.
 */
export async function startTestStratum(
  backend: Backend,
  options: Omit<BootOptions, 'db'> = {},
  settings: Partial<Config> = {},
  mailbox?: SmtpSink,
): Promise<TestStratum> {
  const defaults = options.metadataDir === undefined && SEEDING_SETTINGS.every((k) => settings[k] === undefined);
  const db = await (defaults ? backend.openMigrated() : backend.open());
  return startOnDb(db, options, settings, mailbox);
}

/** A mail the SMTP server received, as the set-up's helpers read an .eml: its addressee, subject and parts. */
const receivedText = (m: ReceivedMail): string =>
  [`To: ${m.to.join(', ')}`, `Subject: ${m.subject}`, '', ...m.parts.map((p) => p.text)].join('\n');

/**
 * Boots Stratum on `db`; with a `mailbox` (a real SMTP server, tests/support/smtp-sink.ts) every mail is sent to it,
 * and the set-up's helpers (a password set through the reset mail) read what it received.
 */
export async function startOnDb(
  db: Awaited<ReturnType<Backend['open']>>,
  options: Omit<BootOptions, 'db'> = {},
  settings: Partial<Config> = {},
  mailbox?: SmtpSink,
): Promise<TestStratum> {
  const dataDir = mkdtempSync(join(tmpdir(), 'stratum-test-'));
  const config = {
    ...configFromEnv({}),
    dataDir,
    holderEmail: HOLDER.email,
    holderPassword: HOLDER.password,
    publicUrl: 'http://stratum.test',
    ...(mailbox ? { smtpUrl: mailbox.url } : {}),
    ...settings,
  };
  const { stratum, app } = await bootStratum(config, { ...options, db, log: options.log ?? (() => {}) });

  const request = async (path: string, init: RequestInit, token?: string): Promise<Reply> => {
    const headers = new Headers(init.headers);
    if (token) headers.set('token', token);
    const res = await app.request(path.startsWith('/') ? path : `/api/v1/${path}`, { ...init, headers });
    const text = await res.text();
    let body: Reply['body'];
    try {
      body = JSON.parse(text);
    } catch {
      body = { res: 'raw', data: text, err_msg: null };
    }
    return { status: res.status, body };
  };
  const client = (token: string): Client => ({
    token,
    get: (path) => request(path, { method: 'GET' }, token),
    post: (path, body) =>
      request(
        path,
        {
          method: 'POST',
          body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
          headers: { 'content-type': 'application/json' },
        },
        token,
      ),
    raw: (path, init) => request(path, init, token),
  });
  const login = async (email: string, password: string) => {
    const r = await client('').post('auth/login', { email, password });
    if (r.status !== 200) throw new Error(`login ${email} failed: ${r.status} ${r.body.err_msg}`);
    return client(r.body.data.user.token);
  };
  const mails = async () => {
    await stratum.mailer.deliverPending();
    if (mailbox) return mailbox.received().map(receivedText);
    const dir = join(dataDir, 'outbox');
    try {
      return readdirSync(dir)
        .sort()
        .map((f) => readFileSync(join(dir, f), 'utf8'));
    } catch {
      return [];
    }
  };
  const setPassword = async (email: string, password: string) => {
    await client('').post('auth/forgot-password', { email });
    const mail = (await mails()).reverse().find((m) => decodeMail(m).includes(email));
    if (!mail) throw new Error(`no mail to ${email}`);
    const r = await client('').post('auth/reset-password', { email, password, authKey: keyFromMail(mail) });
    if (r.status !== 200) throw new Error(`reset failed: ${r.body.err_msg}`);
  };
  const holder = await login(HOLDER.email, HOLDER.password);
  let companies = 0;
  const t: TestStratum = {
    stratum,
    app,
    config,
    holder,
    anonymous: client(''),
    login,
    mails,
    setPassword,
    async addEmployee(admin, firstName, lastName, email) {
      const r = await admin.post('employee/add', { firstName, lastName, email });
      if (r.status !== 200) throw new Error(`add employee failed: ${r.body.err_msg}`);
      await setPassword(email, PASSWORD);
      return login(email, PASSWORD);
    },
    async addCompany(name, opts = {}) {
      const executiveEmail = `exec${++companies}.${Date.now()}@${name.toLowerCase().replace(/[^a-z]/g, '')}.example`;
      const r = await holder.post('company/add', {
        companyName: name,
        eFirstName: 'Exe',
        eLastName: name,
        email: executiveEmail,
      });
      if (r.status !== 200) throw new Error(`add company failed: ${r.body.err_msg}`);
      const id = r.body.data.company.id as number;
      for (const code of opts.modules ?? []) {
        const m = (await holder.get(`module?limit=100`)).body.data.list.find((x: { code: string }) => x.code === code);
        const e = await holder.post(`company-module/set-enablement?companyId=${id}`, {
          moduleId: m.id,
          enabled: 'Yes',
        });
        if (e.status !== 200) throw new Error(`enable ${code} failed: ${e.body.err_msg}`);
      }
      // the welcome mail's key works like a reset key
      const mail = (await mails()).reverse().find((m) => m.includes(executiveEmail))!;
      const reset = await client('').post('auth/reset-password', {
        email: executiveEmail,
        password: PASSWORD,
        authKey: keyFromMail(mail),
      });
      if (reset.status !== 200) throw new Error(`reset failed: ${reset.body.err_msg}`);
      return { id, executive: await login(executiveEmail, PASSWORD), executiveEmail };
    },
    async close() {
      await stratum.db.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return t;
}

/** The reset key from a set-password mail (quoted-printable soft line breaks undone). */
export function keyFromMail(mail: string): string {
  const text = decodeMail(mail);
  const m = /Your key: ([A-Za-z0-9_-]+)/.exec(text);
  if (!m) throw new Error('no key in mail:\n' + mail);
  return m[1];
}

/** An .eml as readable text: quoted-printable soft line breaks and escapes undone. */
export const decodeMail = (mail: string): string =>
  mail.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));

/** The text part of an .eml as its recipient reads it, in UTF-8 whether sent base64 or quoted-printable. */
export function mailText(mail: string): string {
  const m =
    /Content-Type: text\/plain; charset=utf-8\r?\nContent-Transfer-Encoding: ([\w-]+)\r?\n\r?\n([\s\S]*?)\r?\n--/.exec(
      mail,
    );
  if (!m) throw new Error('no text part in mail:\n' + mail);
  if (m[1] === 'base64') return Buffer.from(m[2].replace(/\s+/g, ''), 'base64').toString('utf8');
  const bytes = m[2]
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}
