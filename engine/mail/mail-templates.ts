/**
 * Every mail Stratum sends, one template each: what it says, as i18n keys (metadata/i18n, `mail.*`) and the names of
 * the values filled into them. The text part and the HTML part are both drawn from the template
 * (engine/mail/mail-render.ts), so the two never say different things.
 */
export type MailBlock =
  /** "Hello Nusrat," (or "Hello," when there is no name) */
  | { readonly kind: 'greeting'; readonly key?: string }
  /** a paragraph of the texts (a key that starts with "." is under the message's keyPrefix) */
  | { readonly kind: 'text'; readonly key: string }
  /** what a person wrote (a letter's body), as written, paragraphs and line breaks kept */
  | { readonly kind: 'quote'; readonly value: string }
  /** a link to open: a button in HTML, the address on its own line in text */
  | { readonly kind: 'action'; readonly key: string; readonly href: string }
  /** label: value lines ("Your key: …"); a fact without a value is left out */
  | { readonly kind: 'facts'; readonly facts: readonly { readonly key: string; readonly value: string }[] };

export interface MailTemplate {
  /** the subject's key, unless the message names one (MailMessage.subjectKey) */
  readonly subject: string;
  readonly blocks: readonly MailBlock[];
}

const setPasswordEnd: readonly MailBlock[] = [
  { kind: 'action', key: 'mail.setPassword.action', href: 'link' },
  { kind: 'text', key: 'mail.setPassword.within' },
  { kind: 'facts', facts: [{ key: 'mail.setPassword.key', value: 'key' }] },
];

export const MAIL_TEMPLATES = {
  /** to a new company's executive: values name, email, link, key, hours */
  welcome: {
    subject: 'mail.welcome.subject',
    blocks: [{ kind: 'greeting' }, { kind: 'text', key: 'mail.welcome.intro' }, ...setPasswordEnd],
  },
  /** after "forgot password": values name, email, link, key, hours */
  reset: {
    subject: 'mail.reset.subject',
    blocks: [{ kind: 'greeting' }, { kind: 'text', key: 'mail.reset.intro' }, ...setPasswordEnd],
  },
  /** to an invited employee signing up with a password: values name, email, link, key, hours */
  signUp: {
    subject: 'mail.signUp.subject',
    blocks: [{ kind: 'greeting' }, { kind: 'text', key: 'mail.signUp.intro' }, ...setPasswordEnd],
  },
  /** a reminder metadata declares (subjectKey: its subject): values title, date, link */
  reminder: {
    subject: 'reminder.dueSoon',
    blocks: [
      { kind: 'text', key: 'mail.reminder.intro' },
      { kind: 'action', key: 'mail.reminder.action', href: 'link' },
      { kind: 'text', key: 'mail.reminder.once' },
    ],
  },
  /**
   * a workflow's notice of a transition taken (workflow.json `notify`; the subject may be the notice's own): values
   * title, by, link; worded: entity, action, state
   */
  stateNotice: {
    subject: 'mail.stateNotice.subject',
    blocks: [
      { kind: 'greeting' },
      { kind: 'text', key: 'mail.stateNotice.intro' },
      { kind: 'action', key: 'mail.stateNotice.action', href: 'link' },
    ],
  },
  /** an audit's planning notification letter: values name, subject, body, date, audit, link */
  auditLetter: {
    subject: 'mail.auditLetter.subject',
    blocks: [
      { kind: 'greeting', key: 'mail.auditLetter.greeting' },
      { kind: 'quote', value: 'body' },
      {
        kind: 'facts',
        facts: [
          { key: 'mail.auditLetter.date', value: 'date' },
          { key: 'mail.auditLetter.audit', value: 'audit' },
        ],
      },
      { kind: 'action', key: 'mail.auditLetter.action', href: 'link' },
    ],
  },
  /**
   * a public flow's invitation (audit questionnaire, surveys): its texts are the flow's own, under the prefix its
   * metadata names (`publicFlow.mail`, MailMessage.keyPrefix): values name, title, link, expires
   */
  invitation: {
    subject: '.subject',
    blocks: [
      { kind: 'greeting' },
      { kind: 'text', key: '.body' },
      { kind: 'action', key: '.action', href: 'link' },
      { kind: 'text', key: 'mail.publicFlow.closing' },
    ],
  },
} as const satisfies Record<string, MailTemplate>;

export type MailTemplateName = keyof typeof MAIL_TEMPLATES;

/** The templates a workflow's notice fills: they ask only for what a transition knows (the record, who took it, its state). */
export const NOTICE_TEMPLATES = ['stateNotice'] as const satisfies readonly MailTemplateName[];

/** Every i18n key the templates name, but those under a message's own prefix (the loader checks each is in en.json). */
export function mailTextKeys(): string[] {
  const keys = new Set<string>(['mail.greeting', 'mail.greetingNoName', 'mail.footer', 'mail.openLinkHint']);
  for (const t of Object.values(MAIL_TEMPLATES) as MailTemplate[]) {
    keys.add(t.subject);
    for (const b of t.blocks) {
      if (b.kind === 'text' || b.kind === 'action') keys.add(b.key);
      if (b.kind === 'greeting' && b.key) keys.add(b.key);
      if (b.kind === 'facts') for (const f of b.facts) keys.add(f.key);
    }
  }
  return [...keys].filter((k) => !k.startsWith('.'));
}
