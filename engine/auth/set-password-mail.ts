import type { MailMessage } from '../mail/mail-message.ts';
import { RESET_KEY_HOURS, resetLink } from './reset-keys.ts';

/** The mail that carries a set-password key: to a new company's executive, or after "forgot password". */
export function setPasswordMail(kind: 'welcome' | 'reset', publicUrl: string, email: string, key: string, name: string): MailMessage {
  const link = resetLink(publicUrl, email, key);
  const intro =
    kind === 'welcome'
      ? `Welcome to Stratum, ${name}. Your company's account is ready; set your password to sign in.`
      : `Someone (hopefully you) asked to reset the Stratum password for ${email}. If it was not you, ignore this message.`;
  return {
    to: email,
    subject: kind === 'welcome' ? 'Set your Stratum password' : 'Reset your Stratum password',
    text: `${intro}\n\nOpen this link within ${RESET_KEY_HOURS} hours:\n${link}\n\nYour key: ${key}\n`,
  };
}
