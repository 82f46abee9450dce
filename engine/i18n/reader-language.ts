import type { Db } from '../db/db.ts';
import { LANGUAGES, type Language } from '../metadata/registry.ts';

const known = (v: unknown): Language | null => (LANGUAGES.includes(v as Language) ? (v as Language) : null);

/**
 * The language each person reads Stratum in, by e-mail: the one they chose (their account's, set by the renderer's
 * language switch), else their company's (`company.language`), else the language of `companyId` (the company the mail
 * or document is about: an outside respondent has no account), else English. Read in the caller's transaction.
 */
export async function readerLanguages(
  tx: Db,
  emails: readonly string[],
  companyId: number | null,
): Promise<Map<string, Language>> {
  const wanted = [...new Set(emails.map((e) => e.trim().toLowerCase()))];
  const rows = wanted.length
    ? await tx.query<{ email: string; chosen: string | null; company: string | null }>(
        `SELECT lower(a.email) AS email, a.language AS chosen, c.language AS company FROM account a LEFT JOIN company c ON c.id = a.company_id WHERE lower(a.email) = ANY($1::text[])`,
        [wanted],
      )
    : [];
  let fallback: Language = 'en';
  if (companyId !== null && rows.length < wanted.length) {
    const [c] = await tx.query<{ language: string | null }>(`SELECT language FROM company WHERE id = $1`, [companyId]);
    fallback = known(c?.language) ?? 'en';
  }
  const byEmail = new Map(rows.map((r) => [r.email, known(r.chosen) ?? known(r.company) ?? fallback]));
  return new Map(wanted.map((e) => [e, byEmail.get(e) ?? fallback]));
}

/** One person's language (see readerLanguages). */
export async function readerLanguage(tx: Db, email: string, companyId: number | null): Promise<Language> {
  return (await readerLanguages(tx, [email], companyId)).get(email.trim().toLowerCase())!;
}

/** Remembers the language a person chose in the renderer; null forgets it (the company's applies again). */
export async function chooseLanguage(db: Db, accountId: number, language: Language | null): Promise<void> {
  await db.query(`UPDATE account SET language = $1 WHERE id = $2`, [language, accountId]);
}
