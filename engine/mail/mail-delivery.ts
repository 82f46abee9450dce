import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../db/db.ts';

export interface MailerOptions {
  /** SMTP when set; otherwise each message becomes an .eml file in outboxDir */
  smtpUrl?: string;
  outboxDir: string;
  from: string;
  /** where each failed delivery is told (the server's log) */
  log: (line: string) => void;
  /** the first retry after this many seconds, doubling with each failure (MAIL_RETRY_SECONDS, 60) */
  retrySeconds?: number;
  /** a message is given up after this many failed deliveries (8: the last try about two hours after the first) */
  maxAttempts?: number;
  /** how often the worker looks for mail that another process queued and retries that are due (MAIL_POLL_SECONDS, 5) */
  pollSeconds?: number;
}

export interface Mailer {
  /** Sends what the outbox holds and is due, now; failures stay in the outbox with their error, to be tried again. */
  deliverPending(): Promise<number>;
  /** Mail was queued: deliver it now rather than at the next look. */
  wake(): void;
  /** Starts the worker's regular look at the outbox; stop() ends it (and waits for a delivery under way). */
  start(): void;
  stop(): Promise<void>;
}

/** How long a worker may hold the messages it took before another process may take them (a crash mid-delivery). */
const CLAIM_MINUTES = 5;
const BATCH = 50;

interface OutboxRow {
  id: number;
  recipient: string;
  subject: string;
  body: string;
  html: string | null;
  attempts: number;
}

/**
 * The mail worker: delivers the outbox as soon as mail is queued (wake) and looks again every few seconds for mail
 * queued elsewhere (another server process, a script, the demo seed) and for retries that are due. A failed delivery
 * is logged and tried again after 1, 2, 4 … × retrySeconds. Several processes may run it over one database: each takes
 * its messages with FOR UPDATE SKIP LOCKED and holds them for CLAIM_MINUTES, so none is sent twice.
 */
export function createMailer(db: Db, options: MailerOptions): Mailer {
  const retrySeconds = options.retrySeconds ?? 60;
  const maxAttempts = options.maxAttempts ?? 8;
  const transport: Transporter = options.smtpUrl
    ? nodemailer.createTransport(options.smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

  const claim = () =>
    db.query<OutboxRow>(
      `UPDATE mail_outbox SET claimed_until = now() + interval '${CLAIM_MINUTES} minutes'
        WHERE id IN (SELECT id FROM mail_outbox WHERE sent_at IS NULL AND attempts < $1 AND next_attempt_at <= now() AND (claimed_until IS NULL OR claimed_until < now())
                      ORDER BY id LIMIT ${BATCH} FOR UPDATE SKIP LOCKED)
        RETURNING id, recipient, subject, body, html, attempts`,
      [maxAttempts],
    );

  const send = async (m: OutboxRow): Promise<void> => {
    try {
      const info = await transport.sendMail({
        from: options.from,
        to: m.recipient,
        subject: m.subject,
        text: m.body,
        ...(m.html ? { html: m.html } : {}),
      });
      if (!options.smtpUrl) {
        mkdirSync(options.outboxDir, { recursive: true });
        writeFileSync(join(options.outboxDir, `${String(m.id).padStart(6, '0')}.eml`), info.message as Buffer);
      }
      await db.query(
        `UPDATE mail_outbox SET sent_at = now(), attempts = attempts + 1, claimed_until = NULL, last_error = NULL WHERE id = $1`,
        [m.id],
      );
    } catch (e) {
      const attempt = Number(m.attempts) + 1;
      const wait = retrySeconds * 2 ** (attempt - 1);
      const error = (e as Error).message;
      await db.query(
        `UPDATE mail_outbox SET attempts = $2, last_error = $3, claimed_until = NULL, next_attempt_at = now() + make_interval(secs => $4) WHERE id = $1`,
        [m.id, attempt, error, wait],
      );
      const next =
        attempt < maxAttempts ? `tried again in ${wait} s` : 'given up (it stays in mail_outbox with its error)';
      options.log(`mail ${m.id} to ${m.recipient} failed, attempt ${attempt} of ${maxAttempts}: ${error}; ${next}`);
    }
  };

  const deliver = async (): Promise<number> => {
    let sent = 0;
    for (;;) {
      const batch = (await claim()).sort((a, b) => Number(a.id) - Number(b.id));
      for (const m of batch) await send(m);
      sent += batch.length;
      if (batch.length < BATCH) return sent;
    }
  };

  let running: Promise<number> = Promise.resolve(0);
  let timer: NodeJS.Timeout | null = null;
  const mailer: Mailer = {
    deliverPending() {
      // one delivery at a time in this process; other processes are kept apart by the claim
      running = running.then(deliver, deliver);
      return running;
    },
    wake() {
      mailer.deliverPending().catch((e: Error) => options.log(`mail delivery failed: ${e.message}`));
    },
    start() {
      if (timer) return;
      timer = setInterval(() => mailer.wake(), (options.pollSeconds ?? 5) * 1000);
      timer.unref();
      mailer.wake();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running.catch(() => 0);
    },
  };
  return mailer;
}
