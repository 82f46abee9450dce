import PDFDocument from 'pdfkit';
import type { Language } from '../metadata/registry.ts';
import { fontRuns, pdfFonts, type FontWeight } from './pdf-fonts.ts';

/** A piece of a line in one weight ("Auditor: " bold, then the name regular). */
export interface Words {
  text: string;
  weight?: FontWeight;
}

export interface TaggedPdf {
  /** a heading (H1, H2, H3) in bold */
  heading(level: 1 | 2 | 3, text: string): void;
  /** a paragraph of words, each piece in its weight; nothing for an empty one */
  paragraph(words: readonly Words[] | string, options?: { size?: number; indent?: number; gapAfter?: number }): void;
  /** "Label: value" as one paragraph; nothing when there is no value */
  labelled(label: string, value: string | null | undefined): void;
  /** the document's bytes, once everything is written */
  end(): Promise<Uint8Array>;
}

const SIZE: Record<1 | 2 | 3, number> = { 1: 18, 2: 13, 3: 11.5 };
const BODY = 10.5;

/**
 * A tagged PDF (PDF/UA-style structure: headings and paragraphs in a Document element, the language set) in Noto
 * Sans, written with the fonts Bengali, German and English need (engine/pdf/pdf-fonts.ts). A block with Bengali
 * carries its words as ActualText as well, because Bengali glyphs are drawn in visual order (a vowel sign before its
 * consonant) and a text extractor or a screen reader would otherwise read them in that order.
 */
export function taggedPdf(options: { lang: Language; title: string; subject: string }): TaggedPdf {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    pdfVersion: '1.7',
    tagged: true,
    lang: options.lang,
    displayTitle: true,
    info: { Title: options.title, Subject: options.subject, Creator: 'Stratum' },
  });
  const fonts = pdfFonts();
  for (const subset of [...fonts.regular, ...fonts.bold]) doc.registerFont(subset.name, subset.data);
  const chunks: Buffer[] = [];
  const done = new Promise<Uint8Array>((resolve, reject) => {
    doc.on('data', (b: Buffer) => chunks.push(b));
    doc.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
    doc.on('error', reject);
  });
  const root = doc.struct('Document');
  doc.addStructure(root);

  const write = (words: readonly Words[], size: number, indent: number) => {
    const runs = words.flatMap((w) => fontRuns(w.text, fonts[w.weight ?? 'regular']));
    // the whole block, not each Bengali run: poppler places an ActualText span's words apart from the glyphs around it
    const visualOrder = runs.some((r) => r.font.name.startsWith('bengali'));
    if (visualOrder) doc.markContent('Span', { actual: runs.map((r) => r.text).join('') });
    runs.forEach((r, i) =>
      doc
        .font(r.font.name)
        .fontSize(size)
        .text(r.text, { continued: i < runs.length - 1, indent: i === 0 ? indent : 0 }),
    );
    if (visualOrder) doc.endMarkedContent();
  };
  const block = (type: string, words: readonly Words[], size: number, before: number, after: number, indent = 0) => {
    if (!words.some((w) => w.text.trim())) return;
    doc.moveDown(before);
    root.add(doc.struct(type, {}, () => write(words, size, indent)));
    doc.moveDown(after);
  };

  return {
    heading(level, text) {
      block(`H${level}`, [{ text, weight: 'bold' }], SIZE[level], level === 1 ? 0 : 0.8, 0.3);
    },
    paragraph(words, o = {}) {
      const pieces = typeof words === 'string' ? [{ text: words.trim() }] : words;
      block('P', pieces, o.size ?? BODY, 0, o.gapAfter ?? 0.4, o.indent ?? 0);
    },
    labelled(label, value) {
      if (value?.trim()) block('P', [{ text: `${label}: `, weight: 'bold' }, { text: value.trim() }], BODY, 0, 0.1);
    },
    end() {
      root.end();
      doc.end();
      return done;
    },
  };
}
