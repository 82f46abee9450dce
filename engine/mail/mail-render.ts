import { createElement as h, type CSSProperties, type ReactNode } from 'react';
import { wordIn } from '../i18n/catalogue.ts';
import { text } from '../i18n/text.ts';
import type { Language, Messages } from '../metadata/registry.ts';
import type { MailMessage } from './mail-message.ts';
import { MAIL_TEMPLATES, type MailBlock, type MailTemplate } from './mail-templates.ts';

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/** A block in words: what both parts show, the HTML part and the text part each in its own form. */
type Worded =
  | { kind: 'paragraph'; words: string }
  | { kind: 'quote'; words: string }
  | { kind: 'action'; label: string; href: string }
  | { kind: 'facts'; facts: { label: string; value: string }[] };

const colour = { text: '#1f2430', muted: '#5b6170', accent: '#5b3fd1', line: '#e3e1ec', surface: '#f6f5fb' };
const styles: Record<string, CSSProperties> = {
  body: {
    margin: 0,
    padding: '24px 0',
    background: colour.surface,
    color: colour.text,
    fontFamily: "'Noto Sans', 'Noto Sans Bengali', 'Segoe UI', Arial, sans-serif",
    fontSize: '15px',
    lineHeight: 1.55,
  },
  card: {
    maxWidth: '560px',
    margin: '0 auto',
    background: '#ffffff',
    border: `1px solid ${colour.line}`,
    borderRadius: '8px',
    padding: '28px 32px',
  },
  brand: { margin: '0 0 20px', fontSize: '18px', fontWeight: 700, color: colour.accent },
  paragraph: { margin: '0 0 16px' },
  quote: {
    margin: '0 0 16px',
    padding: '4px 0 4px 14px',
    borderLeft: `3px solid ${colour.line}`,
    whiteSpace: 'pre-wrap',
  },
  button: {
    display: 'inline-block',
    padding: '10px 18px',
    background: colour.accent,
    color: '#ffffff',
    borderRadius: '6px',
    textDecoration: 'none',
    fontWeight: 600,
  },
  hint: { margin: '0 0 16px', fontSize: '13px', color: colour.muted, wordBreak: 'break-all' },
  facts: { margin: '0 0 16px', borderCollapse: 'collapse' },
  factLabel: { padding: '2px 12px 2px 0', color: colour.muted, verticalAlign: 'top' },
  factValue: { padding: '2px 0', fontFamily: "'Noto Sans Mono', Consolas, monospace", wordBreak: 'break-all' },
  footer: {
    margin: '24px 0 0',
    paddingTop: '12px',
    borderTop: `1px solid ${colour.line}`,
    fontSize: '12px',
    color: colour.muted,
  },
};

function wordBlocks(
  template: MailTemplate,
  message: MailMessage,
  say: (key: string, values?: Record<string, string>) => string,
): Worded[] {
  const values = message.values;
  const out: Worded[] = [];
  for (const b of template.blocks as readonly MailBlock[]) {
    if (b.kind === 'greeting')
      out.push({
        kind: 'paragraph',
        words: values.name?.trim()
          ? say(b.key ?? 'mail.greeting', { ...values, name: values.name.trim() })
          : say('mail.greetingNoName'),
      });
    else if (b.kind === 'text') out.push({ kind: 'paragraph', words: say(b.key) });
    else if (b.kind === 'quote') {
      if (values[b.value]?.trim()) out.push({ kind: 'quote', words: values[b.value].trim() });
    } else if (b.kind === 'action') out.push({ kind: 'action', label: say(b.key), href: values[b.href] ?? '' });
    else {
      const facts = b.facts.filter((f) => values[f.value]).map((f) => ({ label: say(f.key), value: values[f.value] }));
      if (facts.length) out.push({ kind: 'facts', facts });
    }
  }
  return out;
}

/** The text part: paragraphs apart, a link on a line of its own (mail programs make it clickable and never cut it). */
function textPart(blocks: readonly Worded[], footer: string): string {
  const parts = blocks.map((b) => {
    if (b.kind === 'paragraph' || b.kind === 'quote') return b.words;
    if (b.kind === 'action') return `${b.label}:\n${b.href}`;
    return b.facts.map((f) => `${f.label}: ${f.value}`).join('\n');
  });
  return `${[...parts, `-- \n${footer}`].join('\n\n')}\n`;
}

/** The HTML part: the same blocks as the text part, escaped by React, styled inline as mail programs want. */
async function htmlPart(
  blocks: readonly Worded[],
  lang: Language,
  subject: string,
  footer: string,
  hint: string,
): Promise<string> {
  // loaded with the first mail, not at start (react-dom/server takes a while to load)
  const { renderToStaticMarkup } = await import('react-dom/server');
  const node = (b: Worded, i: number): ReactNode => {
    if (b.kind === 'paragraph') return h('p', { key: i, style: styles.paragraph }, b.words);
    if (b.kind === 'quote') return h('div', { key: i, style: styles.quote }, b.words);
    if (b.kind === 'action')
      return h(
        'div',
        { key: i },
        h('p', { style: styles.paragraph }, h('a', { href: b.href, style: styles.button }, b.label)),
        h('p', { style: styles.hint }, `${hint} `, h('a', { href: b.href, style: { color: colour.accent } }, b.href)),
      );
    return h(
      'table',
      { key: i, role: 'presentation', style: styles.facts },
      h(
        'tbody',
        null,
        b.facts.map((f, j) =>
          h(
            'tr',
            { key: j },
            h('td', { style: styles.factLabel }, `${f.label}:`),
            h('td', { style: styles.factValue }, f.value),
          ),
        ),
      ),
    );
  };
  const page = h(
    'html',
    { lang },
    h(
      'head',
      null,
      h('meta', { charSet: 'utf-8' }),
      h('meta', { name: 'viewport', content: 'width=device-width, initial-scale=1' }),
      h('title', null, subject),
    ),
    h(
      'body',
      { style: styles.body },
      h(
        'div',
        { style: styles.card },
        h('p', { style: styles.brand }, 'Stratum'),
        blocks.map(node),
        h('p', { style: styles.footer }, footer),
      ),
    ),
  );
  return `<!DOCTYPE html>${renderToStaticMarkup(page)}`;
}

/**
 * A message in words of `lang`: its subject, its text part and its HTML part, from its one template and the i18n
 * texts (i18next, English where a text lacks the language). Values are text: the HTML part escapes them.
 */
export async function renderMail(
  message: MailMessage,
  lang: Language,
  messages: Readonly<Record<Language, Messages>>,
): Promise<RenderedMail> {
  const template: MailTemplate = MAIL_TEMPLATES[message.template];
  const resolve = (key: string) => (key.startsWith('.') ? `${message.keyPrefix ?? ''}${key}` : key);
  const subject = wordIn(
    lang,
    text(resolve(message.subjectKey ?? template.subject), { ...message.values, ...message.worded }),
    messages,
  );
  const say = (key: string, values: Record<string, string> = {}) =>
    wordIn(lang, text(resolve(key), { ...message.values, ...message.worded, subject, ...values }), messages);
  const blocks = wordBlocks(template, message, say);
  const footer = say('mail.footer');
  return {
    subject,
    text: textPart(blocks, footer),
    html: await htmlPart(blocks, lang, subject, footer, say('mail.openLinkHint')),
  };
}
