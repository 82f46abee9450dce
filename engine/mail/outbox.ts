import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../db/db.ts';
import type { MailMessage } from './mail-message.ts';

/** Puts messages in the outbox table inside the caller's transaction, so that mail leaves only for work that committed. */
export async function enqueueMail(tx: Db, messages: readonly MailMessage[]): Promise<void> {
  for (const m of messages) await tx.query(`INSERT INTO mail_outbox (recipient, subject, body) VALUES ($1, $2, $3)`, [m.to, m.subject, m.text]);
}

export interface Mailer {
  /** Sends what the outbox holds; failures stay in the outbox with their error, to be tried again. */
  deliverPending(): Promise<number>;
}

/** SMTP when SMTP_URL is set; otherwise each message becomes an .eml file under DATA_DIR/outbox. */
export function createMailer(db: Db, options: { smtpUrl?: string; outboxDir: string; from: string }): Mailer {
  const transport: Transporter = options.smtpUrl
    ? nodemailer.createTransport(options.smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  let running: Promise<number> | null = null;
  const deliver = async (): Promise<number> => {
    const pending = await db.query<{ id: number; recipient: string; subject: string; body: string }>(
      `SELECT id, recipient, subject, body FROM mail_outbox WHERE sent_at IS NULL AND attempts < 5 ORDER BY id LIMIT 100`,
    );
    for (const m of pending) {
      try {
        const info = await transport.sendMail({ from: options.from, to: m.recipient, subject: m.subject, text: m.body });
        if (!options.smtpUrl) {
          mkdirSync(options.outboxDir, { recursive: true });
          writeFileSync(join(options.outboxDir, `${String(m.id).padStart(6, '0')}.eml`), info.message as Buffer);
        }
        await db.query(`UPDATE mail_outbox SET sent_at = now(), attempts = attempts + 1 WHERE id = $1`, [m.id]);
      } catch (e) {
        await db.query(`UPDATE mail_outbox SET attempts = attempts + 1, last_error = $2 WHERE id = $1`, [m.id, (e as Error).message]);
      }
    }
    return pending.length;
  };
  return {
    deliverPending() {
      // One delivery at a time, so that two calls never send a message twice.
      running = (running ?? Promise.resolve(0)).then(deliver, deliver);
      return running;
    },
  };
}
