import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * The fonts Stratum's PDFs embed: Noto Sans Bengali from the npm package @fontsource/noto-sans-bengali (SIL Open Font
 * License 1.1), whose Latin and Latin Extended subsets are Noto Sans's Latin letters on the same vertical metrics as
 * its Bengali ones, so that English, German and Bengali share one baseline in a line. pdfkit embeds only the glyphs a
 * document uses. WOFF, not WOFF2: fontkit's subsetter fails on some WOFF2 composite glyphs.
 */
export type FontWeight = 'regular' | 'bold';
export interface FontSubset {
  /** the name the document registers it under (`bengali-bold`) */
  readonly name: string;
  readonly data: Buffer;
  /** the code points it draws, as the package's unicode.json says */
  readonly ranges: readonly (readonly [number, number])[];
}

const PACKAGE = '@fontsource/noto-sans-bengali';
/** Tried in this order for a character: the script first, then Latin, then the rest of Latin. */
const SUBSETS = ['bengali', 'latin', 'latin-ext'] as const;
const WEIGHTS: Record<FontWeight, number> = { regular: 400, bold: 700 };

/** "U+0980-09FE,U+200C" → [[0x980, 0x9fe], [0x200c, 0x200c]] */
function parseRanges(unicodeRange: string): [number, number][] {
  return unicodeRange.split(',').map((r) => {
    const [from, to] = r.trim().replace(/^U\+/i, '').split('-');
    return [parseInt(from, 16), parseInt(to ?? from, 16)];
  });
}

let loaded: Record<FontWeight, FontSubset[]> | null = null;

/** The subsets of each weight, read once per process. */
export function pdfFonts(): Record<FontWeight, FontSubset[]> {
  if (loaded) return loaded;
  const dir = dirname(createRequire(import.meta.url).resolve(`${PACKAGE}/package.json`));
  const unicode = JSON.parse(readFileSync(join(dir, 'unicode.json'), 'utf8')) as Record<string, string>;
  const subsets = (weight: FontWeight): FontSubset[] =>
    SUBSETS.map((s) => ({
      name: `${s}-${weight}`,
      data: readFileSync(join(dir, 'files', `noto-sans-bengali-${s}-${WEIGHTS[weight]}-normal.woff`)),
      ranges: parseRanges(unicode[s]),
    }));
  loaded = { regular: subsets('regular'), bold: subsets('bold') };
  return loaded;
}

const draws = (f: FontSubset, cp: number) => f.ranges.some(([a, b]) => cp >= a && cp <= b);

export interface TextRun {
  text: string;
  font: FontSubset;
}

/**
 * A text cut into runs that one font subset each draws: a character goes with the run before it when that font draws
 * it (spaces and marks stay inside a Bengali phrase), else with the first subset that draws it (the Latin one when
 * none does, which shows a missing glyph as a box).
 */
export function fontRuns(text: string, subsets: readonly FontSubset[]): TextRun[] {
  const runs: TextRun[] = [];
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    const last = runs[runs.length - 1];
    if (last && (draws(last.font, cp) || /\s/.test(ch))) {
      last.text += ch;
      continue;
    }
    const font = subsets.find((f) => draws(f, cp)) ?? subsets.find((f) => f.name.startsWith('latin-'))!;
    if (last?.font === font) last.text += ch;
    else runs.push({ text: ch, font });
  }
  return runs;
}
