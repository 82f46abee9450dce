import sanitizeHtml from 'sanitize-html';
import type { Row } from '../db/db.ts';
import type { EntityDef } from '../metadata/registry.ts';

/**
 * What a note may keep of the HTML a rich-text editor writes: text formatting, lists, tables, headings and links
 * (http, https and mailto only). Scripts, styles, event handlers, frames and everything else are dropped.
 */
const ALLOWED: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'b',
    'strong',
    'i',
    'em',
    'u',
    's',
    'sub',
    'sup',
    'ul',
    'ol',
    'li',
    'blockquote',
    'code',
    'pre',
    'h1',
    'h2',
    'h3',
    'h4',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'a',
    'span',
    'div',
    'hr',
  ],
  allowedAttributes: { a: ['href', 'title', 'target', 'rel'], th: ['colspan', 'rowspan'], td: ['colspan', 'rowspan'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }) },
};

export const sanitiseHtml = (html: string): string => sanitizeHtml(html, ALLOWED);

/** The values with every x-html field's text sanitised, so that no stored note can carry a script back to a reader. */
export function sanitiseHtmlFields(entity: EntityDef, values: Row): Row {
  let out = values;
  for (const f of entity.fields) {
    const v = values[f.name];
    if (f.html && typeof v === 'string') {
      if (out === values) out = { ...values };
      out[f.name] = sanitiseHtml(v);
    }
  }
  return out;
}
