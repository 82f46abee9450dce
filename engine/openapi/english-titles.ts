import { humanize, kebabToCamel } from '../metadata/naming.ts';
import type { JsonSchema, Messages } from '../metadata/registry.ts';

/** The English words of the document: its titles and summaries, from metadata/i18n/en.json. */
export interface EnglishTexts {
  /** the English text of an i18n key, else the fallback */
  of(key: string | undefined, fallback: string): string;
  /** a command's or transition's name in words: its `action.<name>` text, else the name itself */
  action(name: string): string;
}

export function englishTexts(en: Messages): EnglishTexts {
  return {
    of: (key, fallback) => (key && en[key]) || fallback,
    action: (name) => en[`action.${kebabToCamel(name)}`] ?? humanize(name).replace(/^./, (c) => c.toUpperCase()),
  };
}

/** Keywords whose values are data, not schemas: a title in them is a value like any other. */
const VALUES = new Set(['enum', 'const', 'default', 'examples', 'example']);

/**
 * The document with English titles: every schema `title` that is an i18n key (`field.firstName`) becomes its text
 * ("First name"), the key kept beside it in `x-titleKey` for a client that shows its own language. Returns a copy.
 */
export function withEnglishTitles<T>(node: T, en: Messages): T {
  if (Array.isArray(node)) return node.map((x) => withEnglishTitles(x, en)) as T;
  if (typeof node !== 'object' || node === null) return node;
  const out: JsonSchema = {};
  for (const [k, v] of Object.entries(node)) out[k] = VALUES.has(k) ? v : withEnglishTitles(v, en);
  const title = (node as JsonSchema).title;
  if (typeof title === 'string' && en[title] !== undefined) {
    out.title = en[title];
    out['x-titleKey'] = title;
  }
  return out as T;
}
