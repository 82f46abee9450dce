import { LANGUAGES } from '../metadata/registry.ts';
import { wordIn } from '../i18n/catalogue.ts';
import { text } from '../i18n/text.ts';

/**
 * The period words of a review's title as stored (`x-periodTitle`: "Sales FY (Q1)", "Sales FY (annual)",
 * review-derivation.ts) by how each language names them on screen (renderer/src/meta/record-title.ts: "১ম প্রান্তিক",
 * "jährlich"). A title is stored once, in English; a reader searches it in the words the list shows it in.
 */
function periodWords(): [string, string][] {
  const stored: [string, ReturnType<typeof text>][] = [
    ...[1, 2, 3, 4].map((n): [string, ReturnType<typeof text>] => [`Q${n}`, text(`option.quarter${n}`)]),
    ['annual', text('review.titleAnnual')],
  ];
  const pairs = stored.flatMap(([word, shown]) =>
    LANGUAGES.map((lang): [string, string] => [wordIn(lang, shown), word]).filter(
      ([on]) => on.trim() !== '' && on !== word,
    ),
  );
  // the longest first: a name that holds another (none do today) is replaced whole
  return pairs.sort((a, b) => b[0].length - a[0].length);
}

/**
 * The search as the stored titles word it: each period word of any language replaced by the stored one ("Sales
 * (১ম প্রান্তিক)" → "Sales (Q1)"); null when the search holds none, so that only one pattern is matched then.
 */
export function storedPeriodSearch(q: string): string | null {
  let out = q;
  const lower = (s: string) => s.toLocaleLowerCase();
  for (const [shown, word] of periodWords()) {
    const at = lower(out).indexOf(lower(shown));
    if (at >= 0) out = out.slice(0, at) + word + out.slice(at + shown.length);
  }
  return out === q ? null : out;
}
