import type { TextParam } from '../i18n/text.ts';
import type { MailTemplateName } from './mail-templates.ts';

/**
 * A message for the outbox: written in the call's transaction, delivered after it commits. It names its template and
 * the values the template's texts ask for; the outbox words it in the recipient's language (engine/mail/outbox.ts).
 */
export interface MailMessage {
  to: string;
  template: MailTemplateName;
  /** the {{placeholders}} of the template's texts; dates already as the app writes them (day/month/year) */
  values: Readonly<Record<string, string>>;
  /** placeholders worded in the recipient's language (an entity, a state, an action by their labels) */
  worded?: Readonly<Record<string, TextParam>>;
  /** the i18n key of the subject when the sender chooses it (a reminder's, declared in metadata) */
  subjectKey?: string;
  /** where the template's keys that start with "." are (a public flow's `mail` prefix: `mail.surveyReview`) */
  keyPrefix?: string;
  /** the company the mail is about: its language is the recipient's when the recipient has chosen none */
  companyId?: number | null;
}
