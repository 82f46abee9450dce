import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

/** One server under test, in its own process, on a loopback port. */
export interface ServerProcess {
  label: string;
  url: string;
  pid: number;
  /** milliseconds from spawning the process to the first 200 from /healthz */
  startupMs: number;
  /** resident memory now, in MiB (Linux) */
  rssMiB(): number | null;
  stop(): Promise<void>;
}

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Every server this process started and has not stopped, so that a failed or interrupted bench leaves none behind. */
const running = new Set<ServerProcess>();

export async function stopAllServers(): Promise<void> {
  await Promise.all([...running].map((s) => s.stop()));
}

export interface StartOptions {
  /** more Node options before the entry (BENCH_PROFILE: --cpu-prof) */
  nodeArgs?: string[];
  /** a whole command instead of Node with the entry (`npm start`): run in a process group of its own, stopped as a group */
  command?: string[];
}

/**
 * Starts `node --import tsx <entry>` (or options.command) with env and waits for /healthz. Its output goes to a log
 * file, shown when it fails to start. The clock starts before spawn, so start-up includes Node, the TypeScript loader
 * (npm too, for a command) and all of boot.
 */
export async function startServer(
  label: string,
  entry: string,
  env: Record<string, string>,
  logDir: string,
  options: StartOptions = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const logFile = join(logDir, `${label.replace(/[^a-z0-9]+/gi, '-')}-${port}.log`);
  const log = createWriteStream(logFile);
  const started = performance.now();
  const [file, ...args] = options.command ?? [process.execPath, ...(options.nodeArgs ?? []), '--import', 'tsx', entry];
  const group = !!options.command;
  const child: ChildProcess = spawn(file, args, {
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: group,
  });
  // npm and its shell do not all pass a signal on: a command's whole group is signalled
  const signal = (sig: NodeJS.Signals) => {
    try {
      if (group) process.kill(-child.pid!, sig);
      else child.kill(sig);
    } catch {
      // gone already
    }
  };
  // both streams into one file, which ends with the process (stdout may close first, stderr still writing: a profile's note)
  child.stdout!.pipe(log, { end: false });
  child.stderr!.pipe(log, { end: false });
  child.once('close', () => log.end());
  let exited: number | null = null;
  child.on('exit', (code) => (exited = code ?? -1));
  for (;;) {
    if (exited !== null)
      throw new Error(
        `${label} exited (${exited}) before it was ready:\n${readFileSync(logFile, 'utf8').slice(-3000)}`,
      );
    try {
      const r = await fetch(`${url}/healthz`);
      if (r.status === 200) break;
    } catch {
      // not listening yet
    }
    if (performance.now() - started > 180_000) {
      signal('SIGKILL');
      throw new Error(`${label} was not ready after 180 s:\n${readFileSync(logFile, 'utf8').slice(-3000)}`);
    }
    await sleep(10);
  }
  const startupMs = performance.now() - started;
  const server: ServerProcess = {
    label,
    url,
    pid: child.pid!,
    startupMs,
    rssMiB() {
      try {
        const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'));
        return m ? Number(m[1]) / 1024 : null;
      } catch {
        return null;
      }
    },
    async stop() {
      running.delete(server);
      if (exited !== null) return;
      const gone = new Promise<void>((r) => child.once('exit', () => r()));
      signal('SIGTERM');
      const timer = setTimeout(() => signal('SIGKILL'), 10_000);
      await gone;
      clearTimeout(timer);
    },
  };
  running.add(server);
  return server;
}
