/**
 * Messages as data, worded late: a `Text` names an i18n key (metadata/i18n) and its placeholders, so that the engine
 * can say what is wrong without knowing the caller's language, and the envelope (server) or the form (renderer) puts
 * it into words in the language of the person reading it. Shared by the engine and the renderer: no Node, no React.
 */
import { optionKey } from '../metadata/option-key.ts';
import { dayIn, inlineNumber } from './localized-numbers.ts';

export interface Text {
  /** an i18n key, or keys tried in turn (the first one the catalogue has is used) */
  readonly key: string | readonly string[];
  readonly params?: Readonly<Record<string, TextParam>>;
  /** the words when the catalogue has none of the keys (a field name made readable) */
  readonly fallback?: string;
}
/** Several words joined as the language joins a list ("annual plan, list and employee"; "Draft or Approved"). */
export interface TextList {
  readonly list: readonly TextParam[];
  /** "and", "or", or a series of values apart by commas (a rating scale: 1, 2, 3, 4, 5) */
  readonly join: 'and' | 'or' | 'series';
  /** the words stand inside a sentence: English writes a label's first letter small there ("annual plan"); nouns keep theirs in German */
  readonly midSentence?: boolean;
}
export type TextParam = string | number | Text | TextList;

/** What puts a key into words: i18next's `t` (server and renderer alike). */
export type Translate = (key: string | string[], options?: Record<string, unknown>) => string;

export const text = (key: string | readonly string[], params?: Record<string, TextParam>, fallback?: string): Text => ({
  key,
  ...(params ? { params } : {}),
  ...(fallback !== undefined ? { fallback } : {}),
});

const isText = (p: TextParam): p is Text => typeof p === 'object' && 'key' in p;

/** Languages that write a label's first letter small inside a sentence. */
const LOWER_INSIDE_SENTENCE = new Set(['en']);
/** Lists are joined as these locales do (British English: no comma before "and"). */
const LIST_LOCALE: Record<string, string> = { en: 'en-GB' };

function insideSentence(words: string, lang: string): string {
  // "Annual plan" -> "annual plan"; an abbreviation keeps its capitals ("QA list")
  return LOWER_INSIDE_SENTENCE.has(lang) && /^\p{Lu}\p{Ll}/u.test(words)
    ? words[0].toLowerCase() + words.slice(1)
    : words;
}

function joinList(words: string[], join: 'and' | 'or' | 'series', lang: string): string {
  if (join === 'series') return words.join(', ');
  try {
    return new Intl.ListFormat(LIST_LOCALE[lang] ?? lang, {
      type: join === 'and' ? 'conjunction' : 'disjunction',
    }).format(words);
  } catch {
    return words.join(', ');
  }
}

/** A text in words of `lang`, by `t` (the catalogue of that language). */
export function wordText(t: Translate, p: TextParam, lang: string): string {
  // a day (31/03/2026) and a number in the language's digits (Bengali ones in bn)
  if (typeof p === 'string') return dayIn(p, lang);
  if (typeof p === 'number') return inlineNumber(p, lang);
  if (!isText(p)) {
    const words = p.list.map((x) => wordText(t, x, lang)).map((w) => (p.midSentence ? insideSentence(w, lang) : w));
    return joinList(words, p.join, lang);
  }
  const options: Record<string, unknown> = {};
  // numbers stay numbers: `count` chooses the plural form
  for (const [k, v] of Object.entries(p.params ?? {})) options[k] = typeof v === 'number' ? v : wordText(t, v, lang);
  if (p.fallback !== undefined) options.defaultValue = p.fallback;
  return t(typeof p.key === 'string' ? p.key : [...p.key], options);
}

/** A field name as words when no text names it: "selfScore" -> "Self score", "annualPlanId" -> "Annual plan". */
export function readableName(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[-_]+/g, ' ')
    .replace(/ Id$/, '')
    .toLowerCase()
    .trim();
  return words ? words[0].toUpperCase() + words.slice(1) : name;
}

