/**
 * Numbers and days inside worded texts, in the digits of the text's language: "৩টি সারি", "৩০/১১/২০২৬" in Bengali.
 * One i18next formatter for the server's wording and the renderer's, so that a count or a day reads the same in a
 * message, a mail and on a screen. Shared by the engine and the renderer: no Node, no React.
 */
import type { FormatterModule } from 'i18next';

/**
 * A number inside a sentence, ungrouped (an id, a year: "999999", "2026"); a figure the text formats as a number
 * (`{{total, number}}`) grouped from five digits on ("12,345").
 */
export const inlineNumber = (n: number, lang: string, grouped = false): string =>
  new Intl.NumberFormat(lang, {
    useGrouping: grouped ? 'min2' : false,
    maximumFractionDigits: 4,
  } as unknown as Intl.NumberFormatOptions).format(n);

/** A day as the app writes it (31/03/2026), recognised in a text's placeholder. */
const DAY = /^\d{2}\/\d{2}\/\d{4}$/;

/** Latin digits written in `lang`'s own ("২০২৬" in Bengali; unchanged in English and German). */
export const digitsIn = (s: string, lang: string): string => {
  const nf = new Intl.NumberFormat(lang, { useGrouping: false });
  return s.replace(/\d/g, (d) => nf.format(Number(d)));
};

/**
 * A day placeholder's value as `lang` writes a day, day first, as the screens do (renderer/src/format/formats.ts):
 * 31/03/2026 in English, 31.03.2026 in German, ৩১/০৩/২০২৬ in Bengali; any other text as it is.
 */
export function dayIn(s: string, lang: string): string {
  if (!DAY.test(s)) return s;
  const [d, m, y] = s.split('/').map(Number);
  return new Intl.DateTimeFormat(lang === 'en' ? 'en-GB' : lang, {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(y, m - 1, d)));
}

/**
 * i18next's formatter (with `interpolation.alwaysFormat`): every number a text takes (`{{count}}`, `{{total, number}}`,
 * the only format the texts name) in the digits of the language it is worded in; other values as they are.
 */
export const numberFormatter: FormatterModule = {
  type: 'formatter',
  init: () => undefined,
  add: () => undefined,
  addCached: () => undefined,
  // i18next hands back what this returns as it is: a non-number stays the value it was (typed string only by i18next)
  format: (value, format, lng) =>
    typeof value === 'number' && Number.isFinite(value) ? inlineNumber(value, lng ?? 'en', format === 'number') : value,
};
