import type { MailMessage } from '../mail/mail-message.ts';
import { RESET_KEY_HOURS, resetLink } from './reset-keys.ts';

/** The mail that carries a set-password key: to a new company's executive, or after "forgot password". */
export function setPasswordMail(kind: 'welcome' | 'reset' | 'signUp', publicUrl: string, email: string, key: string, name: string): MailMessage {
  const link = resetLink(publicUrl, email, key, kind === 'signUp' ? 'signUp' : 'reset-password');
  const intro = {
    welcome: `Welcome to Stratum, ${name}. Your company's account is ready; set your password to sign in.`,
    reset: `Someone (hopefully you) asked to reset the Stratum password for ${email}. If it was not you, ignore this message.`,
    signUp: `Welcome to Stratum, ${name}. Your company has invited ${email}; choose your password to finish signing up. If it was not you who asked, ignore this message.`,
  }[kind];
  return {
    to: email,
    subject: { welcome: 'Set your Stratum password', reset: 'Reset your Stratum password', signUp: 'Finish signing up to Stratum' }[kind],
    text: `${intro}\n\nOpen this link within ${RESET_KEY_HOURS} hours:\n${link}\n\nYour key: ${key}\n`,
  };
}