/** The label of a field that no schema titles: its `field.<name>` text, else its name made readable. */
export const fieldLabel = (name: string): Text => text(`field.${name}`, undefined, readableName(name));

/** The i18n key of a JSON Schema problem, with what the schema asked for. */
export interface Problem {
  keyword: string;
  /** the schema's value for the keyword: limit, format, allowedValues, type */
  params: Record<string, unknown>;
}

const WORDED_FORMATS: Record<string, string> = { date: 'date', 'date-time': 'dateTime', email: 'email', uri: 'uri' };

/**
 * A failed JSON Schema check as a sentence about the field, one wording for the server and the forms:
 * "Company name is required", "Self score must be at least 0", "Planned date must be a date (day/month/year)".
 * `required`: the field must be given (an empty required text then reads "is required").
 */
export function problemText({ keyword, params }: Problem, field: TextParam, required = false): Text {
  switch (keyword) {
    case 'required':
      return text('validation.required', { field });
    case 'minLength':
      if (params.limit === 1) return text(required ? 'validation.required' : 'validation.notEmpty', { field });
      return text('validation.minLength', { field, count: params.limit as number });
    case 'maxLength':
    case 'minItems':
    case 'maxItems':
      return text(`validation.${keyword}`, { field, count: params.limit as number });
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return text(`validation.${keyword}`, { field, limit: params.limit as number });
    case 'type': {
      const asked = (Array.isArray(params.type) ? params.type.map(String) : String(params.type).split(',')).find(
        (x) => x !== 'null',
      );
      return text(
        `validation.type.${asked && ['integer', 'number', 'string', 'boolean', 'array'].includes(asked) ? asked : 'other'}`,
        { field },
      );
    }
    case 'enum': {
      const values = ((params.allowedValues as unknown[] | undefined) ?? []).filter(
        (v): v is string | number => typeof v === 'string' || typeof v === 'number',
      );
      return text('validation.enum', {
        field,
        values: { list: values.map((v) => text(optionKey(v), undefined, String(v))), join: 'or' },
      });
    }
    case 'format': {
      const format = String(params.format);
      return WORDED_FORMATS[format]
        ? text(`validation.format.${WORDED_FORMATS[format]}`, { field })
        : text('validation.format', { field, format });
    }
    case 'pattern':
    case 'uniqueItems':
    case 'additionalProperties':
      return text(`validation.${keyword}`, { field });
    default:
      return text('validation.invalid', { field });
  }
}

const isIndex = (s: string) => /^\d+$/.test(s);

/** An entry of a list by its position as a person counts: "Score 2" (`field.scores.item`), else "Entry 2 of Scores". */
export const itemText = (list: string, index: number, listLabel: TextParam): Text =>
  text([`field.${list}.item`, 'validation.entry'], { position: index + 1, list: listLabel });

/**
 * The message about the value at `path` (a JSON path split at its dots: ['scores', '1', 'selfScore']), the field
 * named by `labelOf` and each list entry on the way by its position: "Score 2: Self score must be at least 0".
 * `say` makes the message from the field's label.
 */
export function atPath(
  path: readonly string[],
  labelOf: (name: string, parents: readonly string[]) => TextParam,
  say: (field: TextParam) => Text,
): Text {
  const leaf = path.length - 1;
  const labelAt = (i: number): TextParam =>
    isIndex(path[i]) && i > 0
      ? itemText(path[i - 1], Number(path[i]), labelAt(i - 1))
      : labelOf(path[i], path.slice(0, i));
  let message = say(leaf >= 0 ? labelAt(leaf) : '');
  // the entries the value lies in, innermost first (the leaf, when it is an entry itself, is the field)
  for (let i = leaf - 1; i > 0; i--)
    if (isIndex(path[i])) message = text('validation.inItem', { item: labelAt(i), message });
  return message;
}
