import { describe, expect, it } from 'vitest';
import { wordIn } from '../../engine/i18n/catalogue.ts';
import { titleText } from '../../engine/i18n/title-words.ts';

/**
 * A title worded for its reader (engine/i18n/title-words.ts): the product's words in the reader's language and
 * digits, the company's own words as typed.
 */
describe('titles in the reader’s words', () => {
  const rating = { 'x-ratingTitle': true };
  const period = { 'x-periodTitle': true };

  it('words a rating’s level as its option and its score in the reader’s digits', () => {
    expect(wordIn('en', titleText(rating, 'High (12)'))).toBe('High (12)');
    expect(wordIn('de', titleText(rating, 'High (12)'))).toBe('Hoch (12)');
    expect(wordIn('bn', titleText(rating, 'Low (4)'))).toBe('নিম্ন (৪)');
    // a level the company named itself stays as typed; its score is still the reader's digits
    expect(wordIn('bn', titleText(rating, 'Brenzlig (9)'))).toBe('Brenzlig (৯)');
  });

  it('words a review’s period, the scorecard’s name as typed', () => {
    expect(wordIn('bn', titleText(period, 'Emma FY (Q1)'))).toBe('Emma FY (১ম প্রান্তিক)');
    expect(wordIn('de', titleText(period, 'Emma FY (annual)'))).toBe('Emma FY (jährlich)');
    expect(wordIn('en', titleText(period, 'Emma FY (Q4)'))).toBe('Emma FY (Q4)');
  });

  it('leaves a title of another shape, or of a field without these annotations, as stored', () => {
    expect(wordIn('bn', titleText(rating, 'High'))).toBe('High');
    expect(wordIn('de', titleText(undefined, 'High (12)'))).toBe('High (12)');
    expect(wordIn('bn', titleText({ 'x-optionText': true }, 'High'))).toBe('উচ্চ');
  });
});
