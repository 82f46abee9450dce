import type { MailMessage } from '../mail/mail-message.ts';
import { RESET_KEY_HOURS, resetLink } from './reset-keys.ts';

/** The mail that carries a set-password key: to a new company's executive, after "forgot password", or to sign up. */
export function setPasswordMail(
  kind: 'welcome' | 'reset' | 'signUp',
  publicUrl: string,
  email: string,
  key: string,
  name: string,
): MailMessage {
  const link = resetLink(publicUrl, email, key, kind === 'signUp' ? 'signUp' : 'reset-password');
  return { to: email, template: kind, values: { name, email, link, key, hours: String(RESET_KEY_HOURS) } };
}
