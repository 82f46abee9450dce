import type { TFunction } from 'i18next';
import { optionLabel } from '../meta/labels.ts';
import type { DescribeProblem } from './schema-validator.ts';

/** Formats with a sentence of their own (the key of each); any other names its format. */
const WORDED_FORMATS: Record<string, string> = { date: 'date', 'date-time': 'dateTime', email: 'email', uri: 'uri' };

/**
 * A failed check in the user's language (`validation.<keyword>` texts): "must be at most 80 characters", "must be a
 * date (YYYY-MM-DD)". The field's title is beside the message on screen, so the message does not repeat it.
 */
export const describeProblem =
  (t: TFunction): DescribeProblem =>
  ({ keyword, params }) => {
    switch (keyword) {
      case 'format': {
        const format = String(params.format);
        return WORDED_FORMATS[format] ? t(`validation.format.${WORDED_FORMATS[format]}`) : t('validation.format', { format });
      }
      case 'enum':
        return t('validation.enum', { values: (params.allowedValues as (string | number)[] | undefined)?.map((v) => optionLabel(t, v)).join(', ') ?? '' });
      case 'type': {
        const type = Array.isArray(params.type) ? params.type.find((x) => x !== 'null') : params.type;
        return t(`validation.type.${type === 'integer' ? 'integer' : type === 'number' ? 'number' : 'other'}`);
      }
      case 'minLength':
        // the common "not empty" (minLength 1) reads better said so
        return params.limit === 1 ? t('validation.notEmpty') : t('validation.minLength', { limit: params.limit });
      case 'maxLength':
      case 'minItems':
      case 'maxItems':
        return t(`validation.${keyword}`, { count: params.limit as number });
      case 'required':
        return t('shell.required');
      case 'minimum':
      case 'maximum':
      case 'exclusiveMinimum':
      case 'exclusiveMaximum':
      case 'uniqueItems':
      case 'pattern':
      case 'additionalProperties':
        return t(`validation.${keyword}`, { limit: params.limit });
      default:
        return t('validation.invalid');
    }
  };
