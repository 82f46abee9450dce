import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from '../../../server/boot.ts';
import { buildRenderer } from '../../../scripts/build-renderer.ts';
import { decodeMail } from '../../support/test-stratum.ts';
import { migratedDataDir } from './migrated-data-dir.ts';

export const HOLDER = { email: 'holder@e2e.example', password: 'holder-e2e-pass' };

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });

/** The server process on `dataDir`, once it answers its health check; stop() ends it and leaves the folder. */
async function launch(dataDir: string, env: Record<string, string>): Promise<{ url: string; stop(): Promise<void> }> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'server', 'main.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      HOLDER_EMAIL: HOLDER.email,
      HOLDER_PASSWORD: HOLDER.password,
      DATABASE_URL: '',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout!.on('data', (d) => (log += d));
  child.stderr!.on('data', (d) => (log += d));
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${log}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      /* not up yet */
    }
    // three minutes: the demo's seed on a machine whose cores other runs share took more than one
    if (i > 1_800) throw new Error(`server did not start:\n${log}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}

export interface RunningServer {
  url: string;
  dataDir: string;
  /** Texts of the mails in the outbox, oldest first. */
  mails(): string[];
  stop(): Promise<void>;
}

/** The settings whose servers start on a prepared copy (migrated-data-dir.ts): the demo's; others change the schema (METADATA_DIR) or are one file's. */
const PREPARABLE = new Set(['DEMO', 'DEMO_JOURNEYS']);

/**
 * Stratum as `npm start` runs it (built renderer, embedded database) on a fresh data folder and a free port. Without
 * settings, or with the demo's alone, it begins on a copy of the run's folder migrated (and seeded) with those settings
 * (migrated-data-dir.ts); with others on an empty folder, which it migrates itself.
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  await buildRenderer(true);
  const names = Object.keys(env).sort();
  const dataDir = names.every((n) => PREPARABLE.has(n))
    ? await migratedDataDir(names.map((n) => `${n}-${env[n]}`).join('-') || 'plain', async (template) => {
        const migrating = await launch(template, env);
        await migrating.stop();
      })
    : mkdtempSync(join(tmpdir(), 'stratum-e2e-'));
  const { url, stop } = await launch(dataDir, env);
  return {
    url,
    dataDir,
    mails() {
      try {
        const dir = join(dataDir, 'outbox');
        return readdirSync(dir)
          .sort()
          .map((f) => decodeMail(readFileSync(join(dir, f), 'utf8')));
      } catch {
        return [];
      }
    },
    async stop() {
      await stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
