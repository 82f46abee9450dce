import type { TFunction } from 'i18next';
import { wordText, type Translate } from '../../../engine/i18n/text.ts';
import type { DescribeProblem } from './schema-validator.ts';

/**
 * A form's problem in the user's language, worded as the server words the same problem (one catalogue,
 * `validation.<keyword>` in metadata/i18n, and one wording, engine/i18n/text.ts): "Company name is required",
 * "Name must be at most 80 characters long", "Planned date must be a date (day/month/year)".
 */
export const describeProblem =
  (t: TFunction, language = 'en'): DescribeProblem =>
  (problem) =>
    wordText(t as unknown as Translate, problem, language);
