import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { ROOT } from '../../server/boot.ts';
import { decodeMail, keyFromMail } from '../../tests/support/test-stratum.ts';

export const HOLDER = { email: 'holder@security.example', password: 'holder-security-pass' };
export const PASSWORD = 'security-pass-1';

export const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });

/** The real server (`npx tsx server/main.ts`) in a process of its own, on PGlite under dataDir or on databaseUrl; one worker unless env says WORKERS. */
export interface StratumProcess {
  url: string;
  child: ChildProcess;
  log(): string;
  /** SIGTERM and wait (a clean stop) */
  stop(): Promise<void>;
  /** SIGKILL: no chance to finish anything */
  kill(): Promise<void>;
}

export async function startStratum(opts: {
  dataDir: string;
  databaseUrl?: string;
  port?: number;
  env?: Record<string, string>;
  nodeArgs?: string[];
}): Promise<StratumProcess> {
  const port = opts.port ?? (await freePort());
  const child = spawn(
    process.execPath,
    [...(opts.nodeArgs ?? []), '--import', 'tsx', join(ROOT, 'server', 'main.ts')],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: String(port),
        DATA_DIR: opts.dataDir,
        DATABASE_URL: opts.databaseUrl ?? '',
        HOLDER_EMAIL: HOLDER.email,
        HOLDER_PASSWORD: HOLDER.password,
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        WORKERS: '1',
        ...opts.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let log = '';
  child.stdout!.on('data', (d) => (log += d));
  child.stderr!.on('data', (d) => (log += d));
  const url = `http://127.0.0.1:${port}`;
  const exited = () =>
    new Promise<void>((r) =>
      child.exitCode !== null || child.signalCode !== null ? r() : child.once('exit', () => r()),
    );
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${log}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      /* not up yet */
    }
    if (i > 1200) throw new Error(`server did not start:\n${log}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url,
    child,
    log: () => log,
    async stop() {
      child.kill('SIGTERM');
      await exited();
    },
    async kill() {
      child.kill('SIGKILL');
      await exited();
    },
  };
}

export interface Api {
  call(path: string, body?: unknown, token?: string): Promise<{ status: number; body: any }>;
}

export const api = (url: string): Api => ({
  async call(path, body, token) {
    const res = await fetch(`${url}/api/v1/${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: await res.json() };
  },
});

/** A company with the given modules and its executive signed in (password set with the welcome mail's key). */
export async function companyWithExecutive(
  url: string,
  dataDir: string,
  name: string,
  modules: string[] = [],
): Promise<{ companyId: number; email: string; token: string; holder: string }> {
  const a = api(url);
  const holder = (await a.call('auth/login', HOLDER)).body.data.user.token as string;
  const email = `exec@${name.toLowerCase().replace(/[^a-z]/g, '')}.example`;
  const added = await a.call('company/add', { companyName: name, eFirstName: 'Exe', eLastName: name, email }, holder);
  if (added.status !== 200) throw new Error(`company/add: ${added.body.err_msg}`);
  const companyId = added.body.data.company.id as number;
  const all = (await a.call('module?limit=100', undefined, holder)).body.data.list as { id: number; code: string }[];
  for (const code of modules)
    await a.call(
      `company-module/set-enablement?companyId=${companyId}`,
      { moduleId: all.find((m) => m.code === code)!.id, enabled: 'Yes' },
      holder,
    );
  let mail: string | undefined;
  for (let i = 0; i < 100 && !mail; i++) {
    try {
      const dir = join(dataDir, 'outbox');
      mail = readdirSync(dir)
        .map((f) => readFileSync(join(dir, f), 'utf8'))
        .find((m) => decodeMail(m).includes(email));
    } catch {
      /* no outbox yet */
    }
    if (!mail) await new Promise((r) => setTimeout(r, 100));
  }
  if (!mail) throw new Error(`no welcome mail for ${email}`);
  const reset = await a.call('auth/reset-password', { email, password: PASSWORD, authKey: keyFromMail(mail) });
  if (reset.status !== 200) throw new Error(`reset: ${reset.body.err_msg}`);
  const token = (await a.call('auth/login', { email, password: PASSWORD })).body.data.user.token as string;
  return { companyId, email, token, holder };
}
