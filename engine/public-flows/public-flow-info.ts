import { text, type TextParam } from '../i18n/text.ts';
import { wordIn } from '../i18n/catalogue.ts';
import type { Language } from '../metadata/registry.ts';

/** One question a respondent answers; ids are what the flow's answers entity keeps in its key field. */
export interface PublicQuestion {
  id: number;
  text: string;
  /** a heading the question sits under (an area, a competency) */
  group?: string;
  type: 'text' | 'rating' | 'choice';
  /** rating and choice: the values offered, with their labels */
  options?: { value: number | string; label: string }[];
  required?: boolean;
  /** the answers entity's field the answer goes in (default: text → answer, rating → rating, choice → choice) */
  field?: string;
}

/**
 * What a flow's info hook gives the respondent's screen: the title, an introduction (texts, worded in the respondent's
 * language on the way out: `wordedInfo`) and the questions.
 */
export interface PublicFlowInfo {
  title: TextParam;
  intro?: TextParam;
  questions: PublicQuestion[];
  /** anything else the flow's screen shows (the reviewed employee, the engagement), passed through as is */
  [extra: string]: unknown;
}

/** Sentences one after the other, each worded on its own ("Rate yourself on each question. Your answers are saved …"). */
export const sentences = (...parts: (TextParam | null | undefined | '')[]): TextParam | undefined =>
  parts
    .filter((p): p is TextParam => p !== null && p !== undefined && p !== '')
    .reduce<TextParam | undefined>((a, b) => (a === undefined ? b : text('publicFlow.sentences', { a, b })), undefined);

/** The info as the respondent reads it: its title and introduction in `lang`. */
export function wordedInfo<I extends PublicFlowInfo>(
  info: I,
  lang: Language,
  messages?: Parameters<typeof wordIn>[2],
): I & { title: string; intro?: string } {
  return {
    ...info,
    title: wordIn(lang, info.title, messages),
    ...(info.intro !== undefined ? { intro: wordIn(lang, info.intro, messages) } : {}),
  };
}
