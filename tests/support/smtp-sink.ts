import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface ReceivedMail {
  to: string[];
  subject: string;
  /** multipart/alternative for a mail with text and HTML parts */
  contentType: string;
  parts: { type: string; charset: string | null; text: string }[];
}

export interface SmtpSink {
  /** smtp://127.0.0.1:<port> */
  url: string;
  /** what it has received so far, oldest first */
  received(): ReceivedMail[];
  /** refuse every message with 451 (a mail server that is down for a while) until accept() */
  refuse(): void;
  accept(): void;
  stop(): Promise<void>;
}

/** Why the mail suites cannot run here (no aiosmtpd), or null; under CI a missing tool is a failure, not a skip. */
export function smtpSinkSkipReason(): string | null {
  if (spawnSync('/usr/bin/python3', ['-c', 'import aiosmtpd']).status === 0) return null;
  const msg = 'python3 with aiosmtpd is missing: the mail suites cannot run (apt-get install -y python3-aiosmtpd)';
  if (process.env.CI === 'true') throw new Error(msg);
  console.warn(`\n!!! ${msg}; they are SKIPPED !!!\n`);
  return msg;
}

/** A real SMTP server on loopback (tests/support/smtp-sink.py, aiosmtpd) that keeps every mail it is given. */
export async function startSmtpSink(): Promise<SmtpSink> {
  const dir = mkdtempSync(join(tmpdir(), 'stratum-smtp-'));
  const out = join(dir, 'received.jsonl');
  const child: ChildProcess = spawn('/usr/bin/python3', [join(import.meta.dirname, 'smtp-sink.py'), out], {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let errors = '';
  child.stderr!.on('data', (b: Buffer) => (errors += b.toString()));
  const port = await new Promise<number>((resolve, reject) => {
    let seen = '';
    child.stdout!.on('data', (b: Buffer) => {
      seen += b.toString();
      const m = /ready (\d+)/.exec(seen);
      if (m) resolve(Number(m[1]));
    });
    child.once('exit', (code) => reject(new Error(`the SMTP sink stopped (${code}): ${errors}`)));
  });
  return {
    url: `smtp://127.0.0.1:${port}`,
    received: () =>
      existsSync(out)
        ? readFileSync(out, 'utf8')
            .split('\n')
            .filter(Boolean)
            .map((l) => JSON.parse(l) as ReceivedMail)
        : [],
    refuse: () => writeFileSync(`${out}.refuse`, ''),
    accept: () => rmSync(`${out}.refuse`, { force: true }),
    async stop() {
      child.stdin!.end();
      await new Promise((r) => (child.exitCode === null ? child.once('exit', r) : r(null)));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
