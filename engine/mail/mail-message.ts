/** A message for the outbox: written in the call's transaction, delivered after it commits. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}
