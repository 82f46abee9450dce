/**
 * The server's wording of `Text`s (engine/i18n/text.ts) with the texts of metadata/i18n, by i18next as the renderer
 * words them (interpolation, plurals by `count`, fallback to English), and the caller's language from the request.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import i18next, { type i18n } from 'i18next';
import { LANGUAGES, type Language } from '../metadata/registry.ts';
import { wordText, type Translate, type TextParam } from './text.ts';
import { numberFormatter } from './localized-numbers.ts';

type Messages = Readonly<Record<string, string>>;
const instances = new WeakMap<object, i18n>();

function instanceFor(messages: Readonly<Record<Language, Messages>>): i18n {
  let inst = instances.get(messages);
  if (!inst) {
    inst = i18next.createInstance().use(numberFormatter);
    void inst.init({
      resources: Object.fromEntries(LANGUAGES.map((l) => [l, { translation: messages[l] ?? {} }])),
      lng: 'en',
      fallbackLng: 'en',
      keySeparator: false,
      nsSeparator: false,
      // every number a text takes in the digits of its language (engine/i18n/localized-numbers.ts)
      interpolation: { escapeValue: false, alwaysFormat: true },
      returnNull: false,
      initAsync: false,
    });
    instances.set(messages, inst);
  }
  return inst;
}

/** The texts the engine words its messages with when no caller is in sight (the English `message` of an AppError); set by the loader. */
let current: Readonly<Record<Language, Messages>> | null = null;
export function useCatalogue(messages: Readonly<Record<Language, Messages>>): void {
  current = messages;
}

/** Before any metadata is loaded (a hook called on its own, in a test): the repository's texts, read once. */
let shipped: Readonly<Record<Language, Messages>> | null = null;
function shippedTexts(): Readonly<Record<Language, Messages>> {
  shipped ??= Object.fromEntries(
    LANGUAGES.map((l) => [
      l,
      JSON.parse(readFileSync(join(import.meta.dirname, '../../metadata/i18n', `${l}.json`), 'utf8')) as Messages,
    ]),
  ) as Record<Language, Messages>;
  return shipped;
}

/** A text in `lang`, with `messages` (a registry's), else with the loaded catalogue. */
export function wordIn(lang: Language, p: TextParam, messages = current ?? shippedTexts()): string {
  const t = instanceFor(messages).getFixedT(lang) as unknown as Translate;
  return wordText(t, p, lang);
}

/**
 * The caller's language from an Accept-Language header ("de", "bn-BD,bn;q=0.9,en;q=0.5"): the first of en, bn, de
 * by preference; English when it names none of them. The renderer sends its current language this way.
 */
export function languageOf(header: string | null | undefined): Language {
  if (!header) return 'en';
  const asked = header
    .split(',')
    .map((part, i) => {
      const [tag, ...opts] = part.trim().split(';');
      const q = opts.map((o) => /^\s*q=([0-9.]+)\s*$/.exec(o)?.[1]).find(Boolean);
      return { lang: tag.trim().toLowerCase().split('-')[0], q: q === undefined ? 1 : Number(q), i };
    })
    .filter((x) => x.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i);
  return (asked.find((x) => (LANGUAGES as readonly string[]).includes(x.lang))?.lang as Language | undefined) ?? 'en';
}
