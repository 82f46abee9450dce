/**
 * A record's title as words of the reader's language, where the title holds the product's words rather than only the
 * company's: a label key (`x-i18n`), an option word (`x-optionText`: High), a period the server composed
 * (`x-periodTitle`: "Sales FY (Q1)") or a rating with its score (`x-ratingTitle`: "High (12)"). The company's own words
 * stay as typed. Shared by the engine (a mail's title) and the renderer (a screen's): no Node, no React.
 */
import { optionLabel } from './message-words.ts';
import { text, type Text, type TextParam } from './text.ts';

/** The annotations of a title field that say how its value is worded (metadata/schema/entity.schema.json). */
export interface TitleAnnotations {
  readonly 'x-i18n'?: boolean;
  readonly 'x-optionText'?: boolean;
  readonly 'x-periodTitle'?: boolean;
  readonly 'x-ratingTitle'?: boolean;
  readonly 'x-stateMoveTitle'?: boolean;
}

/** A review's title as the server composes it (engine/hooks/performance/review): its name and its quarter or the year. */
const PERIOD_TITLE = /^(.*) \((?:Q([1-4])|annual)\)$/s;
/** A rating as the server composes it (engine/hooks/risk-management/rating-label.ts): its level and its score. */
const RATING_TITLE = /^(.*) \((-?\d+(?:\.\d+)?)\)$/s;

/** A move between states as the server composes it (engine/hooks/actions-tracker/resolution-status.ts). */
const STATE_MOVE = /^(.+) → (.+)$/s;

/** A period's words: Q1..Q4 by the quarter's name, else the year's word ("annual"). */
const periodWords = (quarter: string | undefined): TextParam =>
  quarter
    ? text(`option.quarter${quarter}`, undefined, `Q${quarter}`)
    : text('review.titleAnnual', undefined, 'annual');

/**
 * A name with one of its quarters (0 to 3), worded as every title with a period is ("FY2026 (Q4)", "FY2026 (৪র্থ
 * প্রান্তিক)"): one wording of a quarter per language, on the screens, the public pages and the mails.
 */
export const withQuarter = (name: string, quarterIndex: number): Text =>
  text('title.withPeriod', { name, period: periodWords(String(quarterIndex + 1)) });

/** The value of a title field as a text worded late, in whoever reads it's language; a value of another shape as stored. */
export function titleText(field: TitleAnnotations | undefined, value: string): TextParam {
  if (field?.['x-i18n']) return text(value, undefined, value);
  if (field?.['x-optionText']) return optionLabel(value);
  if (field?.['x-periodTitle']) {
    const m = PERIOD_TITLE.exec(value);
    if (m) return text('title.withPeriod', { name: m[1], period: periodWords(m[2]) });
  }
  if (field?.['x-stateMoveTitle']) {
    const m = STATE_MOVE.exec(value);
    return m ? text('title.stateMove', { from: optionLabel(m[1]), to: optionLabel(m[2]) }) : optionLabel(value);
  }
  if (field?.['x-ratingTitle']) {
    const m = RATING_TITLE.exec(value);
    // the score is a number so that it is written in the reader's digits
    if (m) return text('title.withScore', { rating: optionLabel(m[1]), score: Number(m[2]) });
  }
  return value;
}
