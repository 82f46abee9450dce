import type { Db } from '../db/db.ts';
import { readerLanguages } from '../i18n/reader-language.ts';
import type { Language, Messages } from '../metadata/registry.ts';
import type { MailMessage } from './mail-message.ts';
import { renderMail } from './mail-render.ts';

/**
 * Puts messages in the outbox table inside the caller's transaction, so that mail leaves only for work that
 * committed. Each is worded here, once, in its recipient's language (engine/i18n/reader-language.ts): the outbox holds
 * the finished subject, text and HTML, and a later change of texts or language never changes a queued mail.
 */
export async function enqueueMail(
  tx: Db,
  texts: Readonly<Record<Language, Messages>>,
  messages: readonly MailMessage[],
  companyId: number | null = null,
): Promise<void> {
  if (!messages.length) return;
  const byCompany = new Map<number | null, MailMessage[]>();
  for (const m of messages) {
    const company = m.companyId === undefined ? companyId : m.companyId;
    byCompany.set(company, [...(byCompany.get(company) ?? []), m]);
  }
  const rows: { to: string; subject: string; text: string; html: string; lang: Language }[] = [];
  for (const [company, list] of byCompany) {
    const languages = await readerLanguages(
      tx,
      list.map((m) => m.to),
      company,
    );
    for (const m of list) {
      const lang = languages.get(m.to.trim().toLowerCase()) ?? 'en';
      rows.push({ to: m.to, lang, ...(await renderMail(m, lang, texts)) });
    }
  }
  await tx.query(
    `INSERT INTO mail_outbox (recipient, subject, body, html, language) SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[])`,
    [
      rows.map((r) => r.to),
      rows.map((r) => r.subject),
      rows.map((r) => r.text),
      rows.map((r) => r.html),
      rows.map((r) => r.lang),
    ],
  );
}
